"""``vacation until YYYY-MM-DD``: the player's deadlines fall no earlier than the day after that date."""

from __future__ import annotations

import re
from datetime import date, timedelta

from pbem.play.commands.base import CommandContext, N_, PlayerCommand, handled
from pbem.play.outcome import Outcome

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


def handle(context: CommandContext, argument: str) -> Outcome:
    service, game, seat, player = context.service, context.game, context.seat, context.player
    settings, clock = service.settings, service.clock
    latest = (clock.now() + timedelta(days=settings.vacation_days)).date()
    try:
        until = date.fromisoformat(argument)
    except ValueError:
        return context.refuse("bad_vacation", f"vacation date {argument!r} not understood", until=latest.isoformat())
    if until > latest:
        return context.refuse("vacation_too_long", f"vacation until {until} is beyond {latest}",
                              limit=settings.vacation_days, until=latest.isoformat())
    player.vacation_until = until
    row = game.seats[seat]
    usual = row.deadline if row.awaiting and row.deadline else clock.now() + timedelta(hours=game.row.deadline_hours)
    held = service.shown.deadline_for(game, seat)
    if row.awaiting:
        row.deadline = max(usual, held)
        row.reminded = False
    service.audit(context.session, player.email, "vacation", game.id, f"until {until}")
    mails, shown = service.mails, service.shown
    if held > usual:  # the whole table waits for this seat longer than the game's time to answer
        mails.to_organiser(context.session, "organiser", "organiser", game.id, event="vacation_hold",
                           seat=shown.line(game, 0, seat, "", ""), until=until.isoformat(),
                           held=f"{held:%Y-%m-%d %H:%M} UTC", usual=f"{usual:%Y-%m-%d %H:%M} UTC",
                           hours=game.row.deadline_hours, timeouts=row.timeouts, **shown.base_context(game, seat))
    deadline = shown.when(game, seat, row.deadline) if row.awaiting and row.deadline else ""
    context.send("command", command="vacation", value=until.isoformat(), extra=deadline, replaced="",
                 back=shown.when(game, seat, shown.back_from_vacation(player)), zone=player.time_zone,
                 hours=game.row.deadline_hours)
    return handled("vacation")


COMMAND = PlayerCommand(
    name="vacation", usage=("vacation until YYYY-MM-DD",),
    summary=N_("move your deadlines out (up to %(vacation_days)s days)"),
    read=read, handle=handle, refusals=("bad_vacation", "vacation_too_long"),
)
