"""Stored text printed by the organiser's commands shows as written: rich reads ``[…]`` as markup, so a tournament
or player name with ``[/]`` stopped the command with a MarkupError and ``[link=…]…[/link]`` printed as a live
link whose address was hidden (#28)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.app import open_service
from pbem.cli.main import app
from pbem.ops.config import load_settings
from pbem.play.service import Service
from tests.service_tournament.conftest import Players, definition, emails
from tests.settings import command_env

CLOSER = "[/]"
LINK = "[link=http://x]y[/link]"
TOURNAMENT = f"Open {CLOSER} {LINK}"
NAMES = {emails(6)[0]: f"Ann {CLOSER}", emails(6)[1]: f"Bo {LINK}"}

runner = CliRunner()


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    # wide enough that no table folds a name over two lines
    return command_env(tmp_path, PBEM_DATABASE_URL=f"sqlite:///{tmp_path / 'pbem.db'}", PBEM_SECRET="test-secret",
                       USER="orga", COLUMNS="250")


@pytest.fixture
def service(env: dict[str, str]) -> Service:
    return open_service(replace(load_settings(env), robot_answers_per_day=100000))


def pbem(env: dict[str, str], *args: str) -> str:
    result = runner.invoke(app, list(args), env=env)
    assert result.exit_code == 0, (result.exit_code, result.output, result.exception)
    return result.output


@pytest.fixture
def running(env: dict[str, str], service: Service, tmp_path: Path) -> int:
    """Tournament 1, named with markup, its players two of them named with markup, round 1 under way."""
    file = tmp_path / "open.toml"
    file.write_text(definition(rounds=2).replace('"Test Open"', f'"{TOURNAMENT}"'))
    pbem(env, "tournament", "create", str(file))
    for email in emails(6):
        named = ("--name", NAMES[email]) if email in NAMES else ()
        pbem(env, "tournament", "register", "1", "--player", email, *named)
    pbem(env, "round", "start", "1")
    return 1


def test_tournament_list_and_show_print_names_as_written(env: dict[str, str], running: int) -> None:
    assert TOURNAMENT in pbem(env, "tournament", "list")
    shown = pbem(env, "tournament", "show", "1")
    assert TOURNAMENT in shown and f"{TOURNAMENT} R1 T1" in shown
    assert all(name in shown for name in NAMES.values())
    assert shown.count(CLOSER) >= 3 and shown.count(LINK) >= 3  # the title, the player list, the tables


def test_game_list_prints_table_labels_as_written(env: dict[str, str], running: int) -> None:
    listed = pbem(env, "game", "list")
    assert f"{TOURNAMENT} R1 T1" in listed and f"{TOURNAMENT} R1 T2" in listed


def test_standings_print_the_tournament_and_players_as_written(env: dict[str, str], service: Service,
                                                               running: int) -> None:
    Players(service).answer_all()
    standings = pbem(env, "tournament", "standings", "1")
    assert f"{TOURNAMENT}: standings after round 1" in standings
    assert all(name in standings for name in NAMES.values())


def test_demo_prints_a_folder_with_brackets_as_written(tmp_path: Path) -> None:
    folder = tmp_path / f"run {CLOSER} [bold]b"
    result = runner.invoke(app, ["demo", "--players", "3", "--rounds", "1", "--dir", str(folder)],
                           env={"COLUMNS": "250"})
    assert result.exit_code == 0, (result.output, result.exception)
    assert f"mutt -f {folder / 'mail'}" in result.output
