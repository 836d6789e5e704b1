"""The SMTP listener of ``pbem serve`` over real SMTP: the envelope kept, only our domain, SIZE, long lines."""

from __future__ import annotations

import asyncio
import smtplib
import sqlite3
from pathlib import Path
from typing import Callable, TypeVar

import pytest
from pbem.serve import pipeline
from pbem.clock import SetClock
from pbem.ops.db import Inbound
from pbem.serve.server import Server
from pbem.play.service import Service
from pbem.play.store import ATTEMPTS
from tests.support import sticks
from tests.support.loop import START, make_settings, outbox, reply_to, rows

ANN, BOB = "ann@example.org", "bob@example.org"
T = TypeVar("T")


@pytest.fixture
def listening(tmp_path: Path, sink) -> Service:
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", scan_seconds=3600),
                      clock=SetClock(START), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    return service


def with_server(service: Service, talk: Callable[[int], T]) -> T:
    """Run ``talk(port)`` (blocking SMTP) against a running listener, then stop it once its inbound is handled."""

    async def run() -> T:
        server = Server(service)
        await server.start()
        try:
            assert server.port is not None
            result = await asyncio.get_running_loop().run_in_executor(None, talk, server.port)
            for _ in range(200):  # the inbound task handles what was stored
                if not stored(service, status="stored") and server._inbound.empty():
                    break
                await asyncio.sleep(0.02)
            return result
        finally:
            await server.stop()

    return asyncio.run(run())


def stored(service: Service, **where: object) -> list[Inbound]:
    return rows(service, Inbound, **where)


def crlf(raw: bytes) -> bytes:
    return raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def test_a_recipient_at_another_domain_is_refused_at_rcpt_and_nothing_is_stored(listening: Service) -> None:
    prompt = outbox(listening, kind="prompt")[0]
    raw = crlf(reply_to(prompt, "take 1"))

    def talk(port: int) -> tuple[int, bytes]:
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
            client.ehlo("client.example")
            client.mail(ANN)
            return client.rcpt("someone@elsewhere.example")

    refused = with_server(listening, talk)
    assert refused[0] == 550 and b"@pbem.localhost" in refused[1]
    with pytest.raises(smtplib.SMTPRecipientsRefused):
        with_server(listening, lambda port: smtplib.SMTP("127.0.0.1", port, timeout=10).sendmail(
            ANN, ["relay-me@elsewhere.example"], raw))
    assert stored(listening) == []


def test_size_is_announced_and_a_30_mb_mail_is_refused_before_it_is_stored(listening: Service) -> None:
    prompt = outbox(listening, kind="prompt")[0]
    huge = crlf(reply_to(prompt, "take 1")) + (b"x" * 998 + b"\r\n") * 31_000  # 30 MB of attachment-like lines

    def talk(port: int) -> tuple[int, int, int]:
        with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
            client.ehlo("client.example")
            announced = int(client.esmtp_features["size"])
            declared = client.mail(ANN, [f"SIZE={len(huge)}"])[0]  # a client that says the size is stopped at MAIL
            client.rset()
            client.mail(ANN)  # one that does not is stopped at the end of DATA, having stored nothing
            client.rcpt(prompt.reply_to)
            code, _ = client.data(huge)
            return announced, declared, code

    announced, declared, at_data = with_server(listening, talk)
    assert announced == listening.settings.listen_max_bytes
    assert (declared, at_data) == (552, 552)
    assert stored(listening) == []


def test_a_reply_with_a_line_far_beyond_1000_octets_is_taken_and_its_move_played(listening: Service) -> None:
    prompt = outbox(listening, kind="prompt")[0]
    signature = "Ann, who writes long signatures. " * 3_000  # one line of 99,000 octets, sent as is (8bit)
    raw = crlf(f"From: {ANN}\nTo: {prompt.reply_to}\nSubject: Re: {prompt.subject}\n"
               f"Message-ID: <long-line@client.example>\nIn-Reply-To: {prompt.message_id}\n"
               f"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
               f"take 1\n\n-- \n{signature}\n".encode())
    assert max(len(line) for line in raw.split(b"\r\n")) > 90_000

    with_server(listening, lambda port: smtplib.SMTP("127.0.0.1", port, timeout=10).sendmail(
        ANN, [prompt.reply_to], raw))
    [row] = stored(listening)
    assert row.status == "applied" and row.envelope_from == ANN


