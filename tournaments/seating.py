"""Who sits with whom and in which seat: Swiss grouping without repeat opponents.

Round 1 (and every round of ``method = "random"``) is a seeded shuffle. Later
rounds start Swiss-style, the standings cut into consecutive tables, and then
a local search improves a weighted penalty:

    penalty = repeat_weight   × (earlier meetings of every pair at a table)
            + standing_weight × (each player's distance, in standings places,
                                 from the mean of their table)
            + seat_weight     × (per table, the smallest excess of first-player
                                 turns over a fair share among its players)

Players with equal points share one standings place (their mid-rank), so
swapping them is free. The search swaps two players of tables at most
``WINDOW`` tables apart (standings order), which keeps it local and fast on
10,000 players: first a greedy repair of every table with a repeat, then a
fixed number of simulated-annealing steps, then the repair again. Every random
choice comes from ``Random(f"{seed}/{round}")``, so a round is reproducible.

Seat order is balanced afterwards, table by table: the order chosen is the
one that puts each player where they have sat least often (position 0 is the
first player).

Byes (when the table sizes cannot seat everyone) go to the players with the
fewest byes so far, lowest in the standings first.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import permutations

from tournaments.definition import SeatingPolicy
from tournaments.errors import TournamentError
from tournaments.history import History, report
from tournaments.records import RoundSeating, SeatedTable
from tournaments.sizes import plan_tables

WINDOW = 8
"""How many tables up or down the standings a swap may reach."""

REPAIR_PASSES = 10
"""Greedy repair sweeps at most; each sweep that changes nothing ends it early."""

STEPS_BASE = 20_000
STEPS_PER_PLAYER = 10
"""Annealing steps: a fixed budget plus a little per player, never a clock, so results are reproducible."""

_NOBODY: dict[int, int] = {}


def seat_round(
    round_no: int,
    players: Sequence[int],
    points: Mapping[int, float],
    history: History,
    policy: SeatingPolicy,
    seed: int,
) -> RoundSeating:
    """Seat the active ``players`` for ``round_no`` (1-based) by ``policy.method``.

    ``points`` are the standings points so far (missing players count 0);
    ``history`` holds the rounds already played and is not changed.
    """
    if policy.method == "random":
        return random_round(round_no, players, points, history, policy, seed)
    rng = _rng(seed, round_no)
    seated, byes, sizes = _split(round_no, players, points, history, policy, rng)
    if round_no == 1 or not history.met:
        groups = _shuffled_groups(seated, sizes, rng)
    else:
        groups = _Optimiser(seated, sizes, points, history, policy, rng).groups()
    return _round(round_no, groups, byes, history, lambda group: _balanced_order(group, history, rng))


def random_round(
    round_no: int,
    players: Sequence[int],
    points: Mapping[int, float],
    history: History,
    policy: SeatingPolicy,
    seed: int,
) -> RoundSeating:
    """A uniformly shuffled seating (same table sizes and byes): the baseline seating is judged against."""
    rng = _rng(seed, round_no)
    seated, byes, sizes = _split(round_no, players, points, history, policy, rng)
    return _round(round_no, _shuffled_groups(seated, sizes, rng), byes, history, tuple)


def _round(
    round_no: int,
    groups: list[list[int]],
    byes: tuple[int, ...],
    history: History,
    seat_order: Callable[[list[int]], tuple[int, ...]],
) -> RoundSeating:
    """Number the tables, put each group in ``seat_order`` and judge the result against ``history``."""
    tables = tuple(SeatedTable(number, seat_order(group)) for number, group in enumerate(groups, start=1))
    return RoundSeating(round_no, tables, byes, report(history, tables, byes))


def standing_spread(seating: RoundSeating, points: Mapping[int, float]) -> float:
    """Mean over tables of the gap between the most and fewest points at the table: how Swiss a round is."""
    if not seating.tables:
        return 0.0
    gaps = [max(points.get(p, 0.0) for p in t.players) - min(points.get(p, 0.0) for p in t.players)
            for t in seating.tables]
    return sum(gaps) / len(gaps)


def _rng(seed: int, round_no: int) -> random.Random:
    return random.Random(f"{seed}/{round_no}")


def _split(
    round_no: int,
    players: Sequence[int],
    points: Mapping[int, float],
    history: History,
    policy: SeatingPolicy,
    rng: random.Random,
) -> tuple[list[int], tuple[int, ...], tuple[int, ...]]:
    """The players to seat (sorted), the byes, and the table sizes; refuses a field too small to play."""
    if round_no < 1:
        raise TournamentError(f"rounds are numbered from 1, not {round_no}")
    counts = Counter(players)
    unique = sorted(counts)
    if len(unique) != len(players):
        twice = sorted(p for p, n in counts.items() if n > 1)
        raise TournamentError(f"players {twice} are listed more than once; list each active player once")
    smallest = min(policy.table_sizes)
    if len(unique) < smallest:
        raise TournamentError(f"{len(unique)} active players cannot fill a table; the smallest allowed "
                              f"table size is {smallest}")
    plan = plan_tables(len(unique), policy.table_sizes, policy.preferred)
    order = sorted(unique, key=lambda p: (history.byes.get(p, 0), points.get(p, 0.0), rng.random()))
    byes = tuple(sorted(order[: plan.byes]))
    sitting_out = set(byes)
    return [p for p in unique if p not in sitting_out], byes, plan.sizes


def _shuffled_groups(players: list[int], sizes: tuple[int, ...], rng: random.Random) -> list[list[int]]:
    shuffled = list(players)
    rng.shuffle(shuffled)
    return _cut(shuffled, sizes)


def _cut(ordered: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(ordered[start:start + size])
        start += size
    return groups


def _balanced_order(group: list[int], history: History, rng: random.Random) -> tuple[int, ...]:
    """The seat order in which players sit where they have sat least often; ties broken at random."""
    shuffled = list(group)
    rng.shuffle(shuffled)
    size = len(shuffled)
    cost = [[_seat_cost(history, p, position) for position in range(size)] for p in shuffled]
    best_total, best = math.inf, tuple(range(size))
    for positions in permutations(range(size)):
        total = sum(row[pos] for row, pos in zip(cost, positions))
        if total < best_total:
            best_total, best = total, positions
            if total == 0:
                break
    seats = [0] * size
    for player, position in zip(shuffled, best):
        seats[position] = player
    return tuple(seats)


def _seat_cost(history: History, player: int, position: int) -> float:
    """Price of one more time in ``position``: grows with the times already there, doubly so for first player.

    The growth (2c + 1, the step from c² to (c + 1)²) makes two players at
    one extra time each cheaper than one player at two, which is what keeps
    the worst case low; first player counts double because it is the seat
    that matters in every game (in the Year of the Dragon the only one).
    """
    times = history.seat_count(player, position)
    return (2 * times + 1) * (2 if position == 0 else 1)


class _Optimiser:
    """Local search over swaps between nearby tables; see the module docstring for the penalty."""

    def __init__(
        self,
        players: list[int],
        sizes: tuple[int, ...],
        points: Mapping[int, float],
        history: History,
        policy: SeatingPolicy,
        rng: random.Random,
    ) -> None:
        self.rng = rng
        self.met = history.met
        self.repeat_weight = policy.repeat_weight
        self.standing_weight = policy.standing_weight
        self.seat_weight = policy.seat_weight
        self.excess = {p: history.firsts(p) - history.fair_first.get(p, 0.0) for p in players}
        order = sorted(players, key=lambda p: (-points.get(p, 0.0), rng.random()))
        self.place = _mid_ranks(order, points)
        self.tables = _cut(order, sizes)
        self.where = {p: t for t, members in enumerate(self.tables) for p in members}
        self.spreads = [self.spread(members) for members in self.tables]
        self.excesses = [self.first_excess(members) for members in self.tables]
        self.window = min(WINDOW, len(self.tables) - 1)
        self.steps = STEPS_BASE + STEPS_PER_PLAYER * len(players)

    def groups(self) -> list[list[int]]:
        if self.window < 1:
            return self.tables
        self.repair()
        self.anneal()
        self.repair()
        return self.tables

    # -- penalty -----------------------------------------------------------

    def spread(self, members: list[int]) -> float:
        place = self.place
        places = [place[p] for p in members]
        mean = sum(places) / len(places)
        return sum([abs(x - mean) for x in places])

    def first_excess(self, members: list[int]) -> float:
        excess = self.excess
        return min([excess[p] for p in members])

    def swap_delta(self, a: int, b: int) -> float:
        """Change of penalty if ``a`` and ``b`` (at different tables) trade places."""
        ta, tb = self.where[a], self.where[b]
        home, away = self.tables[ta], self.tables[tb]
        met_a, met_b = self.met.get(a, _NOBODY), self.met.get(b, _NOBODY)
        repeats = 0
        for x in home:
            if x != a:
                repeats += met_b.get(x, 0) - met_a.get(x, 0)
        for y in away:
            if y != b:
                repeats += met_a.get(y, 0) - met_b.get(y, 0)
        new_home = [b if x == a else x for x in home]
        new_away = [a if y == b else y for y in away]
        spread = self.spread(new_home) + self.spread(new_away) - self.spreads[ta] - self.spreads[tb]
        excess = (self.first_excess(new_home) + self.first_excess(new_away)
                  - self.excesses[ta] - self.excesses[tb])
        return self.repeat_weight * repeats + self.standing_weight * spread + self.seat_weight * excess

    def swap(self, a: int, b: int) -> None:
        ta, tb = self.where[a], self.where[b]
        home, away = self.tables[ta], self.tables[tb]
        home[home.index(a)] = b
        away[away.index(b)] = a
        self.where[a], self.where[b] = tb, ta
        for table, members in ((ta, home), (tb, away)):
            self.spreads[table] = self.spread(members)
            self.excesses[table] = self.first_excess(members)

    # -- search ------------------------------------------------------------

    def neighbours(self, table: int) -> range:
        return range(max(0, table - self.window), min(len(self.tables), table + self.window + 1))

    def repair(self) -> None:
        """Greedy: for every player meeting someone again, take the best improving swap nearby."""
        for _ in range(REPAIR_PASSES):
            improved = False
            for t, members in enumerate(self.tables):
                for a in [p for p in members if self._meets_again(p, members)]:
                    if self.where[a] != t:
                        continue
                    best, partner = 0.0, None
                    for u in self.neighbours(t):
                        if u == t:
                            continue
                        for b in self.tables[u]:
                            delta = self.swap_delta(a, b)
                            if delta < best - 1e-9:
                                best, partner = delta, b
                    if partner is not None:
                        self.swap(a, partner)
                        improved = True
            if not improved:
                return

    def _meets_again(self, player: int, members: list[int]) -> bool:
        mine = self.met.get(player, _NOBODY)
        return any(other in mine for other in members if other != player)

    def anneal(self) -> None:
        """Simulated annealing over random nearby swaps, cooling geometrically to near-greedy."""
        rng, tables, count = self.rng, self.tables, len(self.tables)
        hot = max(self.repeat_weight, self.standing_weight, self.seat_weight) / 4 or 1.0
        cold = hot / 1000
        cooling = (cold / hot) ** (1 / self.steps)
        temperature = hot
        for _ in range(self.steps):
            t = rng.randrange(count)
            u = t + rng.choice((-1, 1)) * rng.randint(1, self.window)
            if 0 <= u < count:
                a = tables[t][rng.randrange(len(tables[t]))]
                b = tables[u][rng.randrange(len(tables[u]))]
                delta = self.swap_delta(a, b)
                if delta < 0 or (delta > 0 and rng.random() < math.exp(-delta / temperature)):
                    self.swap(a, b)
            temperature *= cooling


def _mid_ranks(order: list[int], points: Mapping[int, float]) -> dict[int, float]:
    """Standings place of each player (0 = top), players on equal points sharing their mean place."""
    place: dict[int, float] = {}
    start = 0
    while start < len(order):
        value = points.get(order[start], 0.0)
        end = start
        while end < len(order) and points.get(order[end], 0.0) == value:
            end += 1
        for p in order[start:end]:
            place[p] = (start + end - 1) / 2
        start = end
    return place
