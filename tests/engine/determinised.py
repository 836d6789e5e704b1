"""Checks every game's ``determinise`` is held to; each game's test file adds what its rules hide.

A determinised state must look the same to its seat as the real one, leave
the real one alone, be a real game that plays to its end, and depend only on
what the seat sees and on the generator: the game's ``perturb`` hook
(``tests/engine/hidden.py``) changes everything the seat may not see, which
must not change the result.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import engine
from engine import bots
from tests.engine.hidden import HOOKS


def sampled_states(game: engine.Game, players: int, seed: int, samples: int) -> list[Any]:
    """Copies of the states at ``samples`` points spread evenly over a random game, the first and last included."""
    states = [game.new(players, seed)]
    bots.play(game, players, seed, on_move=lambda state, seat, move: states.append(game.clone(state)))
    step = (len(states) - 1) / (samples - 1)
    return [states[round(i * step)] for i in range(samples)]


def viewers(players: int) -> list[int | None]:
    return [None, *range(players)]


def check_same_face(game: engine.Game, state: Any, players: int, snapshot: Callable[[Any], Any]) -> None:
    """For every seat and a spectator: the same view, a new object, and ``state`` as it was."""
    before = snapshot(state)
    for seat in viewers(players):
        new = game.determinise(state, seat, random.Random(seat))
        assert new is not state
        assert game.view(new, seat) == game.view(state, seat), f"seat {seat} can tell the determinised state"
        assert game.render(new, seat) == game.render(state, seat), f"seat {seat}'s board differs"
        assert game.to_act(new) == game.to_act(state)
        assert snapshot(state) == before, "determinise changed its argument"


def check_blind_to_hidden(game: engine.Game, state: Any, players: int, snapshot: Callable[[Any], Any],
                          perturbs: list[Callable[[Any, int | None], None]]) -> None:
    """Each perturbation of what a seat may not see leaves its determinised state the same, rng for rng."""
    for seat in viewers(players):
        expected = snapshot(game.determinise(state, seat, random.Random(11)))
        for perturb in perturbs:
            changed = game.clone(state)
            perturb(changed, seat)
            assert game.view(changed, seat) == game.view(state, seat), "the perturbation changed what is seen"
            got = snapshot(game.determinise(changed, seat, random.Random(11)))
            assert got == expected, f"seat {seat}'s determinised state follows what it cannot see"


def hooks_perturb(name: str) -> Callable[[Any, int | None], None]:
    """The conformance suite's perturbation of what ``seat`` may not see (a spectator: as seat 0 would not)."""
    return lambda state, seat: HOOKS[name].perturb(state, 0 if seat is None else seat, random.Random(3))


def check_reproducible(game: engine.Game, state: Any, players: int, snapshot: Callable[[Any], Any]) -> None:
    for seat in viewers(players):
        first = game.determinise(state, seat, random.Random(5))
        assert snapshot(first) == snapshot(game.determinise(state, seat, random.Random(5)))


def play_to_end(game: engine.Game, state: Any, rng: random.Random) -> Any:
    """Random legal moves on ``state`` until the game is over; the final state."""
    for _ in range(HOOKS[game.name].max_decisions):
        due = game.to_act(state)
        if not due:
            assert game.result(state) is not None, "the game stopped without a result"
            return state
        seat = min(due)
        state = game.apply(state, seat, bots.random(game, state, seat, rng))
    raise AssertionError(f"no end within {HOOKS[game.name].max_decisions} decisions")
