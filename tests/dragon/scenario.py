"""Hand-built positions for the rulebook's worked examples.

A scenario starts from a real game, skips the starting recruitment, and then
overrides exactly what an example fixes (courts, purses, tracks, groups, the
month's event), the way boardgame.io's scenario tests override a set-up.
"""

from __future__ import annotations

import engine
from engine.dragon import data, flow
from engine.dragon.moves import DragonMove
from engine.dragon.state import PERSON, DragonState

GAME = engine.game("dragon")


def month_one(players: int, seed: int = 0, **options: object) -> DragonState:
    """A game at the start of month 1, everyone's starting persons chosen by the first legal move."""
    state = GAME.new(players, seed, options or None)
    while state.phase == "start":
        seat = state.actor
        state = GAME.apply(state, seat, GAME.legal(state, seat)[0])
    return state


def _code(label: str) -> int:
    """A person label; a bare two-level type (``"monk"``) means the young one."""
    return data.CODE_OF_LABEL[label] if label in data.CODE_OF_LABEL else data.CODE_OF_LABEL[f"young {label}"]


def court(state: DragonState, seat: int, *palaces: tuple[int, list[str]], yuan: int | None = None,
          rice: int | None = None, fireworks: int | None = None, track: int | None = None,
          arrival: int | None = None) -> None:
    """Give ``seat`` exactly these palaces (floors, person labels) and goods."""
    player = state.players[seat]
    player.palaces = [(floors, tuple(sorted(_code(p) for p in persons))) for floors, persons in palaces]
    for name, value in (("yuan", yuan), ("rice", rice), ("fireworks", fireworks), ("track", track),
                        ("arrival", arrival)):
        if value is not None:
            setattr(player, name, value)
    state.legal_cache = None


def restart_month(state: DragonState, groups: tuple[tuple[str, ...], ...] | None = None) -> DragonState:
    """Begin the current month's action phase again (turn order re-read), with these groups."""
    state.legal_cache = None
    flow.begin_round(state, state.round)
    if groups is not None:
        state.groups = groups
        state.dragons = [0] * len(groups)
    return state


def event(state: DragonState, name: str) -> DragonState:
    """Strike this month with ``name`` now (Phase 3), as if Phase 2 had just ended."""
    month = state.round
    state.events = state.events[:month - 1] + (name,) + state.events[month:]
    state.phase = PERSON
    state.legal_cache = None
    flow.begin_event(state)
    return state


def play(state: DragonState, seat: int, text: str) -> DragonState:
    """Parse ``text`` as ``seat``'s reply and apply every move of it."""
    for move in GAME.parse(text, state, seat):
        state = GAME.apply(state, seat, move)
    return state


def first_legal(state: DragonState) -> tuple[int, DragonMove]:
    seat = state.actor
    return seat, GAME.legal(state, seat)[0]


def scores(state: DragonState) -> list[int]:
    return [p.score for p in state.players]


def person_phase(state: DragonState) -> DragonState:
    """Jump to this month's Phase 2 (persons), turn order re-read."""
    state.phase = PERSON
    state.order = state.turn_order()
    state.turn = 0
    state.actor = state.order[0]
    state.legal_cache = None
    return state
