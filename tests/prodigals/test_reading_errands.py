"""Prodigals errands read by meaning in all four languages (#43): a space named with what it costs its player
("heckle, minus one vote", «ξοδεύω μία λίρα» at the spendthrift) or allows ("swap, limit 3").

Each class is checked with sentences of its own (not the corpora's), and attacked: a negation, another count,
a cost no space of the line has, a word of the class where another move is meant.

A space and a card set named by one word ("Rowdy": the rowdy space, the set of Rowdy Rally) is not read here:
the reader asks, even where the marker moves after it fit the space only."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "state", "text", "means"), [
    ("en", "errands", "Heckle space for me, I lose one vote.", "place e-heckle"),
    ("en", "errands", "My personal election space, minus 1 vote.", "place e-heckle"),
    ("el", "errands", "Στέλνω τον βοηθό στο heckle, χάνω μία ψήφο.", "place e-heckle"),
    ("hu", "errands", "A heckle mezőre megyek, veszítek egy szavazatot.", "place e-heckle"),
    ("ru", "errands", "Посыльного на выкрики, теряю один голос.", "place e-heckle"),
    ("en", "errands3", "Spendthrift, spending one pound.", "place p-spendthrift"),
    ("en", "errands3", "The spendthrift space - I spend a pound.", "place p-spendthrift"),
    ("el", "errands3", "Βάζω τον βοηθό στο spendthrift και πληρώνω μία λίρα.", "place p-spendthrift"),
    ("hu", "errands3", "Spendthrift mező, költök egy fontot.", "place p-spendthrift"),
    ("ru", "errands3", "Ставлю посыльного на транжиру, трачу один фунт.", "place p-spendthrift"),
    ("ru", "errands3", "Transhiru, plachu odin funt", "place p-spendthrift"),  # typed in Latin letters
    ("en", "errands3", "The swap space (limit 3)", "place p-swap"),  # what a space allows
    ("el", "errands3", "Πάω στην ανταλλαγή, με όριο 3.", "place p-swap"),
    ("hu", "errands3", "A csere mezőre megyek, 3-as limittel.", "place p-swap"),
    ("ru", "errands3", "Иду на обмен с лимитом 3.", "place p-swap"),
    ("ru", "errands3", "Obmen, predel 3", "place p-swap"),
])
def test_a_space_said_with_what_it_costs_is_that_space(language: str, state: str, text: str, means: str) -> None:
    """What a space costs (a vote at the heckle space, a pound at the spendthrift), said after it, is a word of
    that placement, with its count."""
    assert read("prodigals", language, state, text) == [means]


@pytest.mark.parametrize(("language", "state", "text"), [
    ("en", "errands", "Heckle, minus 2 votes."),  # a count the space does not cost
    ("en", "errands", "Heckle, not losing a vote."),
    ("ru", "errands", "Выкрики, минус три голоса."),
    ("hu", "errands3", "Spendthrift mező, költök három fontot."),
    ("en", "errands", "Rowdy space, I lose one vote."),  # a cost the space named has not
    ("el", "errands3", "Broker, ξοδεύω μία λίρα."),
    ("en", "errands3", "Swap space, limit 2"),  # the broker's limit, not the swap's
    ("en", "errands3", "Broker, limit 3"),
])
def test_a_cost_the_space_does_not_have_plays_nothing(language: str, state: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", language, state, text)



@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "Πηγαίνω στο Rowdy.", "place s-rowdy"),
    ("el", "Pigainw sto Beatrice", "place s-beatrice"),  # typed in Latin letters
    ("el", "Πάμε στο scandal.", "place s-scandal"),
    ("hu", "Megyek a Beatrice mezőre.", "place s-beatrice"),
    ("ru", "Пойду на поле скандала.", "place s-scandal"),
    ("ru", "Схожу на поле Беатрисы.", "place s-beatrice"),
])
def test_a_verb_of_going_chooses_nothing(language: str, text: str, means: str) -> None:
    """«πηγαίνω», «megyek», «пойду»: the player goes where the errand boy is placed; the verb names no space."""
    assert read("prodigals", language, "errands", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("el", "Δεν πηγαίνω στο Rowdy."),
    ("hu", "Nem megyek a Rowdy mezőre."),
    ("ru", "Не пойду на поле скандала."),
    ("el", "Πηγαίνω στο Rowdy ή στο scandal."),
])
def test_a_verb_of_going_passes_no_negation_or_choice_over(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("prodigals", language, "errands", text)


@pytest.mark.parametrize(("language", "state", "text", "means"), [
    ("en", "errands", "Two errand boys on the central card.", "place central-card"),  # two competitions: two go
    ("el", "errands", "Δύο βοηθούς στην κεντρική κάρτα", "place central-card"),
    ("hu", "errands", "Két küldönc megy a központi kártyára", "place central-card"),
    ("ru", "errands", "Два посыльных на центральную карту", "place central-card"),
    ("en", "errands3", "One errand boy on the central card", "place central-card"),  # three: one goes
    ("en", "errands", "One of my errand boys to Hyde Park", "place e-hyde-park"),  # it costs one
    ("en", "errands", "One errand boy to the canvass", "place e-canvass"),
    ("el", "errands", "Ένα βοηθό στο Hyde Park", "place e-hyde-park"),
    ("hu", "errands", "Egy küldöncöt a Hyde Parkba", "place e-hyde-park"),
    ("ru", "errands", "Одного посыльного в Гайд-парк", "place e-hyde-park"),
    ("en", "errands", "1 errand boy on turn order 2", "place turn-order-2"),  # the count is no place's number
    ("en", "errands", "First place in the turn order for me", "place turn-order-1"),  # nor an ordinal's
])
def test_as_many_errand_boys_as_the_space_takes_are_read(language: str, state: str, text: str, means: str) -> None:
    """How many errand boys a placement puts is the space's cost, which a reply may say."""
    assert read("prodigals", language, state, text) == [means]


