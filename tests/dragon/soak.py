"""The long property run, by hand: ``nice python -m tests.dragon.soak [games per count]``.

Plays thousands of random games per player count with every check of the
property tests (invariants after each move, notation round trips, refusals,
replay) and prints what it played. Not collected by pytest.
"""

from __future__ import annotations

import sys
import time

from tests.dragon.properties import play_checked, replay, snapshot


def main(games: int = 2000) -> None:
    for players in (2, 3, 4, 5):
        started = time.perf_counter()
        decisions = 0
        for seed in range(100_000, 100_000 + games):
            heavy = seed % 10 == 0
            state, log = play_checked(players, seed, round_trip=heavy, probe=heavy)
            assert snapshot(replay(players, seed, log)) == snapshot(state)
            decisions += len(log)
        print(f"{players} players: {games} games, {decisions} decisions, all checks passed "
              f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
