"""Prodigals moves counted onto one marker: "all three moves on my top gentleman", "both Town Crier moves go to my
gentleman on 10", «και τις τρεις κινήσεις στην κυρία …» — the marker named once, by where it stood before the
card's first move, moved as often as counted; the steps said after it one per move ("…, down twice").

In the hand state the player's markers stand: gent1 left column on 10 (top), lady1 centre on 9 (top), gent2
centre on 8 (bottom), lady2 right column on 5 (bottom); Rude Remark gives three moves down, Pamphlet Fiasco's
second option two megaphones, each a move of the Town Crier on the player's board. Each class is checked with
sentences of its own (not the corpora's) and attacked: a count the card cannot meet, two markers counted, a
negation, a marker no place names."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read

RUDE = "play rude-remark"


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Rude Remark, all three moves on the lady in the right column", ["lady2"] * 3),
    ("en", "Rude Remark: the three moves go to my gentleman on 8", ["gent2"] * 3),
    ("el", "Rude Remark: και τις τρεις κινήσεις στην κυρία της δεξιάς στήλης.", ["lady2"] * 3),
])
def test_a_count_of_moves_goes_to_one_marker(language: str, text: str, means: list[str]) -> None:
    """The marker is named once, by its place before the first move (after one move down it no longer stands on
    8), and moved once per move counted."""
    assert read("prodigals", language, "hand", text) == [RUDE, *(f"move {marker} down" for marker in means)]


@pytest.mark.parametrize("text", [
    "Pamphlet Fiasco for two megaphones, and both Town Crier moves on the lady on 5",
    "Pamphlet Fiasco, two megaphones. Both Town Crier moves to my bottom lady: down and down.",
])
def test_the_town_criers_moves_are_named_by_the_card(text: str) -> None:
    """The moves a board card's ability gives are named by that card; the steps said after the marker go one to
    each move."""
    assert read("prodigals", "en", "hand", text) == [
        "play pamphlet-fiasco", "option 2", "move lady2 down", "move lady2 down"]


@pytest.mark.parametrize("text", [
    "Rude Remark, all four moves on my top gentleman",  # the card gives three
    "Rude Remark: not all three moves on my top gentleman",
    "Bonus tile: both moves on my gentlemen",  # two markers: each once, or one twice?
    "Bonus tile, both my gentlemen down",
    "Bonus tile: both moves on the gentleman in the right column",  # no gentleman stands there
    "Bonus tile: both moves on my top gentleman and the lady on 5",
])
def test_a_count_the_marker_cannot_take_is_never_played(text: str) -> None:
    """A count larger than the moves given, two markers, a negation, a place no marker of the kind stands on:
    asked or refused, never played."""
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", "hand", text)
