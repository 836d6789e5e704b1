"""Leagues: when the next round starts; divisions and promotion between seasons."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest

from tournaments import Definition, TournamentError, divide, next_round_start, promote
from tournaments.definition import League

ENDED = datetime(2026, 12, 3, 18, 30, tzinfo=UTC)


def league(base: Definition, **fields: object) -> Definition:
    return replace(base, rounds=3, league=League(season="S1", **fields))


def test_auto_starts_after_the_gap(dragon_open: Definition) -> None:
    rules = league(dragon_open, next_round="auto", gap=timedelta(hours=24))
    assert next_round_start(rules, 1, ENDED) == ENDED + timedelta(hours=24)


def test_dates_start_on_the_next_rounds_date_or_at_once_if_it_has_passed(dragon_open: Definition) -> None:
    rules = league(dragon_open, next_round="dates", dates=(date(2026, 12, 1), date(2026, 12, 8), date(2026, 12, 2)))
    assert next_round_start(rules, 1, ENDED) == datetime(2026, 12, 8, tzinfo=UTC)
    assert next_round_start(rules, 2, ENDED) == ENDED


def test_manual_last_round_and_plain_tournaments_wait_for_the_organiser(dragon_open: Definition) -> None:
    assert next_round_start(league(dragon_open, next_round="manual"), 1, ENDED) is None
    assert next_round_start(league(dragon_open), 3, ENDED) is None
    assert next_round_start(dragon_open, 1, ENDED) is None


def test_a_round_outside_the_tournament_is_refused(dragon_open: Definition) -> None:
    with pytest.raises(TournamentError, match=r"round 4 is not a round of this tournament \(1-3\)"):
        next_round_start(league(dragon_open), 4, ENDED)


def test_divide_gives_the_top_divisions_the_extra_players() -> None:
    assert divide(list(range(1, 11)), 3) == ((1, 2, 3, 4), (5, 6, 7), (8, 9, 10))


def test_promote_swaps_the_edges_of_neighbouring_divisions() -> None:
    final = [(1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15)]
    assert promote(final, 2) == ((1, 2, 3, 6, 7), (4, 5, 8, 11, 12), (9, 10, 13, 14, 15))


def test_promote_refuses_to_move_more_than_a_division_holds() -> None:
    with pytest.raises(TournamentError, match="division 2 has 3 players, too few to move 2 up and 2 down"):
        promote([(1, 2, 3), (4, 5, 6), (7, 8, 9)], 2)
