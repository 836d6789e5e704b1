"""A reply that comes after the deadline made its decision is refused, saying what was played for the seat, and
never kept for a later turn: in China the next decision is often of the same kind, where it would be played a
turn late as an answer to a question nobody asked."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.db import Early, Inbound, Move, Player
from pbem.play import deadlines
from pbem.play.service import Service
from pbem.serve import pipeline
from tests.language.test_games_in_languages import listed
from tests.support.loop import START, make_settings, outbox, reply_to

EMAILS = [f"p{n}@example.org" for n in range(3)]


def china(tmp_path: Path, language: str, **settings: object) -> tuple[Service, SetClock]:
    clock = SetClock(START)
    service = open_service(make_settings(tmp_path, **settings), clock=clock)
    with Session(service.db) as session:
        session.add_all(Player(email=email, name=f"P{n}", language=language) for n, email in enumerate(EMAILS))
        session.commit()
    service.new_game("china", EMAILS, seed=5)
    return service, clock


def moves_by(service: Service, seat: int) -> list[tuple[str, str]]:
    with Session(service.db) as session:
        return [(move.notation, move.source) for move in session.exec(select(Move).where(Move.seat == seat))]


@pytest.mark.parametrize(("to_bot", "language"), [(3, "en"), (1, "en"), (3, "hu")],
                         ids=["the seat stays human", "a bot keeps the seat", "in Hungarian"])
def test_a_reply_to_a_decision_the_deadline_made_is_refused_and_not_kept(tmp_path: Path, to_bot: int,
                                                                         language: str) -> None:
    service, clock = china(tmp_path, language, timeouts_to_bot=to_bot)
    [prompt] = outbox(service, kind="prompt", recipient=EMAILS[0])
    line = listed(prompt, language)[0]
    clock.advance(timedelta(hours=service.settings.deadline_hours + 1))
    assert deadlines.scan(service).timeouts == 1
    made = [notation for notation, source in moves_by(service, 0) if source == "timeout"]
    assert made, "the deadline played the seat's decision"

    outcome = pipeline.deliver(service, reply_to(prompt, line))

    assert outcome.status == "refused" and "made at the deadline" in outcome.reason
    assert [source for _, source in moves_by(service, 0)].count("email") == 0, "nothing of the reply is played"
    with Session(service.db) as session:
        assert session.exec(select(Early)).all() == [], "nothing of the reply is kept for a later turn"
        assert session.get(Inbound, outcome.inbound_id).status == "refused"
    [refusal] = outbox(service, kind="refusal", recipient=EMAILS[0])
    said = service.shown.words(service.store.load(Session(service.db), 1), 0)
    assert all(said.move(notation) in " ".join(refusal.text.split()) for notation in made), refusal.text
    if language == "en":
        assert "the deadline made this decision" in refusal.subject
        assert "not kept for a later turn" in refusal.text
    else:
        assert "határidő" in refusal.subject and "deadline" not in refusal.text


def test_a_reply_to_the_decision_open_now_is_still_played(tmp_path: Path) -> None:
    service, clock = china(tmp_path, "en")
    [prompt] = outbox(service, kind="prompt", recipient=EMAILS[0])
    outcome = pipeline.deliver(service, reply_to(prompt, listed(prompt, "en")[0]))
    assert outcome.status == "applied"
