"""``help``: the help mail, made from the registry, with the seat's own settings filled in."""

from __future__ import annotations

from typing import Any

from pbem.play.commands import calendar
from pbem.play.commands.base import CommandContext, N_, PlayerCommand, PlayerContext, UnseatedContext, handled, \
    no_argument
from pbem.play.commands.language import OWN_NAMES
from pbem.play.outcome import Outcome


def handle(context: CommandContext, _argument: str) -> Outcome:
    game, seat = context.game, context.seat
    decision = game.rules.decision(game.state, seat)
    said = context.service.shown.words(game, seat)
    context.send("help", hint=said.move(decision.hint) if decision else "", **_settings(context))
    return handled("help")


def unseated(context: UnseatedContext, _argument: str) -> Outcome:
    """From pbem's own address (a reply to the welcome): the same list of commands, no game's move to show."""
    context.send("help", hint="", game_title="", seat_no=0, **_settings(context))
    return handled("help")


def _settings(context: PlayerContext) -> dict[str, Any]:
    """The player's settings the commands' summaries show (``%(notify)s``, …), wherever help was asked."""
    player = context.player
    return {"vacation_days": context.service.settings.vacation_days, "notify": player.notify,
            "calendar": calendar.shown(player.calendar), "time_zone": player.time_zone,
            "language_name": OWN_NAMES[player.reads]}


COMMAND = PlayerCommand(name="help", usage=("help",), summary=N_("this mail"), read=no_argument, handle=handle,
                        unseated=unseated)
