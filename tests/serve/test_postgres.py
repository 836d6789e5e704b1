"""PostgreSQL: the same code with another URL, and two pbem serve workers sharing one database."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.ops.config import load_settings
from pbem.ops.db import Game, Inbound, Move, Outbox
from pbem.play.service import Service
from pbem.app import open_service
from tests.support import postgres
from tests.support.serverproc import ServerProcess, environment, listed_moves, pbem, reply, send

PLAYERS = ["ann@example.org", "bob@example.org"]

@pytest.fixture
def database_url() -> Iterator[str]:
    instance = postgres.PostgresInstance()
    try:
        yield instance.start()
    finally:
        instance.stop()


def test_two_workers_share_postgres_and_a_game_ends_with_every_move_and_mail_once(
        tmp_path: Path, sink, database_url: str) -> None:
    env = environment(tmp_path, sink.port, PBEM_DATABASE_URL=database_url)
    other = environment(tmp_path, sink.port, PBEM_DATABASE_URL=database_url)
    assert pbem(env, "init").returncode == 0
    assert pbem(env, "game", "new", "dragon", *sum((["--player", p] for p in PLAYERS), []), "--bots", "2",
                "--seed", "9").returncode == 0
    workers = [ServerProcess(env).start(), ServerProcess(other).start()]
    rng = random.Random(3)
    answered: set[str] = set()
    try:
        turn = 0
        while True:
            def due(messages):  # type: ignore[no-untyped-def]
                if sum("Game over" in str(m["Subject"]) for m in messages) >= len(PLAYERS):
                    return "over"
                return [m for m in messages if "Your move" in str(m["Subject"]) and str(m["Message-ID"]) not in answered]

            found = sink.wait_for(due, timeout=60)
            if found == "over":
                break
            for prompt in found:
                answered.add(str(prompt["Message-ID"]))
                worker = workers[turn % 2]  # alternate the replies between the two workers
                turn += 1
                move = rng.choice(listed_moves(prompt))
                send(worker.port, reply(prompt, move, str(prompt["To"])), str(prompt["To"]), str(prompt["Reply-To"]))
    finally:
        for worker in workers:
            worker.stop()
    service = open_service(load_settings(env))
    with Session(service.db) as session:
        assert session.exec(select(Game)).one().status == "over"
        emailed = [m for m in session.exec(select(Move)) if m.source == "email"]
        rows = list(session.exec(select(Outbox)))
        statuses = {row.status for row in session.exec(select(Inbound))}
    service.db.dispose()
    assert len(emailed) == len(answered) and statuses == {"applied"}
    assert all(row.status == "sent" for row in rows)
    assert len(sink.messages) == len(sink.unique()) == len(rows), "no mail sent twice by the two workers"
