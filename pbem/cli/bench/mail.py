"""``pbem bench mail``: the whole mail loop under a swarm of bot players, over loopback SMTP.

``pbem serve`` runs as a child process on a fresh SQLite file, exactly as in
production. This process plays the relay (an aiosmtpd sink that receives every
mail the server sends) and the players: each prompt that arrives is answered
with one of the legal moves it lists, over SMTP, to its Reply-To. Latency is
measured per reply, from handing it to the server to the arrival at the relay
of the first mail its transaction caused. The floor is measured in the same
run: ``pbem.simulation.bench_floor`` does only the SMTP-in, SQLite-commit, SMTP-out,
commit that any loop needs per move.
"""

from __future__ import annotations

import asyncio
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import aiosmtplib
import typer
from aiosmtpd.smtp import SMTP, Envelope
from sqlalchemy import func
from sqlmodel import Session, select

from pbem.simulation.swarm import answer, free_port, game_of, plain_text
from pbem.cli.bench.engines import TargetTable, app
from pbem.cli.bench.serving import (DatabaseWatch, cpu_seconds, environment, fresh_database, memory_kib,
                                           wait_listening)
from pbem.ops.config import load_settings
from pbem.ops.db import Move, Outbox
from pbem.play.service import Service
from pbem.app import open_service


MOVES_PER_S_TARGET = 100
P95_TARGET_S = 1.0
"""The mail loop's targets on the 2-core reference machine (issue: the mail loop)."""


class _Swarm:
    """The relay sink and the players behind it, on one event loop."""

    def __init__(self, games: int, players: int, workers: int, rng: random.Random) -> None:
        self.games, self.players, self.rng = games, players, rng
        self.outgoing: list[asyncio.Queue[tuple[int, str, str, bytes]]] = [asyncio.Queue() for _ in range(workers)]
        """One queue per server: a game's replies always go to the same worker, whose cache holds its state."""
        self.waiting: dict[int, list[float]] = defaultdict(list)
        self.latencies: list[float] = []
        self.over: Counter[int] = Counter()
        self.mails = 0
        self.replies = 0
        self.first = self.last = 0.0
        self.done = asyncio.Event()
        self.floor_arrived: dict[str, asyncio.Event] = {}

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        now = time.perf_counter()
        if b"X-Floor: " in raw[:2000]:
            found = re.search(rb"Message-ID: <([^>]+)>", raw)
            if found and found[1].decode() in self.floor_arrived:
                self.floor_arrived[found[1].decode()].set()
            return "250 OK"
        self.mails += 1
        self.first = self.first or now
        self.last = now
        message = message_from_bytes(raw, policy=policy.compat32)
        game = game_of(str(message.get("Reply-To", "")))
        self.latencies.extend(now - sent for sent in self.waiting.pop(game, []))
        subject = str(message["Subject"])
        if "Game over" in subject:
            self.over[game] += 1
            if len(self.over) == self.games and all(n == self.players for n in self.over.values()):
                self.done.set()
        else:
            reply = answer(str(message["To"]), str(message["Reply-To"]), subject, str(message["Message-ID"]),
                                  plain_text(message), self.rng)
            if reply is not None:
                queue = self.outgoing[game % len(self.outgoing)]
                queue.put_nowait((game, reply.sender, reply.recipient, reply.raw))
        return "250 OK"

    async def send(self, port: int, worker: int) -> None:
        """One player-side SMTP connection to one server, reused for every reply it carries."""
        client = aiosmtplib.SMTP(hostname="127.0.0.1", port=port, timeout=60)
        await client.connect()
        try:
            while True:
                game, sender, target, raw = await self.outgoing[worker].get()
                self.waiting[game].append(time.perf_counter())
                self.replies += 1
                await client.sendmail(sender, [target], raw)
        finally:
            client.close()

    async def floor(self, port: int, messages: int, chains: int) -> float:
        """Messages per second through the floor server, ``chains`` waiting for their own echo each."""
        clients = [aiosmtplib.SMTP(hostname="127.0.0.1", port=port, timeout=60) for _ in range(chains)]
        for client in clients:
            await client.connect()
        body = b"Content-Type: text/plain\r\n\r\n" + b"group 2 tax\r\n" + b"x" * 900 + b"\r\n"
        remaining = messages

        async def chain(client: aiosmtplib.SMTP) -> None:
            nonlocal remaining
            while remaining > 0:
                remaining -= 1
                key = uuid.uuid4().hex
                self.floor_arrived[key] = asyncio.Event()
                raw = f"From: p@swarm.localhost\r\nTo: f@pbem.localhost\r\nMessage-ID: <{key}>\r\nX-Floor: 1\r\n".encode()
                await client.sendmail("p@swarm.localhost", ["f@pbem.localhost"], raw + body)
                await self.floor_arrived.pop(key).wait()

        started = time.perf_counter()
        await asyncio.gather(*(chain(client) for client in clients))
        elapsed = time.perf_counter() - started
        for client in clients:
            client.close()
        return messages / elapsed


