"""A whole game by email: pbem serve on loopback, a real relay sink, players replying over SMTP."""

from __future__ import annotations

import random
from email.message import EmailMessage

from sqlmodel import Session, select

from pbem.config import load_settings
from pbem.db import Game, Move, Outbox
from pbem.service import Service
from tests.mail.serverproc import ServerProcess, environment, listed_moves, pbem, reply, send

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
    service = Service(load_settings(env))
    with Session(service.db) as session:
        game = session.exec(select(Game)).one()
        sources = {m.source for m in session.exec(select(Move))}
        rows = list(session.exec(select(Outbox)))
    assert game.status == "over" and "email" in sources
    assert all(row.status == "sent" for row in rows)
    assert {str(m["Message-ID"]) for m in sink.messages} == {row.message_id for row in rows}
    per_player = len(rows) / len(PLAYERS)
    assert per_player < 80, f"{per_player} mails per player: too many"
