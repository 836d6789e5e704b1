"""Prodigals replies in English read by meaning: "first" said of when, a done phrase that closes a mail too, a
particle after the thing ("take the two votes off"), and an order for Dame Beatrice given after the turn's end.

Each class is checked with sentences of its own (not the corpora's) and attacked: a reading that would turn the
order of the moves round, or put a move of the turn past its end, is refused or asked about, never played."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("name", "text", "means"), [
    ("hand", "Lavish Dinner first, then Insult the Vicar.", ["play lavish-dinner", "play insult-the-vicar"]),
    ("hand", "I board Tory Baiter first; after that Insult the Vicar, and that's all.",
     ["board tory-baiter", "play insult-the-vicar", "done"]),
    ("actions", "Order for Dame Beatrice: the gentleman on 10 first, then the lady on 9.",
     ["order up gent1", "order up lady1"]),
])
def test_first_said_of_when_numbers_nothing(name: str, text: str, means: list[str]) -> None:
    """"X first, then Y": the first part is done first, as read anyway; "first" numbers no marker there."""
    assert read("prodigals", "en", name, text) == means


@pytest.mark.parametrize("text", [
    "Play Insult the Vicar, then Tory Baiter on my board first.",  # "first" of a later part: the order turned
    "Up: the gentleman first.",  # which gentleman is left unsaid
])
def test_first_that_may_turn_the_order_round_is_never_played_so(text: str) -> None:
    name = "hand" if "Vicar" in text else "actions"
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "en", name, text)


def test_a_done_phrase_ending_a_line_is_no_sign_off() -> None:
    """"That's all." closes the turn, though "all" closes a mail too ("Thanks all")."""
    assert read("prodigals", "en", "hand", "Lavish Dinner. That's all.") == ["play lavish-dinner", "done"]


def test_a_particle_after_the_thing_chooses_nothing() -> None:
    assert read("prodigals", "en", "hand", "Pamphlet Fiasco: take 2 votes off, please.") == [
        "play pamphlet-fiasco", "option 1"]


@pytest.mark.parametrize(("text", "means"), [
    ("Nothing more from me. If Dame Beatrice needs a marker moved up, take my upper gentleman.",
     ["order up gent1", "done"]),
    ("That's it for me. Should Beatrice need someone moved up, the lady on 9, then the gentleman on 10.",
     ["order up lady1", "order up gent1", "done"]),
])
def test_an_order_for_dame_beatrice_after_the_turns_end_is_made_before_it(text: str, means: list[str]) -> None:
    assert read("prodigals", "en", "actions", text) == means


@pytest.mark.parametrize(("name", "text"), [
    ("hand", "That's all. Should Dame Beatrice need a marker moved up, use the lower gentleman and play At the Pub."),
    ("hand", "Done. If Dame Beatrice needs a marker moved up, play Leapfrog."),
    ("actions", "I should move the lady on 9 up."),  # "should" no condition: a block, as "maybe"
])
def test_a_move_of_the_turn_is_never_put_past_its_end(name: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "en", name, text)


@pytest.mark.parametrize(("text", "means"), [
    ("Lavish Dinner.\nThat's it.", ["play lavish-dinner", "done"]),
    ("Insult the Vicar, then Lavish Dinner.\n\nThat's everything.", ["play insult-the-vicar", "play lavish-dinner",
                                                                    "done"]),
])
def test_a_done_phrase_on_its_own_line_after_the_moves_ends_the_turn(text: str, means: list[str]) -> None:
    """The turn's end said on a line of its own is read as the game's move of ending, not passed over as prose."""
    assert read("prodigals", "en", "hand", text) == means


def test_a_line_after_the_moves_that_only_signs_off_is_still_no_move() -> None:
    assert read("prodigals", "en", "hand", "Lavish Dinner.\nCheers, Anna") == ["play lavish-dinner"]


@pytest.mark.parametrize("text", [
    "Good morning, ladies. The Renaissance Man for me.",
    "Hello ladies and gentlemen: Renaissance Man, please.",
])
def test_whom_a_greeting_greets_is_part_of_it(text: str) -> None:
    """"Good evening, gentlemen.": the players greeted, though "gentlemen" names markers of the game too."""
    assert read("prodigals", "en", "errands", text) == ["place renaissance-man"]


@pytest.mark.parametrize("text", [
    "Gentlemen, both down.",  # no greeting before it: the markers moved
    "Hi all. Gentlemen: down twice.",  # what is left says which marker no more
])
def test_a_word_of_address_without_a_greeting_or_naming_the_move_is_never_passed_over(text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "en", "hand", text)


def test_the_canvass_space_is_named_by_the_vote_it_costs_too() -> None:
    """"Canvass for the lost vote": its cost named beside it; "the space where I lose a vote" is then asked about
    (heckle or canvass), never played as one of them."""
    assert read("prodigals", "en", "errands", "Canvass, losing one vote; none of its tiles.") == [
        "place e-canvass", "take none"]
    with pytest.raises(AmbiguousMove):
        read("prodigals", "en", "errands", "The space where I lose a vote.")


def test_a_word_saying_a_count_is_all_of_it_is_passed_over() -> None:
    """"the whole two spaces": the count says how many; "all", "full", "entire" say only that it is all."""
    assert read("prodigals", "en", "hand", "Gentlemen's Walkout in the left column, dropping him the whole two "
                "spaces.") == ["play gentlemens-walkout", "column left", "drop gent1 2"]


@pytest.mark.parametrize("text", [
    "Gentlemen's Walkout in the left column, dropping him the whole three spaces.",  # more than the card gives
    "Gentlemen's Walkout in the left column, dropping him all the way.",  # no count after it: "all" unread
])
def test_a_whole_count_that_is_not_the_moves_is_never_played(text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "en", "hand", text)


@pytest.mark.parametrize(("text", "means"), [
    ("Dump Leapfrog and bin the Lavish Dinner.", ["discard leapfrog", "discard lavish-dinner"]),
])
def test_everyday_verbs_of_throwing_a_card_away(text: str, means: list[str]) -> None:
    assert read("prodigals", "en", "discard", text) == means


def test_lose_is_no_discard_so_regret_never_throws_a_card_away() -> None:
    """"Shame to lose it, but Insult the Vicar goes": read as discarding, "lose" made "Shame" Row of Shame's
    discard too. A card is thrown away by a verb that says so ("dump", "bin"), never by one that says regret."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "en", "discard", "Shame to lose it, but Insult the Vicar goes.")


def test_lose_still_names_the_votes_an_option_costs() -> None:
    assert read("prodigals", "en", "hand", "Pamphlet Fiasco and I lose the two votes.") == [
        "play pamphlet-fiasco", "option 1"]


def test_going_somewhere_reads_on() -> None:
    assert read("prodigals", "en", "errands", "My errand boy goes to the canvass, and none of its tiles.") == [
        "place e-canvass", "take none"]
