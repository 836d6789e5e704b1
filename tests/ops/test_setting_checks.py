"""Each setting's own check, and the checks of settings against each other, through the real command line.

``pbem config`` (and every command) reads a real settings file and refuses it
with every problem at once, one line each naming the key, the value and what
it accepts; the choices a tournament file shares with the settings are one
check, so both refuse the same values in the same words.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.app import open_service
from pbem.cli.main import app
from pbem.ops.config import ConfigError, Settings, check, check_of, load
from tests.settings import TEST_DOMAIN
from tests.tournaments.standins import MINIMAL, load as load_definition
from tournaments import DefinitionError


def config(tmp_path: Path, text: str, *command: str) -> tuple[int, str]:
    """``pbem config`` (or ``command``) on a settings file holding ``text``: its exit status and output."""
    file = tmp_path / "pbem.toml"
    base = [f'domain = "{TEST_DOMAIN}"', f'from = "pbem@{TEST_DOMAIN}"', 'organiser = "me@example.org"',
            f'database_url = "sqlite:///{tmp_path / "pbem.db"}"']
    given = {line.split(" = ")[0] for line in text.splitlines()}
    file.write_text("".join(f"{line}\n" for line in base if line.split(" = ")[0] not in given) + text)
    result = CliRunner().invoke(app, list(command or ["config"]), env={"PBEM_CONFIG": str(file)})
    return result.exit_code, result.output


@pytest.mark.parametrize(("written", "said"), [
    ('smtp_connections = "four"', "smtp_connections = 'four' in {file} is not accepted: give a whole number "
                                  "from 1 to 100, e.g. 4"),  # a type
    ("smtp_connections = 2.5", "smtp_connections = 2.5 in {file} is not accepted: give a whole number"),
    ("imap_ssl = 1", "imap_ssl = 1 in {file} is not accepted: give true or false"),
    ("deadline_hours = -1", "deadline_hours = -1 in {file} is not accepted: give a number of hours above 0 "
                            "and at most 8784, e.g. 72"),  # a range
    ("scan_seconds = 0", "scan_seconds = 0 in {file} is not accepted: give a number of seconds above 0"),
    ("alert_after_minutes = nan", "alert_after_minutes = nan in {file} is not accepted: give a number of "
                                  "minutes above 0"),
    ("commands_per_day = -3", "commands_per_day = -3 in {file} is not accepted: give a whole number 0 or more"),
    ('timeout_policy = "nap"', "timeout_policy = 'nap' in {file} is not accepted: give one of bot, forfeit"),
    ('log_format = "xml"', "log_format = 'xml' in {file} is not accepted: give one of text, json"),  # a choice
    ('timeout_bot = "genius"', "timeout_bot = 'genius' in {file} is not accepted: unknown bot 'genius'; known "
                               "bots: greedy, random, search"),  # a bot's name
    ('smtp_host = ""', "smtp_host = '' in {file} is not accepted: give a host name or IP address"),  # not empty
    ('reply_local = "play+x"', "reply_local = 'play+x' in {file} is not accepted: give a local part"),
    ('domain = "not a domain"', "domain = 'not a domain' in {file} is not accepted: give a mail domain"),
    ('reminder_hours = 80', "reminder_hours = 80 in {file} is not accepted: give fewer hours than "
                            "deadline_hours (deadline_hours = 72.0 (the default))"),  # a relation
    ('bounce_local = "PLAY"', "bounce_local = 'PLAY' in {file} is not accepted: give another local part than "
                              "reply_local"),
    ('max_message_bytes = 20000000', "listen_max_bytes = 10485760 (the default) is not accepted: give more bytes "
                                     "than max_message_bytes (max_message_bytes = 20000000 in {file})"),
    ('imap_host = "imap.example.org"', 'imap_host = "imap.example.org" in {file} needs imap_user'),
])
def test_each_kind_of_check_refuses_in_one_line_naming_key_value_and_what_it_accepts(
        tmp_path: Path, written: str, said: str) -> None:
    if "imap_host" in written:
        said = said.replace('"imap.example.org"', "'imap.example.org'")
    for command in (["config"], ["game", "list"], ["serve"]):
        code, output = config(tmp_path, written + "\n", *command)
        assert code == 1 and output.startswith("error: ") and output.count("\n") == 1, output
        assert said.format(file=tmp_path / "pbem.toml") in output, output


def test_five_bad_values_in_one_file_are_reported_together_in_one_run(tmp_path: Path) -> None:
    code, output = config(tmp_path, 'timeout_policy = "nap"\ntimeout_bot = "genius"\ndeadline_hours = 48\n'
                                    'reminder_hours = 100\nscan_seconds = 0\nsmtp_host = ""\n')
    lines = output.splitlines()
    assert code == 1 and lines[0] == "error: 5 settings are not accepted:", output
    assert [line.split(" = ")[0].strip() for line in lines[1:]] == [
        "timeout_policy", "timeout_bot", "scan_seconds", "smtp_host", "reminder_hours"]
    assert all(" is not accepted: " in line for line in lines[1:])
    assert not (tmp_path / "pbem.db").exists()  # refused before anything was opened


def test_the_tournament_file_and_the_settings_share_one_check_of_a_bot_and_of_the_policy(tmp_path: Path) -> None:
    for bot in ("genius", "search:0", "random:5"):
        with pytest.raises(DefinitionError) as refused:
            load_definition(MINIMAL + f'\n[timeouts]\nbot = "{bot}"\n')
        _, output = config(tmp_path, f'timeout_bot = "{bot}"\n')
        (reason,) = [problem.reason for problem in refused.value.problems]
        assert output.rstrip().endswith(f"is not accepted: {reason}"), (output, reason)
    with pytest.raises(DefinitionError, match="'nap' is not one of 'bot', 'forfeit'"):
        load_definition(MINIMAL + '\n[timeouts]\npolicy = "nap"\n')
    assert "give one of bot, forfeit" in config(tmp_path, 'timeout_policy = "nap"\n')[1]


def test_every_default_passes_its_own_check_and_every_setting_has_one() -> None:
    for spec in fields(Settings):
        assert check_of(spec.name).read(spec.default) == spec.default, spec.name
    check(Settings())


def test_settings_made_in_code_are_checked_as_a_file_is() -> None:
    with pytest.raises(ConfigError, match="2 settings are not accepted") as refused:
        check(Settings(timeout_policy="nap", scan_seconds=0))
    assert 'timeout_policy = "nap" is not accepted: give one of bot, forfeit' in str(refused.value)


def test_the_fault_hook_is_neither_written_nor_listed_but_still_read_from_the_environment(tmp_path: Path) -> None:
    open_service(Settings(database_url=f"sqlite:///{tmp_path / 'pbem.db'}")).db.dispose()  # a league, as init leaves it
    code, output = config(tmp_path, "")
    assert code == 0 and "crash_at" not in output
    env = {"PBEM_CONFIG": str(tmp_path / "pbem.toml"), "PBEM_CRASH_AT": "after_commit"}
    assert load(env).settings.crash_at == "after_commit"
    shown = CliRunner().invoke(app, ["config"], env=env).output
    assert 'crash_at              = "after_commit"  # PBEM_CRASH_AT (environment) (for fault tests only)' in shown
    refused = CliRunner().invoke(app, ["config"], env={**env, "PBEM_CRASH_AT": "whenever"})
    assert refused.exit_code == 1 and "give one of \"\", after_store, after_apply" in refused.output


def test_config_says_when_the_example_domain_would_be_refused_by_serve(tmp_path: Path) -> None:
    env = {"PBEM_CONFIG": str(tmp_path / "pbem.toml")}
    assert CliRunner().invoke(app, ["init"], env=env).exit_code == 0
    shown = CliRunner().invoke(app, ["config"], env=env)
    assert shown.exit_code == 0
    assert shown.output.splitlines()[-1].startswith("note: `pbem serve` and every command that mails players refuse "
                                                    "this: domain is 'pbem.localhost', on the built-in example domain")
    _, ready = config(tmp_path, "")
    assert "note:" not in ready


def test_config_masks_a_database_password_in_the_url_and_in_its_query(tmp_path: Path) -> None:
    for url, masked in (("postgresql+psycopg://pbem:s3cr@t/x@127.0.0.1:1/pbem", "postgresql+psycopg://pbem:***@"),
                        ("postgresql+psycopg://pbem@127.0.0.1:1/pbem?password=s3cr@t/x", "?password=***")):
        _code, output = config(tmp_path, f'database_url = "{url}"')
        assert masked in output and "s3cr" not in output, output
