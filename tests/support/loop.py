"""The service tests' fixtures and helpers: a service on a fresh SQLite file, the Sticks game, replies, a relay
sink. ``tests/conftest.py`` offers the fixtures to every test folder."""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import TypeVar

import pytest
from sqlmodel import Session, select

from pbem.clock import SetClock
from pbem.ops.config import Settings
from pbem.ops.db import Outbox
from pbem.play.service import Service
from pbem.app import open_service
from tests.support import sticks
from tests.support.postgres import postgres_url  # noqa: F401  (the fixture, for any_database)

T = TypeVar("T")
START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def make_settings(tmp_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "database_url": f"sqlite:///{tmp_path / 'pbem.db'}",
        "secret": "test-secret",
        "smtp_port": 1,
        "listen": "127.0.0.1:0",  # any free port: never pbem's default, where a real server may listen
        **overrides,
    }
    return Settings(**values)  # type: ignore[arg-type]


@pytest.fixture
def clock() -> SetClock:
    return SetClock(START)


@pytest.fixture
def service(tmp_path: Path, clock: SetClock) -> Service:
    return open_service(make_settings(tmp_path), clock=clock, rules=sticks.rules)


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(request: pytest.FixtureRequest, tmp_path: Path, clock: SetClock) -> Service:
    """The service of ``service``, once on SQLite and once on a fresh PostgreSQL database."""
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    settings = make_settings(tmp_path, **({"database_url": url} if url else {}))
    return open_service(settings, clock=clock, rules=sticks.rules)


def rows(service: Service, table: type[T], **where: object) -> list[T]:
    """Rows of ``table``, oldest first, filtered by column values."""
    with Session(service.db) as session:
        query = select(table).order_by(table.id)  # type: ignore[attr-defined]
        for name, value in where.items():
            query = query.where(getattr(table, name) == value)
        return list(session.exec(query))


def outbox(service: Service, **where: object) -> list[Outbox]:
    """Outbox rows, oldest first, filtered by column values."""
    return rows(service, Outbox, **where)


def reply_to(row: Outbox, text: str, *, sender: str | None = None, message_id: str | None = None,
             extra: dict[str, str] | None = None) -> bytes:
    """A player's reply to one of our mails, as a mail client would write it."""
    mail = EmailMessage()
    mail["From"] = sender or row.recipient
    mail["To"] = row.reply_to
    mail["Subject"] = "Re: " + row.subject
    mail["Message-ID"] = message_id or f"<reply-{row.id}-{abs(hash(text))}@client.example>"
    mail["In-Reply-To"] = row.message_id
    mail["References"] = f"{row.references} {row.message_id}".strip()
    for name, value in (extra or {}).items():
        mail[name] = value
    quoted = "\n".join("> " + line for line in row.text.splitlines())
    mail.set_content(f"{text}\n\nOn Sunday the server wrote:\n{quoted}\n")
    return bytes(mail)


def self_signed(directory: Path) -> tuple[Path, Path]:
    """A throwaway key and certificate for 127.0.0.1 / localhost (PEM files): the TLS tests' server identity."""
    import subprocess

    key, cert = directory / "key.pem", directory / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"], check=True, capture_output=True)
    return key, cert


@pytest.fixture
def sink():
    from tests.support.sink import Sink

    running = Sink().start()
    yield running
    running.stop()


@pytest.fixture
def relayed(tmp_path: Path, clock: SetClock, sink) -> Service:
    """A service whose relay is the sink."""
    return open_service(make_settings(tmp_path, smtp_port=sink.port), clock=clock, rules=sticks.rules)
