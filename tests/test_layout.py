"""The service's tree is its architecture: rooms as folders, no import cycles, simulations beside the service.

A newcomer finds where a change goes from the folder names (the README's
Layout says the same), so ``pbem/`` keeps only a few modules at its top; no
module of ``pbem/`` or ``tournaments/`` imports itself in a circle; and the
simulations and benchmarks import the service but nothing that runs a league
imports them; no class of the service, the engine or the tournaments is longer
than 250 lines.
"""

from __future__ import annotations

import ast
import re

from tests.imports import ROOT, cycle, graph, modules

PBEM = ROOT / "pbem"
ROOMS = ("mail", "play", "language", "tournament", "admin", "ops", "simulation", "cli")
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


def test_no_import_cycle_in_the_service_or_the_tournaments() -> None:
    assert cycle(graph("pbem", "tournaments")) == []


def test_the_cycle_finder_reads_a_cycle_from_source(tmp_path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def f():\n    from pkg.a import thing\n")  # inside a function counts too
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n")
    edges = graph("pkg", root=tmp_path)
    assert edges["pkg.c"] == set()
    assert cycle(edges) == ["pkg.a", "pkg.b", "pkg.a"]


def test_nothing_that_runs_a_league_imports_the_simulations() -> None:
    edges = graph("pbem")
    importers = sorted(module for module, targets in edges.items()
                       if not module.startswith(("pbem.simulation", "pbem.cli"))
                       and any(t.startswith("pbem.simulation") for t in targets))
    assert importers == []
    from_cli = sorted(m for m, targets in edges.items() if m.startswith("pbem.cli")
                      and any(t.startswith("pbem.simulation") for t in targets))
    assert from_cli == ["pbem.cli.demo", "pbem.cli.main"]  # the two commands that run them, and the mount


def test_no_class_in_pbem_engine_or_tournaments_is_longer_than_250_lines() -> None:
    """A class a reader cannot hold in mind at once is several responsibilities; each gets its own."""
    long = [f"{path.relative_to(ROOT)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in modules("pbem", "engine", "tournaments").values()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > LONGEST_CLASS]
    assert long == []


def test_readme_paths_of_pbem_exist() -> None:
    """Every ``pbem/…`` path the README names is in the tree, so the Layout cannot drift from it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = {path for path in re.findall(r"`(pbem/[\w/.]+?)/?`", readme) if not re.search(r"[A-Z]", path)}
    assert named and [path for path in sorted(named) if not (ROOT / path).exists()] == []
