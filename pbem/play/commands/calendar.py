"""``calendar on|off``: each open deadline of the player's as an event for their calendar (:mod:`pbem.play.calendar`).

A command of its own, not a fourth ``notify`` choice: ``notify`` chooses one way of hearing of the other players'
moves, while the calendar goes with any of them, so it is switched on and off by itself, as ``vacation`` and
``timezone`` are.
"""

from __future__ import annotations

from pbem.play.commands.base import N_, PlayerCommand, PlayerContext, first_word, handled
from pbem.play.outcome import Outcome

CHOICES = {"on": True, "off": False}


def shown(player_calendar: bool) -> str:
    """The setting as the help mail and the command write it."""
    return "on" if player_calendar else "off"


def read(rest_of_line: str, following: str) -> str:
    """The choice in lower case, or "" when it is neither of :data:`CHOICES` (the handler explains)."""
    choice = first_word(rest_of_line, following).lower()
    return choice if choice in CHOICES else ""


def handle(context: PlayerContext, argument: str) -> Outcome:
    """The player's setting, for all their seats; the confirmation to a seat carries that seat's event already
    (or its cancellation), and each other seat's next mail carries its own."""
    if not argument:
        return context.refuse("bad_calendar", "calendar needs on or off")
    context.player.calendar = CHOICES[argument]
    context.acknowledge("calendar", argument, "")
    return handled("calendar")


COMMAND = PlayerCommand(
    name="calendar", usage=("calendar on|off",),
    summary=N_("each of your deadlines as an event for your calendar, in the mails of your games (now %(calendar)s)"),
    read=read, handle=handle, refusals=("bad_calendar",), unseated=handle,
)
