"""``determinise`` for China: the other hands and the deck order are dealt again (D18), nothing else changes."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

import engine
from engine.china import flow
from engine.china.state import State
from tests.engine.determinised import (
    check_blind_to_hidden, check_reproducible, check_same_face, hooks_perturb, play_to_end, sampled_states, viewers,
)

GAME = engine.game("china")
GAMES = [(players, seed) for players in (3, 4, 5) for seed in (1, 2)]
SAMPLES = 5


def snapshot(state: State) -> State:
    """A copy to compare with: ``State`` is a dataclass, so equal states compare equal."""
    return state.copy()


def cards(state: State) -> Counter[int]:
    """Every card still in play, wherever it lies."""
    held = Counter(state.deck) + Counter(c for c in state.display if c is not None)
    for pile in [*state.hands, state.discard]:
        held.update({c: n for c, n in enumerate(pile) if n})
    return held


@pytest.fixture(scope="module")
def points() -> list[tuple[int, State]]:
    return [(players, state) for players, seed in GAMES for state in sampled_states(GAME, players, seed, SAMPLES)]


def test_the_seat_cannot_tell_it_apart_and_the_real_state_is_left_alone(points) -> None:
    for players, state in points:
        check_same_face(GAME, state, players, snapshot)


def test_only_the_cards_the_seat_cannot_locate_move(points) -> None:
    for players, state in points:
        for seat in viewers(players):
            new = GAME.determinise(state, seat, random.Random(9))
            assert cards(new) == cards(state), "the cards are not those of the game"
            assert [sum(h) for h in new.hands] == [sum(h) for h in state.hands]
            assert replace(new, hands=state.hands, deck=state.deck, seed=state.seed) == state
            if seat is not None:
                assert new.hands[seat] == state.hands[seat]


def test_the_other_hands_and_the_deck_order_are_dealt_again() -> None:
    state = GAME.new(4, 3)
    for seat in (None, 0, 2):
        dealt = [GAME.determinise(state, seat, random.Random(r)) for r in range(8)]
        assert len({repr((d.hands, d.deck)) for d in dealt}) > 1
        others = [s for s in range(4) if s != seat]
        assert any(d.hands[s] != state.hands[s] for d in dealt for s in others), "no other hand ever changed"
        assert any(d.deck != state.deck for d in dealt), "the deck order never changed"


def test_the_same_rng_gives_the_same_state(points) -> None:
    for players, state in points:
        check_reproducible(GAME, state, players, snapshot)


def _swap_between_other_hands(state: State, seat: int | None) -> None:
    """One card from one other hand for a card of another colour from a second other hand."""
    a, b = [s for s in range(state.players) if s != seat][:2]
    give = next((c for c, n in enumerate(state.hands[a]) if n and any(
        state.hands[b][o] for o in range(len(flow.COLOURS)) if o != c)), None)
    if give is None:
        return
    take = next(o for o, n in enumerate(state.hands[b]) if n and o != give)
    state.hands[a][give] -= 1
    state.hands[b][give] += 1
    state.hands[b][take] -= 1
    state.hands[a][take] += 1


def _reshuffle_deck(state: State, seat: int | None) -> None:
    random.Random(4).shuffle(state.deck)


def test_what_the_seat_cannot_see_does_not_change_the_result(points) -> None:
    changed = 0
    for players, state in points:
        perturbs = [_swap_between_other_hands, _reshuffle_deck, hooks_perturb("china")]
        check_blind_to_hidden(GAME, state, players, snapshot, perturbs)
        probe = state.copy()
        _swap_between_other_hands(probe, 0)
        changed += probe.hands != state.hands
    assert changed, "no point had two other hands to swap cards between: the test tested nothing"


def test_a_determinised_game_plays_to_the_end(points) -> None:
    rng = random.Random(1)
    for players, state in points:
        seat = rng.choice(viewers(players))
        new = GAME.determinise(state, seat, rng)
        end = play_to_end(GAME, new, rng)
        assert cards(end) == cards(new)


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    state = GAME.new(3, 1)
    for seat in (3, -1, True, "1"):
        with pytest.raises(ValueError, match="from 0 to 2"):
            GAME.determinise(state, seat, random.Random(0))
