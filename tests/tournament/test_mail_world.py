"""What the mail world expects of every mail pbem sends (#31, items 2 and 4), read off a real SMTP sink.

One tournament with players reading Greek, Russian, Hungarian and English, under a Greek-Hungarian-Russian
name, causes every kind of mail a tournament sends (welcome, round start, prompts with the board picture,
confirmations, notices, commands, refusals, reminders, timeouts, digests, the front desk's answers, the
organiser's mails, game over, standings), and the rarer mails follow (oversize, bounces, the organiser's
actions, a player's leave, a league round that cannot start): every template that is a mail. The outbox sends
them all through a worker signing with the key ``pbem init --dkim`` made, to an aiosmtpd sink. Each mail as the sink took it must verify with dkimpy
against the very record ``pbem init`` printed, served by a stub resolver; each must carry the List headers.
"""

from __future__ import annotations

import asyncio
import re
import stat
from dataclasses import replace
from email import message_from_bytes, policy
from email.header import decode_header, make_header
from pathlib import Path
from typing import Any, Iterator

import dkim
import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

from pbem.app import open_service
from pbem.cli.main import app
from pbem.cli.status import lines as status_lines
from pbem.clock import SetClock
from pbem.mail import signing
from pbem.language.letters import TEMPLATE_DIR
from pbem.serve.outbox import OutboxWorker
from pbem.serve import health
from pbem.ops.config import ConfigError, load_settings
from pbem.ops.db import Outbox
from pbem.play.service import Service
from pbem.tournament import runner
from tests.language.test_mail_escaping import KINDS as MAIL_TEMPLATES
from tests.support.every_mail import NAME, busy_tournament, rarer_kinds, recording
from tests.support.sink import Sink
from tests.tournament.conftest import ORGANISER, START, definition, emails, mails
from tests.settings import TEST_DOMAIN, command_env

EVERY_KIND = {"welcome", "bye", "round_start", "prompt", "confirmation", "notice", "reminder", "timeout", "game_over",
              "standings", "digest", "frontdesk", "question", "refusal", "organiser", "help", "status", "command",
              "say", "sender_notice", "history", "start", "oversize", "admin", "organiser_action", "bounce",
              "signup", "undo", "observer"}
"""The outbox kinds the world below sends; the test fails if one goes missing. Several templates share a kind
(every organiser's mail is ``organiser``), so the templates are counted too: every one that is a mail
(:data:`MAIL_TEMPLATES`) must be sent and verified."""
SNIPPETS = {"recap_line", "seat", "calendar_summary", "calendar_description"}
"""The templates that are no mail: one line each (no HTML part, so :meth:`Letters.render` cannot send them),
rendered with :meth:`Letters.snippet` into other mails (a notice's or digest's recap, a turn's seat) or into the
calendar event a mail carries (its title and description)."""


def printed_record(output: str) -> tuple[str, str]:
    """The DNS name and the TXT text of the record ``pbem init --dkim`` printed (its strings joined, as DNS does)."""
    match = re.search(r"^(\S+)\. IN TXT \( (.*) \)$", output, re.MULTILINE)
    assert match, output
    return match.group(1), "".join(re.findall(r'"([^"]*)"', match.group(2)))


def resolver(name: str, text: str) -> Any:
    def dnsfunc(asked: bytes, timeout: int = 5) -> bytes | None:
        return text.encode("ascii") if asked.decode().rstrip(".") == name else None
    return dnsfunc


def flush(service: Service) -> None:
    async def run() -> None:
        worker = OutboxWorker(service)
        try:
            while (await worker.flush()).sent:
                pass
        finally:
            await worker.close()
    asyncio.run(run())


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The tournament's mails as the sink took them, with the record printed by ``pbem init --dkim``."""
    folder = tmp_path_factory.mktemp("world")
    env = command_env(folder, PBEM_SECRET="test-secret")
    result = CliRunner().invoke(app, ["init", "--dkim"], env=env)
    assert result.exit_code == 0, result.output
    sink = Sink().start()
    try:
        settings = replace(load_settings(env), smtp_port=sink.port, robot_answers_per_day=100000)
        clock = SetClock(START)
        service = open_service(settings, clock=clock)
        templates = recording(service)
        standalone = busy_tournament(service, clock)
        rarer_kinds(service, clock, standalone)
        flush(service)
        with Session(service.db) as session:
            rows = {row.message_id: row for row in session.exec(select(Outbox))}
        yield {"service": service, "raw": list(sink.raw), "rows": rows, "output": result.output, "folder": folder,
               "standalone": standalone, "templates": templates}
    finally:
        sink.stop()


