"""``notify each|digest|none``: how a player hears of the other players' moves at their tables."""

from __future__ import annotations

from pbem.play.commands.base import N_, PlayerCommand, PlayerContext, handled
from pbem.play.outcome import Outcome

CHOICES = ("each", "digest", "none")
"""A mail per move (and every own move confirmed at once), one mail a day, or only the recap at the top of the
next prompt (the default; it also confirms the player's own moves)."""


def read(rest_of_line: str, _following: str) -> str:
    """The choice in lower case, or "" when it is none of :data:`CHOICES` (the handler explains)."""
    choice = rest_of_line.lower()
    return choice if choice in CHOICES else ""


def handle(context: PlayerContext, argument: str) -> Outcome:
    """The player's setting, for all their tables: the same from a seat's reply or from pbem's own address
    (where the daily digest, which asks for it, is answered)."""
    if not argument:
        return context.refuse("bad_notify", "notify needs each, digest or none")
    context.player.notify = argument
    context.acknowledge("notify", argument, "")
    return handled("notify")


COMMAND = PlayerCommand(
    name="notify", usage=("notify each|digest|none",),
    summary=N_("mails about other players' moves: each one, one a day, or none (you are \"%(notify)s\" now)"),
    read=read, handle=handle, refusals=("bad_notify",), unseated=handle,
)
