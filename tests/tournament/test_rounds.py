"""Rounds through the service: seating into games, results, completion, standings mails, leagues."""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta

import pytest
from sqlmodel import Session, select

from pbem.ops.db import Audit, Game, Move, Seat
from pbem.tournament import pages, runner
from pbem.ops.tournament_tables import RatingBook, TournamentRound, TournamentTable
from tests.tournament.conftest import ORGANISER, Players, definition, emails, mails, tournament_with
from tournaments import TournamentError


def test_round_start_opens_one_game_per_table_with_first_prompts_and_labelled_subjects(service) -> None:
    tournament_id = tournament_with(service, 13)
    seating = runner.start_round(service, tournament_id, ORGANISER)
    assert sorted(len(t.players) for t in seating.tables) == [4, 4, 5]
    with Session(service.db) as session:
        tables = list(session.exec(select(TournamentTable).order_by(TournamentTable.number)))
        games = [session.get(Game, t.game_id) for t in tables]
        assert [g.label for g in games] == [f"Test Open R1 T{n}" for n in (1, 2, 3)]
        assert all(g.deadline_hours == 48 for g in games)
        for table, game in zip(tables, games):
            seats = session.exec(select(Seat).where(Seat.game_id == game.id).order_by(Seat.seat)).all()
            assert [s.player_id for s in seats] == table.players
    prompts = Players(service).prompts()
    assert prompts and all(p.subject.startswith("[Test Open R1 T") for p in prompts)
    assert {p.game_id for p in prompts} == {g.id for g in games}


def test_last_game_of_a_round_completes_it_rates_the_players_and_mails_standings(service) -> None:
    tournament_id = tournament_with(service, 8)
    runner.start_round(service, tournament_id, ORGANISER)
    players = Players(service)
    players.answer_all()
    with Session(service.db) as session:
        loaded = runner.load(session, tournament_id)
        round_row = session.exec(select(TournamentRound)).one()
        rated = session.exec(select(RatingBook)).all()
    assert round_row.status == "complete" and len(loaded.results) == 2
    assert len(rated) == 8 and all(r.games == 1 for r in rated)
    standings = mails(service, "standings")
    assert len(standings) == 8
    assert standings[0].subject == "[Test Open] Standings after round 1"
    assert "*" in standings[0].text
    points = sorted(row.points for row in loaded.standings().rows)
    assert points == [1, 1, 3, 3, 6, 6, 10, 10]


def test_next_round_waits_for_the_previous_one_and_the_last_round_finishes_the_tournament(service) -> None:
    tournament_id = tournament_with(service, 6, rounds=2)
    runner.start_round(service, tournament_id, ORGANISER)
    with pytest.raises(TournamentError, match="round 1 is still being played"):
        runner.start_round(service, tournament_id, ORGANISER)
    players = Players(service)
    players.answer_all()
    runner.start_round(service, tournament_id, ORGANISER)
    players.answer_all()
    with Session(service.db) as session:
        loaded = runner.load(session, tournament_id)
    assert loaded.row.status == "finished" and len(loaded.results) == 4
    with pytest.raises(TournamentError, match="finished"):
        runner.start_round(service, tournament_id, ORGANISER)


LEAGUE = """
[league]
season = "Spring"
next_round = "auto"
gap = "24h"
"""


def test_league_starts_the_next_round_when_its_gap_has_passed(service, clock) -> None:
    tournament_id = tournament_with(service, 6, rounds=2, extra=LEAGUE)
    runner.start_round(service, tournament_id, ORGANISER)
    Players(service).answer_all()
    assert runner.scan(service) == 0
    with Session(service.db) as session:
        row = runner.load(session, tournament_id).row
    assert row.rounds_started == 1 and row.next_round_at == clock.now() + timedelta(hours=24)
    clock.advance(timedelta(hours=24))
    assert runner.scan(service) == 1
    with Session(service.db) as session:
        assert runner.load(session, tournament_id).row.rounds_started == 2


def test_league_without_a_gap_opens_the_next_round_in_the_transaction_that_ends_the_round(service) -> None:
    tournament_id = tournament_with(service, 6, rounds=2, extra=LEAGUE.replace('"24h"', '"0h"'))
    runner.start_round(service, tournament_id, ORGANISER)
    Players(service).answer_all()
    with Session(service.db) as session:
        loaded = runner.load(session, tournament_id)
    assert loaded.row.status == "finished" and len(loaded.results) == 4
    assert "Spring" in mails(service, "standings")[0].text


