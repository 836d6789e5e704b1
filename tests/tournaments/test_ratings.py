"""Ratings: openskill per finished game; a bot-finished seat does not count for the replaced player."""

from __future__ import annotations

from tournaments import Rating, TableResult, rate_all, rate_table


def test_winner_rises_and_loser_falls() -> None:
    new = rate_table({}, TableResult(1, 1, (1, 2, 3, 4), (50, 40, 30, 20), (1, 2, 3, 4)))
    assert new[1].mu > Rating().mu > new[4].mu
    assert all(r.sigma < Rating().sigma and r.games == 1 for r in new.values())


def test_substituted_player_keeps_the_old_rating() -> None:
    start = {1: Rating(30.0, 4.0, 5)}
    result = TableResult(2, 1, (1, 2, 3), (10, 20, 30), (3, 2, 1), substituted=frozenset({1}))
    new = rate_table(start, result)
    assert set(new) == {2, 3} and new[3].mu > new[2].mu
    assert rate_all([result], start)[1] == Rating(30.0, 4.0, 5)


def test_game_with_one_counted_player_changes_nothing() -> None:
    result = TableResult(1, 1, (1, 2), (10, 20), (2, 1), substituted=frozenset({2}))
    assert rate_table({}, result) == {}


def test_tied_players_from_equal_ratings_stay_equal() -> None:
    new = rate_table({}, TableResult(1, 1, (1, 2, 3), (9, 9, 3), (1, 1, 3)))
    assert abs(new[1].mu - new[2].mu) < 1e-9 and new[1].mu > new[3].mu


def test_forfeit_rates_as_last_place() -> None:
    result = TableResult(1, 1, (1, 2, 3), (90, 10, 5), (1, 2, 3), forfeited=frozenset({1}))
    new = rate_table({}, result)
    assert new[1].mu < new[3].mu < new[2].mu


def test_ratings_accumulate_in_round_order() -> None:
    games = [TableResult(2, 1, (1, 2), (5, 9), (2, 1)), TableResult(1, 1, (1, 2), (9, 5), (1, 2))]
    assert rate_all(games)[1].games == 2 and rate_all(games) == rate_all(list(reversed(games)))
