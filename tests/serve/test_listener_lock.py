"""While another program holds SQLite's write lock, one store waits for it and every other sender gets 451 at once
(#45, item 5: 40 senders used to wait 5 to 39 s in turn behind the store threads).

Real parts only: the database is a real SQLite file, its write lock held by
another process (``BEGIN EXCLUSIVE``), the listener is ``pbem serve``'s on
127.0.0.1, and the senders are concurrent smtplib clients. The lock is held
for LOCK_SECONDS; an answer counts as "at once" under half of that, a bound
no loaded machine comes near unless the sender waited for the lock. How fast
the answers really are is ``pbem bench lock``'s business.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from pbem.clock import SetClock
from pbem.ops.db import Inbound
from pbem.play.service import Service
from pbem.serve.server import Server
from tests.serve.test_listener import crlf
from tests.serve.test_listener_busy import numbered, send, serve
from tests.support import sticks
from tests.support.loop import START, make_settings, outbox, reply_to, rows

ANN, BOB = "ann@example.org", "bob@example.org"
LOCK_SECONDS = 4.0
"""How long the other process holds the write lock while the senders send."""
AT_ONCE = LOCK_SECONDS / 2
"""An answer within this came without waiting for the lock."""
SENDERS = 12

LOCKER = """
import sqlite3, sys
locker = sqlite3.connect(sys.argv[1], isolation_level=None)
locker.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
print(locker.execute("SELECT count(*) FROM inbound").fetchone()[0], flush=True)
locker.rollback()
locker.close()
"""
"""Another program: holds the write lock until told on stdin, then says how many mails were stored meanwhile."""


class Locker:
    """The other process holding the database's write lock; :meth:`release` lets it go."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.stored_meanwhile: int | None = None
        self.held_until: float | None = None
        """A moment (time.monotonic) the lock was still held at: just before it was told to let go."""

    def release(self) -> None:
        """Let the lock go; ``stored_meanwhile`` is then what the other process saw stored while it held it."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.held_until = time.monotonic()
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        self.stored_meanwhile = int(self.process.stdout.readline())
        assert self.process.wait(30) == 0


@contextmanager
def locked_elsewhere(service: Service) -> Iterator[Locker]:
    """The database's write lock held by another process for the block (unless released sooner); stopped after."""
    database = service.settings.database_url.removeprefix("sqlite:///")
    process = subprocess.Popen([sys.executable, "-c", LOCKER, database], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    locker = Locker(process)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "locked"
        yield locker
        if locker.held_until is None:
            locker.release()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@dataclass
class Sent:
    raw: bytes
    code: int = 0
    seconds: float = 0.0
    """From connecting to the final answer."""
    answered_at: float = 0.0


def send_at_once(port: int, sender: str, recipient: str, mails: list[bytes]) -> tuple[list[Sent], list[threading.Thread]]:
    """Each mail on its own connection, all at once on threads of their own; join the threads for the answers."""
    sent = [Sent(raw) for raw in mails]

    def one(mail: Sent) -> None:
        [(mail.code, mail.seconds)] = send(port, sender, recipient, [mail.raw])
        mail.answered_at = time.monotonic()

    threads = [threading.Thread(target=one, args=(mail,)) for mail in sent]
    for thread in threads:
        thread.start()
    return sent, threads


def sticks_service(tmp_path: Path, sink, **settings: object) -> tuple[Service, list[bytes]]:
    """A service with a Sticks game, and SENDERS replies to its first prompt, each with its own Message-ID."""
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", scan_seconds=3600,
                                    **settings), clock=SetClock(START), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    prompt = outbox(service, kind="prompt")[0]
    return service, [numbered(crlf(reply_to(prompt, "take 1")), n) for n in range(SENDERS)]


@pytest.mark.parametrize("store_seconds", [30.0, 0.5], ids=["the store outwaits the lock", "the store gives up"])
def test_while_one_store_waits_for_a_lock_held_elsewhere_every_other_sender_gets_451_at_once(
        tmp_path: Path, sink, store_seconds: float) -> None:
    """One store waits for the lock: stored once it goes (250), or 451 once listen_store_seconds pass; every
    other sender is answered 451 at once, none stored twice, and each 451'd mail sent again is stored."""
    service, mails = sticks_service(tmp_path, sink, listen_store_seconds=store_seconds)
    recipient = outbox(service, kind="prompt")[0].reply_to

    def talk(server: Server) -> tuple[list[Sent], Locker, list[int]]:
        assert server.port is not None
        with locked_elsewhere(service) as locker:
            began = time.monotonic()
            during, threads = send_at_once(server.port, ANN, recipient, mails)
            time.sleep(max(0.0, began + LOCK_SECONDS - time.monotonic()))
            locker.release()
            for thread in threads:
                thread.join(60)
        again = [send(server.port, ANN, recipient, [mail.raw])[0][0] for mail in during if mail.code == 451]
        return during, locker, again

    during, locker, again = serve(service, talk)
    assert locker.stored_meanwhile == 0  # nothing could be stored while the other process held the lock
    codes = [mail.code for mail in during]
    refused = [mail for mail in during if mail.code == 451]
    assert set(codes) <= {250, 451}, codes
    assert codes.count(250) == (1 if store_seconds > LOCK_SECONDS else 0), codes  # one store waited, and won
    assert len(refused) >= SENDERS - 1, codes
    waited = sorted(mail.seconds for mail in refused)
    assert waited[-1] < AT_ONCE, waited  # (a store that gave up waited listen_store_seconds, under it as well)
    assert locker.held_until is not None
    assert all(mail.answered_at < locker.held_until for mail in refused), "a 451 came only after the lock went"
    assert all(mail.answered_at > locker.held_until for mail in during if mail.code == 250)  # stored once it went
    assert again == [250] * len(refused), again  # every 451'd mail sent again is stored
    stored = rows(service, Inbound)
    assert len({row.message_id for row in stored}) == len(stored) == SENDERS  # each mail stored once
    assert all(row.status != "stored" for row in stored)  # and handled


def test_a_store_waiting_behind_this_process_own_transaction_refuses_no_sender(tmp_path: Path, sink) -> None:
    """A lock one of pbem serve's own connections holds (a long step: bots move inside a reply's transaction)
    is only waited for: no sender is answered 451 under nothing but load."""
    service, mails = sticks_service(tmp_path, sink, listen_store_seconds=30.0)
    recipient = outbox(service, kind="prompt")[0].reply_to

    def talk(server: Server) -> list[Sent]:
        assert server.port is not None
        with service.db.begin() as own:  # the service's own engine, as a step on the database thread uses it
            own.exec_driver_sql("SELECT count(*) FROM inbound")
            during, threads = send_at_once(server.port, ANN, recipient, mails)
            time.sleep(1.5)
        for thread in threads:
            thread.join(60)
        return during

    during = serve(service, talk)
    assert [mail.code for mail in during] == [250] * SENDERS
    assert len(rows(service, Inbound)) == SENDERS
