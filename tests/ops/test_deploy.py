"""The deployment guide and the shipped systemd units: they verify, and every command and setting they name exists."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
import typer

from pbem.cli.main import app
from pbem.ops.config import Settings

REPO = Path(__file__).parents[2]
GUIDE = REPO / "docs" / "deploy.md"
UNITS = sorted((REPO / "deploy").glob("pbem*.*"))
INSTALLED = "/opt/pbem/venv/bin/pbem"
"""Where the units and the guide expect the pbem script."""


def unit(name: str) -> dict[str, list[str]]:
    """A unit file's settings, each name with its values in order."""
    values: dict[str, list[str]] = {}
    for line in (REPO / "deploy" / name).read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            values.setdefault(key.strip(), []).append(value.strip())
    return values


def pbem_command_lines() -> list[tuple[str, list[str]]]:
    """Every pbem invocation in the guide's code blocks and the units' Exec lines, as its arguments.

    A bare ``pbem`` counts in shell blocks (```sh); the installed path
    (``/opt/pbem/venv/bin/pbem``) anywhere: crontab, master.cf, units.
    """
    blocks = re.findall(r"```([a-z]*)\n(.*?)```", GUIDE.read_text(), flags=re.S)
    blocks += [("", line.partition("=")[2]) for path in UNITS for line in path.read_text().splitlines()
               if line.startswith("Exec")]
    found = []
    for kind, text in blocks:
        names = ("pbem", INSTALLED) if kind == "sh" else (INSTALLED,)
        for line in text.replace("\\\n", " ").splitlines():
            plain = re.sub(r"\$\([^)]*\)", "X", line.replace("%%", "%"))  # $(date +%F) is one word
            for part in re.split(r"&&|;|\|\||'", plain):
                try:
                    words = shlex.split(part, comments=True)
                except ValueError:  # not shell (a DNS record, a toml line): never a pbem command
                    assert not re.search(r"(^|\s|/)pbem\s", part), f"cannot read {line!r}"
                    continue
                starts = [i for i, word in enumerate(words) if word in names
                          and (i == 0 or words[i - 1] in ("sudo", "exec") or "=" in words[i - 1])]
                if starts and len(words) > starts[0] + 1:
                    found.append((line.strip(), words[starts[0] + 1:]))
    return found


def test_the_guide_is_linked_from_the_readme_and_names_the_units_it_ships() -> None:
    assert "](docs/deploy.md)" in (REPO / "README.md").read_text()
    guide = GUIDE.read_text()
    for path in UNITS:
        assert f"deploy/{path.name}" in guide, path.name


def test_pbem_service_restarts_on_failure_as_its_own_user_in_its_state_directory() -> None:
    service = unit("pbem.service")
    assert service["ExecStart"] == [f"{INSTALLED} serve"]
    assert service["Restart"] == ["on-failure"]
    assert service["User"] == ["pbem"] and service["WorkingDirectory"] == ["/var/lib/pbem"]
    assert service["StateDirectory"] == ["pbem"] and service["ProtectSystem"] == ["strict"]
    assert service["NoNewPrivileges"] == ["yes"]
    assert unit("pbem-backup.timer")["OnCalendar"] and unit("pbem-backup.service")["Type"] == ["oneshot"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed (Debian package systemd); the units are not verified")
def test_the_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    real = shutil.which("pbem") or shutil.which("python3")
    assert real is not None
    for path in UNITS:  # verify checks that ExecStart exists: point it at this machine's executable
        (tmp_path / path.name).write_text(path.read_text().replace(INSTALLED, real))
    done = subprocess.run(["systemd-analyze", "verify", *(str(tmp_path / path.name) for path in UNITS)],
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_every_pbem_command_in_the_guide_and_units_parses() -> None:
    root = typer.main.get_command(app)
    lines = pbem_command_lines()
    named = {words[0] for _, words in lines}
    assert {"init", "backup", "restore", "upgrade", "receive", "serve"} <= named, named
    for line, words in lines:
        parent = typer.Context(root, info_name="pbem")
        command, rest = root, list(words)
        while hasattr(command, "get_command"):  # a group: the next word names its command
            found = command.get_command(parent, rest[0])
            assert found is not None, f"{line}: pbem has no command {rest[0]!r}"
            command, rest = found, rest[1:]
            if hasattr(command, "get_command"):
                parent = typer.Context(command, info_name=command.name, parent=parent)
        try:
            command.make_context(command.name, rest, parent=parent)
        except Exception as exc:  # click's UsageError, from the click typer carries
            raise AssertionError(f"{line}: {exc}") from None


def test_every_setting_the_guide_names_is_one_pbem_has() -> None:
    known = {"PBEM_" + name.upper() for name in Settings.__dataclass_fields__} | {"PBEM_FROM", "PBEM_CONFIG"}
    named = set(re.findall(r"\bPBEM_[A-Z_]+\b", GUIDE.read_text()))
    assert named and named <= known, named - known


def test_the_guide_quotes_each_postfix_file_the_postfix_test_runs_whole() -> None:
    """docs/postfix/ is the one copy of the guide's Postfix lines: tests/mail/test_postfix.py runs them."""
    guide = GUIDE.read_text()
    files = sorted(path for path in (REPO / "docs" / "postfix").iterdir() if path.suffix != ".md")
    assert {path.name for path in files} >= {"master.cf", "main.cf", "transport.pipe", "main.cf.listener",
                                             "transport.listener", "main.cf.dmarc", "header_checks",
                                             "opendmarc.conf"}
    for path in files:
        assert f"(`docs/postfix/{path.name}`" in guide, f"the guide does not name docs/postfix/{path.name}"
        assert f"```\n{path.read_text()}```" in guide, f"the guide's copy of docs/postfix/{path.name} differs from it"


def test_the_guides_opendmarc_settings_refuse_what_it_would_give_no_verdict_for() -> None:
    """A From of several addresses and a mail without exactly one From get no DMARC verdict by default."""
    settings = dict(line.split(None, 1) for line in (REPO / "docs" / "postfix" / "opendmarc.conf").read_text()
                    .splitlines() if line.strip() and not line.startswith("#"))
    assert settings["RejectMultiValueFrom"] == "true" and settings["RequiredHeaders"] == "true"
    assert settings["AuthservID"] == settings["TrustedAuthservIDs"] == "mx.pbem.example.org"
    assert "/etc/postfix/header_checks" in (REPO / "docs" / "postfix" / "main.cf.dmarc").read_text()
