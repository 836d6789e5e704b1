"""The listener never waits for a reply's handling nor for a database lock (#28).

A reply with a 100 kB word once took 4.9 s to read on the loop's thread, and
ten of them held every SMTP session for 46 s; a lock another program held
froze the listener for as long. Here real SMTP clients talk to a real
listener on 127.0.0.1 while that happens, and another sender must get its
answer *while* the handling is still held or the lock still taken: each test
holds the slow step open with an event that is released only after the other
sender's answer, so a listener that waited for it would never answer (the
client's timeout fails the test). No test bounds a time: how fast the
answers are is for ``pbem bench``.
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
from pbem.serve import pipeline
from pbem.serve.server import Server
from pbem.ops.db import Inbound
from pbem.play.service import Service
from tests.support import sticks
from tests.support.loop import START, make_settings, outbox, reply_to, rows
from tests.serve.test_listener import crlf, hold_write_lock

ANN, BOB, CAT, DAN = "ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"
HELD_SECONDS = 60
"""How long a test holds a step open at most: far longer than any answer, so only a listener that waits fails."""
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


def test_ten_replies_with_a_100_kb_word_hold_no_other_senders_250(tmp_path: Path, sink,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The first hostile reply's handling is held open until Bob has his 250, and every reading of the words
    happens off the listener's thread."""
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", scan_seconds=3600),
                      clock=SetClock(START), rules=sticks.rules)
    service.new_game("dragon", [ANN, BOB, CAT, DAN], seed=1)
    [to_dan] = outbox(service, kind="prompt")  # Dan's turn comes first; the others have their start mails
    to_bob = outbox(service, kind="start", recipient=BOB)[0]
    hostile = crlf(reply_to(to_dan, "x" * 100_000))
    honest = crlf(reply_to(to_bob, "hello"))
    listener_thread = threading.get_ident()  # serve() runs the listener's loop on this thread
    handling, release = threading.Event(), threading.Event()
    handled_on: set[int] = set()
    real_handle = pipeline.handle

    def held_handle(*args: Any, **kwargs: Any) -> Any:
        handled_on.add(threading.get_ident())
        handling.set()
        release.wait(HELD_SECONDS)
        return real_handle(*args, **kwargs)

    monkeypatch.setattr(pipeline, "handle", held_handle)

    def talk(server: Server) -> tuple[list[tuple[int, float]], list[tuple[int, float]], bool]:
        assert server.port is not None
        flood: list[tuple[int, float]] = []
        dan = threading.Thread(target=lambda: flood.extend(
            send(server.port, DAN, to_dan.reply_to, [numbered(hostile, n) for n in range(10)])))
        dan.start()
        try:
            assert handling.wait(30)  # the first hostile reply is stored and its handling has begun
            answered = send(server.port, BOB, to_bob.reply_to, [honest])
            return flood, answered, release.is_set()
        finally:
            release.set()
            dan.join()

    flood, [(code, _)], released = serve(service, talk)
    assert code == 250 and not released, "Bob had his 250 while Dan's first reply was still being handled"
    assert [c for c, _ in flood] == [250] * 10
    assert listener_thread not in handled_on, "the words were read on the listener's thread"
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
    handling, release, handled = threading.Event(), threading.Event(), threading.Event()

    def slow_handle(*args: Any, **kwargs: Any) -> Any:
        handling.set()
        release.wait(HELD_SECONDS)  # as a step that reads or waits for long: it holds no database lock meanwhile
        try:
            return real_handle(*args, **kwargs)
        finally:
            handled.set()

    monkeypatch.setattr(pipeline, "handle", slow_handle)

    def talk(server: Server) -> bool:
        assert server.port is not None
        send(server.port, ANN, prompt.reply_to, [crlf(reply_to(prompt, "take 1"))])
        assert handling.wait(10)
        try:
            [(code, _)] = send(server.port, BOB, prompt.reply_to, [crlf(reply_to(prompt, "hello", sender=BOB))])
            assert code == 250
            return handled.is_set()
        finally:
            release.set()

    first_was_handled = serve(service, talk)
    assert not first_was_handled, "Bob had his 250 only once Ann's reply was handled"
    first, second = rows(service, Inbound)
    assert first.status == "applied" and second.status != "stored"


def test_a_lock_held_elsewhere_gets_a_prompt_451_and_the_retried_message_is_handled(tmp_path: Path, sink) -> None:
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", scan_seconds=0.3,
                                    database_busy_seconds=3.0, listen_store_seconds=0.3),
                      clock=SetClock(START), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    prompt = outbox(service, kind="prompt")[0]
    move = crlf(reply_to(prompt, "take 1"))

    def talk(server: Server) -> tuple[list[tuple[int, float]], int, list[tuple[int, float]]]:
        assert server.port is not None
        locker: sqlite3.Connection = hold_write_lock(service)
        try:
            time.sleep(0.5)  # a scan is now waiting for the lock on the database thread
            during = send(server.port, ANN, prompt.reply_to, [move])
            with smtplib.SMTP("127.0.0.1", server.port, timeout=30) as other:  # the listener serves meanwhile
                other.ehlo("other.example")
                other.noop()
            kept = locker.execute("SELECT count(*) FROM inbound").fetchone()[0]
        finally:
            locker.rollback()
            locker.close()
        return during, kept, send(server.port, ANN, prompt.reply_to, [move])  # the sender's retry

    during, kept, retried = serve(service, talk)
    [(code, waited)] = during
    # the listener stops trying to store after listen_store_seconds: a 451 after the database's own busy timeout
    # would mean it waited for the lock; the greeting came while the lock was still held (released only after)
    assert code == 451 and waited < service.settings.database_busy_seconds, (code, waited)
    assert kept == 0
    assert [code for code, _ in retried] == [250]
    assert [row.status for row in rows(service, Inbound)] == ["applied"]
