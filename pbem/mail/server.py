"""``pbem serve``: the SMTP listener, the pipeline, the outbox worker and the scheduler in one loop.

The loop's thread only serves sockets; it never waits for the database nor
reads a reply. Database work runs on one database thread, one short step at a
time and in order, so this process still never races itself for a game (the
design measured under ``pbem bench mail`` kept it on the loop's thread, as a
second thread made every socket call wait for the GIL; but a step then held
every SMTP session and the outbox for as long as it took: 4.9 s for a reply
with a 100 kB word, and as long as another program held SQLite's write lock,
#28). The raw message is committed on a store thread, through an engine whose
busy wait is ``listen_store_seconds``, and a store goes before the database
thread's next step (:class:`_StoresFirst`), so the listener answers "250" once
the message is committed, after at most the step in flight, and a temporary
"451" when a lock held elsewhere outlasts that wait (the sending server
retries; nothing is stored twice, as the Message-ID is unique). Handling
follows as its own step, and every transaction that queued mail wakes the
outbox worker. Only the IMAP poll's network waits run elsewhere, and it only
stores. Measured again under ``pbem bench mail --games 12`` on the shared
2-core machine, this design cost no more than the inline one (server CPU
14.7-16.8 ms a move against 15.0, p95 370-502 ms against 645): reading a reply
is bounded now, and SQLite lets go of the GIL while it writes.
"""

from __future__ import annotations

import asyncio
import imaplib
import logging
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, Callable, TypeVar

from aiosmtpd.smtp import SMTP, Envelope
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError

from pbem.play import deadlines
from pbem.mail import pipeline
from pbem.ops.db import open_database
from pbem.ops.faults import crash_point
from pbem.mail.inbound import InboundMail
from pbem.mail.outbox import OutboxWorker
from pbem.play.service import Service
from pbem.tournament import runner as tournament

T = TypeVar("T")
log = logging.getLogger("pbem.mail.server")

OUTBOX_IDLE_SECONDS = 5.0
"""The outbox is looked at this often even when nothing woke it: retries come due by time."""

OUTBOX_DRAIN_SECONDS = 5.0
"""How long a stop waits for the outbox round in flight before cancelling it."""

STORE_THREADS = 4
"""Messages committed side by side: SQLite takes them one at a time, so more threads would only wait."""


class _StoresFirst:
    """A raw store goes before the database thread's next step, so it waits for at most the step in flight.

    SQLite's busy handler polls: a store waiting for the write lock would
    otherwise lose it to every next step of the database thread, which takes
    it the moment it is free, and be answered 451 under nothing but load.
    """

    def __init__(self) -> None:
        self._waiting = 0
        self._changed = threading.Condition()

    @contextmanager
    def storing(self) -> Iterator[None]:
        with self._changed:
            self._waiting += 1
        try:
            yield
        finally:
            with self._changed:
                self._waiting -= 1
                self._changed.notify_all()

    def before_step(self, patience: float) -> None:
        """Wait until no store waits, at most ``patience`` seconds (a store gives up by then anyway)."""
        with self._changed:
            self._changed.wait_for(lambda: self._waiting == 0, timeout=patience)


class StartError(RuntimeError):
    """The service cannot start: its listener cannot bind, or its IMAP mailbox cannot be reached."""


