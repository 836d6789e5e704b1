"""Seeded make-believe results, so seating and standings can be measured without playing games.

The benchmark and the tests need many rounds of history (10,000 players, five
rounds) in a moment; playing real games would measure the engines instead.
A simulated table gives every seat a random score and ranks by it in the
game's direction, ties sharing a rank, exactly as a finished game would.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tournaments.definition import Definition
from tournaments.history import History
from tournaments.records import Entrant, RoundSeating, SeatedTable, TableResult
from tournaments.seating import random_round, seat_round
from tournaments.standings import compute


def ranks_from_scores(scores: Sequence[int], lowest_wins: bool) -> tuple[int, ...]:
    """Competition ranks (1, 2, 2, 4) of ``scores`` in the game's direction."""
    sign = 1 if lowest_wins else -1
    return tuple(1 + sum(1 for other in scores if sign * other < sign * score) for score in scores)


def random_result(round_no: int, table: SeatedTable, lowest_wins: bool, rng: random.Random) -> TableResult:
    """A plausible finished table: scores 0-99 drawn at random, ranked by the game's direction."""
    scores = tuple(rng.randrange(100) for _ in table.players)
    return TableResult(round_no, table.number, table.players, scores, ranks_from_scores(scores, lowest_wins))


@dataclass
class Simulation:
    """A tournament played with random results: entrants, the rounds seated, the results, the history."""

    definition: Definition
    entrants: list[Entrant]
    rounds: list[RoundSeating] = field(default_factory=list)
    results: list[TableResult] = field(default_factory=list)
    history: History = field(default_factory=History)

    def points(self) -> dict[int, float]:
        return compute(self.definition, self.entrants, self.rounds, self.results).points()

    def seat(self, round_no: int, baseline: bool = False) -> RoundSeating:
        """Round ``round_no`` seated by the definition's method, or uniformly at random for a baseline."""
        seater = random_round if baseline else seat_round
        active = [e.player for e in self.entrants if e.active_in(round_no)]
        return seater(round_no, active, self.points(), self.history, self.definition.seating,
                      self.definition.seed)

    def play(self, seating: RoundSeating, rng: random.Random) -> None:
        """Record ``seating`` and a random result for each of its tables."""
        self.rounds.append(seating)
        self.history.record(seating.tables, seating.byes)
        self.results.extend(random_result(seating.round, t, self.definition.lowest_wins, rng)
                            for t in seating.tables)


def simulate(definition: Definition, players: int, rounds: int, seed: int = 0) -> Simulation:
    """``players`` entrants (ids 1..players) through ``rounds`` rounds of seating and random results."""
    simulation = Simulation(definition, [Entrant(i, f"Player {i:05d}") for i in range(1, players + 1)])
    rng = random.Random(seed)
    for round_no in range(1, rounds + 1):
        simulation.play(simulation.seat(round_no), rng)
    return simulation
