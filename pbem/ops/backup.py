"""Backups of the database: a consistent copy while ``pbem serve`` writes, and putting one back.

SQLite: the online backup API (``sqlite3.Connection.backup``) copies every
page in one step inside one read transaction, so the copy is the database as
of one commit; in WAL mode ``pbem serve`` keeps committing meanwhile. The copy
is written beside the target and renamed into place once it checks out, so a
half-written file never looks like a backup. PostgreSQL has ``pg_dump`` for
this, which pbem does not wrap: it says what to run.

Restoring also goes through the backup API, into the configured database, in
one write transaction; the database it replaces is first copied the same way
to ``<db>.before-restore``, so nothing is lost by a restore either.
"""

from __future__ import annotations

import fcntl
import os
import shlex
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from pbem.ops import db, schema


class BackupError(ValueError):
    """A backup or restore that cannot be done, said with what would be right; nothing was changed."""


@dataclass(frozen=True)
class Snapshot:
    """A checked SQLite file of pbem: its schema revision and how much it holds."""

    path: Path
    revision: str | None
    """None: made by pbem 0.1.0, before migrations (upgraded when pbem next opens it)."""
    games: int
    moves: int
    mails: int
    """Outbox rows, sent or not."""
    size: int

    def describe(self) -> str:
        return (f"{self.path}: {self.games} games, {self.moves} moves, {self.mails} mails, {self.size} bytes, "
                f"schema revision {self.revision or 'from before migrations'}")


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL; None for another database (PostgreSQL)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    if not parsed.database or parsed.database == ":memory:":
        raise BackupError(f"PBEM_DATABASE_URL={url!r} is a database in memory, which has nothing to back up or "
                          f"restore; use a file, e.g. sqlite:///pbem.db")
    return Path(parsed.database)


def backup(database: Path, target: Path, *, force: bool = False) -> Snapshot:
    """Copy ``database`` to ``target`` consistently, even while another process commits to it."""
    if not database.is_file():
        raise BackupError(f"there is no database at {database} to back up; check PBEM_DATABASE_URL "
                          f"(pbem init creates one)")
    if target.exists() and not force:
        raise BackupError(f"{target} exists; choose a new file name, or pass --force to replace it")
    if target.resolve() == database.resolve():
        raise BackupError(f"{target} is the database itself; choose another file for the backup")
    partial = written(database, target)
    try:
        snapshot = inspect_file(partial)
    except BackupError as exc:
        partial.unlink(missing_ok=True)
        raise BackupError(f"the copy of {database} does not check out, so none was written: {exc}") from None
    os.replace(partial, target)
    return replace(snapshot, path=target)


def written(source: Path, target: Path) -> Path:
    """``source`` copied to ``<target>.partial`` and flushed to disk: renamed into place by the caller."""
    if not target.parent.is_dir():
        raise BackupError(f"there is no directory {target.parent} to write {target.name} in; create it first")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    db.private(partial)  # a copy holds the reply-token secret as the database does
    pages(source, partial, journal="DELETE")  # one self-contained file, no -wal beside it
    with open(partial, "rb") as file:
        os.fsync(file.fileno())
    return partial


def pages(source: Path, target: Path, *, journal: str) -> None:
    """The one way pbem copies a SQLite database: every page in one backup step, one consistent snapshot."""
    try:
        with closing(sqlite3.connect(source, timeout=30)) as reader, \
                closing(sqlite3.connect(target, timeout=30)) as writer:
            reader.backup(writer)
            writer.execute(f"PRAGMA journal_mode={journal}")
    except sqlite3.Error as exc:
        raise BackupError(f"cannot copy {source} to {target} ({exc}); check both paths and that this user "
                          f"may read the one and write the other") from None


def inspect_file(path: Path) -> Snapshot:
    """Check that ``path`` is a sound pbem database this code can open, and say what it holds."""
    if not path.is_file():
        raise BackupError(f"there is no file {path}; give the path of a backup made by pbem backup")
    with open(path, "rb") as file:
        if file.read(16) != b"SQLite format 3\x00":
            raise BackupError(f"{path} is not a SQLite database; give a file made by pbem backup")
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        try:
            verdict = connection.execute("PRAGMA integrity_check").fetchone()[0]
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{path} cannot be read as a database ({exc}); give a file made by pbem backup") from None
        if verdict != "ok":
            raise BackupError(f"{path} is damaged (integrity check: {verdict}); use another backup")
        if not schema.PBEM_TABLES <= tables:
            missing = ", ".join(sorted(schema.PBEM_TABLES - tables))
            raise BackupError(f"{path} is a SQLite database but not pbem's (no table {missing}); "
                              f"give a file made by pbem backup")
        games, moves, mails = (connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                               for table in ("game", "move", "outbox"))
    return Snapshot(path, _revision(path), games, moves, mails, path.stat().st_size)


