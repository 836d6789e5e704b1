"""The calendar simulation behind ``pbem bench calendar``: its model of people, and small real runs of it."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select

import engine
from engine import bots
from pbem.simulation.calendar import (ALTERNATIVES, AT_THE_MAIL, Calendar, People, awake_after, sent_ahead,
                                      written_reply)
from pbem.cli.bench.engines import percentile
from pbem.ops.db import Move


def test_a_mail_read_late_is_answered_the_next_morning() -> None:
    # 20:30 UTC is 22:30 in Athens (UTC+2 in March): half an hour tonight, an hour and a half tomorrow from 08:00
    assert awake_after(datetime(2026, 3, 2, 20, 30, tzinfo=UTC), 2, "Europe/Athens") == \
        datetime(2026, 3, 3, 7, 30, tzinfo=UTC)


def test_a_mail_received_at_night_waits_for_the_player_to_wake() -> None:
    # 03:00 in New York (UTC-5): an hour of work from 08:00 local is 14:00 UTC
    assert awake_after(datetime(2026, 3, 2, 8, 0, tzinfo=UTC), 1, "America/New_York") == \
        datetime(2026, 3, 2, 14, 0, tzinfo=UTC)


def test_a_long_delay_counts_only_awake_hours_over_several_days() -> None:
    # from 08:00 London: 15 hours today, 15 tomorrow, 5 the day after, till 13:00
    assert awake_after(datetime(2026, 3, 2, 8, 0, tzinfo=UTC), 35, "Europe/London") == \
        datetime(2026, 3, 4, 13, 0, tzinfo=UTC)


def test_the_awake_window_follows_summer_time() -> None:
    # London goes to UTC+1 on 29 March 2026: waking at 08:00 local is 07:00 UTC that morning
    assert awake_after(datetime(2026, 3, 28, 23, 30, tzinfo=UTC), 0.5, "Europe/London") == \
        datetime(2026, 3, 29, 7, 30, tzinfo=UTC)


def test_a_delay_inside_the_awake_hours_is_plain_addition() -> None:
    start = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
    assert awake_after(start, 3.25, "Europe/London") == start + timedelta(hours=3.25)


@pytest.mark.parametrize("hours, wake, sleep", [(-1, 8, 23), (1, 23, 8), (1, 8, 25)])
def test_a_nonsense_delay_or_window_is_refused(hours: float, wake: int, sleep: int) -> None:
    with pytest.raises(ValueError, match="give"):
        awake_after(datetime(2026, 3, 2, tzinfo=UTC), hours, "UTC", wake, sleep)


def test_delays_are_log_normal_around_the_median_and_slow_players_take_longer() -> None:
    people = People()
    usual = [people.delay_hours(random.Random(i), 1.0) for i in range(4000)]
    slow = [people.delay_hours(random.Random(i), people.slow_factor) for i in range(4000)]
    assert 4.5 < statistics.median(usual) < 5.5
    assert statistics.median(slow) == pytest.approx(statistics.median(usual) * people.slow_factor)
    assert percentile(usual, 90) > 2 * statistics.median(usual)  # a long tail: sigma 0.8 gives ~2.8x at p90


def test_percentile_takes_the_nearest_rank() -> None:
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 90) == 5.0 and percentile([1.0, 2.0], 50) == 1.0
    assert percentile([], 90) == 0.0


@pytest.mark.parametrize("name", ["dragon", "china", "prodigals"])
def test_a_reply_reads_on_the_real_state_and_its_lines_sent_ahead_hold_up_to_three_moves(name: str) -> None:
    rules, rng = engine.game(name), random.Random(3)
    state = rules.new(4, 7)
    ahead_seen = 0
    for _ in range(60):
        if rules.result(state) is not None:
            break
        seat = min(rules.to_act(state))
        written = written_reply(rules, state, seat, rng, ahead=True)
        moves = rules.parse("\n".join(written.now), state, seat)  # what the service would read: no refusal
        assert len(moves) == len(written.now) >= 1
        for line in written.ahead:
            alternatives = line.split(", else ")
            assert 1 <= len(alternatives) <= ALTERNATIVES and len(set(alternatives)) == len(alternatives)
            ahead_seen += 1
        for move in moves:
            state = rules.apply(state, seat, move)
    assert ahead_seen > 0


def test_sent_ahead_is_empty_when_the_game_ends_before_the_seat_is_due_again() -> None:
    rules = engine.game("china")
    finished = bots.play(rules, 3, 1).state
    assert rules.result(finished) is not None
    assert sent_ahead(rules, finished, 0, random.Random(1)) == []


@dataclass
class _Forked:
    """A world of ``_ForkedGame``: which sampled future it is, and the seat's moves so far."""

    future: int = -1
    moves: tuple[str, ...] = ()


