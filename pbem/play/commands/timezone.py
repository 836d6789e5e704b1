"""``timezone Area/City`` (or ``tz``): the zone every later mail to the player shows times in."""

from __future__ import annotations

from pbem.clock import closest_time_zones, time_zone
from pbem.play.commands.base import (CommandContext, N_, PlayerCommand, PlayerContext, UnseatedContext, first_word,
                                     handled)
from pbem.play.outcome import Outcome


def _set(context: PlayerContext, argument: str) -> str | Outcome:
    """The zone now set for the player, or the refusal of one not known."""
    zone = time_zone(argument)
    if zone is None:
        return context.refuse("bad_timezone", f"time zone {argument!r} not known" if argument else
                              "timezone without a zone", suggestions=closest_time_zones(argument))
    context.player.time_zone = zone
    return zone


def handle(context: CommandContext, argument: str) -> Outcome:
    zone = _set(context, argument)
    if isinstance(zone, Outcome):
        return zone
    game, seat = context.game, context.seat
    row = game.seats[seat]
    context.acknowledge("timezone", zone, context.service.shown.when(game, seat, row.deadline)
                        if row.awaiting and row.deadline else "")
    return handled("timezone")


def unseated(context: UnseatedContext, argument: str) -> Outcome:
    """From pbem's own address: the zone is set for every game; no one seat's deadline to show."""
    zone = _set(context, argument)
    if isinstance(zone, Outcome):
        return zone
    context.acknowledge("timezone", zone, "")
    return handled("timezone")


COMMAND = PlayerCommand(
    name="timezone", aliases=("tz",), usage=(N_("timezone <Area/City>"),),
    summary=N_("show deadlines in your time zone, e.g. Europe/Athens (now %(time_zone)s)"),
    read=first_word, handle=handle, refusals=("bad_timezone",), unseated=unseated,
)
