"""Random games for every player count: Dragon's invariants after every move, and refusals of impossible moves.

Two thousand games per player count here; ``python -m tests.dragon.soak N``
runs more, with every check on every game. What every game must satisfy
(notation round trip, replay, views, clone) is in ``tests/engine/test_conformance.py``.
"""

from __future__ import annotations

import pytest

from tests.dragon.properties import play_checked
from tests.dragon.scenario import GAME

COUNTS = (2, 3, 4, 5)


@pytest.mark.parametrize("players", COUNTS)
def test_random_games_keep_invariants_and_finish(players: int) -> None:
    for seed in range(2000):
        state, _ = play_checked(players, seed, round_trip=False, probe=False)
        outcome = GAME.result(state)
        assert sorted(outcome.ranks) == list(range(1, players + 1))


@pytest.mark.parametrize("players", COUNTS)
def test_illegal_moves_raise_and_change_nothing(players: int) -> None:
    for seed in range(2000, 2025):
        play_checked(players, seed, round_trip=False, probe=True)
