"""The generic commands a player can mail in any game, told apart from moves.

A reply's first non-empty line decides: ``help``, ``status``, ``history``,
``say …``, ``vacation until YYYY-MM-DD``, ``notify each|digest|none``,
``timezone Area/City`` or ``dispute …`` is a command; anything else is a move reply for the engine.
Commands are recognised case-insensitively because phones capitalise the
first word of a mail.

>>> read_command("Say good luck all\\nand have fun")
Command(name='say', argument='good luck all\\nand have fun')
>>> read_command("group 2 tax") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Command:
    """A generic command: its name and its argument ("" when it takes none or it was malformed)."""

    name: str
    argument: str


NOTIFY_CHOICES = ("each", "digest", "none")

_BARE = frozenset({"help", "status", "history"})
_FIRST_WORD = re.compile(r"(\S+)(?:[ \t]+(.*))?\Z", re.DOTALL)
_VACATION = re.compile(r"until[ \t]+(\S+)[ \t]*\Z", re.IGNORECASE)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


def read_command(text: str) -> Command | None:
    """The command ``text`` starts with, or None when it is a move reply."""
    stripped = text.lstrip()
    if not stripped:
        return None
    first_line, _, following = stripped.partition("\n")
    match = _FIRST_WORD.match(first_line.strip())
    if match is None:
        return None
    word = match.group(1).lower().rstrip(".!?:,")
    rest_of_line = (match.group(2) or "").strip()
    if word in _BARE:
        return Command(word, "")
    if word in ("say", "dispute"):
        return _free_text(word, rest_of_line, following)
    if word == "vacation":
        return Command("vacation", _vacation_date(rest_of_line))
    if word == "notify":
        choice = rest_of_line.lower()
        return Command("notify", choice if choice in NOTIFY_CHOICES else "")
    if word in ("timezone", "tz"):
        return Command("timezone", rest_of_line.split()[0] if rest_of_line else "")
    return None


def _free_text(name: str, rest_of_line: str, following: str) -> Command:
    argument = "\n".join(part for part in (rest_of_line, following.strip()) if part)
    return Command(name, argument.strip())


def _vacation_date(words: str) -> str:
    """The ISO date of ``until YYYY-MM-DD``, or "" when it is missing or not a real date."""
    match = _VACATION.match(words)
    if match is None or not _ISO_DATE.match(match.group(1)):
        return ""
    try:
        return date.fromisoformat(match.group(1)).isoformat()
    except ValueError:
        return ""
