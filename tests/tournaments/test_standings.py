"""Standings and every tie-break on hand-computed cases (rank points 4 = 10/6/3/1, 3 = 6/3/1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournaments import Definition, Entrant, RoundSeating, SeatingReport, Standings, TableResult, compute
from tournaments.ratings import Rating

A, B, C, D, E, F, G, H, I, J = range(1, 11)
PLAYERS = [Entrant(p, "ABCDEFGHIJ"[p - 1]) for p in range(1, 11)]


def game(round_no: int, players: tuple[int, ...], ranks: tuple[int, ...], scores: tuple[int, ...] = (),
         timeouts: tuple[int, ...] = (), table: int = 1) -> TableResult:
    scores = scores or tuple(100 - 10 * r for r in ranks)
    return TableResult(round_no, table, players, scores, ranks, timeouts)


def rounds(*byes: tuple[int, ...]) -> list[RoundSeating]:
    return [RoundSeating(n, (), b, SeatingReport(0, 0.0, 0)) for n, b in enumerate(byes, start=1)]


def rules(base: Definition, *tie_breaks: str, **scoring: object) -> Definition:
    return replace(base, scoring=replace(base.scoring, tie_breaks=tie_breaks, **scoring))


def order(standings: Standings) -> str:
    return " ".join(row.place + "ABCDEFGHIJ"[row.player - 1] for row in standings.rows)


def row(standings: Standings, player: int):
    return next(r for r in standings.rows if r.player == player)


def test_points_add_up_and_a_level_pair_shares_a_rank(dragon_open: Definition) -> None:
    results = [game(1, (A, C, D, E), (1, 2, 3, 4), table=1), game(1, (B, F, G, H), (1, 2, 3, 4), table=2)]
    table = compute(rules(dragon_open), PLAYERS[:8], rounds(()), results)
    assert order(table) == "=1A =1B =3C =3F =5D =5G =7E =7H"
    assert [r.points for r in table.rows[:3]] == [10, 10, 6]


def test_game_points_follow_the_games_direction(dragon_open: Definition) -> None:
    results = [game(1, (A, C, D, E), (1, 2, 3, 4), (80, 50, 40, 30), table=1),
               game(1, (B, F, G, H), (1, 2, 3, 4), (60, 50, 40, 30), table=2)]
    highest = compute(rules(dragon_open, "game_points"), PLAYERS[:8], rounds(()), results)
    assert order(highest).startswith("1A 2B") and row(highest, A).tie_breaks == (80,)
    lowest = compute(rules(replace(dragon_open, lowest_wins=True), "game_points"), PLAYERS[:8], rounds(()), results)
    assert order(lowest).startswith("1B 2A")


def test_wins_count_first_places(dragon_open: Definition) -> None:
    # A: 1st then 4th = 10 + 1 = 11, one win. B: 2nd then 3rd = 6 + 3 = 9, then a bye worth 2 = 11, no win.
    results = [game(1, (A, B, C, D), (1, 2, 3, 4)), game(2, (A, E, F, G), (4, 1, 2, 3)),
               game(2, (B, H, I, J), (3, 1, 2, 4), table=2)]
    standings = compute(rules(dragon_open, "wins", bye_points=2.0), PLAYERS, rounds((), ()), results)
    assert row(standings, A).points == 11 and row(standings, B).points == 9
    level = compute(rules(dragon_open, "wins", bye_points=2.0), PLAYERS, rounds((), (), (B,)), results,
                    after_round=3)
    assert row(level, A).points == row(level, B).points == 11
    assert row(level, A).rank < row(level, B).rank
    assert (row(level, A).tie_breaks, row(level, B).tie_breaks) == ((1,), (0,))


def test_opponents_strength_sums_each_opponents_points(dragon_open: Definition) -> None:
    # Round 1: A beats C, D, E; B beats F, G, H. Round 2: C 1st, E 2nd, F 3rd, H 4th; A, B, D, G byes at 0.
    # Totals: C 6+10=16, D 3, E 1+6=7, F 6+3=9, G 3, H 1+1=2. A faced 16+3+7=26, B faced 9+3+2=14.
    results = [game(1, (A, C, D, E), (1, 2, 3, 4), table=1), game(1, (B, F, G, H), (1, 2, 3, 4), table=2),
               game(2, (C, E, F, H), (1, 2, 3, 4))]
    standings = compute(rules(dragon_open, "opponents_strength"), PLAYERS[:8], rounds((), (A, B, D, G)), results)
    assert (row(standings, A).tie_breaks, row(standings, B).tie_breaks) == ((26,), (14,))
    assert row(standings, A).rank < row(standings, B).rank


def test_head_to_head_counts_only_meetings_among_the_tied(dragon_open: Definition) -> None:
    # Round 1: A 1st, B 2nd at one table (A 10, B 6). Round 2: B wins (16), A 2nd (16).
    results = [game(1, (A, B, C, D), (1, 2, 3, 4)), game(2, (B, E, F, G), (1, 2, 3, 4), table=1),
               game(2, (A, H, I, J), (2, 1, 3, 4), table=2)]
    standings = compute(rules(dragon_open, "head_to_head"), PLAYERS, rounds((), ()), results)
    assert order(standings).startswith("1A 2B")
    assert (row(standings, A).tie_breaks, row(standings, B).tie_breaks) == ((1,), (-1,))


def test_head_to_head_applies_after_earlier_tie_breaks(dragon_open: Definition) -> None:
    # Same games, but wins first: A and B have one win each, so head-to-head still decides.
    results = [game(1, (A, B, C, D), (1, 2, 3, 4)), game(2, (B, E, F, G), (1, 2, 3, 4), table=1),
               game(2, (A, H, I, J), (2, 1, 3, 4), table=2)]
    standings = compute(rules(dragon_open, "wins", "head_to_head"), PLAYERS, rounds((), ()), results)
    assert order(standings).startswith("1A 2B")


def test_average_rank_prefers_the_better_places(dragon_open: Definition) -> None:
    # A: 2nd at a 4-table = 6 points, rank 2. B: 1st at a 3-table = 6 points, rank 1.
    results = [game(1, (A, C, D, E), (2, 1, 3, 4), table=1), game(1, (B, F, G), (1, 2, 3), table=2)]
    standings = compute(rules(dragon_open, "average_rank"), PLAYERS[:7], rounds(()), results)
    assert row(standings, A).points == row(standings, B).points == 6
    assert row(standings, B).rank < row(standings, A).rank
    assert (row(standings, A).tie_breaks, row(standings, B).tie_breaks) == ((2,), (1,))


def test_fewest_timeouts_ranks_the_punctual_first(dragon_open: Definition) -> None:
    results = [game(1, (A, C, D, E), (1, 2, 3, 4), timeouts=(2, 0, 0, 0), table=1),
               game(1, (B, F, G, H), (1, 2, 3, 4), timeouts=(0, 1, 0, 0), table=2)]
    standings = compute(rules(dragon_open, "fewest_timeouts"), PLAYERS[:8], rounds(()), results)
    assert order(standings).startswith("1B 2A")
    assert row(standings, A).tie_breaks == (2,)


def test_tie_breaks_apply_in_the_listed_order(dragon_open: Definition) -> None:
    # A: higher game score, B: fewer timeouts. Whichever is listed first decides.
    results = [game(1, (A, C, D, E), (1, 2, 3, 4), (90, 50, 40, 30), (1, 0, 0, 0), table=1),
               game(1, (B, F, G, H), (1, 2, 3, 4), (70, 50, 40, 30), (0, 0, 0, 0), table=2)]
    first = compute(rules(dragon_open, "game_points", "fewest_timeouts"), PLAYERS[:8], rounds(()), results)
    second = compute(rules(dragon_open, "fewest_timeouts", "game_points"), PLAYERS[:8], rounds(()), results)
    assert order(first).startswith("1A 2B") and order(second).startswith("1B 2A")


def test_byes_score_fixed_points_or_the_players_average(dragon_open: Definition) -> None:
    results = [game(1, (A, B, C, D), (1, 2, 3, 4)), game(2, (A, B, C, E), (2, 1, 3, 4))]
    fixed = compute(rules(dragon_open, bye_points=5.0), PLAYERS[:5], rounds((E,), (D,)), results)
    assert row(fixed, D).points == 1 + 5 and row(fixed, E).points == 5 + 1 and row(fixed, D).byes == 1
    average = compute(rules(dragon_open, bye_average=True), PLAYERS[:5], rounds((E,), (D,)), results)
    assert row(average, D).points == 2 and row(average, E).points == 2


def test_late_joiner_gets_missed_round_points(dragon_open: Definition) -> None:
    late = replace(dragon_open, registration=replace(dragon_open.registration, missed_round_points=2.0))
    entrants = PLAYERS[:4] + [Entrant(E, "E", joined=2)]
    results = [game(1, (A, B, C, D), (1, 2, 3, 4)), game(2, (A, B, C, E), (1, 2, 3, 4))]
    standings = compute(late, entrants, rounds((), (D,)), results)
    assert row(standings, E).points == 2 + 1 and row(standings, E).games == 1


def test_dropped_players_are_marked_or_hidden(dragon_open: Definition) -> None:
    entrants = PLAYERS[:3] + [Entrant(D, "D", dropped=1)]
    results = [game(1, (A, B, C, D), (1, 2, 3, 4)), game(2, (A, B, C), (1, 2, 3))]
    shown = compute(dragon_open, entrants, rounds((), ()), results)
    assert row(shown, D).dropped and not row(shown, A).dropped
    hidden = replace(dragon_open, registration=replace(dragon_open.registration, show_dropped=False))
    assert D not in {r.player for r in compute(hidden, entrants, rounds((), ()), results).rows}


def test_standings_after_an_earlier_round_ignore_later_games(dragon_open: Definition) -> None:
    results = [game(1, (A, B, C, D), (1, 2, 3, 4)), game(2, (A, B, C, D), (4, 3, 2, 1))]
    after_one = compute(dragon_open, PLAYERS[:4], rounds((), ()), results, after_round=1)
    assert after_one.after_round == 1 and order(after_one) == "1A 2B 3C 4D"


def test_rating_is_shown_beside_the_points(dragon_open: Definition) -> None:
    ratings = {A: Rating(30.0, 5.0, 3)}
    standings = compute(dragon_open, PLAYERS[:4], rounds(()), [game(1, (A, B, C, D), (1, 2, 3, 4))], ratings)
    assert row(standings, A).rating == 15.0 and row(standings, A).rated_games == 3
    assert row(standings, B).rating is None


def test_a_result_for_an_unregistered_player_is_refused(dragon_open: Definition) -> None:
    with pytest.raises(ValueError, match="player 9 is not registered"):
        compute(dragon_open, PLAYERS[:3], rounds(()), [game(1, (A, B, C, I), (1, 2, 3, 4))])


def test_games_a_bot_finished_are_counted_beside_the_rating(dragon_open: Definition) -> None:
    substituted = TableResult(1, 1, (A, B, C, D), (40, 30, 20, 10), (1, 2, 3, 4), substituted=frozenset({B}))
    standings = compute(dragon_open, PLAYERS[:4], rounds(()), [substituted])
    assert row(standings, B).bot_finished == 1 and row(standings, B).points == 6
    assert row(standings, A).bot_finished == 0


def test_each_row_says_round_by_round_a_place_a_bye_a_table_in_play_or_no_round(dragon_open: Definition) -> None:
    """Round 1: A-D finished, E-H at a table still in play, I a bye; round 2: A-D again; J joins in round 3."""
    from tournaments import RoundResult
    from tournaments.records import SeatedTable

    seated = [RoundSeating(1, (SeatedTable(1, (A, B, C, D)), SeatedTable(2, (E, F, G, H))), (I,),
                           SeatingReport(0, 0.0, 0)),
              RoundSeating(2, (SeatedTable(1, (A, B, C, D)),), (), SeatingReport(0, 0.0, 0))]
    results = [game(1, (A, B, C, D), (2, 1, 3, 3)), game(2, (A, B, C, D), (1, 2, 3, 4))]
    entrants = [*PLAYERS[:9], replace(PLAYERS[9], joined=3)]
    standings = compute(rules(dragon_open), entrants, seated, results)
    assert row(standings, A).rounds == (RoundResult(1, "played", 2, 4, 6), RoundResult(2, "played", 1, 4, 10))
    assert [r.rank for r in row(standings, C).rounds] == [3, 3], "a shared place is the same number"
    assert row(standings, E).rounds == (RoundResult(1, "playing", size=4), RoundResult(2, "absent"))
    assert [r.kind for r in row(standings, I).rounds] == ["bye", "absent"]
    assert [r.kind for r in row(standings, J).rounds] == ["absent", "absent"]
    assert [r.round for r in row(standings, A).rounds] == [1, 2]
    assert compute(rules(dragon_open), entrants, seated, results, after_round=1).rows[0].rounds[0].round == 1
    assert all(len(r.rounds) == 1 for r in compute(rules(dragon_open), entrants, seated, results,
                                                    after_round=1).rows)
