"""The generic commands a player can mail in any game, told apart from moves.

A reply's first non-empty line decides: ``help``, ``status``, ``cancel``, ``undo``, ``history``,
``say …``, ``vacation until YYYY-MM-DD``, ``notify each|digest|none``, ``calendar on|off``,
``timezone Area/City``, ``language el|hu|ru|en``, ``dispute …``, ``leave``, ``join …``, ``follow GAME`` or
``unfollow GAME`` is a command
(``leave`` also as a mail's whole subject: the List-Unsubscribe mailto); anything else is a move reply for the engine.
Commands are recognised case-insensitively because phones capitalise the
first word of a mail.

Each command is one module here (its words, reader and handler) plus one
template block, ``templates/email/commands/NAME.j2``; :data:`COMMANDS` lists
them, in the order the help mail shows them.

>>> read_command("Say good luck all\\nand have fun")
Command(name='say', argument='good luck all\\nand have fun')
>>> read_command("group 2 tax") is None
True
>>> COMMANDS["tz"].name, COMMANDS["timezone"].usage
('timezone', ('timezone <Area/City>',))
"""

from __future__ import annotations

from pbem.play.commands import calendar, cancel, dispute, follow, help, history, join, language, leave, notify, \
    say, status, timezone, undo, vacation
from pbem.play.commands.base import Command, CommandContext, PlayerCommand
from pbem.play.commands.registry import Registry

COMMANDS = Registry([
    help.COMMAND, status.COMMAND, cancel.COMMAND, undo.COMMAND, history.COMMAND, say.COMMAND, vacation.COMMAND,
    notify.COMMAND, calendar.COMMAND, timezone.COMMAND, language.COMMAND, dispute.COMMAND, leave.COMMAND, join.COMMAND,
    follow.FOLLOW, follow.UNFOLLOW,
])
"""Every player command, in help order: the one list of them."""

NOTIFY_CHOICES = notify.CHOICES


def read_command(text: str) -> Command | None:
    """The command ``text`` starts with, or None when it is a move reply."""
    return COMMANDS.read(text)


__all__ = ["COMMANDS", "NOTIFY_CHOICES", "Command", "CommandContext", "PlayerCommand", "Registry", "read_command"]
