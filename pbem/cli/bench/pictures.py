"""``pbem bench pictures``: how large and how quick every game's board picture is (issue #15's targets).

Each game is played by greedy bots from a few seeds; along the way the
picture is drawn for the seat to act and for a spectator, in English and in
Greek (the longest labels and the widest script), every few decisions.
"""

from __future__ import annotations

import random
import statistics
import time

import typer

import engine
from pbem.cli.bench.engines import TargetTable, app, percentile
from pbem.language.words import words

MAX_BYTES = 60 * 1024
"""A picture's size at most (inline in a mail, read on a phone)."""

MAX_MS = 20.0
"""The time to draw one picture at most, on this machine."""


@app.command("pictures")
def bench_pictures(
    games: int = typer.Option(3, "--games", help="Games played per game name (seeds 0..games-1)."),
    players: int = typer.Option(4, "--players", help="Seats per game (within each game's range)."),
    every: int = typer.Option(5, "--every", help="Draw a picture every EVERY decisions."),
) -> None:
    """Draw the board pictures of every game along greedy games; print their size and time against the targets."""
    if games < 1 or every < 1:
        raise typer.BadParameter("--games and --every must be at least 1")
    for name in engine.names():
        rules = engine.game(name)
        seats = max(rules.min_players, min(players, rules.max_players))
        sizes, times = _measure(rules, seats, games, every)
        table = TargetTable(f"pbem bench pictures: {rules.title}, {seats} players, {games} games")
        if not sizes:
            table.row("pictures", "none (this game has no picture)")
            table.print()
            continue
        slowest = percentile(times, 95)
        table.row("pictures drawn", f"{len(sizes):,}")
        table.row("size, median (KB)", f"{statistics.median(sizes) / 1024:,.1f}")
        table.row("size, largest (KB)", f"{max(sizes) / 1024:,.1f}", f"≤ {MAX_BYTES / 1024:.0f}",
                  max(sizes) <= MAX_BYTES)
        table.row("time, median (ms)", f"{statistics.median(times):,.1f}")
        table.row("time, p95 (ms)", f"{slowest:,.1f}", f"≤ {MAX_MS:.0f}", slowest <= MAX_MS)
        table.print()


def _measure(rules: engine.Game, seats: int, games: int, every: int) -> tuple[list[int], list[float]]:
    readers = [words(rules, language) for language in ("en", "el")]
    sizes: list[int] = []
    times: list[float] = []
    for seed in range(games):
        state, rng, decisions = rules.new(seats, seed), random.Random(seed), 0
        while rules.result(state) is None:
            seat = min(rules.to_act(state))
            if decisions % every == 0:
                for viewer in (seat, None):
                    for reader in readers:
                        started = time.perf_counter()
                        png = rules.picture(state, viewer, reader)
                        elapsed = (time.perf_counter() - started) * 1000
                        if png is None:
                            return sizes, times
                        sizes.append(len(png))
                        times.append(elapsed)
            state = rules.apply(state, seat, rules.greedy(state, seat, rng))
            decisions += 1
    return sizes, times
