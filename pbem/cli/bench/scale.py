"""``pbem bench scale``: what a league costs as it grows, on SQLite and on PostgreSQL (issue #33).

For each size N it builds a database of N open games, mostly idle as in a
real league: one game is started and played a few replies through the real
pipeline, then copied in bulk N - 1 times with fresh ids, players and
Message-IDs, each copy's awaiting seat given its own deadline, spread over
``SPREAD`` (playing 100,000 games would take hours; copying rows takes
seconds). Then it measures what an operator would:

- ``pbem serve``'s start-up (spawned to listening, its first scan included)
  and its peak memory after answering live replies to games all over the
  league, more of them than ``states_cached`` keeps;
- each live reply's latency: handed to the listener, to the first mail it
  caused reaching the relay;
- the deadline scan, on a clock walked tick by tick through the spread
  deadlines: the seats due each tick, the indexed query that finds them and
  the whole tick;
- the database's bytes per game.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from math import nan
from dataclasses import dataclass
from datetime import datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import aiosmtplib
import typer
from aiosmtpd.smtp import SMTP, Envelope
from sqlalchemy import Engine, text, update
from sqlmodel import Session, select

from pbem.app import open_service
from pbem.clock import Clock, SetClock
from pbem.serve import pipeline
from pbem.mail.tokens import reply_address
from pbem.ops import schema
from pbem.ops.config import Settings, load_settings
from pbem.ops.db import Outbox, Seat
from pbem.play import deadlines
from pbem.play.service import Service
from pbem.cli.bench.engines import TargetTable, app, percentile
from pbem.cli.bench.serving import environment, fresh_database, memory_kib, wait_listening
from pbem.simulation.swarm import answer, free_port, game_of, legal_moves, reply
from pbem.play.timeouts import widest_reminder

SPREAD = timedelta(hours=72)
"""The awaiting seats' deadlines lie evenly over this span, as in a league where moves come at all hours."""
AHEAD = timedelta(hours=1)
"""How long after the build the first reminder falls due: serve's start-up scan finds nothing to do."""
TICK = timedelta(seconds=Settings().scan_seconds)
"""The time between two scans of pbem serve by default: in a league, what comes due in it is what one scan does."""
COPY_BATCH = 1000
"""Games copied per transaction."""
COPIED = ("player", "game", "inbound", "seat", "move", "outbox", "audit", "tabletalk", "early")
"""The tables a game's rows are in (parents first); a fresh database holds only the prepared game's."""
KEYS = {"game_id": "game", "player_id": "player", "inbound_id": "inbound"}
"""Columns that point at a copied table's row: a copy points at its own."""
RENAMED = {"player": ("email",), "outbox": ("message_id", "recipient"), "inbound": ("message_id",)}
"""Unique texts (and the addresses that name them) that each copy makes its own."""
SLOWER_AT_MOST = 2.0
MEMORY_AT_MOST = 1.25


@dataclass(frozen=True)
class League:
    """A database of ``games`` open games: the prepared game (id 1) and its copies (ids 2..N)."""

    settings: Settings
    games: int
    seat: int
    """The seat every game waits for."""
    move: str
    """A legal move for it, as a player writes it."""
    asked: int
    emails: tuple[str, ...]
    built: datetime
    build_seconds: float
    bytes_per_game: float
    mail_bytes_per_game: float
    """Of them, the mails the game sent so far, kept in the outbox (text and HTML; a sent mail keeps no picture)."""

    def reply(self, copy: int) -> tuple[str, str, bytes]:
        """Copy ``copy``'s waiting player answering its prompt: envelope sender, recipient, raw message."""
        settings = self.settings
        address = reply_address(settings.reply_local, settings.domain, self.settings.secret, copy + 1, self.seat,
                                self.asked)
        answered = reply(copied(self.emails[self.seat], copy), address, "Your move", f"<prompt.{copy}@bench>",
                         self.move, domain="league.test")
        return answered.sender, answered.recipient, answered.raw


def copied(text: str, copy: int) -> str:
    """A unique text of the prepared game (an address, a Message-ID) as its copy ``copy`` has it."""
    if copy == 0:
        return text
    return f"<c{copy}-{text[1:]}" if text.startswith("<") else f"c{copy}-{text}"


# ----------------------------------------------------------------- building


