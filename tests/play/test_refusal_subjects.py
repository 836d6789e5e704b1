"""A refusal's subject says why (issue 32): "not understood" only for a line that does not read as a move; a
move that reads but the rules refuse now is "not legal now", in each language pbem writes."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.language.words import translations
from pbem.play.service import Service
from pbem.serve import pipeline
from tests.support.loop import START, make_settings, outbox, reply_to

PLAYERS = ["ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"]
PAIR = "start farmer palace1, scholar palace2"


def second_to_start(tmp_path) -> tuple[Service, str]:
    """A Dragon game whose first player has taken ``PAIR``; the second player, whose turn it is."""
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    game_id = service.new_game("dragon", PLAYERS, seed=5)

    def acting() -> str:
        with Session(service.db) as session:
            (seat,) = service.store.load(session, game_id).due()
            return PLAYERS[seat]

    first = acting()
    assert pipeline.deliver(service, reply_to(outbox(service, recipient=first, kind="prompt")[-1],
                                              PAIR)).status == "applied"
    return service, acting()


def test_an_understood_move_that_is_not_legal_now_is_not_called_not_understood(tmp_path) -> None:
    service, second = second_to_start(tmp_path)
    prompt = outbox(service, recipient=second, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, PAIR)).status == "refused"  # the pair an earlier player took
    taken = outbox(service, recipient=second, kind="refusal")[-1]
    assert taken.subject.endswith("Not played: the move is not legal now"), taken.subject
    assert "earlier player took that pair" in " ".join(taken.text.split())
    assert pipeline.deliver(service, reply_to(prompt, "start farmr palace1, scholar palace2")).status == "refused"
    mistyped = outbox(service, recipient=second, kind="refusal")[-1]
    assert mistyped.subject.endswith("Not played: the move was not understood"), mistyped.subject


@pytest.mark.parametrize("language", ["en", "el", "hu", "ru"])
def test_the_not_legal_now_subject_is_in_the_players_language(tmp_path, language: str) -> None:
    """The headline of a move the rules refuse now is its own in every language, never that language's
    "not understood"."""
    service, second = second_to_start(tmp_path)
    if language != "en":
        asked = outbox(service, recipient=second, kind="prompt")[-1]
        pipeline.deliver(service, reply_to(asked, f"language {language}"))
    prompt = outbox(service, recipient=second, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, PAIR)).status == "refused"
    catalog = translations(language)
    not_legal, not_understood = (catalog.gettext("the move is not legal now"),
                                 catalog.gettext("the move was not understood"))
    assert not_legal != not_understood
    if language != "en":
        assert not_legal != "the move is not legal now", "the headline has a translation"
    subject = outbox(service, recipient=second, kind="refusal")[-1].subject
    assert not_legal in subject and not_understood not in subject, subject
