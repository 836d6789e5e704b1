"""``pbem bench tournament``: seating and standings at 10,000 players, against their targets.

History comes from :mod:`tournaments.simulate` (real seating, random
results), so the figures measure the tournament logic, not the engines.
Targets on this machine: seating ≤ 5 s, standings ≤ 1 s, repeat-opponent
pairs ≤ 10 % of random seating's. Times are shown as CPU and wall seconds;
targets are checked on CPU time, since other jobs share the two cores.
"""

from __future__ import annotations

import resource
import time
import tracemalloc
from pathlib import Path

import typer

import tournaments
from pbem.cli.bench.engines import TargetTable, app
from tournaments import definition as definitions
from tournaments.seating import standing_spread
from tournaments.simulate import Simulation, simulate

DEFAULT_DEFINITION = Path(tournaments.__file__).parent / "examples" / "dragon-open.toml"
SEATING_TARGET_S = 5.0
STANDINGS_TARGET_S = 1.0
REPEAT_TARGET = 0.10
STANDINGS_RUNS = 3
"""Standings are cheap enough to time three times; the best run is the least disturbed by other work."""


@app.command("tournament")
def bench_tournament(
    players: int = typer.Option(10_000, "--players", help="Registered players, all active."),
    history: int = typer.Option(5, "--history", help="Rounds simulated before the measured round."),
    seed: int = typer.Option(1, "--seed", help="Seed of the simulated results."),
    definition_file: Path = typer.Option(DEFAULT_DEFINITION, "--definition", help="Tournament definition (TOML)."),
    memory: bool = typer.Option(True, "--memory/--no-memory", help="Trace peak memory in a second pass."),
) -> None:
    """Seat round HISTORY+1 of PLAYERS after HISTORY simulated rounds; time it, compare with random seating."""
    if players < 2:
        raise typer.BadParameter("must be at least 2", param_hint="--players")
    if history < 1:
        raise typer.BadParameter("must be at least 1 (round 1 is random anyway)", param_hint="--history")
    try:
        rules = definitions.load(definition_file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise typer.BadParameter(f"cannot read it: {exc.strerror}", param_hint="--definition") from None
    except tournaments.DefinitionError as exc:
        raise typer.BadParameter(f"{definition_file}:\n{exc}", param_hint="--definition") from None
    measured = history + 1
    started = time.perf_counter()
    past = simulate(rules, players, history, seed)
    simulated = time.perf_counter() - started

    points = past.points()
    active = [e.player for e in past.entrants]
    with _Stopwatch() as seating:
        swiss = tournaments.seat_round(measured, active, points, past.history, rules.seating, rules.seed)
    baseline = tournaments.random_round(measured, active, points, past.history, rules.seating, rules.seed)

    started = time.perf_counter()
    ratings = tournaments.rate_all(past.results)
    rating_s = time.perf_counter() - started
    standings = min((_timed_standings(rules, past, ratings) for _ in range(STANDINGS_RUNS)), key=lambda w: w.cpu)

    traced = _traced_peak(rules, past, measured, points) if memory else None
    ratio = swiss.report.repeat_pairs / baseline.report.repeat_pairs if baseline.report.repeat_pairs else 0.0
    table = TargetTable(f"pbem bench tournament: {rules.game}, {players:,} players, round {measured} "
                        f"after {history} simulated rounds")
    table.row(f"seating round {measured} (s CPU / wall)", seating.shown(), f"≤ {SEATING_TARGET_S:g}",
              met=seating.cpu <= SEATING_TARGET_S)
    table.row("repeat-opponent pairs, optimised", f"{swiss.report.repeat_pairs:,}")
    table.row("repeat-opponent pairs, random seating", f"{baseline.report.repeat_pairs:,}")
    table.row("optimised / random", f"{ratio:.1%}", f"≤ {REPEAT_TARGET:.0%}",
              met=swiss.report.repeat_pairs <= REPEAT_TARGET * baseline.report.repeat_pairs)
    table.row("points gap within a table, optimised / random",
              f"{standing_spread(swiss, points):.1f} / {standing_spread(baseline, points):.1f}")
    table.row("seat imbalance, optimised / random",
              f"{swiss.report.seat_imbalance:.2f} / {baseline.report.seat_imbalance:.2f}")
    table.row("most times first player, optimised / random", f"{swiss.report.max_first} / {baseline.report.max_first}")
    table.row(f"standings, best of {STANDINGS_RUNS} (s CPU / wall)", standings.shown(), f"≤ {STANDINGS_TARGET_S:g}",
              met=standings.cpu <= STANDINGS_TARGET_S)
    table.row(f"ratings, {len(past.results):,} games (games/s)", f"{len(past.results) / rating_s:,.0f}")
    table.row(f"simulating {history} rounds (s)", f"{simulated:.2f}")
    table.row("peak memory, seating + standings traced (MiB)",
              f"{traced / 2**20:,.1f}" if traced is not None else "not traced")
    table.row("peak resident memory, whole run (MiB)",
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f}")
    table.print()


class _Stopwatch:
    """CPU time (what our code costs, the figure the targets are checked on) and wall time (what a user waits).

    The machine is shared by several engineers' jobs, so wall time swings
    with their load; CPU time of this process does much less.
    """

    cpu = 0.0
    wall = 0.0

    def __enter__(self) -> _Stopwatch:
        self._cpu, self._wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu = time.process_time() - self._cpu
        self.wall = time.perf_counter() - self._wall

    def shown(self) -> str:
        return f"{self.cpu:.2f} / {self.wall:.2f}"


def _timed_standings(
    rules: definitions.Definition, past: Simulation, ratings: dict[int, tournaments.Rating]
) -> _Stopwatch:
    with _Stopwatch() as watch:
        tournaments.compute(rules, past.entrants, past.rounds, past.results, ratings)
    return watch


def _traced_peak(rules: definitions.Definition, past: Simulation, measured: int, points: dict[int, float]) -> int:
    """Peak bytes Python allocates while seating and ranking once more (tracing slows it, so it is a second pass)."""
    tracemalloc.start()
    active = [e.player for e in past.entrants]
    tournaments.seat_round(measured, active, points, past.history, rules.seating, rules.seed)
    tournaments.compute(rules, past.entrants, past.rounds, past.results)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


