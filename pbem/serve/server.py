"""``pbem serve``: the SMTP listener, the pipeline, the outbox worker and the scheduler in one loop.

The loop's thread only serves sockets; it never waits for the database nor
reads a reply, so one slow reply or a lock held by another program never holds
every SMTP session and the outbox. Database work runs on one database thread,
one short step at a time and in order, so this process never races itself for
a game. The raw message is committed on a store thread, waiting at most
``listen_store_seconds`` for the write lock, and a store goes before the
database thread's next step (:mod:`pbem.serve.steps`): the listener answers
"250" once the message is committed, and a temporary "451" when a lock held
elsewhere outlasts that wait, or at once while another message waits for
such a lock (the sending server retries; nothing is stored twice, as the
Message-ID is unique). Handling follows as its own step, and
every transaction that queued mail wakes the outbox worker. Why this design
and what it cost: ``docs/decisions/serve-loop.md``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Awaitable, Callable, TypeVar

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from sqlalchemy.exc import OperationalError

from pbem.play import deadlines
from pbem.serve import StartError, pipeline
from pbem.serve.listener import Listener
from pbem.serve.polling import MailboxPoller
from pbem.ops.checks import loopback
from pbem.ops.config import ConfigError, check as check_settings
from pbem.ops.db import InboundStatus
from pbem.ops.faults import crash_point
from pbem.mail.inbound import InboundMail
from pbem.serve.outbox import OutboxWorker
from pbem.serve.steps import Steps
from pbem.serve import health
from pbem.ops.logs import fields
from pbem.play.outcome import Outcome
from pbem.play.service import Service
from pbem.ops.metrics import Endpoint
from pbem.tournament import runner as tournament
from pbem.tournament.follow import Follower

T = TypeVar("T")
log = logging.getLogger("pbem.serve.server")

OUTBOX_IDLE_SECONDS = 5.0
"""The outbox is looked at this often even when nothing woke it: retries come due by time."""

OUTBOX_DRAIN_SECONDS = 5.0
"""How long a stop waits for the outbox round in flight before cancelling it."""

class Server:
    """One running mail service; ``await start()``, then ``await stop()``."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.settings = service.settings
        self.steps = Steps(service)
        self.run_db = self.steps.run_db
        """One database step on the database thread (:class:`pbem.serve.steps.Steps`): every change goes here."""
        self.worker = OutboxWorker(service, self.run_db)
        self._inbound: asyncio.Queue[tuple[int, InboundMail]] = asyncio.Queue()
        self._outbox_due = asyncio.Event()
        self._tasks: list[asyncio.Task[Any]] = []
        self._jobs: set[asyncio.Task[Any]] = set()
        """The scheduler's runs in flight (scans, IMAP polls, pages), which a stop waits for."""
        self.listener = Listener(self.settings, self.accept)
        self.mailbox = MailboxPoller(service) if self.settings.imap_host else None
        self.scheduler = AsyncIOScheduler(timezone="UTC")
        self._stopping = False
        """Set by stop(): the loops end even if a library swallowed their cancellation."""
        self.pages = Follower(service, Path(self.settings.publish_dir), self.settings.publish_zone) \
            if self.settings.publish_dir else None
        """Keeps publish_dir's pages as the database is (pbem.tournament.follow); None without publish_dir."""
        self.metrics: Endpoint | None = None
        self.run_id: int | None = None
        """This run's heartbeat row (:mod:`pbem.serve.health`), written at the first scan that could."""
        self.failing: str | None = None
        """What the scans have raised since the last one that worked (None: they work): logged once, not a tick."""

    async def start(self) -> None:
        """Listen (and reach the IMAP mailbox) first, then finish what a previous run left and start the loops.

        A port in use, an unreachable mailbox, or settings the scans could not
        use (checked as a settings file's are, so no loop starts whose every
        tick would fail) raise :class:`StartError` before any deadline was
        scanned or any mail sent.
        """
        try:
            check_settings(self.settings)
        except ConfigError as exc:
            raise StartError(str(exc)) from None
        await self.listener.start()
        try:
            if self.mailbox is not None:
                await self.mailbox.reach()
            self._prepare_pages()
            self._serve_metrics()
        except StartError:
            await self.listener.close()
            raise
        _log_handled(await self.run_db(lambda: pipeline.handle_pending(self.service)))
        await self._scan()
        self._tasks = [asyncio.create_task(self._handle_inbound()), asyncio.create_task(self._send_outbox())]
        self.scheduler.add_job(self._job, "interval", args=[self._scan], seconds=self.settings.scan_seconds,
                               id="deadlines", max_instances=1, coalesce=True)
        if self.mailbox is not None:
            self.scheduler.add_job(self._job, "interval", args=[self._poll_imap],
                                   seconds=self.settings.imap_every_seconds, id="imap", max_instances=1, coalesce=True)
        if self.pages is not None:  # the first pass at once, then every publish_seconds
            self.scheduler.add_job(self._job, "interval", args=[self.publish_pages],
                                   seconds=self.settings.publish_seconds, id="pages", max_instances=1, coalesce=True,
                                   next_run_time=datetime.now(timezone.utc))
        self.scheduler.start()
        self._outbox_due.set()

    def _prepare_pages(self) -> None:
        """Make publish_dir, if set; one pbem may not write stops the start, naming the setting."""
        if self.pages is not None:
            try:
                self.pages.prepare()
            except OSError as exc:
                raise StartError(f"cannot write pages in publish_dir {self.settings.publish_dir!r}: "
                                 f"{exc.strerror or exc}; give a folder the pbem user may write (docs/deploy.md, "
                                 f"section 8), or empty to turn the pages off") from None

    def _serve_metrics(self) -> None:
        """Answer Prometheus scrapes on metrics_listen (pbem.ops.metrics), if set."""
        if not self.settings.metrics_listen:
            return
        host, port = self.settings.metrics_host_port
        try:
            self.metrics = Endpoint(self.service.db, self.service.clock, host, port)
        except OSError as exc:
            raise StartError(f"cannot serve metrics on {host}:{port}: {exc.strerror or exc}; set metrics_listen "
                             f"(PBEM_METRICS_LISTEN) to a free host:port, or empty to turn metrics off") from None
        if not loopback(host):  # only with metrics_public: the settings refuse it otherwise
            log.warning("metrics: /metrics answers anyone who reaches %s:%d, without a login (metrics_public = "
                        "true); keep it behind a firewall", host, port)

    async def publish_pages(self) -> None:
        """Write the pages of publish_dir whose game or tournament changed, in whichever process (a page a step)."""
        if self.pages is None:
            return
        try:
            report = await self.pages.follow(self.run_db)
        except OperationalError as error:
            log.warning("pages put off: the database is busy (%s)", error.orig)
            return
        if report.written or report.failed:
            log.info("pages: wrote %d, %d failed", len(report.written), len(report.failed))

    async def _job(self, work: Callable[[], Awaitable[None]]) -> None:
        """One scheduled run, counted so a stop lets it finish: the scheduler's own shutdown would cancel it."""
        task = asyncio.current_task()
        assert task is not None
        self._jobs.add(task)
        try:
            await work()
        except asyncio.CancelledError:
            if not self._stopping:
                raise
            log.info("stop: %s was cut short; the next start does it again", work.__name__)
        finally:
            self._jobs.discard(task)

    async def stop(self) -> None:
        self._stopping = True
        if self.scheduler.running:  # no new run starts; the runs in flight finish (their step may be committing)
            self.scheduler.pause()
        if self._jobs:
            await asyncio.wait(set(self._jobs), timeout=OUTBOX_DRAIN_SECONDS)
        self.scheduler.shutdown(wait=False)
        await self.listener.close()
        if self.metrics is not None:
            self.metrics.stop()
            self.metrics = None
        self._outbox_due.set()
        if self._tasks:  # a send in flight finishes and is marked, rather than being sent again after a restart
            await asyncio.wait(self._tasks[1:], timeout=OUTBOX_DRAIN_SECONDS)
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=10)
        await self.worker.close()
        await self.steps.close()

    async def accept(self, raw: bytes, recipients: list[str], sender: str | None = None) -> int | None:
        """Store one message from the listener with its envelope; its id to handle, or None for a duplicate.

        Raises OperationalError when the database stayed locked for ``listen_store_seconds``, and StoreBusy at
        once while another message waits for a lock another program holds.
        """
        read = await self.steps.run_read(lambda: pipeline.read_arrival(self.service, raw, recipients, sender))
        inbound_id, mail = await self.steps.run_store(
            lambda db: pipeline.store_read(self.service, raw, recipients, sender, db=db, mail=read))
        if inbound_id is not None:
            crash_point(self.service.settings, "after_store")
            self._inbound.put_nowait((inbound_id, mail))
        else:  # a sender retrying after a lost "250", or a loop: kept once, handled once
            log.info("mail in from %s: duplicate of a stored message (Message-ID %s); not stored again",
                     mail.sender or "nobody", mail.message_id, extra=fields(status=InboundStatus.DUPLICATE))
        return inbound_id

    async def _handle_inbound(self) -> None:
        """Handle each stored message; nothing that goes wrong with one (or with the database) ends this task."""
        while not self._stopping:
            inbound_id, mail = await self._inbound.get()
            try:
                _log_inbound(await self.run_db(lambda: pipeline.handle(self.service, inbound_id, mail)), mail.sender)
            except OperationalError as error:  # a lock held for minutes, a database away: only a delay
                log.warning("inbound %s waits for the database (%s); a scan handles it", inbound_id, error.orig)
            except Exception as error:  # the message stays stored; the next scan retries it
                log.exception("mail in %s could not be handled now; it stays stored for the next scan", inbound_id,
                              extra=fields(inbound_id=inbound_id, status=InboundStatus.STORED, error=f"{type(error).__name__}: "
                                                                                          f"{error}"))
                try:
                    aside = await self.run_db(lambda: pipeline.set_aside(self.service, inbound_id, error))
                    if aside.status == InboundStatus.FAILED:
                        _log_inbound(aside)
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
            await self.run_db(self._beat)
            _log_handled(await self.run_db(lambda: pipeline.handle_pending(self.service)))
            report = await self.run_db(lambda: deadlines.scan(self.service))
            rounds = await self.run_db(lambda: tournament.scan(self.service))  # rounds complete, league rounds due
        except OperationalError as error:
            log.warning("scan put off: the database is busy (%s)", error.orig, extra=fields(error=str(error.orig)))
            return
        except Exception as error:  # a bug in one scan must not end the scans: the next one tries again
            await self._failed(error)
            return
        if self.failing is not None:
            log.warning("scan works again (it had failed with %s)", self.failing)
            self.failing = None
            await self._record(lambda run_id: health.scan_worked(self.service, run_id))
        words = scan_words(report, rounds)
        if words:
            log.info("scan: %s", words)
        self._outbox_due.set()

    async def _failed(self, error: Exception) -> None:
        """A failed scan: logged with its traceback when the scans start failing, then only recorded on the
        heartbeat (``pbem status`` lists it) until one works, so a failure every tick does not flood the log."""
        said = " ".join(f"{type(error).__name__}: {error}".split())[:500]
        if self.failing is None:
            log.exception("scan failed; no deadline, reminder or round runs until a scan works (pbem status lists "
                          "it; not logged again until then)", extra=fields(error=said))
        self.failing = said
        await self._record(lambda run_id: health.scan_failed(self.service, run_id, said))

    async def _record(self, write: Callable[[int], None]) -> None:
        """Write the scans' state on this run's heartbeat; a database that refuses it leaves it to the next scan."""
        run_id = self.run_id
        if run_id is None:
            return
        try:
            await self.run_db(lambda: write(run_id))
        except Exception as error:  # noqa: BLE001 - the state is written again at the next scan
            log.warning("could not record the scan's state on the heartbeat (%s)", error)

    @property
    def port(self) -> int | None:
        """The port the SMTP listener listens on, once started; None without one."""
        return self.listener.port

    def _beat(self) -> None:
        """The heartbeat ``pbem status`` reads: this run's row, made at the first scan, then its time moved on."""
        if self.run_id is None:
            self.run_id = health.started(self.service)
        else:
            health.beat(self.service, self.run_id)

    async def _poll_imap(self) -> None:
        """Store every unseen message, then handle them."""
        assert self.mailbox is not None
        try:
            await self.mailbox.poll()
        except Exception as error:  # the scheduler would only say "job raised": say what, and poll again later
            log.exception("IMAP poll of %s:%s failed; the next poll tries again", self.settings.imap_host,
                          self.settings.imap_port, extra=fields(error=f"{type(error).__name__}: {error}"))
        _log_handled(await self.run_db(lambda: pipeline.handle_pending(self.service)))
        self._outbox_due.set()


