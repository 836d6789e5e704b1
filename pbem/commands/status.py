"""``status``: the board and what the seat owes, mailed again."""

from __future__ import annotations

from pbem.commands.base import CommandContext, PlayerCommand, handled, no_argument
from pbem.outcome import Outcome


def handle(context: CommandContext, _argument: str) -> Outcome:
    table, seat = context.table, context.seat
    waiting = [table.name(s) for s in sorted(table.rules.to_act(table.state))]
    context.send_to_seat("status", picture=True, waiting=waiting, **context.service.decision_context(table, seat))
    return handled("status")


COMMAND = PlayerCommand(name="status", usage=("status",), summary="the board and what you owe, again",
                        read=no_argument, handle=handle)
