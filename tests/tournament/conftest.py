"""Fixtures of the tournament-service tests: a service on a SQLite file and players who answer its prompts.

The in-process players answer queued prompts through ``pipeline.deliver``
(the whole inbound pipeline minus the SMTP hop), which keeps the unit tests
fast; ``test_mail_loop.py`` runs the real thing over loopback SMTP.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.serve import pipeline
from pbem.simulation import swarm
from pbem.clock import SetClock
from pbem.ops.config import Settings
from pbem.ops.db import Outbox
from pbem.play.service import Service
from pbem.tournament import runner
from pbem.app import open_service

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
ORGANISER = "tester"

DEFINITION = """
name = "Test Open"
game = "{game}"
rounds = {rounds}
seed = 7

[seating]
table_sizes = [3, 4, 5]
preferred = 4

[scoring]
system = "rank_points"
tie_breaks = ["game_points", "wins"]

[scoring.rank_points]
3 = [6, 3, 1]
4 = [10, 6, 3, 1]
5 = [12, 8, 5, 3, 1]

[deadlines]
move = "48h"
reminder = "12h"
{extra}
"""


def definition(rounds: int = 2, extra: str = "", game: str = "dragon") -> str:
    return DEFINITION.format(rounds=rounds, extra=extra, game=game)


def make_settings(tmp_path: Path) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp_path / 'pbem.db'}", secret="test-secret", smtp_port=1,
                    robot_answers_per_day=100000, listen="127.0.0.1:0")  # never pbem's default: see tests/support/ports.py


@pytest.fixture
def clock() -> SetClock:
    return SetClock(START)


@pytest.fixture
def service(tmp_path: Path, clock: SetClock) -> Service:
    return open_service(make_settings(tmp_path), clock=clock)


def emails(count: int) -> list[str]:
    return [f"player{index:02d}@example.org" for index in range(1, count + 1)]


def tournament_with(service: Service, players: int, rounds: int = 2, extra: str = "", game: str = "dragon") -> int:
    tournament_id = runner.create(service, definition(rounds, extra, game), ORGANISER)
    for email in emails(players):
        runner.register(service, tournament_id, email, "", ORGANISER)
    return tournament_id


class Players:
    """Every registered player, answering each new prompt in the outbox with a random legal move."""

    def __init__(self, service: Service, seed: int = 1) -> None:
        self.service = service
        self.rng = random.Random(seed)
        self.seen = 0

    def prompts(self, game_id: int | None = None) -> list[Outbox]:
        with Session(self.service.db) as session:
            query = select(Outbox).where(Outbox.id > self.seen).order_by(Outbox.id)
            return [row for row in session.exec(query)
                    if swarm.is_prompt(row.subject) and (game_id is None or row.game_id == game_id)]

    def answer_all(self, rounds: int = 10_000, game_id: int | None = None, skip: frozenset[str] = frozenset()) -> int:
        """Answer prompts until none is new (or ``rounds`` passes); returns the replies sent."""
        sent = 0
        for _ in range(rounds):
            rows = self.prompts(game_id)
            if not rows:
                return sent
            self.seen = rows[-1].id or self.seen
            for row in rows:
                if row.recipient in skip:
                    continue
                mail = swarm.answer(row.recipient, row.reply_to, row.subject, row.message_id, row.text, self.rng)
                if mail is not None:
                    pipeline.deliver(self.service, mail.raw, [mail.recipient])
                    sent += 1
        return sent


def mails(service: Service, kind: str) -> list[Outbox]:
    with Session(service.db) as session:
        return list(session.exec(select(Outbox).where(Outbox.kind == kind).order_by(Outbox.id)))