def test_a_seat_finished_by_a_bot_is_marked_and_left_out_of_that_players_rating(service) -> None:
    from pbem.admin import Desk, games

    tournament_id = tournament_with(service, 6)
    runner.start_round(service, tournament_id, ORGANISER)
    with Session(service.db) as session:
        first = session.exec(select(TournamentTable).where(TournamentTable.number == 1)).one()
    leaver = first.players[1]
    games.replace(Desk(service, ORGANISER), first.game_id, 2, "bot", "left the tournament")
    Players(service).answer_all()
    with Session(service.db) as session:
        record = session.get(TournamentTable, first.id)
        rated = {r.player_id: r.games for r in session.exec(select(RatingBook))}
        standings = runner.load(session, tournament_id).standings()
    assert record.substituted == [leaver] and record.forfeited == []
    assert leaver not in rated and len(rated) == 5
    row = next(r for r in standings.rows if r.player == leaver)
    assert row.bot_finished == 1 and row.games == 1 and row.rating is None


def test_undoing_the_last_move_of_a_finished_table_reopens_its_round(service) -> None:
    from pbem.admin import Desk, games

    tournament_id = tournament_with(service, 6)
    runner.start_round(service, tournament_id, ORGANISER)
    players = Players(service)
    players.answer_all()
    with Session(service.db) as session:
        game_id = session.exec(select(TournamentTable).where(TournamentTable.number == 1)).one().game_id
    admin = Desk(service, ORGANISER)
    last = games.log(admin, game_id)[-1].seq
    games.undo(admin, game_id, last - 1, "scoring dispute", force=True)
    with Session(service.db) as session:
        record = session.exec(select(TournamentTable).where(TournamentTable.game_id == game_id)).one()
        round_row = session.exec(select(TournamentRound)).one()
        rated = session.exec(select(RatingBook)).all()
    assert record.scores is None and round_row.status == "playing"
    assert len(rated) == 3 and all(r.games == 1 for r in rated)
    players.answer_all()
    with Session(service.db) as session:
        assert session.exec(select(TournamentRound)).one().status == "complete"
    with pytest.raises(TournamentError, match="no tournament 9"):
        runner.start_round(service, 9, ORGANISER)


def test_missed_deadlines_follow_the_tournaments_timeout_rules_and_forfeits_score_last(service, clock) -> None:
    from pbem.play import deadlines

    tournament_id = tournament_with(service, 6, extra='[timeouts]\npolicy = "forfeit"\nmax_timeouts = 2\n')
    runner.start_round(service, tournament_id, ORGANISER)
    forfeited: list[Seat] = []
    for _ in range(40):
        clock.advance(timedelta(hours=49))
        deadlines.scan(service)
        with Session(service.db) as session:
            seats = list(session.exec(select(Seat)))
            timed_out = [m.source for m in session.exec(select(Move).where(Move.source == "timeout"))]
        forfeited = [s for s in seats if s.forfeited]
        if forfeited:
            break
    assert forfeited and all(s.timeouts == 2 and s.bot == "greedy" for s in forfeited)
    assert timed_out and not [s for s in seats if s.timeouts == 1 and s.forfeited]
    Players(service).answer_all()
    with Session(service.db) as session:
        records = {t.game_id: t for t in session.exec(select(TournamentTable))}
        standings = runner.load(session, tournament_id).standings()
    losers = {records[s.game_id].players[s.seat] for s in forfeited}
    assert losers == {p for r in records.values() for p in r.forfeited}
    assert all(row.points == 0 for row in standings.rows if row.player in losers)


def test_a_player_the_table_sizes_cannot_seat_gets_a_recorded_bye_and_a_mail(service) -> None:
    tournament_id = runner.create(service, definition(1).replace("table_sizes = [3, 4, 5]", "table_sizes = [3, 4]")
                                  .replace("preferred = 4", "preferred = 3"), ORGANISER)
    for email in emails(5):
        runner.register(service, tournament_id, email, "", ORGANISER)
    seating = runner.start_round(service, tournament_id, ORGANISER)
    assert len(seating.byes) == 1
    [bye] = mails(service, "bye")
    assert bye.subject == "[Test Open] Round 1: a bye for you" and "bye in the standings: 0." in " ".join(bye.text.split())
    with Session(service.db) as session:
        assert session.exec(select(TournamentRound)).one().byes == list(seating.byes)


