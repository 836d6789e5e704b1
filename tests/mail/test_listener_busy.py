"""The listener never waits for a reply's handling nor for a database lock (#28).

A reply with a 100 kB word once took 4.9 s to read on the loop's thread, and
ten of them held every SMTP session for 46 s; a lock another program held
froze the listener for as long. Here real SMTP clients talk to a real
listener on 127.0.0.1 while that happens, and another sender must still get
its answer within a second: a generous bound (the answer takes milliseconds),
which the design that handled on the loop's thread misses by seconds.
"""

from __future__ import annotations

import asyncio
import smtplib
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, TypeVar

import pytest

from pbem.clock import SetClock
from pbem.mail import pipeline
from pbem.mail.server import Server
from pbem.ops.db import Inbound
from pbem.play.service import Service
from tests.mail import sticks
from tests.mail.conftest import START, make_settings, outbox, reply_to, rows
from tests.mail.test_listener import crlf, hold_write_lock

ANN, BOB, CAT, DAN = "ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"
PROMPT_ANSWER_SECONDS = 1.0
"""How long another sender may wait for its 250 (or 451): milliseconds are usual, seconds were the fault."""
T = TypeVar("T")


def send(port: int, sender: str, recipient: str, messages: list[bytes],
         answered: threading.Event | None = None) -> list[tuple[int, float]]:
    """Send ``messages`` on one SMTP connection; each final reply code with the seconds since connecting.

    ``answered`` is set once the first message has its answer.
    """
    began = time.monotonic()
    answers = []
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
        client.ehlo("client.example")
        for raw in messages:
            client.mail(sender)
            client.rcpt(recipient)
            code, _ = client.data(raw)
            answers.append((code, time.monotonic() - began))
            if answered is not None:
                answered.set()
    return answers


def serve(service: Service, talk: Callable[[Server], T], *, until_handled: bool = True) -> T:
    """Run ``talk(server)`` in a thread against a running server; then wait until every stored message is handled."""

    async def run() -> T:
        server = Server(service)
        await server.start()
        try:
            result = await asyncio.get_running_loop().run_in_executor(None, talk, server)
            for _ in range(600):
                if not until_handled or not rows(service, Inbound, status="stored"):
                    break
                await asyncio.sleep(0.05)
            return result
        finally:
            await server.stop()

    return asyncio.run(run())


def numbered(raw: bytes, n: int) -> bytes:
    """``raw`` with a Message-ID of its own, so that each copy is stored (not dropped as a duplicate)."""
    return raw.replace(b"Message-ID: <", f"Message-ID: <{n}.".encode(), 1)


def test_ten_replies_with_a_100_kb_word_hold_no_other_senders_250(tmp_path: Path, sink) -> None:
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", scan_seconds=3600),
                      clock=SetClock(START), rules=sticks.rules)
    service.new_game("dragon", [ANN, BOB, CAT, DAN], seed=1)
    [to_dan] = outbox(service, kind="prompt")  # Dan's turn comes first; the others have their start mails
    to_bob = outbox(service, kind="start", recipient=BOB)[0]
    hostile = crlf(reply_to(to_dan, "x" * 100_000))
    honest = crlf(reply_to(to_bob, "hello"))

    def talk(server: Server) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
        assert server.port is not None
        first_stored = threading.Event()
        flood: list[tuple[int, float]] = []
        dan = threading.Thread(target=lambda: flood.extend(
            send(server.port, DAN, to_dan.reply_to, [numbered(hostile, n) for n in range(10)], first_stored)))
        dan.start()
        assert first_stored.wait(30)  # the first hostile reply is stored: its handling begins now
        try:
            return flood, send(server.port, BOB, to_bob.reply_to, [honest])
        finally:
            dan.join()

    flood, [(code, waited)] = serve(service, talk)
    assert [c for c, _ in flood] == [250] * 10
    assert code == 250 and waited < PROMPT_ANSWER_SECONDS, f"Bob waited {waited:.2f} s for his 250"
    handled = rows(service, Inbound)
    assert len(handled) == 11 and all(row.status != "stored" for row in handled)  # nothing lost, all answered
    assert [row.status for row in handled if row.sender == DAN] == ["refused"] * 10


def test_a_slow_handling_step_holds_no_other_senders_250(tmp_path: Path, sink, monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """Whatever a handling step costs (a bot's search, a lock wait), it runs off the thread that answers."""
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", scan_seconds=3600),
                      clock=SetClock(START), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    prompt = outbox(service, kind="prompt")[0]
    real_handle = pipeline.handle
    handling = threading.Event()
    handled = threading.Event()

    def slow_handle(*args: Any, **kwargs: Any) -> Any:
        handling.set()
        time.sleep(3)  # as a step that reads or waits for seconds: it holds no database lock meanwhile
        try:
            return real_handle(*args, **kwargs)
        finally:
            handled.set()

    monkeypatch.setattr(pipeline, "handle", slow_handle)

    def talk(server: Server) -> tuple[float, bool]:
        assert server.port is not None
        send(server.port, ANN, prompt.reply_to, [crlf(reply_to(prompt, "take 1"))])
        assert handling.wait(10)
        [(code, waited)] = send(server.port, BOB, prompt.reply_to, [crlf(reply_to(prompt, "hello", sender=BOB))])
        assert code == 250
        return waited, handled.is_set()

    waited, first_was_handled = serve(service, talk)
    assert waited < PROMPT_ANSWER_SECONDS and not first_was_handled, f"Bob waited {waited:.2f} s for his 250"
    first, second = rows(service, Inbound)
    assert first.status == "applied" and second.status != "stored"


def test_a_lock_held_elsewhere_gets_a_prompt_451_and_the_retried_message_is_handled(tmp_path: Path, sink) -> None:
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", scan_seconds=0.3,
                                    database_busy_seconds=3.0, listen_store_seconds=0.3),
                      clock=SetClock(START), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    prompt = outbox(service, kind="prompt")[0]
    move = crlf(reply_to(prompt, "take 1"))

    def talk(server: Server) -> tuple[list[tuple[int, float]], float, int, list[tuple[int, float]]]:
        assert server.port is not None
        locker: sqlite3.Connection = hold_write_lock(service)
        try:
            time.sleep(0.5)  # a scan is now waiting for the lock on the database thread
            during = send(server.port, ANN, prompt.reply_to, [move])
            began = time.monotonic()
            with smtplib.SMTP("127.0.0.1", server.port, timeout=30) as other:  # the listener serves meanwhile
                other.ehlo("other.example")
                other.noop()
            greeted = time.monotonic() - began
            kept = locker.execute("SELECT count(*) FROM inbound").fetchone()[0]
        finally:
            locker.rollback()
            locker.close()
        return during, greeted, kept, send(server.port, ANN, prompt.reply_to, [move])  # the sender's retry

    during, greeted, kept, retried = serve(service, talk)
    [(code, waited)] = during
    assert code == 451 and waited < service.settings.listen_store_seconds + PROMPT_ANSWER_SECONDS, (code, waited)
    assert greeted < PROMPT_ANSWER_SECONDS and kept == 0
    assert [code for code, _ in retried] == [250]
    assert [row.status for row in rows(service, Inbound)] == ["applied"]
