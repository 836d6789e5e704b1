"""An organiser's mistake in the settings or a database that cannot be opened is one clear line, never a traceback.

Every command reads the settings first, so a database URL pbem cannot use is
refused there (``pbem config`` included); a URL that is right but whose
database cannot be opened now (a PostgreSQL server that is down, an SQLite
file in a folder that does not exist) is refused by the command that tried,
naming the database (without its password), the driver's reason and what to
check. Every problem in the settings comes at once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.main import app
from tests.support import postgres
from tests.settings import command_env

runner = CliRunner()
COMMANDS = (["game", "list"], ["game", "show", "1"], ["tournament", "list"], ["audit"], ["player", "show", "a@b.org"],
            ["inbound", "list"], ["outbox", "list"], ["game", "pause", "1", "--reason", "x"], ["upgrade"])


def refused(env: dict[str, str], *args: str) -> list[str]:
    """The lines a command printed, after checking it refused with exit 1 and no traceback."""
    result = runner.invoke(app, list(args), env={**env, "COLUMNS": "250"})
    assert result.exit_code == 1, (args, result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit), result.exception
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert 1 <= len(lines) <= 3, (args, result.output)
    return lines


@pytest.mark.parametrize("url", ["garbage", "sqlite://", "mysql://u@h/db", "postgres ql://x"])
def test_a_database_url_pbem_cannot_use_is_refused_by_every_command(tmp_path: Path, url: str) -> None:
    env = command_env(tmp_path, PBEM_DATABASE_URL=url)
    for args in (["config"], *COMMANDS):
        (line,) = refused(env, *args)
        assert f"PBEM_DATABASE_URL={url!r} in the environment is not accepted" in line
        assert "sqlite:///pbem.db" in line and "postgresql://" in line
    assert not list(tmp_path.glob("*.db"))


def test_an_sqlite_file_in_a_missing_folder_names_the_folder(tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "dir"
    env = command_env(tmp_path, PBEM_DATABASE_URL=f"sqlite:///{missing / 'pbem.db'}")
    for args in COMMANDS:
        (line,) = refused(env, *args)
        assert f"no database at {missing / 'pbem.db'}" in line and f"its folder {missing} does not exist" in line
        assert "check database_url" in line
    assert not missing.exists()


def test_a_postgresql_server_that_is_down_is_one_line_without_its_password(tmp_path: Path) -> None:
    instance = postgres.PostgresInstance()
    try:
        url = instance.start()
        port = url.rsplit(":", 1)[1].split("/")[0]
    finally:
        instance.stop()  # the server was there, and is down now
    down = url.replace("pbem@", "pbem:hunter2@")
    env = command_env(tmp_path, PBEM_DATABASE_URL=down)
    for args in COMMANDS:
        (line,) = refused(env, *args)
        assert f"cannot open the database postgresql+psycopg://pbem:***@127.0.0.1:{port}/pbem" in line
        assert "hunter2" not in line and "check database_url" in line


def test_every_settings_problem_comes_at_once_with_what_was_meant(tmp_path: Path) -> None:
    (tmp_path / "pbem.toml").write_text('smtp_prot = 25\ndomian = "x.org"\nsmtp_port = 99999\ncolour = "red"\n')
    result = runner.invoke(app, ["config"], env=command_env(tmp_path))
    text = result.output
    assert result.exit_code == 1 and "Traceback" not in text
    assert "4 settings are not accepted" in text
    assert "unknown setting 'smtp_prot'; did you mean 'smtp_port'?" in text
    assert "unknown setting 'domian'; did you mean 'domain'?" in text
    assert "smtp_port = 99999" in text and "a port number 1-65535" in text
    assert "unknown setting 'colour'; `pbem config` lists every setting" in text


def test_the_database_and_its_backups_are_the_owners_alone(tmp_path: Path) -> None:
    """They hold the reply-token secret: mode 0600, whatever the umask, for a new database and each backup;
    an existing database that others could read is tightened when pbem opens it."""
    import os
    import stat

    env = command_env(tmp_path, PBEM_SECRET="s")
    old = os.umask(0o022)
    try:
        assert runner.invoke(app, ["init"], env=env).exit_code == 0
        database = tmp_path / "pbem.db"
        assert stat.S_IMODE(database.stat().st_mode) == 0o600
        assert runner.invoke(app, ["backup", str(tmp_path / "copy.db")], env=env).exit_code == 0
        assert stat.S_IMODE((tmp_path / "copy.db").stat().st_mode) == 0o600
        database.chmod(0o644)
        assert runner.invoke(app, ["game", "list"], env=env).exit_code == 0
        assert stat.S_IMODE(database.stat().st_mode) == 0o600
    finally:
        os.umask(old)


def test_game_new_takes_minutes_and_records_who_started_it(tmp_path: Path) -> None:
    from sqlmodel import Session, select

    from pbem.app import open_service
    from pbem.ops.config import load_settings
    from pbem.ops.db import Audit, Game

    env = command_env(tmp_path, PBEM_SECRET="s", USER="orga")
    runner.invoke(app, ["init"], env=env)
    made = runner.invoke(app, ["game", "new", "dragon", "--player", "ann@pbem.test", "--bots", "2",
                               "--deadline", "90m"], env=env)
    assert made.exit_code == 0, made.output
    none = runner.invoke(app, ["game", "new", "dragon", "--player", "ann@pbem.test", "--bots", "2",
                               "--deadline", "0h"], env=env)
    assert none.exit_code != 0 and "leaves no time to answer" in none.output
    service = open_service(load_settings(env))
    with Session(service.db) as session:
        assert session.exec(select(Game.deadline_hours)).one() == 1.5
        assert [(a.actor, a.action) for a in session.exec(select(Audit))] == [("orga", "game new")]
