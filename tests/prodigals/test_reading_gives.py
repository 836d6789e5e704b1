"""Prodigals errand spaces and card sets named by what they give, in all four languages: a space by its effect
in the data file ("the society space that gives three moves", "one sideways and two down", "Hyde Park with the
megaphones"), a set by how many cards lie in it ("society set 1, the three cards").

A count describes a space or set only where it is said before a word ("three moves", «τρεις κάρτες»): a number
said after a thing's name numbers that thing ("election 3" is no set of three cards), an ordinal is never a
count, and a count no space or set has plays nothing."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "state", "text", "means"), [
    ("en", "errands", "Send him to the society space which gives three moves.", "place s-scandal"),
    ("en", "errands", "The society space with one step sideways and two steps down.", "place s-rowdy"),
    ("en", "errands", "My personal society space, the one with one move down.", "place s-snub"),
    ("en", "errands", "Hyde Park, for the megaphones.", "place e-hyde-park"),
    ("en", "errands", "The renaissance man with the two joker symbols.", "place renaissance-man"),
    ("el", "errands", "Ο βοηθός μου πάει στη θέση της κοινωνίας με τις τρεις κινήσεις.", "place s-scandal"),
    ("el", "errands", "Η θέση με μία κίνηση πλάγια και δύο κάτω.", "place s-rowdy"),
    ("el", "errands", "Η προσωπική θέση της κοινωνίας με μία κίνηση κάτω.", "place s-snub"),
    ("el", "errands", "Στο Hyde Park με τα μεγάφωνα.", "place e-hyde-park"),
    ("hu", "errands", "A társasági mezőre megyek, ami három lépést ad.", "place s-scandal"),
    ("hu", "errands", "Az a mező, ahol egy lépés oldalra és kettő lefelé jár.", "place s-rowdy"),
    ("hu", "errands", "A reneszánsz ember a két jokerrel.", "place renaissance-man"),
    ("ru", "errands", "Иду на место в обществе, которое даёт три хода.", "place s-scandal"),
    ("ru", "errands", "Место с одним ходом вбок и двумя вниз.", "place s-rowdy"),
    ("ru", "errands", "Человек эпохи Возрождения с двумя джокерами.", "place renaissance-man"),
    ("en", "errands3", "The space where I sell one possession.", "place p-auction"),
    ("ru", "errands3", "Место, где продаю одно владение.", "place p-auction"),
])
def test_a_space_named_by_what_it_gives_is_that_space(language: str, state: str, text: str, means: str) -> None:
    """What a space gives (its moves with their steps or count, its sale, its megaphones, its joker symbols),
    built from the data file's effect, names the space."""
    assert read("prodigals", language, state, text) == [means]


@pytest.mark.parametrize(("language", "state", "text"), [
    ("en", "errands", "The society space that gives two moves."),  # no space gives two moves of any step here
    ("en", "errands", "The society space that gives four moves."),
    ("en", "errands", "Not the society space with three moves."),
    ("el", "errands", "Η θέση της κοινωνίας με τέσσερις κινήσεις."),
    ("hu", "errands", "A társasági mezőre megyek, ami két lépést ad."),
    ("ru", "errands", "Иду на место в обществе, которое даёт четыре хода."),
    ("en", "errands", "society space 3"),  # a number after a thing numbers it: no count of moves
    ("en", "errands", "election 2"),  # no canvass of two tiles
    ("en", "errands3", "The space where I sell two."),  # the broker's option or the auction's sale: asked
    ("en", "errands3", "The space where you sell one possession for two under its value."),
])
def test_a_count_no_one_space_gives_plays_nothing(language: str, state: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", language, state, text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Society set 1, the three cards.", "place s-set1"),
    ("en", "The election set with 3 cards, please.", "place e-set1"),
    ("en", "The three election cards please: Ridiculous Promise, Slurred Speech and Tory-Baiter.", "place e-set1"),
    ("en", "election set 3 please", "place e-set3"),  # the set's number, no count of its cards
    ("en", "the third election set", "place e-set3"),  # an ordinal is never a count
    ("el", "Το σετ της κοινωνίας με τις τρεις κάρτες.", "place s-set1"),
    ("ru", "Беру набор выборов с тремя картами.", "place e-set1"),
])
def test_a_set_named_by_how_many_cards_lie_in_it_is_that_set(language: str, text: str, means: str) -> None:
    assert read("prodigals", language, "errands", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "the set with three cards"),  # an election and a society set hold three: asked
    ("en", "the society set with two cards"),  # none holds two
    ("el", "Θέλω το σετ των εκλογών με τις δύο κάρτες."),
    ("en", "election 3"),
])
def test_a_count_of_cards_no_one_set_holds_plays_nothing(language: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", language, "errands", text)


@pytest.mark.parametrize(("language", "text"), [
    ("el", "Ανταλλαγή."),  # «ανταλλαγή-προς-τα-κάτω» (Swap Down): its «κάτω» says down, «ανταλλαγή» the swap only
    ("hu", "Csere mező"),  # «lefelé-csere»
    ("ru", "Обмен — туда посыльного."),  # «обмен-с-понижением»
])
def test_a_word_of_a_cards_name_stands_for_what_its_other_words_do_not_say(language: str, text: str) -> None:
    """A word of a translated name of several stands for the name's words its other words do not say alone: the
    swap of Swap Down, never its step down, so the exchange space is not also a space whose moves go down."""
    assert read("prodigals", language, "errands3", text) == ["place p-swap"]
