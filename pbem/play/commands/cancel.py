"""``cancel``: drop the answer kept for the seat's next turn, before that turn comes."""

from __future__ import annotations

from engine.text import separator
from pbem.play.commands.base import CommandContext, N_, PlayerCommand, handled, no_argument
from pbem.play.outcome import Outcome


def handle(context: CommandContext, _argument: str) -> Outcome:
    game, seat = context.game, context.seat
    if seat not in game.early:
        return context.refuse("nothing_kept", "cancel: nothing is kept for the seat's next turn")
    dropped = context.service.turns.drop_early(context.session, game, seat)
    context.service.audit(context.session, "player", "cancel", game.id, f"seat {seat + 1}: dropped {dropped.text!r}")
    context.acknowledge("cancel", dropped.text.replace("\n", separator(context.service.shown.words(game, seat))), "")
    return handled("cancel")


COMMAND = PlayerCommand(name="cancel", usage=("cancel",),
                        summary=N_("drop the move you sent before your turn, kept for it"),
                        read=no_argument, handle=handle, refusals=("nothing_kept",))
