"""Every ``pbem bench`` target runs end to end and prints its table (small sizes: what is checked is that
it works and measures the real thing, never how fast: speed is the benchmarks' own business)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.postgres import postgres_url  # noqa: F401  (the fixture)


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


def test_bench_scale_builds_each_league_and_prints_a_column_per_size_with_targets() -> None:
    printed = bench("scale", "--games", "20,50", "--replies", "3", "--ticks", "2", "--moves", "2")
    assert "pbem bench scale on SQLite" in printed and "PostgreSQL" not in printed
    header = next(line for line in printed.splitlines() if "measure" in line)
    assert [cell.strip() for cell in header.split("┃")[1:-1]] == ["measure", "20 games", "50 games", "target", "met"]
    rows = cells(printed)
    assert rows["live replies answered"][:2] == ["3", "3"]  # every reply was answered by a mail, at both sizes
    for measure, target in (("pbem serve start-up, spawn to listening (s)", "≤ 2× smallest N"),
                            ("reply latency p99 (ms)", "≤ 2× smallest N"),
                            ("serve peak memory, states_cached = 100 (MiB)", "≤ 1.25× smallest N"),
                            ("scan: finding the due seats (ms per tick, median)", "≤ 2× smallest N (+1 ms)")):
        assert rows[measure][2:3] == [target] and rows[measure][3] in ("yes", "NO"), measure
    assert all(value == "–" or float(value.replace(",", "")) > 0 for value in rows["scan: ms per seat due"][:2])
    for measure in ("database bytes per game (KB)", "reply latency p50 (ms)", "scan: seats due per tick (mean)",
                    "scan: whole tick (ms, mean)"):
        assert all(float(value.replace(",", "")) >= 0 for value in rows[measure][:2]), measure
    assert float(rows["database bytes per game (KB)"][0].replace(",", "")) > 1  # a real game's rows, copied


def test_bench_mail_runs_one_and_two_workers_on_one_postgresql_side_by_side(postgres_url: str) -> None:
    printed = bench("mail", "--games", "2", "--players", "3", "--senders", "2", "--floor-messages", "40",
                    "--workers", "1,2", "--database-url", postgres_url, "--limit", "300")
    header = next(line for line in printed.splitlines() if "measure" in line)
    assert [cell.strip() for cell in header.split("┃")[1:-1]] == ["measure", "1 worker", "2 workers", "target", "met"]
    rows = cells(printed)
    assert rows["games finished"] == ["2 of 2", "2 of 2", "all", "yes"]
    assert rows["mails not sent at the end"] == ["0", "0", "0", "yes"]
    assert all(float(value) > 0 for value in rows["PostgreSQL CPU per email move (ms)"][:2])  # its own cluster's
    assert "lock waits (share of 0.1 s samples with one)" in rows


def test_bench_mail_refuses_two_workers_on_sqlite_saying_what_would_do() -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PBEM_")}
    done = subprocess.run([sys.executable, "-m", "pbem", "bench", "mail", "--workers", "1,2"], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 2 and "more than one worker needs --database-url (PostgreSQL)" in done.stderr


def test_bench_lock_answers_every_sender_while_another_process_holds_the_lock_and_loses_nothing() -> None:
    """A 2 s lock against 40 senders: every sender has 250 or 451, every 451'd mail sent again is stored, none is
    lost or stored twice (the waits' targets are printed, not checked: tests/serve/test_listener_lock.py bounds
    them generously)."""
    printed = bench("lock", "--seconds", "2", "--senders", "40")
    assert "SQLite's write lock 2 s" in printed
    rows = cells(printed)
    took, refused = int(rows["answered 250 (stored)"][0]), int(rows["answered 451 (try again later)"][0])
    assert took + refused == 40
    assert rows["answered otherwise, or not at all"] == ["0", "0", "yes"]
    assert rows["451'd mails stored when sent again after the lock"][0] == f"{refused} of {refused}"
    assert rows["mails lost (never stored)"] == ["0", "0", "yes"]
    assert rows["mails stored twice"] == ["0", "0", "yes"]
    assert rows["stored mails handled after the lock"][0] == "40 of 40"
    assert float(rows["longest wait for an answer (s)"][0]) > 0 and rows["longest wait for an answer (s)"][1] == "≤ 6"


def test_bench_lock_refuses_a_lock_of_no_time() -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PBEM_")}
    done = subprocess.run([sys.executable, "-m", "pbem", "bench", "lock", "--seconds", "0"], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 2 and "--seconds and --store-seconds must be above 0" in done.stderr


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
    assert rows["games finished, by link"] == ["1 of 1", "all", "yes"]
    assert float(rows["mails per player per game, by link"][0]) > float(rows["mails per player per game, P = 0"][0])
    more = rows["more median days, by link vs P = 0"]
    assert more[1] == "≤ +2%" and more[2] == ("yes" if float(more[0].rstrip("%")) <= 2 else "NO")
    sat, _, typed = rows["sittings per player per game, by link vs P = 0"][0].partition(" vs ")
    assert float(typed) > 5 and rows["sittings per player per game, by link vs P = 0"][1:] == [
        "no more", "yes" if float(sat) <= float(typed) else "NO"]


def test_bench_pages_weighs_a_whole_games_page_of_each_kind_against_its_target() -> None:
    printed = bench("pages", "--players", "3", "--language", "ru")
    rows = cells(printed)
    assert "in ru" in printed and rows["HTML per move (KB)"][-2:] == ["≤ 2", "yes"]
    moves = [int(cell.split()[0]) for cell in rows["moves (private)"][:3]]
    assert all(count > 50 for count in moves)  # whole games, played to their end
    html, picture = ([float(cell.replace(",", "")) for cell in rows[row][:3]]
                     for row in ("page HTML (KB)", "picture, the position now (KB)"))
    assert all(size > 20 for size in html) and all(size > 5 for size in picture)
    copies = [float(cell.replace(",", "")) for cell in rows["all copies: plain and 4 languages, pictures (KB)"][:3]]
    assert all(total > 3 * (page + image) for total, page, image in zip(copies, html, picture))  # five pages