def _revision(path: Path) -> str | None:
    engine = create_engine("sqlite://", creator=lambda: sqlite3.connect(f"file:{path}?mode=ro", uri=True))
    try:
        with engine.connect() as connection:
            return schema.revision(connection)
    finally:
        engine.dispose()


@cache
def pbem_objects() -> frozenset[tuple[str, str]]:
    """Every (type, name) of sqlite_master that pbem's schema makes: its tables and their indexes, nothing else.

    Read from an empty database given the schema, the way ``pbem init`` makes
    one (the migrations make the same, a test pins it). No revision of pbem
    made a trigger or a view, nor dropped or renamed a table or an index, so
    an older backup holds a subset of these.
    """
    engine = create_engine("sqlite://")
    try:
        with engine.begin() as connection:
            schema.metadata().create_all(connection)
            found = connection.exec_driver_sql("SELECT type, name FROM sqlite_master").all()
    finally:
        engine.dispose()
    return frozenset((kind, name) for kind, name in found) | {("table", "alembic_version")}


def foreign_objects(path: Path) -> list[tuple[str, str]]:
    """The (type, name) of each trigger, view, table or index in ``path`` that pbem's schema does not make.

    SQLite's own (``sqlite_sequence``, ``sqlite_stat1``, the indexes behind
    UNIQUE constraints) are no one's addition and are not counted.
    """
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        found = connection.execute("SELECT type, name FROM sqlite_master ORDER BY type, name").fetchall()
    known = pbem_objects()
    return [(kind, name) for kind, name in found if (kind, name) not in known and not name.startswith("sqlite_")]


def restore(database: Path, source: Path) -> tuple[Snapshot, Path | None]:
    """Put the backup ``source`` in place of ``database``; returns it and where the replaced one was kept.

    A backup that holds a trigger, a view, a table or an index pbem does not
    make is refused, naming them and how to drop them: a trigger runs inside
    every transaction of the service (it could rewrite moves or mail), and a
    restore puts back pbem's data, never someone else's code. Dropping them
    silently instead would restore a file other than the one given.
    """
    restored = inspect_file(source)
    try:
        schema.check_known(restored.revision)
    except schema.SchemaError as exc:
        raise BackupError(f"{source}: {exc}") from None
    foreign = foreign_objects(source)
    if foreign:
        named = ", ".join(f"{kind} {name}" for kind, name in foreign)
        drops = "; ".join(f'DROP {kind.upper()} "{name}"' for kind, name in foreign)
        raise BackupError(f"{source} holds schema objects pbem does not make ({named}), which a restore would put "
                          f"into the service's database; drop them from the backup first "
                          f"({shlex.join(['sqlite3', str(source), drops])}) and restore again, or restore "
                          f"another backup")
    if source.resolve() == database.resolve():
        raise BackupError(f"{source} is the database itself; give the backup file to restore from")
    kept: Path | None = database.with_name(database.name + ".before-restore")
    with serve_stopped(database):
        if not database.exists():
            kept = None
        elif kept.exists():
            raise BackupError(f"{kept} exists from an earlier restore; move it somewhere safe "
                              f"(it is the database that restore replaced) and restore again")
        else:  # kept unchecked: a damaged database is what one restores over, and it is kept all the same
            os.replace(written(database, kept), kept)
        pages(source, database, journal="WAL")
    return restored, kept


@contextmanager
def serve_stopped(database: Path) -> Iterator[None]:
    """Hold ``<db>.lock`` (which ``pbem serve`` holds while it runs) for the restore, or refuse if it is held.

    Without the lock file there is no way to know, and the restore goes ahead.
    """
    lock = database.with_name(database.name + ".lock")
    if not lock.exists():
        yield
        return
    with open(lock, "a+b") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BackupError(f"pbem serve is running on {database} (it holds {lock}); stop it first "
                              f"(systemctl stop pbem), then restore, then start it again") from None
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def pg_dump_command(url: str, target: Path) -> str:
    """The ``pg_dump`` line that backs up the PostgreSQL database of ``url`` (the password is never printed)."""
    return shlex.join(["pg_dump", "--format=custom", f"--file={target}", *_pg_options(url)])


def pg_restore_command(url: str, source: Path) -> str:
    """The ``pg_restore`` line that puts such a dump back (dropping what it replaces)."""
    return shlex.join(["pg_restore", "--clean", "--if-exists", "--single-transaction", *_pg_options(url), str(source)])


def _pg_options(url: str) -> list[str]:
    parsed = make_url(url)
    options = [f"--host={parsed.host}"] if parsed.host else []
    options += [f"--port={parsed.port}"] if parsed.port else []
    options += [f"--username={parsed.username}"] if parsed.username else []
    return [*options, f"--dbname={parsed.database or ''}"]
