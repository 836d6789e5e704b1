"""``history``: every move of the game so far, without the table talk."""

from __future__ import annotations

from pbem.commands.base import CommandContext, PlayerCommand, handled, no_argument
from pbem.outcome import Outcome


def handle(context: CommandContext, _argument: str) -> Outcome:
    table, seat, service = context.table, context.seat, context.service
    row = table.seats[seat]
    saved, row.prompted_seq = row.prompted_seq, 0  # the recap since move 0 is the whole game
    lines = [line for line in service.recap(table, seat) if line.source != "say"]
    row.prompted_seq = saved
    context.send_to_seat("history", lines=lines)
    return handled("history")


COMMAND = PlayerCommand(name="history", usage=("history",), summary="every move so far",
                        read=no_argument, handle=handle)
