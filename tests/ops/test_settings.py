"""One settings file: ``pbem init`` writes it, ``pbem config`` reads it back, bad values and unusable settings refused."""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path

import pytest
from sqlmodel import Session, func, select
from typer.testing import CliRunner

from pbem.cli.main import app
from pbem.ops.config import ConfigError, Settings, load
from pbem.ops.db import Game, Outbox
from pbem.play.service import Service
from tests.settings import TEST_DOMAIN, command_env

ANN = "ann@example.org"


def run(env: dict[str, str], *args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exit_code == code, (result.exit_code, result.output)
    return result.output


def bare(tmp_path: Path) -> dict[str, str]:
    """An organiser's shell on a fresh machine: no PBEM_* variables but where the settings file is."""
    return {"PBEM_CONFIG": str(tmp_path / "pbem.toml"), "USER": "orga"}


def test_init_writes_a_commented_file_with_every_setting_a_secret_and_the_database_that_config_reads_back(
        tmp_path: Path) -> None:
    env = bare(tmp_path)
    said = run(env, "init", "--domain", TEST_DOMAIN, "--organiser", "me@example.org")
    file = tmp_path / "pbem.toml"
    assert f"wrote {file}" in said and file.stat().st_mode & 0o077 == 0  # it holds the secret: the owner's alone
    text = file.read_text()
    written = tomllib.loads(text)
    assert written["domain"] == TEST_DOMAIN and written["from"] == f"pbem@{TEST_DOMAIN}"
    assert written["organiser"] == "me@example.org" and len(written["secret"]) >= 32
    assert written["database_url"] == f"sqlite:///{tmp_path.resolve() / 'pbem.db'}"
    for spec in fields(Settings):  # every setting is there, explained, with its default and an example
        name = "from" if spec.name == "from_address" else spec.name
        if spec.metadata["hidden"]:  # a fault-test hook, no organiser's setting
            assert name not in text
            continue
        assert f"\n{name} = " in text or f"\n# {name} = " in text, name
        assert f"example: {name} = " in text
    assert (tmp_path / "pbem.db").is_file()

    shown = run(env, "config")
    assert f'domain                = "{TEST_DOMAIN}"  # {file}' in shown
    assert "secret                = ********" in shown and written["secret"] not in shown
    assert 'reply_local           = "play"  # default' in shown
    loaded = load(env)
    assert loaded.settings.secret == written["secret"] and loaded.sources["domain"] == str(file)


def test_init_keeps_an_existing_file_unless_forced_and_then_keeps_its_secret(tmp_path: Path) -> None:
    env = bare(tmp_path)
    run(env, "init")
    file = tmp_path / "pbem.toml"
    file.write_text(file.read_text().replace("# smtp_user = \"\"", 'smtp_user = "relay-login"'))
    before = file.read_text()
    assert "exists; edit it, or give --force" in run(env, "init", code=1)
    assert file.read_text() == before
    run(env, "init", "--force")
    again = tomllib.loads(file.read_text())
    assert again["secret"] == tomllib.loads(before)["secret"] and again["smtp_user"] == "relay-login"


def test_the_environment_overrides_the_file_and_config_says_where_each_value_came_from(tmp_path: Path) -> None:
    (tmp_path / "pbem.toml").write_text('smtp_port = 25\nsmtp_tls = "implicit"\n')
    env = {**bare(tmp_path), "PBEM_SMTP_PORT": "465", "PBEM_DATABASE_URL": f"sqlite:///{tmp_path / 'pbem.db'}"}
    shown = run(env, "config", code=1)  # shown, though no database is there yet
    assert f"error: there is no database at {tmp_path / 'pbem.db'}" in shown
    assert "smtp_port             = 465  # PBEM_SMTP_PORT (environment)" in shown
    assert f'smtp_tls              = "implicit"  # {tmp_path / "pbem.toml"}' in shown
    assert load(env).settings.smtp_port == 465


def test_config_option_names_the_file_for_any_command_and_must_exist(tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    other.write_text(f'domain = "{TEST_DOMAIN}"\n')
    assert f'domain                = "{TEST_DOMAIN}"  # {other}' in run(bare(tmp_path), "--config", str(other), "config",
                                                                   code=1)
    missing = run(bare(tmp_path), "--config", str(tmp_path / "nope.toml"), "game", "list", code=1)
    assert "no such file" in missing and "pbem init --path" in missing


def test_the_old_starttls_switch_still_means_starttls() -> None:
    assert load({"PBEM_SMTP_STARTTLS": "true", "PBEM_CONFIG": "/nonexistent"}).settings.relay_tls == "starttls"
    with pytest.raises(ConfigError, match="contradicts smtp_tls"):
        load({"PBEM_SMTP_STARTTLS": "yes", "PBEM_SMTP_TLS": "implicit", "PBEM_CONFIG": "/nonexistent"})


@pytest.mark.parametrize(("in_file", "in_env", "said"), [
    ('smtp_port = "abc"\n', {}, 'smtp_port = \'abc\' in {file} is not accepted: give a port number 1-65535'),
    ("", {"PBEM_SMTP_PORT": "70000"}, "PBEM_SMTP_PORT='70000' in the environment is not accepted: give a port"),
    ("", {"PBEM_SMTP_TLS": "ssl"}, "PBEM_SMTP_TLS='ssl' in the environment is not accepted: give one of none, "
                                   "starttls, implicit"),
    ('listen = "bogus"\n', {}, "listen = 'bogus' in {file} is not accepted: give host:port, e.g. 127.0.0.1:2525"),
    ("", {"PBEM_IMAP_SSL": "maybe"}, "PBEM_IMAP_SSL='maybe' in the environment is not accepted: give true or false"),
    ("smtp_prot = 25\n", {}, "{file}: unknown setting 'smtp_prot'"),
    ("domain = \n", {}, "{file} is not valid TOML"),
    ("", {"PBEM_FROM": "pbem@pbem.test\r\nBcc: eve@evil.example"},
     "PBEM_FROM='pbem@pbem.test\\r\\nBcc: eve@evil.example' in the environment is not accepted: "
     "'pbem@pbem.test\\r\\nBcc: eve@evil.example' is not an email address: it has control characters "
     "(U+000D, U+000A)"),
    ('organiser = "josé@example.es"\n', {}, "organiser = 'josé@example.es' in {file} is not accepted: "
     "'josé@example.es' has letters outside ASCII before the @ (é)"),
    ('from = "\\"pbem\\"@pbem.test"\n', {}, "a quoted part (\") is never what a reply comes from"),
    ("", {"PBEM_FROM_NAME": "pbem\r\nBcc: eve@evil.example"}, "PBEM_FROM_NAME='pbem\\r\\nBcc: eve@evil.example' in "
     "the environment is not accepted: give a name of at most 64 printable characters"),
    (f'from_name = "{"x" * 65}"\n', {}, "give a name of at most 64 printable characters"),
    pytest.param("domain = " + "[" * 100_000 + "]" * 100_000 + "\n", {},
                 "{file} nests arrays or tables too deeply to read", id="100000-deep"),
])
def test_a_bad_value_is_one_line_naming_the_key_and_what_is_accepted(
        tmp_path: Path, in_file: str, in_env: dict[str, str], said: str) -> None:
    file = tmp_path / "pbem.toml"
    file.write_text(in_file)
    for command in (["config"], ["game", "list"], ["serve"]):
        output = run({**bare(tmp_path), **in_env}, *command, code=1)
        assert output.count("\n") == 1 and said.format(file=file) in output, output


def counts(service: Service) -> tuple[int, int]:
    with Session(service.db) as session:
        return tuple(session.exec(select(func.count()).select_from(t)).one() for t in (Game, Outbox))  # type: ignore


def test_commands_that_mail_players_refuse_the_example_domain_saying_what_to_set(tmp_path: Path) -> None:
    env = bare(tmp_path)
    run(env, "init")  # the file as written: domain still the example
    service = Service(load(env).settings)
    for command in (["game", "new", "dragon", "--player", ANN, "--bots", "2"], ["serve"],
                    ["game", "resend", "1", "--seat", "1"]):
        output = run(env, *command, code=1)
        assert output.count("\n") == 1, output
        assert "built-in example domain pbem.localhost" in output
        assert f'set domain = "pbem.example.org" in {tmp_path / "pbem.toml"} (or PBEM_DOMAIN)' in output
    assert counts(service) == (0, 0)
    refused = run({**env, "PBEM_DOMAIN": TEST_DOMAIN}, "game", "new", "dragon", "--player", ANN, code=1)
    assert "from is 'pbem@pbem.localhost'" in refused and f'set from = "pbem@{TEST_DOMAIN}"' in refused
    run(env, "game", "list")  # reading is fine on any settings
    ready = command_env(tmp_path)
    assert "game 1 started" in run(ready, "game", "new", "dragon", "--player", ANN, "--bots", "2")
    assert load(ready).settings.domain == TEST_DOMAIN and counts(service)[0] == 1


def test_a_secret_other_than_the_databases_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    env = command_env(tmp_path, PBEM_SECRET="first-secret")
    run(env, "init")
    run(env, "game", "new", "dragon", "--player", ANN, "--bots", "2")
    service = Service(load(env).settings)
    before = counts(service)
    changed = {**env, "PBEM_SECRET": "second-secret"}
    for command in (["game", "new", "dragon", "--player", ANN, "--bots", "2"], ["serve"]):
        output = run(changed, *command, code=1)
        assert output.count("\n") == 1
        assert "the secret set in PBEM_SECRET is not the one this database" in output
        assert "put back the original secret in PBEM_SECRET, or remove it there" in output
    assert counts(service) == before
    unset = {key: value for key, value in env.items() if key != "PBEM_SECRET"}
    assert "game 2 started" in run(unset, "game", "new", "dragon", "--player", ANN, "--bots", "2")  # the stored one


def test_a_database_with_a_generated_secret_refuses_a_configured_one(tmp_path: Path) -> None:
    env = bare(tmp_path)
    run(env, "init", "--domain", TEST_DOMAIN, "--organiser", "me@example.org")
    assert "started" in run(env, "game", "new", "dragon", "--player", ANN, "--bots", "2")
    output = run({**env, "PBEM_SECRET": "not-the-one"}, "game", "new", "dragon", "--player", ANN, code=1)
    assert "is not the one this database" in output


@pytest.mark.parametrize(("flag", "value", "said"), [
    ("--domain", "not a domain", "--domain 'not a domain' is not a mail domain; give the domain players write to"),
    ("--organiser", "notanemail", "--organiser 'notanemail' is not accepted: 'notanemail' is not an email address"),
    ("--organiser", "josé@example.es", "has letters outside ASCII before the @ (é)"),
])
def test_init_refuses_a_domain_or_organiser_every_later_command_would_and_writes_nothing(
        tmp_path: Path, flag: str, value: str, said: str) -> None:
    output = run(bare(tmp_path), "init", flag, value, code=1)
    assert output.startswith("error: ") and output.count("\n") == 1 and said in output, output
    assert list(tmp_path.iterdir()) == []


def test_init_into_a_missing_folder_says_so_and_makes_no_folder(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "pbem.toml"
    output = run(bare(tmp_path), "init", "--path", str(target), code=1)
    assert f"its folder {target.parent} does not exist; create it first" in output
    assert list(tmp_path.iterdir()) == []


def test_init_of_another_file_beside_a_league_makes_a_fresh_secret_and_database(tmp_path: Path) -> None:
    env = bare(tmp_path)
    run(env, "init", "--domain", TEST_DOMAIN)
    first = tomllib.loads((tmp_path / "pbem.toml").read_text())
    other = tmp_path / "other.toml"
    run(env, "init", "--path", str(other))
    second = tomllib.loads(other.read_text())
    assert second["secret"] != first["secret"] and second["domain"] != TEST_DOMAIN
    assert second["database_url"] == f"sqlite:///{tmp_path.resolve() / 'other.db'}" != first["database_url"]
    assert (tmp_path / "other.db").is_file()


def test_a_setting_written_twice_is_named_with_both_lines(tmp_path: Path) -> None:
    (tmp_path / "pbem.toml").write_text('smtp_port = 25\ndomain = "a.org"\n# note\ndomain = "b.org"\n')
    output = run(bare(tmp_path), "config", code=1)
    assert output == f"error: {tmp_path / 'pbem.toml'}: domain is set twice, on line 2 and on line 4; keep one of them\n"
