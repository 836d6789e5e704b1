"""Fixtures of the operations tests: a database as pbem 0.1.0 left it, and the service on a file."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pbem.clock import SetClock
from pbem.ops.config import Settings

RELEASE_SQL = Path(__file__).with_name("release-0.1.0.sql")
"""A database made by pbem 0.1.0 (see make_release_db.py), dumped with ``sqlite3 .dump``."""


def settings_for(database: Path) -> Settings:
    return Settings(database_url=f"sqlite:///{database}", secret="release-secret", smtp_port=1)


def rows(database: Path) -> dict[str, list[dict[str, object]]]:
    """Every row of every table but alembic_version, in id order: what must survive an upgrade or a copy."""
    with sqlite3.connect(database) as connection:
        connection.row_factory = sqlite3.Row
        tables = [name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'alembic_version' ORDER BY name")]
        return {table: [dict(row) for row in connection.execute(f"SELECT * FROM {table} ORDER BY id")]
                for table in tables}


def kept(before: dict[str, list[dict[str, object]]],
         after: dict[str, list[dict[str, object]]]) -> dict[str, list[dict[str, object]]]:
    """``after`` cut to the tables and columns ``before`` had: equal to ``before`` when an upgrade kept every value."""
    return {table: [{name: row[name] for name in old} for row, old in zip(after[table], before[table])]
            + after[table][len(before[table]):] for table in before}


@pytest.fixture
def release_db(tmp_path: Path) -> Path:
    """A SQLite file with pbem 0.1.0's schema and data, as that release wrote it (no alembic_version)."""
    database = tmp_path / "pbem.db"
    with sqlite3.connect(database) as connection:
        connection.executescript(RELEASE_SQL.read_text())
    return database


@pytest.fixture
def clock() -> SetClock:
    return SetClock(datetime(2026, 12, 1, 9, 0, tzinfo=UTC))
