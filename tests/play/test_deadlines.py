"""Deadlines from the database: reminders, timeouts by policy, vacations, digests, downtime."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session, select

from pbem.play import deadlines
from pbem.serve import pipeline
from pbem.clock import SetClock
from pbem.ops.config import ConfigError, check
from pbem.ops.db import Game, Move, Seat
from pbem.play.service import Service
from pbem.app import open_service
from tests.support import sticks
from tests.support.loop import make_settings, outbox, reply_to

ANN, BOB, EVE = "ann@example.org", "bob@example.org", "eve@example.org"


def sources(service: Service, game_id: int) -> list[str]:
    with Session(service.db) as session:
        return [m.source for m in session.exec(select(Move).where(Move.game_id == game_id).order_by(Move.seq))]


def test_reminder_goes_out_once_a_day_before_the_deadline(service: Service, clock: SetClock) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)
    assert deadlines.scan(service).reminders == 0
    clock.advance(timedelta(hours=49))
    assert deadlines.scan(service).reminders == 1
    assert deadlines.scan(service).reminders == 0
    reminder = outbox(service, kind="reminder")[0]
    assert reminder.subject.endswith("Reminder: your move, 7 sticks left")
    assert "a bot plays this move for you" in " ".join(reminder.text.split())  # wrapped at 78 columns


def test_the_scan_reads_the_due_seats_by_the_deadline_index_not_every_seat(service: Service, clock: SetClock) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)
    query = deadlines.due_query(clock.now(), timedelta(hours=24)).compile(service.db,
                                                                          compile_kwargs={"literal_binds": True})
    with service.db.connect() as connection:
        plan = [str(row[-1]) for row in connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {query}")]
    searches = [step for step in plan if step.startswith(("SEARCH", "SCAN"))]
    # both halves (deadline passed; reminder due and not sent) SEARCH the index alone; none SCANs the seats
    assert searches == ["SEARCH seat USING COVERING INDEX ix_seat_due (awaiting=? AND reminded=? AND deadline<?)"] * 2, \
        plan


def test_the_scan_finds_only_the_games_whose_seats_are_due(service: Service, clock: SetClock) -> None:
    early, late = service.new_game("sticks", [ANN, BOB], seed=0), service.new_game("sticks", [EVE, BOB], seed=1)
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.game_id == late, Seat.awaiting == True)).one()  # noqa: E712
        seat.deadline = clock.now() + timedelta(days=10)
        session.add(seat)
        session.commit()
    day = timedelta(hours=24)
    with Session(service.db) as session:
        assert list(session.scalars(deadlines.due_query(clock.now() + timedelta(hours=49), day))) == [early]
        assert sorted(session.scalars(deadlines.due_query(clock.now() + timedelta(days=10), day))) == [early, late]
    clock.advance(timedelta(hours=49))
    assert deadlines.scan(service).reminders == 1
    assert [mail.recipient for mail in outbox(service, kind="reminder")] == [ANN]
    with Session(service.db) as session:  # reminded: not read again until its deadline passes
        assert list(session.scalars(deadlines.due_query(clock.now(), day))) == []
        assert list(session.scalars(deadlines.due_query(clock.now() + timedelta(hours=23), day))) == [early]


def test_overdue_after_downtime_plays_a_greedy_move_and_tells_the_player(service: Service, clock: SetClock) -> None:
    game_id = service.new_game("sticks", [ANN, BOB], seed=0)
    clock.advance(timedelta(days=30))
    report = deadlines.scan(service)
    assert report.timeouts == 1
    assert sources(service, game_id) == ["timeout"]
    notice = outbox(service, kind="timeout")[0]
    assert notice.recipient == ANN and "bot played for you: take 2" in " ".join(notice.text.split())
    assert outbox(service, kind="prompt")[-1].recipient == BOB


def test_repeated_timeouts_hand_the_seat_to_a_bot_and_tell_the_organiser(service: Service, clock: SetClock) -> None:
    game_id = service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 40})
    for _ in range(service.settings.timeouts_to_bot):
        clock.advance(timedelta(days=4))
        deadlines.scan(service)
        bob = outbox(service, recipient=BOB, kind="prompt")
        if bob:
            pipeline.deliver(service, reply_to(bob[-1], "take 1"))
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.seat == 0)).one()
    assert seat.bot == "greedy" and seat.timeouts == service.settings.timeouts_to_bot
    assert "A seat was handed to a bot" in outbox(service, kind="organiser")[0].subject
    assert "bot" in sources(service, game_id)


def test_forfeit_policy_hands_the_seat_over_at_once(tmp_path, clock: SetClock) -> None:
    service = open_service(make_settings(tmp_path, timeout_policy="forfeit"), clock=clock, rules=sticks.rules)
    game_id = service.new_game("sticks", [ANN, BOB], seed=0)
    clock.advance(timedelta(days=4))
    deadlines.scan(service)
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.seat == 0)).one()
    assert seat.forfeited and seat.bot == "greedy"
    assert sources(service, game_id)[0] == "bot"
    assert "Your game is forfeited" in outbox(service, kind="timeout")[0].text


def words(text: str) -> str:
    return " ".join(text.split())


MOVE, SEAT, FORFEIT = ("a bot plays this move for you.", "a bot plays this move for you and keeps your seat",
                       "your game is forfeited and a bot takes your seat.")


def test_each_prompt_says_what_its_deadline_does_and_the_deadline_does_it(service: Service, clock: SetClock) -> None:
    """A bot plays the move at the first timeouts and keeps the seat at the last (``timeouts_to_bot``): each
    prompt, reminder and status says which this deadline is, as the timeout then does."""
    game_id = service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 40})
    for missed in range(service.settings.timeouts_to_bot):
        last = missed + 1 == service.settings.timeouts_to_bot
        prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
        assert (SEAT if last else MOVE) in words(prompt.text) and (SEAT if last else MOVE) in words(prompt.html)
        pipeline.deliver(service, reply_to(prompt, "status"))
        assert (SEAT if last else MOVE) in words(outbox(service, recipient=ANN, kind="status")[-1].text)
        clock.advance(timedelta(hours=49))
        deadlines.scan(service)
        assert (SEAT if last else MOVE) in words(outbox(service, recipient=ANN, kind="reminder")[-1].text)
        clock.advance(timedelta(hours=24))
        deadlines.scan(service)
        pipeline.deliver(service, reply_to(outbox(service, recipient=BOB, kind="prompt")[-1], "take 1"))
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.seat == 0)).one()
    assert seat.bot == "greedy" and not seat.forfeited


def test_a_forfeiting_deadline_is_told_so_in_the_prompt(tmp_path, clock: SetClock) -> None:
    service = open_service(make_settings(tmp_path, timeout_policy="forfeit"), clock=clock, rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    assert FORFEIT in words(outbox(service, recipient=ANN, kind="prompt")[-1].text)


def test_a_reminder_repeats_what_the_table_did_since_the_players_last_move(service: Service, clock: SetClock) -> None:
    """A reminder often reaches a player who missed the prompt: it says what the prompt said, the others' moves
    since the player's own last one and the invitation to send later turns ahead included."""
    service.new_game("sticks", [ANN, BOB, EVE], seed=0, options={"sticks": 20})
    for player in (ANN, BOB, EVE):
        pipeline.deliver(service, reply_to(outbox(service, recipient=player, kind="prompt")[-1], "take 1"))
    pipeline.deliver(service, reply_to(outbox(service, recipient=ANN, kind="prompt")[-1], "say Hi all"))
    clock.advance(timedelta(hours=49))
    deadlines.scan(service)
    [reminder] = outbox(service, kind="reminder")
    text = words(reminder.text)
    assert reminder.recipient == ANN and "Since your last move: seat 2 (Player 2): take 1 seat 3 (Player 3): take 1" in text
    assert "seat 1 (Player 1): take 1" not in text and "You may already send your next turns" in text
    assert "Since your last move:" in reminder.html and "You may already send your next turns" in reminder.html


