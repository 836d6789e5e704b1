"""``history``: every move of the game so far, without the game talk."""

from __future__ import annotations

from pbem.play.commands.base import CommandContext, N_, PlayerCommand, handled, no_argument
from pbem.play.outcome import Outcome


def handle(context: CommandContext, _argument: str) -> Outcome:
    context.send("history", lines=context.service.shown.history(context.game, context.seat))
    return handled("history")


COMMAND = PlayerCommand(name="history", usage=("history",), summary=N_("every move so far"),
                        read=no_argument, handle=handle)
