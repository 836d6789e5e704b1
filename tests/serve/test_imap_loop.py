"""The IMAP way in: pbem serve polls a real Dovecot, plays the reply it finds, marks it seen."""

from __future__ import annotations

import imaplib
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.ops.config import load_settings
from pbem.ops.db import Inbound, Move
from pbem.play.service import Service
from pbem.app import open_service
from tests.support.serverproc import ServerProcess, environment, listed_moves, pbem, reply
from tests.mail_inbound.dovecot import Dovecot, DovecotInstance

ANN = "ann@example.org"


@pytest.fixture
def imap_server() -> Iterator[Dovecot]:
    instance = DovecotInstance()
    try:
        yield instance.start()
    finally:
        instance.stop()


def _append(server: Dovecot, raw: bytes) -> None:
    client = imaplib.IMAP4(server.host, server.port)
    try:
        client.login(server.user, server.password)
        assert client.append("INBOX", None, None, raw)[0] == "OK"
    finally:
        client.logout()


def _unseen(server: Dovecot) -> int:
    client = imaplib.IMAP4(server.host, server.port)
    try:
        client.login(server.user, server.password)
        client.select("INBOX", readonly=True)
        return len(client.search(None, "UNSEEN")[1][0].split())
    finally:
        client.logout()


def test_a_reply_fetched_by_imap_is_played_and_marked_seen(tmp_path: Path, sink, imap_server: Dovecot) -> None:
    env = environment(tmp_path, sink.port, PBEM_LISTEN="", PBEM_IMAP_HOST=imap_server.host,
                      PBEM_IMAP_PORT=str(imap_server.port), PBEM_IMAP_USER=imap_server.user,
                      PBEM_IMAP_PASSWORD=imap_server.password, PBEM_IMAP_EVERY_SECONDS="1")
    assert pbem(env, "game", "new", "dragon", "--player", ANN, "--bots", "3", "--seed", "6").returncode == 0
    server = ServerProcess(env).start(wait=False)
    try:
        prompt = sink.wait_for(lambda ms: [m for m in ms if "Your move" in str(m["Subject"])])[0]
        _append(imap_server, reply(prompt, listed_moves(prompt)[0], ANN))
        sink.wait_for(lambda ms: len([m for m in ms if str(m["To"]) == ANN]) >= 2)
    finally:
        server.stop()
    assert _unseen(imap_server) == 0
    service = open_service(load_settings(env))
    with Session(service.db) as session:
        assert [m.source for m in session.exec(select(Move))].count("email") == 1
        assert [row.status for row in session.exec(select(Inbound))] == ["applied"]
