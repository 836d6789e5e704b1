"""The protocol surface: facts, options, set-up, flow, views, decisions and results."""

from __future__ import annotations

import random

import pytest

import engine
from engine import bots
from engine.dragon import data
from engine.dragon.state import valid_event_row
from engine.protocol import Game
from tests.dragon.scenario import GAME, court, month_one, restart_month


def test_game_facts() -> None:
    assert isinstance(GAME, Game)
    assert (GAME.name, GAME.title) == ("dragon", "In the Year of the Dragon")
    assert (GAME.min_players, GAME.max_players, GAME.lowest_wins) == (2, 5, False)
    assert engine.game("Dragon") is GAME
    assert GAME.picture(GAME.new(2, 1), None)[:8] == b"\x89PNG\r\n\x1a\n"


def test_options_and_their_validation() -> None:
    assert GAME.options() == {"large_privilege_cost": 6}
    assert GAME.new(3, 1, {"large_privilege_cost": 7}).large_cost == 7
    with pytest.raises(ValueError, match="unknown option.*colour.*large_privilege_cost"):
        GAME.new(3, 1, {"colour": "red"})
    with pytest.raises(ValueError, match="one of 6, 7"):
        GAME.new(3, 1, {"large_privilege_cost": 8})
    for players in (1, 6):
        with pytest.raises(ValueError, match="2-5 players"):
            GAME.new(players, 1)


def test_event_row_months_one_and_two_are_peace_and_no_neighbours_match() -> None:
    for seed in range(300):
        row = GAME.new(4, seed).events
        assert row[:2] == ("peace", "peace")
        assert sorted(row) == sorted(e for e in data.EVENTS for _ in range(2))
        assert all(a != b for a, b in zip(row[2:], row[3:]))
        assert valid_event_row(row)


def test_section_14_event_rows() -> None:
    valid = ("peace", "peace", "drought", "mongols", "drought", "festival", "tribute", "contagion", "mongols",
             "festival", "tribute", "contagion")
    assert valid_event_row(valid)
    clash = ("peace", "peace", "drought", "drought", "mongols", "festival", "tribute", "contagion", "mongols",
             "festival", "tribute", "contagion")
    assert not valid_event_row(clash)


def test_month_three_can_be_any_event_but_peace() -> None:
    firsts = {GAME.new(2, seed).events[2] for seed in range(200)}
    assert firsts == set(data.EVENTS) - {"peace"}


def test_seat_order_is_a_shuffle_from_the_seed() -> None:
    orders = {GAME.new(4, seed).seat_order for seed in range(40)}
    assert len(orders) > 5 and all(sorted(o) == [0, 1, 2, 3] for o in orders)


def test_round_twelve_has_no_person_phase_and_rounds_come_in_order() -> None:
    seen: list[tuple[int, str]] = []
    bots.play(GAME, 3, 9, on_move=lambda s, seat, m: seen.append((s.round, s.phase)))
    assert (12, "person") not in seen and (11, "person") in seen
    assert [r for r, _ in seen] == sorted(r for r, _ in seen)


def test_decisions_name_the_month_and_kind() -> None:
    state = GAME.new(4, 2)
    seat = state.actor
    assert GAME.decision(state, seat).kind == "start"
    assert GAME.decision(state, (seat + 1) % 4) is None
    state = month_one(4)
    decision = GAME.decision(state, state.actor)
    assert (decision.kind, str(decision.title)) == ("action", "month 1, actions") and decision.hint


def test_view_hides_future_deals_and_others_standing_orders() -> None:
    state = month_one(4)
    seat = state.actor
    GAME.apply(state, seat, GAME.parse("release order: farmer", state, seat)[0])
    mine = GAME.view(state, seat)
    assert mine["players"][seat]["release_order"] == ["farmer"]
    for viewer in [None, (seat + 1) % 4]:
        assert "release_order" not in GAME.view(state, viewer)["players"][seat]
    text = repr(GAME.view(state, None))
    assert "deals" not in text and "seed" not in text
    assert GAME.view(state, None)["action_groups"][0]["cards"] == list(state.groups[0])


def test_render_shows_own_court_in_full_and_what_is_decided() -> None:
    state = month_one(4)
    seat = state.actor
    court(state, seat, (3, ["old warrior", "court lady"]), yuan=9, rice=2)
    restart_month(state)
    text = GAME.render(state, seat)
    assert "palace1, 3 floors: court lady, old warrior, (free)" in text
    assert "9 yuan, 2 rice" in text and "cards left:" in text
    assert "Events:" in text and "Supply (young/old):" in text and "Action groups" in text
    assert f"Now: seat {seat + 1}, month 1, actions" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_result_only_at_the_end_with_a_breakdown_that_adds_up() -> None:
    playout = bots.play(GAME, 4, 21)
    assert GAME.result(GAME.new(4, 21)) is None
    outcome = GAME.result(playout.state)
    assert sorted(outcome.ranks) == [1, 2, 3, 4]
    assert [sum(b.values()) for b in outcome.breakdown] == outcome.scores
    best = max(range(4), key=lambda s: (outcome.scores[s], playout.state.players[s].track,
                                        playout.state.players[s].arrival))
    assert outcome.ranks[best] == 1


def test_legal_is_empty_for_a_seat_that_owes_nothing_and_after_the_end() -> None:
    state = GAME.new(3, 4)
    assert GAME.legal(state, (state.actor + 1) % 3) == []
    end = bots.play(GAME, 3, 4).state
    assert GAME.to_act(end) == set() and all(GAME.legal(end, s) == [] for s in range(3))


def test_greedy_returns_a_legal_move() -> None:
    state = month_one(5)
    move = GAME.greedy(state, state.actor, random.Random(1))
    assert move in GAME.legal(state, state.actor)
