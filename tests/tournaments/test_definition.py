"""Definition files: the examples load against the real games; every fault names its field."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest

import engine
from tournaments import DefinitionError, definition, parse_duration
from tournaments.definition import most_read

from tests.tournaments.standins import EXAMPLES, MINIMAL, load


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_loads_against_the_real_game(path: Path) -> None:
    rules = definition.load(path.read_text(encoding="utf-8"))
    real = engine.game(rules.game)
    assert (rules.min_players, rules.max_players, rules.lowest_wins) == (
        real.min_players, real.max_players, real.lowest_wins)
    assert set(rules.game_options) == set(real.options())


def test_examples_cover_every_game_and_a_league() -> None:
    loaded = [definition.load(p.read_text(encoding="utf-8")) for p in EXAMPLES.glob("*.toml")]
    assert {d.game for d in loaded} >= {"dragon", "china", "prodigals"}
    assert any(d.league is not None for d in loaded)


def test_minimal_file_takes_documented_defaults() -> None:
    rules = load(MINIMAL)
    assert rules.seating.method == "swiss" and rules.seating.preferred == 4
    assert rules.scoring.rank_points[4] == (10.0, 6.0, 3.0, 1.0)
    assert rules.deadlines.move == timedelta(hours=72) and rules.deadlines.reminder == timedelta(hours=24)
    assert rules.timeouts.policy == "bot" and rules.timeouts.max_timeouts == 2
    assert rules.game_options == {"variant": "base", "rounds": 12}
    assert rules.league is None


def refusal(text: str) -> list[str]:
    with pytest.raises(DefinitionError) as info:
        load(text)
    return [str(problem) for problem in info.value.problems]


def test_table_size_beyond_the_game_names_field_and_range() -> None:
    text = MINIMAL.replace("table_sizes = [3, 4, 5]", "table_sizes = [3, 4, 6]")
    assert refusal(text) == ["seating.table_sizes: 6 is more than dragon allows (2-5)"]


def test_every_problem_is_reported_at_once() -> None:
    text = (MINIMAL.replace("rounds = 3", "rounds = 0")
            .replace("preferred = 4", "preferred = 2")
            + "\n[deadlines]\nmove = \"soon\"\n")
    problems = refusal(text)
    assert "rounds: must be a whole number from 1 to 1000, not 0" in problems
    assert "seating.preferred: 2 is not one of seating.table_sizes [3, 4, 5]" in problems
    assert any(p.startswith("deadlines.move: 'soon' is not a duration") for p in problems)


def test_unknown_game_lists_the_known_ones() -> None:
    (problem,) = refusal(MINIMAL.replace('game = "dragon"', 'game = "chess"'))
    assert problem.startswith("game: unknown game 'chess'") and "dragon" in problem


def test_misspelt_field_is_named_with_the_known_ones() -> None:
    (problem,) = refusal(MINIMAL.replace("preferred = 4", "preferred = 4\nprefered = 4"))
    assert problem.startswith("seating.prefered: unknown field; known fields here: method, table_sizes")


def test_game_option_must_exist_and_keep_its_type() -> None:
    problems = refusal(MINIMAL + "\n[game_options]\nrounds = \"twelve\"\ncolour = 1\n")
    assert "game_options.rounds: must be int like the default 12, not 'twelve'" in problems
    assert "game_options.colour: dragon has no such option; its options: rounds, variant" in problems


def test_rank_points_row_needs_one_value_per_place() -> None:
    problems = refusal(MINIMAL.replace("4 = [10, 6, 3, 1]", "4 = [10, 6, 3]"))
    assert problems == ["scoring.rank_points.4: a table of 4 needs 4 values (one per place), not 3"]


def test_rank_points_must_not_reward_a_worse_place_more() -> None:
    (problem,) = refusal(MINIMAL.replace("4 = [10, 6, 3, 1]", "4 = [10, 3, 6, 1]"))
    assert problem.startswith("scoring.rank_points.4: must not give a later place more")


def test_field_swallowed_by_a_subtable_explains_the_toml_rule() -> None:
    (problem,) = refusal(MINIMAL + "bye_points = 3\n")
    assert problem.startswith("scoring.rank_points.bye_points: the keys here are table sizes from 2 to 5")
    assert "put other scoring fields above that line" in problem


def test_unknown_tie_break_lists_the_names() -> None:
    text = MINIMAL.replace('"wins", ', '"wins", "coin_toss", ')
    (problem,) = refusal(text)
    assert problem.startswith("scoring.tie_breaks: 'coin_toss' is not a tie-break; choose from game_points")


def test_reminder_must_come_before_the_deadline() -> None:
    (problem,) = refusal(MINIMAL + '\n[deadlines]\nmove = "24h"\nreminder = "1d"\n')
    assert problem.startswith("deadlines.reminder: is sent this long before the deadline")
    assert problem.endswith("shorter than deadlines.move (1 day)")  # in words, not a raw timedelta
    (problem,) = refusal(MINIMAL + '\n[deadlines]\nmove = "1d12h30m"\nreminder = "2d"\n')
    assert problem.endswith("(1 day 12 hours 30 minutes)"), problem


def test_rank_points_left_out_take_the_default_table() -> None:
    without = MINIMAL.split("[scoring.rank_points]")[0]
    assert load(without).scoring.rank_points == {size: definition.DEFAULT_RANK_POINTS[size] for size in (2, 3, 4, 5)}
    assert load(without.replace("[scoring]", '[scoring]\nsystem = "wins"')).scoring.system == "wins"


def test_bye_points_take_a_number_or_average() -> None:
    head, rest = MINIMAL.split("[scoring.rank_points]")
    assert load(head + 'bye_points = "average"\n[scoring.rank_points]' + rest).scoring.bye_average
    assert load(head + "bye_points = 4.5\n[scoring.rank_points]" + rest).scoring.bye_points == 4.5
    (problem,) = refusal(head + 'bye_points = "half"\n[scoring.rank_points]' + rest)
    assert problem == "scoring.bye_points: must be a number ≥ 0 or \"average\", not 'half'"


def test_timeout_policy_is_bot_or_forfeit() -> None:
    (problem,) = refusal(MINIMAL + '\n[timeouts]\npolicy = "ignore"\n')
    assert problem == "timeouts.policy: 'ignore' is not one of 'bot', 'forfeit'"


def test_the_timeout_bot_is_any_bot_name_with_the_search_bots_strength() -> None:
    assert load(MINIMAL).timeouts.bot == "greedy"
    assert load(MINIMAL + '\n[timeouts]\nbot = "search:400"\n').timeouts.bot == "search:400"
    (problem,) = refusal(MINIMAL + '\n[timeouts]\nbot = "search:lots"\n')
    assert problem.startswith("timeouts.bot: bot 'search:lots': the strength after 'search:' is its playouts")
    (problem,) = refusal(MINIMAL + '\n[timeouts]\nbot = 3\n')
    assert problem == "timeouts.bot: must be a bot's name (greedy, random, search or search:N), not 3"


def test_league_by_dates_needs_a_date_per_round() -> None:
    league = '\n[league]\nseason = "S1"\nnext_round = "dates"\ndates = [2026-12-01, 2026-12-08]\n'
    (problem,) = refusal(MINIMAL + league)
    assert problem.startswith("league.dates: needs one start date per round")
    rules = load(MINIMAL + league.replace("2026-12-08]", "2026-12-08, 2026-12-15]"))
    assert rules.league is not None and rules.league.dates[2] == date(2026, 12, 15)


def test_promotion_needs_divisions() -> None:
    (problem,) = refusal(MINIMAL + '\n[league]\nseason = "S1"\npromote = 2\n')
    assert problem.startswith("league.promote: needs league.divisions of 2 or more")


def test_broken_toml_is_refused_with_the_parser_reason() -> None:
    (problem,) = refusal("name = ")
    assert problem.startswith("(file): not valid TOML")


@pytest.mark.parametrize(("text", "expected"), [
    ("72h", timedelta(hours=72)), ("3d", timedelta(days=3)), ("1d12h", timedelta(hours=36)),
    ("90m", timedelta(minutes=90)), (" 2D ", timedelta(days=2)),
])
def test_durations(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["", "3", "3 weeks", "h", "1d x"])
def test_bad_durations_say_what_would_be_right(text: str) -> None:
    with pytest.raises(ValueError, match="write e.g."):
        parse_duration(text)


def test_an_unknown_game_still_has_its_table_sizes_checked() -> None:
    text = MINIMAL.replace('game = "dragon"', 'game = "chess"').replace("[3, 4, 5]", "[3, 4, 7]")
    problems = refusal(text)
    assert any(p.startswith("game: unknown game 'chess'") for p in problems)
    assert "seating.table_sizes: 7 is more than any game allows (2-5)" in problems


def test_preferred_is_checked_against_the_sizes_as_written() -> None:
    problems = refusal(MINIMAL.replace("[3, 4, 5]", "[3, 4, 7]").replace("preferred = 4", "preferred = 6"))
    assert "seating.table_sizes: 7 is more than dragon allows (2-5)" in problems
    assert "seating.preferred: 6 is not one of seating.table_sizes [3, 4, 7]" in problems
    # a preferred size that is listed but refused is reported once, under table_sizes
    problems = refusal(MINIMAL.replace("[3, 4, 5]", "[3, 4, 7]").replace("preferred = 4", "preferred = 7"))
    assert problems == ["seating.table_sizes: 7 is more than dragon allows (2-5)"]


def test_language_names_one_the_mails_are_written_in_else_none() -> None:
    assert load(MINIMAL).language is None  # the players then read English, the pages what most of them read
    assert load('language = "el"\n' + MINIMAL).language == "el"
    (problem,) = refusal('language = "de"\n' + MINIMAL)
    assert problem == "language: 'de' is not one of 'en', 'el', 'hu', 'ru'"


def test_pages_are_in_the_language_named_else_the_most_read_ties_to_the_earlier_else_english() -> None:
    assert most_read(["hu", "ru"], "el") == "el"
    assert most_read(["hu", "ru", "hu", ""]) == "hu"
    assert most_read(["ru", "hu", "", "en"]) == "en"  # "" reads English: two against one each
    assert most_read(["ru", "hu"]) == "hu" and most_read([]) == "en"


@pytest.mark.parametrize("written", ["1000000000d", "999999999d", "367d", "9" * 400 + "h"],
                         ids=["overflows", "fits-timedelta-not-a-clock", "a-year-and-a-day", "400-digits"])
def test_a_deadline_past_a_year_is_refused_naming_the_longest(written: str) -> None:
    text = MINIMAL + f'[deadlines]\nmove = "{written}"\n'
    (problem,) = refusal(text)
    assert problem.startswith("deadlines.move: ") and 'give at most "366d"' in problem and len(problem) < 200


def test_a_year_is_the_longest_deadline_taken() -> None:
    assert parse_duration("366d") == timedelta(days=366)


@pytest.mark.parametrize("line,field", [("rounds = 1000000000000", "rounds"), ("seed = 9223372036854775808", "seed")])
def test_a_count_beyond_what_can_be_played_or_stored_is_refused(line: str, field: str) -> None:
    text = MINIMAL.replace("rounds = 3", line if field == "rounds" else "rounds = 3\n" + line)
    (problem,) = refusal(text)
    assert problem.startswith(f"{field}: must be a whole number from ")


@pytest.mark.parametrize("weight", ["nan", "inf", "-inf", "+nan"])
def test_a_seating_weight_or_score_that_is_no_number_is_refused(weight: str) -> None:
    text = MINIMAL.replace("preferred = 4", f"preferred = 4\nrepeat_weight = {weight}")
    assert refusal(text) == [f"seating.repeat_weight: must be a number ≥ 0 (nan and inf are none), "
                             f"not {float(weight)!r}"]
    text = MINIMAL.replace("4 = [10, 6, 3, 1]", f"4 = [10, 6, 3, {weight}]")
    (problem,) = refusal(text)
    assert problem.startswith("scoring.rank_points.4: must be a list of numbers ≥ 0 (nan and inf are none)")


def test_arrays_nested_deeper_than_the_reader_goes_are_one_problem_not_a_traceback() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    assert refusal(MINIMAL + f"\n[league]\ndates = {deep}\n") == [
        "(file): nests arrays or tables too deeply to read; a definition's lists are flat, "
        "e.g. table_sizes = [3, 4, 5]"]


@pytest.mark.parametrize("name,expected", [
    ("x" * 20_000_000, "has 20000000 characters; give at most 100"),
    ("Open\\u0000Cup", "has control characters (U+0000)"),
    ("Open\\r\\nBcc: eve@evil.example", "has control characters (U+000D, U+000A)"),
], ids=["20-MB", "NUL", "CRLF"])
def test_a_tournament_name_that_would_break_or_flood_every_subject_is_refused(name: str, expected: str) -> None:
    (problem,) = refusal(MINIMAL.replace('name = "Test"', f'name = "{name}"'))
    assert problem.startswith("name: the text ") and expected in problem and len(problem) < 200
