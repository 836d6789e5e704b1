"""The organiser's actions are declared once, and the command line, the audit log and the mails follow it."""

from __future__ import annotations

import re

import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

from pbem.admin import ACTIONS, AdminError, Desk, games
from pbem.admin.base import Action, Arg, Registry, action
from pbem.cli.main import app
from pbem.language.letters import TEMPLATE_DIR
from pbem.ops.db import Audit
from tests.support.serverproc import command_env
from tests.tournament.conftest import emails

EVENTS = set(re.findall(r'event == "(\w+)"', (TEMPLATE_DIR / "_organiser_actions.j2").read_text(encoding="utf-8")))


def test_every_area_declares_its_actions() -> None:
    assert {a.command for a in ACTIONS} >= {
        "game show", "game log", "game replay", "game undo", "game move", "game deadline", "game replace",
        "game resend", "game pause", "game resume", "dispute list", "dispute show", "dispute resolve",
        "dispute reply", "inbound list", "inbound show", "inbound retry", "outbox list", "outbox retry",
        "player show", "player release", "audit"}


@pytest.mark.parametrize("declared", list(ACTIONS), ids=lambda a: a.command)
def test_each_declared_action_is_a_command_with_its_arguments(declared: Action) -> None:
    shown = CliRunner().invoke(app, [*declared.command.split(), "--help"], env={"COLUMNS": "250"})
    assert shown.exit_code == 0, shown.output
    for arg in declared.args:
        assert (arg.flag or arg.metavar or arg.name) in shown.output
    assert ("--by" in shown.output) == bool(declared.audit)  # whoever records in the audit log says who acted


@pytest.mark.parametrize("declared", [a for a in ACTIONS if a.tells], ids=lambda a: a.command)
def test_what_an_action_tells_players_has_its_words(declared: Action) -> None:
    assert set(declared.tells) <= EVENTS
    assert declared.mails and declared.audit  # telling players is a change, recorded, on mailing settings


def test_an_action_cannot_tell_players_what_it_did_not_declare(service) -> None:
    game_id = service.new_game("dragon", emails(3), seed=3)
    desk = Desk(service, "tester").acting(ACTIONS["game resend"])
    with Session(service.db) as session:
        loaded = service.store.load(session, game_id)
        with pytest.raises(AssertionError, match="declares only"):
            desk.tell(session, loaded, 0, "pause", "why")


def test_the_audit_row_carries_the_declared_name(service) -> None:
    game_id = service.new_game("dragon", emails(3), seed=3)
    games.pause(Desk(service, "tester"), game_id, "lunch")
    with Session(service.db) as session:
        row = session.exec(select(Audit).order_by(Audit.id.desc())).first()
    assert row is not None and (row.action, row.actor, row.game_id) == (ACTIONS["game pause"].audit, "tester",
                                                                        game_id)


def test_a_command_declared_twice_is_refused() -> None:
    registry = Registry()
    first = Action("game", "show", "", (Arg("game_id", int, ""),), lambda desk: None)
    registry.add(first)
    with pytest.raises(ValueError, match="declared twice"):
        registry.add(first)
    with pytest.raises(ValueError, match="declared twice"):  # the module registry refuses a second `game show`
        action("game", "show", "again")(lambda desk: None)


def test_a_refusal_is_one_line_and_changes_nothing(tmp_path, service) -> None:
    game_id = service.new_game("dragon", emails(3), seed=3)
    env = command_env(tmp_path, PBEM_DATABASE_URL=service.settings.database_url, PBEM_SECRET="test-secret")
    refused = CliRunner().invoke(app, ["game", "pause", str(game_id)], env=env)
    assert refused.exit_code == 1 and refused.output.strip().count("\n") == 0
    assert "--reason is required" in refused.output
    with pytest.raises(AdminError):
        games.pause(Desk(service, "tester"), game_id, " ")
    with Session(service.db) as session:
        assert [row.action for row in session.exec(select(Audit))] == ["game new"]
