"""Faults: the server killed at every step between storing and sending, and two replies racing."""

from __future__ import annotations

import smtplib
import threading
import time
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.serve import pipeline
from pbem.ops.config import load_settings
from pbem.ops.db import Inbound, Move, Outbox
from pbem.play.service import Service
from pbem.play.store import Conflict, LoadedGame, Transaction
from pbem.app import open_service
from tests.support import sticks
from tests.support.loop import make_settings, outbox, reply_to
from tests.support.serverproc import ServerProcess, environment, listed_moves, pbem, reply, send

ANN = "ann@example.org"


def rows(env: dict[str, str]) -> tuple[list[Move], list[Inbound], list[Outbox]]:
    service = open_service(load_settings(env))
    with Session(service.db) as session:
        result = (list(session.exec(select(Move))), list(session.exec(select(Inbound))),
                  list(session.exec(select(Outbox))))
    service.db.dispose()
    return result


def wait_all_sent(env: dict[str, str], timeout: float = 30) -> list[Outbox]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _, inbound, out = rows(env)
        if all(row.status == "sent" for row in out) and all(row.status != "stored" for row in inbound):
            return out
        time.sleep(0.2)
    raise AssertionError("the outbox did not empty")


@pytest.mark.parametrize("step", ["after_store", "after_apply", "after_commit", "after_send"])
def test_killed_at_any_step_every_move_applies_once_and_every_mail_goes_out(tmp_path: Path, sink, step: str) -> None:
    env = environment(tmp_path, sink.port, PBEM_OUTBOX_LEASE_SECONDS="1")
    assert pbem(env, "game", "new", "dragon", "--player", ANN, "--bots", "3", "--seed", "4").returncode == 0
    crashing = ServerProcess({**env, "PBEM_CRASH_AT": step}).start(wait=step != "after_send")
    raw = None
    if step != "after_send":  # the first prompt goes out; the crash comes with the reply
        prompts = sink.wait_for(lambda ms: [m for m in ms if "Your move" in str(m["Subject"])])
        raw = reply(prompts[0], listed_moves(prompts[0])[0], ANN)
        try:
            send(crashing.port, raw, ANN, str(prompts[0]["Reply-To"]))
        except (smtplib.SMTPException, OSError):
            pass  # killed before answering: the sending MTA keeps the message and retries
    assert crashing.wait_dead() != 0, "the crash hook killed the server"
    server = ServerProcess(env).start()
    try:
        if raw is None:
            prompts = sink.wait_for(lambda ms: [m for m in ms if "Your move" in str(m["Subject"])])
            raw = reply(prompts[0], listed_moves(prompts[0])[0], ANN)
        send(server.port, raw, ANN, str(prompts[0]["Reply-To"]))  # the MTA's retry, or a plain resend
        out = wait_all_sent(env)
    finally:
        server.stop()
    moves, inbound, _ = rows(env)
    assert [m.source for m in moves].count("email") == 1
    assert [row.status for row in inbound] == ["applied"]
    assert {row.message_id for row in out} == set(sink.unique())
    if step == "after_send":  # the one mail the relay took before the kill came again, same Message-ID
        assert len(sink.messages) == len(sink.unique()) + 1
    assert any("Your move" in str(m["Subject"]) for m in list(sink.unique().values())[1:]), "next prompt sent"


def test_two_replies_at_once_one_wins_and_the_other_is_told(tmp_path: Path, clock) -> None:
    settings = make_settings(tmp_path)
    first = open_service(settings, clock=clock, rules=sticks.rules)
    first.new_game("sticks", [ANN, "bob@example.org"], seed=0)
    prompt = outbox(first, kind="prompt")[0]
    racers = [open_service(settings, clock=clock, rules=sticks.rules) for _ in range(2)]
    start = threading.Barrier(2)
    outcomes: list[pipeline.Outcome] = []

    def play(service: Service, text: str) -> None:
        start.wait(10)
        outcomes.append(pipeline.deliver(service, reply_to(prompt, text)))

    threads = [threading.Thread(target=play, args=(service, text)) for service, text in zip(racers, ["take 1", "take 2"])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    statuses = sorted(o.status for o in outcomes)
    assert statuses in (["applied", "refused"], ["applied", "held"])
    with Session(first.db) as session:
        assert len(list(session.exec(select(Move)))) == 1
    if statuses[1] == "refused":  # it lost the race while its turn was open: told the game changed first
        told = outbox(first, kind="refusal")
        assert len(told) == 1 and told[0].recipient == ANN and "changed the game first" in told[0].text
    else:  # serialised (SQLite), the loser came once the turn had passed: a move for the next turn, told at once
        assert outbox(first, kind="refusal") == []  # as another answer to the prompt already answered (#28)
        [told] = outbox(first, kind="command")
        assert told.recipient == ANN and "Kept for your turn: take" in told.subject
        assert "already made" in " ".join(told.text.split())


def test_a_writer_that_read_an_older_version_keeps_nothing(service: Service) -> None:
    game_id = service.new_game("sticks", [ANN, "bob@example.org"], seed=0)
    def change(transaction: Transaction, game: LoadedGame) -> None:
        service.turns.play(transaction.session, game, 0, sticks.Take(1), "admin")
        game.loaded_version -= 1  # as if another writer committed after this one read the game
        transaction.commit()

    with pytest.raises(Conflict):
        service.store.transaction(game_id, change, attempts=1)
    with Session(service.db) as session:
        assert list(session.exec(select(Move))) == []
