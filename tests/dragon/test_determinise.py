"""``determinise`` for the Year of the Dragon: the months still to come are dealt again and the
other seats' standing release orders are cleared; everything else is public (D-27) and stays."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine.dragon import data
from engine.dragon.state import OVER, DragonState
from tests.dragon.properties import snapshot
from tests.engine.determinised import (
    check_blind_to_hidden, check_reproducible, check_same_face, hooks_perturb, play_to_end, sampled_states, viewers,
)

GAME = engine.game("dragon")
GAMES = [(players, seed) for players in (3, 4, 5) for seed in (1, 2)]
SAMPLES = 5
ORDERS = (("farmer",), ("old farmer", "monk"), ())
"""Standing release orders given to the seats in turn (random play never sends one)."""


def _with_orders(state: DragonState) -> DragonState:
    for seat, player in enumerate(state.players):
        player.release_order = ORDERS[seat % len(ORDERS)]
    return state


@pytest.fixture(scope="module")
def points() -> list[tuple[int, DragonState]]:
    return [(players, _with_orders(state))
            for players, seed in GAMES for state in sampled_states(GAME, players, seed, SAMPLES)]


def _deal_is_whole(deal: tuple[tuple[str, ...], ...], players: int) -> bool:
    """A month's groups: every action card once, in the group sizes of 2.5."""
    return (Counter(card for group in deal for card in group) == Counter(data.ACTIONS)
            and tuple(map(len, deal)) == data.GROUP_SIZES[players])


def test_the_seat_cannot_tell_it_apart_and_the_real_state_is_left_alone(points) -> None:
    for players, state in points:
        check_same_face(GAME, state, players, snapshot)


def test_only_the_months_to_come_and_the_other_orders_change(points) -> None:
    for players, state in points:
        for seat in viewers(players):
            new = GAME.determinise(state, seat, random.Random(2))
            assert new.deals[:state.round] == state.deals[:state.round], "a month already dealt changed"
            assert new.groups == state.groups
            assert all(_deal_is_whole(deal, players) for deal in new.deals)
            assert len(new.deals) == data.ROUNDS
            for other, player in enumerate(new.players):
                kept = state.players[other].release_order if other == seat else ()
                assert player.release_order == kept
            restored = new.copy()
            restored.deals, restored.seed = state.deals, state.seed
            for player, real in zip(restored.players, state.players):
                player.release_order = real.release_order
            assert snapshot(restored) == snapshot(state), "determinise changed something the seat sees"


def test_the_months_to_come_are_dealt_again() -> None:
    state = GAME.new(4, 3)
    for seat in (None, 1):
        dealt = [GAME.determinise(state, seat, random.Random(r)).deals for r in range(4)]
        assert len(set(dealt)) == len(dealt)
        assert all(d != state.deals for d in dealt)


def test_nothing_is_dealt_again_once_the_last_month_is_dealt(points) -> None:
    last = [(players, state) for players, state in points if state.round == data.ROUNDS or state.phase == OVER]
    assert last, "no point in the last month: the test tests nothing"
    for players, state in last:
        assert GAME.determinise(state, 0, random.Random(1)).deals == state.deals


def test_the_same_rng_gives_the_same_state(points) -> None:
    for players, state in points:
        check_reproducible(GAME, state, players, snapshot)


def _other_orders(state: DragonState, seat: int | None) -> None:
    for other, player in enumerate(state.players):
        if other != seat:
            player.release_order = ("court_lady", "warrior")


def test_what_the_seat_cannot_see_does_not_change_the_result(points) -> None:
    for players, state in points:
        check_blind_to_hidden(GAME, state, players, snapshot, [hooks_perturb("dragon"), _other_orders])


def test_a_determinised_game_plays_to_the_end(points) -> None:
    rng = random.Random(1)
    for players, state in points:
        seat = rng.choice(viewers(players))
        end = play_to_end(GAME, GAME.determinise(state, seat, rng), rng)
        assert end.phase == OVER


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    state = GAME.new(3, 1)
    for seat in (3, -1, False):
        with pytest.raises(ValueError, match="from 0 to 2"):
            GAME.determinise(state, seat, random.Random(0))