def build(settings: Settings, games: int, game: str, players: int, replies: int, seed: int) -> League:
    """A fresh database of ``games`` open games at ``settings.database_url``, built in bulk."""
    fresh_database(settings.database_url)
    started = time.perf_counter()
    service = open_service(settings)
    empty = database_bytes(service.db)
    emails = tuple(f"p{seat}@league.test" for seat in range(players))
    seat, move, asked = _prepare(service, game, emails, replies, seed)
    built = Clock().now()
    with service.db.begin() as connection:
        connection.execute(update(Outbox.__table__).values(  # type: ignore[arg-type]
            status="sent", sent=built, picture=None))  # as pbem serve leaves a mail it sent
        mail_bytes = connection.execute(text(
            "SELECT sum(length(text) + length(html) + coalesce(length(picture), 0)) FROM outbox")).scalar() or 0
    _copy(service.db, games, built + AHEAD + timedelta(hours=settings.reminder_hours), random.Random(seed))
    used = database_bytes(service.db) - empty
    service.db.dispose()
    return League(settings, games, seat, move, asked, emails, built, time.perf_counter() - started,
                  used / games, mail_bytes)


def _prepare(service: Service, game: str, emails: tuple[str, ...], replies: int, seed: int) -> tuple[int, str, int]:
    """Start the game every copy is made from and play ``replies`` replies into it through the pipeline;
    the seat it then waits for, a legal move of it and the decision its prompt asked."""
    game_id, rng = service.new_game(game, list(emails), seed=seed), random.Random(seed)
    for played in range(replies + 1):
        with Session(service.db) as session:
            waiting = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.awaiting == True)  # noqa: E712
                                   .order_by(Seat.seat)).first()
            prompt = waiting and session.exec(
                select(Outbox).where(Outbox.game_id == game_id, Outbox.seat == waiting.seat, Outbox.kind == "prompt")
                .order_by(Outbox.id.desc())).first()  # type: ignore[union-attr]
        if waiting is None or prompt is None:
            raise typer.BadParameter(f"{game} asks nobody after {played} replies: give fewer --moves")
        if played == replies:
            return waiting.seat, legal_moves(prompt.text)[0], waiting.prompted_seq
        found = answer(prompt.recipient, prompt.reply_to, prompt.subject, prompt.message_id, prompt.text, rng)
        if found is None:
            raise RuntimeError(f"the prompt of game {game_id} lists no legal move to answer with")
        pipeline.deliver(service, found.raw)
    raise AssertionError("the loop returns at its last round")


def _copy(db: Engine, games: int, first_due: datetime, rng: random.Random) -> None:
    """Copy the prepared game ``games`` - 1 times, ``COPY_BATCH`` a transaction; each copy's awaiting seat gets
    a deadline of its own in ``first_due`` + [0, SPREAD)."""
    tables = schema.metadata().tables
    with db.connect() as connection:
        rows = {name: [dict(row._mapping) for row in connection.execute(tables[name].select())] for name in COPIED}
    strides = {name: max((row["id"] for row in found), default=0) for name, found in rows.items()}
    for start in range(1, games, COPY_BATCH):
        batch = range(start, min(games, start + COPY_BATCH))
        due = {copy: first_due + SPREAD * rng.random() for copy in batch}
        with db.begin() as connection:
            for name in COPIED:
                if rows[name]:
                    connection.execute(tables[name].insert(),
                                       [_shifted(name, row, copy, strides, due[copy]) for copy in batch
                                        for row in rows[name]])
    if db.dialect.name == "postgresql":  # ids were given: move each table's sequence past them, then plan
        with db.begin() as connection:
            for name in COPIED:
                if rows[name]:
                    connection.execute(text(f"SELECT setval(pg_get_serial_sequence('\"{name}\"', 'id'), "
                                            f"(SELECT max(id) FROM \"{name}\"))"))
        with db.connect() as connection:
            connection.execution_options(isolation_level="AUTOCOMMIT").execute(text("ANALYZE"))


def _shifted(table: str, row: dict[str, Any], copy: int, strides: dict[str, int], due: datetime) -> dict[str, Any]:
    """``row`` of the prepared game as copy ``copy`` has it: its own ids, texts and deadline."""
    out = dict(row)
    out["id"] += copy * strides[table]
    for column, target in KEYS.items():
        if out.get(column) is not None:
            out[column] += copy * strides[target]
    for column in RENAMED.get(table, ()):
        out[column] = copied(out[column], copy)
    if table == "game" or (table == "seat" and out["awaiting"]):
        out["deadline"] = due
    return out


def database_bytes(db: Engine) -> int:
    """The database's size on disk now (SQLite: its file after a checkpoint; PostgreSQL: the database's)."""
    if db.dialect.name == "postgresql":
        with db.connect() as connection:
            return int(connection.execute(text("SELECT pg_database_size(current_database())")).scalar() or 0)
    file = Path(db.url.database or "")
    with sqlite3.connect(file) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return file.stat().st_size


