"""The command registry: one list of player commands that the reader, the dispatch and the mails all use."""

from __future__ import annotations

import re

import jinja2
import pytest
from markupsafe import escape

from pbem.serve import pipeline
from pbem.play.commands import COMMANDS, Command, CommandContext, PlayerCommand, Registry, read_command
from pbem.play.commands.base import free_text, handled
from pbem.ops.db import Outbox
from pbem.language.letters import TEMPLATE_DIR, Letters
from pbem.play.outcome import Outcome
from pbem.play.service import Service
from tests.support.loop import outbox, reply_to

ANN, BOB = "ann@example.org", "bob@example.org"
BLOCKS = TEMPLATE_DIR / "commands"


def start(service: Service) -> int:
    return service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})


def latest(service: Service, kind: str) -> Outbox:
    return outbox(service, recipient=ANN, kind=kind)[-1]


def mailed(service: Service, text: str, answer: str) -> Outbox:
    """Send ``text`` as Ann's reply to her latest prompt and return her newest mail of kind ``answer``."""
    sent = len(outbox(service))  # grows with every answer, so each reply gets a Message-ID of its own
    outcome = pipeline.deliver(service, reply_to(latest(service, "prompt"), text,
                                                 message_id=f"<reply-{sent}@client.example>"))
    assert outcome.status == "command", outcome
    return latest(service, answer)


def listed(text: str, usage: str) -> int:
    """How many lines of a help mail's plain text list ``usage`` as a command."""
    return len(re.findall(rf"^  {re.escape(usage)}(?: |$)", text, re.MULTILINE))


def test_the_registry_lists_the_sixteen_player_commands_in_help_order() -> None:
    assert [command.name for command in COMMANDS] == [
        "help", "status", "cancel", "undo", "history", "say", "vacation", "notify", "calendar", "timezone",
        "language", "dispute", "leave", "join", "follow", "unfollow"]
    assert COMMANDS["TZ"] is COMMANDS["timezone"]
    assert COMMANDS["Участвую"] is COMMANDS["συμμετοχη"] is COMMANDS["jelentkezem"] is COMMANDS["join"]


def test_the_help_mail_lists_every_registered_command_once_with_its_usage_and_summary(service: Service) -> None:
    start(service)
    help_mail = mailed(service, "help", "help")
    words = " ".join(help_mail.text.split())
    for command in COMMANDS:
        for usage in command.usage:
            assert listed(help_mail.text, usage) == 1, usage
            assert help_mail.html.count(f"<code>{escape(usage)}</code>") == 1, usage
        summary = command.summary % {"vacation_days": 14, "notify": "none", "calendar": "off", "time_zone": "UTC",
                                     "language_name": "English"}
        assert summary in words and str(escape(summary)) in help_mail.html
    assert "Commands:" not in help_mail.text and "Commands:" not in help_mail.html  # no second list


def test_the_help_mail_shows_the_players_own_settings(service: Service) -> None:
    start(service)
    mailed(service, "notify digest", "command")
    mailed(service, "tz europe/athens", "command")
    mailed(service, "Calendar On", "command")
    help_mail = mailed(service, "help", "help")
    words = " ".join(help_mail.text.split())
    assert '(you are "digest" now)' in words and "(now Europe/Athens)" in words and "(now on)" in words
    assert "(up to 14 days)" in words


def test_every_prompt_footer_lists_every_usage_once_each_on_one_line(service: Service) -> None:
    start(service)
    prompt = latest(service, "prompt")
    words = prompt.text[prompt.text.index("Commands: "):].split(".\n")[0]
    lines = words.removeprefix("Commands: ").splitlines()
    assert " ".join(lines).split(", ") == COMMANDS.usages()
    for usage in COMMANDS.usages():
        assert any(usage in line for line in lines), usage  # the wrap never splits a usage
        assert prompt.html.count(f"<code>{escape(usage)}</code>") == 1, usage


@pytest.mark.parametrize(
    ("name", "rest_of_line", "following", "argument"),
    [
        ("help", "please", "and more", ""),
        ("status", "", "", ""),
        ("history", "of the game", "", ""),
        ("say", "good luck", "and have fun\n\n", "good luck\nand have fun"),
        ("say", "", "hello table", "hello table"),
        ("vacation", "until 2026-12-24", "", "2026-12-24"),
        ("vacation", "Until 2026-12-24 ", "", "2026-12-24"),
        ("vacation", "until 2026-02-30", "", ""),
        ("vacation", "2026-12-24", "", ""),
        ("notify", "DIGEST", "", "digest"),
        ("notify", "sometimes", "", ""),
        ("timezone", "america/new_york please", "", "america/new_york"),
        ("timezone", "", "Europe/Athens", ""),
        ("dispute", "seat 3 moved twice", "in month 4", "seat 3 moved twice\nin month 4"),
        ("follow", " 12 move ", "and more", "12 move"),
        ("unfollow", "12", "", "12"),
    ],
)
def test_each_commands_reader_turns_its_words_into_its_argument(name: str, rest_of_line: str, following: str,
                                                                argument: str) -> None:
    assert COMMANDS[name].read(rest_of_line, following) == argument


