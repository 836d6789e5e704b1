"""``pbem upgrade``, ``pbem backup`` and ``pbem restore``: keeping one database for months.

See docs/deploy.md for when to run them (a timer for backups; ``upgrade``
after ``pip install -U``). Each prints one line of what it did, or what was
wrong and what would be right, exiting 1 having changed nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import typer

from pbem import schema
from pbem.cli.service import settings_or_exit
from pbem.db import open_database


def upgrade() -> None:
    """Bring the database's schema to this version of pbem (every service start does it too)."""
    settings = settings_or_exit()
    engine = open_database(settings.database_url)
    try:
        done = schema.upgrade(engine)
    except schema.SchemaError as exc:
        _fail(f"pbem upgrade: {exc}")
    finally:
        engine.dispose()
    typer.echo(f"pbem upgrade: {settings.database_url}: {done.describe()}")


def _fail(line: str) -> NoReturn:
    typer.echo(line, err=True)
    raise typer.Exit(1)
