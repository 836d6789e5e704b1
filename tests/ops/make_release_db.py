"""Make the "previous release" database that ``release-0.1.0.sql`` holds (how that file was made).

Run with the release's pbem (commit c77c2ac, before migrations) first on the
path and this checkout's ``tests`` after it::

    PYTHONPATH=<checkout of c77c2ac>:<this checkout> python tests/ops/make_release_db.py out.db
    sqlite3 out.db .dump > tests/ops/release-0.1.0.sql

It plays through the real service: a Dragon game of two players and a bot
answered by mail for twelve turns, a dispute, a tournament with its first
round seated, and the outbox rows all of that queued (four marked sent).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlmodel import Session, select

import tournaments
from pbem.serve import pipeline
from pbem.clock import SetClock
from pbem.ops.config import Settings
from pbem.ops.db import Outbox
from pbem.play.service import Service
from pbem.tournament import runner
from tests.support.loop import reply_to
from tests.ops.play import answer_one

PLAYERS = ["ann@example.org", "bob@example.org", "cay@example.org", "dee@example.org", "eve@example.org"]


def main(path: Path) -> None:
    clock = SetClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    service = Service(Settings(database_url=f"sqlite:///{path}", secret="release-secret", smtp_port=1), clock=clock)
    game_id = service.new_game("dragon", PLAYERS[:2], bots_count=1, seed=11)
    for number in range(12):
        clock.advance(timedelta(hours=3))
        outcome = answer_one(service, game_id, number)
        assert outcome is not None and outcome.status == "applied", outcome
    with Session(service.db) as session:
        prompt = session.exec(select(Outbox).where(Outbox.game_id == game_id, Outbox.recipient == PLAYERS[0])
                              .order_by(Outbox.id.desc())).first()  # type: ignore[union-attr]
    assert prompt is not None
    pipeline.deliver(service, reply_to(prompt, "dispute the bot took my palace", message_id="<dispute@client.example>"))
    definition = (Path(tournaments.__file__).parent / "examples" / "dragon-open.toml").read_text()
    tournament_id = runner.create(service, definition, "organiser")
    for email in PLAYERS:
        runner.register(service, tournament_id, email, email.split("@")[0].title(), "organiser")
    runner.start_round(service, tournament_id, "organiser")
    with Session(service.db) as session:
        for row in session.exec(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id)).all()[:4]:
            row.status, row.sent = "sent", clock.now()
            session.add(row)
        session.commit()
    service.db.dispose()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
