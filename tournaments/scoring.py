"""A finished table's result turned into tournament points, by a named system.

Systems (``scoring.system`` in the definition):

- ``rank_points``: the definition's table per table size, e.g. 4 players
  10/6/3/1. Players sharing a rank share the points of the places they
  cover: two tied for 2nd at a 4-table get (6 + 3) / 2 = 4.5 each.
- ``place_points``: WBC-style points by place whatever the table size
  (10, 6, 4, 3, 2, 1 unless the definition lists others), ties split the same
  way; places beyond the list score 0.
- ``wins``: 1 for the winner; players sharing first place split it.
- ``best_share``: 100 × the share of the table's best score, in the game's
  direction. Highest wins: 100 × score / best. Lowest wins (The Prodigals
  Club): 100 × best / score. A negative score counts as 0; when the best score
  is 0 (or less) only the players who reached it score 100.

Forfeiting players score 0 and rank after everyone who finished
(:meth:`TableResult.placed_ranks`). A seat another person finished, under
``substitute_credit = "neither"``, keeps its place and scores 0
(:mod:`tournaments.credit`).
"""

from __future__ import annotations

from tournaments.definition import ScoringSystem
from tournaments.errors import TournamentError
from tournaments.records import TableResult


def table_points(result: TableResult, scoring: ScoringSystem, lowest_wins: bool) -> tuple[float, ...]:
    """Tournament points per seat of ``result`` under ``scoring``."""
    ranks = result.placed_ranks()
    if scoring.system == "rank_points":
        size = len(result.players)
        if size not in scoring.rank_points:
            raise TournamentError(f"scoring.rank_points has no row for a table of {size} "
                                  f"(rows for {sorted(scoring.rank_points)}); add \"{size} = [...]\"")
        points = split_places(ranks, scoring.rank_points[size])
    elif scoring.system == "place_points":
        points = split_places(ranks, scoring.place_points)
    elif scoring.system == "wins":
        points = split_places(ranks, (1.0,))
    elif scoring.system == "best_share":
        points = best_share(result.scores, lowest_wins)
    else:
        raise TournamentError(f"unknown scoring system {scoring.system!r}")
    return tuple(0.0 if p in result.forfeited or p in result.uncredited else pts
                 for p, pts in zip(result.players, points))


def split_places(ranks: tuple[int, ...], by_place: tuple[float, ...]) -> tuple[float, ...]:
    """Points per seat where seats sharing a rank share the points of the places they cover.

    Ranks are competition ranks (1, 2, 2, 4); a rank r shared by k seats
    covers places r .. r+k-1. Places beyond ``by_place`` are worth 0.
    """
    shared: dict[int, int] = {}
    for rank in ranks:
        shared[rank] = shared.get(rank, 0) + 1

    def worth(place: int) -> float:
        return by_place[place - 1] if place <= len(by_place) else 0.0

    return tuple(sum(worth(place) for place in range(rank, rank + shared[rank])) / shared[rank]
                 for rank in ranks)


def best_share(scores: tuple[int, ...], lowest_wins: bool) -> tuple[float, ...]:
    """100 × each score's share of the table's best, in the game's direction (see the module docstring)."""
    counted = [max(score, 0) for score in scores]
    best = min(counted) if lowest_wins else max(counted)
    if best <= 0:
        return tuple(100.0 if score == best else 0.0 for score in counted)
    if lowest_wins:
        return tuple(100.0 * best / score for score in counted)
    return tuple(100.0 * score / best for score in counted)
