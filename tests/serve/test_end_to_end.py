"""A whole game by email: pbem serve on loopback, a real relay sink, players replying over SMTP."""

from __future__ import annotations

import random
from email import message_from_bytes, policy
from email.message import EmailMessage

from sqlmodel import Session, select

from pbem.ops.config import load_settings
from pbem.ops.db import Game, Move, Outbox
from pbem.serve.outbox import compose
from pbem.play.service import Service
from pbem.app import open_service
from tests.support.serverproc import ServerProcess, environment, listed_moves, pbem, reply, send

PLAYERS = ["ann@example.org", "bob@example.org", "cid@example.org", "dee@example.org"]


def test_four_players_play_dragon_to_the_end_by_email(tmp_path, sink) -> None:
    env = environment(tmp_path, sink.port)
    assert pbem(env, "game", "new", "dragon", *sum((["--player", p] for p in PLAYERS), []),
                "--seed", "11").returncode == 0
    server = ServerProcess(env).start()
    rng = random.Random(5)
    answered: set[str] = set()
    try:
        while True:
            def due(messages: list[EmailMessage]) -> list[EmailMessage] | str:
                over = [m for m in messages if "Game over" in str(m["Subject"])]
                if len(over) == len(PLAYERS):
                    return "over"
                return [m for m in messages if "Your move" in str(m["Subject"])
                        and str(m["Message-ID"]) not in answered]

            found = sink.wait_for(due, timeout=60)
            if found == "over":
                break
            for prompt in found:
                answered.add(str(prompt["Message-ID"]))
                move = rng.choice(listed_moves(prompt))
                send(server.port, reply(prompt, move, str(prompt["To"])), str(prompt["To"]), str(prompt["Reply-To"]))
    finally:
        server.stop()
    service = open_service(load_settings(env))
    with Session(service.db) as session:
        game = session.exec(select(Game)).one()
        sources = {m.source for m in session.exec(select(Move))}
        rows = list(session.exec(select(Outbox)))
    assert game.status == "over" and "email" in sources
    assert all(row.status == "sent" for row in rows)
    assert {str(m["Message-ID"]) for m in sink.messages} == {row.message_id for row in rows}
    per_player = len(rows) / len(PLAYERS)
    assert per_player < 80, f"{per_player} mails per player: too many"


def test_receive_stores_and_answers_and_asks_the_mta_to_retry_when_it_cannot_store(tmp_path, sink) -> None:
    env = environment(tmp_path, sink.port)
    assert pbem(env, "game", "new", "dragon", "--player", PLAYERS[0], "--bots", "3", "--seed", "2").returncode == 0
    service = open_service(load_settings(env))
    with Session(service.db) as session:
        prompt = session.exec(select(Outbox)).one()
    message = message_from_bytes(compose(prompt, "pbem@pbem.localhost"), policy=policy.default)
    raw = reply(message, listed_moves(message)[0], PLAYERS[0])
    done = pbem(env, "receive", stdin=raw)
    assert done.returncode == 0 and done.stdout.decode().startswith("applied"), done.stderr.decode()
    again = pbem(env, "receive", stdin=raw)
    assert again.returncode == 0 and again.stdout.decode().startswith("duplicate")
    broken = {**env, "PBEM_DATABASE_URL": f"sqlite:///{tmp_path / 'missing' / 'dir' / 'pbem.db'}"}
    failed = pbem(broken, "receive", stdin=raw)
    assert failed.returncode == 75, failed.stderr.decode()
