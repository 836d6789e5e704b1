"""Deadlines in the player's calendar (``calendar on``): each mail of the seat carries the event its deadline is,
as calendar programs read it; tested by parsing what pbem queues and what it sends."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from icalendar import Calendar, Event
from sqlmodel import Session, select

from pbem.admin import Desk, games
from pbem.clock import SetClock
from pbem.ops.db import Outbox, Player, Seat
from pbem.play import calendar
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.serve.outbox import OutboxWorker
from tests.support.loop import outbox, reply_to

ANN, BOB = "ann@example.org", "bob@example.org"


def opted_in(service: Service, email: str = ANN, notify: str = "none", zone: str = "Europe/Athens") -> None:
    """A registered player who asked for the calendar before any game."""
    with Session(service.db) as session:
        session.add(Player(email=email, name="Ann", calendar=True, notify=notify, time_zone=zone))
        session.commit()


def start(service: Service, sticks: int = 7) -> int:
    return service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": sticks})


def mails(service: Service, email: str = ANN) -> list[Outbox]:
    return outbox(service, recipient=email)


def event(row: Outbox) -> tuple[str, Event]:
    """The method and the one event of the calendar object a mail carries (parsed as a calendar program would)."""
    assert row.calendar, f"{row.kind} mail carries no calendar"
    parsed = Calendar.from_ical(row.calendar)
    assert parsed["METHOD"] == row.calendar_method
    (only,) = parsed.events
    return str(parsed["METHOD"]), only


def deadline(service: Service, game_id: int, seat: int = 0) -> datetime:
    with Session(service.db) as session:
        row = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.seat == seat)).one()
        return row.deadline.replace(tzinfo=UTC)


def answer(service: Service, row: Outbox, text: str) -> str:
    return pipeline.deliver(service, reply_to(row, text, message_id=f"<{len(outbox(service))}@client.example>")).status


def test_a_player_who_asked_gets_each_deadline_as_one_event_moved_then_cancelled(service: Service) -> None:
    opted_in(service, notify="each")
    game_id = start(service)
    (prompt,) = mails(service)
    method, first = event(prompt)
    due = deadline(service, game_id)
    assert method == "REQUEST" and first["UID"] == f"game-{game_id}-seat-1@{service.settings.domain}"
    assert first["SEQUENCE"] == 0 and first["STATUS"] == "CONFIRMED"
    assert first.end == due and first.end.tzinfo == ZoneInfo("Europe/Athens") and first.duration == calendar.LENGTH
    assert str(first["SUMMARY"]) == f"Your move in Sticks #{game_id} is due"
    assert prompt.reply_to in str(first["DESCRIPTION"]) and "Europe/Athens" in str(first["DESCRIPTION"])
    assert first["ORGANIZER"] == f"mailto:{service.settings.from_address}" and first["ATTENDEE"] == f"mailto:{ANN}"
    assert [alarm["TRIGGER"].dt for alarm in first.walk("VALARM")] == [-calendar.WARN_BEFORE]
    assert [zone["TZID"] for zone in Calendar.from_ical(prompt.calendar).walk("VTIMEZONE")] == ["Europe/Athens"]

    games.extend_deadline(Desk(service, "tester"), game_id, "2d", "travelling")
    told = mails(service)[-1]
    method, moved = event(told)
    assert (method, moved["UID"], moved["SEQUENCE"]) == ("REQUEST", first["UID"], 1)
    assert moved.end == due + timedelta(days=2) == deadline(service, game_id)

    assert answer(service, told, "take 1") == "applied"
    confirmation = mails(service)[-1]
    assert confirmation.kind == "confirmation"
    method, cancelled = event(confirmation)
    assert (method, cancelled["UID"], cancelled["SEQUENCE"], cancelled["STATUS"]) == (
        "CANCEL", first["UID"], 2, "CANCELLED")
    assert cancelled.end == moved.end  # the event the calendar holds is the one cancelled

    assert answer(service, mails(service, BOB)[-1], "take 1") == "applied"
    method, next_turn = event(mails(service)[-1])
    assert (method, next_turn["UID"], next_turn["SEQUENCE"]) == ("REQUEST", first["UID"], 3)
    assert next_turn.end == deadline(service, game_id)


def test_the_game_over_mail_cancels_the_deadline_the_calendar_still_holds(service: Service) -> None:
    opted_in(service)  # notify none: her move is confirmed in her next mail, here the game's last
    game_id = start(service, sticks=3)
    assert answer(service, mails(service)[-1], "take 1") == "applied"
    assert [row.kind for row in mails(service)] == ["prompt"]
    assert answer(service, mails(service, BOB)[-1], "take 2") == "applied"
    over = mails(service)[-1]
    assert over.kind == "game_over"
    method, cancelled = event(over)
    assert (method, cancelled["SEQUENCE"]) == ("CANCEL", 1)
    assert cancelled["UID"] == f"game-{game_id}-seat-1@{service.settings.domain}"


def test_a_player_who_did_not_ask_gets_no_calendar(service: Service) -> None:
    opted_in(service, notify="each")
    game_id = start(service)
    answer(service, mails(service)[-1], "take 1")
    games.extend_deadline(Desk(service, "tester"), game_id, "1d", "travelling")
    assert mails(service, BOB) and all(row.calendar == "" == row.calendar_method for row in mails(service, BOB))


def test_calendar_on_sends_the_open_deadline_and_off_cancels_it(service: Service) -> None:
    game_id = start(service)
    assert mails(service)[-1].calendar == ""
    assert answer(service, mails(service)[-1], "Calendar On") == "command"
    on = mails(service)[-1]
    assert on.kind == "command" and "Deadlines in your calendar: on" in on.subject
    method, held = event(on)
    assert (method, held["SEQUENCE"], held.end) == ("REQUEST", 0, deadline(service, game_id))
    assert held.end.utcoffset() == timedelta(0) and "\r\nDTEND:" in on.calendar  # a player of no chosen zone:
    assert not Calendar.from_ical(on.calendar).walk("VTIMEZONE")  # UTC times, no TZID, no VTIMEZONE
    assert answer(service, on, "calendar off") == "command"
    method, gone = event(mails(service)[-1])
    assert (method, gone["SEQUENCE"], gone["UID"]) == ("CANCEL", 1, held["UID"])
    assert answer(service, mails(service)[-1], "calendar maybe") == "refused"
    assert mails(service)[-1].calendar == ""


def test_hostile_words_in_a_table_name_stay_words_in_the_event(service: Service) -> None:
    opted_in(service)
    service.new_game("sticks", [ANN, BOB], seed=0, label='A; "B",\\C: D')
    _, parsed = event(mails(service)[-1])
    assert str(parsed["SUMMARY"]) == 'Your move in A; "B",\\C: D is due'


def flush(service: Service) -> None:
    async def run() -> None:
        worker = OutboxWorker(service)
        try:
            await worker.flush()
        finally:
            await worker.close()

    asyncio.run(run())


def test_the_event_survives_the_composed_mail_as_an_imip_part(relayed: Service, sink) -> None:
    opted_in(relayed)
    start(relayed)
    flush(relayed)
    (message,) = [message for message in sink.messages if message["To"] == ANN]
    parts = [part for part in message.walk() if part.get_content_type() == "text/calendar"]
    assert len(parts) == 1 and parts[0].get_param("method") == "REQUEST"
    assert message.get_content_type() == "multipart/alternative"
    sent = Calendar.from_ical(parts[0].get_content())
    assert sent.events[0]["UID"] == event(mails(relayed)[0])[1]["UID"]
    assert message.get_body(preferencelist=("html",)) is not None and "take 1" in message.get_body(
        preferencelist=("plain",)).get_content()


KHAL_CONFIG = """[calendars]
[[pbem]]
path = {folder}/calendar
type = calendar
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
default_timezone = Europe/Athens
local_timezone = Europe/Athens
[sqlite]
path = {folder}/khal.db
"""


@pytest.mark.skipif(shutil.which("khal") is None and not os.environ.get("CI"),
                    reason="khal, a calendar program, is not installed (pip install '.[test]' installs it; CI fails)")
def test_a_real_calendar_program_adds_moves_and_cancels_the_event(service: Service, tmp_path: Path) -> None:
    """khal imports each update as its user would, into one event (the same UID) that moves and is cancelled."""
    opted_in(service, notify="each")
    game_id = start(service)
    (tmp_path / "calendar").mkdir()
    config = tmp_path / "config"
    config.write_text(KHAL_CONFIG.format(folder=tmp_path))

    def imported(row: Outbox) -> list[str]:
        (tmp_path / "update.ics").write_text(row.calendar)
        khal = ["khal", "-c", str(config)]
        subprocess.run([*khal, "import", "--batch", "-a", "pbem", str(tmp_path / "update.ics")], check=True)
        listed = subprocess.run([*khal, "list", "2026-03-01", "2026-03-10", "--format", "{start} {end} {title} {status}",
                                 "--day-format", ""], check=True, capture_output=True, text=True).stdout
        return [line.strip() for line in listed.splitlines() if line.strip()]

    title = f"Your move in Sticks #{game_id} is due"
    assert imported(mails(service)[-1]) == [f"2026-03-04 10:45 2026-03-04 11:00 {title} CONFIRMED"]
    games.extend_deadline(Desk(service, "tester"), game_id, "1d", "travelling")
    assert imported(mails(service)[-1]) == [f"2026-03-05 10:45 2026-03-05 11:00 {title} CONFIRMED"]
    answer(service, mails(service)[-1], "take 1")
    assert imported(mails(service)[-1]) == [f"2026-03-05 10:45 2026-03-05 11:00 {title} CANCELLED"]


def test_a_player_replaced_at_the_seat_has_the_deadline_cancelled_and_the_newcomer_gets_it_if_asked(
        service: Service) -> None:
    opted_in(service)
    opted_in(service, "cy@example.org")
    game_id = start(service)
    first = event(mails(service)[-1])[1]
    games.replace(Desk(service, "tester"), game_id, 1, "cy@example.org", "moved abroad")
    method, gone = event(mails(service)[-1])
    assert (mails(service)[-1].kind, method, gone["UID"], gone.end) == ("organiser_action", "CANCEL", first["UID"],
                                                                         first.end)
    method, asked = event(mails(service, "cy@example.org")[-1])
    assert (method, asked["UID"], asked["ATTENDEE"]) == ("REQUEST", first["UID"], "mailto:cy@example.org")
    assert asked["SEQUENCE"] > gone["SEQUENCE"]


def test_a_pause_cancels_the_deadline_and_the_resume_sends_the_new_one(service: Service, clock: SetClock) -> None:
    opted_in(service)
    game_id = start(service)
    desk = Desk(service, "tester")
    games.pause(desk, game_id, "a rules question")
    method, paused = event(mails(service)[-1])
    assert (method, paused["SEQUENCE"]) == ("CANCEL", 1)
    clock.advance(timedelta(days=5))
    games.resume(desk, game_id, "answered")
    method, resumed = event(mails(service)[-1])
    assert (method, resumed["SEQUENCE"], resumed["UID"]) == ("REQUEST", 2, paused["UID"])
    assert resumed.end == deadline(service, game_id) > paused.end + timedelta(days=4)


def test_a_calendar_programs_accept_at_pbems_address_is_kept_not_forwarded(service: Service) -> None:
    """The event asks for no answer, but a player may press Accept: that mail is no question for the organiser."""
    opted_in(service)
    start(service)
    request = Calendar.from_ical(mails(service)[-1].calendar)
    request["METHOD"] = "REPLY"
    accepted = EmailMessage()
    accepted["From"], accepted["To"] = ANN, service.settings.from_address
    accepted["Subject"], accepted["Message-ID"] = "Accepted: Your move in Sticks #1 is due", "<accept@client.example>"
    accepted.set_content("Ann has accepted this invitation.")
    accepted.add_alternative(request.to_ical().decode(), subtype="calendar", params={"method": "REPLY"})
    before = len(outbox(service))
    outcome = pipeline.deliver(service, bytes(accepted))
    assert outcome.status == "ignored" and "METHOD:REPLY" in outcome.reason
    assert len(outbox(service)) == before  # neither answered nor forwarded to the organiser


def test_a_vacation_that_moves_the_deadline_moves_the_event_in_its_confirmation(service: Service) -> None:
    opted_in(service)
    game_id = start(service)
    first = event(mails(service)[-1])[1]
    assert answer(service, mails(service)[-1], "vacation until 2026-03-10") == "command"
    method, moved = event(mails(service)[-1])
    assert (method, moved["UID"], moved["SEQUENCE"]) == ("REQUEST", first["UID"], 1)
    assert moved.end == deadline(service, game_id) > first.end


def test_a_timed_out_seat_has_its_deadline_cancelled_in_the_timeout_mail(service: Service, clock: SetClock) -> None:
    """The deadline passed and a bot moved for the seat: it owes nothing now, so the event leaves the calendar."""
    from pbem.play import deadlines

    opted_in(service)
    game_id = start(service)
    _, asked = event(mails(service)[-1])
    clock.advance(timedelta(days=3))
    assert deadlines.scan(service).timeouts == 1
    timeout = mails(service)[-1]
    assert timeout.kind == "timeout"
    method, gone = event(timeout)
    assert (method, gone["UID"], gone["SEQUENCE"], gone.end) == ("CANCEL", asked["UID"], 1, asked.end)
    assert gone["STATUS"] == "CANCELLED"
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.seat == 0)).one()
        assert seat.calendar_due is None and not seat.awaiting


def test_an_address_change_cancels_the_event_at_the_old_address_and_sends_it_to_the_new(service: Service) -> None:
    """``pbem player address``: the old address's calendar loses the deadline, the new one gets it, and the
    seat's replies are read from the new address alone."""
    from pbem.admin import AdminError, players as player_actions

    opted_in(service)
    game_id = start(service)
    prompt = mails(service)[-1]
    _, asked = event(prompt)
    desk = Desk(service, "tester")
    with pytest.raises(AdminError, match="another player's address"):
        player_actions.readdress(desk, ANN, BOB, "typo")
    with pytest.raises(AdminError, match="--to"):
        player_actions.readdress(desk, ANN, "ann at example", "typo")
    assert mails(service) == [prompt], "a refused change mails no one"
    new = "ann@new.example"
    assert player_actions.readdress(desk, "Ann@Example.org", new, "her old mailbox closes") == [game_id]
    told_old = mails(service)[-1]
    assert told_old.kind == "organiser_action" and new in " ".join(told_old.text.split())
    method, gone = event(told_old)
    assert (method, gone["UID"], gone["SEQUENCE"], gone.end) == ("CANCEL", asked["UID"], 1, asked.end)
    assert gone["ATTENDEE"] == f"mailto:{ANN}"
    (told_new,) = mails(service, new)
    method, moved = event(told_new)
    assert (method, moved["UID"], moved["SEQUENCE"], moved.end) == ("REQUEST", asked["UID"], 2, asked.end)
    assert moved["ATTENDEE"] == f"mailto:{new}"
    assert answer(service, prompt, "take 1") != "applied", "the old address plays no more"
    assert mails(service, new)[-1].kind == "sender_notice", "the player hears of it at the new address"
    assert len(mails(service)) == 2, "the old address gets nothing more"
    assert pipeline.deliver(service, reply_to(prompt, "take 1", sender=new)).status == "applied"
