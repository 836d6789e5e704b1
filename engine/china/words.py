"""China's own words: the notation's move words, the names of the board, and the score labels.

Each is a :class:`engine.text.Text` with a context, so that a catalog gives it
in every language: the move words (context ``move``) are how a player writes
and reads a turn (``engine.china.notation`` writes them in English), the
province and side names (contexts ``province`` and ``side``) are what the
board shows in prose, and the score labels (context ``score``) are the
result's breakdown as the game-over mail says it. The names are taken from
``boards.json``; a test checks that every name in it has its term here, so a
new province or side without one fails before a player sees English.
"""

from __future__ import annotations

from engine.text import TC, Text

MOVE_WORDS: tuple[Text, ...] = (
    # TRANSLATORS: a word of the move notation; give forms separated by "|", the first is shown, all are read.
    TC("move", "play"),
    TC("move", "draw"),
    TC("move", "exchange"),
    # TRANSLATORS: the discard half of an exchange ("discard the red and take the orange"): a verb, its forms.
    TC("move", "discard"),
    # TRANSLATORS: two cards of one colour played as one card of another colour (the rulebook's "joker"): its forms.
    TC("move", "joker"),
    # TRANSLATORS: in "exchange green for up1": the card discarded, then the card taken.
    TC("move", "for"),
    TC("move", "pass"),
    TC("move", "pagoda"),
    TC("move", "emissary"),
    TC("move", "fortress"),
    # TRANSLATORS: the face-down draw pile.
    TC("move", "deck"),
    # TRANSLATORS: a face-up card by its place, written with its number: "up2" is the second face-up card.
    TC("move", "up"),
    # TRANSLATORS: the face-up card lying furthest right in the display ("the one on the far right"): its forms.
    TC("move", "rightmost"),
    # TRANSLATORS: the card colours.
    TC("move", "yellow"),
    TC("move", "orange"),
    TC("move", "green"),
    TC("move", "red"),
    TC("move", "purple"),
    # TRANSLATORS: the provinces as a player writes them in a move ("wei: pagoda 3").
    TC("move", "chin"),
    TC("move", "qi"),
    TC("move", "zhao"),
    TC("move", "lu"),
    TC("move", "yan"),
    TC("move", "han"),
    TC("move", "wei"),
    TC("move", "shu"),
    TC("move", "chu"),
)
"""Every word the notation writes (``format_move`` and the hints); a catalog gives each in a language."""

OBJECT_WORDS: tuple[Text, ...] = (
    # TRANSLATORS: how a move word is shown as the object of a verb ("play red", "exchange red for deck", "draw
    # deck"): one of the forms given for it as a move word (Russian: the accusative); its first form where the
    # language writes it the same there.
    TC("move object", "deck"),
    TC("move object", "yellow"),
    TC("move object", "orange"),
    TC("move object", "green"),
    TC("move object", "red"),
    TC("move object", "purple"),
)
"""The move words a verb takes as its object, for the catalog: ``pbem.language.words.move_lexicon`` looks each up
(context ``move object``) to show a move in a language that declines them (Russian «взять колоду»)."""

PROVINCES: dict[str, Text] = {
    # TRANSLATORS: a province's name as the board shows it.
    "Ch'in": TC("province", "Ch'in"),
    "Qi": TC("province", "Qi"),
    "Zhao": TC("province", "Zhao"),
    "Lu": TC("province", "Lu"),
    "Yan": TC("province", "Yan"),
    "Han": TC("province", "Han"),
    "Wei": TC("province", "Wei"),
    "Shu": TC("province", "Shu"),
    "Chu": TC("province", "Chu"),
}
"""The printed province names of ``boards.json``, as the board says them."""

SIDES: dict[str, Text] = {
    # TRANSLATORS: the side of the board in play.
    "3-4 player side": TC("side", "3-4 player side"),
    "4-5 player side": TC("side", "4-5 player side"),
}
"""The board sides' names of ``boards.json``."""

SCORES: dict[str, Text] = {
    # TRANSLATORS: a line of a player's final score.
    "provinces": TC("score", "provinces"),
    "alliances": TC("score", "alliances"),
    "roads": TC("score", "roads"),
    "pieces left (tie-break)": TC("score", "pieces left (tie-break)"),
}
"""The labels of the result's breakdown (the game-over mail says them with the context ``score``)."""
TIE_BREAK = "pieces left (tie-break)"


def province(name: str) -> Text:
    """A province's printed name as a term; a name ``boards.json`` has and this module lacks is an error."""
    return PROVINCES[name]


def side(name: str) -> Text:
    """A board side's name as a term."""
    return SIDES[name]