def test_a_greek_tournament_mails_its_byes_and_standings_and_publishes_its_page_in_greek(service, tmp_path) -> None:
    greek = (definition(1).replace('game = "dragon"', 'game = "dragon"\nlanguage = "el"')
             .replace("table_sizes = [3, 4, 5]", "table_sizes = [3, 4]").replace("preferred = 4", "preferred = 3"))
    tournament_id = runner.create(service, greek, ORGANISER)
    for email in emails(5):
        runner.register(service, tournament_id, email, "", ORGANISER)
    runner.start_round(service, tournament_id, ORGANISER)
    [bye] = mails(service, "bye")
    assert bye.subject == "[Test Open] Γύρος 1: έχετε ρεπό" and "έχετε ρεπό" in " ".join(bye.text.split())
    assert Players(service).answer_all() > 0  # the scripted players read the Greek prompts
    standings = mails(service, "standings")
    assert len(standings) == 5 and all(m.subject == "[Test Open] Κατάταξη μετά τον γύρο 1" for m in standings)
    assert all("Θέση  Παίκτης" in m.text and "Rank" not in m.text for m in standings)
    page = pages.publish(service, tournament_id, tmp_path / "site").read_text()
    assert '<html lang="el">' in page and "κατάταξη μετά τον γύρο 1" in page and "Ρεπό: " in page
    assert "standings after round" not in page and "Seating" not in page


def test_reminders_of_tournament_games_go_out_the_definitions_reminder_before_the_deadline(service, clock) -> None:
    from pbem.play import deadlines

    tournament_id = tournament_with(service, 3)  # deadlines: move 48h, reminder 12h (the service's is 24h)
    runner.start_round(service, tournament_id, ORGANISER)
    clock.advance(timedelta(hours=30))
    assert deadlines.scan(service).reminders == 0
    clock.advance(timedelta(hours=7))
    assert deadlines.scan(service).reminders == 1
    assert mails(service, "reminder")[0].subject.startswith("[Test Open R1 T1]")


DIVISIONS = """
[league]
season = "Winter"
next_round = "auto"
gap = "0h"
divisions = 2
promote = 1
"""


def test_a_league_with_divisions_seats_and_ranks_each_division_apart_and_records_promotion(service, tmp_path) -> None:
    tournament_id = tournament_with(service, 12, rounds=2, extra=DIVISIONS)
    runner.start_round(service, tournament_id, ORGANISER)
    Players(service).answer_all()
    with Session(service.db) as session:
        loaded = runner.load(session, tournament_id)
        tables = session.exec(select(TournamentTable)).all()
        season_end = session.exec(select(Audit).where(Audit.action == "season end")).one()
    assert loaded.row.status == "finished" and sorted(Counter(loaded.division_of.values()).values()) == [6, 6]
    assert all(len({loaded.division_of[p] for p in t.players}) == 1 for t in tables)
    subjects = Counter(m.subject for m in mails(service, "standings"))
    assert subjects == {f"[Test Open · Division {d}] Standings after round {r}": 6 for d in (1, 2) for r in (1, 2)}
    assert season_end.detail.count("2 -> 1") == 1 and season_end.detail.count("1 -> 2") == 1
    index = pages.publish(service, tournament_id, tmp_path / "site")
    assert "division-2.html" in index.read_text()
    assert (tmp_path / "site" / "division-1.html").read_text().count("<tr") == 2 * 7  # standings, then rounds


def test_the_next_season_carries_the_players_over_with_promotion_and_relegation(service) -> None:
    tournament_id = tournament_with(service, 12, rounds=2, extra=DIVISIONS)
    spring = definition(1, DIVISIONS.replace("Winter", "Spring")).replace('"Test Open"', '"Test Open Spring"')
    with pytest.raises(TournamentError, match="is registering: its season ends with round 2"):
        runner.next_season(service, tournament_id, spring, ORGANISER)
    runner.start_round(service, tournament_id, ORGANISER)
    Players(service).answer_all()
    with Session(service.db) as session:
        winter = runner.load(session, tournament_id)
        up = winter.all_standings()[1].rows[0].player  # best of division 2
        down = winter.all_standings()[0].rows[-1].player  # worst of division 1
        gone = winter.all_standings()[0].rows[1].player
        gone_email = runner.names(session, [gone])[gone].email
    runner.drop(service, tournament_id, gone_email, "moved away", ORGANISER)  # dropped: not carried over
    with Session(service.db) as session:
        winter = runner.load(session, tournament_id)
    for wrong, why in [(definition(1).replace('"Test Open"', '"X"'), "must be a league of dragon with 2 division"),
                       (spring.replace("divisions = 2", "divisions = 3"), "with 2 division"),
                       (definition(1, DIVISIONS), "a tournament named 'Test Open' exists already")]:
        with pytest.raises(TournamentError, match=why):
            runner.next_season(service, tournament_id, wrong, ORGANISER)
    with Session(service.db) as session:
        assert len(session.exec(select(runner.Tournament)).all()) == 1, "a refusal creates nothing"

    spring_id, counts = runner.next_season(service, tournament_id, spring, ORGANISER)
    newcomer = runner.register(service, spring_id, "newcomer@example.org", "", ORGANISER)
    runner.start_round(service, spring_id, ORGANISER)
    with Session(service.db) as session:
        loaded = runner.load(session, spring_id)
        audit = session.exec(select(Audit).where(Audit.action == "season next")).one()
    carried = {e.player for e in loaded.entrants} - {newcomer.player}
    assert carried == {e.player for e in winter.entrants if e.dropped is None} and len(carried) == 11
    assert loaded.division_of[up] == 1 and loaded.division_of[down] == 2
    assert loaded.division_of[newcomer.player] == 2, "a newcomer starts in the last division"
    assert sum(counts.values()) == 11 and "11 players carried over" in audit.detail
    stayed = [p for p in carried if p not in (up, down)]
    assert all(loaded.division_of[p] == winter.division_of[p] for p in stayed), "round 1 kept the divisions"