class Server:
    """One running mail service; ``await start()``, then ``await stop()``."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.settings = service.settings
        self.worker = OutboxWorker(service, self.run_db)
        self._inbound: asyncio.Queue[tuple[int, InboundMail]] = asyncio.Queue()
        self._outbox_due = asyncio.Event()
        self._tasks: list[asyncio.Task[Any]] = []
        self._listener: asyncio.base_events.Server | None = None
        self.scheduler = AsyncIOScheduler(timezone="UTC")
        self.port: int | None = None
        self._stopping = False
        """Set by stop(): the loops end even if a library swallowed their cancellation."""
        self._db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pbem-db")
        self._store_threads = ThreadPoolExecutor(max_workers=STORE_THREADS, thread_name_prefix="pbem-store")
        self._stores_first = _StoresFirst()
        self._store_db = self._store_engine()

    def _store_engine(self) -> Engine:
        """The engine raw messages are committed through: on SQLite, waiting ``listen_store_seconds`` for a lock.

        PostgreSQL takes no database-wide write lock (an INSERT into inbound
        waits for no game), so there the service's own engine serves.
        """
        if self.service.db.dialect.name != "sqlite" or self.service.db.url.database in (None, "", ":memory:"):
            return self.service.db  # (an in-memory database is one connection's own: a second engine would not see it)
        return open_database(self.settings.database_url, self.settings.listen_store_seconds)

    async def run_db(self, work: Callable[[], T]) -> T:
        """Run one database step on the database thread, after any store waiting; the loop serves sockets meanwhile."""
        patience = self.settings.listen_store_seconds

        def step() -> T:
            self._stores_first.before_step(patience)
            return work()

        return await asyncio.get_running_loop().run_in_executor(self._db_thread, step)

    async def run_store(self, work: Callable[[Engine], T]) -> T:
        """Run one raw store on a store thread, before the database thread's next step."""

        def store() -> T:
            with self._stores_first.storing():
                return work(self._store_db)

        return await asyncio.get_running_loop().run_in_executor(self._store_threads, store)

    async def start(self) -> None:
        """Listen (and reach the IMAP mailbox) first, then finish what a previous run left and start the loops.

        A port in use or an unreachable mailbox raises :class:`StartError`
        before any deadline was scanned or any mail sent.
        """
        await self._listen()
        if self.settings.imap_host:
            try:
                await self._reach_imap()
            except StartError:
                await self._close_listener()
                raise
        await self.run_db(lambda: pipeline.handle_pending(self.service))
        await self._scan()
        self._tasks = [asyncio.create_task(self._handle_inbound()), asyncio.create_task(self._send_outbox())]
        self.scheduler.add_job(self._scan, "interval", seconds=self.settings.scan_seconds, id="deadlines",
                               max_instances=1, coalesce=True)
        if self.settings.imap_host:
            self.scheduler.add_job(self._poll_imap, "interval", seconds=self.settings.imap_every_seconds,
                                   id="imap", max_instances=1, coalesce=True)
        self.scheduler.start()
        self._outbox_due.set()

    async def _listen(self) -> None:
        if not self.settings.listen:
            return
        host, port = self.settings.listen_host_port
        tls = self.settings.listen_tls()
        loop = asyncio.get_running_loop()
        try:
            self._listener = await loop.create_server(
                lambda: _Listener(_Handler(self), hostname=self.settings.domain, enable_SMTPUTF8=True,
                                  data_size_limit=self.settings.listen_max_bytes, tls_context=tls,
                                  require_starttls=tls is not None and self.settings.listen_require_tls),
                host=host, port=port,
            )
        except OSError as exc:
            raise StartError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; set listen (PBEM_LISTEN) to "
                             f"a free host:port, or empty to turn the listener off") from None
        self.port = self._listener.sockets[0].getsockname()[1]

    async def _close_listener(self) -> None:
        if self._listener is not None:
            self._listener.close()
            await self._listener.wait_closed()
            self._listener = None

    async def stop(self) -> None:
        self._stopping = True
        self.scheduler.shutdown(wait=False)
        await self._close_listener()
        self._outbox_due.set()
        if self._tasks:  # a send in flight finishes and is marked, rather than being sent again after a restart
            await asyncio.wait(self._tasks[1:], timeout=OUTBOX_DRAIN_SECONDS)
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=10)
        await self.worker.close()
        for threads in (self._store_threads, self._db_thread):  # steps queued still run: a sent mail is marked
            await asyncio.get_running_loop().run_in_executor(None, threads.shutdown)
        if self._store_db is not self.service.db:
            self._store_db.dispose()

    async def accept(self, raw: bytes, recipients: list[str], sender: str | None = None) -> int | None:
        """Store one message from the listener with its envelope; its id to handle, or None for a duplicate.

        Raises OperationalError when the database stayed locked for ``listen_store_seconds``.
        """
        read = await asyncio.get_running_loop().run_in_executor(  # reading waits for no lock: not before steps
            self._store_threads, lambda: pipeline.read_arrival(self.service, raw, recipients, sender))
        inbound_id, mail = await self.run_store(
            lambda db: pipeline.store_read(self.service, raw, recipients, sender, db=db, mail=read))
        if inbound_id is not None:
            crash_point(self.service.settings, "after_store")
            self._inbound.put_nowait((inbound_id, mail))
        return inbound_id

    async def _handle_inbound(self) -> None:
        """Handle each stored message; nothing that goes wrong with one (or with the database) ends this task."""
        while not self._stopping:
            inbound_id, mail = await self._inbound.get()
            try:
                await self.run_db(lambda: pipeline.handle(self.service, inbound_id, mail))
            except OperationalError as error:  # a lock held for minutes, a database away: only a delay
                log.warning("inbound %s waits for the database (%s); a scan handles it", inbound_id, error.orig)
            except Exception as error:  # the message stays stored; the next scan retries it
                log.exception("inbound %s could not be handled now", inbound_id)
                try:
                    await self.run_db(lambda: pipeline.set_aside(self.service, inbound_id, error))
                except OperationalError:  # not even counted: the next scan tries it (and counts) again
                    log.warning("inbound %s: the database is busy; its attempt is not counted", inbound_id)
            self._outbox_due.set()

    async def _send_outbox(self) -> None:
        while not self._stopping:
            try:
                await asyncio.wait_for(self._outbox_due.wait(), OUTBOX_IDLE_SECONDS)
            except asyncio.TimeoutError:
                pass
            self._outbox_due.clear()
            try:
                await self.worker.flush()
            except Exception:  # a row's failure is recorded on the row; this is the database
                log.exception("outbox flush failed")

    async def _scan(self) -> None:
        """Stored mail, deadlines and rounds; a database locked past its busy wait leaves them to the next scan."""
        try:
            await self.run_db(lambda: pipeline.handle_pending(self.service))
            report = await self.run_db(lambda: deadlines.scan(self.service))
            await self.run_db(lambda: tournament.scan(self.service))  # rounds complete, league rounds due
        except OperationalError as error:
            log.warning("scan put off: the database is busy (%s)", error.orig)
            return
        if report.reminders or report.timeouts or report.digests or report.confirmations:
            log.info("scan: %s", report)
        self._outbox_due.set()

    async def _poll_imap(self) -> None:
        """Store every unseen message (IMAP marks it seen only once stored), then handle them."""
        await self._fetch_imap()
        await self.run_db(lambda: pipeline.handle_pending(self.service))
        self._outbox_due.set()

    async def _fetch_imap(self) -> None:
        """One IMAP poll that only stores; the network waits run off the loop."""
        from pbem.mail.imap import poll_once

        settings = self.settings

        def store(raw: bytes) -> None:
            pipeline.store(self.service, raw)

        def poll() -> None:
            poll_once(settings.imap_host, settings.imap_port, settings.imap_user, settings.imap_password, store,
                      ssl=settings.imap_ssl)

        await asyncio.get_running_loop().run_in_executor(None, poll)

    async def _reach_imap(self) -> None:
        """The first poll, at start: a mailbox that cannot be reached stops the start, saying what to check."""
        from pbem.mail.imap import PollError

        settings = self.settings
        try:
            await self._fetch_imap()
        except PollError:
            log.exception("IMAP: some messages could not be stored; they stay unseen for the next poll")
        except (imaplib.IMAP4.error, OSError) as exc:
            raise StartError(f"cannot fetch mail from IMAP {settings.imap_host}:{settings.imap_port} as "
                             f"{settings.imap_user!r}: {exc}; check imap_host, imap_port, imap_user, imap_password "
                             f"and imap_ssl") from None


