"""Every game package has the same layout, and no game's modules import each other in a circle.

The layout is what makes a game easy to find one's way in: the same file
names hold the same kind of thing in every game (the README's Layout section).
"""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import pytest

import engine
from engine.protocol import GameBase
from tests.imports import cycle, graph

ENGINE = Path(engine.__file__).parent
EVERY_GAME_HAS = ("data", "state", "moves", "flow", "determinise", "notation", "views", "greedy", "game")
GAMES = engine.names()
MOVE_FLAGS = {"frozen": True, "eq": True, "order": False, "unsafe_hash": False}
"""The dataclass flags of every game's moves: hashable values equal by their fields, never ordered (nothing
sorts moves, and moves of two kinds could not be ordered anyway); each also ``slots``, so it holds its
fields alone."""


def _graph(name: str) -> dict[str, set[str]]:
    """The game's modules (short names) and which of them each imports."""
    package = f"engine.{name}"
    edges = graph(package)
    short = {module: module.removeprefix(package + ".") for module in edges if module != package}
    return {short[m]: {short[t] for t in targets if t in short} for m, targets in edges.items() if m in short}


def test_every_registered_game_is_present() -> None:
    assert GAMES == ["dragon", "china", "prodigals"]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_common_modules(name: str) -> None:
    present = {p.stem for p in (ENGINE / name).glob("*.py")}
    assert set(EVERY_GAME_HAS) <= present, f"engine/{name}/ lacks {sorted(set(EVERY_GAME_HAS) - present)}"
    assert "rules" not in present, "turn flow is 'flow', the protocol object is the game adapter in 'game'"


@pytest.mark.parametrize("name", GAMES)
def test_no_import_cycle_inside_a_game(name: str) -> None:
    assert cycle(_graph(name)) == []


def test_the_cycle_finder_finds_acycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


@pytest.mark.parametrize("name", GAMES)
def test_the_package_exposes_only_the_adapter(name: str) -> None:
    package = importlib.import_module(f"engine.{name}")
    adapter = importlib.import_module(f"engine.{name}.game")
    assert package.GAME is adapter.GAME is engine.game(name)
    assert isinstance(adapter.GAME, GameBase) and isinstance(adapter.GAME, engine.Game)
    assert _graph(name)["game"] >= {"flow", "determinise", "notation", "views", "greedy"}


@pytest.mark.parametrize("name", GAMES)
def test_every_game_deals_its_hidden_parts_in_determinise(name: str) -> None:
    """Where a game's hidden parts are dealt again is found under the same name in every game."""
    assert callable(importlib.import_module(f"engine.{name}.determinise").determinise)


@pytest.mark.parametrize("name", GAMES)
def test_every_move_is_a_dataclass_with_the_same_flags(name: str) -> None:
    """The moves of every game are made alike, so what holds of one game's moves (a key, quick to make, no
    attribute added by mistake) holds of every game's."""
    module = importlib.import_module(f"engine.{name}.moves")
    moves = [value for value in vars(module).values()
             if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == module.__name__]
    assert moves, f"engine/{name}/moves.py holds no move dataclass"
    for move in moves:
        params = move.__dataclass_params__  # type: ignore[attr-defined]
        assert {flag: getattr(params, flag) for flag in MOVE_FLAGS} == MOVE_FLAGS, move
        assert all("__slots__" in vars(kind) for kind in move.__mro__[:-1]), f"{move} is not slotted throughout"
