"""``pbem demo``: a whole small tournament through the real mail loop, on loopback, in one process.

Everything a real installation has is here, only closer together: the mail
service (:class:`pbem.serve.server.Server`: SMTP listener, pipeline, outbox worker,
scheduler) on an SQLite file in a fresh folder; a relay that receives every
mail the service sends and files it in a maildir and an mbox a newcomer can
open; and scripted players behind the relay who read each prompt and reply by
SMTP to its Reply-To (:mod:`pbem.simulation.swarm`). The tournament is a league whose
next round starts as soon as the previous one ends, so it runs by itself.

With a human seat, that player's mails are filed but not answered: they read
them in the maildir and answer from their own mail client through the
service's SMTP listener, and the demo runs until the tournament ends.
"""

from __future__ import annotations

import asyncio
import mailbox
import random
import secrets
from dataclasses import dataclass, field
from email import message_from_bytes
from email.header import decode_header, make_header
from email.message import Message
from pathlib import Path
from typing import Any, Callable

import aiosmtplib
from aiosmtpd.smtp import SMTP, Envelope
from sqlalchemy import func
from sqlmodel import Session, select

from engine import bots
from pbem.simulation import swarm
from pbem.play.commands.language import known_language
from pbem.ops.config import Settings
from pbem.ops.db import Outbox
from pbem.serve.server import Server
from pbem.play.service import Service
from pbem.play.store import GameStore
from pbem.mail.tokens import read_reply_address
from pbem.tournament import pages, runner
from pbem.app import open_service
from tournaments import Standings, plan_tables

BOT_DOMAIN = "bots.pbem.localhost"
SENDERS = 4
"""SMTP connections the scripted players share."""

DEFINITION = """\
# The demo's tournament: a league whose rounds follow each other at once.
name = "Dragon Demo"
game = "dragon"
rounds = {rounds}
seed = {seed}
language = "{language}"

[seating]
method = "swiss"
table_sizes = [3, 4, 5]
preferred = 4

[scoring]
system = "rank_points"
tie_breaks = ["game_points", "wins", "opponents_strength"]

[scoring.rank_points]
3 = [6, 3, 1]
4 = [10, 6, 3, 1]
5 = [12, 8, 5, 3, 1]

[deadlines]
move = "72h"
reminder = "24h"

[league]
season = "loopback league"
next_round = "auto"
gap = "0h"
"""


@dataclass(frozen=True)
class DemoOptions:
    folder: Path
    players: int = 12
    rounds: int = 3
    seed: int = 1
    human: str = ""
    language: str = "en"
    """The language of every mail and of the standings page: the players are registered in it."""
    bot: str = "random"
    """How the scripted players choose: ``random`` picks one of the moves a prompt lists; any other bot's name
    (``greedy``, ``search``, ``search:N``) plays what that bot would for the seat the prompt asks."""


@dataclass
class DemoResult:
    folder: Path
    standings: Standings
    page: Path
    maildir: Path
    mbox: Path
    mails: int
    replies: int
    seconds: float
    listen: str


@dataclass
class Relay:
    """The outbound relay: files every mail and lets the scripted players answer theirs."""

    maildir: mailbox.Maildir
    mbox: mailbox.mbox
    human: str
    rng: random.Random
    replies: asyncio.Queue[swarm.Reply] = field(default_factory=asyncio.Queue)
    finished_games: set[int] = field(default_factory=set)
    mails: int = 0
    replies_sent: int = 0
    on_game_over: Callable[[], None] = lambda: None
    think: Callable[[str], str | None] | None = None
    """The move an engine bot makes for the seat a reply address names (in a worker thread); None: random."""

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        self.maildir.add(raw)
        self.mbox.add(raw)
        self.mails += 1
        message = message_from_bytes(raw)  # compat32: a tenth of the cost of policy.default, headers suffice
        subject, reply_to = _header(message, "Subject"), _header(message, "Reply-To")
        if "Game over" in subject:
            game = swarm.game_of(reply_to)
            if game not in self.finished_games:
                self.finished_games.add(game)
                self.on_game_over()
        recipient = _header(message, "To")
        if recipient != self.human and swarm.is_prompt(subject):
            if self.think is None:
                answer = swarm.answer(recipient, reply_to, subject, _header(message, "Message-ID"),
                                      swarm.plain_text(message), self.rng)
            else:
                move = await asyncio.get_running_loop().run_in_executor(None, self.think, reply_to)
                answer = None if move is None else swarm.reply(recipient, reply_to, subject,
                                                               _header(message, "Message-ID"), move)
            if answer is not None:
                self.replies.put_nowait(answer)
        return "250 OK"


def _header(message: Message, name: str) -> str:
    return str(make_header(decode_header(message.get(name, ""))))


def prepare(options: DemoOptions) -> None:
    """Refuse bad options before anything is created."""
    if options.players < 3:
        raise ValueError(f"--players {options.players}: a Dragon tournament needs at least 3 players")
    if not 1 <= options.rounds <= 20:
        raise ValueError(f"--rounds {options.rounds}: give 1-20 rounds")
    known_language(options.language)
    try:
        bots.get(options.bot)
    except KeyError as exc:
        raise ValueError(f"--bot {options.bot!r}: {exc.args[0]}") from None
    if options.human and ("@" not in options.human or " " in options.human):
        raise ValueError(f"--human {options.human!r}: give your email address, e.g. you@example.org")
    if options.folder.exists() and (not options.folder.is_dir() or any(options.folder.iterdir())):
        raise ValueError(f"--dir {options.folder} exists and is not empty; the demo needs a fresh folder "
                         f"(give another --dir or remove it)")


