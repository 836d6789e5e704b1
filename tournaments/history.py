"""Who has met whom and who sat where: the memory the seating optimiser works from.

Built for 10,000 players: a player's opponents are a small dict of int ids
(opponent -> times met), so "have these two met?" is one dictionary lookup,
and seat counts are one short list per player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tournaments.records import RoundSeating, SeatingReport, SeatedTable


@dataclass
class History:
    """Meetings, seat positions and byes of every round recorded so far.

    Owned by whoever builds it (usually from the stored rounds with
    :meth:`of`); :meth:`record` adds one round.
    """

    met: dict[int, dict[int, int]] = field(default_factory=dict)
    seats: dict[int, list[int]] = field(default_factory=dict)
    fair_first: dict[int, float] = field(default_factory=dict)
    byes: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, rounds: Iterable[RoundSeating]) -> History:
        history = cls()
        for seating in rounds:
            history.record(seating.tables, seating.byes)
        return history

    def record(self, tables: Iterable[SeatedTable], byes: Iterable[int] = ()) -> None:
        for table in tables:
            size = len(table.players)
            for position, player in enumerate(table.players):
                mine = self.met.setdefault(player, {})
                for other in table.players:
                    if other != player:
                        mine[other] = mine.get(other, 0) + 1
                counts = self.seats.setdefault(player, [])
                if len(counts) < size:
                    counts.extend([0] * (size - len(counts)))
                counts[position] += 1
                self.fair_first[player] = self.fair_first.get(player, 0.0) + 1.0 / size
        for player in byes:
            self.byes[player] = self.byes.get(player, 0) + 1

    def meetings(self, a: int, b: int) -> int:
        return self.met.get(a, {}).get(b, 0)

    def firsts(self, player: int) -> int:
        counts = self.seats.get(player)
        return counts[0] if counts else 0

    def seat_count(self, player: int, position: int) -> int:
        counts = self.seats.get(player)
        return counts[position] if counts and position < len(counts) else 0


def repeat_pairs(history: History, tables: Iterable[SeatedTable]) -> int:
    """Pairs seated together at ``tables`` who had met at least once before."""
    count = 0
    for table in tables:
        players = table.players
        for i, a in enumerate(players):
            mine = history.met.get(a)
            if mine:
                count += sum(1 for b in players[i + 1:] if b in mine)
    return count


def report(before: History, tables: tuple[SeatedTable, ...], byes: tuple[int, ...]) -> SeatingReport:
    """The quality report of a round seated on top of ``before`` (which is left unchanged)."""
    repeats = repeat_pairs(before, tables)
    firsts: dict[int, int] = {}
    fair: dict[int, float] = {}
    for table in tables:
        share = 1.0 / len(table.players)
        for position, player in enumerate(table.players):
            firsts[player] = before.firsts(player) + (position == 0)
            fair[player] = before.fair_first.get(player, 0.0) + share
    imbalance = max((abs(firsts[p] - fair[p]) for p in firsts), default=0.0)
    return SeatingReport(repeats, round(imbalance, 3), max(firsts.values(), default=0))
