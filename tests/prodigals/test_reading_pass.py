"""Prodigals' end of the actions turn said as "pass" (#43): the game's move is ``done``, and players pass.

Checked with sentences of its own (not the corpora's) and attacked: a card named after the pass is never its
discard of the next decision, a negation stops the line, and an errand (which cannot be passed) is never read."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize("text", [
    "I pass.",
    "Pass this turn, thanks.",
    "I'll pass on my actions this round.",
    "Passing.",
    "Nothing for me, I pass.",
    "I'm passing this time around",
])
def test_a_pass_ends_the_actions_turn(text: str) -> None:
    """"pass" is Prodigals' "done" in English, as "finished" is."""
    assert read("prodigals", "en", "actions", text) == ["done"]


@pytest.mark.parametrize(("state", "text"), [
    ("hand", "I pass on Leapfrog"),  # not played, and never discarded unasked
    ("hand", "done, Leapfrog"),
    ("actions", "Don't pass"),
    ("errands", "I pass"),  # an errand boy must be placed
])
def test_a_pass_never_plays_what_it_names_or_negates(state: str, text: str) -> None:
    """Past the turn's end a card named alone is no discard (the discard must be said: "then discard Leapfrog")."""
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", state, text)


def test_a_discard_said_after_the_pass_is_played() -> None:
    assert read("prodigals", "en", "hand", "I pass, then discard Leapfrog") == ["done", "discard leapfrog"]