class _ForkedGame:
    """Seat 0's turn is two decisions, and what the second is depends on the first (a card played, then what
    it asks). Eight sampled futures, by number: 0-3 play A (then a2 or a3), 4-6 play B (then b2), 7 plays C."""

    def __init__(self) -> None:
        self.dealt = 0

    def determinise(self, state: _Forked, seat: int, rng: random.Random) -> _Forked:
        self.dealt += 1
        return _Forked(self.dealt - 1)

    def result(self, state: _Forked) -> None:
        return None

    def to_act(self, state: _Forked) -> set[int]:
        return {0} if len(state.moves) < 2 else {1}

    def greedy(self, state: _Forked, seat: int, rng: random.Random) -> str:
        first = "A" if state.future < 4 else "B" if state.future < 7 else "C"
        if not state.moves:
            return first
        return {"A": "a2" if state.future < 2 else "a3", "B": "b2", "C": "c2"}[first]

    def apply(self, state: _Forked, seat: int, move: str) -> _Forked:
        return _Forked(state.future, (*state.moves, move))

    def format_ahead(self, move: str) -> str:
        return move


def test_a_turn_sent_ahead_is_one_plan_each_line_following_the_first_choices_before_it() -> None:
    """b2 is the second move in more futures than a2 or a3, but only after B: after the plan's A it comes last."""
    lines = sent_ahead(_ForkedGame(), _Forked(), 0, random.Random(1), turns=1)  # type: ignore[arg-type]
    assert lines == ["A, else B, else C", "a2, else a3, else b2"]


def test_a_calendar_with_bad_options_says_what_would_do(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="from 0 to 1"):
        Calendar(tmp_path, "china", games=1, players=4, ahead=1.5, seed=0)
    with pytest.raises(ValueError, match="takes 3-"):
        Calendar(tmp_path, "china", games=1, players=9, ahead=0, seed=0)
    with pytest.raises(ValueError, match="one decision a mail"):
        Calendar(tmp_path, "china", games=1, players=4, ahead=0.5, seed=0, clicks=True)


@pytest.mark.parametrize("ahead", [0.0, 0.5])
def test_one_game_of_china_on_the_calendar(tmp_path: Path, ahead: float) -> None:
    run = Calendar(tmp_path, "china", games=1, players=4, ahead=ahead, seed=0).run()
    [record] = run.records
    assert record.ended is not None and 7 < record.days < 200
    assert record.mails > record.players * 5 and record.kinds["prompt"] > 0 and record.kinds["game_over"] == 4
    assert record.applied > 20
    assert record.refusals == 0, run.refusal_reasons
    if ahead:
        assert record.kept > 0 and 0 < record.played_early <= record.kept <= record.applied
        assert record.early_moves >= record.played_early
    else:
        assert record.kept == record.played_early == record.early_moves == 0


def test_the_runs_at_p_0_and_at_p_are_the_same_people_at_the_same_tables(tmp_path: Path) -> None:
    still = Calendar(tmp_path / "still", "china", games=2, players=4, ahead=0.0, seed=3)
    sent = Calendar(tmp_path / "sent", "china", games=2, players=4, ahead=1.0, seed=3)
    runs = still.run(), sent.run()
    assert [r.started for r in runs[0].records] == [r.started for r in runs[1].records]

    def people(calendar: Calendar) -> list[tuple[str, str, float]]:
        return [(p.email, p.zone, p.speed) for _, lineup in calendar.lineups for p in lineup]

    assert people(still) == people(sent), "moves sent ahead change when mails come, not who plays"
    assert runs[1].records[0].kept > 0 and runs[0].records[0].kept == 0


def test_a_player_writes_the_whole_turn_even_past_a_card_drawn_when_the_next_move_fits_any_card() -> None:
    """China's draws: after 'draw deck' the next draw is legal whatever came up, so one reply holds both,
    as a player answering the prompt writes them; nothing past a card is written that some card would refuse."""
    rules, rng = engine.game("china"), random.Random(3)
    state = rules.new(4, 7)
    past_the_deck = 0
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        now = written_reply(rules, state, seat, rng, ahead=False).now
        past_the_deck += "draw deck" in now[:-1]
        for move in rules.parse("\n".join(now), state, seat):
            state = rules.apply(state, seat, move)
    assert past_the_deck > 0


