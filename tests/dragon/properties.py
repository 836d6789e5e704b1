"""Checks shared by the property tests and the long soak run (``python -m tests.dragon.soak``)."""

from __future__ import annotations

import random
from typing import Any

from engine import IllegalMove
from engine.dragon import data
from engine.dragon.moves import Action, Build, DragonMove, PlayCard, Recruit, Release, Start
from engine.dragon.state import DragonState
from tests.dragon.scenario import GAME

# Moves no position ever allows, to probe that apply refuses them and changes nothing.
NEVER_LEGAL: tuple[DragonMove, ...] = (
    Action(9, "tax"), Build(((1, 9),), ()), Recruit("monk", "old farmer", 1), Release("old monk", 99),
    Start("monk", "monk", 1, 1), PlayCard("dragon"),
)


def snapshot(state: DragonState) -> tuple[Any, ...]:
    """Every field of the state (not the legal-move cache), for equality checks."""
    players = tuple(tuple(repr(getattr(p, slot)) for slot in p.__slots__) for p in state.players)
    return (players,) + tuple(repr(getattr(state, s)) for s in state.__slots__ if s not in ("players", "legal_cache"))


def check_invariants(state: DragonState, before: DragonState | None, start_supply: list[int]) -> None:
    """Palaces, tracks, goods and person-tile conservation (issue 2, section 4)."""
    in_palaces = [0] * len(data.KINDS)
    for seat, player in enumerate(state.players):
        for floors, persons in player.palaces:
            assert 1 <= floors <= data.MAX_FLOORS, (seat, player.palaces)
            assert len(persons) <= floors, (seat, player.palaces)
            for code in persons:
                in_palaces[code] += 1
        assert min(player.yuan, player.rice, player.fireworks, player.small, player.large) >= 0
        assert all(n >= 0 for n in player.cards)
        if before is not None:
            old = before.players[seat]
            assert player.track >= old.track, "a person marker moved back"
            assert player.score >= old.score, "a score marker moved back"
    for code in data.CODES:
        assert state.supply[code] >= 0
        assert state.supply[code] + in_palaces[code] + state.gone[code] == start_supply[code], data.LABEL[code]


def play_checked(players: int, seed: int, round_trip: bool, probe: bool) -> tuple[DragonState, list[tuple[int, DragonMove]]]:
    """One random game, checking invariants after every move; optionally every notation round trip
    and that illegal moves (wrong seat, impossible moves) raise and change nothing."""
    rng = random.Random(seed * 7919 + players)
    state = GAME.new(players, seed)
    start_supply = list(state.supply)
    log: list[tuple[int, DragonMove]] = []
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        moves = GAME.legal(state, seat)
        assert moves, "a seat owes a decision but has no legal move"
        if round_trip:
            for move in moves:
                assert GAME.parse(GAME.format(move), state, seat) == [move], GAME.format(move)
        if probe:
            _probe(state, seat, moves, rng)
        before = GAME.clone(state)
        move = moves[rng.randrange(len(moves))]
        state = GAME.apply(state, seat, move)
        log.append((seat, move))
        check_invariants(state, before, start_supply)
    assert GAME.result(state) is not None
    return state, log


def _probe(state: DragonState, seat: int, moves: list[DragonMove], rng: random.Random) -> None:
    frozen = snapshot(state)
    other = (seat + 1) % len(state.players)
    tries: list[tuple[int, DragonMove]] = [(other, moves[0]), (len(state.players) + 3, moves[0])]
    tries += [(seat, rng.choice(NEVER_LEGAL))]
    for who, move in tries:
        try:
            GAME.apply(state, who, move)
        except IllegalMove as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{GAME.format(move)} by seat {who} was accepted")
        assert snapshot(state) == frozen, "an illegal move changed the state"


def replay(players: int, seed: int, log: list[tuple[int, DragonMove]]) -> DragonState:
    state = GAME.new(players, seed)
    for seat, move in log:
        state = GAME.apply(state, seat, move)
    return state
