"""A stored message whose handling raises never holds back the others and is set aside, not lost."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from pbem import pipeline
from pbem.db import Audit, Inbound
from pbem.service import Service
from tests.mail.conftest import outbox, reply_to

ANN, BOB = "ann@example.org", "bob@example.org"


def test_a_message_that_keeps_raising_is_set_aside_and_later_ones_are_handled(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    poison = pipeline.store(service, reply_to(prompt, "take 1", message_id="<poison@client.example>"))
    healthy = pipeline.store(service, reply_to(prompt, "status", message_id="<fine@client.example>"))
    assert poison is not None and healthy is not None
    real_handle = pipeline.handle

    def broken(service_: Service, inbound_id: int, mail=None):  # type: ignore[no-untyped-def]
        if inbound_id == poison:
            raise RuntimeError("engine bug")
        return real_handle(service_, inbound_id, mail)

    monkeypatch.setattr(pipeline, "handle", broken)
    first = pipeline.handle_pending(service)
    assert [o.status for o in first] == ["stored", "command"]  # the healthy one is not held back
    for _ in range(pipeline.GIVE_UP_AFTER - 1):
        outcomes = pipeline.handle_pending(service)
    assert [o.status for o in outcomes] == ["failed"]
    assert pipeline.handle_pending(service) == []
    with Session(service.db) as session:
        row = session.get(Inbound, poison)
        assert row is not None and row.status == "failed" and row.attempts == pipeline.GIVE_UP_AFTER
        assert "RuntimeError: engine bug" in row.reason and row.raw  # kept, with why
        audit = session.exec(select(Audit).where(Audit.action == "inbound failed")).one()
        assert "poison@client.example" in audit.detail