async def _run(game: str, games: int, players: int, workers: int, senders: int, seed: int, floor_messages: int,
               limit: float, database_url: str) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="pbem-bench-mail-"))
    fresh_database(database_url)
    swarm = _Swarm(games, players, workers, random.Random(seed))
    loop = asyncio.get_running_loop()
    swarm_started = time.process_time()
    relay_port, floor_port = free_port(), free_port()
    listen_ports = [free_port() for _ in range(workers)]
    relay = await loop.create_server(lambda: SMTP(swarm), host="127.0.0.1", port=relay_port)
    envs = [environment(work, relay_port, port, database_url) for port in listen_ports]
    service = open_service(load_settings(envs[0]))
    for index in range(games):
        emails = [f"p{index}.{seat}@swarm.localhost" for seat in range(players)]
        service.new_game(game, emails, seed=seed + index)
    service.db.dispose()
    log = open(work / "serve.log", "ab")
    watch = DatabaseWatch(database_url).__enter__()
    servers = [subprocess.Popen([sys.executable, "-m", "pbem", "serve"], env=env, stdout=subprocess.DEVNULL,
                                stderr=log) for env in envs]
    try:
        for port, server in zip(listen_ports, servers):
            await loop.run_in_executor(None, wait_listening, port, server)
        tasks = [asyncio.create_task(swarm.send(listen_ports[i % workers], i % workers))
                 for i in range(max(senders, workers))]
        try:
            await asyncio.wait_for(swarm.done.wait(), limit)
        except asyncio.TimeoutError:
            typer.echo(f"stopped after {limit:.0f} s: {sum(swarm.over.values())} game-over mails so far", err=True)
        for task in tasks:
            task.cancel()
        await asyncio.sleep(0.5)
        watch.finish()
        peak = sum(memory_kib(server.pid) for server in servers)
        cpu = sum(cpu_seconds(server.pid) for server in servers)
        swarm_cpu = time.process_time() - swarm_started
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            await loop.run_in_executor(None, server.wait)
        watch.__exit__()
        log.close()
    floor = subprocess.Popen([sys.executable, "-m", "pbem.simulation.bench_floor", str(floor_port), str(relay_port),
                              str(work / "floor.db")], env=envs[0])
    try:
        await loop.run_in_executor(None, wait_listening, floor_port, floor)
        floor_rate = await swarm.floor(floor_port, floor_messages, min(games, senders))
    finally:
        floor.send_signal(signal.SIGTERM)
        await loop.run_in_executor(None, floor.wait)
    relay.close()
    service = open_service(load_settings(envs[0]))
    with Session(service.db) as session:
        by_email = session.exec(select(func.count()).select_from(Move).where(Move.source == "email")).one()
        all_moves = session.exec(select(func.count()).select_from(Move)).one()
        unsent = session.exec(select(func.count()).select_from(Outbox).where(Outbox.status != "sent")).one()
    service.db.dispose()
    return {"swarm": swarm, "email_moves": by_email, "all_moves": all_moves, "unsent": unsent,
            "peak_kib": peak, "cpu": cpu, "swarm_cpu": swarm_cpu, "floor_rate": floor_rate, "work": work,
            "watch": watch, "workers": workers}


@app.command("mail")
def bench_mail(
    game: str = typer.Option("dragon", "--game", help="Game name."),
    games: int = typer.Option(20, "--games", help="Games played at once."),
    players: int = typer.Option(4, "--players", help="Email players per game."),
    workers: str = typer.Option("1", "--workers", help="pbem serve processes sharing the database; several "
                                                       "counts (1,2) are run one after the other, side by side."),
    database_url: str = typer.Option("", "--database-url", help="Run on this PostgreSQL database (emptied before "
                                                                "each run) instead of a fresh SQLite file."),
    senders: int = typer.Option(8, "--senders", help="Player-side SMTP connections."),
    seed: int = typer.Option(0, "--seed", help="Game i uses seed+i; the players' choices use seed."),
    floor_messages: int = typer.Option(2000, "--floor-messages", help="Messages through the floor server."),
    limit: float = typer.Option(900.0, "--limit", help="Give up after this many seconds."),
    keep: bool = typer.Option(False, "--keep", help="Keep the run's database and server log, and say where."),
) -> None:
    """GAMES games of PLAYERS bot players by email through pbem serve; prints the loop's speed and its floor."""
    counts = _worker_counts(workers, database_url)
    if min(games, players, senders, floor_messages) < 1:
        raise typer.BadParameter("--games, --players, --senders and --floor-messages must be at least 1")
    runs = [asyncio.run(_run(game, games, players, count, senders, seed, floor_messages, limit, database_url))
            for count in counts]
    database = "PostgreSQL" if database_url else "SQLite"
    table = TargetTable(f"pbem bench mail: {games} {game} games x {players} email players, pbem serve on "
                        f"{database}, loopback SMTP",
                        tuple(f"{count} worker{'s' if count > 1 else ''}" for count in counts))
    for measure, values, target, met in _rows(runs, games, players, bool(database_url)):
        table.row(measure, tuple(values), target, met)
    table.print()
    for found in runs:
        if keep:
            typer.echo(f"database and server log kept in {found['work']}")
        else:
            shutil.rmtree(found["work"], ignore_errors=True)


