"""Reliability in a running tournament: the standings mail and page show it, ``min_reliability`` keeps a player
out of the next round with the organiser told, and a substitute's seat is credited by ``substitute_credit``."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session, select

from pbem.admin import Desk, games
from pbem.ops.db import Audit, Player
from pbem.ops.tournament_tables import RatingBook, TournamentRound, TournamentTable
from pbem.play import deadlines
from pbem.tournament import pages, runner
from tests.tournament.conftest import ORGANISER, Players, definition, emails, mails, tournament_with

SLOW = "player01@example.org"


def play_round_with_one_silent(service, clock, players: Players, silent: str, round_no: int) -> None:
    """Everyone answers but ``silent``, whose deadlines pass, until the round is complete."""
    for _ in range(200):
        players.answer_all(skip=frozenset({silent}))
        with Session(service.db) as session:
            done = session.exec(select(TournamentRound).where(TournamentRound.number == round_no)).one().status
        if done == "complete":
            return
        clock.advance(timedelta(hours=49))
        deadlines.scan(service)
    raise AssertionError("the round never completed")


def test_min_reliability_keeps_a_player_out_and_tells_the_organiser(service, clock, tmp_path) -> None:
    tournament_id = tournament_with(service, 6, rounds=2, extra="[registration]\nmin_reliability = 60\n")
    runner.start_round(service, tournament_id, ORGANISER)
    players = Players(service)
    play_round_with_one_silent(service, clock, players, SLOW, 1)
    with Session(service.db) as session:
        slow = session.exec(select(Player).where(Player.email == SLOW)).one().id
    standings = [m for m in mails(service, "standings") if m.recipient == SLOW][-1]
    head = next(line for line in standings.text.splitlines() if line.startswith("Rank"))
    mine = next(line for line in standings.text.splitlines() if line.startswith("*"))
    assert head.split()[-1] == "Rel." and mine.split()[-1] == "0%"
    assert "Reliability: the share of the player's decisions" in " ".join(standings.text.split())
    assert "<th>Reliability</th>" in standings.html and "0% (1)" in standings.html
    table = standings.text[standings.text.index("Rank"):standings.text.index("Round by round:")]
    others = [line.split()[-1] for line in table.splitlines()[1:] if line.strip() and not line.startswith("*")]
    assert len(others) == 5 and set(others) == {"100%"}
    seating = runner.start_round(service, tournament_id, ORGANISER)
    seated = {p for table in seating.tables for p in table.players} | set(seating.byes)
    assert slow not in seated and len(seated) == 5
    told = [m for m in mails(service, "organiser") if "min_reliability" in m.subject]
    assert len(told) == 1 and SLOW in told[0].text and "0% over 1 game(s)" in told[0].text
    assert "below registration.min_reliability = 60%" in " ".join(told[0].text.split())
    with Session(service.db) as session:
        audit = session.exec(select(Audit).where(Audit.action == "kept out")).one()
    assert SLOW in audit.detail
    out = pages.publish(service, tournament_id, tmp_path / "site")
    page = (out if out.suffix == ".html" else out / "index.html").read_text(encoding="utf-8")
    assert 'data-label="Reliability">0% (1)</td>' in page and 'data-label="Reliability">100% (1)</td>' in page
    assert "A seat the organiser gave to a substitute counts for the player first seated there" in page


def test_a_tournament_without_min_reliability_seats_everyone(service, clock) -> None:
    tournament_id = tournament_with(service, 6, rounds=2)
    runner.start_round(service, tournament_id, ORGANISER)
    play_round_with_one_silent(service, clock, Players(service), SLOW, 1)
    seating = runner.start_round(service, tournament_id, ORGANISER)
    assert sum(len(table.players) for table in seating.tables) + len(seating.byes) == 6
    assert not [m for m in mails(service, "organiser") if "min_reliability" in m.subject]


def finish_with_a_substitute(service, rule: str, tmp_path):
    """Round 1 of six players; table 1's seat 2 goes to an unregistered substitute, who finishes it."""
    text = definition(1).replace("[scoring]\n", f'[scoring]\nsubstitute_credit = "{rule}"\n')
    tournament_id = runner.create(service, text, ORGANISER)
    for email in emails(6):
        runner.register(service, tournament_id, email, "", ORGANISER)
    runner.start_round(service, tournament_id, ORGANISER)
    with Session(service.db) as session:
        first = session.exec(select(TournamentTable).where(TournamentTable.number == 1)).one()
    leaver = first.players[1]
    games.replace(Desk(service, ORGANISER), first.game_id, 2, "sub@example.org", "moved abroad")
    Players(service).answer_all()
    with Session(service.db) as session:
        sub = session.exec(select(Player).where(Player.email == "sub@example.org")).one().id
        loaded = runner.load(session, tournament_id)
        rated = {r.player_id for r in session.exec(select(RatingBook))}
        record = session.get(TournamentTable, first.id)
    rows = {row.player: row for row in loaded.standings().rows}
    out = pages.publish(service, tournament_id, tmp_path / "site")
    page = (out if out.suffix == ".html" else out / "index.html").read_text(encoding="utf-8")
    return leaver, sub, rows, rated, record, page


def test_original_credit(service, tmp_path) -> None:
    leaver, sub, rows, rated, record, page = finish_with_a_substitute(service, "original", tmp_path)
    assert record.finishers[1] == sub
    assert rows[leaver].games == 1 and rows[leaver].rounds[0].finished_by == "substitute" and sub not in rows
    assert leaver in rated and sub not in rated
    assert "counts for the player first seated there: its points and its rating" in page


def test_substitute_credit(service, tmp_path) -> None:
    leaver, sub, rows, rated, record, page = finish_with_a_substitute(service, "substitute", tmp_path)
    assert rows[sub].guest and rows[sub].games == 1 and rows[sub].points > 0
    assert rows[leaver].games == 0 and rows[leaver].points == 0 and rows[leaver].rounds[0].kind == "replaced"
    assert sub in rated and leaver not in rated
    assert "counts for the substitute who finished it" in page and "(substitute)" in page


def test_neither_credit(service, tmp_path) -> None:
    leaver, sub, rows, rated, record, page = finish_with_a_substitute(service, "neither", tmp_path)
    assert rows[leaver].games == 1 and rows[leaver].points == 0 and sub not in rows
    assert leaver not in rated and sub not in rated
    assert "counts for nobody" in page


def test_a_bot_finished_seat_is_marked_in_the_mail_and_on_the_page(service, tmp_path) -> None:
    tournament_id = tournament_with(service, 6, rounds=1)
    runner.start_round(service, tournament_id, ORGANISER)
    with Session(service.db) as session:
        first = session.exec(select(TournamentTable).where(TournamentTable.number == 1)).one()
    games.replace(Desk(service, ORGANISER), first.game_id, 2, "bot", "left the tournament")
    Players(service).answer_all()
    leaver_mail = [m for m in mails(service, "standings") if m.recipient == emails(6)[first.players[1] - 1]]
    text = (leaver_mail or mails(service, "standings"))[-1].text
    assert "°" in text and '"°" after a place: a bot finished that game' in " ".join(text.split())
    out = pages.publish(service, tournament_id, tmp_path / "site")
    page = (out if out.suffix == ".html" else out / "index.html").read_text(encoding="utf-8")
    assert "°</td>" in page and "by bot" in page
