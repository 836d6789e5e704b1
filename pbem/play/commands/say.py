"""``say <text>``: game talk, mailed to the other human seats and shown in their next recap."""

from __future__ import annotations

from pbem.play.commands.base import CommandContext, N_, PlayerCommand, free_text, handled
from pbem.play.outcome import Outcome


def handle(context: CommandContext, argument: str) -> Outcome:
    game, seat, service = context.game, context.seat, context.service
    said = argument.strip()
    if not said:
        return context.refuse("empty", "say without a message")
    service.mails.say(context.session, game, seat, said)
    others = [s for s in range(len(game.seats)) if s != seat and game.human(s)]
    for other in others:
        service.mails.send_to_seat(context.session, game, other, "say", speaker=game.names([seat], other)[0], said=said)
    context.acknowledge("say", "", ", ".join(game.names(others, seat)))
    return handled("say")


COMMAND = PlayerCommand(name="say", usage=(N_("say <text>"),), summary=N_("a message to everyone at the table"),
                        read=free_text, handle=handle)
