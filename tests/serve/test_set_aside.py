"""A stored message whose handling raises never holds back the others and is set aside, not lost."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

from pbem.serve import pipeline
from pbem.cli.main import app
from pbem.ops.config import load_settings
from pbem.ops.db import Audit, Inbound, Move
from pbem.play.service import Service
from pbem.simulation.swarm import legal_moves
from pbem.app import open_service
from tests.support.loop import outbox, reply_to
from tests.settings import command_env

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


def test_the_organiser_retries_a_failed_message_from_the_command_line_once_its_fault_is_fixed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = command_env(tmp_path, PBEM_DATABASE_URL=f"sqlite:///{tmp_path / 'pbem.db'}", PBEM_SECRET="retry-secret",
                      USER="orga")
    dragon = open_service(load_settings(env))
    game_id = dragon.new_game("dragon", [ANN], bots_count=2, seed=3)
    prompt = outbox(dragon, recipient=ANN, kind="prompt")[-1]
    move = legal_moves(prompt.text)[0]
    poison = pipeline.store(dragon, reply_to(prompt, move, message_id="<poison@client.example>"))
    assert poison is not None
    real_handle = pipeline.handle

    def broken(service_: Service, inbound_id: int, mail=None):  # type: ignore[no-untyped-def]
        raise RuntimeError("engine bug")

    monkeypatch.setattr(pipeline, "handle", broken)
    for _ in range(pipeline.GIVE_UP_AFTER):
        pipeline.handle_pending(dragon)

    def cli(*args: str, code: int = 0) -> str:
        result = CliRunner().invoke(app, list(args), env=env)
        assert result.exit_code == code, (result.exit_code, result.output)
        return result.output

    def inbound() -> Inbound:
        with Session(dragon.db) as session:
            row = session.get(Inbound, poison)
            assert row is not None
            return row

    listed = cli("inbound", "list", "--status", "failed")
    assert f"│ {poison} " in listed and "failed" in listed and "engine bug" in listed
    shown = cli("inbound", "show", str(poison))
    assert "poison@client.example" in shown and f"  {move}" in shown and "status: failed" in shown
    assert "error: --reason is required" in cli("inbound", "retry", str(poison), code=1)
    assert "no inbound message 99; messages are numbered 1-1" in cli("inbound", "retry", "99", "--reason", "x",
                                                                      code=1)
    assert "--status 'gone'" in cli("inbound", "list", "--status", "gone", code=1)
    assert inbound().status == "failed"

    # Retried while the fault is still there: counted again and kept, never lost.
    assert "message 1: stored (RuntimeError: engine bug)" in cli("inbound", "retry", str(poison), "--reason",
                                                                 "try again", code=1)
    assert (inbound().status, inbound().attempts) == ("stored", 1)
    assert "waits to be handled already" in cli("inbound", "retry", str(poison), "--reason", "again", code=1)
    for _ in range(pipeline.GIVE_UP_AFTER - 1):
        pipeline.handle_pending(dragon)
    assert inbound().status == "failed"

    monkeypatch.setattr(pipeline, "handle", real_handle)
    assert "message 1: applied, 1 move applied" in cli("inbound", "retry", str(poison), "--reason", "bug fixed")
    with Session(dragon.db) as session:
        moves = session.exec(select(Move).where(Move.game_id == game_id, Move.inbound_id == poison)).all()
        assert [m.notation for m in moves] == [move] and moves[0].source == "email"
        retried = session.exec(select(Audit).where(Audit.action == "inbound retry")).all()
        assert [a.actor for a in retried] == ["orga", "orga"] and "bug fixed" in retried[-1].detail
    assert outbox(dragon, recipient=ANN)[-1].kind in ("confirmation", "prompt")
    counts = (len(outbox(dragon)), inbound().status)
    assert "it was handled (applied); a handled message is never handled twice" in cli(
        "inbound", "retry", str(poison), "--reason", "once more", code=1)
    assert (len(outbox(dragon)), inbound().status) == counts
