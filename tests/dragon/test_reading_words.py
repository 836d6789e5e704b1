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


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "The drought strikes soon and we lack rice, so harvest please", "group 1 harvest"),
    ("en", "Harvest because the drought looms in month 3", "group 1 harvest"),
    ("en", "Without rice the contagion will hurt, harvest it is", "group 1 harvest"),
    ("hu", "Közeleg az aszály és nincs rizsem, ezért aratok.", "group 1 harvest"),
    ("ru", "Скоро засуха, риса нет, поэтому урожай.", "group 1 harvest"),
])
def test_a_part_giving_only_the_reason_is_passed_over(language: str, text: str, means: str) -> None:
    """"the drought strikes soon and we lack rice": a part naming an event or goods and no move is the move's
    reason, its words ("strikes", "lack", «нет») passed over whole."""
    assert read("dragon", language, "action", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "The drought strikes soon, so no harvest"),  # the negation stands in the part naming the move
    ("en", "If the drought strikes, harvest"),  # a condition stays a condition
    ("en", "The drought strikes, 1"),  # a number in the reason's part is no time
    ("en", "Drought is coming, I won't harvest"),
    ("en", "I can't harvest"), ("en", "we shouldn't harvest"),
    ("hu", "Jön az aszály, nincs szükség aratásra"),
    ("ru", "Засуха близко, урожай ни к чему"),
])
def test_a_reason_never_hides_a_negation_or_condition_of_the_move(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "action", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Tax Collector and Monk. The collector sits in palace 2, the monk in palace 1.",
     "start tax collector palace2, monk palace1"),
    ("ru", "Придворная дама и монах. Даму во второй дворец, монаха в первый.", "start court lady palace2, monk palace1"),
])
def test_a_start_names_a_person_again_by_one_word_of_its_name(language: str, text: str, means: str) -> None:
    """"the Tax Collector … the collector": one word of a person's name of several, said again later with its
    palace, is the same person."""
    assert read("dragon", language, "start", text) == [means]


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "person", "the young lad with the rocket, palace 2", "recruit young pyrotechnist palace2"),
    ("hu", "person", "A kalapácsos fickó a kettes palotába.", "recruit craftsman palace2"),
    ("hu", "person", "A legyezős hölgy az egyes palotába.", "recruit court lady palace1"),
    ("ru", "person", "Парня с молотком во второй дворец", "recruit craftsman palace2"),
    ("ru", "person", "Даму с веером в первый дворец", "recruit court lady palace1"),
    ("el", "person", "Τον τύπο με το σφυρί στο παλάτι 2", "recruit craftsman palace2"),
    ("en", "action", "the card with the helmet", "group 1 parade"),
    ("ru", "action", "карту с книгой из третьей группы", "group 3 research"),
])
def test_a_symbol_said_bare_tells_the_tile_or_card(language: str, name: str, text: str, means: str) -> None:
    """"the guy with the rocket", «a kalapácsos fickó», «с молотком»: a tile's symbol, without a count, names
    the one tile it is printed on; an action card shows its persons' symbol too."""
    assert read("dragon", language, name, text) == [means]


@pytest.mark.parametrize(("language", "name", "text"), [
    ("en", "person", "the monk with the hammer, palace 1"),  # the symbol is no monk's
    ("ru", "person", "Монаха с молотком во второй дворец"),
    ("en", "action", "the card with the book, group 1"),  # group 1 holds no research
])
def test_a_symbol_against_the_thing_named_is_not_played(language: str, name: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, name, text)


@pytest.mark.parametrize(("text", "means"), [
    ("Pervaya gruppa, sbor urozhaya", "group 1 harvest"),
    ("sborshchik nalogov v pervyj dvorec, monah vo vtoroj", "start tax collector palace1, monk palace2"),
])
def test_a_russian_name_of_several_words_typed_in_latin_letters(text: str, means: str) -> None:
    """"sbor urozhaya": every word of «сбор урожая» typed in Latin letters is that name, as its Cyrillic is."""
    name = "start" if means.startswith("start") else "action"
    assert read("dragon", "ru", name, text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Pass. Sorry for the delay!"), ("hu", "Passz. Bocsi a késésért!"), ("ru", "Пас. Извините за задержку!")])
def test_an_apology_closing_the_mail_is_passed_over(language: str, text: str) -> None:
    assert read("dragon", language, "action", text) == ["pass"]
