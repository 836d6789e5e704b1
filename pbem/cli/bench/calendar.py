"""``pbem bench calendar``: how many days a game by mail takes, and what moves sent ahead save (issue #14).

Each game is played GAMES times through the real service, database and
templates on a simulated clock (:mod:`pbem.simulation.calendar`): once with players who
only answer what they are asked (P = 0), once with players who send their next
decision ahead with probability P, and once with players who only click the
links of the moves in each prompt, a decision a click (``by link``). The runs are
the same people at the same tables, each person's answers taking the same times in
order (:meth:`pbem.simulation.calendar.Calendar._lineup`).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import typer

import engine
from pbem.simulation.calendar import Calendar, CalendarRun, median
from pbem.cli.bench.engines import TargetTable, app, percentile

FEWER_DAYS = 0.45
"""At P (the target is set at P = 0.5, players sending their next two turns ahead when a mail invites them),
a game's median days at least this share fewer than at P = 0 (#32; 0.35 with one turn sent ahead, #14)."""

MAX_MAILS = 30.0
"""Mails per player per Dragon game at most, at P."""

BY_LINK_DAYS = 0.02
"""Players who click a link per decision take at most this share more median days per game than players who type
their whole turn in one reply (both at P = 0, choosing the same moves): the next step's prompt comes at once and
they click it in the same sitting, so a turn of several steps costs them the minutes of its clicks
(:data:`pbem.simulation.calendar.CLICK`), not a round trip per step (#44)."""

TARGET_GAME = "dragon"
"""The game whose mail count has a target."""


@app.command("calendar")
def bench_calendar(
    games: int = typer.Option(10, "--games", help="Games played per game name and per P."),
    ahead: float = typer.Option(0.5, "--p", help="The probability that a reply also sends the next decision ahead."),
    players: int = typer.Option(4, "--players", help="Seats per game (within each game's range)."),
    seed: list[int] = typer.Option([0], "--seed", help="Seeds the games, the people and their choices; repeatable: "
                                                        "a table for each seed."),
    game: list[str] = typer.Option([], "--game", help="Only this game (repeatable); default: every game."),
    keep: bool = typer.Option(False, "--keep", help="Keep the runs' databases and say where."),
) -> None:
    """Play GAMES games of each game on a simulated calendar at P = 0, at P and by link; print days, replies and
    mails."""
    if games < 1:
        raise typer.BadParameter("must be at least 1", param_hint="--games")
    if not 0 < ahead <= 1:
        raise typer.BadParameter(f"{ahead}: give a probability above 0 and at most 1 (P = 0 always runs)",
                                 param_hint="--p")
    names = game or engine.names()
    unknown = [name for name in names if name not in engine.names()]
    if unknown:
        raise typer.BadParameter(f"unknown game {', '.join(unknown)}; known: {', '.join(engine.names())}",
                                 param_hint="--game")
    folder = Path(tempfile.mkdtemp(prefix="pbem-bench-calendar-"))
    try:
        for name in names:
            rules = engine.game(name)
            seats = max(rules.min_players, min(players, rules.max_players))
            for each in seed:
                runs, seconds = [], []
                for p, clicks in ((0.0, False), (ahead, False), (0.0, True)):
                    started = time.perf_counter()
                    runs.append(Calendar(folder / f"{name}-{each}-{p}-{clicks}", name, games=games, players=seats,
                                         ahead=p, seed=each, clicks=clicks).run())
                    seconds.append(time.perf_counter() - started)
                _print(rules.title, seats, games, each, runs, seconds)
    finally:
        if keep:
            typer.echo(f"databases kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


def _print(title: str, seats: int, games: int, seed: int, runs: list[CalendarRun], seconds: list[float]) -> None:
    still, sent, clicked = runs
    table = TargetTable(f"pbem bench calendar: {title}, {seats} players, {games} games, seed {seed}, "
                        f"P = 0, P = {sent.ahead:g} and by link")
    row = table.row
    for run in runs:
        p = "by link" if run.clicks else f"P = {run.ahead:g}"
        finished = run.finished
        row(f"games finished, {p}", f"{len(finished)} of {len(run.records)}", "all",
            len(finished) == len(run.records))
        row(f"days per game, median, {p}", f"{median(run.days()):.1f}")
        row(f"days per game, p90, {p}", f"{percentile(run.days(), 90):.1f}")
        row(f"replies on the critical path per game, {p}",
            f"{_mean([record.critical for record in finished]):.1f}")
        row(f"timeouts per game, {p}", f"{_mean([record.timeouts for record in finished]):.1f}")
        row(f"mails per player per game, {p}", f"{_mails(run):.1f}")
        row(f"sittings per player per game, {p}", f"{_sittings(run):.1f}")
        row(f"  by kind, {p}", _kinds(run))
        kept = sum(record.kept for record in run.records)
        played = sum(record.played_early for record in run.records)
        moves = sum(record.early_moves for record in run.records)
        row(f"kept moves played, {p}", (f"{played / kept:.0%}: {played} of {kept} replies sent ahead, "
                                        f"{moves} moves" if kept else "none sent ahead"))
        refusals = sum(record.refusals for record in run.records)
        row(f"refusals, {p}", f"{refusals}" + (f": {_reasons(run)}" if refusals else ""), "0", refusals == 0)
    before, after = median(still.days()), median(sent.days())
    fewer = 1 - after / before if before else 0.0
    row(f"fewer median days, P = {sent.ahead:g} vs P = 0", f"{fewer:.0%}", f"≥ {FEWER_DAYS:.0%}",
        fewer >= FEWER_DAYS)
    by_link = median(clicked.days()) / before - 1 if before else 0.0
    row("more median days, by link vs P = 0", f"{by_link:+.1%}", f"≤ {BY_LINK_DAYS:+.0%}", by_link <= BY_LINK_DAYS)
    typed, sat = _sittings(still), _sittings(clicked)
    row("sittings per player per game, by link vs P = 0", f"{sat:.1f} vs {typed:.1f}", "no more", sat <= typed)
    if still.game == TARGET_GAME:
        mails = _mails(sent)
        row(f"mails per player per {title} game, P = {sent.ahead:g}", f"{mails:.1f}", f"≤ {MAX_MAILS:.0f}",
            mails <= MAX_MAILS)
    row("wall time (s), P = 0, P and by link", " + ".join(f"{each:.0f}" for each in seconds))
    table.print()


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _mails(run: CalendarRun) -> float:
    finished = run.finished
    return sum(record.mails / record.players for record in finished) / len(finished) if finished else 0.0


def _sittings(run: CalendarRun) -> float:
    """The times a player sat down to answer, per player per game (:attr:`pbem.simulation.calendar.GameRecord.sittings`)."""
    return _mean([record.sittings / record.players for record in run.finished])


def _kinds(run: CalendarRun) -> str:
    """The mails per player per game by kind, most first: where the count comes from."""
    counted: Counter[str] = Counter()
    players = sum(record.players for record in run.finished) or 1
    for record in run.finished:
        counted.update(record.kinds)
    return ", ".join(f"{kind} {count / players:.1f}" for kind, count in counted.most_common())


def _reasons(run: CalendarRun) -> str:
    return "; ".join(f"{count}× {reason}" for reason, count in run.refusal_reasons.most_common(3))
