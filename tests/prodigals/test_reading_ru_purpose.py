"""Russian Prodigals replies read by meaning (#43): a purpose clause that only says why, a done phrase typed in Latin
letters, a count said before the kind of card it counts, and "the one with …" («ту, что с …»).

Each class is checked with sentences of its own (not the corpora's), and attacked: a purpose clause naming a move
of its own, a negation of the move, a count before a card that is never played twice."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize("text", [
    "Иду на поле Дамы Беатрисы, чтоб Беатриса меня пропустила.",
    "Беатриса, дабы она обошла меня стороной.",
])
def test_a_purpose_clause_naming_only_what_was_named_says_why(text: str) -> None:
    assert read("prodigals", "ru", "errands", text) == ["place s-beatrice"]


@pytest.mark.parametrize("text", [
    "Беатриса, чтобы не играть агитацию.",  # the clause names another space: never passed over
    "Не Беатриса, чтобы она меня не тронула.",  # the move itself negated
    "Занимаю место Беатрисы, чтобы она меня не тронула.",  # a negation in the clause: never passed over, as one
    # there may turn the move round (the Greek «για να μην …» too: one rule, :func:`engine.meaning.meaning`)
    "Чтобы Беатриса обошла меня, не занимаю её поле.",
])
def test_a_purpose_clause_never_hides_a_choice_or_a_negation(text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "ru", "errands", text)


@pytest.mark.parametrize("text", ["Khod propuskayu.", "Propuskayu khod, spasibo."])
def test_a_done_phrase_typed_in_latin_letters_is_done(text: str) -> None:
    assert read("prodigals", "ru", "actions", text) == ["done"]


def test_a_done_phrase_typed_in_latin_letters_and_negated_is_refused() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "ru", "actions", "Ne propuskayu khod")


def test_a_count_before_the_kind_of_card_counts_the_card_named_after_it() -> None:
    """«обе карты «В пабе»»: both At the Pub cards, «карты» saying only what they are."""
    assert read("prodigals", "ru", "discard", "Сбрасываю обе карты «В пабе».") == [
        "discard at-the-pub", "discard at-the-pub"]


def test_a_count_before_the_kind_of_a_card_held_once_is_never_two_of_it() -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "ru", "discard", "Сбрасываю обе карты «Оскорбить викария».")


def test_the_one_with_names_the_bonus_tile_by_what_it_shows() -> None:
    assert read("prodigals", "ru", "errands", "Четвёртое место в очереди хода, а бонус — та, что с мегафонами.") == [
        "place turn-order-4", "bonus-tile e-megaphones"]


@pytest.mark.parametrize("text", [
    "Бонус ходы: даму 2 вниз, потом её же вниз.",
    "Бонус ходы: вторую даму вниз и её вниз.",
])
def test_a_pronoun_names_again_the_one_marker_named_before(text: str) -> None:
    """«её же»: her, the one lady the line named, moved again."""
    assert read("prodigals", "ru", "hand", text) == ["bonus s-moves", "move lady2 down", "move lady2 down"]


@pytest.mark.parametrize("text", [
    "Бонус ходы: даму 2 вниз, джентльмена 1 вниз, потом её же вниз.",  # two markers named before: which one?
    "Бонус ходы: даму 2 вниз, потом её соседа вниз.",  # a possessive: her neighbour, another marker
])
def test_a_pronoun_never_chooses_a_marker_the_line_does_not_name(text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "ru", "hand", text)


@pytest.mark.parametrize(("text", "means"), [
    ("Igraju odnu 'V pabe', potom Roskoshnyj uzhin", ["play at-the-pub", "play lavish-dinner"]),
    ("Igraju obe 'V pabe'", ["play at-the-pub x2"]),
])
def test_a_cards_name_of_several_words_typed_in_latin_letters_is_read_whole(text: str, means: list[str]) -> None:
    assert read("prodigals", "ru", "hand", text) == means


def test_a_cards_name_typed_in_latin_letters_and_negated_is_refused() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "ru", "hand", "Ne igraju Roskoshnyj uzhin")


def test_over_whom_a_marker_jumps_is_said_with_a_small_word() -> None:
    """«через» (over) says whom the lady jumps, no word of Ride Through the Garden Party."""
    assert read("prodigals", "ru", "hand", "Igrayu Chekhardu, variant 1: pervaya dama prygaet cherez dzhentlmena.") == [
        "play leapfrog", "option 1", "jump lady1 1"]


@pytest.mark.parametrize("text", [
    "Шампанское для всех вместе с «Ещё немного времени».",
    "«Шампанское для всех», вместе с одной картой «Ещё немного времени».",
])
def test_together_with_joins_two_things_and_counts_none(text: str) -> None:
    """«вместе с»: together with, a join; «вместе» alone («обе вместе») still says both."""
    assert read("prodigals", "ru", "hand", text) == ["play champagne-for-everyone", "lmt 1"]


@pytest.mark.parametrize(("text", "means"), [
    ("В первую очередь вверх первого джентльмена, потом вторую даму.", ["order up gent1", "order up lady2"]),
    ("Вверх первым делом вторую даму.", ["order up lady2"]),
])
def test_first_of_all_said_of_the_first_part_is_passed_over(text: str, means: list[str]) -> None:
    assert read("prodigals", "ru", "actions", text) == means


def test_first_of_all_said_of_a_later_part_never_keeps_the_lines_order() -> None:
    """«…, а в первую очередь …»: the later part first, which the line's order does not say: never played so."""
    try:
        said = read("prodigals", "ru", "actions", "Вверх вторую даму, а в первую очередь первого джентльмена.")
    except (MoveError, AmbiguousMove):
        return
    assert said != ["order up lady2", "order up gent1"]
