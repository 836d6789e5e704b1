"""determinise: a state the seat cannot tell from the real one, its hidden parts dealt again from the rng alone."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Iterator

import pytest

from engine import bots
from engine.prodigals.state import State
from tests.engine.hidden import HOOKS
from tests.prodigals.scenario import COMBINATIONS, GAME


def _points(players: int, seed: int, every: int = 9) -> Iterator[State]:
    """States of a random game (every ``every``-th decision and each one stopped inside a unit of another seat)."""
    state = GAME.new(players, seed, {"competitions": COMBINATIONS[seed % len(COMBINATIONS)]})
    rng = random.Random(seed)
    made = 0
    while GAME.to_act(state):
        if made % every == 0 or (state.pending is not None and made % 3 == 0):
            yield state.clone()
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, bots.random(GAME, state, seat, rng))
        made += 1


SETUPS = [(players, seed) for players in (2, 3, 4, 5) for seed in (0, 1)]


def _components(state: State) -> Counter[str]:
    """Every card and tile of the state, wherever it lies (a pending unit's snapshot aside)."""
    found: Counter[str] = Counter()
    for pile in [*state.decks.values(), state.central_deck, *state.sets.values(), state.board_tiles,
                 state.possession_stack, state.political_stack, state.canvass, state.beatrice_stack, state.removed,
                 list(state.set_tiles.values()), [state.central_card, state.beatrice]]:
        found.update(pile)
    for player in state.players:
        for pile in (player.hand, player.board, player.played, player.possessions, [player.drawn_tile],
                     [t for t, _ in player.grid.values()]):
            found.update(pile)
    del found[""]
    return found


@pytest.mark.parametrize(("players", "seed"), SETUPS)
def test_each_seat_sees_the_same_and_nothing_else_changes(players: int, seed: int) -> None:
    for k, state in enumerate(_points(players, seed)):
        before = state.clone()
        for seat in (None, *range(players)):
            dealt = GAME.determinise(state, seat, random.Random(k))
            assert GAME.view(dealt, seat) == GAME.view(state, seat), f"seat {seat} can tell (decision {k})"
            assert _components(dealt) == _components(state), "a card or tile was lost or doubled"
            assert GAME.to_act(dealt) == GAME.to_act(state)
        assert state == before, "determinise changed its argument"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_hidden_parts_are_dealt_again(players: int) -> None:
    seat = 0
    state = next(s for s in _points(players, 3) if all(p.hand for p in s.players if p.seat != seat))
    others = [p.seat for p in state.players if p.seat != seat]
    deals = [GAME.determinise(state, seat, random.Random(k)) for k in range(5)]
    assert any([d.players[o].hand for o in others] != [state.players[o].hand for o in others] for d in deals)
    assert any(d.decks != state.decks for d in deals)
    assert any(d.political_stack != state.political_stack or d.beatrice_stack != state.beatrice_stack for d in deals)
    assert all(d.players[seat].hand == state.players[seat].hand for d in deals), "the seat's own hand is seen"


def test_the_same_rng_seed_gives_the_same_state() -> None:
    for k, state in enumerate(_points(4, 1)):
        for seat in (None, 2):
            assert GAME.determinise(state, seat, random.Random(7)) == GAME.determinise(state, seat, random.Random(7))


def test_states_differing_only_in_hidden_parts_give_the_same_deal() -> None:
    """A search bot's choice must not change when only what its seat cannot see does."""
    checked = 0
    for state in _points(4, 0, every=5):
        if state.pending is not None:
            continue
        hands = [p for p in state.players if p.seat != 0 and p.hand]
        if len(hands) < 2:
            continue
        other = state.clone()
        a, b = other.players[hands[0].seat], other.players[hands[1].seat]
        a.hand[0], b.hand[-1] = b.hand[-1], a.hand[0]
        for deck in other.decks.values():
            random.Random(1).shuffle(deck)
        random.Random(2).shuffle(other.political_stack)
        random.Random(3).shuffle(other.removed)
        assert other != state and GAME.view(other, 0) == GAME.view(state, 0)
        for seat in (0, None):
            assert GAME.determinise(other, seat, random.Random(11)) == GAME.determinise(state, seat, random.Random(11))
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (5, 3)])
def test_a_dealt_state_plays_to_the_end(players: int, seed: int) -> None:
    for k, state in enumerate(_points(players, seed, every=40)):
        dealt = GAME.determinise(state, k % players, random.Random(k))
        rng = random.Random(k)
        for _ in range(20_000):
            due = GAME.to_act(dealt)
            if not due:
                break
            seat = min(due)
            GAME.apply(dealt, seat, bots.random(GAME, dealt, seat, rng))
        assert not GAME.to_act(dealt) and GAME.result(dealt) is not None


