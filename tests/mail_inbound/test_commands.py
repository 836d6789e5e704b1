"""read_command: generic commands on the first non-empty line; everything else is a move reply."""

from __future__ import annotations

import pytest

from pbem.play.commands import Command, read_command


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("help", Command("help", "")),
        ("HELP please", Command("help", "")),
        ("help?", Command("help", "")),
        ("Status!", Command("status", "")),
        ("\n\n  Status\nanything below", Command("status", "")),
        ("history", Command("history", "")),
        ("say good luck\nand have fun", Command("say", "good luck\nand have fun")),
        ("Say\nhello table", Command("say", "hello table")),
        ("say", Command("say", "")),
        ("vacation until 2026-12-24", Command("vacation", "2026-12-24")),
        ("Vacation Until 2026-12-24 ", Command("vacation", "2026-12-24")),
        ("notify each", Command("notify", "each")),
        ("notify DIGEST", Command("notify", "digest")),
        ("notify none", Command("notify", "none")),
        ("timezone Europe/Athens", Command("timezone", "Europe/Athens")),
        ("TZ america/new_york please", Command("timezone", "america/new_york")),
        ("timezone", Command("timezone", "")),
        ("dispute seat 3 moved twice\nin month 4", Command("dispute", "seat 3 moved twice\nin month 4")),
    ],
)
def test_commands_are_recognised_case_insensitively(text: str, expected: Command) -> None:
    assert read_command(text) == expected


@pytest.mark.parametrize(
    "text",
    ["vacation until 2026-02-30", "vacation until next friday", "vacation 2026-12-24", "vacation", "vacation until 24/12/2026"],
)
def test_a_malformed_vacation_date_gives_an_empty_argument_so_the_caller_can_explain(text: str) -> None:
    assert read_command(text) == Command("vacation", "")


def test_an_unknown_notify_choice_gives_an_empty_argument() -> None:
    assert read_command("notify sometimes") == Command("notify", "")


@pytest.mark.parametrize("text", ["group 2 tax", "pass\nhelp", "", "   \n ", "recruit old warrior", "helpful move", "says hi"])
def test_anything_else_is_a_move_reply(text: str) -> None:
    assert read_command(text) is None