def _log_handled(outcomes: list[Outcome]) -> None:
    for outcome in outcomes:
        _log_inbound(outcome)


def _log_inbound(outcome: Outcome, sender: str = "") -> None:
    """One line for one mail in: its status, its game and seat, and why, in one line.

    Seats are counted from 1, as the organiser's commands count them. A
    message set aside as failed is an error: it needs ``pbem inbound retry``.
    """
    seat = None if outcome.seat is None else outcome.seat + 1
    where = "" if outcome.game_id is None else f", game {outcome.game_id}" + ("" if seat is None else f" seat {seat}")
    moves = f", {outcome.moves} move{'s' if outcome.moves != 1 else ''}" if outcome.moves else ""
    reason = " ".join(outcome.reason.split())
    reason = f": {reason[:200]}" if reason else ""
    who = f" from {sender}" if sender else ""
    level = {InboundStatus.FAILED: logging.ERROR, InboundStatus.STORED: logging.WARNING}.get(outcome.status, logging.INFO)
    status = {InboundStatus.FAILED: "failed, set aside for `pbem inbound retry`",
              InboundStatus.STORED: "stored, its handling raised and is tried again at the next scan"}.get(outcome.status,
                                                                                              outcome.status)
    log.log(level, "mail in %s%s: %s%s%s%s", outcome.inbound_id, who, status, where, moves, reason,
            extra=fields(inbound_id=outcome.inbound_id, status=outcome.status, game=outcome.game_id, seat=seat,
                         error=outcome.reason if outcome.status in (InboundStatus.FAILED, InboundStatus.STORED) else None))


