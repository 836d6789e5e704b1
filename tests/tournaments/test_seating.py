"""Seating: everyone placed once, reproducible, Swiss, few repeats and balanced seats compared with random."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import (Definition, History, RoundSeating, SeatingReport, SeatedTable, TournamentError, plan_tables,
                         random_round, seat_round)
from tournaments.definition import SeatingPolicy
from tournaments.history import report
from tournaments.seating import standing_spread
from tournaments.simulate import Simulation, random_result, simulate


def placed(seating: RoundSeating) -> list[int]:
    return sorted([p for t in seating.tables for p in t.players] + list(seating.byes))


def test_every_active_player_sits_once_or_has_a_bye(dragon_open: Definition) -> None:
    sim = simulate(dragon_open, 23, 2, seed=3)
    for seating in sim.rounds:
        assert placed(seating) == list(range(1, 24)) and not seating.byes
        assert sorted(len(t.players) for t in seating.tables) == [3, 4, 4, 4, 4, 4]
        assert [t.number for t in seating.tables] == list(range(1, 7))


def test_seating_is_reproducible_from_the_seed(dragon_open: Definition) -> None:
    first = simulate(dragon_open, 20, 3, seed=5)
    again = simulate(dragon_open, 20, 3, seed=5)
    assert [s.tables for s in first.rounds] == [s.tables for s in again.rounds]
    other = simulate(replace(dragon_open, seed=99), 20, 1, seed=5)
    assert other.rounds[0].tables != first.rounds[0].tables


def test_round_one_is_a_shuffle_not_registration_order(dragon_open: Definition) -> None:
    seating = seat_round(1, list(range(1, 17)), {}, History(), dragon_open.seating, dragon_open.seed)
    assert [t.players for t in seating.tables] != [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)]


def quality(definition: Definition, players: int, rounds: int) -> tuple[list[RoundSeating], list[RoundSeating], Simulation]:
    """Each round seated by the optimiser, and a random seating of the same round over the same history."""
    sim = Simulation(definition, simulate(definition, players, 0).entrants)
    rng = random.Random(11)
    optimised, baseline = [], []
    for round_no in range(1, rounds + 1):
        baseline.append(sim.seat(round_no, baseline=True))
        optimised.append(sim.seat(round_no))
        sim.play(optimised[-1], rng)
    return optimised, baseline, sim


def test_repeat_opponents_are_a_tenth_of_random_seatings(dragon_open: Definition) -> None:
    optimised, baseline, _ = quality(dragon_open, 40, 6)
    ours = sum(s.report.repeat_pairs for s in optimised)
    theirs = sum(s.report.repeat_pairs for s in baseline)
    assert theirs >= 30, "random seating of 40 players over 6 rounds should repeat often"
    assert ours <= 0.1 * theirs


def test_first_player_is_spread_better_than_random(dragon_open: Definition) -> None:
    optimised, baseline, sim = quality(dragon_open, 40, 6)
    assert max(s.report.seat_imbalance for s in optimised) < max(s.report.seat_imbalance for s in baseline)
    firsts = [sim.history.firsts(p) for p in range(1, 41)]
    assert max(firsts) - min(firsts) <= 1


def test_later_rounds_seat_similar_standings_together(dragon_open: Definition) -> None:
    sim = simulate(dragon_open, 40, 3, seed=2)
    points = sim.points()
    swiss = standing_spread(sim.seat(4), points)
    shuffled = standing_spread(sim.seat(4, baseline=True), points)
    assert swiss < 0.5 * shuffled


def test_standing_spread_is_the_mean_points_gap_per_table() -> None:
    seating = RoundSeating(2, (SeatedTable(1, (1, 2, 3)), SeatedTable(2, (4, 5, 6))), (), SeatingReport(0, 0.0, 0))
    points = {1: 10.0, 2: 4.0, 3: 7.0, 4: 1.0, 5: 1.0, 6: 3.0}
    assert standing_spread(seating, points) == (6 + 2) / 2


def test_byes_go_to_the_lowest_standing_without_a_bye_yet(dragon_open: Definition) -> None:
    fours = replace(dragon_open.seating, table_sizes=(4,), preferred=4)
    points = {p: float(p) for p in range(1, 14)}
    first = seat_round(2, list(range(1, 14)), points, History(), fours, 1)
    assert first.byes == (1,)
    history = History()
    history.record(first.tables, first.byes)
    second = seat_round(3, list(range(1, 14)), points, history, fours, 1)
    assert second.byes == (2,)


def test_drops_and_late_joins_between_rounds(dragon_open: Definition) -> None:
    sim = simulate(dragon_open, 12, 2, seed=4)
    active = [p for p in range(1, 13) if p not in (3, 7)] + [13, 14, 15]
    seating = seat_round(3, active, sim.points(), sim.history, dragon_open.seating, dragon_open.seed)
    assert placed(seating) == sorted(active)


def test_balanced_order_keeps_the_frequent_first_player_out_of_seat_one(dragon_open: Definition) -> None:
    history = History()
    history.record([SeatedTable(1, (1, 2, 3, 4)), SeatedTable(2, (5, 6, 7, 8))])
    history.record([SeatedTable(1, (1, 5, 6, 7)), SeatedTable(2, (2, 3, 4, 8))])
    seating = seat_round(3, [1, 2, 3, 4, 5, 6, 7, 8], {}, history, dragon_open.seating, 0)
    for table in seating.tables:
        assert history.firsts(table.players[0]) == 0


def test_report_counts_repeat_pairs_and_first_seat_excess() -> None:
    history = History()
    history.record([SeatedTable(1, (1, 2, 3, 4))])
    tables = (SeatedTable(1, (1, 2, 5, 6)), SeatedTable(2, (3, 4, 7, 8)))
    assert report(history, tables, ()) == SeatingReport(repeat_pairs=2, seat_imbalance=1.5, max_first=2)


def test_random_method_seats_every_round_at_random(dragon_open: Definition) -> None:
    shuffled = replace(dragon_open.seating, method="random")
    sim = simulate(dragon_open, 16, 2, seed=1)
    args = (3, list(range(1, 17)), sim.points(), sim.history)
    assert seat_round(*args, shuffled, 5) == random_round(*args, dragon_open.seating, 5)


def test_too_few_players_for_any_table_is_refused(dragon_open: Definition) -> None:
    with pytest.raises(TournamentError, match="2 active players cannot fill a table; the smallest allowed"):
        seat_round(1, [1, 2], {}, History(), dragon_open.seating, 0)


def test_a_player_listed_twice_is_refused(dragon_open: Definition) -> None:
    with pytest.raises(TournamentError, match=r"players \[2\] are listed more than once"):
        seat_round(1, [1, 2, 2, 3, 4], {}, History(), dragon_open.seating, 0)


def test_simulated_results_rank_by_the_games_direction() -> None:
    result = random_result(1, SeatedTable(1, (1, 2, 3, 4)), True, random.Random(0))
    best = min(result.scores)
    assert all((rank == 1) == (score == best) for score, rank in zip(result.scores, result.ranks))


@settings(max_examples=15, deadline=None)
@given(players=st.integers(min_value=5, max_value=60),
       sizes=st.sets(st.integers(min_value=2, max_value=5), min_size=1),
       seed=st.integers(min_value=0, max_value=10**6))
def test_any_field_is_seated_once_at_allowed_sizes(players: int, sizes: set[int], seed: int) -> None:
    rules = SeatingPolicy(table_sizes=tuple(sorted(sizes)), preferred=max(sizes))
    history = History()
    first = seat_round(1, list(range(players)), {}, history, rules, seed)
    history.record(first.tables, first.byes)
    points = {p: float(p % 7) for p in range(players)}
    second = seat_round(2, list(range(players)), points, history, rules, seed)
    for seating in (first, second):
        assert placed(seating) == list(range(players))
        assert all(len(t.players) in sizes for t in seating.tables)
        assert len(seating.byes) == plan_tables(players, rules.table_sizes, rules.preferred).byes
