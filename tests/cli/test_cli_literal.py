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
from tests.tournament.conftest import Players, definition, emails
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


def test_the_organisers_actions_print_stored_text_as_written(env: dict[str, str], service: Service,
                                                             running: int) -> None:
    """A stranger's mail whose sender, subject and text carry markup: every organiser action shows it as
    written, and so does a table label and a player's name in ``game show`` and ``player show``."""
    from sqlmodel import Session

    from pbem.serve import pipeline
    from pbem.ops.db import Inbound

    raw = (f"From: [/]@example.org\r\nTo: pbem@pbem.test\r\nSubject: {CLOSER} {LINK}\r\n"
           f"Message-ID: <literal@example.org>\r\n\r\nhello {CLOSER} {LINK}\r\n").encode()
    pipeline.deliver(service, raw)
    with Session(service.db) as session:  # what a detector or a relay wrote into the reason is stored text too
        row = session.get(Inbound, 1)
        row.reason = f"{CLOSER} {LINK}"
        session.add(row)
        session.commit()
    assert f"{CLOSER} {LINK}" in pbem(env, "inbound", "list")
    shown = pbem(env, "inbound", "show", "1")
    assert f"subject: {CLOSER} {LINK}" in shown and f"hello {CLOSER} {LINK}" in shown
    assert f"{TOURNAMENT} R1 T1" in pbem(env, "game", "show", "1")
    assert NAMES[emails(6)[0]] in pbem(env, "player", "show", emails(6)[0])
    assert f"{TOURNAMENT} R1" in pbem(env, "outbox", "list", "--limit", "200")