@pytest.mark.parametrize(("language", "state", "text"), [
    ("en", "errands", "Three errand boys to Hyde Park"),  # one goes there
    ("en", "errands", "2 errand boys to the canvass"),
    ("el", "errands", "Τρεις βοηθούς στο Hyde Park"),
    ("hu", "errands", "Három küldöncöt a Hyde Parkba"),
    ("ru", "errands", "Три посыльных в Гайд-парк"),
    ("en", "errands3", "Two errand boys on the central card"),  # three competitions: the card takes one
    ("en", "errands3", "2 errand boys to the swap"),
    ("en", "errands", "2 errand boys on turn order 2"),
    ("en", "errands", "One errand boy on the central card"),  # two competitions: it takes two ("one", no pronoun)
    ("ru", "errands", "Одного посыльного на центральную карту"),
    ("en", "errands", "one errand boy on the central card"),  # as typed: the notation's own reader knows no "one"
    ("en", "errands3", "two errand boys to the swap"),
])
def test_more_errand_boys_than_the_space_takes_play_nothing(language: str, state: str, text: str) -> None:
    """A count of errand boys the space does not take is no placement there: never one boy placed for three. The
    answer names the count as fitting no move legal now (never as a word the game does not know, which a count
    of errand boys is not) and offers the placement the rest of the line names."""
    with pytest.raises(MoveError) as refused:
        read("prodigals", language, state, text)
    assert text.split()[0].strip(",.") in str(refused.value)  # the count is what the answer names
    assert "is not a word of this game's moves" not in str(refused.value)
    assert refused.value.suggestions


@pytest.mark.parametrize("text", [
    "Two of my errand boys on the central card",
    "Putting two of my boys on the central card",
    "Two of the errand boys go to the central card",
    "Central card, two of my errand boys",
    "I'm sending two of my errand boys to the central card",
])
def test_a_count_of_errand_boys_chosen_from_a_group_is_the_spaces(text: str) -> None:
    """"two of my errand boys": the count chooses from the player's boys, and is what the central card costs."""
    assert read("prodigals", "en", "errands", text) == ["place central-card"]


@pytest.mark.parametrize("text", [
    "three of my errand boys on the central card",  # it costs two
    "two of my errand boys to Hyde Park",  # it costs one
    "one of my errand boys on the central card",  # it costs two
    "I put one of the errand boys on the central card",
    "not two of my errand boys on the central card",
])
def test_a_count_of_errand_boys_from_a_group_the_space_does_not_cost_is_never_played(text: str) -> None:
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", "errands", text)
