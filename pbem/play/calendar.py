"""Deadlines in the player's calendar: the iCalendar event a seat's mail carries (``calendar on``).

A player who asked for it gets each open deadline of theirs as an event, in
the mails of the seat, as iMIP does it (RFC 6047): a ``text/calendar`` part
with ``METHOD:REQUEST``, which calendar programs offer to add and later
update, and ``METHOD:CANCEL`` once the seat owes nothing. Each seat is one
event (one ``UID`` for the whole game), so the player's calendar holds at most
one entry per table, moved as the deadline moves; every update raises its
``SEQUENCE`` (RFC 5546 3.2.2 and 3.2.5: an update with a sequence not above the
one held is ignored), so a program that gets two updates out of order keeps
the later one.

What the event must say is decided from the seat as it is when a mail is
written (:func:`change`), not by each place that moves a deadline (a prompt, an
extension, a vacation, a resume): the seat records what the player's calendar
holds (``Seat.calendar_due``), and the seat's next mail corrects it when it
differs. The words (title and description) come from ``templates/email/``
in the player's language; building the object is :mod:`icalendar`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import Message
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event, vCalAddress

from pbem.clock import stored
from pbem.ops.db import Seat

REQUEST, CANCEL = "REQUEST", "CANCEL"
LENGTH = timedelta(minutes=15)
"""The event is the quarter of an hour that ends at the deadline: a calendar shows a block the player sees
coming, and an event must last (RFC 5545 3.8.2.2: DTEND is later than DTSTART)."""
WARN_BEFORE = timedelta(hours=1)
"""Its alarm rings this long before the event starts."""
PRODUCT = "-//pbem//deadlines//EN"
ZONE_SPAN = timedelta(days=2)
"""The VTIMEZONE covers the days around the event, on both sides of it and of its alarm."""


@dataclass(frozen=True)
class Change:
    """What a seat's next mail tells the player's calendar: the method, the deadline it is about (for a cancel,
    the one the calendar held) and the update's sequence number."""

    method: str
    due: datetime
    sequence: int


@dataclass(frozen=True)
class Invite:
    """One calendar object as a mail carries it: its method (the Content-Type repeats it) and its text."""

    method: str
    text: str


@dataclass(frozen=True)
class Attendee:
    """A mailbox as the event names it: the organiser (pbem) or the player."""

    address: str
    name: str = ""


@dataclass(frozen=True)
class Entry:
    """Everything an event says besides its times: who, what, and in which zone it is shown."""

    uid: str
    organiser: Attendee
    player: Attendee
    zone: str
    summary: str
    description: str


def uid(game_id: int, seat: int, domain: str) -> str:
    """The event of one seat of one game, the same in every mail of the game (seats counted from 1)."""
    return f"game-{game_id}-seat-{seat + 1}@{domain}"


def change(row: Seat, wanted: bool, asks: bool) -> Change | None:
    """The update the seat's next mail carries, or None; the seat then records it as the calendar's.

    ``wanted``: the player has ``calendar on``. ``asks``: the mail asks for a new decision (a prompt), which is
    a new request even when its deadline happens to be the old one. The seat's open deadline is sent when the
    calendar does not hold it; what the calendar holds is cancelled when the seat owes nothing (it moved, the
    game ended, a bot took the seat) or the player turned the calendar off.
    """
    due = stored(row.deadline) if wanted and row.awaiting and row.deadline is not None else None
    held = stored(row.calendar_due) if row.calendar_due is not None else None
    if due is not None and (asks or due != held):
        method, about = REQUEST, due
    elif due is None and held is not None:
        method, about = CANCEL, held
    else:
        return None
    sequence = row.calendar_sent
    row.calendar_sent, row.calendar_due = sequence + 1, due
    return Change(method, about, sequence)


def invite(update: Change, event: Entry, stamp: datetime) -> Invite:
    """The VCALENDAR of one update: the event of ``event.uid`` ending at the deadline, or its cancellation.

    The times carry the player's zone (``TZID``, with the zone's rules in a ``VTIMEZONE``, RFC 5545 3.2.19)
    rather than plain UTC: the instant is the same, but a program that shows an event's own zone shows the
    one the player chose with ``timezone``, as every mail of pbem does. A player in UTC gets UTC times, which
    need no VTIMEZONE.
    """
    zone = ZoneInfo(event.zone)
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("method", update.method)
    entry = Event()
    entry.add("uid", event.uid)
    entry.add("sequence", update.sequence)
    entry.add("dtstamp", stored(stamp))
    entry.add("dtstart", (update.due - LENGTH).astimezone(zone))
    entry.add("dtend", update.due.astimezone(zone))
    entry.add("summary", event.summary)
    entry.add("description", event.description)
    entry.add("organizer", _address(event.organiser))
    attendee = _address(event.player)
    attendee.params.update({"ROLE": "REQ-PARTICIPANT", "PARTSTAT": "NEEDS-ACTION", "RSVP": "FALSE"})
    entry.add("attendee", attendee)
    entry.add("transp", "TRANSPARENT")  # a deadline, not a meeting: the player is not busy then
    entry.add("status", "CONFIRMED" if update.method == REQUEST else "CANCELLED")
    if update.method == REQUEST:
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", event.summary)
        alarm.add("trigger", -WARN_BEFORE)
        entry.add_component(alarm)
    calendar.add_component(entry)
    if event.zone != "UTC":  # the zone's rules around this one event: the whole zone since 1970 is pages long
        calendar.add_missing_timezones(first_date=(update.due - ZONE_SPAN).date(),
                                       last_date=(update.due + ZONE_SPAN).date())
    return Invite(update.method, calendar.to_ical().decode("utf-8"))


def answers_an_event(message: Message) -> bool:
    """Whether a mail is a calendar program's answer to an event (``text/calendar; method=REPLY``, RFC 6047).

    The events name pbem's own address as their organiser and ask for no answer (``RSVP=FALSE``), but a player
    may press Accept all the same: the answer comes to pbem's own address, where it is no question for the
    organiser and is only kept (:mod:`pbem.play.frontdesk`).
    """
    return any(part.get_content_type() == "text/calendar" and str(part.get_param("method", "")).upper() == "REPLY"
               for part in message.walk())


def _address(who: Attendee) -> vCalAddress:
    address = vCalAddress(f"mailto:{who.address}")
    if who.name:
        address.params["CN"] = who.name
    return address

