"""What an organiser's first try found around tournaments (issue 17, items 14 and 18)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from sqlmodel import Session

from pbem.cli.demo import closing_hint
from pbem.simulation.demo import DemoResult
from pbem.tournament import runner
from tests.tournament.conftest import ORGANISER, Players, tournament_with
from tests.cli.test_cli import env, pbem, service as cli_service  # noqa: F401
from tests.tournament.conftest import definition, emails

ROOT = Path(__file__).resolve().parents[2]


def test_standings_are_not_after_a_round_still_in_play(service) -> None:
    tournament_id = tournament_with(service, 4)
    runner.start_round(service, tournament_id, ORGANISER)
    with Session(service.db) as session:
        during = runner.load(session, tournament_id).standings()
    assert during.after_round == 0
    Players(service).answer_all()
    with Session(service.db) as session:
        after = runner.load(session, tournament_id).standings()
    assert after.after_round == 1 and sum(row.points for row in after.rows) > 0


def round_one_started(env: dict[str, str], tmp_path: Path) -> None:
    """Tournament 1 of four players created, registered and round 1 started, all through the CLI."""
    (tmp_path / "open.toml").write_text(definition(rounds=2))
    pbem(env, "tournament", "create", str(tmp_path / "open.toml"))
    for email in emails(4):
        pbem(env, "tournament", "register", "1", "--player", email)
    pbem(env, "round", "start", "1")


def test_standings_command_says_no_round_is_finished_while_round_1_runs(env, cli_service, tmp_path) -> None:  # noqa: F811
    round_one_started(env, tmp_path)
    out = pbem(env, "tournament", "standings", "1")
    assert "no round finished yet" in out and "after round 1" not in out


def test_game_list_shows_a_deadline_right_after_the_round_starts(env, cli_service, tmp_path) -> None:  # noqa: F811
    round_one_started(env, tmp_path)
    listing = cli_service.games()
    assert listing and all(game["deadline"] is not None for game in listing)


def test_demo_closing_hint_keeps_every_command_whole_on_a_narrow_terminal(tmp_path: Path) -> None:
    folder = tmp_path / "pbem-demo"
    result = DemoResult(folder, None, folder / "standings" / "index.html", folder / "mail",  # type: ignore[arg-type]
                        folder / "mail.mbox", 120, 80, 42.0, "127.0.0.1:1")
    console = Console(width=60, record=True)
    console.print(closing_hint(result), highlight=False, soft_wrap=True)
    printed = console.export_text().splitlines()
    for command in (f"mutt -f {folder / 'mail'}", f"mutt -f {folder / 'mail.mbox'}", "pbem tournament standings 1",
                    f"export PBEM_DATABASE_URL=sqlite:///{(folder / 'pbem.db').resolve()}"):
        assert any(line.strip() == command for line in printed), (command, printed)


def test_demo_folders_are_ignored_by_git() -> None:
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert "pbem-demo*/" in ignored