def test_inside_another_seats_unit_a_reshuffled_deck_gives_the_same_deal() -> None:
    """The unit is replayed from its snapshot, so the snapshot's decks are reshuffled with the state's."""
    checked = 0
    for state in _points(4, 1, every=1000):
        pending = state.pending
        if pending is None or pending.root[0] in ("discard", "compensate"):
            continue
        seat = (pending.seat + 1) % 4
        other = state.clone()
        snapshot = pending.snapshot.clone()
        for key, deck in other.decks.items():
            random.Random(checked).shuffle(deck)
            if len(snapshot.decks[key]) == len(deck):
                snapshot.decks[key] = deck[:]
        other.pending = replace(pending, snapshot=snapshot)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert GAME.determinise(other, seat, random.Random(5)) == GAME.determinise(state, seat, random.Random(5))
        checked += 1
    assert checked >= 10


def _pending_points(players: int, seed: int) -> Iterator[State]:
    """The states of a random game stopped at a question (every third one)."""
    return (s for k, s in enumerate(p for p in _points(players, seed, every=10**9) if p.pending is not None)
            if k % 3 == 0)


def _same_deal(state: State, other: State, seat: int | None, seed: int) -> None:
    """``state`` and ``other`` give equal determinised states, the pending unit's snapshot and choices included."""
    a = vars(GAME.determinise(state, seat, random.Random(seed)))
    b = vars(GAME.determinise(other, seat, random.Random(seed)))
    assert a == b, f"seat {seat}'s deal follows what it cannot see: {sorted(k for k in a if a[k] != b[k])}"


def _swap_hands(state: State, seats: list[int]) -> bool:
    """Swap one card between the hands of two of ``seats`` that hold different cards; whether there were two."""
    hands = [state.players[s].hand for s in seats if state.players[s].hand]
    for i, first in enumerate(hands):
        for second in hands[i + 1:]:
            if first[0] != second[-1]:
                first[0], second[-1] = second[-1], first[0]
                return True
    return False


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p in (2, 3, 4, 5) for s in (0, 1, 2)])
def test_with_a_question_pending_what_the_seat_cannot_see_does_not_change_the_deal(players: int, seed: int) -> None:
    """The unit is replayed from a snapshot the perturbation leaves as it was: the deal must not pair the two."""
    checked = 0
    for k, state in enumerate(_pending_points(players, seed)):
        for seat in (None, *range(players)):
            other = state.clone()
            HOOKS["prodigals"].perturb(other, 0 if seat is None else seat, random.Random(k))
            assert GAME.view(other, seat) == GAME.view(state, seat)
            _same_deal(state, other, seat, k)
            checked += 1
    assert checked >= 2 * (players + 1)


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p in (3, 4, 5) for s in (0, 1, 2)])
def test_with_a_question_pending_cards_swapped_between_other_hands_give_the_same_deal(players: int, seed: int) -> None:
    """Swapped in the state alone, and in the state and the unit's snapshot together (hands the unit leaves alone)."""
    swapped = both = 0
    for k, state in enumerate(_pending_points(players, seed)):
        pending = state.pending
        assert pending is not None
        for seat in (None, *range(players)):
            hidden = [p.seat for p in state.players if p.seat != seat]
            other = state.clone()
            if _swap_hands(other, hidden):
                assert GAME.view(other, seat) == GAME.view(state, seat)
                _same_deal(state, other, seat, k)
                swapped += 1
            untouched = [s for s in hidden if s != pending.seat]
            other, snapshot = state.clone(), pending.snapshot.clone()
            if _swap_hands(other, untouched) and _swap_hands(snapshot, untouched):
                other.pending = replace(pending, snapshot=snapshot)
                assert GAME.view(other, seat) == GAME.view(state, seat)
                _same_deal(state, other, seat, k)
                both += 1
    assert swapped >= 2 * players and both >= 2
