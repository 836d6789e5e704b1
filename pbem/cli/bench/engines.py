"""``pbem bench …``: speed and memory measured, printed as a table.

Targets are checked here, never by timed tests.
"""

from __future__ import annotations

import time
import tracemalloc

import typer
from rich.console import Console
from rich.table import Table

import engine
from engine import bots
from pbem.cli.game import options
from pbem.cli.organiser import group

app = group("Benchmarks; each prints a table.")


class TargetTable:
    """A benchmark's table with its targets beside the measures: a row without a target leaves both blank.

    ``columns`` name the values of each row: one (``value``) by default, or one a size or a setup measured
    side by side (``1,000 games``, ``10,000 games``), the target then holding for them all.
    """

    def __init__(self, title: str, columns: tuple[str, ...] = ("value",)) -> None:
        self.table = Table(title=title)
        self.width = len(columns)
        for column, justify in (("measure", "left"), *((name, "right") for name in columns), ("target", "right"),
                                ("met", "center")):
            self.table.add_column(column, justify=justify)  # type: ignore[arg-type]

    def row(self, measure: str, value: str | tuple[str, ...], target: str = "", met: bool | None = None) -> None:
        values = (value,) if isinstance(value, str) else value
        if len(values) != self.width:
            raise ValueError(f"row {measure!r} has {len(values)} values for {self.width} columns")
        self.table.add_row(measure, *values, target, "" if met is None else ("yes" if met else "NO"))

    def print(self) -> None:
        Console().print(self.table)


def percentile(values: list[float], percent: float) -> float:
    """The value ``percent`` % of ``values`` lie at or below (nearest rank); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(percent / 100 * (len(ordered) - 1)))]


@app.command("engine")
def bench_engine(
    game: str = typer.Option("dragon", "--game", help="Game name."),
    players: int = typer.Option(4, "--players", help="Seats per game."),
    games: int = typer.Option(300, "--games", help="Complete games to play."),
    seed: int = typer.Option(0, "--seed", help="First seed; game i uses seed+i."),
    memory: bool = typer.Option(True, "--memory/--no-memory", help="Trace peak memory in a second pass."),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option KEY=VALUE."),
) -> None:
    """Play GAMES complete games of random bots from fresh seeds; print games/s and more."""
    try:
        rules = engine.game(game)
    except KeyError as exc:
        raise typer.BadParameter(str(exc.args[0]), param_hint="--game") from None
    if games < 1:
        raise typer.BadParameter("must be at least 1", param_hint="--games")
    if not rules.min_players <= players <= rules.max_players:
        raise typer.BadParameter(
            f"{rules.title} takes {rules.min_players}-{rules.max_players} players", param_hint="--players"
        )
    chosen = options(option)
    try:
        rules.new(players, seed, chosen)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--option") from None
    decisions = 0
    started = time.perf_counter()
    for i in range(games):
        decisions += _play_random(rules, players, seed + i, chosen)
    elapsed = time.perf_counter() - started
    peak = 0
    if memory:
        tracemalloc.start()
        _play_random(rules, players, seed, chosen)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    described = ", ".join(f"{k}={v}" for k, v in chosen.items())
    table = Table(title=f"pbem bench engine: {rules.title}, {players} players, {games} games"
                  + (f" ({described})" if described else ""))
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games/s", f"{games / elapsed:,.1f}")
    table.add_row("decisions/s", f"{decisions / elapsed:,.0f}")
    table.add_row("mean decisions per game", f"{decisions / games:,.1f}")
    table.add_row("wall time (s)", f"{elapsed:,.2f}")
    table.add_row("peak memory, one game (KiB)", f"{peak / 1024:,.0f}" if memory else "not traced")
    Console().print(table)


def _play_random(rules: engine.Game, players: int, seed: int, chosen: dict[str, object]) -> int:
    """One game of random bots; returns the number of decisions made."""
    return len(bots.play(rules, players, seed, options=chosen).moves)
