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
from pbem.simulation.bench.engines import TargetTable, app
from pbem.simulation.bench.serving import cpu_seconds, environment, memory_kib, wait_listening
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
               limit: float) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="pbem-bench-mail-"))
    swarm = _Swarm(games, players, workers, random.Random(seed))
    loop = asyncio.get_running_loop()
    swarm_started = time.process_time()
    relay_port, floor_port = free_port(), free_port()
    listen_ports = [free_port() for _ in range(workers)]
    relay = await loop.create_server(lambda: SMTP(swarm), host="127.0.0.1", port=relay_port)
    envs = [environment(work, relay_port, port) for port in listen_ports]
    service = open_service(load_settings(envs[0]))
    for index in range(games):
        emails = [f"p{index}.{seat}@swarm.localhost" for seat in range(players)]
        service.new_game(game, emails, seed=seed + index)
    service.db.dispose()
    log = open(work / "serve.log", "ab")
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
        peak = sum(memory_kib(server.pid) for server in servers)
        cpu = sum(cpu_seconds(server.pid) for server in servers)
        swarm_cpu = time.process_time() - swarm_started
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            await loop.run_in_executor(None, server.wait)
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
    return {"swarm": swarm, "email_moves": by_email, "all_moves": all_moves, "unsent": unsent,
            "peak_kib": peak, "cpu": cpu, "swarm_cpu": swarm_cpu, "floor_rate": floor_rate, "work": work}


@app.command("mail")
def bench_mail(
    game: str = typer.Option("dragon", "--game", help="Game name."),
    games: int = typer.Option(20, "--games", help="Games played at once."),
    players: int = typer.Option(4, "--players", help="Email players per game."),
    workers: int = typer.Option(1, "--workers", help="pbem serve processes sharing the database."),
    senders: int = typer.Option(8, "--senders", help="Player-side SMTP connections."),
    seed: int = typer.Option(0, "--seed", help="Game i uses seed+i; the players' choices use seed."),
    floor_messages: int = typer.Option(2000, "--floor-messages", help="Messages through the floor server."),
    limit: float = typer.Option(900.0, "--limit", help="Give up after this many seconds."),
    keep: bool = typer.Option(False, "--keep", help="Keep the run's database and server log, and say where."),
) -> None:
    """GAMES games of PLAYERS bot players by email through pbem serve; prints the loop's speed and its floor."""
    if min(games, players, workers, senders, floor_messages) < 1:
        raise typer.BadParameter("--games, --players, --workers, --senders and --floor-messages must be at least 1")
    found = asyncio.run(_run(game, games, players, workers, senders, seed, floor_messages, limit))
    swarm: _Swarm = found["swarm"]
    elapsed = max(swarm.last - swarm.first, 1e-9)
    moves_per_s = found["email_moves"] / elapsed
    latencies = sorted(swarm.latencies) or [0.0]
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    table = TargetTable(f"pbem bench mail: {games} {game} games x {players} email players, "
                        f"{workers} pbem serve on SQLite, loopback SMTP")
    row = table.row

    finished = sum(1 for n in swarm.over.values() if n == players)
    row("games finished", f"{finished} of {games}", "all", finished == games)
    row("moves by email (all moves incl. forced)", f"{found['email_moves']:,} ({found['all_moves']:,})")
    row("moves/s end to end (email moves)", f"{moves_per_s:,.1f}", f"≥ {MOVES_PER_S_TARGET}",
        moves_per_s >= MOVES_PER_S_TARGET)
    row("latency p50 (ms)", f"{statistics.median(latencies) * 1000:,.1f}")
    row("latency p95 (ms)", f"{p95 * 1000:,.1f}", f"< {P95_TARGET_S * 1000:,.0f}", p95 < P95_TARGET_S)
    row("latency p99 (ms)", f"{latencies[int(0.99 * (len(latencies) - 1))] * 1000:,.1f}")
    row("server CPU per email move (ms)", f"{found['cpu'] * 1000 / max(found['email_moves'], 1):,.1f}")
    row("swarm (players + relay) CPU per email move (ms)",
        f"{found['swarm_cpu'] * 1000 / max(found['email_moves'], 1):,.1f}")
    row("mails/s out", f"{swarm.mails / elapsed:,.1f}")
    row("mails per player per game", f"{swarm.mails / (games * players):,.1f}")
    row("mails not sent at the end", f"{found['unsent']:,}", "0", found["unsent"] == 0)
    row("servers' peak memory (MiB RSS, summed)", f"{found['peak_kib'] / 1024:,.1f}")
    row("floor: SMTP in + SQLite + SMTP out (msgs/s)", f"{found['floor_rate']:,.1f}")
    row("loop / floor", f"{moves_per_s / found['floor_rate']:.2f}")
    row("wall time of the games (s)", f"{elapsed:,.1f}")
    table.print()
    if keep:
        typer.echo(f"database and server log kept in {found['work']}")
    else:
        shutil.rmtree(found["work"], ignore_errors=True)
