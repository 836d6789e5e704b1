"""Rules of the round not covered by a worked example: obligations, end of round, round 5, game end."""

from __future__ import annotations

from engine.prodigals import flow
from engine.prodigals.data import DATA
from engine.prodigals.moves import Discard, Place
from tests.prodigals.scenario import GAME, give, new, play


def _first_seat_places(state) -> set[str]:
    return {m.space for m in GAME.legal(state, state.order[0])}


def test_sell_and_exchange_spaces_need_a_possession() -> None:
    state = new(4, ["possessions", "election"])
    assert {"p-auction", "p-swap", "p-broker"} <= _first_seat_places(state)
    state.players[state.order[0]].possessions = []
    places = _first_seat_places(state)
    assert not {"p-auction", "p-swap", "p-broker"} & places and "p-spendthrift" in places


def test_broker_is_unavailable_with_two_players() -> None:
    assert "p-broker" not in _first_seat_places(new(2, ["possessions", "society"]))
    assert "p-broker" in _first_seat_places(new(3, ["possessions", "society"]))


def test_two_three_player_side_leaves_one_set_unclaimed() -> None:
    state = new(3, ["election", "society"])
    seat = state.order[0]
    state = play(state, seat, Place("s-set1"))
    seat = min(GAME.to_act(state))
    state = play(state, seat, Place("s-set3"))
    assert not any(m.space.startswith("s-set") for m in GAME.legal(state, min(GAME.to_act(state))))


def test_end_of_round_discards_down_to_the_hand_limit_then_starts_the_next_round() -> None:
    state = new(4, ["election", "society"])
    for player in state.players:
        state.removed.extend(player.hand)
        player.hand = []
    give(state, 1, "E03", "E04", "E05", "E06", "E07", "S01")
    state.players[1].used = ["anything"]
    borough = state.borough
    flow._end_of_round(state)
    assert GAME.to_act(state) == {1} and state.pending.prompt.kind == "discard"
    state = play(state, 1, Discard("rowdy-rally"), Discard("rude-remark"))
    assert len(state.players[1].hand) == DATA.hand_limit
    assert state.round == 2 and state.phase == "errands" and state.players[1].used == []
    assert state.borough == (borough + 1) % len(DATA.boroughs)


def test_a_score_at_zero_ends_the_game_at_end_of_round() -> None:
    state = new(4, ["election", "society"])
    state.players[2].votes = 0
    flow._end_of_round(state)
    assert state.phase == "over" and GAME.to_act(state) == set() and GAME.result(state) is not None


def test_round_five_black_set_offers_a_vote_and_a_megaphone_with_its_tile() -> None:
    state = new(4, ["election", "society"])
    state.round = DATA.rounds - 1
    flow._finish_round(state)
    assert state.round == DATA.rounds and "E_set4" in state.set_benefit
    seat = state.order[0]
    votes = state.players[seat].votes
    state = play(state, seat, Place("e-set4"))
    player = state.players[seat]
    assert player.votes == votes - 1 and player.megaphones == 1
    assert state.pending is not None and state.pending.prompt.kind == "tile"


def test_hyde_park_space_gives_the_rounds_megaphones() -> None:
    state = new(4, ["election", "society"])
    seat = state.order[0]
    state = play(state, seat, Place("e-hyde-park"))
    assert state.players[seat].megaphones == DATA.hyde_space[1]
