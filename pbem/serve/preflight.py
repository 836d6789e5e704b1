"""Checks that run before pbem mails anyone: settings that would make every answer fail, and a second server.

A prompt queued with the example domain, or signed with a secret other than
the one its database was created with, carries a reply address that can
never be answered; the player only learns it when their reply is refused.
So ``pbem serve`` and every command that queues mail refuse such settings
first, saying what to set. The demo and the tests build their own explicit
settings and do not come through here.

One ``pbem serve`` per SQLite database: a second one would send every mail
twice. An OS lock (``flock`` on ``<database>.lock``) says one runs; the kernel
drops it when the process ends, even by SIGKILL, so a crash never leaves a
stale lock behind. PostgreSQL lets several workers share a database (row
locks keep them apart), so no lock is taken there.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.engine import make_url
from sqlmodel import Session, select

from pbem.ops.config import EXAMPLE_DOMAIN, ConfigError, Loaded, env_name, public_name
from pbem.ops.db import ServerKey
from pbem.app import open_service
from pbem.play.service import Service


class AlreadyServing(RuntimeError):
    """Another ``pbem serve`` holds this SQLite database."""


def check_mail_settings(loaded: Loaded) -> None:
    """Refuse addresses on the example domain: mail from or to them cannot reach anyone, nor be answered."""
    settings = loaded.settings
    for key, value in (("domain", settings.domain), ("from_address", settings.from_address),
                       ("organiser", settings.organiser)):
        if value.rpartition("@")[2].lower() == EXAMPLE_DOMAIN:
            where = loaded.file if loaded.file_found else "pbem.toml (`pbem init` writes one)"
            example = "pbem.example.org" if key == "domain" else f"pbem@{_real(settings.domain)}"
            raise ConfigError(f"{public_name(key)} is {value!r}, on the built-in example domain {EXAMPLE_DOMAIN}: "
                              f"mail with it cannot be answered; set {public_name(key)} = \"{example}\" in {where} "
                              f"(or {env_name(key)})")


def _real(domain: str) -> str:
    return "pbem.example.org" if domain.lower() == EXAMPLE_DOMAIN else domain


def check_secret(engine: Engine, loaded: Loaded) -> None:
    """Refuse a configured secret other than the database's; a database without one records the configured one.

    The database keeps the secret it was created with (``ServerKey``): the
    generated one when none was configured, else the configured one, recorded
    by the first command that checks it.
    """
    configured = loaded.settings.secret
    with Session(engine) as session:
        stored = session.exec(select(ServerKey)).first()
        if stored is None:
            if configured:
                session.add(ServerKey(secret=configured))
                session.commit()
            return
    if configured and configured != stored.secret:
        source = loaded.sources["secret"]
        raise ConfigError(f"the secret set in {source} is not the one this database ({loaded.settings.database_url}) "
                          f"was created with, so no reply address already mailed would be accepted; put back the "
                          f"original secret in {source}, or remove it there to use the one stored in the database")


def sqlite_file(url: str) -> Path | None:
    """The database file of an SQLite URL; None for PostgreSQL or an in-memory database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


LOCK_PATIENCE = 1.0
"""Seconds a starting server retries the lock: ``pbem status`` and ``pbem restore`` hold it for an instant to
look, and a server starting just then must not be refused for that."""


def _lock(handle: int) -> bool:
    """Take the serve lock, retrying for :data:`LOCK_PATIENCE`; False while another server holds it."""
    deadline = time.monotonic() + LOCK_PATIENCE
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)


@contextmanager
def serving(url: str) -> Iterator[None]:
    """Hold the one-server lock of an SQLite database while the block runs; nothing to hold for PostgreSQL."""
    database = sqlite_file(url)
    if database is None:
        yield
        return
    lock = database.with_name(database.name + ".lock")
    handle = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if not _lock(handle):
            pid = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
            raise AlreadyServing(f"another pbem serve{f' (pid {pid})' if pid else ''} is running on {database} "
                                 f"(it holds {lock}); stop it first, or give this one another database") from None
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(handle)


@dataclass(frozen=True)
class LockState:
    """Whether a ``pbem serve`` holds an SQLite database's serve lock, and the pid it wrote there."""

    lock: Path
    held: bool
    pid: str = ""


def lock_state(url: str) -> LockState | None:
    """Who holds the serve lock of an SQLite database (``pbem status``); None for PostgreSQL, which has none.

    It asks with a shared lock, released at once: a missing lock file means
    no server ever ran there and is left uncreated. A server starting in that
    instant waits for it (:data:`LOCK_PATIENCE`) instead of being refused.
    """
    database = sqlite_file(url)
    if database is None:
        return None
    lock = database.with_name(database.name + ".lock")
    try:
        handle = os.open(lock, os.O_RDONLY)
    except FileNotFoundError:
        return LockState(lock, held=False)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return LockState(lock, held=True, pid=os.pread(handle, 32, 0).decode("ascii", "replace").strip())
        fcntl.flock(handle, fcntl.LOCK_UN)
        return LockState(lock, held=False)
    finally:
        os.close(handle)


class NoDatabase(ConfigError):
    """The settings name an SQLite file that is not there: no league here, and nothing may be created for one."""


def check_database(loaded: Loaded) -> None:
    """Refuse settings whose SQLite database does not exist, saying where pbem looked and what to run.

    Opening an SQLite URL creates its file, and the default URL is relative:
    a command run outside the league's folder (or with a mistyped
    ``PBEM_DATABASE_URL``) would make an empty league and carry on in it, an
    empty listing looking like a lost one. Only ``pbem init`` creates a
    database (and ``pbem demo`` and the benchmarks their own); every other
    command comes through here first.
    """
    database = sqlite_file(loaded.settings.database_url)
    if database is None or database.is_file():
        return
    where = database.resolve()
    source = loaded.sources["database_url"]
    if not loaded.file_found and source == "default":
        raise NoDatabase(f"no pbem league here: no settings file at {loaded.file.resolve()} and no database at "
                         f"{where}; run `pbem init` to make both, or name the league's settings with --config FILE "
                         "(or PBEM_CONFIG)")
    named = "the default" if source == "default" else f"from {source}"
    if not where.parent.is_dir():
        named += f"; its folder {where.parent} does not exist"
    init = "`pbem init --force` (it keeps your settings)" if loaded.file_found else \
        f"`pbem init` (there is no settings file at {loaded.file.resolve()})"
    raise NoDatabase(f"there is no database at {where} (database_url {named}); check database_url "
                     f"({env_name('database_url')}), or run {init} to create it")


def existing_service(loaded: Loaded) -> Service:
    """The service on a database that already exists (:func:`check_database`), for a command that only reads."""
    check_database(loaded)
    return open_service(loaded.settings)


def mailing_service(loaded: Loaded) -> Service:
    """The service for a command that queues mail, once its settings passed the checks above."""
    check_database(loaded)
    check_mail_settings(loaded)
    service = open_service(loaded.settings)
    try:
        check_secret(service.db, loaded)
    except ConfigError:
        service.db.dispose()
        raise
    return service