def test_pbem_init_dkim_makes_a_private_2048_bit_key_writes_the_settings_and_prints_the_record(world) -> None:
    settings = world["service"].settings
    key = Path(settings.dkim_key_file)
    assert settings.dkim_selector == "pbem" and key.parent == world["folder"]
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert signing.public_key(key.read_bytes(), key).key_size == 2048
    name, text = printed_record(world["output"])
    assert name == f"pbem._domainkey.{TEST_DOMAIN}" and text.startswith("v=DKIM1; k=rsa; p=MII")
    written = (world["folder"] / "pbem.toml").read_text()
    assert 'dkim_selector = "pbem"' in written and f'dkim_key_file = "{key}"' in written


def test_every_kind_of_mail_verifies_against_the_printed_record(world) -> None:
    dnsfunc = resolver(*printed_record(world["output"]))
    kinds, templates = set(), set()
    for raw in world["raw"]:
        message = message_from_bytes(raw, policy=policy.default)
        row = world["rows"][message["Message-ID"]]
        assert dkim.verify(raw, dnsfunc=dnsfunc), (row.kind, raw[:600])
        signature = message["DKIM-Signature"]
        assert f"d={TEST_DOMAIN};" in signature.replace(" ", "") and "s=pbem;" in signature.replace(" ", "")
        kinds.add(row.kind)
        templates.add(world["templates"][(row.subject, row.text)].template)
    assert EVERY_KIND <= kinds, EVERY_KIND - kinds
    assert templates == set(MAIL_TEMPLATES), ("a kind of mail none of whose signatures was verified",
                                              set(MAIL_TEMPLATES) - templates)
    assert len(world["raw"]) == len(world["rows"]), "every row left, once"


def test_every_mail_names_the_service_in_its_signed_from_and_asks_for_no_automatic_reply(world) -> None:
    """The From shows a name beside the address, and Outlook is asked not to answer out of office: both headers
    are signed, so the signature verified above covers them as sent."""
    settings = world["service"].settings
    for raw in world["raw"]:
        message = message_from_bytes(raw, policy=policy.default)
        [sender] = message["From"].addresses
        assert (sender.display_name, sender.addr_spec) == (settings.from_name, settings.from_address) != ("", "")
        assert message["X-Auto-Response-Suppress"] == "OOF, AutoReply"
        signed = message["DKIM-Signature"].replace(" ", "").lower()
        assert "from:from:" in signed and "x-auto-response-suppress" in signed


def test_every_template_but_the_one_line_snippets_is_a_mail_kind_verified_above() -> None:
    texts = {path.name.removesuffix(".txt.j2") for path in TEMPLATE_DIR.glob("*.txt.j2") if not path.name.startswith("_")}
    assert texts - set(MAIL_TEMPLATES) == SNIPPETS and not any((TEMPLATE_DIR / f"{name}.html.j2").exists()
                                                               for name in SNIPPETS)
    assert set(MAIL_TEMPLATES) <= texts, "every mail has a text part"


def test_the_signatures_cover_pictures_and_every_language(world) -> None:
    dnsfunc = resolver(*printed_record(world["output"]))
    pictured = [raw for raw in world["raw"] if b"Content-Type: image/png" in raw]
    assert pictured and all(dkim.verify(raw, dnsfunc=dnsfunc) for raw in pictured)
    invites = [raw for raw in world["raw"] if b"Content-Type: text/calendar; method=" in raw]
    assert invites and all(dkim.verify(raw, dnsfunc=dnsfunc) for raw in invites)  # a player mailed "calendar on"
    readers = {world["rows"][message_from_bytes(raw, policy=policy.default)["Message-ID"]].recipient
               for raw in world["raw"]}
    assert set(emails(5)) <= readers  # el, ru, hu and en readers
    texts = " ".join(message_from_bytes(raw, policy=policy.default).get_body(("plain",)).get_content()
                     for raw in world["raw"])
    assert re.search("[α-ω]", texts) and re.search("[а-я]", texts) and re.search("[őű]", texts)


def test_a_changed_byte_or_another_key_fails_the_signature(world) -> None:
    raw = world["raw"][0]
    dnsfunc = resolver(*printed_record(world["output"]))
    assert dkim.verify(raw, dnsfunc=dnsfunc)
    assert not dkim.verify(raw.replace(b"=\r\n", b"=\r\nx", 1) if b"=\r\n" in raw else raw + b"x", dnsfunc=dnsfunc)
    other = signing.make_key(world["folder"] / "other.pem")
    name, _ = printed_record(world["output"])
    assert not dkim.verify(raw, dnsfunc=resolver(name, signing.record_value(other)))


