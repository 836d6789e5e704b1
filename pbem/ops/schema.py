"""Schema revisions: every database is brought to the code's schema by Alembic before use.

The migrations ship inside the package (``pbem/ops/migrations``) and are
configured here in code, so no ``alembic.ini`` is needed where pbem runs.
Three kinds of database reach :func:`upgrade`:

- an empty one: the tables are made from the models and stamped as the head
  revision (Alembic's recommended way; a test pins that the migrations make
  exactly the same schema, so either route gives one result);
- one made before pbem had migrations (tables, no ``alembic_version``): it is
  stamped as the first revision, whose schema it has, then upgraded;
- one with a revision: upgraded to the head, or refused when the revision is
  not one this code knows (a newer pbem wrote it).

Everything happens in one transaction. On SQLite it begins IMMEDIATE (see
``pbem.ops.db.open_database``) and on PostgreSQL it first takes an advisory lock,
so two processes starting at once upgrade the database once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, MetaData, inspect, text
from sqlmodel import SQLModel

from pbem.ops import db
from pbem.ops.migrations import HEAD
from pbem.ops import tournament_tables as _tournament_tables  # noqa: F401  (registers the tournaments' tables)

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

# Alembic says "setup plugin …", "Context impl SQLiteImpl" and more at every start; pbem logs one line of its
# own when it changes the schema.
logging.getLogger("alembic").setLevel(logging.WARNING)
MIGRATIONS = Path(__file__).parent / "migrations"
FIRST = "0001"
"""The revision of the schema pbem 0.1.0 made with ``create_all``, before it had migrations."""
PBEM_TABLES = frozenset({"player", "game", "seat", "move", "inbound", "outbox"})
"""Tables every pbem database has had since the first release: what makes a database recognisably ours."""
_LOCK_KEY = 0x7062656D  # "pbem": the PostgreSQL advisory lock of schema changes
log = logging.getLogger("pbem.ops.schema")


class SchemaError(RuntimeError):
    """A database this code cannot bring to its schema (newer than the code, or not a pbem database)."""


@dataclass(frozen=True)
class Upgrade:
    """What :func:`upgrade` did: the revision found (None: no tables, or tables from before migrations) and the one left."""

    before: str | None
    after: str
    created: bool
    """The database was empty and got its tables from the models."""

    def describe(self) -> str:
        if self.created:
            return f"created the schema at revision {self.after}"
        if self.before == self.after:
            return f"already at revision {self.after} (the newest this pbem knows)"
        start = self.before or f"no revision (made before migrations; stamped {FIRST})"
        return f"upgraded from {start} to {self.after}"


def config() -> Config:
    """Alembic's configuration for the shipped migrations, made in code."""
    from alembic.config import Config

    settings = Config()
    settings.set_main_option("script_location", str(MIGRATIONS))
    return settings


@cache
def scripts() -> ScriptDirectory:
    """The migration scripts, read once per process."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision, as Alembic reads it from the scripts (``HEAD`` says the same; a test checks)."""
    found = scripts().get_current_head()
    assert found is not None, "pbem/ops/migrations/versions holds no revision"
    return found


def metadata() -> MetaData:
    """Every table of the models: the mail loop's and the tournaments' (importing registers them)."""
    return SQLModel.metadata


def revision(connection: Connection) -> str | None:
    """The revision a database is stamped with, None when it has none (empty, or from before migrations)."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def check_known(found: str | None) -> None:
    """Refuse a revision this code has no script for: a newer pbem made that database."""
    from alembic.util import CommandError

    if found is None:
        return
    try:
        scripts().get_revision(found)
    except CommandError:
        raise SchemaError(
            f"the database is at schema revision {found}, which this pbem does not know (its newest is {head()}): "
            f"it was made by a newer pbem; install that version (pip install -U pbem) or restore a backup "
            f"made with this one") from None


def prepare(engine: Engine, secret: str = "") -> str:
    """Bring the database to the code's schema and return the reply-token secret in force.

    It lives here, not in :mod:`pbem.ops.db`, because the schema reads the
    models: the models never need the schema, so the two never import each other.
    """
    upgrade(engine)
    return db.server_secret(engine, secret)


def upgrade(engine: Engine) -> Upgrade:
    """Bring the database to the head revision (see the module docstring for the three cases)."""
    if stamped(engine) == [HEAD]:  # the usual start: one query, and Alembic (~0.1 s to import) is not loaded
        return Upgrade(HEAD, HEAD, created=False)
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        done = _upgrade(connection)
    if done.before != done.after:
        log.info("database schema: %s", done.describe())
    return done


def stamped(engine: Engine) -> list[str]:
    """The revisions in the database's alembic_version table (normally one; none without the table)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return []
        return list(connection.execute(text("SELECT version_num FROM alembic_version")).scalars())


def _upgrade(connection: Connection) -> Upgrade:
    from alembic.runtime.migration import MigrationContext

    found = revision(connection)
    check_known(found)
    target = head()
    if found == target:
        return Upgrade(found, target, created=False)
    context = MigrationContext.configure(connection)
    if found is None:
        tables = set(inspect(connection).get_table_names())
        if not tables & PBEM_TABLES:
            metadata().create_all(connection)
            context.stamp(scripts(), target)
            return Upgrade(None, target, created=True)
        if not PBEM_TABLES <= tables:
            raise SchemaError(f"the database has tables ({', '.join(sorted(tables))}) but not all of pbem's "
                              f"({', '.join(sorted(PBEM_TABLES))}): it is not a pbem database; point "
                              f"PBEM_DATABASE_URL at a pbem database or an empty one")
        context.stamp(scripts(), FIRST)
    run_migrations(connection, target)
    return Upgrade(found, target, created=False)


def run_migrations(connection: Connection, target: str) -> None:
    """Run the migration scripts from the connection's revision up to ``target`` (through ``env.py``)."""
    from alembic import command

    settings = config()
    settings.attributes["connection"] = connection
    command.upgrade(settings, target)
