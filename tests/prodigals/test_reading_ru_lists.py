"""Prodigals replies read by meaning (#43): a list sharing one verb, a word of lowering never an order for Dame
Beatrice, the centre column by its adjective, and "pass" typed in Latin letters.

Each class is checked with sentences of its own (not the corpora's), and attacked: a verb of its own in the list,
a negation, a word of lowering said where only an order up is legal."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "text", "means"), [
    ("ru", "Оставляю себе «Чехарду» и «Ряд позора».", ["order keep leapfrog", "order keep row-of-shame"]),
    ("en", "Keep Leapfrog and Row of Shame.", ["order keep leapfrog", "order keep row-of-shame"]),
    ("en", "Play Lavish Dinner. I keep Leapfrog and Row of Shame.",
     ["play lavish-dinner", "order keep leapfrog", "order keep row-of-shame"]),
    ("en", "Keep Leapfrog, Row of Shame", ["order keep leapfrog", "order keep row-of-shame"]),  # a comma's list
    ("en", "I keep Leapfrog, Row of Shame and Rude Remark",
     ["order keep leapfrog", "order keep row-of-shame", "order keep rude-remark"]),
    ("ru", "Оставляю «Чехарду», «Ряд позора»", ["order keep leapfrog", "order keep row-of-shame"]),
])
def test_a_list_after_one_verb_is_that_verbs_moves(language: str, text: str, means: list[str]) -> None:
    """"keep Leapfrog and Row of Shame": the verb said once for the list, never a play of its second card (a
    Row of Shame's name holds the notation's verb ``row``)."""
    assert read("prodigals", language, "hand", text) == means


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Keep Leapfrog and play Row of Shame", ["order keep leapfrog", "play row-of-shame"]),
    ("en", "Keep Leapfrog, play Row of Shame", ["order keep leapfrog", "play row-of-shame"]),
    ("en", "Play At the Pub, Row of Shame", ["play at-the-pub", "play row-of-shame"]),
    ("ru", "Оставляю «Чехарду» и играю «Ряд позора».", ["order keep leapfrog", "play row-of-shame"]),
])
def test_a_verb_of_its_own_in_the_list_is_that_verbs(language: str, text: str, means: list[str]) -> None:
    assert read("prodigals", language, "hand", text) == means


@pytest.mark.parametrize("text", ["Play Lavish Dinner, Leapfrog I skip", "Play Lavish Dinner, Leapfrog can wait"])
def test_an_item_beside_a_word_passed_over_takes_no_verb_from_the_list(text: str) -> None:
    """"Leapfrog I skip": the word passed over may say what is done with the card, so the list's verb is not
    carried to it, and the card is never played on the list's word."""
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", "hand", text)


def test_a_list_with_a_negation_is_never_played() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "ru", "hand", "Оставляю «Чехарду», но не «Ряд позора».")


@pytest.mark.parametrize("text", [
    "джентльмена 2 опускаю на две клетки.",  # no drop legal: never an order up for Dame Beatrice
    "2 опускаю",
])
def test_a_word_of_lowering_is_never_an_order_up(text: str) -> None:
    """«опускаю» says ``move down`` in one word: an order for Dame Beatrice, also named by her "move", lowers
    nothing, so a line lowering a marker where no drop is legal is refused or asked about, never played."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "ru", "hand", text)


@pytest.mark.parametrize(("text", "means"), [
    ("«Уход джентльменов» по средней колонке, второго джентльмена опускаю на две клетки.",
     ["play gentlemens-walkout", "column centre", "drop gent2 2"]),
    ("Уход джентльменов, центральный столбец, второго джентльмена опускаю на две клетки.",
     ["play gentlemens-walkout", "column centre", "drop gent2 2"]),
])
def test_the_centre_column_is_named_by_its_adjective(text: str, means: list[str]) -> None:
    assert read("prodigals", "ru", "hand", text) == means


def test_the_central_card_is_still_the_central_card() -> None:
    assert read("prodigals", "ru", "errands", "Два посыльных на центральную карту.") == ["place central-card"]


@pytest.mark.parametrize("text", ["Pas", "Pasuyu.", "Пас, всё"])
def test_pass_in_latin_letters_ends_the_turn(text: str) -> None:
    assert read("prodigals", "ru", "actions", text) == ["done"]


def test_a_denied_pass_is_never_played() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "ru", "actions", "Ne pas")


@pytest.mark.parametrize("text", ["Играю оба «В пабе» одной группой.", "Оба «В пабе» играю группой"])
def test_both_cards_as_one_group_are_played_together(text: str) -> None:
    assert read("prodigals", "ru", "hand", text) == ["play at-the-pub x2"]


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "«Чехарда», вариант 1: первая дама прыгает вниз."),
    ("en", "Leapfrog, option 1: lady 1 jumps down."),
])
def test_the_one_jump_legal_is_named_by_its_marker(language: str, text: str) -> None:
    """A jump leaps over the markers below ("jumps down"); the one jump legal is named by its marker, its
    count of leaps unsaid."""
    assert read("prodigals", language, "hand", text) == ["play leapfrog", "option 1", "jump lady1 1"]


@pytest.mark.parametrize("text", [
    "Leapfrog, option 1: gent 1 jumps.",  # the gentleman leapt over is no marker of the jump
    "Leapfrog, option 1: lady 1 jumps up.",
])
def test_a_jump_named_by_what_it_is_not_is_never_played(text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "en", "hand", text)