def test_a_league_round_due_on_a_date_starts_then_and_one_that_cannot_start_is_reported(service, clock) -> None:
    extra = '[league]\nseason = "S"\nnext_round = "dates"\ndates = [2026-03-01, 2026-03-10, 2026-03-20]\n'
    tournament_id = tournament_with(service, 4, rounds=3, extra=extra)
    runner.start_round(service, tournament_id, ORGANISER)
    players = Players(service)
    players.answer_all()
    clock.advance(timedelta(days=8))
    assert runner.scan(service) == 0
    clock.advance(timedelta(days=1))
    assert runner.scan(service) == 1
    runner.drop(service, tournament_id, "player01@example.org", "ill", ORGANISER)
    runner.drop(service, tournament_id, "player02@example.org", "ill", ORGANISER)
    players.answer_all()
    clock.advance(timedelta(days=10))
    assert runner.scan(service) == 0
    with Session(service.db) as session:
        row = runner.load(session, tournament_id).row
        trail = session.exec(select(Audit).where(Audit.action == "round not started")).all()
    assert row.rounds_started == 2 and row.next_round_at is None and len(trail) == 1
    [notice] = mails(service, "organiser")
    assert notice.subject == "[Test Open] Round 3 could not start" and "pbem round start 1" in notice.text


def test_the_standings_mail_and_page_show_each_players_place_round_by_round(service, tmp_path) -> None:
    tournament_id = tournament_with(service, 6, rounds=2)
    players = Players(service)
    for _ in range(2):
        runner.start_round(service, tournament_id, ORGANISER)
        players.answer_all()
    with Session(service.db) as session:
        tables = list(session.exec(select(TournamentTable).order_by(TournamentTable.round_no)))
        names = {entry.player: entry.name for entry in runner.load(session, tournament_id).entrants}
    expected: dict[str, list[str]] = {}
    for table in tables:  # the place each player took at each round's table, as the games ended
        assert table.ranks is not None
        for player, rank in zip(table.players, table.ranks, strict=True):
            expected.setdefault(names[player], []).append(f"{rank}/{len(table.players)}")
    assert all(len(cells) == 2 for cells in expected.values())
    after_two = [m for m in mails(service, "standings") if m.subject.endswith("after round 2")]
    assert len(after_two) == 6
    text = after_two[0].text
    block = text[text.index("Round by round:"):text.index('In the round-by-round table, "2/4"')]
    lines = block.splitlines()
    assert lines[1].split() == ["R1", "R2"]
    shown = {" ".join(line[6:22].split()): line[22:].split() for line in lines[2:] if line.strip()}
    assert shown == expected
    assert "Round by round:" in (after_two[0].html or "")
    out = pages.publish(service, tournament_id, tmp_path / "site")
    page = (out if out.suffix == ".html" else out / "index.html").read_text(encoding="utf-8")
    rounds_table = page[page.index('<table class="rounds fit">'):]
    rounds_table = rounds_table[:rounds_table.index("</table>")]
    assert rounds_table.count("<tr") == 7 and sorted(cell for cells in expected.values() for cell in cells) == \
        sorted(re.findall(r'<td class="n" data-label="R\d+">(\d+/\d+)</td>', rounds_table))
    with Session(service.db) as session:
        entered = [entry.player for entry in runner.load(session, tournament_id).entrants]
    for table in tables:  # each player's own page: the round's table, linked to its game, and the place taken
        for player, rank in zip(table.players, table.ranks, strict=True):
            own = (tmp_path / "site" / "players" / f"{entered.index(player) + 1}.html").read_text(encoding="utf-8")
            assert re.search(rf'<dt>Round {table.round_no}</dt>\n<dd><a href="\.\./games/{table.game_id}\.html">'
                             rf'Table {table.number}: [^<]*</a></dd>\n<dd>place {rank} of {len(table.players)}</dd>', own)
