"""``help``: the help mail, made from the registry, with the seat's own settings filled in."""

from __future__ import annotations

from pbem.play.commands.base import CommandContext, N_, PlayerCommand, UnseatedContext, handled, no_argument
from pbem.play.commands.language import OWN_NAMES
from pbem.play.outcome import Outcome


def handle(context: CommandContext, _argument: str) -> Outcome:
    game, seat, player = context.game, context.seat, context.player
    decision = game.rules.decision(game.state, seat)
    said = context.service.shown.words(game, seat)
    context.send("help", hint=said.move(decision.hint) if decision else "",
                         vacation_days=context.service.settings.vacation_days,
                         notify=player.notify, time_zone=player.time_zone, language_name=OWN_NAMES[player.reads])
    return handled("help")


def unseated(context: UnseatedContext, _argument: str) -> Outcome:
    """From pbem's own address (a reply to the welcome): the same list of commands, no game's move to show."""
    player = context.player
    context.send("help", hint="", game_title="", seat_no=0, vacation_days=context.service.settings.vacation_days,
                 notify=player.notify, time_zone=player.time_zone, language_name=OWN_NAMES[player.reads])
    return handled("help")


COMMAND = PlayerCommand(name="help", usage=("help",), summary=N_("this mail"), read=no_argument, handle=handle,
                        unseated=unseated)
