"""Four classes of wrong move a sixth fresh corpus showed (#43), each closed as a class: a courtesy line read as
a card's name, an ordinal after a numbered thing read as a thing of its own, a number word before a place read as
the place's number, and a place's number read, in a turn of several decisions, as a count of the first one."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Спасибо всем!"), ("ru", "Всего хорошего!"), ("en", "Thanks everyone!"), ("ru", "Всем привет и спасибо.")])
def test_a_line_of_courtesies_alone_is_no_move_though_a_word_of_it_is_a_cards(language: str, text: str) -> None:
    """«всем», «всего» are words of «Шампанское для всех» (Champagne for Everyone): a thank-you is no discard."""
    with pytest.raises(MoveError, match="holds no move"):
        read("prodigals", language, "discard", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("ru", "Сыграю «Ещё немного времени» и закончу ход.\nВсего доброго!", ["play a-little-more-time", "done"]),
    ("ru", "Шампанское для всех, спасибо!", ["play champagne-for-everyone"]),  # the card named, thanked after
    ("en", "Nothing this turn, thanks.", ["done"]),  # the choice of none, said with a courtesy
])
def test_a_courtesy_after_the_moves_closes_the_mail_and_the_moves_stand(language: str, text: str,
                                                                          means: list[str]) -> None:
    state = "actions" if text.startswith("Nothing") else "hand"
    assert read("prodigals", language, state, text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Lady 1 first for the raise, then gentleman 2"), ("ru", "Дама 1 первая на подъём, потом джентльмен 2")])
def test_first_after_a_numbered_thing_says_the_order_and_names_no_other_thing(language: str, text: str) -> None:
    assert read("prodigals", language, "actions", text) == ["order up lady1", "order up gent2"]


def test_first_before_its_thing_still_numbers_it() -> None:
    assert read("prodigals", "en", "actions", "first gentleman up") == ["order up gent1"]


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Оба в один дворец: воин и монах"), ("en", "Both into one palace: warrior and monk")])
def test_a_number_word_before_a_place_counts_it_and_never_numbers_it(language: str, text: str) -> None:
    """«в один дворец»: into one palace, the same one, which of the two unsaid: never palace 1."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("dragon", language, "start", text)


def test_a_language_that_numbers_by_a_number_word_before_the_place_is_read_so() -> None:
    """Hungarian «egyes palota», «a kettesbe»: palace one, into number two (``numbering`` in reading.toml)."""
    assert read("dragon", "hu", "start", "A harcos az egyes palotába, a szerzetes a kettesbe") == [
        "start warrior palace1, monk palace2"]


def test_a_place_of_a_later_decision_is_never_the_count_of_the_first() -> None:
    """"Build: … on palace 1, … for the second one": palace 1's number is never a build's count ``+1`` while the
    ordinal takes palace 2; the line is refused, not played as a build on palace 2."""
    with pytest.raises(MoveError):
        read("dragon", "en", "action", "Build: a floor on palace 1, and a new palace for the second one.")
    assert read("dragon", "en", "action", "Build action, one floor on palace 1 and one new palace") == [
        "group 2 build", "build +1 palace1 +1 new"]
