"""Every game package has the same layout, and no game's modules import each other in a circle.

The layout is what makes a game easy to find one's way in: the same file
names hold the same kind of thing in every game (the README's Layout section).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import engine
from engine.protocol import GameBase

ENGINE = Path(engine.__file__).parent
EVERY_GAME_HAS = ("data", "state", "moves", "flow", "notation", "views", "greedy", "game")
GAMES = engine.names()


def _imports(package: str, path: Path) -> set[str]:
    """The modules of ``package`` that the module at ``path`` imports, at any depth of the file."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == package:
                found.update(alias.name for alias in node.names)
            elif node.module.startswith(package + "."):
                found.add(node.module.removeprefix(package + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix(package + ".").split(".")[0] for a in node.names
                         if a.name.startswith(package + "."))
    return found


def _graph(name: str) -> dict[str, set[str]]:
    folder = ENGINE / name
    modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    return {m: _imports(f"engine.{name}", folder / f"{m}.py") & modules for m in modules}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle in ``graph`` (its modules in order), or [] if there is none."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = "done"
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_every_registered_game_is_present() -> None:
    assert GAMES == ["dragon", "china", "prodigals"]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_common_modules(name: str) -> None:
    present = {p.stem for p in (ENGINE / name).glob("*.py")}
    assert set(EVERY_GAME_HAS) <= present, f"engine/{name}/ lacks {sorted(set(EVERY_GAME_HAS) - present)}"
    assert "rules" not in present, "turn flow is 'flow', the protocol object is the game adapter in 'game'"


@pytest.mark.parametrize("name", GAMES)
def test_no_import_cycle_inside_a_game(name: str) -> None:
    assert _cycle(_graph(name)) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


@pytest.mark.parametrize("name", GAMES)
def test_the_package_exposes_only_the_adapter(name: str) -> None:
    package = importlib.import_module(f"engine.{name}")
    adapter = importlib.import_module(f"engine.{name}.game")
    assert package.GAME is adapter.GAME is engine.game(name)
    assert isinstance(adapter.GAME, GameBase) and isinstance(adapter.GAME, engine.Game)
    assert _graph(name)["game"] >= {"flow", "notation", "views", "greedy"}
