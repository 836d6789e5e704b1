"""Players' first contact (issue 17, item 4): a welcome on registration, a round-start notice with the table,
registration with language and time zone, and a roster file registered whole or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

from pbem.serve import pipeline
from pbem.play import players
from pbem.cli.main import app
from pbem.ops.db import Outbox, Player
from pbem.tournament import runner
from pbem.ops.tournament_tables import Entry
from tests.support.loop import reply_to
from tests.tournament.conftest import ORGANISER, definition, emails, mails, tournament_with
from tests.cli.test_cli import counts, env, pbem, service as cli_service  # noqa: F401

cli = CliRunner()


def test_registration_welcomes_the_player_with_how_to_play_and_leave(service) -> None:
    tournament_id = runner.create(service, definition(rounds=2), ORGANISER)
    runner.register(service, tournament_id, "Ann@Example.org", "Ann", ORGANISER, "en", "europe/athens")
    (welcome,) = mails(service, "welcome")
    assert welcome.recipient == "ann@example.org" and welcome.subject == "[Test Open] Welcome: you are registered"
    text = " ".join(welcome.text.split())
    assert "Test Open, a play-by-email tournament of In the Year of the Dragon in 2 rounds" in text
    assert 'Press Reply and write your move' in text and 'Reply "help"' in text
    assert 'To leave the tournament, reply "leave" to this mail; you are asked to confirm.' in text
    assert "48 hours for each move (deadlines are shown in Europe/Athens)" in text
    assert "<li>" in welcome.html and all(len(line) <= 80 for line in welcome.text.splitlines())
    with Session(service.db) as session:
        ann = session.exec(select(Player).where(Player.email == "ann@example.org")).one()
    assert (ann.name, ann.language, ann.time_zone) == ("Ann", "en", "Europe/Athens")


def test_the_welcome_and_the_round_start_come_in_the_players_language(service) -> None:
    tournament_id = runner.create(service, definition(rounds=2), ORGANISER)
    for number, email in enumerate(emails(4)):
        runner.register(service, tournament_id, email, f"P{number}", ORGANISER, "el" if number == 0 else "ru", "")
    greek = next(row for row in mails(service, "welcome") if row.recipient == emails(4)[0])
    assert greek.subject == "[Test Open] Καλώς ήρθατε: η εγγραφή σας έγινε"
    assert "48 ώρες για κάθε κίνηση" in " ".join(greek.text.split())
    runner.start_round(service, tournament_id, ORGANISER)
    russian = next(row for row in mails(service, "round_start") if row.recipient == emails(4)[1])
    assert "Начинается раунд 1: ваш стол" in russian.subject and "(вы)" in russian.text
    assert "48 часов" in " ".join(russian.text.split())


@pytest.mark.parametrize("language, zone, wrong", [
    ("de", "", "language 'de' is not one we write in; use one of en, el, hu, ru"),
    ("", "Mars/Olympus", "time zone 'Mars/Olympus' is unknown; write Area/City"),
])
def test_a_bad_language_or_time_zone_is_refused_and_nothing_stored(service, language: str, zone: str,
                                                                   wrong: str) -> None:
    tournament_id = runner.create(service, definition(rounds=2), ORGANISER)
    with pytest.raises(ValueError, match=wrong.split(";")[0].replace("(", r"\(")):
        runner.register(service, tournament_id, "ann@example.org", "Ann", ORGANISER, language, zone)
    with Session(service.db) as session:
        assert session.exec(select(Player)).all() == [] and session.exec(select(Entry)).all() == []
    assert mails(service, "welcome") == []


def test_round_start_tells_each_player_the_table_before_the_first_prompt(service) -> None:
    tournament_id = tournament_with(service, 4)
    runner.start_round(service, tournament_id, ORGANISER)
    with Session(service.db) as session:
        rows = list(session.exec(select(Outbox).order_by(Outbox.id)))
    notices = [row for row in rows if row.kind == "round_start"]
    assert sorted(row.recipient for row in notices) == emails(4)
    first_prompt = next(row.id for row in rows if row.kind == "prompt")
    assert all(row.id < first_prompt for row in notices), "the table is named before anyone is asked to move"
    text = notices[0].text
    assert notices[0].subject == "[Test Open R1 T1] Round 1 starts: your table"
    assert "You play In the Year of the Dragon at" in text and "(you)" in text
    assert all(f"player{n:02d}" in text for n in range(1, 5))
    assert "Your move" not in notices[0].subject, "scripted players must not take it for a prompt"

    prompted = {row.recipient for row in rows if row.kind == "prompt"}
    for notice in notices:  # in the seat's thread: a later seat sees the game and may send its first turn ahead
        later = notice.recipient not in prompted
        assert notice.game_id is not None and notice.reply_to.startswith(f"play+{notice.game_id}.{notice.seat}.")
        assert ("The game as you see it now:" in notice.text) is later
        assert ("You may send your next turns now" in " ".join(notice.text.split())) is later
    later = next(notice for notice in notices if notice.recipient not in prompted)
    outcome = pipeline.deliver(service, reply_to(later, "pass"))
    assert outcome.status == "held", "kept for the seat's first turn (refused then if not legal), not refused now"


def roster(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "players.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_roster_file_registers_everyone_with_language_and_zone(env, cli_service, tmp_path) -> None:  # noqa: F811
    (tmp_path / "open.toml").write_text(definition(rounds=2))
    pbem(env, "tournament", "create", str(tmp_path / "open.toml"))
    path = roster(tmp_path, "name,email,language,time_zone\nAnn,ann@example.org,el,Europe/Athens\n"
                            "Bob,bob@example.org,,\nCat,cat@example.org,ru,\n")
    out = pbem(env, "tournament", "register", "1", "--file", str(path))
    assert "3 players registered" in out
    with Session(cli_service.db) as session:
        found = {p.email: (p.name, p.language, p.time_zone) for p in session.exec(select(Player))}
    assert found == {"ann@example.org": ("Ann", "el", "Europe/Athens"), "bob@example.org": ("Bob", "en", "UTC"),
                     "cat@example.org": ("Cat", "ru", "UTC")}
    assert len(mails(cli_service, "welcome")) == 3


def test_a_roster_with_bad_rows_is_refused_whole_with_every_row_listed(env, cli_service, tmp_path) -> None:  # noqa: F811
    (tmp_path / "open.toml").write_text(definition(rounds=2))
    pbem(env, "tournament", "create", str(tmp_path / "open.toml"))
    before = counts(cli_service)
    path = roster(tmp_path, "name,email,language,time_zone\nAnn,ann@example.org,el,Europe/Athens\n"
                            "Bob,bob-at-example.org,,\nCat,cat@example.org,fr,Moon/Base\n"
                            "Ann again,ann@example.org,,\nDan,dan@example.org\n")
    out = cli.invoke(app, ["tournament", "register", "1", "--file", str(path)], env=env)
    assert out.exit_code == 1
    assert "nothing registered" in out.output
    for expected in ("line 3: 'bob-at-example.org' is not an email address",
                     "line 4: language 'fr' is not one we write in",
                     "line 4: time zone 'Moon/Base' is unknown",
                     "line 5: ann@example.org is listed already on line 2",
                     "line 6: 2 fields where the header has 4"):
        assert expected in out.output, out.output
    assert counts(cli_service) == before


def test_a_roster_row_the_tournament_refuses_is_listed_and_nothing_registered(service) -> None:
    tournament_id = tournament_with(service, 2)
    text = "name,email\nNew,new@example.org\nAgain,player01@example.org\n"
    with pytest.raises(ValueError, match="line 3: .*already registered"):
        runner.register_roster(service, tournament_id, players.read_roster(text), ORGANISER)
    with Session(service.db) as session:
        assert session.exec(select(Player).where(Player.email == "new@example.org")).first() is None
    assert len(mails(service, "welcome")) == 2, "only the two registered before"


def test_a_roster_header_must_name_the_columns() -> None:
    with pytest.raises(players.RosterError, match="line 1: the header must be name,email,language,time_zone"):
        players.read_roster("email,nick\nann@example.org,A\n")
    with pytest.raises(players.RosterError, match="the file is separated by ';': save it with ',' between"):
        players.read_roster("name;email\nAnn;ann@example.org\n")


def test_register_takes_one_player_or_one_file(env, cli_service, tmp_path) -> None:  # noqa: F811
    (tmp_path / "open.toml").write_text(definition(rounds=2))
    pbem(env, "tournament", "create", str(tmp_path / "open.toml"))
    out = cli.invoke(app, ["tournament", "register", "1"], env=env)
    assert out.exit_code == 1 and "--player EMAIL, or a file of players with --file" in out.output
    out = pbem(env, "tournament", "register", "1", "--player", "ann@example.org", "--language", "hu",
               "--time-zone", "Europe/Budapest")
    assert "plays from round 1; welcome queued (pbem serve sends it)" in out


def test_a_player_registered_without_a_language_reads_the_tournaments_and_a_known_one_keeps_theirs(service) -> None:
    tournament_id = runner.create(service, 'language = "hu"\n' + definition(rounds=2), ORGANISER)
    runner.register(service, tournament_id, "ann@example.org", "Ann", ORGANISER)
    runner.register(service, tournament_id, "bob@example.org", "Bob", ORGANISER, "ru")
    with Session(service.db) as session:
        session.add(Player(email="cat@example.org", name="Cat", language="el"))
        session.commit()
    runner.register(service, tournament_id, "cat@example.org", "Cat", ORGANISER)
    with Session(service.db) as session:
        languages = {player.email: player.language for player in session.exec(select(Player))}
    assert languages == {"ann@example.org": "hu", "bob@example.org": "ru", "cat@example.org": "el"}


@pytest.mark.parametrize("language", ["en", "el", "hu", "ru"])
def test_the_welcome_names_the_calendar_command_and_it_works_in_a_reply_to_it(service, language: str) -> None:
    """#47 item 6: a player learns of ``calendar on`` from their first mail, in their language, and may answer
    the welcome with it (pbem's own address reads it)."""
    from pbem.language.words import translations

    tournament_id = runner.create(service, definition(rounds=2), ORGANISER)
    runner.register(service, tournament_id, "ann@example.org", "Ann", ORGANISER, language, "")
    (welcome,) = mails(service, "welcome")
    sentence = translations(language).gettext(
        'To have each of your deadlines as an event in your calendar, reply "calendar on" to any of those mails or '
        'to this one; "calendar off" stops it.')
    assert language == "en" or not sentence.startswith("To have")
    assert " ".join(sentence.split()) in " ".join(welcome.text.split()) and '"calendar on"' in welcome.html
    assert pipeline.deliver(service, reply_to(welcome, "calendar on")).status == "command"
    with Session(service.db) as session:
        assert session.exec(select(Player).where(Player.email == "ann@example.org")).one().calendar
