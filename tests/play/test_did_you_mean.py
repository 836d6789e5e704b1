"""A reply that could mean several legal moves is answered "did you mean", numbered; the number plays it (#43).

Read by meaning, "exchange the yellow card" fits every exchange that gives or takes a yellow card. Nothing is played: the
refusal, in the player's language, lists those moves under "Did you mean:" with the numbers the prompt gave
them, and a reply of just one of those numbers, to that refusal, plays that move and no other.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.language.words import translations, words
from pbem.serve import pipeline
from tests.language.test_games_in_languages import start
from tests.play.test_links import moves_of
from tests.support.loop import outbox, reply_to

CARD = {"en": "card", "el": "κάρτα", "hu": "kártyát", "ru": "карту"}
"""The word a player adds after the card they name: no word of China's notation, so the line is read by meaning."""


@pytest.mark.parametrize("language", ["en", "el", "hu", "ru"])
def test_did_you_mean_lists_the_candidates_numbered_and_a_number_plays_one(tmp_path: Path, language: str) -> None:
    service = start(tmp_path, "china", language, seed=4)
    prompt = outbox(service, kind="prompt")[0]
    with Session(service.db) as session:
        game = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
    rules, seat = game.rules, prompt.seat
    assert seat is not None
    legal = [rules.format(move) for move in rules.legal(game.state, seat)]
    card = next(notation.split()[1] for notation in legal if notation.startswith("exchange "))
    meant = [notation for notation in legal if notation.startswith("exchange ") and card in notation.split()]
    assert len(meant) > 1  # the card given, or the card taken
    said = words(rules, language)

    outcome = pipeline.deliver(service, reply_to(prompt, f"{said.move(f'exchange {card}')} {CARD[language]}"))
    assert outcome.status == "refused" and moves_of(service) == []
    refusal = outbox(service, recipient=prompt.recipient, kind="refusal")[-1]
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
