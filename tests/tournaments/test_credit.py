"""A seat another person finished, credited by ``scoring.substitute_credit``; a bot-finished seat marked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournaments import Definition, Entrant, RoundSeating, SeatedTable, SeatingReport, TableResult, compute
from tournaments import standings_context
from tournaments.credit import credit
from tournaments.ratings import rate_table
from tournaments.reliability import Record
from tests.tournaments.standins import MINIMAL, load

ANN, BOB, CYD, DAN, SUB = 1, 2, 3, 4, 9
ENTRANTS = [Entrant(p, n) for p, n in ((ANN, "Ann"), (BOB, "Bob"), (CYD, "Cyd"), (DAN, "Dan"))]
SEATING = [RoundSeating(1, (SeatedTable(1, (ANN, BOB, CYD, DAN)),), (), SeatingReport(0, 0.0, 0))]
# Bob left after a few turns; Sub finished his seat, in second place. Dan's seat was finished by a bot.
RESULT = TableResult(1, 1, (ANN, BOB, CYD, DAN), (50, 40, 30, 20), (1, 2, 3, 4),
                     finishers=(ANN, SUB, CYD, None))


def rule(name: str) -> Definition:
    base = load(MINIMAL)
    return replace(base, scoring=replace(base.scoring, substitute_credit=name))


def standings_under(name: str, entrants: list[Entrant] = ENTRANTS):
    table = compute(rule(name), entrants, SEATING, [credit(RESULT, name)])
    return {row.player: row for row in table.rows}


def test_original_credit_gives_the_seat_and_its_rating_to_the_player_seated() -> None:
    rows = standings_under("original")
    assert rows[BOB].points == 6 and rows[BOB].rounds[0].finished_by == "substitute"
    assert SUB not in rows
    assert set(rate_table({}, credit(RESULT, "original"))) == {ANN, BOB, CYD}


def test_substitute_credit_gives_the_seat_to_who_finished_it() -> None:
    rows = standings_under("substitute", ENTRANTS + [Entrant(SUB, "Sub", joined=1, dropped=1, guest=True)])
    assert rows[SUB].points == 6 and rows[SUB].guest and rows[SUB].rounds[0].finished_by == ""
    assert rows[BOB].points == 0 and rows[BOB].games == 0 and rows[BOB].rounds[0].kind == "replaced"
    assert set(rate_table({}, credit(RESULT, "substitute"))) == {ANN, SUB, CYD}
    assert not Entrant(SUB, "Sub", guest=True).active_in(2)


def test_neither_keeps_the_place_with_no_points_and_no_rating() -> None:
    rows = standings_under("neither")
    assert rows[BOB].points == 0 and rows[BOB].rounds[0].rank == 2 and SUB not in rows
    assert rows[CYD].points == 3  # the others' places are unchanged
    assert set(rate_table({}, credit(RESULT, "neither"))) == {ANN, CYD}


@pytest.mark.parametrize("name", ["original", "substitute", "neither"])
def test_a_bot_finished_seat_is_the_originals_unrated_and_marked(name: str) -> None:
    entrants = ENTRANTS + [Entrant(SUB, "Sub", guest=True)]
    rows = standings_under(name, entrants)
    assert rows[DAN].points == 1 and rows[DAN].bot_finished == 1 and rows[DAN].rounds[0].finished_by == "bot"
    assert DAN not in rate_table({}, credit(RESULT, name))


def test_a_result_that_does_not_know_its_finishers_is_left_as_it_was() -> None:
    old = TableResult(1, 1, (ANN, BOB, CYD, DAN), (50, 40, 30, 20), (1, 2, 3, 4), substituted=frozenset({BOB}))
    assert credit(old, "substitute") == old and old.finished_by(1) == "bot"


def test_the_context_carries_reliability_and_the_markers() -> None:
    table = compute(rule("original"), ENTRANTS, SEATING, [credit(RESULT, "original")],
                    records={ANN: Record(ANN, decisions=8, on_time=7, games=3)})
    rows = {row["player"]: row for row in standings_context(table)["rows"]}
    assert (rows[ANN]["reliability"], rows[ANN]["reliability_games"]) == ("88%", 3)
    assert rows[BOB]["reliability"] == "–"
    assert rows[DAN]["rounds"][0]["finished_by"] == "bot"


def test_the_rule_is_read_and_checked() -> None:
    assert load(MINIMAL).scoring.substitute_credit == "original"
    assert load(MINIMAL.replace('[scoring]', '[scoring]\nsubstitute_credit = "neither"')
                ).scoring.substitute_credit == "neither"
    with pytest.raises(Exception, match="scoring.substitute_credit.*'nobody' is not one of 'original', "
                                        "'substitute', 'neither'"):
        load(MINIMAL.replace('[scoring]', '[scoring]\nsubstitute_credit = "nobody"'))


@pytest.mark.parametrize("value", ['"80"', "-1", "101", "true", "nan"])
def test_min_reliability_is_a_percentage(value: str) -> None:
    with pytest.raises(Exception, match="registration.min_reliability.*must be a percentage from 0 to 100"):
        load(MINIMAL + f"[registration]\nmin_reliability = {value}\n")
    assert load(MINIMAL + "[registration]\nmin_reliability = 75\n").registration.min_reliability == 75.0