LINE_LENGTH_LIMIT = 1_048_576
"""Octets a line may have. RFC 5321 sets 1,000, but mail clients and MTAs send (and Postfix, Exim and Sendmail
accept) far longer lines, and refusing one would lose a player's move that ``pbem receive`` takes."""


class _Listener(SMTP):
    """aiosmtpd's SMTP session with long lines accepted (aiosmtpd reads the limit from the class)."""

    line_length_limit = LINE_LENGTH_LIMIT


class _Handler:
    """aiosmtpd's hooks: recipients only at our domain, and a message accepted only once it is stored."""

    def __init__(self, server: Server) -> None:
        self.server = server

    async def handle_RCPT(self, _smtp: SMTP, _session: Any, envelope: Envelope, address: str,
                          options: list[str]) -> str:
        """Refuse a recipient at any other domain at once: nothing of that mail is read or stored."""
        domain = self.server.settings.domain.lower()
        if address.rpartition("@")[2].lower() != domain:
            return f"550 5.7.1 <{address}>: this server takes mail only for addresses @{domain}"
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(options)
        return "250 2.1.5 OK"

    async def handle_DATA(self, _smtp: SMTP, _session: Any, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        try:
            await self.server.accept(raw, [str(r) for r in envelope.rcpt_tos], envelope.mail_from or "")
        except OperationalError as error:  # locked elsewhere past listen_store_seconds: the sender retries
            log.warning("a message was answered 451: the database is busy (%s)", error.orig)
            return "451 4.3.0 the database is busy; please retry"
        except Exception:
            log.exception("could not store an inbound message")
            return "451 4.3.0 could not store the message now; please retry"
        return "250 2.0.0 stored"


async def serve_forever(service: Service, ready: Callable[[Server], None] | None = None) -> None:
    """Run until SIGTERM or SIGINT, then stop cleanly (a SIGKILL is safe too: see pbem.mail.pipeline)."""
    server = Server(service)
    await server.start()
    if ready is not None:
        ready(server)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopping.set)
    try:
        await stopping.wait()
    finally:
        await server.stop()
