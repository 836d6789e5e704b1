"""Prodigals markers read by meaning (#43): a marker named by its column ("the lady in the right column") or by
the value of the row it stands on ("my gentleman on 10"), and steps counted after the step ("down three spaces",
"down 2 times").

In the hand state the player's markers stand: gent1 left column on 10 (top), lady1 centre on 9 (top), gent2
centre on 8 (bottom), lady2 right column on 5 (bottom); Rude Remark gives three moves down. Each class is checked
with sentences of its own (not the corpora's) and attacked: a marker no column or value names, a count the card
cannot meet, a negation, a choice."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read

RUDE = "play rude-remark"


@pytest.mark.parametrize(("text", "means"), [
    ("Rude Remark: the lady in the right column goes down three spaces", ["lady2"] * 3),
    ("Rude Remark - lady in the right-hand column, down 3 times", ["lady2"] * 3),
    ("Playing Rude Remark. Gent in the left column down twice, and the lady in the right column down once",
     ["gent1", "gent1", "lady2"]),
    ("Rude Remark: the gentleman in the middle column, down three times", ["gent2"] * 3),
    ("Rude Remark: the gentleman in the left column three steps down", ["gent1"] * 3),
])
def test_a_marker_is_named_by_its_column(text: str, means: list[str]) -> None:
    """The column a marker stands in is said with the word "column" (the board's heading), or "middle" for the
    centre one."""
    assert read("prodigals", "en", "hand", text) == [RUDE, *(f"move {marker} down" for marker in means)]


@pytest.mark.parametrize(("text", "means"), [
    ("Rude Remark: my gentleman on 10 down two spaces, then my lady on 5 one step down",
     ["gent1", "gent1", "lady2"]),
    ("Rude Remark. Move my gentleman on 10 down 3 steps.", ["gent1"] * 3),
    ("Rude Remark: lady on 5 down 2 times and the gentleman on 8 down once", ["lady2", "lady2", "gent2"]),
    ("Rude Remark: the gentleman on 10 down.", ["gent1"]),
    ("Rude Remark: the lady at 5, down three squares", ["lady2"] * 3),
])
def test_a_marker_is_named_by_the_value_it_stands_on(text: str, means: list[str]) -> None:
    """A number after a place word ("on 10", "at 5") is the value of the row the marker stands on, never a count
    of the step after it."""
    assert read("prodigals", "en", "hand", text) == [RUDE, *(f"move {marker} down" for marker in means)]


@pytest.mark.parametrize("text", [
    "Rude Remark: the lady on 9 down three spaces",  # lady1 stands on 9 and cannot go down three
    "Rude Remark: the lady in the left column down three times",  # no lady stands there
    "Rude Remark: not the lady in the right column, the gentleman on 10 down three times",
    "Rude Remark: the gentleman on 10 down four spaces",  # the card gives three
    "Rude Remark: the gentleman on 7 down three times",  # no gentleman stands on 7
    "Rude Remark: the gentleman on 10 down three spaces, except the last one",
    "Rude Remark: the gentleman in the right column down three times",
    "Rude Remark: the lady on 5 down three times or the gentleman on 10",
    "Rude Remark: 10 down 3 times",
])
def test_a_marker_no_column_or_value_names_is_never_played(text: str) -> None:
    """A value or column no marker of that kind has, a count the card cannot meet, a negation or a choice: asked
    about or refused, never another marker moved."""
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", "hand", text)
