"""A command run where there is no league (no settings file, no database) creates nothing and says what to run.

Opening an SQLite URL creates its file, and the default URL is relative: a
command run in the wrong folder used to leave an empty ``pbem.db`` there and
print an empty listing, as if the league were lost. Every command but
``pbem init`` now refuses in one line naming where it looked; so does a
database URL naming a file that is not there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.main import app

DEFINITION = Path(__file__).parents[2] / "tournaments" / "examples" / "dragon-open.toml"

COMMANDS = {  # one or more per command group; the exit status each refuses with
    "game list": (["game", "list"], 1),
    "game new": (["game", "new", "dragon", "--player", "ann@example.org", "--bots", "2"], 1),
    "game show": (["game", "show", "1"], 1),
    "tournament list": (["tournament", "list"], 1),
    "tournament create": (["tournament", "create", str(DEFINITION)], 1),
    "tournament register": (["tournament", "register", "1", "--player", "ann@example.org"], 1),
    "round start": (["round", "start", "1"], 1),
    "player list": (["player", "list"], 1),
    "audit": (["audit"], 1),
    "dispute list": (["dispute", "list"], 1),
    "inbound list": (["inbound", "list"], 1),
    "outbox list": (["outbox", "list"], 1),
    "status": (["status"], 1),
    "config": (["config"], 1),
    "upgrade": (["upgrade"], 1),
    "backup": (["backup", "copy.db"], 1),
    "restore": (["restore", "copy.db"], 1),
    "serve": (["serve"], 1),
    "receive": (["receive", "-r", "play@pbem.test"], 75),  # EX_TEMPFAIL: the MTA keeps the message
}


@pytest.fixture
def empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder and a shell with no PBEM_* variable: no league anywhere pbem looks."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    monkeypatch.chdir(folder)
    for name in [name for name in os.environ if name.startswith("PBEM_")]:
        monkeypatch.delenv(name)
    return folder


def invoked(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, args, env={"COLUMNS": "300", **(env or {})}, input="Subject: x\n\nhi\n")
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_but_init_refuses_where_there_is_no_league_and_creates_nothing(empty: Path, name: str) -> None:
    args, code = COMMANDS[name]
    exit_code, output = invoked(args)
    assert exit_code == code, (exit_code, output)
    said = f"no pbem league here: no settings file at {empty / 'pbem.toml'} and no database at {empty / 'pbem.db'}"
    assert said in output and "run `pbem init` to make both, or name the league's settings with --config FILE" \
        in output, output
    assert [line for line in output.splitlines() if said in line], output  # the whole of it on one line
    assert list(empty.iterdir()) == []


@pytest.mark.parametrize("name", ["game list", "tournament list", "tournament create", "tournament register",
                                  "game new", "status", "upgrade"])
def test_a_database_url_naming_a_missing_file_is_the_same_refusal(empty: Path, tmp_path: Path, name: str) -> None:
    missing = tmp_path / "league" / "pbem.db"
    missing.parent.mkdir()
    args, code = COMMANDS[name]
    exit_code, output = invoked(args, {"PBEM_DATABASE_URL": f"sqlite:///{missing}"})
    assert exit_code == code, (exit_code, output)
    assert f"there is no database at {missing} (database_url from PBEM_DATABASE_URL)" in output, output
    assert f"run `pbem init` (there is no settings file at {empty / 'pbem.toml'}) to create it" in output
    assert list(empty.iterdir()) == [] and list(missing.parent.iterdir()) == []


def test_init_makes_the_league_and_then_the_same_commands_run(empty: Path) -> None:
    assert invoked(["init"])[0] == 0
    assert sorted(path.name for path in empty.iterdir()) == ["pbem.db", "pbem.toml"]
    for args in (["game", "list"], ["tournament", "list"], ["player", "list"], ["audit"]):
        assert invoked(args)[0] == 0, args
    made = {path.name for path in empty.iterdir()} - {"pbem.db-wal", "pbem.db-shm"}  # SQLite's own, while open
    assert made == {"pbem.db", "pbem.toml"}
