"""``language el|hu|ru|en``: the language every later mail to the player is written in.

A player may name a language by its code or by its own name, as they would
write it (``ελληνικά``, ``magyar``, ``русский``, ``english``) or in English
(``greek``); case and accents do not matter, since phones add and drop both.
The command's own first word is accepted in each language too.

>>> language_named("Ελληνικα"), language_named("MAGYAR"), language_named("ru"), language_named("klingon")
('el', 'hu', 'ru', None)
"""

from __future__ import annotations

import unicodedata

from pbem.play.commands.base import N_, PlayerCommand, PlayerContext, first_word, handled
from pbem.play.outcome import Outcome
from tournaments.definition import LANGUAGES

OWN_NAMES = {"en": "English", "el": "Ελληνικά", "hu": "Magyar", "ru": "Русский"}
"""Each language as its readers write it: what the confirmation and the refusal show."""

_ENGLISH_NAMES = {"en": "english", "el": "greek", "hu": "hungarian", "ru": "russian"}

assert tuple(OWN_NAMES) == LANGUAGES, "every language pbem writes in needs its own name here"


def _plain(word: str) -> str:
    """A word in lower case without accents: "Ελληνικά" and "ελληνικα" are the same word."""
    decomposed = unicodedata.normalize("NFD", word.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


_BY_WORD = {_plain(word): code for code in LANGUAGES for word in (code, OWN_NAMES[code], _ENGLISH_NAMES[code])}


def language_named(word: str) -> str | None:
    """The code of the language ``word`` names (its code, its own name or its English name), or None."""
    return _BY_WORD.get(_plain(word))


_HUNGARIAN_LETTERS = frozenset("őűŐŰ")
"""Letters no other language pbem reads uses: one of them is enough."""

_HUNGARIAN_WORDS = frozenset({
    "és", "egy", "hogy", "nem", "igen", "köszönöm", "köszi", "kösz", "szia", "sziasztok", "helló", "kérem",
    "kérlek", "vagyok", "lépés", "lépek", "lépésem", "játék", "játékot", "szeretném", "üdv", "üdvözlettel",
    "rendben", "jó", "nagyon", "most", "mert", "vagy", "volt", "lesz", "amit", "ami", "ezt", "azt",
})
"""Common Hungarian words; two of them (and no other script) make a reply Hungarian."""

_SCRIPT_SHARE = 0.3
"""The share of a reply's letters that must be Greek or Cyrillic for it to count as written in that script."""


def language_written(text: str) -> str | None:
    """The language a player's reply is clearly written in (el, hu or ru), or None if it is not clear.

    Why it is kept simple: it only picks a first language for a player who has
    none, so a wrong "None" costs an English mail and a wrong guess costs one
    ``language`` command. Greek and Russian are told by their scripts (a third
    of the letters, at least three), Hungarian by ő or ű or two common words.

    >>> language_written("Καλησπέρα, παίζω take 1"), language_written("Привет! take 2"), language_written("take 1")
    ('el', 'ru', None)
    """
    letters = [char for char in text if char.isalpha()]
    greek = sum(1 for char in letters if "\u0370" <= char <= "\u03ff" or "\u1f00" <= char <= "\u1fff")
    cyrillic = sum(1 for char in letters if "\u0400" <= char <= "\u04ff")
    for code, count, other in (("el", greek, cyrillic), ("ru", cyrillic, greek)):
        if count >= 3 and count > other and count >= _SCRIPT_SHARE * len(letters):
            return code
    if greek or cyrillic:
        return None
    if any(char in _HUNGARIAN_LETTERS for char in letters):
        return "hu"
    words = {word.strip(".,;:!?()\"'").casefold() for word in text.split()}
    return "hu" if len(words & _HUNGARIAN_WORDS) >= 2 else None


def known_language(code: str) -> str:
    """``code`` if pbem writes in it (the --language of ``pbem play`` and ``pbem demo``); else a ValueError
    naming every language it writes in."""
    if code not in LANGUAGES:
        raise ValueError(f"{code!r} is not a language pbem writes in; choose one of "
                         + ", ".join(f"{each} ({OWN_NAMES[each]})" for each in LANGUAGES))
    return code


def handle(context: PlayerContext, argument: str) -> Outcome:
    """The player's setting, the same from a seat's reply or from a mail to pbem's own address."""
    code = language_named(argument)
    if code is None:
        return context.refuse("bad_language", f"language {argument!r} not known" if argument else
                              "language without a language",
                              detail=", ".join(f"{each} ({OWN_NAMES[each]})" for each in LANGUAGES))
    context.player.language = code
    context.acknowledge("language", OWN_NAMES[code], code)
    return handled("language")


COMMAND = PlayerCommand(
    name="language", aliases=("lang", "γλώσσα", "γλωσσα", "nyelv", "язык"), usage=("language en|el|hu|ru",),
    summary=N_("the language of your mails: English, Ελληνικά, Magyar or Русский (now %(language_name)s)"),
    read=first_word, handle=handle, refusals=("bad_language",), unseated=handle,
)