def _worker_counts(text: str, database_url: str) -> list[int]:
    """The ``--workers`` counts; more than one server needs PostgreSQL (SQLite takes one ``pbem serve``)."""
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise typer.BadParameter(f"{text!r}: give worker counts separated by commas, e.g. 1,2",
                                 param_hint="--workers") from None
    if not counts or min(counts) < 1:
        raise typer.BadParameter("give at least one worker count, each at least 1", param_hint="--workers")
    if max(counts) > 1 and not database_url:
        raise typer.BadParameter("more than one worker needs --database-url (PostgreSQL): an SQLite database "
                                 "takes one pbem serve", param_hint="--workers")
    return counts


Row = tuple[str, list[str], str, bool | None]


def _rows(runs: list[dict[str, Any]], games: int, players: int, postgres: bool) -> list[Row]:
    """The table's rows, a value per run; a target is met when every run meets it."""
    measured: list[dict[str, Any]] = []
    for found in runs:
        swarm: _Swarm = found["swarm"]
        elapsed = max(swarm.last - swarm.first, 1e-9)
        moves = max(found["email_moves"], 1)
        latencies = sorted(swarm.latencies) or [0.0]
        measured.append({
            "finished": sum(1 for n in swarm.over.values() if n == players), "elapsed": elapsed,
            "rate": found["email_moves"] / elapsed, "latencies": latencies,
            "p95": latencies[int(0.95 * (len(latencies) - 1))], "p99": latencies[int(0.99 * (len(latencies) - 1))],
            "cpu": found["cpu"] * 1000 / moves, "busy": found["cpu"] / (elapsed * int(found["workers"])),
            "swarm_cpu": found["swarm_cpu"] * 1000 / moves, "watch": found["watch"], "moves": moves,
        })

    def each(shown: str, key: str | Any) -> list[str]:
        return [shown.format(key(m) if callable(key) else m[key]) for m in measured]

    rows: list[Row] = [
        ("games finished", [f"{m['finished']} of {games}" for m in measured], "all",
         all(m["finished"] == games for m in measured)),
        ("moves by email (all moves incl. forced)",
         [f"{f['email_moves']:,} ({f['all_moves']:,})" for f in runs], "", None),
        ("moves/s end to end (email moves)", each("{:,.1f}", "rate"), f"≥ {MOVES_PER_S_TARGET}",
         all(m["rate"] >= MOVES_PER_S_TARGET for m in measured)),
        ("latency p50 (ms)", each("{:,.1f}", lambda m: statistics.median(m["latencies"]) * 1000), "", None),
        ("latency p95 (ms)", each("{:,.1f}", lambda m: m["p95"] * 1000), f"< {P95_TARGET_S * 1000:,.0f}",
         all(m["p95"] < P95_TARGET_S for m in measured)),
        ("latency p99 (ms)", each("{:,.1f}", lambda m: m["p99"] * 1000), "", None),
        ("server CPU per email move (ms)", each("{:,.1f}", "cpu"), "", None),
        ("servers busy (CPU / wall time / workers)", each("{:.0%}", "busy"), "", None),
        ("swarm (players + relay) CPU per email move (ms)", each("{:,.1f}", "swarm_cpu"), "", None),
    ]
    if postgres:
        rows += [
            ("PostgreSQL CPU per email move (ms)", each("{:,.1f}", lambda m: m["watch"].cpu * 1000 / m["moves"]),
             "", None),
            ("lock waits (share of 0.1 s samples with one)",
             each("{:.0%}", lambda m: m["watch"].waiting / max(m["watch"].samples, 1)), "", None),
            ("transactions rolled back (pg_stat_database: lost races and errors)",
             each("{:,}", lambda m: m["watch"].rollbacks), "", None),
        ]
    rows += [
        ("mails/s out", [f"{f['swarm'].mails / m['elapsed']:,.1f}" for f, m in zip(runs, measured)], "", None),
        ("mails per player per game", [f"{f['swarm'].mails / (games * players):,.1f}" for f in runs], "", None),
        ("mails not sent at the end", [f"{f['unsent']:,}" for f in runs], "0", all(f["unsent"] == 0 for f in runs)),
        ("servers' peak memory (MiB RSS, summed)", [f"{f['peak_kib'] / 1024:,.1f}" for f in runs], "", None),
        ("floor: SMTP in + SQLite + SMTP out (msgs/s)", [f"{f['floor_rate']:,.1f}" for f in runs], "", None),
        ("loop / floor", [f"{m['rate'] / f['floor_rate']:.2f}" for f, m in zip(runs, measured)], "", None),
        ("wall time of the games (s)", each("{:,.1f}", "elapsed"), "", None),
    ]
    return rows