def test_a_tournament_mail_carries_its_list_id(world) -> None:
    """Every mail of a table, to a player or to the organiser, and the tournament's own mails (the organiser's
    among them: a player left, a round could not start); not the mail of no one tournament (the daily digest, the organiser's digest,
    answers at pbem's own address, the organiser's bounce report), nor the mail of the game of no tournament."""
    ids = set()
    for raw in world["raw"]:
        message = message_from_bytes(raw, policy=policy.default)
        row = world["rows"][message["Message-ID"]]
        header = raw.split(b"\r\n\r\n", 1)[0].decode("ascii")
        template = world["templates"][(row.subject, row.text)].template
        own = ("welcome", "bye", "standings", "organiser_left", "organiser_tournament", "signup")
        if (row.game_id is None and template not in own) or row.game_id == world["standalone"]:
            assert "\r\nList-Id: " not in header, row.kind
            continue
        assert "\r\nList-Id: " in header, (row.kind, header)
        ids.add(str(make_header(decode_header(message["List-Id"]))))
    assert ids == {f"{NAME} <oszi-1.{TEST_DOMAIN}>", f'"Test Open" <test-open-2.{TEST_DOMAIN}>',
                   f'"Sign-up Cup" <sign-up-cup-3.{TEST_DOMAIN}>'}, ids


def test_every_players_mail_has_a_mailto_list_unsubscribe_at_its_reply_to_and_no_one_click(world) -> None:
    organiser = world["service"].settings.organiser
    for raw in world["raw"]:
        message = message_from_bytes(raw, policy=policy.default)
        row = world["rows"][message["Message-ID"]]
        assert message["List-Unsubscribe-Post"] is None
        if row.recipient == organiser:
            assert message["List-Unsubscribe"] is None, row.kind
            continue
        if row.kind == "observer":  # a follower stops with unfollow, not leave (it is in no tournament)
            assert message["List-Unsubscribe"] == f"<mailto:{message['Reply-To']}?subject=unfollow%20{row.game_id}>"
            continue
        assert message["List-Unsubscribe"] == f"<mailto:{message['Reply-To']}?subject=leave>", row.kind


def test_an_ascii_name_is_a_quoted_phrase_and_its_label(service) -> None:
    tournament_id = runner.create(service, definition(1).replace("Test Open", 'The \\"Open\\" Cup 2026'), ORGANISER)
    runner.register(service, tournament_id, "ann@example.org", "Ann", ORGANISER)
    [welcome] = mails(service, "welcome")
    assert welcome.list_id == f'"The \\"Open\\" Cup 2026" <the-open-cup-2026-{tournament_id}.pbem.localhost>'


def test_status_names_a_key_that_cannot_be_read_or_is_not_the_published_one(world, tmp_path: Path) -> None:
    service = world["service"]
    name, text = printed_record(world["output"])

    def dkim_problems(dnsfunc: Any) -> list[str]:
        return [problem for problem in health.check(service, dnsfunc=dnsfunc).problems if "DKIM" in problem]

    assert dkim_problems(resolver(name, text)) == []
    assert "dkim:       pbem signs, s=pbem d=pbem.test" in status_lines(health.check(service))
    other = signing.record_value(signing.make_key(tmp_path / "other.pem"))
    [problem] = dkim_problems(resolver(name, other))
    assert f"the key published at {name} is not the one in {service.settings.dkim_key_file}" in problem
    [problem] = dkim_problems(resolver("elsewhere", text))
    assert f"{name} has no TXT record" in problem
    missing = replace(service.settings, dkim_key_file=str(tmp_path / "none.pem"))
    [problem] = signing.problems(missing)
    assert "cannot be read" in problem and "pbem init --force --dkim" in problem
    (tmp_path / "junk.pem").write_text("not a key")
    with pytest.raises(ConfigError, match="holds no unencrypted PEM private key"):
        signing.signer(replace(service.settings, dkim_key_file=str(tmp_path / "junk.pem")))


def test_dkim_settings_are_checked_as_they_are_read(tmp_path: Path) -> None:
    env = command_env(tmp_path)
    with pytest.raises(ConfigError, match="PBEM_DKIM_SELECTOR=.pbem. in the environment is not accepted alone: DKIM "
                                          "signing needs dkim_key_file too"):
        load_settings({**env, "PBEM_DKIM_SELECTOR": "pbem"})
    with pytest.raises(ConfigError, match="PBEM_DKIM_SELECTOR='bad selector!' in the environment is not accepted: "
                                          "give a DNS label"):
        load_settings({**env, "PBEM_DKIM_SELECTOR": "bad selector!", "PBEM_DKIM_KEY_FILE": "k.pem"})
    assert load_settings({**env, "PBEM_DKIM_SELECTOR": "mail2026.a", "PBEM_DKIM_KEY_FILE": "k.pem"}).dkim_selector \
        == "mail2026.a"


def test_serve_does_not_start_with_a_dkim_key_it_cannot_read(tmp_path: Path) -> None:
    env = command_env(tmp_path, PBEM_SECRET="test-secret", PBEM_DKIM_SELECTOR="pbem",
                      PBEM_DKIM_KEY_FILE=str(tmp_path / "missing.pem"), PBEM_LISTEN="")
    result = CliRunner().invoke(app, ["serve"], env=env)
    assert result.exit_code == 1
    assert "cannot be read" in result.output + str(result.stderr_bytes or b"", "utf-8", "replace")
