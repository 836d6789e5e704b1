"""China's moves named by more than their notation (``China.also_named``): an exchange by its two halves, a
piece by the cards a joker pair paid for it."""

from __future__ import annotations

import pytest

import engine
from engine import MoveError
from pbem.language.words import words
from tests.engine.test_natural_replies import state


def read(language: str, name: str, text: str) -> list[str]:
    rules = engine.game("china")
    position, seat = state("china", name)
    return [rules.format(move) for move in rules.read(text, rules.clone(position), seat, words(rules, language)).moves]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Swap my yellow for a draw from the deck", ["exchange yellow for deck"]),
    ("en", "discard the yellow, draw from the deck", ["exchange yellow for deck"]),
    ("ru", "сбрасываю жёлтую, беру из колоды", ["exchange yellow for deck"]),
    ("hu", "A sárgát eldobom, húzok a pakliból.", ["exchange yellow for deck"]),
])
def test_an_exchange_is_named_by_its_discard_and_its_draw(language: str, text: str, means: list[str]) -> None:
    assert read(language, "act", text) == means


def test_a_piece_after_a_joker_pair_is_named_with_its_cards() -> None:
    """The two reds played as a joker, said again in the mail that places the piece, pay for it: read past."""
    assert read("en", "joker", "the two reds for a pagoda in Chu 7") == ["chu: pagoda 7"]
    assert read("ru", "joker", "две красные: пагода в Чу 7") == ["chu: pagoda 7"]


def test_a_colour_not_played_still_names_no_piece() -> None:
    """Only the cards played name the piece: a colour not among them is a word left over, never passed over."""
    with pytest.raises(MoveError):
        read("en", "joker", "the two yellows for a pagoda in Chu 7")
