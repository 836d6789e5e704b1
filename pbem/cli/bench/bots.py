"""``pbem bench bots``: how strong and how quick the search bot is (issue #16's targets).

One search bot plays three greedy bots, game k seating it at seat k mod the
table size so that no seat's advantage counts for it; then greedy plays three
random bots, to show what a win share means in this game. Every game starts
from its own seed, the same for each pairing.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field

import typer

import engine
from engine import bots, search
from engine.protocol import Game, Move, State
from pbem.cli.bench.engines import TargetTable, app, percentile
from pbem.ops.config import Settings

MIN_WIN_SHARE = 0.40
"""The search bot's win share against three greedy bots at least (a quarter is parity at four seats)."""

MAX_MEDIAN_SECONDS = 1.0
"""The search bot's median time per decision at most, on this machine."""

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


@dataclass
class Tally:
    """One bot's games at a table of others: its win shares, ranks and the time and playouts of its decisions."""

    wins: float = 0.0
    games: int = 0
    ranks: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    playouts: int = 0
    search_seconds: float = 0.0

    def add(self, ranks: list[int], seat: int) -> None:
        """One game's ranks; a first place shared by k seats is a win share of 1/k."""
        self.games += 1
        self.ranks.append(ranks[seat])
        self.wins += 1.0 / ranks.count(1) if ranks[seat] == 1 else 0.0


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound for few games and shares near 0 or 1."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@app.command("bots")
def bench_bots(
    game: str = typer.Option("dragon", "--game", help="Game name: dragon, china or prodigals."),
    players: int = typer.Option(4, "--players", help="Seats per game."),
    games: int = typer.Option(20, "--games", help="Games per pairing; game k uses seed SEED+k."),
    bot: str = typer.Option("search", "--bot", help="The search bot to measure: search or search:N."),
    seed: int = typer.Option(0, "--seed", help="First game seed."),
    scale: bool = typer.Option(True, "--scale/--no-scale", help="Also play greedy against random bots."),
    seconds: float = typer.Option(Settings().bot_seconds, "--seconds",
                                  help="The search bot's time limit a decision, as the service sets it (bot_seconds); "
                                       "0: only its playouts bound it."),
) -> None:
    """Play one search bot against greedy bots (and greedy against random); print win share, rank and time."""
    try:
        rules = engine.game(game)
    except KeyError as exc:
        raise typer.BadParameter(str(exc.args[0]), param_hint="--game") from None
    if not rules.min_players <= players <= rules.max_players:
        raise typer.BadParameter(f"{rules.title} takes {rules.min_players}-{rules.max_players} players",
                                 param_hint="--players")
    if games < 1:
        raise typer.BadParameter("must be at least 1", param_hint="--games")
    if seconds < 0:
        raise typer.BadParameter("must be 0 (no time limit) or more", param_hint="--seconds")
    try:
        chosen = bots.get(bot, seconds, time.monotonic)
    except KeyError as exc:
        raise typer.BadParameter(str(exc.args[0]), param_hint="--bot") from None
    if not isinstance(chosen, bots.Searcher):
        raise typer.BadParameter(f"{bot!r} is not the search bot; give search or search:N", param_hint="--bot")
    tally = Tally()
    measured = _timed_search(chosen, tally)
    for k in range(games):
        _game(rules, players, seed + k, k % players, measured, bots.greedy, tally)
    limit = f", at most {seconds:g} s a decision" if seconds else ""
    _print(f"pbem bench bots: {bot}{limit} against {players - 1} greedy, {rules.title}, {games} games", tally,
           players, targets=True)
    if scale:
        scaled = Tally()
        for k in range(games):
            _game(rules, players, seed + k, k % players, _timed(bots.greedy, scaled), bots.random, scaled)
        _print(f"for scale: greedy against {players - 1} random, {rules.title}, {games} games", scaled,
               players, targets=False)


def _game(rules: Game, players: int, seed: int, seat: int, measured: bots.Bot, others: bots.Bot,
          tally: Tally) -> None:
    table = [others] * players
    table[seat] = measured
    over = bots.play(rules, players, seed, table).state
    result = rules.result(over)
    assert result is not None
    tally.add(result.ranks, seat)


def _timed(bot: bots.Bot, tally: Tally) -> bots.Bot:
    def timed(rules: Game, state: State, seat: int, rng: random.Random) -> Move:
        started = time.perf_counter()
        move = bot(rules, state, seat, rng)
        tally.seconds.append(time.perf_counter() - started)
        return move
    return timed


def _timed_search(searcher: bots.Searcher, tally: Tally) -> bots.Bot:
    """The search bot as ``Searcher`` plays, also counting its playouts (a forced move runs none)."""
    def timed(rules: Game, state: State, seat: int, rng: random.Random) -> Move:
        started = time.perf_counter()
        report = search.search(rules, state, seat, rng, searcher.budget())
        elapsed = time.perf_counter() - started
        tally.seconds.append(elapsed)
        if report.playouts:
            tally.playouts += report.playouts
            tally.search_seconds += elapsed
        return report.move
    return timed


def _print(title: str, tally: Tally, players: int, *, targets: bool) -> None:
    low, high = wilson(tally.wins, tally.games)
    share = tally.wins / tally.games
    median, p95 = statistics.median(tally.seconds), percentile(tally.seconds, 95)
    table = TargetTable(title)
    table.row("win share", f"{share:.0%}", f"≥ {MIN_WIN_SHARE:.0%}" if targets else "",
              share >= MIN_WIN_SHARE if targets else None)
    table.row("win share, 95 % interval (Wilson)", f"{low:.0%} – {high:.0%}")
    table.row("parity", f"{1 / players:.0%}")
    table.row("mean rank", f"{statistics.mean(tally.ranks):.2f}")
    table.row("decisions", f"{len(tally.seconds):,}")
    table.row("seconds per decision, median", f"{median:.3f}", f"≤ {MAX_MEDIAN_SECONDS:g}" if targets else "",
              median <= MAX_MEDIAN_SECONDS if targets else None)
    table.row("seconds per decision, p95", f"{p95:.3f}")
    if tally.search_seconds:
        table.row("playouts per second", f"{tally.playouts / tally.search_seconds:,.0f}")
    table.print()
