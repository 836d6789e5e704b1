"""Every organiser command through typer's CliRunner: what it prints, and bad input refused with nothing changed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from sqlmodel import Session, func, select
from typer.testing import CliRunner

from pbem.cli.main import app
from pbem.ops.config import load_settings
from pbem.ops.db import Audit, Game, Outbox
from pbem.play.service import Service
from pbem.ops.tournament_tables import Entry, Tournament
from pbem.app import open_service
from tests.tournament.conftest import Players, definition, emails
from tests.settings import command_env

runner = CliRunner()


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return command_env(tmp_path, PBEM_DATABASE_URL=f"sqlite:///{tmp_path / 'pbem.db'}", PBEM_SECRET="test-secret",
                       USER="orga")


@pytest.fixture
def service(env) -> Service:
    return open_service(replace(load_settings(env), robot_answers_per_day=100000))


def pbem(env: dict[str, str], *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args), env=env)
    assert result.exit_code == code, (result.exit_code, result.output)
    return result.output


def counts(service: Service) -> tuple[int, ...]:
    with Session(service.db) as session:
        return tuple(session.exec(select(func.count()).select_from(t)).one() for t in (Tournament, Entry, Game, Outbox, Audit))


@pytest.fixture
def file(tmp_path: Path) -> Path:
    path = tmp_path / "open.toml"
    path.write_text(definition(rounds=2))
    return path


@pytest.fixture
def running(env, service, file) -> int:
    """Tournament 1 with 6 players and round 1 under way."""
    pbem(env, "tournament", "create", str(file))
    for email in emails(6):
        pbem(env, "tournament", "register", "1", "--player", email)
    pbem(env, "round", "start", "1")
    return 1


def test_create_lists_every_problem_of_a_bad_file_and_stores_nothing(env, service, tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(definition().replace('game = "dragon"', 'game = "chess"').replace("rounds = 2", "rounds = 0"))
    before = counts(service)
    output = pbem(env, "tournament", "create", str(bad), code=1)
    assert "game:" in output and "rounds:" in output
    assert "not a file" in pbem(env, "tournament", "create", str(tmp_path / "missing.toml"), code=1)
    (tmp_path / "latin1.toml").write_bytes("name = \"Caf\xe9\"".encode("latin-1"))
    assert "not UTF-8" in pbem(env, "tournament", "create", str(tmp_path / "latin1.toml"), code=1)
    assert counts(service) == before


def test_create_register_drop_list_and_show(env, service, file) -> None:
    assert "tournament 1 created" in pbem(env, "tournament", "create", str(file))
    assert "exists already" in pbem(env, "tournament", "create", str(file), code=1)
    assert "plays from round 1" in pbem(env, "tournament", "register", "1", "--player", "Ann@Example.org",
                                        "--name", "Ann")
    before = counts(service)
    assert "is not an email address" in pbem(env, "tournament", "register", "1", "--player", "ann", code=1)
    assert "already registered" in pbem(env, "tournament", "register", "1", "--player", "ann@example.org", code=1)
    assert "no tournament 7" in pbem(env, "tournament", "register", "7", "--player", "bo@example.org", code=1)
    assert "not registered" in pbem(env, "tournament", "drop", "1", "--player", "bo@example.org", code=1)
    assert counts(service) == before
    assert "dropped after round 0" in pbem(env, "tournament", "drop", "1", "--player", "ann@example.org",
                                           "--reason", "moved away")
    assert "Test Open" in pbem(env, "tournament", "list")
    assert "Ann (dropped after round 0)" in pbem(env, "tournament", "show", "1")
    assert "needs at least 3 active players" in pbem(env, "round", "start", "1", code=1)
    audit = pbem(env, "audit")
    assert "orga" in audit and "tournament drop" in audit and "moved away" in audit


def test_round_start_show_standings_and_publish(env, service, running, tmp_path) -> None:
    output = pbem(env, "tournament", "show", "1")
    assert "Test Open R1 T1" in output and "Test Open R1 T2" in output
    assert "round 1 is still being played" in pbem(env, "tournament", "round", "start", "1", code=1)
    Players(service).answer_all()
    standings = pbem(env, "tournament", "standings", "1")
    assert "standings after round 1" in standings and "player01" in standings
    assert "rounds started so far are 1-1" in pbem(env, "tournament", "standings", "1", "--after", "2", code=1)
    out = tmp_path / "site"
    assert "index.html" in pbem(env, "tournament", "publish", "1", "--out", str(out))
    page = (out / "index.html").read_text()
    assert page.count("<tr>") + page.count("<tr ") == 2 * 7  # the standings, then the rounds: a head, 6 players
    assert "Player 6" in page and "Round 1" in page and "<script" not in page
    assert "player0" not in page and "@" not in page  # registered without names: never their addresses
    (tmp_path / "afile").write_text("")
    assert "is a file" in pbem(env, "tournament", "publish", "1", "--out", str(tmp_path / "afile"), code=1)


def test_next_season_from_the_command_line(env, service, tmp_path) -> None:
    league = '\n[league]\nseason = "Winter"\nnext_round = "auto"\ngap = "0h"\ndivisions = 2\npromote = 1\n'
    (tmp_path / "winter.toml").write_text(definition(rounds=1, extra=league))
    (tmp_path / "spring.toml").write_text(definition(rounds=1, extra=league).replace('"Test Open"', '"Spring"'))
    pbem(env, "tournament", "create", str(tmp_path / "winter.toml"))
    for email in emails(8):
        pbem(env, "tournament", "register", "1", "--player", email)
    assert "is registering" in pbem(env, "tournament", "next-season", "1", str(tmp_path / "spring.toml"), code=1)
    pbem(env, "round", "start", "1")
    Players(service).answer_all()
    before = counts(service)
    assert "not a file" in pbem(env, "tournament", "next-season", "1", str(tmp_path / "nope.toml"), code=1)
    assert "exists already" in pbem(env, "tournament", "next-season", "1", str(tmp_path / "winter.toml"), code=1)
    assert counts(service) == before
    made = pbem(env, "tournament", "next-season", "1", str(tmp_path / "spring.toml"))
    assert "tournament 2 created with 8 players (division 1: 4, division 2: 4)" in made
    assert "division 2" in pbem(env, "tournament", "show", "2")


def test_game_commands_print_and_refuse_bad_input_without_changes(env, service, running) -> None:
    Players(service).answer_all(rounds=2)
    assert "seat 1 sees" in pbem(env, "game", "show", "1")
    log = pbem(env, "game", "log", "1")
    assert "email" in log and "from player" in log
    assert "Choosing order" in pbem(env, "game", "replay", "1", "--at", "1")
    before = counts(service)
    refusals = [
        (("game", "show", "99"), "there is no game 99"),
        (("game", "replay", "1", "--at", "999"), "has moves 0-"),
        (("game", "undo", "1", "--to", "0"), "--reason is required"),
        (("game", "move", "1", "nonsense", "--seat", "9", "--reason", "x"), "has seats 1-"),
        (("game", "deadline", "1", "--extend", "soon", "--reason", "x"), "not a duration"),
        (("game", "replace", "1", "--seat", "1", "--player", "someone", "--reason", "x"), "email address, or bot"),
        (("game", "pause", "1"), "--reason is required"),
        (("game", "resume", "1"), "not paused"),
        (("dispute", "resolve", "5", "--reason", "x"), "no dispute 5"),
        (("dispute", "list", "--status", "closed"), "use open, resolved or all"),
        (("audit", "--limit", "0"), "give 1 or more"),
    ]
    for args, message in refusals:
        assert message in pbem(env, *args, code=1), args
    assert counts(service) == before
    dropped = pbem(env, "tournament", "drop", "1", "--player", "player01@example.org")
    assert "dropped after round 1" in dropped and "--player bot --reason dropped" in dropped
    assert "paused" in pbem(env, "game", "pause", "1", "--reason", "checking", "--by", "judge")
    assert "resumed" in pbem(env, "game", "resume", "1")
    assert "judge" in pbem(env, "audit", "--game", "1")
    assert "disputes (open)" in pbem(env, "dispute", "list")


def bounce(service: Service, email: str) -> None:
    """A real bounce of a mail pbem sent to ``email``: a bounce counts only at the return path of a mail to them."""
    from pbem.serve import pipeline
    from pbem.mail.tokens import bounce_address

    with Session(service.db) as session:
        row = session.exec(select(Outbox).where(Outbox.recipient == email)).first()
        assert row is not None and row.id is not None
    verp = bounce_address(service.settings.bounce_local, service.settings.domain, service.secret, row.id)
    raw = (Path(__file__).parent.parent / "mail" / "bounces" / "qmail.eml").read_bytes()
    raw = raw.replace(b"RETURN_PATH", verp.encode()).replace(b"ann@example.org", email.encode())
    assert pipeline.deliver(service, raw, [verp], envelope_sender="").status == "bounce"


def test_tournament_show_names_the_players_whose_mail_bounces(env, service, running) -> None:
    bouncing = emails(6)[0]
    bounce(service, bouncing)
    shown = pbem(env, "tournament", "show", "1")
    assert f"<{bouncing}>: bounce score 1" in shown
    assert shown.count("bounce score") == 1, "only the player whose mail bounced"


def error_line(output: str) -> str:
    """The one line a refusal prints (``error: …``); fails when it printed more than that."""
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), output
    return lines[0]


INJECTED = "ann@example.org\r\nBcc: eve@evil.example"


@pytest.mark.parametrize("args,said", [
    (("--player", INJECTED), "it has control characters (U+000D, U+000A)"),
    (("--player", "ann@example.org\nBcc: eve@evil.example"), "it has control characters (U+000A)"),
    (("--player", "josé@example.es"), "'josé@example.es' has letters outside ASCII before the @ (é): pbem mails "
                                      "without SMTPUTF8"),
    (("--player", 'ann"@example.org'), "a quoted part (\") is never what a reply comes from"),
    (("--player", '"ann smith"@example.org'), "a quoted part (\") is never what a reply comes from"),
    (("--player", "ann@example.org", "--name", "Ann\x00Smith"), "name 'Ann\\x00Smith' has control characters "
                                                                 "(U+0000)"),
    (("--player", "ann@example.org", "--name", "Ann\r\nBcc: eve@evil.example"), "has control characters"),
    (("--player", "ann@example.org", "--name", "A" * 20_000_000), "has 20000000 characters; give at most 100"),
], ids=["crlf", "lf", "non-ascii", "quote", "quoted-local", "nul-name", "crlf-name", "20-MB-name"])
def test_register_refuses_an_address_or_name_that_would_break_a_mail_in_one_line_and_changes_nothing(
        env, service, file, args: tuple[str, ...], said: str) -> None:
    pbem(env, "tournament", "create", str(file))
    before = counts(service)
    line = error_line(pbem(env, "tournament", "register", "1", *args, code=1))
    assert said in line and len(line) < 400, line
    assert counts(service) == before


def test_an_internationalised_domain_is_registered_in_its_ascii_form(env, service, file) -> None:
    from pbem.ops.db import Player

    pbem(env, "tournament", "create", str(file))
    assert "<ann@xn--bcher-kva.de> plays from round 1" in pbem(env, "tournament", "register", "1", "--player",
                                                               "Ann@Bücher.de")
    with Session(service.db) as session:
        assert session.exec(select(Player.email)).all() == ["ann@xn--bcher-kva.de"]
    assert "dropped after round 0" in pbem(env, "tournament", "drop", "1", "--player", "ann@bücher.de")


@pytest.mark.parametrize("rows,said", [
    ('Ann,"ann@example.org\r\nBcc: eve@evil.example"\r\n', "line 2: 'ann@example.org\\r\\nBcc: eve@evil.example' "
                                                          "is not an email address: it has control characters"),
    ("Ann\x00Smith,ann@example.org\n", "line 2: name 'Ann\\x00Smith' has control characters (U+0000)"),
    ("Ann," + "a" * (129 * 1024) + "@example.org\n", "line 2: a cell is longer than 128 KiB"),
    ('"Ann,ann@example.org\nBob,bob@example.org\n' + "x" * (129 * 1024), "a cell is longer than 128 KiB"),
    ("José,josé@example.es\n", "line 2: 'josé@example.es' has letters outside ASCII before the @"),
], ids=["quoted-crlf", "nul-name", "long-cell", "unclosed-quote", "non-ascii"])
def test_a_roster_with_a_cell_that_would_break_a_mail_is_refused_whole(env, service, file, tmp_path,
                                                                        rows: str, said: str) -> None:
    pbem(env, "tournament", "create", str(file))
    roster = tmp_path / "players.csv"
    roster.write_bytes(("name,email\n" + rows).encode())
    before = counts(service)
    output = pbem(env, "tournament", "register", "1", "--file", str(roster), code=1)
    head, *problems = output.strip().splitlines()
    assert head == f"error: {roster}: nothing registered; fix these lines:", output
    assert len(problems) == 1 and said in problems[0] and len(problems[0]) < 400, output
    assert counts(service) == before


@pytest.mark.parametrize("change,field,said", [
    (('move = "48h"', 'move = "1000000000d"'), "deadlines.move", 'is longer than 366 days; give at most "366d"'),
    (("rounds = 2", "rounds = 1000000000000"), "rounds", "must be a whole number from 1 to 1000"),
    (("preferred = 4", "preferred = 4\nseat_weight = nan"), "seating.seat_weight", "nan and inf are none"),
    (("preferred = 4", "preferred = 4\nrepeat_weight = inf"), "seating.repeat_weight", "nan and inf are none"),
    (('name = "Test Open"', 'name = "' + "x" * 20_000_000 + '"'), "name", "give at most 100"),
    (('name = "Test Open"', 'name = "Test\\u0000Open"'), "name", "has control characters (U+0000)"),
    (("seed = 7", "seed = " + "[" * 100_000 + "]" * 100_000), "(file)", "nests arrays or tables too deeply"),
], ids=["1000000000d", "10^12-rounds", "nan-weight", "inf-weight", "20-MB-name", "nul-name", "100000-deep"])
def test_create_refuses_a_file_the_service_could_not_run_naming_field_and_value(
        env, service, tmp_path, change: tuple[str, str], field: str, said: str) -> None:
    bad = tmp_path / "bad.toml"
    text = definition(rounds=2)
    assert change[0] in text
    bad.write_text(text.replace(change[0], change[1], 1))
    before = counts(service)
    output = pbem(env, "tournament", "create", str(bad), code=1)
    head, *problems = output.strip().splitlines()
    assert head == f"error: {bad} cannot be used:", output[:300]
    assert len(problems) == 1 and problems[0].strip().startswith(f"{field}: ") and said in problems[0], output[:300]
    assert len(problems[0]) < 400
    assert counts(service) == before


def test_publish_before_any_round_makes_the_folder_and_a_folder_that_cannot_be_written_is_one_line(
        env, service, file, tmp_path) -> None:
    pbem(env, "tournament", "create", str(file))
    out = tmp_path / "new" / "site"
    assert "index.html" in pbem(env, "tournament", "publish", "1", "--out", str(out))
    assert "Test Open" in (out / "index.html").read_text()
    (tmp_path / "afile").write_text("")
    line = error_line(pbem(env, "tournament", "publish", "1", "--out", str(tmp_path / "afile" / "site"), code=1))
    assert f"--out {tmp_path / 'afile' / 'site'}: cannot write there" in line, line


def test_game_publish_to_a_folder_that_cannot_be_written_is_one_line(env, service, running, tmp_path) -> None:
    (tmp_path / "afile").write_text("")
    line = error_line(pbem(env, "game", "publish", "1", "--out", str(tmp_path / "afile" / "site"), code=1))
    assert f"--out {tmp_path / 'afile' / 'site'}: cannot write there" in line, line


def test_game_new_refuses_an_address_that_would_break_a_mail(env, service) -> None:
    before = counts(service)
    result = runner.invoke(app, ["game", "new", "dragon", "--player", INJECTED, "--player", "bob@example.org",
                                 "--bots", "1"], env=env)
    assert result.exit_code == 1 and "control characters (U+000D, U+000A)" in result.output, result.output
    assert result.output.startswith("error: ") and result.output.count("\n") == 1
    assert counts(service) == before


@pytest.mark.parametrize(("args", "said"), [
    (("--player", "ann@example.org"), "error: In the Year of the Dragon takes 2-5 seats; 1 player and 0 bots make 1"),
    (("--player", "ann@example.org", "--bots", "1", "--deadline", "soon"), "error: --deadline 'soon': "),
    (("--player", "ann@example.org", "--bots", "1", "--option", "nokey"), "error: --option 'nokey' is not KEY=VALUE"),
])
def test_game_new_refusals_are_one_error_line_and_exit_1(env, service, args, said) -> None:
    before = counts(service)
    output = pbem(env, "game", "new", "dragon", *args, code=1)
    assert output.startswith(said) and output.count("\n") == 1, output
    assert counts(service) == before


def test_replace_by_a_bot_names_the_bot_and_audit_and_log_name_what_they_show(env, service, running) -> None:
    said = pbem(env, "game", "replace", "1", "--seat", "1", "--player", "bot", "--reason", "gone")
    assert "seat 1 is now played by bot greedy" in said, said
    (first,) = {line.split("seat 1 (")[1].split(")")[0] for line in pbem(env, "game", "replay", "1", "--at", "0")
                .splitlines() if line.strip().startswith("seat 1 (")}  # the replay names every seat's player
    assert first.startswith("player0")
    assert f"seat 1: {first} -> bot greedy: gone" in pbem(env, "audit", "--game", "1")
    assert "error: there is no game 99; games are numbered 1-" in pbem(env, "audit", "--game", "99", code=1)


def test_extending_a_deadline_needs_a_reason_and_the_same_extension_twice_is_refused(env, service, running) -> None:
    assert "--reason is required" in pbem(env, "game", "deadline", "1", "--extend", "2d", code=1)
    pbem(env, "game", "deadline", "1", "--extend", "2d", "--reason", "holiday")
    before = counts(service)
    again = pbem(env, "game", "deadline", "1", "--extend", "2d", "--reason", "holiday", code=1)
    assert "the same command twice?" in again and "its own --reason" in again
    assert counts(service) == before  # no second mail, no second audit row
    assert "extended by 2d" in pbem(env, "game", "deadline", "1", "--extend", "2d", "--reason", "and more")
