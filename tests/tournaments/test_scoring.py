"""Scoring systems on hand-computed tables, ties and forfeits included."""

from __future__ import annotations

import pytest

from tournaments import TableResult, TournamentError, table_points
from tournaments.definition import ScoringSystem
from tournaments.scoring import best_share, split_places

RANK = ScoringSystem(system="rank_points", rank_points={3: (6.0, 3.0, 1.0), 4: (10.0, 6.0, 3.0, 1.0)})


def table(scores: tuple[int, ...], ranks: tuple[int, ...], forfeited: frozenset[int] = frozenset()) -> TableResult:
    return TableResult(1, 1, tuple(range(1, len(scores) + 1)), scores, ranks, forfeited=forfeited)


def test_rank_points_by_table_size() -> None:
    assert table_points(table((50, 40, 30, 20), (1, 2, 3, 4)), RANK, False) == (10, 6, 3, 1)
    assert table_points(table((50, 40, 30), (1, 2, 3)), RANK, False) == (6, 3, 1)


def test_tied_ranks_share_the_points_of_the_places_they_cover() -> None:
    assert split_places((1, 2, 2, 4), (10, 6, 3, 1)) == (10, 4.5, 4.5, 1)
    assert split_places((1, 1, 1, 1), (10, 6, 3, 1)) == (5, 5, 5, 5)
    assert split_places((2, 1, 2), (6, 3, 1)) == (2, 6, 2)


def test_wbc_place_points_ignore_table_size_and_stop_after_six() -> None:
    wbc = ScoringSystem(system="place_points")
    assert table_points(table((5, 4, 3, 2, 1), (1, 2, 3, 4, 5)), wbc, False) == (10, 6, 4, 3, 2)
    assert split_places((1, 2, 3, 4, 5, 6, 7), wbc.place_points) == (10, 6, 4, 3, 2, 1, 0)
    assert split_places((1, 1, 3), wbc.place_points) == (8, 8, 4)


def test_win_count_splits_a_shared_win() -> None:
    wins = ScoringSystem(system="wins")
    assert table_points(table((9, 9, 3), (1, 1, 3)), wins, False) == (0.5, 0.5, 0)
    assert table_points(table((9, 5, 3), (1, 2, 3)), wins, False) == (1, 0, 0)


def test_best_share_highest_wins() -> None:
    assert best_share((50, 40, 25), lowest_wins=False) == (100, 80, 50)


def test_best_share_lowest_wins_runs_the_other_way() -> None:
    assert best_share((20, 25, 40), lowest_wins=True) == (100, 80, 50)


def test_best_share_with_nothing_to_share() -> None:
    assert best_share((0, -3, 0), lowest_wins=False) == (100, 100, 100)
    assert best_share((0, -2, -5), lowest_wins=False) == (100, 100, 100)
    assert best_share((-1, 4, 0), lowest_wins=False) == (0, 100, 0)
    assert best_share((0, 4, 8), lowest_wins=True) == (100, 0, 0)


def test_forfeit_scores_nothing_and_drops_to_last_place() -> None:
    result = table((50, 40, 30, 20), (1, 2, 3, 4), forfeited=frozenset({2}))
    assert result.placed_ranks() == (1, 4, 2, 3)
    assert table_points(result, RANK, False) == (10, 0, 6, 3)


def test_missing_rank_points_row_says_which_to_add() -> None:
    with pytest.raises(TournamentError, match=r'no row for a table of 5 \(rows for \[3, 4\]\); add "5 = \[...\]"'):
        table_points(table((5, 4, 3, 2, 1), (1, 2, 3, 4, 5)), RANK, False)


def test_result_with_mismatched_lengths_is_refused() -> None:
    with pytest.raises(ValueError, match="ranks has 3 entries for 4 players"):
        TableResult(1, 2, (1, 2, 3, 4), (5, 4, 3, 2), (1, 2, 3))
