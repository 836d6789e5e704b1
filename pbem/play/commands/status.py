"""``status``: the board, what the seat owes and what it keeps for its next turn, mailed again."""

from __future__ import annotations

from pbem.play.commands.base import CommandContext, N_, PlayerCommand, UnseatedContext, handled, no_argument
from pbem.play.outcome import Outcome


def handle(context: CommandContext, _argument: str) -> Outcome:
    game, seat = context.game, context.seat
    waiting = game.names(sorted(game.rules.to_act(game.state)), seat)
    held = game.early.get(seat)
    context.send("status", picture=True, waiting=waiting, kept=held.text.splitlines() if held else [],
                 recap=context.service.shown.since_own_move(game, seat),
                 at_deadline=context.service.mails.at_deadline(context.session, game, seat),
                 next_after=context.service.mails.next_after(game, seat),
                 **context.service.shown.decision_context(game, seat))
    return handled("status")


def unseated(context: UnseatedContext, argument: str) -> Outcome:
    """From pbem's own address: the one seat's status in its thread, or every game listed with its address."""
    seats = context.seats()
    if len(seats) == 1:
        return handle(context.at_seat(*seats[0]), argument)
    context.send("frontdesk", event="games")
    return handled("status")


COMMAND = PlayerCommand(name="status", usage=("status",), summary=N_("the board and what you owe, again"),
                        read=no_argument, handle=handle, unseated=unseated)
