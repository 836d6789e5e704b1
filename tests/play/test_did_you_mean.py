"""A reply that could mean several legal moves is answered "did you mean", numbered; the number plays it (#43).

Read by meaning, "exchange the yellow card" fits every exchange that gives or takes a yellow card. Nothing is played: the
refusal, in the player's language, lists those moves under "Did you mean:" with the numbers the prompt gave
them, and a reply of just one of those numbers, to that refusal, plays that move and no other.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from pbem.language.words import translations, words
from pbem.serve import pipeline
from tests.play.test_links import moves_of
from tests.play.test_refusal_links import refused
from tests.support.loop import reply_to


@pytest.mark.parametrize("language", ["en", "el", "hu", "ru"])
def test_did_you_mean_lists_the_candidates_numbered_and_a_number_plays_one(tmp_path: Path, language: str) -> None:
    service, _prompt, refusal, legal = refused(tmp_path, language, "unsure")  # "exchange yellow card"
    card = next(notation.split()[1] for notation in legal if notation.startswith("exchange "))
    meant = [notation for notation in legal if notation.startswith("exchange ") and card in notation.split()]
    assert len(meant) > 1  # the card given, or the card taken
    said = words(engine.game("china"), language)

    catalog = translations(language)
    assert catalog.gettext("Did you mean:") in refusal.text, refusal.text
    assert catalog.gettext("we were not sure which move you meant") in " ".join(refusal.text.split())
    section = refusal.text.split(catalog.gettext("Did you mean:") + "\n")[1].split("\n\n")[0]
    offered = dict(re.findall(r"^  (\d+)\. (.+)$", section, re.MULTILINE))
    assert len(offered) > 1 and set(offered.values()) <= {said.move(notation) for notation in meant}
    assert all(legal[int(number) - 1] in meant for number in offered), "the prompt's own numbers"

    number, shown = sorted(offered.items())[-1]
    outcome = pipeline.deliver(service, reply_to(refusal, number))
    assert outcome.status == "applied", outcome
    assert [move.notation for move in moves_of(service)][:1] == [legal[int(number) - 1]]
    assert said.move(legal[int(number) - 1]) == shown