def test_vacation_keeps_the_deadline_from_passing(service: Service, clock: SetClock) -> None:
    game_id = service.new_game("sticks", [ANN, BOB], seed=0)
    until = (clock.now() + timedelta(days=10)).date()
    pipeline.deliver(service, reply_to(outbox(service, kind="prompt")[0], f"vacation until {until}"))
    clock.advance(timedelta(days=8))
    assert deadlines.scan(service).timeouts == 0
    assert sources(service, game_id) == []


def test_digest_collects_a_day_of_moves_into_one_mail(service: Service, clock: SetClock) -> None:
    service.new_game("sticks", [ANN, BOB, EVE], seed=0, options={"sticks": 20})
    pipeline.deliver(service, reply_to(outbox(service, recipient=ANN)[-1], "notify digest"))
    pipeline.deliver(service, reply_to(outbox(service, recipient=ANN, kind="prompt")[-1], "take 1"))
    pipeline.deliver(service, reply_to(outbox(service, recipient=BOB, kind="prompt")[-1], "take 2"))
    assert deadlines.send_digests(service) == 0
    clock.advance(timedelta(hours=25))
    assert deadlines.send_digests(service) == 1
    digest = outbox(service, kind="digest")[0]
    assert digest.recipient == ANN and "seat 2 (Player 2): take 2" in digest.text
    assert deadlines.send_digests(service) == 0


