"""Reading by meaning (#43): what it plays, what it asks about, and what it never does."""

from __future__ import annotations

import pytest

import engine
from engine import AmbiguousMove, MoveError
from pbem.language.words import words
from tests.engine.test_natural_replies import state


def read(game: str, language: str, name: str, text: str) -> list[str]:
    rules = engine.game(game)
    position, seat = state(game, name)
    return [rules.format(move) for move in rules.read(text, rules.clone(position), seat, words(rules, language)).moves]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Play red, house on Wei 3, draw from the deck.", ["play red", "wei: pagoda 3", "draw deck"]),
    ("ru", "красную, потом вэй 1 и беру из колоды", ["play red", "wei: pagoda 1", "draw deck"]),
    ("ru", "igrayu krasnuyu", ["play red"]),  # Russian typed in Latin letters
    ("ru", "меняю жёлтую на колоду", ["exchange yellow for deck"]),
    ("en", "Excahnge yellow for the deck", ["exchange yellow for deck"]),  # a typo no dictionary knows
])
def test_a_reply_in_the_players_words_is_read_as_the_moves_it_names(language: str, text: str, means: list[str]) -> None:
    assert read("china", language, "act", text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "don't play red"), ("en", "play red or yellow"), ("en", "play red, maybe"),
    ("ru", "не играю красную"), ("ru", "красную или жёлтую"), ("hu", "talán a pirosat"),
    ("el", "όχι την κόκκινη"),
    ("en", "play red, blorptastic"),  # a word of no language: named in the refusal, never passed over
    ("en", "Lavish Dinner for me"),  # a card lying in no set on display: its name is never passed over
])
def test_a_negation_a_choice_or_an_unknown_word_is_never_played(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("china" if "Dinner" not in text else "prodigals", language, "act" if "Dinner" not in text else "errands",
             text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Rowdy Rally for me", "place e-set2"), ("en", "Take the set with Flirt.", "place s-set2"),
    ("en", "I'll have the set with Town Crier in it", "place s-set1"),
    ("ru", "Беру набор с «Флиртом»", "place s-set2"),
])
def test_a_card_set_is_named_by_a_card_lying_in_it(language: str, text: str, means: str) -> None:
    """What the board shows where a move goes names the move (:meth:`engine.Game.aliases`): the set a card lies in."""
    assert read("prodigals", language, "errands", text) == [means]


def test_a_card_lying_in_two_sets_names_neither() -> None:
    rules = engine.game("prodigals")
    position, seat = state("prodigals", "errands")
    position = rules.clone(position)
    position.sets["S_set4"] = [*position.sets["S_set4"], *position.sets["S_set2"]]  # Flirt in sets 2 and 4
    with pytest.raises(AmbiguousMove) as asked:
        rules.read("the set with Flirt", position, seat, words(rules, "en"))
    assert sorted(asked.value.suggestions) == ["place s-set2", "place s-set4"]


def test_several_fitting_moves_are_asked_about_with_each_one() -> None:
    with pytest.raises(AmbiguousMove) as asked:
        read("china", "en", "act", "exchange the yellow card")
    assert len(asked.value.suggestions) > 1
    assert all(suggestion.startswith("exchange") and "yellow" in suggestion for suggestion in asked.value.suggestions)


def test_a_move_whose_choice_is_unsaid_is_not_played_even_when_it_is_the_only_one() -> None:
    """"place a pagoda" names no province: asked about, never placed where pbem guesses."""
    with pytest.raises(MoveError):
        read("china", "en", "place", "a pagoda please")


def test_a_reply_sent_ahead_in_the_players_words_is_kept_for_its_turn() -> None:
    rules = engine.game("china")
    reading = rules.ahead("I'd like the red card, then the house on Wei 1", words(rules, "en"))
    assert reading.ahead == ("I'd like the red card, then the house on Wei 1",)
    prose = rules.ahead("blorptastic frobnication", words(rules, "en"))  # nothing of the game in it: not kept
    assert prose.ahead == () and prose.ignored == ("blorptastic frobnication",)


@pytest.mark.parametrize(("language", "text"), [("en", "Nothing this month, thanks"), ("ru", "Ничего в этом месяце"),
                                                ("el", "Τίποτα αυτόν τον μήνα"), ("hu", "semmit")])
def test_nothing_is_the_move_of_choosing_none(language: str, text: str) -> None:
    """"Nothing" in the player's words is the legal move that chooses none: Dragon's pass."""
    assert read("dragon", language, "action", text) == ["pass"]


def test_nothing_where_no_move_chooses_none_is_not_played() -> None:
    with pytest.raises(MoveError):
        read("china", "en", "place", "nothing")


@pytest.mark.parametrize("text", ["Play Lavish Dinner. Done.", "play lavish dinner, done", "play lavish dinner then done"])
def test_a_reading_that_guesses_a_move_is_no_rival_of_one_that_names_every_move(text: str) -> None:
    """"play" could start some card's play before Lavish Dinner's; only the reading naming each move counts."""
    assert read("prodigals", "en", "hand", text) == ["play lavish-dinner", "done"]


@pytest.mark.parametrize(("text", "means"), [("Canvass space", "place e-canvass"), ("Scandal space", "place s-scandal")])
def test_a_word_of_a_move_stands_for_itself_not_for_the_whole_move(text: str, means: str) -> None:
    """"canvass" is the canvass of ``e-canvass``, never its "e", which every election space has."""
    assert read("prodigals", "en", "errands", text) == [means]


def test_small_words_typed_in_latin_letters_are_read_as_the_languages_own() -> None:
    """Greeklish "kai", "to" are «και», «το»: passed over as written in Greek letters; "oxi" is «όχι», a no."""
    assert read("prodigals", "el", "discard", "Petaw to Lavish Dinner kai to Property Swap") == [
        "discard lavish-dinner", "discard property-swap"]
    with pytest.raises(MoveError):
        read("prodigals", "el", "discard", "oxi to Lavish Dinner")
