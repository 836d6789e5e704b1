"""The game engines, pure: no I/O, no clock. ``engine.game(name)`` is the entry point.

>>> import engine
>>> dragon = engine.game("dragon")
>>> state = dragon.new(4, seed=1)
>>> sorted(dragon.to_act(state))  # doctest: +SKIP
[0]
"""

from __future__ import annotations

from importlib import import_module

from engine.errors import AmbiguousMove, IllegalMove, MoveError, OptionError
from engine.protocol import ELSE, PRIVATE_MOVE, Decision, Entry, Game, GameBase, Move, Option, Reading, Result, State

# Name -> module; imported on first use so that loading one game's data does
# not cost the others.
_REGISTRY: dict[str, str] = {
    "dragon": "engine.dragon",
    "china": "engine.china",
    "prodigals": "engine.prodigals",
}


def names() -> list[str]:
    """The registered game names whose module is present."""
    found = []
    for name, module in _REGISTRY.items():
        try:
            import_module(module)
        except ModuleNotFoundError:
            continue
        found.append(name)
    return found


def game(name: str) -> Game:
    """The game registered under ``name``; a clear error names the known ones."""
    key = name.strip().lower()
    if key not in _REGISTRY:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(_REGISTRY))}")
    try:
        module = import_module(_REGISTRY[key])
    except ModuleNotFoundError as exc:
        if exc.name == _REGISTRY[key]:
            raise KeyError(f"game {name!r} is not installed in this build") from exc
        raise
    return module.GAME


__all__ = [
    "AmbiguousMove",
    "ELSE",
    "PRIVATE_MOVE",
    "Entry",
    "Decision",
    "Game",
    "GameBase",
    "IllegalMove",
    "Move",
    "MoveError",
    "Option",
    "OptionError",
    "Reading",
    "Result",
    "State",
    "game",
    "names",
]