def test_a_player_whose_reply_draws_from_the_deck_waits_to_see_the_card_before_sending_ahead() -> None:
    """China: the turn after a deck draw is planned from the hand the confirmation shows, not blind;
    a reply drawing from the display alone sends it ahead at once."""
    rules, rng = engine.game("china"), random.Random(3)
    state, waited, sent = rules.new(4, 7), 0, 0
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        written = written_reply(rules, state, seat, rng, ahead=True)
        if written.waits:
            assert written.ahead == [] and "draw deck" in written.now
            waited += 1
        elif written.ahead:
            assert "draw deck" not in written.now
            sent += 1
        for move in rules.parse("\n".join(written.now), state, seat):
            state = rules.apply(state, seat, move)
    assert waited and sent, (waited, sent)


def test_a_china_player_who_drew_from_the_deck_sends_the_next_turn_from_the_confirmation_showing_it(
        tmp_path: Path) -> None:
    """The confirmation of a deck draw comes at once with the hand: turns planned from it are nearly all played."""
    run = Calendar(tmp_path, "china", games=1, players=4, ahead=1.0, seed=2).run()
    [record] = run.records
    assert record.ended is not None and record.refusals == 0, run.refusal_reasons
    assert record.seen_first >= 3 and record.kinds["confirmation"] >= record.seen_first
    assert record.played_early >= 0.85 * record.kept, (record.played_early, record.kept)


def test_a_turn_sent_ahead_is_written_as_before_its_turn_and_kept_as_moves() -> None:
    """A Dragon action sent during the persons names its card alone (the groups are dealt next month)."""
    rules, rng = engine.game("dragon"), random.Random(5)
    state, checked = rules.new(4, 3), 0
    while rules.result(state) is None and checked < 6:
        seat = min(rules.to_act(state))
        if state.phase == "person":
            ahead = written_reply(rules, state, seat, rng, ahead=True).ahead
            for line in ahead:
                assert "group" not in line, line
            assert rules.ahead("\n".join(ahead)).ignored == ()
            checked += bool(ahead)
        state = rules.apply(state, seat, rules.greedy(state, seat, rng))
    assert checked == 6


def test_kept_dragon_turns_are_played_when_every_reply_sends_the_next_ahead(tmp_path: Path) -> None:
    """Kept answers written as a player writes them before the turn fit it: nearly all are played."""
    run = Calendar(tmp_path, "dragon", games=1, players=4, ahead=1.0, seed=1).run()
    [record] = run.records
    assert record.ended is not None and record.refusals == 0, run.refusal_reasons
    assert record.kept > 20 and record.played_early >= 0.97 * record.kept  # 67 of 67 at this seed; 90 % before


def test_a_china_player_who_clicks_plays_each_turn_of_several_steps_in_one_sitting(tmp_path: Path) -> None:
    """Cards, placements and draw are a click each, and each next step's prompt comes at once: the player, still
    at their mail, clicks it in the same sitting. The same people choosing the same moves by typing the whole turn
    sit down as often and finish the same game on nearly the same day: the clicks cost minutes, no round trips."""
    typed = Calendar(tmp_path / "typed", "china", games=1, players=4, ahead=0.0, seed=0).run()
    clicking = Calendar(tmp_path / "clicked", "china", games=1, players=4, ahead=0.0, seed=0, clicks=True)
    clicked = clicking.run()
    [by_reply], [by_link] = typed.records, clicked.records
    assert by_link.ended is not None and by_link.refusals == 0, clicked.refusal_reasons
    assert by_link.applied > 2 * by_reply.applied, "a reply per decision, not per turn"
    assert by_link.sittings == by_reply.sittings
    assert by_link.days == pytest.approx(by_reply.days, rel=0.02)
    with Session(clicking.service.db) as session:
        log = list(session.exec(select(Move).where(Move.reverted == False).order_by(Move.seq)))  # noqa: E712
    steps = [(one, two) for one, two in zip(log, log[1:])
             if one.seat == two.seat and one.source == two.source == "email"]
    assert len(steps) > by_reply.applied, "most turns are several decisions"
    late = [(one.notation, two.notation, two.created - one.created) for one, two in steps
            if two.created - one.created > AT_THE_MAIL]
    assert late == [], "a turn's next step waited for another sitting"
