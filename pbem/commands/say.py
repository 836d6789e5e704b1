"""``say <text>``: table talk, mailed to the other human seats and shown in their next recap."""

from __future__ import annotations

from pbem.commands.base import CommandContext, PlayerCommand, free_text, handled
from pbem.outcome import Outcome


def handle(context: CommandContext, argument: str) -> Outcome:
    table, seat, service = context.table, context.seat, context.service
    said = argument.strip()
    if not said:
        return context.refuse("empty", "say without a message")
    service.say(context.session, table, seat, said)
    others = [s for s in range(len(table.seats)) if s != seat and table.human(s)]
    for other in others:
        service.send_to_seat(context.session, table, other, "say", speaker=table.name(seat), said=said)
    context.acknowledge("say", "", ", ".join(table.name(s) for s in others))
    return handled("say")


COMMAND = PlayerCommand(name="say", usage=("say <text>",), summary="a message to everyone at the table",
                        read=free_text, handle=handle)
