"""A numbered entry named in words ("option 3", «вариант 3»): the reply "3", and never where it could be more."""

from __future__ import annotations

import pytest

import engine
from pbem.language.words import words
from pbem.play.numbered import number, reads_as


def said(game: str, language: str, text: str) -> int | None:
    rules = engine.game(game)
    return number(text, words(rules, language), rules.NOTATION.VOCABULARY)


@pytest.mark.parametrize(("game", "language", "text", "means"), [
    ("dragon", "en", "option 3", 3), ("dragon", "en", "number 12", 12), ("china", "ru", "Вариант 3", 3),
    ("china", "ru", "номер 5, пожалуйста", 5), ("prodigals", "hu", "A 12-es lehetőséget választom.", 12),
    ("prodigals", "hu", "A negyedik lehetőség.", 4), ("prodigals", "el", "τον αριθμό 7 παρακαλώ", 7),
    ("dragon", "el", "Την πέμπτη επιλογή σας", 5),  # an ordinal, inflected
    ("dragon", "hu", "A másodikat kérem a listáról.", 2),
    ("china", "ru", "Второй пункт из списка", 2), ("dragon", "en", "The third one on the list, please.", 3),
    ("china", "el", "Επιλογή δέκα", 10), ("dragon", "hu", "A kilences lehetőség", 9),  # number words past seven
    ("dragon", "en", "option ten", 10), ("china", "ru", "Вариант восемь", 8), ("dragon", "hu", "A tízes lehetőség", 10),
])
def test_an_entry_named_in_words_is_its_number(game: str, language: str, text: str, means: int) -> None:
    assert said(game, language, text) == means


@pytest.mark.parametrize(("game", "language", "text"), [
    ("dragon", "en", "not option 3"), ("dragon", "en", "option 3 or 4"), ("china", "ru", "не вариант 3"),
    ("dragon", "en", "option 3, Anna"),  # a word of no list
    ("dragon", "en", "option"), ("dragon", "en", "3 and 4"),  # no number, two numbers, no option word
    ("prodigals", "en", "option 2"),  # Prodigals' own move: read by its notation, never as the list's entry
    ("dragon", "en", "option 3\npass"),  # more than one line
    ("dragon", "ru", "Двадцать третий вариант"),  # 23, and «двадцать» is in no table: never 3
    ("dragon", "en", "not the second option"),
])
def test_anything_else_is_no_number(game: str, language: str, text: str) -> None:
    assert said(game, language, text) is None


def reads_now(game: str, language: str, name: str):  # type: ignore[no-untyped-def]
    """What a line reads as in the named corpus state (as pbem/play/chain.py asks the reader)."""
    from tests.engine.test_natural_replies import state
    rules = engine.game(game)
    position, seat = state(game, name)
    return lambda text: reads_as(rules, position, seat, words(rules, language), text)


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("el", "errands", "Επιλογή 9", 9), ("ru", "errands", "Вариант 2", 2),
    ("el", "discard", "Την επιλογή νούμερο τέσσερα, παρακαλώ.", 4),
])
def test_the_games_own_option_move_not_legal_now_is_the_lists_entry(language: str, name: str, text: str,
                                                                    means: int) -> None:
    rules = engine.game("prodigals")  # no option move is legal while placing an errand boy or discarding
    assert number(text, words(rules, language), rules.NOTATION.VOCABULARY,
                  legal=reads_now("prodigals", language, name)) == means


def test_the_games_own_option_move_legal_now_is_that_move() -> None:
    rules = engine.game("prodigals")
    assert number("Επιλογή 2", words(rules, "el"), rules.NOTATION.VOCABULARY, legal=lambda text: ["option 2"]) is None


@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "Την επιλογή νούμερο τρία", 3), ("el", "Επιλογή τρία", 3), ("ru", "Вариант номер три", 3),
])
def test_an_option_word_and_a_number_another_move_holds_are_the_lists_entry(language: str, text: str,
                                                                            means: int) -> None:
    """Placing an errand boy, "option three" reads by meaning as turn order 3 (its number): that is no option
    move, so the line names the list's third entry, never turn order 3."""
    rules = engine.game("prodigals")
    assert number(text, words(rules, language), rules.NOTATION.VOCABULARY,
                  legal=reads_now("prodigals", language, "errands")) == means
