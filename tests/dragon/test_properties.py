"""Random games for every player count: invariants after every move, replay, notation, refusals.

Two thousand games per player count here; ``python -m tests.dragon.soak N``
runs more, with every check on every game.
"""

from __future__ import annotations

import json

import pytest

from engine import bots
from tests.dragon.properties import play_checked, replay, snapshot
from tests.dragon.scenario import GAME

COUNTS = (2, 3, 4, 5)


@pytest.mark.parametrize("players", COUNTS)
def test_random_games_keep_invariants_and_finish(players: int) -> None:
    for seed in range(2000):
        state, _ = play_checked(players, seed, round_trip=False, probe=False)
        outcome = GAME.result(state)
        assert sorted(outcome.ranks) == list(range(1, players + 1))


@pytest.mark.parametrize("players", COUNTS)
def test_every_legal_move_round_trips_through_notation(players: int) -> None:
    for seed in range(1000, 1012):
        play_checked(players, seed, round_trip=True, probe=False)


@pytest.mark.parametrize("players", COUNTS)
def test_illegal_moves_raise_and_change_nothing(players: int) -> None:
    for seed in range(2000, 2025):
        play_checked(players, seed, round_trip=False, probe=True)


@pytest.mark.parametrize("players", COUNTS)
def test_replaying_the_log_reproduces_the_state(players: int) -> None:
    for seed in range(3000, 3040):
        state, log = play_checked(players, seed, round_trip=False, probe=False)
        assert snapshot(replay(players, seed, log)) == snapshot(state)


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    first = bots.play(GAME, 4, 77)
    again = bots.play(GAME, 4, 77)
    assert first.moves == again.moves and snapshot(first.state) == snapshot(again.state)
    assert GAME.new(4, 77).deals != GAME.new(4, 78).deals


def test_views_are_json_and_renders_fit_in_80_columns() -> None:
    for players in COUNTS:
        def look(state: object, seat: int, move: object) -> None:
            for viewer in [None, *range(players)]:
                json.dumps(GAME.view(state, viewer))
                assert max(len(line) for line in GAME.render(state, viewer).splitlines()) <= 80
        bots.play(GAME, players, 11, on_move=look)


def test_clone_is_independent() -> None:
    state = GAME.new(3, 5)
    copy = GAME.clone(state)
    seat = state.actor
    GAME.apply(copy, seat, GAME.legal(copy, seat)[0])
    assert snapshot(state) == snapshot(GAME.new(3, 5))