def scan_words(report: deadlines.ScanReport, rounds: int) -> str:
    """What a scan did, in words ("2 reminders sent, 1 seat timed out"); "" when it did nothing: no line then."""
    done = [(report.reminders, "reminder", "reminders", "sent"),
            (report.confirmations, "confirmation", "confirmations", "sent"),
            (report.digests, "digest", "digests", "sent"),
            (report.timeouts, "seat", "seats", "timed out"),
            (rounds, "round", "rounds", "completed or started")]
    return ", ".join(f"{count} {one if count == 1 else many} {what}" for count, one, many, what in done if count)


async def serve_forever(service: Service, ready: Callable[[Server], None] | None = None) -> None:
    """Run until SIGTERM or SIGINT, then stop cleanly (a SIGKILL is safe too: see pbem.serve.pipeline)."""
    server = Server(service)
    await server.start()
    log.info("pbem serve started (pid %s): %s", os.getpid(), _where(server))
    if ready is not None:
        ready(server)
    stopping = asyncio.Event()
    received: list[str] = []
    loop = asyncio.get_running_loop()

    def stop_on(signum: signal.Signals) -> None:
        received.append(signum.name)
        stopping.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop_on, signum)
    try:
        await stopping.wait()
        log.info("pbem serve stopping on %s: the listener closes, the mail being sent is finished",
                 received[0] if received else "request")
    finally:
        await server.stop()
        if server.run_id is not None:
            try:
                health.stopped(service, server.run_id)
            except Exception:  # noqa: BLE001 - the stop is done; pbem status then says it did not stop cleanly
                log.exception("could not record the stop in the database")
        log.info("pbem serve stopped (pid %s)", os.getpid())


def _where(server: Server) -> str:
    """Where the service listens and sends, for the start line: what an organiser checks first."""
    settings = server.settings
    where = f"listening on {settings.listen_host_port[0]}:{server.port}" if settings.listen else "no listener"
    if settings.listen and settings.listen_tls_cert:
        where += " (STARTTLS" + (", required)" if settings.listen_require_tls else " offered)")
    if settings.imap_host:
        where += f"; IMAP {settings.imap_user}@{settings.imap_host}:{settings.imap_port} every " \
                 f"{settings.imap_every_seconds} s"
    return (f"{where}; relay {settings.smtp_host}:{settings.smtp_port} (TLS: {settings.relay_tls}); "
            f"scans every {settings.scan_seconds:g} s")
