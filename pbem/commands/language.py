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

from pbem.commands.base import CommandContext, N_, PlayerCommand, first_word, handled
from pbem.outcome import Outcome
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


def handle(context: CommandContext, argument: str) -> Outcome:
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
    read=first_word, handle=handle, refusals=("bad_language",),
)
