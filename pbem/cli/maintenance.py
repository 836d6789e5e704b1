"""``pbem upgrade``, ``pbem backup`` and ``pbem restore``: keeping one database for months.

See docs/deploy.md for when to run them (a timer for backups; ``upgrade``
after ``pip install -U``). Each prints one line of what it did, or what was
wrong and what would be right, exiting 1 having changed nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from pbem.ops import backup as backups
from pbem.ops import schema
from pbem.cli.organiser import refuse
from pbem.cli.service import UNOPENED, database_problem, existing_or_exit, loaded_or_exit
from pbem.ops.db import open_database


def upgrade() -> None:
    """Bring the database's schema to this version of pbem (every service start does it too)."""
    settings = existing_or_exit().settings
    engine = open_database(settings.database_url)
    try:
        done = schema.upgrade(engine)
    except schema.SchemaError as exc:
        refuse(f"pbem upgrade: {exc}")
    except UNOPENED as exc:
        refuse(f"pbem upgrade: {database_problem(settings.database_url, exc)}")
    finally:
        engine.dispose()
    typer.echo(f"pbem upgrade: {settings.database_url}: {done.describe()}")


def backup(
    file: Path = typer.Argument(..., help="Where to write the copy (a new file)."),
    force: bool = typer.Option(False, "--force", help="Replace FILE if it exists."),
) -> None:
    """Write a consistent copy of the SQLite database to FILE, also while pbem serve runs (PostgreSQL: pg_dump)."""
    url = existing_or_exit().settings.database_url
    with refused("backup"):
        database = backups.sqlite_file(url)
        if database is None:
            typer.echo(f"pbem backup: PostgreSQL is backed up by its own tool, consistently while pbem runs:\n  "
                       f"{backups.pg_dump_command(url, file)}\n"
                       f"(the password comes from PGPASSWORD or ~/.pgpass); nothing was written by pbem")
            return
        made = backups.backup(database, file, force=force)
    typer.echo(f"pbem backup: {made.describe()}")


def restore(file: Path = typer.Argument(..., help="A backup made by pbem backup.")) -> None:
    """Put the backup FILE in place of the SQLite database (pbem serve must be stopped); keeps the old one."""
    loaded = loaded_or_exit()
    if loaded.sources["database_url"] == "default" and not loaded.file_found:  # not this league's place, nor any
        loaded = existing_or_exit()
    url = loaded.settings.database_url
    with refused("restore"):
        database = backups.sqlite_file(url)
        if database is None:
            typer.echo(f"pbem restore: PostgreSQL restores with its own tool (stop pbem serve first):\n  "
                       f"{backups.pg_restore_command(url, file)}\nnothing was changed by pbem")
            return
        restored, kept = backups.restore(database, file)
    typer.echo(f"pbem restore: {database} now holds {restored.describe()}")
    if kept is not None:
        typer.echo(f"pbem restore: the database it replaced is kept as {kept}")
    if restored.revision != schema.head():
        typer.echo("pbem restore: its schema is older than this pbem's; the next pbem start (or pbem upgrade) "
                   "upgrades it")


@contextmanager
def refused(command: str) -> Iterator[None]:
    """A backup or restore that cannot be done: its one line on standard error, exit 1."""
    try:
        yield
    except backups.BackupError as exc:
        refuse(f"pbem {command}: {exc}")
