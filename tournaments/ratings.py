"""A multiplayer skill rating (openskill's Plackett-Luce model), updated at each finished game.

Keep one book of ratings per game (``dragon``, ``china``, ``prodigals``): a
Dragon result says nothing about China skill. A player whose seat a bot
finished (``TableResult.substituted``) is left out of that game's update,
and the others are rated on their places among themselves; a game with fewer
than two counted players changes nothing. Forfeits count, placed last.

The displayed figure is openskill's ordinal, mu - 3 sigma: a cautious
estimate that rises as the system becomes sure of a player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from tournaments.records import TableResult

_MODEL = PlackettLuce()
"""Holds only the model's constants (mu 25, sigma 25/3, beta …); never changed after import."""


@dataclass(frozen=True)
class Rating:
    """One player's rating in one game: mean, uncertainty and how many games it rests on."""

    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def rate_table(ratings: Mapping[int, Rating], result: TableResult) -> dict[int, Rating]:
    """The new ratings of the players this game counts for (the rest are unchanged and absent)."""
    placed = result.placed_ranks()
    counted = [(p, r) for p, r in zip(result.players, placed) if p not in result.substituted]
    if len(counted) < 2:
        return {}
    before = [ratings.get(p, Rating()) for p, _ in counted]
    teams = [[_MODEL.rating(mu=old.mu, sigma=old.sigma)] for old in before]
    after = _MODEL.rate(teams, ranks=[float(r) for _, r in counted])
    return {p: Rating(team[0].mu, team[0].sigma, old.games + 1)
            for (p, _), old, team in zip(counted, before, after)}


def rate_all(results: Iterable[TableResult], start: Mapping[int, Rating] | None = None) -> dict[int, Rating]:
    """Ratings after every result in order (round, then table), from ``start`` or from scratch."""
    ratings = dict(start or {})
    for result in sorted(results, key=lambda r: (r.round, r.table)):
        ratings.update(rate_table(ratings, result))
    return ratings
