"""A player's record across games, from a small made-up history: on time, timeouts, vacations and pauses
left out, the median hours, substitutes keeping their own moves."""

from __future__ import annotations

from datetime import datetime, timedelta

from tournaments.reliability import Asked, Interval, Played, Sitting, below, counted_hours, decisions, records

T0 = datetime(2026, 3, 2, 9, 0)


def at(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


def history_of_two_games() -> tuple[list[Asked], list[Played]]:
    """Game 1: Ann (1) at seat 0, Bob (2) at seat 1. Game 2: Ann alone matters, the game is paused a while."""
    asked = [Asked(1, 0, 0, at(0)), Asked(1, 1, 1, at(6)), Asked(1, 0, 3, at(30)), Asked(1, 1, 4, at(35)),
             Asked(2, 0, 0, at(0))]
    played = [
        Played(1, 0, 1, "email", at(6), 1),     # Ann: 6 h
        Played(1, 1, 2, "email", at(10), 2),    # Bob: 4 h, a reply of two lines ...
        Played(1, 1, 3, "email", at(10), 2),    # ... one decision
        Played(1, 0, 4, "email", at(35), 1),    # Ann: 5 h
        Played(1, 1, 5, "timeout", at(107), 2),  # Bob: the deadline answered
        Played(1, 0, 6, "early", at(107), 1),   # Ann sent it ahead: on time, 0 h
        Played(1, 1, 7, "bot", at(107), None),  # a bot's move: nobody's decision
        Played(2, 0, 1, "email", at(50), 1),    # Ann in game 2: 50 h, 30 of them paused
    ]
    return asked, played


def test_on_time_timeouts_and_median_hours() -> None:
    asked, played = history_of_two_games()
    found = records(decisions(asked, played), [], [], [])
    ann, bob = found[1], found[2]
    assert (ann.decisions, ann.on_time, ann.timeouts, ann.games) == (4, 4, 0, 2)
    assert ann.median_hours == 5.5  # 0, 5, 6, 50
    assert (bob.decisions, bob.on_time, bob.timeouts) == (2, 1, 1)
    assert bob.reliability == 50.0 and bob.median_hours == 4.0
    assert bob.figure == "50% (1 game)" and ann.figure == "100% (2 games)"


def test_the_organisers_pause_is_left_out_of_the_hours() -> None:
    asked, played = history_of_two_games()
    pause = Interval(2, at(10), at(40))
    with_pause = records(decisions(asked, played), [], [], [pause])[1]
    assert with_pause.median_hours == 5.5  # 0, 5, 6, 20
    only_game_two = [d for d in decisions(asked, played) if d.game == 2]
    assert records(only_game_two, [], [], [pause])[1].median_hours == 20.0
    assert records(only_game_two, [], [], [])[1].median_hours == 50.0


def test_vacation_days_are_left_out_of_the_hours() -> None:
    asked = [Asked(5, 0, 0, at(0))]
    played = [Played(5, 0, 1, "email", at(5 * 24), 3)]
    vacation = Interval(3, at(24), at(4 * 24))
    assert records(decisions(asked, played), [], [vacation], [])[3].median_hours == 48.0
    assert records(decisions(asked, played), [], [], [])[3].median_hours == 120.0
    someone_elses = Interval(4, at(24), at(4 * 24))
    assert records(decisions(asked, played), [], [someone_elses], [])[3].median_hours == 120.0


def test_a_timeout_during_a_vacation_or_a_pause_does_not_count() -> None:
    asked = [Asked(6, 0, 0, at(0)), Asked(6, 0, 1, at(80))]
    played = [Played(6, 0, 1, "timeout", at(72), 3), Played(6, 0, 2, "timeout", at(152), 3)]
    plain = records(decisions(asked, played), [], [], [])[3]
    assert (plain.timeouts, plain.reliability) == (2, 0.0)
    on_vacation = records(decisions(asked, played), [], [Interval(3, at(60), at(100))], [])[3]
    assert (on_vacation.timeouts, on_vacation.decisions) == (1, 1)
    paused = records(decisions(asked, played), [], [], [Interval(6, at(140), at(160))])[3]
    assert (paused.timeouts, paused.decisions) == (1, 1)


def test_overlapping_vacation_and_pause_are_left_out_once() -> None:
    spared = [Interval(1, at(10), at(30)), Interval(7, at(20), at(40))]
    assert counted_hours(at(0), at(50), spared) == 20.0


def test_a_substitute_keeps_their_own_moves_and_the_original_their_timeouts() -> None:
    asked = [Asked(8, 0, 0, at(0)), Asked(8, 0, 1, at(72)), Asked(8, 0, 3, at(80))]
    played = [Played(8, 0, 1, "timeout", at(72), 1), Played(8, 1, 2, "email", at(73), 2),
              Played(8, 0, 3, "admin", at(79), None), Played(8, 0, 4, "email", at(83), 9)]
    sittings = [Sitting(8, 1, finished=False, left=True), Sitting(8, 9, finished=True, left=False)]
    found = records(decisions(asked, played), sittings, [], [])
    original, substitute = found[1], found[9]
    assert (original.timeouts, original.on_time, original.games_left, original.games_finished) == (1, 0, 1, 0)
    assert (substitute.timeouts, substitute.on_time, substitute.games_left, substitute.games_finished) == (0, 1, 0, 1)
    assert substitute.median_hours == 3.0


def test_below_leaves_out_players_without_a_decision() -> None:
    asked, played = history_of_two_games()
    found = records(decisions(asked, played), [Sitting(3, 7, True, False)], [], [])
    assert set(below(found, [1, 2, 7, 99], 80.0)) == {2}