def test_a_seat_timed_out_to_the_search_bot_is_played_to_the_end_of_a_real_game(tmp_path, clock: SetClock) -> None:
    """The timeout move and the seat after it go to the configured bot (search:N), and the bots finish the game."""
    settings = make_settings(tmp_path, timeout_bot="search:3", timeouts_to_bot=1)
    service = open_service(settings, clock=clock, rules=sticks.rules)
    game_id = service.new_game("dragon", [ANN], bots_count=2, seed=4)
    clock.advance(timedelta(days=4))
    assert deadlines.scan(service).timeouts == 1
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.seat == 0)).one()
        game = session.get(Game, game_id)
        assert game is not None and game.status == "over"
        ann = [m.source for m in session.exec(select(Move).where(Move.game_id == game_id, Move.seat == 0)
                                              .order_by(Move.seq))]
    assert seat.bot == "search:3" and seat.timeouts == 1
    assert ann[0] == "timeout" and len(ann) > 10 and set(ann[1:]) <= {"bot", "forced"}
    assert "a search bot plays the seat from now on" in outbox(service, kind="organiser")[0].text
    assert [m.recipient for m in outbox(service, kind="game_over")] == [ANN]


def test_a_bad_timeout_bot_setting_is_refused_saying_what_would_do(tmp_path) -> None:
    with pytest.raises(ConfigError, match="timeout_bot = \"clever\" is not accepted: unknown bot 'clever'; known "
                                          "bots: greedy"):
        check(make_settings(tmp_path, timeout_bot="clever"))


def _reminders_at(service: Service, clock: SetClock, hours: float, step: timedelta) -> list[timedelta]:
    """Scan every ``step`` until the first deadline of a fresh game with ``hours`` to answer has passed:
    how long after the prompt each reminder went out."""
    service.new_game("sticks", [ANN, BOB], seed=0, deadline_hours=hours)
    start, sent = clock.now(), []
    while clock.now() <= start + timedelta(hours=hours):
        if deadlines.scan(service).reminders:
            sent.append(clock.now() - start)
        clock.advance(step)
    return sent


def test_a_deadline_shorter_than_the_reminder_gets_its_reminder_at_half_time_not_with_the_prompt(
        service: Service, clock: SetClock) -> None:
    """reminder_hours is 24: with 6 hours to answer, the reminder comes after 3 hours, once (issue 32)."""
    assert _reminders_at(service, clock, 6, timedelta(minutes=10)) == [timedelta(hours=3)]


def test_a_reminder_never_comes_in_the_same_hour_as_its_prompt(service: Service, clock: SetClock) -> None:
    assert _reminders_at(service, clock, 1.5, timedelta(minutes=5)) == [timedelta(hours=1)]


def test_a_deadline_of_an_hour_or_less_gets_no_reminder_only_its_prompt(service: Service, clock: SetClock) -> None:
    assert _reminders_at(service, clock, 1, timedelta(minutes=5)) == []
    assert outbox(service, kind="reminder") == []


def test_a_long_deadline_is_reminded_reminder_hours_before_it(service: Service, clock: SetClock) -> None:
    assert _reminders_at(service, clock, 72, timedelta(hours=1)) == [timedelta(hours=72 - 24)]


def test_every_prompt_of_a_short_deadline_game_brings_at_most_one_reminder_never_at_once(
        service: Service, clock: SetClock) -> None:
    """Prompts through the real service, each answered after the reminder or left to time out: no reminder
    goes out in the hour of its prompt, and there is one per prompt at most."""
    game_id = service.new_game("sticks", [ANN, BOB], seed=0, deadline_hours=4)
    for turn in range(4):
        prompt = outbox(service, kind="prompt")[-1]
        deadlines.scan(service)
        assert [row for row in outbox(service, kind="reminder") if row.id > prompt.id] == []
        clock.advance(timedelta(hours=2))
        assert deadlines.scan(service).reminders == 1
        clock.advance(timedelta(minutes=30))
        assert deadlines.scan(service).reminders == 0
        pipeline.deliver(service, reply_to(prompt, "take 1"))
    with Session(service.db) as session:
        assert session.get(Game, game_id).status == "active"
    assert len(outbox(service, kind="reminder")) == 4
