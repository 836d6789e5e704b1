"""``vacation until YYYY-MM-DD``: the player's deadlines fall no earlier than the day after that date."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from pbem.clock import local_time
from pbem.play.commands.base import CommandContext, N_, PlayerCommand, PlayerContext, UnseatedContext, handled
from pbem.play.outcome import Outcome

if TYPE_CHECKING:
    from pbem.play.store import LoadedGame

_UNTIL = re.compile(r"until[ \t]+(\S+)[ \t]*\Z", re.IGNORECASE)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


def read(rest_of_line: str, _following: str) -> str:
    """The ISO date of ``until YYYY-MM-DD``, or "" when it is missing or not a real date (the handler explains)."""
    match = _UNTIL.match(rest_of_line)
    if match is None or not _ISO_DATE.match(match.group(1)):
        return ""
    try:
        return date.fromisoformat(match.group(1)).isoformat()
    except ValueError:
        return ""


def _until(context: PlayerContext, argument: str) -> date | Outcome:
    """The last day away, set for the player, or the refusal of a date not understood, gone by or too far.

    A day already over where the player lives holds nothing: taken, it would only restart an open deadline
    from now, which is no vacation, and tell the organiser the table waits when it does not."""
    settings, clock, player = context.service.settings, context.service.clock, context.player
    latest = (clock.now() + timedelta(days=settings.vacation_days)).date()
    try:
        until = date.fromisoformat(argument)
    except ValueError:
        return context.refuse("bad_vacation", f"vacation date {argument!r} not understood", until=latest.isoformat())
    today = clock.now().astimezone(ZoneInfo(player.time_zone)).date()
    if until < today:
        return context.refuse("vacation_past", f"vacation until {until} is before today ({today})",
                              detail=until.isoformat(), until=today.isoformat())
    if until > latest:
        return context.refuse("vacation_too_long", f"vacation until {until} is beyond {latest}",
                              limit=settings.vacation_days, until=latest.isoformat())
    context.player.vacation_until = until
    return until


def _hold(context: PlayerContext, game: LoadedGame, seat: int, until: date) -> str:
    """Move the seat's open deadline past the vacation (the organiser told when the table waits longer than
    the game's time to answer); the deadline as the player reads it, "" when the seat owes nothing."""
    service, player = context.service, context.player
    row = game.seats[seat]
    usual = (row.deadline if row.awaiting and row.deadline
             else service.clock.now() + timedelta(hours=game.row.deadline_hours))
    held = service.shown.deadline_for(game, seat)
    if row.awaiting:
        row.deadline = max(usual, held)
        row.reminded = False
    service.audit(context.session, player.email, "vacation", game.id, f"until {until}")
    mails, shown = service.mails, service.shown
    held_shown, usual_shown = f"{held:%Y-%m-%d %H:%M} UTC", f"{usual:%Y-%m-%d %H:%M} UTC"
    # The whole table waits for this seat longer than the game's time to answer; told only when the times the
    # mail shows differ, never that a deadline is now what it was.
    if held > usual and held_shown != usual_shown:
        mails.to_organiser(context.session, "organiser", "organiser", game.id, event="vacation_hold",
                           seat=shown.line(game, 0, seat, "", ""), until=until.isoformat(),
                           held=held_shown, usual=usual_shown,
                           hours=game.row.deadline_hours, timeouts=row.timeouts, **shown.base_context(game, seat),
                           reply_to=player.email)
    return shown.when(game, seat, row.deadline) if row.awaiting and row.deadline else ""


def handle(context: CommandContext, argument: str) -> Outcome:
    until = _until(context, argument)
    if isinstance(until, Outcome):
        return until
    game, seat, player, shown = context.game, context.seat, context.player, context.service.shown
    deadline = _hold(context, game, seat, until)
    context.send("command", command="vacation", value=until.isoformat(), extra=deadline, replaced="",
                 back=shown.when(game, seat, shown.back_from_vacation(player)), zone=player.time_zone,
                 hours=game.row.deadline_hours)
    return handled("vacation")


def unseated(context: UnseatedContext, argument: str) -> Outcome:
    """From pbem's own address: the vacation holds every seat of the player's, told in one mail."""
    until = _until(context, argument)
    if isinstance(until, Outcome):
        return until
    for game, seat in context.seats():
        _hold(context, game, seat, until)
    player = context.player
    back = local_time(context.service.shown.back_from_vacation(player), player.time_zone, player.reads)
    context.send("command", command="vacation", value=until.isoformat(), extra="", replaced="", back=back,
                 zone=player.time_zone, hours=0)
    if not context.seats():
        context.service.audit(context.session, player.email, "vacation", None, f"until {until}")
    return handled("vacation")


COMMAND = PlayerCommand(
    name="vacation", usage=(N_("vacation until YYYY-MM-DD"),),
    summary=N_("move your deadlines out (up to %(vacation_days)s days)"),
    read=read, handle=handle, refusals=("bad_vacation", "vacation_past", "vacation_too_long"), unseated=unseated,
)
