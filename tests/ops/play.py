"""Playing a game of the real service by mail, one reply at a time: what the ops tests keep writing."""

from __future__ import annotations

from sqlmodel import Session, select

from pbem.serve import pipeline
from pbem.ops.db import Outbox
from pbem.play.service import Service
from tests.support.loop import reply_to


def answer_one(service: Service, game_id: int, number: int) -> pipeline.Outcome | None:
    """The first human seat that owes a move replies to its latest mail with its first legal move.

    None when no human seat owes one (the game is over). ``number`` makes the
    reply's Message-ID, so each call must pass a new one.
    """
    with Session(service.db) as session:
        table = service.store.load(session, game_id)
        waiting = sorted(seat for seat in table.rules.to_act(table.state) if table.human(seat))
        if not waiting:
            return None
        seat = waiting[0]
        move = table.rules.format(table.rules.legal(table.state, seat)[0])
        prompt = session.exec(select(Outbox).where(Outbox.game_id == game_id, Outbox.seat == seat)
                              .order_by(Outbox.id.desc())).first()  # type: ignore[union-attr]
    assert prompt is not None, f"seat {seat} of game {game_id} owes a move but was never mailed"
    return pipeline.deliver(service, reply_to(prompt, move, message_id=f"<reply-{game_id}-{number}@client.example>"))
