"""Schema upgrades: the migrations make the models' schema, and a pbem 0.1.0 database upgrades with nothing lost."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, text
from sqlmodel import Session, select

from pbem.ops import migrations, schema
from pbem.admin import Desk, games
from pbem.clock import SetClock
from pbem.ops.db import Game, Move, open_database
from pbem.play.service import Service
from tests.support.postgres import postgres_url  # noqa: F401  (the fixture)
from tests.ops.conftest import kept, rows, settings_for
from tests.ops.play import answer_one

REPO = Path(__file__).parents[2]


def migrated(url: str, target: str = "head") -> Engine:
    """A database built by running the migration scripts up to ``target``, not by create_all."""
    engine = open_database(url)
    with engine.begin() as connection:
        schema.run_migrations(connection, target)
    return engine


def differences(engine: Engine) -> list[object]:
    with engine.connect() as connection:
        return compare_metadata(MigrationContext.configure(connection, opts={"compare_type": True}),
                                schema.metadata())


def ddl(database: Path) -> list[tuple[str, str, str | None]]:
    with sqlite3.connect(database) as connection:
        return sorted(connection.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE tbl_name != 'alembic_version'"))


def pbem(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PBEM_DATABASE_URL": f"sqlite:///{database}"}
    return subprocess.run([sys.executable, "-m", "pbem", *args], capture_output=True, text=True, env=env,
                          cwd=database.parent, timeout=120)


def test_the_migrations_make_the_models_schema_so_a_model_change_without_a_revision_fails(tmp_path: Path) -> None:
    engine = migrated(f"sqlite:///{tmp_path / 'migrated.db'}")
    assert differences(engine) == []  # tables, columns, types, nullability, indexes, unique and foreign keys


def test_the_first_revision_is_the_schema_pbem_0_1_0_made(release_db: Path, tmp_path: Path) -> None:
    migrated(f"sqlite:///{tmp_path / 'first.db'}", schema.FIRST)
    assert ddl(tmp_path / "first.db") == ddl(release_db)  # byte for byte, constraints in order


def test_head_names_the_newest_revision_so_starts_can_skip_alembic() -> None:
    assert migrations.HEAD == schema.head()


def test_a_start_on_an_up_to_date_database_does_not_load_alembic(tmp_path: Path) -> None:
    Service(settings_for(tmp_path / "pbem.db")).db.dispose()
    probe = ("import sys; from pbem.play.service import Service; from tests.ops.conftest import settings_for; "
             f"Service(settings_for(__import__('pathlib').Path({str(tmp_path / 'pbem.db')!r}))); "
             "print(sorted(name for name in sys.modules if name.split('.')[0] == 'alembic'))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert (done.returncode, done.stdout.strip()) == (0, "[]"), done.stderr


def test_a_fresh_database_gets_the_models_tables_stamped_at_head(tmp_path: Path) -> None:
    engine = open_database(f"sqlite:///{tmp_path / 'fresh.db'}")
    done = schema.upgrade(engine)
    assert (done.before, done.after, done.created) == (None, schema.head(), True)
    assert differences(engine) == []
    again = schema.upgrade(engine)
    assert (again.before, again.after, again.created) == (schema.head(), schema.head(), False)


def test_a_release_database_is_stamped_upgraded_and_keeps_every_game_move_and_mail(
        release_db: Path, clock: SetClock) -> None:
    before = rows(release_db)
    assert len(before["game"]) == 2 and len(before["move"]) == 19 and len(before["outbox"]) == 27
    service = Service(settings_for(release_db), clock=clock)
    with service.db.connect() as connection:
        assert schema.revision(connection) == schema.head()
    assert differences(service.db) == []
    assert kept(before, rows(release_db)) == before
    for game_id in (1, 2):  # every game replays to its last move
        last = max((move["seq"] for move in before["move"] if move["game_id"] == game_id), default=0)
        assert games.replay(Desk(service, "test"), game_id, last)
    outcome = answer_one(service, 1, 100)  # the service plays on
    assert outcome is not None and outcome.status == "applied"
    with Session(service.db) as session:
        assert len(session.exec(select(Move).where(Move.game_id == 1)).all()) > \
            sum(1 for move in before["move"] if move["game_id"] == 1)
        assert session.get(Game, 1).version > before["game"][0]["version"]  # type: ignore[union-attr]
    service.db.dispose()


def test_pbem_upgrade_says_from_which_revision_to_which(release_db: Path) -> None:
    first = pbem(release_db, "upgrade")
    assert first.returncode == 0, first.stderr
    assert f"upgraded from no revision (made before migrations; stamped {schema.FIRST}) to {schema.head()}" \
        in first.stdout
    second = pbem(release_db, "upgrade")
    assert second.returncode == 0 and f"already at revision {schema.head()}" in second.stdout


def test_a_database_newer_than_the_code_is_refused_with_one_line_and_left_alone(release_db: Path) -> None:
    assert pbem(release_db, "upgrade").returncode == 0
    with sqlite3.connect(release_db) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    before = rows(release_db)
    for command in (["upgrade"], ["init"], ["game", "show", "1"]):
        refused = pbem(release_db, *command)
        assert refused.returncode == 1, (command, refused.stdout, refused.stderr)
        lines = refused.stderr.strip().splitlines()
        assert len(lines) == 1 and "9999_from_the_future" in lines[0] and "newer pbem" in lines[0], refused.stderr
    assert rows(release_db) == before
    with sqlite3.connect(release_db) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [("9999_from_the_future",)]


def test_a_database_with_only_some_of_pbems_tables_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "half.db"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE game (id INTEGER PRIMARY KEY)")
    with pytest.raises(schema.SchemaError, match="not a pbem database"):
        schema.upgrade(open_database(f"sqlite:///{database}"))
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT name FROM sqlite_master").fetchall() == [("game",)]


def test_on_postgresql_the_migrations_match_the_models_and_a_release_database_is_stamped(postgres_url: str) -> None:
    engine = migrated(postgres_url, schema.FIRST)
    with engine.begin() as connection:  # as pbem 0.1.0 left it: its schema (see above), no alembic_version
        connection.execute(text("DROP TABLE alembic_version"))
        connection.execute(text("INSERT INTO serverkey (secret) VALUES ('kept')"))
    done = schema.upgrade(engine)
    assert (done.before, done.after) == (None, schema.head())
    assert differences(engine) == []
    with engine.begin() as connection:
        assert connection.execute(text("SELECT secret FROM serverkey")).scalars().all() == ["kept"]
        schema.metadata().drop_all(connection)
        connection.execute(text("DROP TABLE alembic_version"))
    assert differences(migrated(postgres_url)) == []
