"""``pbem bench lock``: what senders are answered while another program holds SQLite's write lock.

``pbem serve`` runs as a child process on a fresh SQLite file, as in
production. This process plays the other program: it holds the database's
write lock (``BEGIN EXCLUSIVE`` on a connection of its own) for SECONDS, and
half a second into it SENDERS SMTP clients each send one mail at once. A
sender's wait is from its connecting to its final answer. Once the lock
goes, every mail answered with a temporary failure is sent again, as a
sending server retries, and the database is read: every mail must be stored
exactly once (the Message-ID is unique, so a mail stored twice cannot hide).
What the guide promises is checked as the table's targets: the one store
that waits for the lock answers within ``listen_store_seconds`` and every
other sender at once, and nothing is lost.
"""

from __future__ import annotations

import asyncio
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosmtplib
import typer
from aiosmtpd.smtp import SMTP, Envelope

from pbem.app import open_service
from pbem.cli.bench.engines import TargetTable, app
from pbem.cli.bench.serving import environment, wait_listening
from pbem.ops.config import Settings, load_settings
from pbem.simulation.swarm import free_port

STORE_SECONDS: float = Settings.__dataclass_fields__["listen_store_seconds"].default
"""pbem's own listen_store_seconds, the default of ``--store-seconds``."""

AT_ONCE_SECONDS = 1.0
"""An answer within this counts as "at once": far above a store's few milliseconds, far below any lock wait."""

RETRIES = 5
"""Times a sender tries a mail again after the lock, a second apart, before it counts as lost."""


@dataclass
class Answer:
    """One sender's first answer, and whether the mail was taken in the end."""

    number: int
    code: int
    seconds: float
    taken: bool = False
    """Answered 250 at the first try or at a retry after the lock."""


class _Relay:
    """The relay ``pbem serve`` sends to: takes everything (mail to strangers causes none, but a scan may)."""

    async def handle_DATA(self, _server: Any, _session: Any, _envelope: Envelope) -> str:
        return "250 OK"


def _mail(number: int, domain: str) -> tuple[str, str, bytes]:
    """Sender ``number``'s mail: from a stranger to an address at pbem's domain, so handling it costs little."""
    sender, recipient = f"sender{number}@lock.localhost", f"lock{number}@{domain}"
    raw = (f"From: {sender}\r\nTo: {recipient}\r\nSubject: bench lock {number}\r\n"
           f"Message-ID: <lock-{number}@lock.localhost>\r\n\r\nhello {number}\r\n").encode()
    return sender, recipient, raw


async def _send(port: int, number: int, domain: str, timeout: float) -> Answer:
    """Send one mail on its own connection; its final answer's code and the seconds since connecting."""
    sender, recipient, raw = _mail(number, domain)
    began = time.perf_counter()
    client = aiosmtplib.SMTP(hostname="127.0.0.1", port=port, timeout=timeout)
    try:
        await client.connect()
        await client.sendmail(sender, [recipient], raw)
        code = 250
    except aiosmtplib.SMTPResponseException as refused:
        code = refused.code
    except (aiosmtplib.SMTPException, OSError):  # no answer at all: a timeout or a dropped connection
        code = 0
    finally:
        client.close()
    return Answer(number, code, time.perf_counter() - began, taken=code == 250)


async def _retry(port: int, answer: Answer, domain: str) -> None:
    """Send a refused mail again after the lock, as the sending server's queue would, until it is taken."""
    for _ in range(RETRIES):
        again = await _send(port, answer.number, domain, timeout=60)
        if again.code == 250:
            answer.taken = True
            return
        await asyncio.sleep(1)


def _hold(database: Path, seconds: float, held: list[float]) -> None:
    """Hold the write lock for ``seconds`` on a connection of this process; how long it was held goes in ``held``."""
    locker = sqlite3.connect(database, isolation_level=None, timeout=60)
    try:
        locker.execute("BEGIN EXCLUSIVE")
        began = time.perf_counter()
        time.sleep(seconds)
        locker.rollback()
        held.append(time.perf_counter() - began)
    finally:
        locker.close()


def _stored(database: Path, senders: int) -> dict[str, list[str]]:
    """Each bench mail's stored rows (their statuses), by Message-ID."""
    reader = sqlite3.connect(database, timeout=60)
    try:
        found = reader.execute("SELECT message_id, status FROM inbound WHERE message_id LIKE '%lock-%'").fetchall()
    finally:
        reader.close()
    stored: dict[str, list[str]] = {f"lock-{number}@lock.localhost": [] for number in range(senders)}
    for message_id, status in found:
        stored.setdefault(message_id.strip("<>"), []).append(status)
    return stored


