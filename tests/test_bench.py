"""Every ``pbem bench`` target runs end to end and prints its table (small sizes: what is checked is that
it works and measures the real thing, never how fast: speed is the benchmarks' own business)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def bench(*args: str) -> str:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PBEM_")}
    done = subprocess.run([sys.executable, "-m", "pbem", "bench", *args], capture_output=True, text=True,
                          timeout=600, env={**env, "COLUMNS": "160"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def cells(table: str) -> dict[str, list[str]]:
    """The printed table's rows by their first cell."""
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in table.splitlines() if "│" in line]
    return {row[0]: row[1:] for row in rows}


@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_bench_engine_plays_complete_games(game: str) -> None:
    rows = cells(bench("engine", "--game", game, "--players", "3", "--games", "3", "--no-memory"))
    assert float(rows["games/s"][0].replace(",", "")) > 0 and "decisions/s" in rows


def test_bench_mail_plays_every_game_to_the_end_through_pbem_serve() -> None:
    rows = cells(bench("mail", "--games", "2", "--players", "3", "--senders", "2", "--floor-messages", "40",
                       "--limit", "300"))
    assert rows["games finished"] == ["2 of 2", "all", "yes"]
    assert rows["mails not sent at the end"] == ["0", "0", "yes"]
    assert float(rows["moves/s end to end (email moves)"][0].replace(",", "")) > 0
    assert float(rows["floor: SMTP in + SQLite + SMTP out (msgs/s)"][0].replace(",", "")) > 0


def test_bench_tournament_seats_and_scores_against_its_targets() -> None:
    out = bench("tournament", "--players", "200", "--history", "2", "--no-memory")
    assert "seating round 3" in out and "standings" in out


def test_bench_pictures_draws_every_games_pictures_and_checks_size_and_time() -> None:
    printed = bench("pictures", "--games", "1", "--players", "3", "--every", "25")
    rows = cells(printed)
    assert "China" in printed and int(rows["pictures drawn"][0].replace(",", "")) > 0
    assert rows["size, largest (KB)"][1] == "≤ 60" and rows["time, p95 (ms)"][1] == "≤ 20"
    assert float(rows["size, largest (KB)"][0]) > 1  # a real PNG of a board, not an empty image


def test_bench_calendar_plays_games_on_a_simulated_clock_and_checks_its_targets() -> None:
    printed = bench("calendar", "--games", "1", "--game", "china", "--seed", "0", "--seed", "1")
    assert "China, 4 players, 1 games, seed 0" in printed and "China, 4 players, 1 games, seed 1" in printed
    rows = cells(printed.split("seed 1")[0])
    assert rows["games finished, P = 0"] == ["1 of 1", "all", "yes"]
    assert float(rows["days per game, median, P = 0"][0]) > 7  # weeks of play, simulated
    assert float(rows["mails per player per game, P = 0.5"][0]) > 5
    fewer = rows["fewer median days, P = 0.5 vs P = 0"]
    assert fewer[1] == "≥ 45%" and fewer[2] == ("yes" if int(fewer[0].rstrip("%")) >= 45 else "NO")