# ----------------------------------------------------------------- measuring


@dataclass(frozen=True)
class Served:
    startup: float
    latencies: list[float]
    peak_kib: int


class _Relay:
    """The relay pbem serve sends to: it says when the first mail about a game arrives."""

    def __init__(self) -> None:
        self.expected: dict[int, asyncio.Event] = {}

    def expect(self, game_id: int) -> asyncio.Event:
        self.expected[game_id] = asyncio.Event()
        return self.expected[game_id]

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Envelope) -> str:
        message = message_from_bytes(envelope.original_content or b"", policy=policy.compat32)
        arrived = self.expected.pop(game_of(str(message.get("Reply-To", ""))), None)
        if arrived is not None:
            arrived.set()
        return "250 OK"


async def serve(league: League, work: Path, replies: int, rng: random.Random) -> Served:
    """Start pbem serve on the league, answer ``replies`` games picked all over it, one at a time; stop it."""
    loop, relay = asyncio.get_running_loop(), _Relay()
    relay_port, listen_port = free_port(), free_port()
    sink = await loop.create_server(lambda: SMTP(relay), host="127.0.0.1", port=relay_port)
    env = environment(work, relay_port, listen_port, league.settings.database_url,
                      states_cached=str(league.settings.states_cached))
    with open(work / "serve.log", "ab") as log:
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "pbem", "serve"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=log)
        try:
            await loop.run_in_executor(None, wait_listening, listen_port, process)
            startup = time.perf_counter() - started
            latencies = await _answer(league, relay, listen_port, rng.sample(range(league.games),
                                                                              min(replies, league.games)))
            peak = memory_kib(process.pid)
        finally:
            process.send_signal(signal.SIGTERM)
            await loop.run_in_executor(None, process.wait)
            sink.close()
    return Served(startup, latencies, peak)


async def _answer(league: League, relay: _Relay, port: int, copies: list[int]) -> list[float]:
    """Each copy's reply sent over one SMTP connection, the next once the first mail it caused arrived."""
    client = aiosmtplib.SMTP(hostname="127.0.0.1", port=port, timeout=60)
    await client.connect()
    latencies = []
    try:
        for copy in copies:
            sender, recipient, raw = league.reply(copy)
            arrived = relay.expect(copy + 1)
            sent = time.perf_counter()
            await client.sendmail(sender, [recipient], raw)
            await asyncio.wait_for(arrived.wait(), 60)
            latencies.append(time.perf_counter() - sent)
    finally:
        client.close()
    return latencies


@dataclass(frozen=True)
class Scanned:
    due: list[int]
    """Seats handled each tick (reminders and timeouts)."""
    select: list[float]
    """The indexed query for the due seats, each tick (s)."""
    tick: list[float]
    """The whole scan, each tick (s)."""


def scan(league: League, ticks: int) -> Scanned:
    """The deadline scan, tick by tick (``TICK`` apart) from the first reminder's time on."""
    clock = SetClock(league.built + AHEAD)
    service = open_service(league.settings, clock=clock)
    step = TICK
    due, select_s, tick_s = [], [], []
    for _ in range(ticks):
        clock.advance(step)
        with Session(service.db) as session:
            warn_before = widest_reminder(session, service.settings)  # the connection is taken here, not timed
            started = time.perf_counter()
            session.scalars(deadlines.due_query(clock.now(), warn_before)).all()
            select_s.append(time.perf_counter() - started)
        started = time.perf_counter()
        report = deadlines.scan(service)
        tick_s.append(time.perf_counter() - started)
        due.append(report.reminders + report.timeouts)
    service.db.dispose()
    return Scanned(due, select_s, tick_s)


# ----------------------------------------------------------------- the command


@dataclass(frozen=True)
class Measured:
    league: League
    served: Served
    scanned: Scanned


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(part.replace("_", "")) for part in text.split(",") if part.strip()]
    except ValueError:
        raise typer.BadParameter(f"{text!r}: give game counts separated by commas, e.g. 1000,10000,100000",
                                 param_hint="--games") from None
    if not sizes or min(sizes) < 1:
        raise typer.BadParameter("give at least one game count, each at least 1", param_hint="--games")
    return sorted(set(sizes))


