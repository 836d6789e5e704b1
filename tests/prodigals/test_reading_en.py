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
