"""The [signup] section of a definition, whether a tournament takes a sign-up on a day, and which tournament a
player's words name (#47): pure decisions, no clock and no database."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from tests.tournaments.standins import MINIMAL, load
from tournaments import Definition, DefinitionError
from tournaments.definition import SignUpRules
from tournaments.signup import CLOSED, FULL, PAST, STARTED, named, shut

DAY = date(2026, 3, 1)


def with_signup(base: Definition, **fields: object) -> Definition:
    return replace(base, signup=replace(SignUpRules(open=True), **fields))


def refusal(section: str) -> list[str]:
    with pytest.raises(DefinitionError) as caught:
        load(MINIMAL + "\n[signup]\n" + section)
    return [str(problem) for problem in caught.value.problems]


def test_a_file_without_the_section_is_closed_to_sign_ups_and_approves_each() -> None:
    rules = load(MINIMAL).signup
    assert rules == SignUpRules(open=False, closes=None, cap=None, approve=True)


def test_the_section_is_read_with_its_date_and_cap() -> None:
    rules = load(MINIMAL + "\n[signup]\nopen = true\ncloses = 2026-04-01\ncap = 12\napprove = false\n").signup
    assert rules == SignUpRules(True, date(2026, 4, 1), 12, False)


@pytest.mark.parametrize(("section", "says"), [
    ('open = "yes"', "signup.open: must be true or false"),
    ("approve = 1", "signup.approve: must be true or false"),
    ("cap = 2", "signup.cap: must be a whole number from 3"),
    ("cap = 12.5", "signup.cap: must be a whole number from 3"),
    ('closes = "2026-04-01"', "signup.closes: must be a date without quotes"),
    ("closes = 2026-04-01T10:00:00", "signup.closes: must be a date without quotes or a time"),
    ("opens = true", "signup.opens: unknown field; known fields here: open, closes, cap, approve"),
])
def test_a_bad_field_is_refused_naming_it_and_what_would_be_right(section: str, says: str) -> None:
    assert any(problem.startswith(says) for problem in refusal(section)), refusal(section)


def test_a_closed_tournament_takes_none_whatever_else_it_says() -> None:
    found = shut(replace(load(MINIMAL), signup=SignUpRules(open=False, cap=50)), DAY, 0, 0)
    assert found is not None and found.code == CLOSED


def test_the_closing_date_is_the_last_day_a_sign_up_is_taken() -> None:
    rules = with_signup(load(MINIMAL), closes=DAY)
    assert shut(rules, DAY, 0, 0) is None
    late = shut(rules, date(2026, 3, 2), 0, 0)
    assert late is not None and late.code == PAST and "2026-03-01 (signup.closes)" in late.detail


def test_the_cap_counts_every_player_entered_or_waiting() -> None:
    rules = with_signup(load(MINIMAL), cap=5)
    assert shut(rules, DAY, 0, 4) is None
    full = shut(rules, DAY, 0, 5)
    assert full is not None and full.code == FULL


def test_no_sign_up_once_no_round_is_left_to_join() -> None:
    base = load(MINIMAL)
    assert shut(with_signup(base), DAY, 0, 0) is None
    started = shut(with_signup(base), DAY, 1, 0)  # late_until_round 1: only before round 1
    assert started is not None and started.code == STARTED


TOURNAMENTS = [(1, "Spring Cup"), (2, "Autumn Cup"), (3, "Χειμερινό Κύπελλο"), (4, "Весна 2027")]


@pytest.mark.parametrize(("words", "expected"), [
    ("Spring Cup", 1), ("spring-cup!", 1), ("the Spring Cup please", 1), ("#2", 2), ("2", 2), ("autumn", 2),
    ("χειμερινο κυπελλο", 3), ("на турнир Весна 2027", 4), ("Sprnig Cup", 1), ("Autum Cup", 2),
])
def test_a_tournament_is_named_by_id_name_part_of_it_or_a_close_misspelling(words: str, expected: int) -> None:
    assert named(words, TOURNAMENTS).tournament_id == expected


@pytest.mark.parametrize(("words", "why"), [
    ("Cup", "ambiguous"), ("cup please", "unknown"), ("Summer Games", "unknown"), ("", "unknown"), ("9", "unknown"),
])
def test_words_that_fit_two_tournaments_or_none_name_none(words: str, why: str) -> None:
    found = named(words, TOURNAMENTS)
    assert (found.tournament_id, found.why) == (0, why)
