"""States of a game played by its greedy bot, for the tests that look at many tables (pictures, boards)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import engine


def greedy_states(rules: engine.Game, players: int, seed: int, options: dict[str, Any] | None = None,
                  every: int = 15) -> Iterator[Any]:
    """Every ``every``-th state of a game the greedy bot plays for every seat (the lowest seat due moves
    first), then the finished game."""
    state = rules.new(players, seed, options or {})
    rng = random.Random(seed)
    step = 0
    while rules.result(state) is None:
        if step % every == 0:
            yield state
        seat = min(rules.to_act(state))
        state = rules.apply(state, seat, rules.greedy(state, seat, rng))
        step += 1
    yield state
