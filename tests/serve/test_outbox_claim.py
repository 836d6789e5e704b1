"""The outbox worker claims its due rows on a plain connection: the rows it hands on must be the committed rows,
every column as stored, and claimed so that no worker takes them again before the lease ends."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlmodel import select

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.serve.outbox import OutboxWorker
from pbem.ops.db import Outbox
from pbem.play.service import Service
from tests.support import sticks
from tests.support.loop import make_settings, outbox


def _columns(row: Outbox) -> dict[str, Any]:
    return {name: getattr(row, name) for name in Outbox.model_fields}


def test_the_claimed_rows_are_the_stored_rows_with_every_column_and_are_leased(any_database: Service,
                                                                               clock: SetClock) -> None:
    service = any_database
    service.new_game("sticks", ["ann@example.org", "bob@example.org"], seed=1)
    service.new_game("dragon", ["cy@example.org", "dee@example.org"], bots_count=2, seed=2)  # prompts with pictures
    stored = outbox(service)
    assert len(stored) >= 4 and any(row.picture for row in stored) and all(row.status == "pending" for row in stored)
    worker = OutboxWorker(service)

    claimed = worker._due()

    assert [_columns(row) for row in claimed] == [_columns(row) for row in stored]
    lease = clock.now() + timedelta(seconds=service.settings.outbox_lease_seconds)
    assert {row.next_attempt for row in outbox(service)} == {lease}
    assert worker._due() == [], "a claimed row is left alone until its lease ends"
    clock.advance(timedelta(seconds=service.settings.outbox_lease_seconds + 1))
    assert [row.id for row in worker._due()] == [row.id for row in stored]


def test_a_claim_takes_at_most_a_batch_oldest_first_and_never_a_sent_row(service: Service) -> None:
    for seed in range(3):
        service.new_game("sticks", [f"p{seed}@example.org", f"q{seed}@example.org"], seed=seed)
    worker = OutboxWorker(service)
    worker.settings = replace(service.settings, outbox_batch=2)
    first = outbox(service)[0]
    worker._sent(first.id)

    claimed = worker._due()

    assert [row.id for row in claimed] == [row.id for row in outbox(service)[1:3]]


def test_on_postgresql_a_row_another_worker_is_claiming_is_skipped_not_waited_for(
        tmp_path: Path, clock: SetClock, postgres_url: str) -> None:
    service = open_service(make_settings(tmp_path, database_url=postgres_url), clock=clock, rules=sticks.rules)
    service.new_game("sticks", ["ann@example.org", "bob@example.org"], seed=1)
    stored = outbox(service)
    event.listen(service.db, "connect", lambda dbapi, _record: dbapi.execute("SET lock_timeout = '5s'"))
    service.db.dispose()  # a worker that waited for the lock would fail in 5 s, not hang the test
    with service.db.begin() as other:  # another worker, between its SELECT ... FOR UPDATE and its commit
        other.execute(select(Outbox.id).where(Outbox.id == stored[0].id).with_for_update())  # type: ignore[arg-type]

        claimed = OutboxWorker(service)._due()

    assert [row.id for row in claimed] == [row.id for row in stored[1:]]