@app.command("scale")
def bench_scale(
    games: str = typer.Option("1000,10000,100000", "--games", help="League sizes (open games), comma-separated."),
    database_url: str = typer.Option("", "--database-url",
                                     help="A PostgreSQL database to measure too (it is emptied first)."),
    game: str = typer.Option("dragon", "--game", help="Game name."),
    players: int = typer.Option(4, "--players", help="Email players per game."),
    moves: int = typer.Option(4, "--moves", help="Replies played into the game every copy is made from."),
    replies: int = typer.Option(200, "--replies", help="Live replies measured at each size."),
    states_cached: int = typer.Option(100, "--states-cached", help="pbem serve's states_cached setting."),
    ticks: int = typer.Option(20, "--ticks", help="Deadline scans measured at each size."),
    seed: int = typer.Option(0, "--seed", help="Seed of the prepared game, the deadlines and the replies."),
    keep: bool = typer.Option(False, "--keep", help="Keep the SQLite databases and server logs, and say where."),
) -> None:
    """Leagues of N open games on SQLite (and PostgreSQL): latency, scan, memory, bytes and start-up per N."""
    sizes = _sizes(games)
    if min(players, replies, states_cached, ticks) < 1 or moves < 0:
        raise typer.BadParameter("--players, --replies, --states-cached and --ticks must be at least 1, --moves 0 "
                                 "or more")
    work = Path(tempfile.mkdtemp(prefix="pbem-bench-scale-"))
    urls = [("SQLite", ""), *([("PostgreSQL", database_url)] if database_url else [])]
    for name, url in urls:
        measured = []
        for size in sizes:
            settings = load_settings(environment(work, 1, 1, url or f"sqlite:///{work / f'league-{size}.db'}",
                                                 states_cached=str(states_cached)))
            league = build(settings, size, game, players, moves, seed)
            served = asyncio.run(serve(league, work, replies, random.Random(seed)))
            measured.append(Measured(league, served, scan(league, ticks)))
        _table(name, game, players, states_cached, measured).print()
    if keep:
        typer.echo(f"databases and server logs kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)


def _table(database: str, game: str, players: int, states_cached: int, measured: list[Measured]) -> TargetTable:
    table = TargetTable(f"pbem bench scale on {database}: leagues of {game} games x {players} email players, "
                        f"mostly idle, deadlines over {SPREAD.total_seconds() / 3600:g} h",
                        tuple(f"{m.league.games:,} games" for m in measured))

    def row(measure: str, values: list[float], shown: str, target: float | None = None, floor: float = 0.0,
            target_text: str = "") -> None:
        met = None if target is None else values[-1] <= max(target * values[0], values[0] + floor)
        table.row(measure, tuple("–" if value != value else shown.format(value) for value in values), target_text,
                  met)  # NaN (value != value): nothing to measure at that size

    row("build (s)", [m.league.build_seconds for m in measured], "{:,.1f}")
    row("database bytes per game (KB)", [m.league.bytes_per_game / 1000 for m in measured], "{:,.1f}")
    row("of which its mails, kept in the outbox (KB)", [m.league.mail_bytes_per_game / 1000 for m in measured],
        "{:,.1f}")
    row("pbem serve start-up, spawn to listening (s)", [m.served.startup for m in measured], "{:,.2f}",
        SLOWER_AT_MOST, 0.5, "≤ 2× smallest N")
    row("live replies answered", [len(m.served.latencies) for m in measured], "{:,.0f}")
    row("reply latency p50 (ms)", [1000 * percentile(m.served.latencies, 50) for m in measured], "{:,.1f}")
    row("reply latency p99 (ms)", [1000 * percentile(m.served.latencies, 99) for m in measured], "{:,.1f}",
        SLOWER_AT_MOST, 0.0, "≤ 2× smallest N")
    row(f"serve peak memory, states_cached = {states_cached} (MiB)", [m.served.peak_kib / 1024 for m in measured],
        "{:,.1f}", MEMORY_AT_MOST, 0.0, "≤ 1.25× smallest N")
    row("scan: seats due per tick (mean)", [statistics.fmean(m.scanned.due) for m in measured], "{:,.2f}")
    row("scan: finding the due seats (ms per tick, median)",
        [1000 * statistics.median(m.scanned.select) for m in measured], "{:,.2f}", SLOWER_AT_MOST, 1.0,
        "≤ 2× smallest N (+1 ms)")
    row("scan: whole tick (ms, mean)", [1000 * statistics.fmean(m.scanned.tick) for m in measured], "{:,.1f}")
    row("scan: ms per seat due", [1000 * sum(m.scanned.tick) / sum(m.scanned.due) if sum(m.scanned.due) else nan
                                  for m in measured], "{:,.1f}")
    return table
