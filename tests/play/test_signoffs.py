"""A reply's greeting or signature after its last move is no reason to refuse the move: it is played and listed."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session, select

from pbem.serve import pipeline
from pbem.app import open_service
from pbem.ops.config import Settings
from pbem.ops.db import Move
from pbem.simulation.swarm import legal_moves
from tests.support.loop import outbox, reply_to

ANN = "ann@example.org"


def test_a_signature_after_the_move_is_played_around_and_listed_in_the_next_mail(tmp_path: Path) -> None:
    service = open_service(Settings(database_url=f"sqlite:///{tmp_path / 'pbem.db'}", secret="signoff"))
    game_id = service.new_game("dragon", [ANN], bots_count=3, seed=5)
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    move = legal_moves(prompt.text)[0]
    before = len(outbox(service))
    outcome = pipeline.deliver(service, reply_to(prompt, f"{move}\nGood game so far!\nAlex"))
    assert outcome.status == "applied", outcome.reason
    with Session(service.db) as session:
        played = session.exec(select(Move).where(Move.game_id == game_id, Move.source == "email")).all()
    assert len(played) == 1
    answer = next(row for row in outbox(service)[before:] if row.recipient == ANN)
    assert "Not read as moves (they came after your last move): 'Good game so far!', 'Alex'." in " ".join(
        answer.text.split())
    assert "<code>Good game so far!</code>" in answer.html
