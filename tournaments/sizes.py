"""How many tables of which sizes a round needs, by one stated rule.

The rule, in order of importance:

1. seat as many players as the allowed sizes permit (anyone left over gets a
   recorded bye, which happens only when the sizes cannot add up to the
   number of players, e.g. sizes [4] and 13 players);
2. use as few tables of a size other than the preferred one as possible;
3. then keep the sizes as close to the preferred one as possible (the sum of
   the differences is smallest);
4. then use fewer tables.

So 13 players at sizes 3-5 preferring 4 play 5+4+4 (one odd table), never
4+3+3+3 (three); 14 play 5+5+4 (two odd tables, as 4+4+3+3, but fewer tables).
Sizes are listed largest first.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.errors import TournamentError


@dataclass(frozen=True)
class TablePlan:
    """Table sizes for one round (largest first) and how many players sit out with a bye."""

    sizes: tuple[int, ...]
    byes: int


def plan_tables(players: int, sizes: tuple[int, ...], preferred: int) -> TablePlan:
    """The plan for ``players`` by the rule in the module docstring."""
    if not sizes or min(sizes) < 1:
        raise TournamentError(f"table sizes must be whole numbers ≥ 1, not {sizes!r}")
    if preferred not in sizes:
        raise TournamentError(f"the preferred size {preferred} is not one of the table sizes {list(sizes)}")
    if players < 0:
        raise TournamentError(f"the number of players must be ≥ 0, not {players}")
    keys, last = _cheapest_ways(players, sizes, preferred)
    seated = max(m for m in range(players + 1) if keys[m] is not None)
    chosen, rest = [], seated
    while rest:
        chosen.append(last[rest])
        rest -= last[rest]
    return TablePlan(tuple(sorted(chosen, reverse=True)), players - seated)


Cost = tuple[int, int, int]
"""(tables of a non-preferred size, total distance from the preferred size, tables)."""


def _cheapest_ways(players: int, sizes: tuple[int, ...], preferred: int) -> tuple[list[Cost | None], list[int]]:
    """For every m ≤ players, the cost of the cheapest way to seat exactly m (None when impossible).

    A table of size s adds (s != preferred, |s - preferred|, 1) to the cost
    (odd tables, distance from preferred, tables — compared in that order);
    costs add, so the cheapest way to seat m extends the cheapest way for
    m - s. Only the last table's size is kept per m; the caller walks back.
    """
    keys: list[Cost | None] = [None] * (players + 1)
    last: list[int] = [0] * (players + 1)
    keys[0] = (0, 0, 0)
    for m in range(1, players + 1):
        for size in sorted(sizes, reverse=True):
            before = keys[m - size] if m >= size else None
            if before is None:
                continue
            key = (before[0] + (size != preferred), before[1] + abs(size - preferred), before[2] + 1)
            current = keys[m]
            if current is None or key < current:
                keys[m], last[m] = key, size
    return keys, last