@pytest.mark.parametrize("command", list(COMMANDS), ids=lambda command: command.name)
def test_every_word_of_every_command_is_read_in_any_case_and_with_trailing_punctuation(command: PlayerCommand) -> None:
    for word in command.words:
        for written in (word, word.upper(), word.capitalize() + "!", f"\n\n  {word}?"):
            found = read_command(written)
            assert found is not None and found.name == command.name, written


def env() -> jinja2.Environment:
    return Letters(COMMANDS).environment("en")


@pytest.mark.parametrize("command", list(COMMANDS), ids=lambda command: command.name)
def test_every_command_has_its_template_block_wording_its_headline_and_its_own_refusals(
        command: PlayerCommand) -> None:
    assert (TEMPLATE_DIR / command.template).is_file()
    block = env().get_template(command.template).module
    assert str(block.headline("x")).strip()  # type: ignore[attr-defined]
    for why in command.refusals:
        assert block.refusals[why].strip(), why  # type: ignore[attr-defined]
        assert str(block.refusal(command, why, "", 14, "2026-03-15")).strip(), why  # type: ignore[attr-defined]
        assert COMMANDS.refusing(why) is command


def test_every_block_belongs_to_a_registered_command_or_to_early() -> None:
    blocks = {path.stem for path in BLOCKS.glob("*.j2")}
    assert blocks == {command.name for command in COMMANDS} | {"early"}


def test_a_command_refusal_names_its_reason_and_shows_the_registered_usage() -> None:
    letter = Letters(COMMANDS).render("refusal", why="bad_vacation", detail="", suggestions=[], quoted=["vacation soon"],
                              address="", limit=0, until="2026-03-15", legal=[], more=0, decision=None,
                              table="Sticks #1", player="ann")
    assert letter.subject == "[Sticks #1] Not played: the vacation date was not understood"
    assert f'Write it as "{COMMANDS["vacation"].usage[0]}"' in letter.text


def test_a_word_already_taken_or_unknown_is_a_clear_error() -> None:
    clash = PlayerCommand(name="zone", aliases=("tz",), usage=("zone <Area/City>",), summary="s",
                          read=free_text, handle=lambda context, argument: handled("zone"))
    with pytest.raises(ValueError, match="tz already start timezone"):
        Registry([*COMMANDS, clash])
    with pytest.raises(KeyError, match="the commands are help, status, cancel, undo, history"):
        COMMANDS["dance"]
    assert len(COMMANDS) == 16


def roll(seen: list[tuple[str, str]]) -> PlayerCommand:
    """A command no release has: it answers the seat with a mail and tells the test what its context held."""

    def handle(context: CommandContext, argument: str) -> Outcome:
        if not argument:
            return context.refuse("empty", "roll without dice")
        seen.append((argument, context.player.email))
        context.send("say", speaker="the dice", said=f"you rolled {argument}")
        return handled("roll")

    return PlayerCommand(name="roll", aliases=("dice",), usage=("roll <dice>",),
                         summary="roll dice for the table, e.g. roll 2d6", read=free_text, handle=handle)


def test_a_command_registered_by_a_test_is_read_dispatched_and_listed_in_help_with_no_other_change(
        service: Service) -> None:
    start(service)
    seen: list[tuple[str, str]] = []
    with COMMANDS.including(roll(seen)):
        assert read_command("Dice 2d6") == Command("roll", "2d6")
        answer = mailed(service, "roll 2d6", "say")
        assert seen == [("2d6", ANN)] and "you rolled 2d6" in answer.text
        help_mail = mailed(service, "help", "help")
        assert listed(help_mail.text, "roll <dice>") == 1 and "roll dice for the table, e.g. roll 2d6" in help_mail.text
        assert "<code>roll &lt;dice&gt;</code>" in help_mail.html
        assert "roll <dice>" in mailed(service, "status", "status").text
        refused = pipeline.deliver(service, reply_to(latest(service, "prompt"), "roll"))
        assert (refused.status, refused.reason) == ("refused", "roll without dice")
    assert read_command("roll 2d6") is None
    assert listed(mailed(service, "help", "help").text, "roll <dice>") == 0


def test_the_kept_early_move_has_a_block_but_is_no_player_command() -> None:
    assert COMMANDS.find("early") is None
    letter = Letters(COMMANDS).render("command", command="early", value="take 1", extra="bob", replaced="take 2",
                              table="Sticks #1", player="ann", earlier=[], ignored=[], next_after=None)
    assert letter.subject == "[Sticks #1] Kept for your turn: take 1"
    assert 'It replaces "take 2", which you sent before.' in letter.text

