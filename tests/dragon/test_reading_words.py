"""Dragon words taught to the meaning reader: short palace and group names, a tile by any person's word or by the
symbol of a type of one level, coins as a price, and a few verbs and helpers.

Every sentence here is written for the test, none taken from the corpora; each class has its attack, a line that
must be refused or asked about, never played as a move it did not mean."""

from __future__ import annotations

import pytest

from engine import MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "start", "monk p2, healer p1", "start monk palace2, healer palace1"),
    ("en", "person", "old warrior to p 1", "recruit old warrior palace1"),
    ("en", "action", "g3 research", "group 3 research"),
])
def test_p_and_g_are_palace_and_group(language: str, name: str, text: str, means: str) -> None:
    """"p1", "g3": the notation's short place and group words, as players write them in prose too."""
    assert read("dragon", language, name, text) == [means]


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "person", "the old chap with three books, second palace", "recruit old scholar palace2"),
    ("en", "person", "the lady with the fan, palace 1 please", "recruit court lady palace1"),
    ("en", "start", "the guy with three coins in palace 2, a young monk in palace 1",
     "start tax collector palace2, monk palace1"),
    ("hu", "person", "A fiatal tudós emberkét kérem az egyes palotába.", "recruit young scholar palace1"),
    ("ru", "person", "Старого парня-воина во второй дворец", "recruit old warrior palace2"),
    ("el", "person", "Τον γέρο τύπο, τον μοναχό, στο παλάτι 2", "recruit old monk palace2"),
])
def test_a_tile_is_named_by_any_persons_word_or_its_symbol(language: str, name: str, text: str, means: str) -> None:
    """"the old chap", «emberke», «парень»: a word for any person tile names nothing, the type beside it does;
    the one-level types' symbols (hammer, fan, coins) name their tile as the others' do."""
    assert read("dragon", language, name, text) == [means]


@pytest.mark.parametrize(("language", "name", "text"), [
    ("en", "person", "the guy in palace 1"),  # a person's word names no type
    ("en", "person", "the young guy with the rocket, not the pyrotechnist, palace 1"),
    ("en", "person", "the chap with two coins, palace 1"),  # no tile has two coins
    ("ru", "person", "парня во дворец 2"),
])
def test_a_persons_word_alone_names_no_tile(language: str, name: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, name, text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("ru", "Я бы хотел пригласить старого лекаря во второй дворец", "recruit old healer palace2"),
    ("hu", "Az öreg harcos jöjjön a kettes palotába.", "recruit old warrior palace2"),
])
def test_inviting_and_letting_come_recruit(language: str, text: str, means: str) -> None:
    """«пригласить ко двору» (invite to the court), «jöjjön» (let him come): said of a person recruited."""
    assert read("dragon", language, "person", text) == [means]


def test_a_wish_is_no_condition_but_a_negation_still_refuses() -> None:
    with pytest.raises(MoveError):
        read("dragon", "ru", "person", "Я бы хотел не пригласить старого лекаря")


@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "το μικρό προνόμιο για 2 νομίσματα", "group 1 privilege small"),
    ("ru", "привилегию за 2 монеты", "group 1 privilege small"),
])
def test_coins_are_the_price_of_a_privilege(language: str, text: str, means: str) -> None:
    """«για 2 νομίσματα», «за 2 монеты»: the price in coins, as in yuan, tells the privilege's size."""
    assert read("dragon", language, "action", text) == [means]


@pytest.mark.parametrize("text", ["το μεγάλο προνόμιο για 2 νομίσματα", "προνόμιο για 4 νομίσματα"])
def test_a_price_no_privilege_costs_is_not_played(text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", "el", "action", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Drought in month 5, old warrior in palace 1", "recruit old warrior palace1"),
    ("el", "Ξηρασία τον μήνα 5, τον γέρο πολεμιστή στο παλάτι 1", "recruit old warrior palace1"),
])
def test_a_months_number_is_when_no_palace(language: str, text: str, means: str) -> None:
    """"in month 5": a reason's time, passed over; the palace the line names is the move's."""
    assert read("dragon", language, "person", text) == [means]


@pytest.mark.parametrize(("name", "text"), [
    ("start", "monk in palace 1, healer in month 2"), ("build", "a floor on palace 1 and one in month 2")])
def test_a_months_number_never_numbers_the_palace(name: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", "en", name, text)


@pytest.mark.parametrize(("name", "text", "means"), [
    ("person", "τον μικρό πολεμιστή στο παλάτι 1", "recruit young warrior palace1"),
    ("person", "ton megalo polemisti sto palati 2", "recruit old warrior palace2"),
])
def test_a_greek_person_is_young_or_old_by_size(name: str, text: str, means: str) -> None:
    """«ο μικρός», «ο μεγάλος» said of a person: the young one, the old one, as of a privilege the small, the large."""
    assert read("dragon", "el", name, text) == [means]


@pytest.mark.parametrize("text", ["τον μικρό γέρο πολεμιστή στο παλάτι 1", "όχι τον μικρό πολεμιστή, στο παλάτι 1"])
def test_a_size_against_an_age_or_negated_is_not_played(text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", "el", "person", text)


def test_a_persons_size_is_no_privilege() -> None:
    assert read("dragon", "el", "action", "το μικρό προνόμιο") == ["group 1 privilege small"]
