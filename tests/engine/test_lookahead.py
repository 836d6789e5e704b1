"""Who decides next (engine/lookahead.py): only what every future agrees on, never read from hidden parts."""

from __future__ import annotations

import random

import pytest

import engine
from engine.lookahead import coming_replies, next_after
from tests.engine.hidden import HOOKS


def test_next_after_counts_from_the_seats_next_reply() -> None:
    assert next_after([1, 2, 0, 1], 1) == [2, 0]  # due now: its next reply is the one after these
    assert next_after([2, 0, 1, 2], 1) == [2, 0]
    assert next_after([2, 1], 2) is None  # not among the coming replies
    assert next_after([0, 1], 0) is None
    assert next_after([], 0) is None


def test_within_a_dragon_month_the_order_is_certain_and_matches_the_game() -> None:
    game = engine.game("dragon")
    state = game.new(4, 3)
    while game.decision(state, min(game.to_act(state))).kind != "person":
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.legal(state, seat)[0])
    coming = coming_replies(game, state, None, random.Random(1))
    assert len(coming) >= 4  # the four persons, in the month's turn order, whatever anyone recruits
    played = []
    work = game.clone(state)
    while len(played) < 4:
        seat = min(game.to_act(work))
        if not played or played[-1] != seat:
            played.append(seat)
        work = game.apply(work, seat, game.legal(work, seat)[-1])
    assert coming[:4] == played


def test_a_choice_that_changes_the_order_ends_what_is_said() -> None:
    """Dragon's starting persons set the first month's order: from the start only the start order is certain."""
    game = engine.game("dragon")
    state = game.new(4, 3)
    coming = coming_replies(game, state, 0, random.Random(2))
    assert 1 <= len(coming) < 6
    assert len(set(coming)) == len(coming)  # no seat's second reply: the month's order is not known yet


@pytest.mark.parametrize("name", ["dragon", "china", "prodigals"])
def test_what_is_said_does_not_change_with_what_the_reader_cannot_see(name: str) -> None:
    game = engine.game(name)
    state = game.new(4, 5)
    rng = random.Random(5)
    for _ in range(25):
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.legal(state, seat)[rng.randrange(len(game.legal(state, seat)))])
    for viewer in range(4):
        other = game.clone(state)
        HOOKS[name].perturb(other, viewer, random.Random(9))
        assert game.view(other, viewer) == game.view(state, viewer)
        assert coming_replies(game, state, viewer, random.Random(3)) == coming_replies(game, other, viewer,
                                                                                       random.Random(3))
