"""The service's tree is its architecture: rooms as folders on floors, imports that only point down, no cycles.

A newcomer finds where a change goes from the folder names (the README's
Layout says the same), so ``pbem/`` keeps only a few modules at its top. The
rooms stand on floors (:data:`FLOORS`, the README's order): a module imports
its own room and the floors below, never a floor above, so a change to a
lower floor never has to know who stands on it. ``TYPE_CHECKING`` imports
count (:mod:`tests.imports`). No module of ``pbem/``, ``engine/`` or
``tournaments/`` imports itself in a circle, and the simulations import the
service but nothing that runs a league imports them. No class of the service,
the engine or the tournaments is longer than 250 lines.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.imports import ROOT, cycle, graph, modules

PBEM = ROOT / "pbem"
FLOORS: tuple[tuple[str, ...], ...] = (
    ("clock", "addresses", "language"),
    ("ops",),
    ("mail",),
    ("play",),
    ("tournament",),
    ("app",),
    ("serve",),
    ("admin",),
    ("simulation",),
    ("cli",),
    ("__main__",),
)
"""The floors of ``pbem/``, lowest first: its rooms (folders) and the few modules at its top. A module may
import from its own floor's rooms and from lower floors only; the README's Layout lists them in this order."""

ROOMS = ("mail", "play", "language", "tournament", "admin", "ops", "serve", "simulation", "cli")
"""The folders of ``pbem/``, each one concern; the README's Layout names each of them."""

MOST_AT_TOP = 12
LONGEST_CLASS = 250


def test_pbem_is_rooms_with_few_modules_at_its_top() -> None:
    top = sorted(p.name for p in PBEM.glob("*.py"))
    assert len(top) <= MOST_AT_TOP, top
    folders = sorted(p.name for p in PBEM.iterdir() if (p / "__init__.py").is_file())
    assert folders == sorted(ROOMS)


def test_the_readme_layout_names_every_room() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout"):readme.index("\n## ", readme.index("## Layout") + 1)]
    missing = [room for room in ROOMS if f"`{room}/`" not in layout]
    assert missing == []


def _unit(module: str) -> str:
    """The room (``pbem.play.chain``: play) or top module (``pbem.app``: app) a module of pbem belongs to."""
    return module.split(".")[1]


def test_every_room_and_top_module_stands_on_one_floor() -> None:
    units = [unit for floor in FLOORS for unit in floor]
    present = set(ROOMS) | {path.stem for path in PBEM.glob("*.py") if path.stem != "__init__"}
    assert sorted(units) == sorted(present)


def _upward(root: Path = ROOT) -> list[str]:
    """Every import of a module of ``pbem`` under ``root`` from a floor above the module's own."""
    floor = {unit: number for number, units in enumerate(FLOORS) for unit in units}
    return sorted(f"{module} -> {target}" for module, targets in graph("pbem", root=root).items() if module != "pbem"
                  for target in targets if target != "pbem" and floor[_unit(target)] > floor[_unit(module)])


def test_no_module_of_the_service_imports_a_floor_above_its_own() -> None:
    assert _upward() == []


def test_the_floor_check_sees_an_import_only_for_type_checking(tmp_path: Path) -> None:
    package = tmp_path / "pbem"
    for room in ("mail", "cli"):
        (package / room).mkdir(parents=True)
        (package / room / "__init__.py").write_text("")
    for path in (package / "__init__.py", package / "clock.py", package / "cli" / "main.py"):
        path.write_text("")
    (package / "mail" / "tokens.py").write_text("from typing import TYPE_CHECKING\n\nfrom pbem import clock\n")
    assert _upward(tmp_path) == []
    (package / "mail" / "tokens.py").write_text("from typing import TYPE_CHECKING\n\nfrom pbem import clock\n"
                                                "if TYPE_CHECKING:\n    from pbem.cli.main import app\n")
    assert _upward(tmp_path) == ["pbem.mail.tokens -> pbem.cli.main"]


def test_no_import_cycle_in_the_service_the_engine_or_the_tournaments() -> None:
    assert cycle(graph("pbem", "engine", "tournaments")) == []


def test_the_cycle_finder_reads_a_cycle_from_source(tmp_path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def f():\n    from pkg.a import thing\n")  # inside a function counts too
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n")
    edges = graph("pkg", root=tmp_path)
    assert edges["pkg.c"] == {"pkg.a"}  # under TYPE_CHECKING counts too
    assert cycle(edges) == ["pkg.a", "pkg.b", "pkg.a"]
    (package / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import c\n")
    (package / "b.py").write_text("")
    assert cycle(graph("pkg", root=tmp_path)) == ["pkg.a", "pkg.c", "pkg.a"]


def test_nothing_that_runs_a_league_imports_the_simulations() -> None:
    edges = graph("pbem")
    importers = sorted(module for module, targets in edges.items()
                       if not module.startswith(("pbem.simulation", "pbem.cli"))
                       and any(t.startswith("pbem.simulation") for t in targets))
    assert importers == []
    from_cli = sorted(m for m, targets in edges.items() if m.startswith("pbem.cli")
                      and any(t.startswith("pbem.simulation") for t in targets))
    assert all(module == "pbem.cli.demo" or module.startswith("pbem.cli.bench.") for module in from_cli), from_cli
    assert "pbem.cli.demo" in from_cli  # the commands that run them: pbem demo and the benchmarks


def test_no_class_in_pbem_engine_or_tournaments_is_longer_than_250_lines() -> None:
    """A class a reader cannot hold in mind at once is several responsibilities; each gets its own."""
    long = [f"{path.relative_to(ROOT)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in modules("pbem", "engine", "tournaments").values()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > LONGEST_CLASS]
    assert long == []


def test_the_tests_mirror_the_rooms() -> None:
    """A room's tests are in the test folder of its name, so a change and its tests are found the same way."""
    tests = ROOT / "tests"
    assert [room for room in ROOMS if not (tests / room / "__init__.py").is_file()] == []
    assert not (tests / "service_tournament").exists() and not (tests / "bench").exists()


def test_readme_paths_of_pbem_exist() -> None:
    """Every ``pbem/…`` path the README names is in the tree, so the Layout cannot drift from it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = {path for path in re.findall(r"`(pbem/[\w/.]+?)/?`", readme) if not re.search(r"[A-Z]", path)}
    assert named and [path for path in sorted(named) if not (ROOT / path).exists()] == []


def test_no_test_listens_on_pbems_default_listen(tmp_path: Path) -> None:
    """A running league holds ``listen`` as ``pbem init`` wrote it: the settings tests build listen elsewhere, and
    the guard every test runs under (tests/support/ports.py) refuses a listener or child server on it."""
    import asyncio

    import pytest

    from pbem.ops.config import Settings
    from pbem.serve.listener import Listener
    from tests.support.loop import make_settings
    from tests.support.ports import DEFAULT_LISTEN, DefaultListen
    from tests.support.serverproc import ServerProcess
    from tests.tournament.conftest import make_settings as tournament_settings

    assert DEFAULT_LISTEN in (ROOT / "pbem" / "ops" / "config.py").read_text(encoding="utf-8")
    assert DEFAULT_LISTEN not in (make_settings(tmp_path).listen, tournament_settings(tmp_path).listen)
    with pytest.raises(DefaultListen):
        asyncio.run(Listener(Settings(), lambda *args: None).start())  # type: ignore[arg-type]
    with pytest.raises(DefaultListen):
        ServerProcess({"PBEM_DATABASE_URL": f"sqlite:///{tmp_path / 'pbem.db'}"})
