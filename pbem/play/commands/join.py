"""``join <tournament>``: sign up for a tournament open to sign-ups, by mail, from any address.

Mailed to pbem's own address it is read before anything asks whether the
sender is a player (:mod:`pbem.play.frontdesk`, :mod:`pbem.play.signups`): a
stranger may join. It causes one mail only, a confirmation to the sender's
address with a line to send back (``join confirm TOKEN``), so only who reads
that mailbox completes it (double opt-in); the tournament layer decides the
rest (:mod:`pbem.tournament.signup`). In a game's own mail it is the same ask,
for the player's address.
"""

from __future__ import annotations

import unicodedata

from pbem.play.commands.base import N_, CommandContext, PlayerCommand
from pbem.play.outcome import Outcome
from pbem.play.signups import JoinMail

CONFIRM = "confirm"

WORDS = {
    "en": ("join",),
    "el": ("συμμετοχή", "εγγραφή"),
    "hu": ("jelentkezem", "jelentkezés", "csatlakozom"),
    "ru": ("участвую", "записаться", "запишите"),
}
"""The first words that ask to join, per language: the word used is the first guess of the writer's language."""


def _plain(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return unicodedata.normalize("NFC", "".join(char for char in decomposed if not unicodedata.combining(char)))


_LANGUAGE_OF = {_plain(word): code for code, words in WORDS.items() for word in words}


def language_of_word(word: str) -> str:
    """The language whose word ``word`` is (accents or none), "" for none."""
    return _LANGUAGE_OF.get(_plain(word), "")


ALIASES = tuple(dict.fromkeys(spelling for code, words in WORDS.items() for word in words
                              for spelling in (word, _plain(word)) if spelling != "join"))


def read(rest_of_line: str, _following: str) -> str:
    """The tournament as written on the command's line, or ``confirm TOKEN`` for a confirmation."""
    words = rest_of_line.split()
    if words and words[0].lower().rstrip(".!:,") == CONFIRM:
        return " ".join([CONFIRM, *words[1:2]])
    return " ".join(words)


def handle(context: CommandContext, argument: str) -> Outcome:
    """In a game's own mail: the same ask, for the seat player's address, in their language and zone."""
    player = context.player
    token = argument.removeprefix(CONFIRM).strip() if argument.startswith(CONFIRM) else ""
    return context.service.signups.join(context.session, JoinMail(
        player.email, "" if token else argument, token, player.language, player.time_zone or "UTC", False))


COMMAND = PlayerCommand(
    name="join", aliases=ALIASES, usage=(N_("join <tournament>"),),
    summary=N_("sign up for a tournament open to sign-ups (mail it to pbem's own address; you are asked to "
               "confirm)"),
    read=read, handle=handle,
)