async def _run(seconds: float, senders: int, store_seconds: float, work: Path) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    relay_port, listen_port = free_port(), free_port()
    relay = await loop.create_server(lambda: SMTP(_Relay()), host="127.0.0.1", port=relay_port)
    env = environment(work, relay_port, listen_port, listen_store_seconds=f"{store_seconds:g}", scan_seconds="2")
    settings = load_settings(env)
    open_service(settings).db.dispose()  # the schema, before the child and the lock
    database = work / "pbem.db"
    log = open(work / "serve.log", "ab")
    server = subprocess.Popen([sys.executable, "-m", "pbem", "serve"], env=env, stdout=subprocess.DEVNULL, stderr=log)
    held: list[float] = []
    try:
        await loop.run_in_executor(None, wait_listening, listen_port, server)
        holding = loop.run_in_executor(None, _hold, database, seconds, held)
        await asyncio.sleep(0.5)  # the lock is taken (the child's next scan now waits for it too)
        answers = await asyncio.gather(*(_send(listen_port, number, settings.domain, timeout=seconds + 120)
                                         for number in range(senders)))
        await holding
        await asyncio.gather(*(_retry(listen_port, answer, settings.domain) for answer in answers if not answer.taken))
        stored = _stored(database, senders)
        for _ in range(120):  # every stored mail handled by the child (a scan finishes what the lock put off)
            if all(status != "stored" for statuses in stored.values() for status in statuses):
                break
            await asyncio.sleep(0.5)
            stored = _stored(database, senders)
    finally:
        server.send_signal(signal.SIGTERM)
        await loop.run_in_executor(None, server.wait)
        log.close()
        relay.close()
    return {"answers": answers, "stored": stored, "held": held[0] if held else 0.0}


@app.command("lock")
def bench_lock(
    seconds: float = typer.Option(40.0, "--seconds", help="How long another program holds SQLite's write lock."),
    senders: int = typer.Option(40, "--senders", help="SMTP senders, one mail each, all at once during the lock."),
    store_seconds: float = typer.Option(STORE_SECONDS, "--store-seconds",
                                        help="The child's listen_store_seconds: how long one store waits for "
                                             "the lock before its sender gets 451."),
    keep: bool = typer.Option(False, "--keep", help="Keep the run's database and server log, and say where."),
) -> None:
    """SENDERS mails at once while another program holds the database's write lock for SECONDS; prints each
    sender's wait for its answer, the answers, and the mails lost (the 451'd ones sent again after the lock)."""
    if seconds <= 0 or store_seconds <= 0:
        raise typer.BadParameter("--seconds and --store-seconds must be above 0")
    if senders < 1:
        raise typer.BadParameter("must be at least 1", param_hint="--senders")
    work = Path(tempfile.mkdtemp(prefix="pbem-bench-lock-"))
    try:
        found = asyncio.run(_run(seconds, senders, store_seconds, work))
    finally:
        if keep:
            typer.echo(f"database and server log kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    answers: list[Answer] = found["answers"]
    stored: dict[str, list[str]] = found["stored"]
    waits = sorted(answer.seconds for answer in answers)
    codes = [answer.code for answer in answers]
    refused = [answer for answer in answers if answer.code == 451]
    lost = sum(1 for statuses in stored.values() if not statuses)
    twice = sum(1 for statuses in stored.values() if len(statuses) > 1)
    table = TargetTable(f"pbem bench lock: another process holds SQLite's write lock {seconds:g} s, "
                        f"{senders} senders at once, listen_store_seconds = {store_seconds:g}")
    table.row("lock held (s)", f"{found['held']:.1f}")
    table.row("longest wait for an answer (s)", f"{waits[-1]:.2f}", f"≤ {store_seconds + AT_ONCE_SECONDS:g}",
              waits[-1] <= store_seconds + AT_ONCE_SECONDS)
    table.row("median wait for an answer (s)", f"{statistics.median(waits):.2f}")
    table.row(f"answered within {AT_ONCE_SECONDS:g} s", str(sum(1 for wait in waits if wait <= AT_ONCE_SECONDS)),
              f"≥ {senders - 1}", sum(1 for wait in waits if wait <= AT_ONCE_SECONDS) >= senders - 1)
    table.row("answered 250 (stored)", str(codes.count(250)))
    table.row("answered 451 (try again later)", str(len(refused)))
    table.row("answered otherwise, or not at all", str(len(codes) - codes.count(250) - len(refused)), "0",
              len(codes) == codes.count(250) + len(refused))
    table.row("451'd mails stored when sent again after the lock",
              f"{sum(1 for answer in refused if answer.taken)} of {len(refused)}")
    table.row("mails lost (never stored)", str(lost), "0", lost == 0)
    table.row("mails stored twice", str(twice), "0", twice == 0)
    table.row("stored mails handled after the lock",
              f"{sum(1 for statuses in stored.values() if statuses and 'stored' not in statuses)} of "
              f"{sum(1 for statuses in stored.values() if statuses)}")
    table.print()