def test_a_plain_text_bounce_sent_with_a_null_reverse_path_is_never_answered(listening: Service) -> None:
    prompt = outbox(listening, kind="prompt")[0]
    bounce = crlf(
        b"From: postmaster@mx.example.org\n"
        b"To: " + prompt.reply_to.encode() + b"\n"
        b"Subject: Returned mail\n"
        b"Message-ID: <returned-1@mx.example.org>\n\n"
        b"Your message could not be delivered to some recipients.\n\n"
        b"take 1\n")

    with_server(listening, lambda port: smtplib.SMTP("127.0.0.1", port, timeout=10).sendmail(
        "<>", [prompt.reply_to], bounce))
    [row] = stored(listening)
    assert row.envelope_from == "" and row.status == "ignored" and "empty return path" in row.reason
    assert [r.kind for r in outbox(listening)] == ["start", "prompt"]


def hold_write_lock(service: Service) -> sqlite3.Connection:
    """Another process's view of the database: a write transaction open, holding SQLite's one write lock."""
    locker = sqlite3.connect(service.settings.database_url.removeprefix("sqlite:///"), isolation_level=None,
                             check_same_thread=False)
    locker.execute("BEGIN IMMEDIATE")
    return locker


def status_and_attempts(locker: sqlite3.Connection, inbound_id: int) -> tuple[str, int]:
    return locker.execute("SELECT status, attempts FROM inbound WHERE id = ?", (inbound_id,)).fetchone()


def test_a_database_lock_held_past_every_retry_only_delays_handling(tmp_path: Path, sink) -> None:
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", scan_seconds=0.3,
                                    database_busy_seconds=0.2), clock=SetClock(START), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    prompt = outbox(service, kind="prompt")[0]
    retry_window = ATTEMPTS * service.settings.database_busy_seconds

    async def run() -> tuple[tuple[str, int], bool]:
        server = Server(service)
        await server.start()
        try:
            inbound_id = await server.accept(crlf(reply_to(prompt, "take 1")), [prompt.reply_to], ANN)
            assert inbound_id is not None
            locker = hold_write_lock(service)  # before the inbound task got to it: it runs into the lock
            await asyncio.sleep(3 * retry_window)  # the task and several scans try, each waiting out the lock
            during = status_and_attempts(locker, inbound_id)
            locker.rollback()
            locker.close()
            for _ in range(200):
                if stored(service, id=inbound_id)[0].status != "stored":
                    break
                await asyncio.sleep(0.05)
            return during, server._tasks[0].done()
        finally:
            await server.stop()

    during, inbound_task_ended = asyncio.run(run())
    assert during == ("stored", 0), "stored, not counted as a failed attempt while the lock was held"
    assert not inbound_task_ended
    [row] = stored(service)
    assert row.status == "applied"


def test_the_server_starts_while_the_database_is_locked_and_handles_stored_mail_after(tmp_path: Path, sink) -> None:
    service = Service(make_settings(tmp_path, smtp_port=sink.port, listen="", scan_seconds=0.3,
                                    database_busy_seconds=0.2), clock=SetClock(START), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    prompt = outbox(service, kind="prompt")[0]
    inbound_id = pipeline.store(service, reply_to(prompt, "take 1"), [prompt.reply_to], ANN)
    assert inbound_id is not None

    async def run() -> None:
        locker = hold_write_lock(service)
        server = Server(service)
        await server.start()  # its first handling and scan run into the lock and put it off
        try:
            await asyncio.sleep(1.5)
            assert status_and_attempts(locker, inbound_id) == ("stored", 0)
            locker.rollback()
            locker.close()
            for _ in range(200):
                if stored(service)[0].status != "stored":
                    break
                await asyncio.sleep(0.05)
        finally:
            await server.stop()

    asyncio.run(run())
    assert stored(service)[0].status == "applied"


def test_receive_keeps_the_envelope_sender_an_mta_pipe_passes(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pbem.cli.main import app
    from tests.settings import TEST_DOMAIN, command_env

    listening = Service(make_settings(tmp_path, domain=TEST_DOMAIN, from_address=f"pbem@{TEST_DOMAIN}",
                                      organiser=f"organiser@{TEST_DOMAIN}"), clock=SetClock(START), rules=sticks.rules)
    listening.new_game("sticks", [ANN, BOB], seed=0)
    prompt = outbox(listening, kind="prompt")[0]
    looks_like_a_move = reply_to(prompt, "take 1")  # from Ann's address, but the envelope says: a notification
    env = command_env(tmp_path, PBEM_SECRET="test-secret")
    result = CliRunner().invoke(app, ["receive", "--sender", "<>", "-r", prompt.reply_to], input=looks_like_a_move,
                                env=env)
    assert result.exit_code == 0 and result.output.startswith("ignored: empty return path"), result.output
    [row] = stored(listening)
    assert row.envelope_from == "" and [r.kind for r in outbox(listening)] == ["start", "prompt"]
