"""``follow GAME [day|move]`` and ``unfollow GAME``: a game's public view by mail, for anyone its tournament allows.

The reading and the deciding are :mod:`pbem.play.observers`' (a mail to pbem's own address from any address
reaches it there first, :mod:`pbem.play.frontdesk`); here are the commands' words for the help mail, and their
handler in a reply to one of the player's own game mails.
"""

from __future__ import annotations

from pbem.play import observers
from pbem.play.commands.base import N_, CommandContext, PlayerCommand, UnseatedContext
from pbem.play.outcome import Outcome


def handle(verb: str, context: CommandContext | UnseatedContext, argument: str) -> Outcome:
    """A registered player's ``follow`` or ``unfollow``, answered at their registered address."""
    service, player = context.service, context.player
    return observers.handle(service.mails, service.memberships, context.session, player.email, player, verb,
                            argument, player.reads)


def follow(context: CommandContext | UnseatedContext, argument: str) -> Outcome:
    return handle("follow", context, argument)


def unfollow(context: CommandContext | UnseatedContext, argument: str) -> Outcome:
    return handle("unfollow", context, argument)


FOLLOW = PlayerCommand(
    name="follow", usage=(N_("follow <game> [day|move]"),),
    summary=N_("follow a game you do not play by mail, as a spectator sees it: a mail a day, or after each move"),
    read=observers.read, handle=follow, unseated=follow,
)

UNFOLLOW = PlayerCommand(
    name="unfollow", usage=(N_("unfollow <game>"),), summary=N_("stop following a game"),
    read=observers.read, handle=unfollow, unseated=unfollow,
)
