"""The organiser's side of sign-up by mail (#47): ``pbem tournament signups|approve|refuse``, the sign-up state
``create`` and ``show`` print, and the line of ``pbem status``; mails come in through the real pipeline."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session, select

from pbem.ops.db import Audit
from pbem.play.service import Service
from pbem.serve import pipeline
from tests.cli.test_cli import env, pbem, service  # noqa: F401  (fixtures)
from tests.support.loop import outbox, reply_to
from tests.tournament.conftest import definition
from tests.tournament.test_signup import YAN, ZOE, join_mail


def signed_up(service: Service, *addresses: str) -> None:
    """Each address joins and confirms by a plain reply to its confirmation."""
    for number, address in enumerate(addresses):
        assert pipeline.deliver(service, join_mail(service, "join Test Open", sender=address,
                                                   number=number)).status == "command"
        [asked] = outbox(service, recipient=address, kind="signup")
        assert pipeline.deliver(service, reply_to(asked, "")).status == "command"


def test_pending_sign_ups_are_listed_shown_in_status_and_approved_or_refused_with_one_command(
        env, service, tmp_path: Path) -> None:
    env = {**env, "COLUMNS": "200"}  # every address on one line of the table
    file = tmp_path / "open.toml"
    file.write_text(definition(2, "\n[signup]\nopen = true\ncap = 20\ncloses = 2099-12-31\n"))
    created = pbem(env, "tournament", "create", str(file))
    assert "sign-up by mail: open (each approved by the organiser, cap 20, closes after 2099-12-31 UTC)" in created
    signed_up(service, ZOE, YAN)
    listed = pbem(env, "tournament", "signups", "1")
    assert ZOE in listed and YAN in listed and "pending" in listed and "pbem tournament approve" in listed
    status = pbem(env, "status", code=1)
    assert "sign-ups:   awaiting approval 2 (oldest confirmed" in status
    assert "approved for Test Open" in pbem(env, "tournament", "approve", "1", ZOE)
    assert "refused for Test Open" in pbem(env, "tournament", "refuse", "1", YAN, "--reason", "no room")
    assert "no sign-up from yan@example.net awaits approval" in pbem(env, "tournament", "approve", "1", YAN, code=1)
    assert ZOE not in pbem(env, "tournament", "signups", "1") and "registered" in pbem(env, "tournament", "signups",
                                                                                        "1", "--all")
    assert "sign-ups:   awaiting approval none" in pbem(env, "status", code=1)
    assert "players: zoe" in pbem(env, "tournament", "show", "1")
    with Session(service.db) as session:
        actions = {(a.actor, a.action) for a in session.exec(select(Audit))}
    assert {("orga", "signup approve"), ("orga", "signup refuse")} <= actions
    assert [row.kind for row in outbox(service, recipient=ZOE)] == ["signup", "signup", "welcome"]
    assert [row.kind for row in outbox(service, recipient=YAN)] == ["signup", "signup", "signup"]


def test_create_says_a_past_closing_date_closes_sign_up_and_a_bad_section_is_refused(env, service,
                                                                                    tmp_path: Path) -> None:
    past = tmp_path / "past.toml"
    past.write_text(definition(2, "\n[signup]\nopen = true\ncloses = 2020-01-01\n"))
    assert "sign-up by mail: closed: sign-up closed after 2020-01-01 (signup.closes)" in pbem(
        env, "tournament", "create", str(past))
    bad = tmp_path / "bad.toml"
    bad.write_text(definition(2, '\n[signup]\nopen = "yes"\ncap = 2\ncloses = "soon"\nwho = 1\n').replace(
        'name = "Test Open"', 'name = "Bad"'))
    refused = pbem(env, "tournament", "create", str(bad), code=1)
    for field in ("signup.open: must be true or false", "signup.cap: must be a whole number from 3",
                  "signup.closes: must be a date", "signup.who: unknown field"):
        assert field in refused, refused
