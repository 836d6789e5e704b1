"""``timezone Area/City`` (or ``tz``): the zone every later mail to the player shows times in."""

from __future__ import annotations

from pbem.clock import closest_time_zones, time_zone
from pbem.commands.base import CommandContext, PlayerCommand, handled
from pbem.outcome import Outcome


def read(rest_of_line: str, _following: str) -> str:
    """The first word after the command, as written; the handler finds the zone whatever its case."""
    return rest_of_line.split()[0] if rest_of_line else ""


def handle(context: CommandContext, argument: str) -> Outcome:
    zone = time_zone(argument)
    if zone is None:
        return context.refuse("bad_timezone", f"time zone {argument!r} not known" if argument else
                              "timezone without a zone", suggestions=closest_time_zones(argument))
    context.player.time_zone = zone
    game, seat = context.game, context.seat
    row = game.seats[seat]
    context.acknowledge("timezone", zone, context.service.mails.when(game, seat, row.deadline)
                        if row.awaiting and row.deadline else "")
    return handled("timezone")


COMMAND = PlayerCommand(
    name="timezone", aliases=("tz",), usage=("timezone <Area/City>",),
    summary="show deadlines in your time zone, e.g. Europe/Athens (now %(time_zone)s)",
    read=read, handle=handle, refusals=("bad_timezone",),
)
