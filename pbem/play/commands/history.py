"""``history``: every move of the game so far, without the game talk."""

from __future__ import annotations

from pbem.play.commands.base import CommandContext, N_, PlayerCommand, handled, no_argument
from pbem.play.outcome import Outcome


def handle(context: CommandContext, _argument: str) -> Outcome:
    game, seat, service = context.game, context.seat, context.service
    lines = [line for line in service.shown.recap(game, seat, since=0) if line.source != "say"]  # the whole game
    context.send("history", lines=lines)
    return handled("history")


COMMAND = PlayerCommand(name="history", usage=("history",), summary=N_("every move so far"),
                        read=no_argument, handle=handle)
