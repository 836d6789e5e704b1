"""Reading a ``join`` mailed to pbem's own address, from anyone, and what the mail tells of its writer.

Anyone may write ``join Spring Cup`` (or ``συμμετοχή``, ``jelentkezem``,
``участвую`` …) to pbem's own address. Besides the ask, the mail tells the
language of its writer (the command's word, a ``Content-Language``, its
script) and a time zone (its ``Date`` header's offset): both guesses, stated
back to the player with how to change them. What is read goes to the
service's sign-ups as a :class:`pbem.play.signups.JoinMail`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import Message
from email.utils import parsedate_tz
from zoneinfo import ZoneInfo

from pbem.play.commands import COMMANDS
from pbem.play.commands.join import CONFIRM, language_of_word
from pbem.play.commands.language import language_written
from tournaments.definition import LANGUAGES

REPLY_PREFIX = re.compile(r"^\s*((re|aw|sv|vs|fw|fwd|wg|απ|σχετ|отв|ответ|ha|vá|válasz)(\[\d+\])?\s*:\s*)+",
                           re.IGNORECASE)
"""What mail clients put before the subject they answer or forward, in the languages pbem reads."""
_CONFIRM_LINE = re.compile(rf"\bjoin\s+{CONFIRM}\s+([0-9a-f]{{10}})\b", re.IGNORECASE)
"""The confirmation's own line, found anywhere in a reply's subject (a mail program keeps it after ``Re:``)."""


@dataclass(frozen=True)
class Asked:
    """What a mail asks of the sign-up: the tournament's words or a token, and the word it used."""

    words: str
    token: str
    word: str


def read(subject: str, text: str) -> Asked | None:
    """The ``join`` a mail carries on its first line, or as its subject (a new mail), or the confirmation line in
    a reply's subject; None when it carries none."""
    for place in (text, REPLY_PREFIX.sub("", subject)):
        command = COMMANDS.read(place)
        if command is not None and command.name == "join":
            word = place.split(maxsplit=1)[0].rstrip(".!?:,").casefold()
            argument = command.argument
            if argument.startswith(CONFIRM):
                return Asked("", argument.removeprefix(CONFIRM).strip(), word)
            return Asked(argument, "", word)
        if command is not None:
            return None
    found = _CONFIRM_LINE.search(subject)
    return Asked("", found.group(1), "join") if found else None


def guessed_language(asked: Asked, message: Message, text: str) -> str:
    """The language a ``join`` is written in: its word's (``участвую`` is Russian), else the
    ``Content-Language`` the mail program wrote, else its text's script (:func:`language_written`); "" when
    none of them tells."""
    by_word = language_of_word(asked.word)
    if by_word and by_word != "en":
        return by_word
    header = str(message.get("Content-Language", "")).split(",")[0].strip().lower()[:2]
    if header in LANGUAGES:
        return header
    return language_written(text) or by_word


HOME_ZONES = {
    "el": ("Europe/Athens",),
    "hu": ("Europe/Budapest",),
    "ru": ("Europe/Moscow", "Europe/Kaliningrad", "Europe/Samara", "Asia/Yekaterinburg", "Asia/Omsk",
           "Asia/Novosibirsk", "Asia/Irkutsk", "Asia/Yakutsk", "Asia/Vladivostok", "Asia/Magadan",
           "Asia/Kamchatka"),
    "en": ("Europe/London",),
}
"""Where players of each language most often live: the first whose offset fits the mail's is the guess."""


def guessed_zone(message: Message, language: str) -> str:
    """A time zone for a mail's ``Date`` offset: a zone where its language is spoken that has that offset on
    that day, else the fixed ``Etc/GMT±N`` of a whole-hour offset, else UTC. Only a guess: an offset is shared
    by many zones, and the player is told how to change it."""
    parts = parsedate_tz(str(message.get("Date", "")))
    if parts is None or parts[9] is None:
        return "UTC"
    offset = timedelta(seconds=parts[9])
    try:
        moment = datetime(*parts[:6], tzinfo=UTC) - offset
    except (ValueError, OverflowError):
        return "UTC"
    for zone in HOME_ZONES.get(language, ()):
        if moment.astimezone(ZoneInfo(zone)).utcoffset() == offset:
            return zone
    hours, rest = divmod(int(offset.total_seconds()), 3600)
    if rest or not hours or not -12 <= hours <= 14:
        return "UTC"
    return f"Etc/GMT{-hours:+d}"  # POSIX signs: Etc/GMT-2 is two hours ahead of UTC