def bot_emails(count: int) -> list[str]:
    return [f"bot{index:02d}@{BOT_DOMAIN}" for index in range(1, count + 1)]


def expected_games(options: DemoOptions) -> int:
    """Tables over all rounds (the same plan every round, since nobody drops in the demo)."""
    return len(plan_tables(options.players, (3, 4, 5), 4).sizes) * options.rounds


async def run(options: DemoOptions, on_game_over: Callable[[], None] = lambda: None,
              on_ready: Callable[[str], None] = lambda _: None) -> DemoResult:
    """Play the whole tournament; ``on_ready`` gets the listener's address once mail can flow."""
    prepare(options)
    loop = asyncio.get_running_loop()
    started = loop.time()
    folder = options.folder
    folder.mkdir(parents=True, exist_ok=True)
    relay_port, listen_port = swarm.free_port(), swarm.free_port()
    settings = Settings(database_url=f"sqlite:///{folder / 'pbem.db'}", secret=secrets.token_urlsafe(24),
                        smtp_port=relay_port, listen=f"127.0.0.1:{listen_port}", scan_seconds=3600.0,
                        robot_answers_per_day=1_000_000, organiser=f"organiser@{BOT_DOMAIN}")
    relay = Relay(mailbox.Maildir(folder / "mail", create=True), mailbox.mbox(folder / "mail.mbox"),
                  options.human.lower(), random.Random(options.seed), on_game_over=on_game_over)
    relay_server = await loop.create_server(lambda: SMTP(relay), host="127.0.0.1", port=relay_port)
    service = open_service(settings)
    if options.bot != "random":
        relay.think = _thinker(service, options.bot, options.seed)
    try:
        tournament_id = _set_up(service, options)
        await _serve_until_finished(service, relay, tournament_id, listen_port, lambda: on_ready(settings.listen))
    finally:
        relay_server.close()
        await relay_server.wait_closed()
        relay.mbox.close()
    with Session(service.db) as session:
        standings = runner.with_records(session, runner.load(session, tournament_id), service.clock.now()).standings()
    page = pages.publish(service, tournament_id, folder / "standings")
    service.db.dispose()
    return DemoResult(folder, standings, page, folder / "mail", folder / "mail.mbox", relay.mails,
                      relay.replies_sent, loop.time() - started, settings.listen)


def _thinker(service: Service, bot: str, seed: int) -> Callable[[str], str | None]:
    """The move ``bot`` makes for the seat a reply address names, on the game as committed.

    It reads through its own store, so the server's cache is never touched from the relay's thread.
    """
    store, chosen = GameStore(service.db, service.rules, service.settings.states_cached), bots.get(bot)

    def think(reply_to: str) -> str | None:
        target = read_reply_address(reply_to, service.settings.reply_local, service.settings.domain, service.secret)
        if target is None:
            return None
        with Session(service.db) as session:
            game = store.load(session, target.game_id)
        if target.seat not in game.rules.to_act(game.state):
            return None
        rng = random.Random(f"{seed}:{target.game_id}:{game.next_seq}")
        return game.rules.format(chosen(game.rules, game.state, target.seat, rng))

    return think


def _set_up(service: Service, options: DemoOptions) -> int:
    tournament_id = runner.create(service, DEFINITION.format(rounds=options.rounds, seed=options.seed,
                                                             language=options.language), "demo")
    players = bot_emails(options.players - (1 if options.human else 0))
    if options.human:
        players.insert(options.seed % (len(players) + 1), options.human.lower())
    for email in players:
        runner.register(service, tournament_id, email, "", "demo", language=options.language)
    runner.start_round(service, tournament_id, "demo")
    return tournament_id


async def _serve_until_finished(service: Service, relay: Relay, tournament_id: int, listen_port: int,
                                ready: Callable[[], None]) -> None:
    """The mail service and the scripted players, until the tournament is over (or the demo is stopped)."""
    server = Server(service)
    await server.start()
    senders = [asyncio.create_task(_send(relay, listen_port)) for _ in range(SENDERS)]
    try:
        ready()
        await _until_finished(server, service, tournament_id)
    finally:
        for task in senders:
            task.cancel()
        await asyncio.gather(*senders, return_exceptions=True)
        await server.stop()


async def _send(relay: Relay, port: int) -> None:
    """One player-side SMTP connection carrying replies as they are written."""
    client = aiosmtplib.SMTP(hostname="127.0.0.1", port=port, timeout=60)
    await client.connect()
    try:
        while True:
            reply = await relay.replies.get()
            await client.sendmail(reply.sender, [reply.recipient], reply.raw)
            relay.replies_sent += 1
    finally:
        client.close()


async def _until_finished(server: Server, service: Service, tournament_id: int) -> None:
    """Wait for the last round to complete and every mail it caused to leave the outbox."""

    def finished() -> bool:
        with Session(service.db) as session:
            status = runner.tournament_row(session, tournament_id).status
            pending = session.exec(select(func.count()).select_from(Outbox).where(Outbox.status == "pending")).one()
            return status == "finished" and pending == 0

    while not await server.run_db(finished):
        await asyncio.sleep(0.5)
