"""Who decides before a seat (engine/lookahead.py): only what every future agrees on, never read from hidden parts."""

from __future__ import annotations

import random

import pytest

import engine
from engine.lookahead import SAMPLES, _worlds_differ, seats_before, shows
from tests.engine.hidden import HOOKS

DRAGON = engine.game("dragon")


def _person_phase(players: int, seed: int) -> engine.State:
    state = DRAGON.new(players, seed)
    while DRAGON.decision(state, min(DRAGON.to_act(state))).kind != "person":
        seat = min(DRAGON.to_act(state))
        state = DRAGON.apply(state, seat, DRAGON.legal(state, seat)[0])
    return state


def _replies_until(state: engine.State, seat: int, pick: int) -> list[int]:
    """The seats that reply before ``seat``'s next reply when every choice is the ``pick``-th legal move."""
    work, others = DRAGON.clone(state), []
    last = seat if seat in DRAGON.to_act(work) else None
    while True:
        (mover,) = DRAGON.to_act(work)
        if mover != last:
            if mover == seat:
                return others
            others.append(mover)
            last = mover
        moves = DRAGON.legal(work, mover)
        work = DRAGON.apply(work, mover, moves[pick % len(moves)])


def _person_order(state: engine.State) -> list[int]:
    """The seats that still pick a person this month, in the month's order (the due seat first)."""
    work, order = DRAGON.clone(state), []
    while DRAGON.to_act(work) and DRAGON.decision(work, min(DRAGON.to_act(work))).kind == "person":
        (mover,) = DRAGON.to_act(work)
        if not order or order[-1] != mover:
            order.append(mover)
        work = DRAGON.apply(work, mover, DRAGON.legal(work, mover)[0])
    return order


def test_within_a_dragon_month_the_order_is_certain_and_is_the_one_the_game_plays() -> None:
    state = _person_phase(4, 3)
    order = _person_order(state)
    assert len(order) == 4
    for place, seat in enumerate(order[1:], start=1):  # each picks after the seats before it, whatever they pick
        assert seats_before(DRAGON, state, seat, random.Random(1)) == order[:place]
        assert order[:place] == _replies_until(state, seat, 0) == _replies_until(state, seat, -1)
    # The due seat's next turn is next month, whose order the persons picked now decide: not told.
    assert seats_before(DRAGON, state, order[0], random.Random(1)) is None


def test_a_choice_that_can_change_the_order_is_never_told() -> None:
    """Dragon's starting persons set the first month's order: at the start no seat's next turn is certain."""
    state = DRAGON.new(4, 3)
    (first,) = DRAGON.to_act(state)
    assert seats_before(DRAGON, state, first, random.Random(2)) is None


def test_a_turn_further_than_the_look_is_not_told() -> None:
    state = _person_phase(4, 3)
    last = _person_order(state)[-1]
    before = _person_order(state)[:-1]
    assert seats_before(DRAGON, state, last, random.Random(1), replies=len(before)) is None
    assert seats_before(DRAGON, state, last, random.Random(1), replies=len(before) + 1) == before


@pytest.mark.parametrize("name", ["dragon", "china", "prodigals"])
def test_what_is_told_does_not_change_with_what_the_reader_cannot_see(name: str) -> None:
    game = engine.game(name)
    rng = random.Random(5)
    told = 0
    for seed in range(3):
        state = game.new(4, seed)
        for _ in range(25 + 7 * seed):
            if not game.to_act(state):
                break
            seat = min(game.to_act(state))
            moves = game.legal(state, seat)
            state = game.apply(state, seat, moves[rng.randrange(len(moves))])
        for viewer in range(4):
            other = game.clone(state)
            HOOKS[name].perturb(other, viewer, random.Random(9))
            assert game.view(other, viewer) == game.view(state, viewer)
            before = seats_before(game, state, viewer, random.Random(3))
            assert before == seats_before(game, other, viewer, random.Random(3))
            told += before is not None
    assert told, f"{name}: no seat was ever told who comes before it, so the check saw nothing"


CHINA = engine.game("china")


def _china_turns(seed: int) -> list[tuple[engine.State, int, list[engine.Move]]]:
    """Every whole turn of a greedy 4-player China game: the state before it, its seat and its moves."""
    state, rng, turns = CHINA.new(4, seed), random.Random(seed), []
    while CHINA.result(state) is None:
        seat, work, moves = min(CHINA.to_act(state)), CHINA.clone(state), []
        while seat in CHINA.to_act(work) and CHINA.result(work) is None:
            moves.append(CHINA.greedy(work, seat, rng))
            work = CHINA.apply(work, seat, moves[-1])
        turns.append((state, seat, moves))
        state = work
    return turns


def test_a_card_drawn_from_the_deck_shows_the_drawer_something_and_a_display_card_does_not() -> None:
    """The deck's top card is seen by the drawer alone; a display card and the display's refill by everyone."""
    from_deck = from_display = 0
    for state, seat, moves in _china_turns(2):
        draws = [CHINA.format(move) for move in moves if CHINA.format(move).startswith("draw ")]
        if not draws:
            continue
        if "draw deck" in draws:
            assert shows(CHINA, state, seat, moves, random.Random(1)), draws
            from_deck += 1
        else:
            assert not shows(CHINA, state, seat, moves, random.Random(1)), draws
            from_display += 1
    assert from_deck and from_display, (from_deck, from_display)


def test_the_moves_of_a_turn_before_its_draw_show_nothing_and_the_state_is_left_as_it_was() -> None:
    state, seat, moves = next((s, seat, m) for s, seat, m in _china_turns(3)
                              if "draw deck" in [CHINA.format(move) for move in m])
    placing = [move for move in moves if not CHINA.format(move).startswith("draw ")]
    assert placing and len(placing) < len(moves)
    before = CHINA.view(state, None), [CHINA.view(state, other) for other in range(4)]
    assert not shows(CHINA, state, seat, placing, random.Random(1))
    assert shows(CHINA, state, seat, moves, random.Random(1))
    assert (CHINA.view(state, None), [CHINA.view(state, other) for other in range(4)]) == before


def test_no_dragon_reply_shows_its_writer_anything_of_its_own() -> None:
    """Dragon's hidden parts are the months' action cards to come and the others' release orders: a new
    month's cards are shown to everyone at once, so a whole game's replies never show a writer anything alone."""
    assert not DRAGON.SHOWS_ONE_SEAT  # what lets ``shows`` answer without the look: held to the look here
    state, rng, replies = DRAGON.new(4, 1), random.Random(1), 0
    while DRAGON.result(state) is None:
        seat, work, moves = min(DRAGON.to_act(state)), DRAGON.clone(state), []
        while seat in DRAGON.to_act(work) and DRAGON.result(work) is None:
            moves.append(DRAGON.greedy(work, seat, rng))
            work = DRAGON.apply(work, seat, moves[-1])
        assert not _worlds_differ(DRAGON, state, seat, moves, random.Random(replies), SAMPLES), \
            [DRAGON.format(m) for m in moves]
        assert not shows(DRAGON, state, seat, moves, random.Random(replies))
        state, replies = work, replies + 1
    assert replies > 50
