"""DMARC on the way in: the verdict of our MX's Authentication-Results header is a second factor on a reply.

Every reply goes over SMTP to a real listener of the service (aiosmtpd),
written as the MX would hand it on: the player's mail with the header our
MX (authserv-id ``mx.pbem.test``, the ``authserv_id`` setting) put on top.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.db import Inbound, Move, UnverifiedMail
from pbem.play.service import Service
from tests.support import sticks
from tests.support.loop import make_settings, outbox, reply_to, rows
from tests.play.test_bounces import over_smtp

ANN, BOB, EVE = "ann@example.org", "bob@example.org", "eve@example.org"
OUR_MX = "mx.pbem.test"
PASS = f"{OUR_MX}; spf=pass smtp.mailfrom=example.org; dmarc=pass (p=reject dis=none) header.from=example.org"
FAIL = f"{OUR_MX}; spf=fail smtp.mailfrom=example.org; dmarc=fail (p=reject dis=none) header.from=example.org"


@pytest.fixture
def service(tmp_path: Path, clock: SetClock) -> Service:
    """Ann and Bob at a Sticks table, Ann to move; the service trusts the header of ``mx.pbem.test``."""
    opened = open_service(make_settings(tmp_path, authserv_id=OUR_MX), clock=clock, rules=sticks.rules)
    opened.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    return opened


def ann_replies(service: Service, *headers: str, sender: str = ANN) -> Inbound:
    """Ann's reply ``take 1``, with ``headers`` (Authentication-Results values, topmost first), over SMTP."""
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    raw = reply_to(prompt, "take 1", sender=sender)
    added = b"".join(f"Authentication-Results: {value}\r\n".encode() for value in headers)
    over_smtp(service, [(sender, prompt.reply_to, added + raw)])
    return rows(service, Inbound)[-1]


def played(service: Service) -> list[str]:
    with Session(service.db) as session:
        return [move.notation for move in session.exec(select(Move))]


def notices(service: Service) -> list[str]:
    return [row.text for row in outbox(service, kind="sender_notice")]


def test_a_reply_whose_from_passes_dmarc_at_our_mx_is_played(service: Service) -> None:
    stored = ann_replies(service, PASS)
    assert stored.status == "applied" and played(service) == ["take 1"]
    assert notices(service) == []


def test_a_reply_whose_from_fails_dmarc_at_our_mx_is_kept_unauthenticated_and_the_player_told(
        service: Service) -> None:
    before = len(outbox(service))
    stored = ann_replies(service, FAIL)
    assert stored.status == "unauthenticated" and played(service) == []
    assert "failed DMARC at our MX" in stored.reason and "the seat's player was told" in stored.reason
    answers = outbox(service)[before:]
    assert [(answer.kind, answer.recipient) for answer in answers] == [("sender_notice", ANN)], \
        "one notice, to the registered address; nothing else is answered"
    notice, text = answers[0], " ".join(answers[0].text.split())
    assert "failed the sender check" in notice.subject
    assert "(its DMARC check failed). Nothing in it was played." in text and "reply again straight from" in text
    assert "DMARC" in notice.html
    with Session(service.db) as session:  # counted in the budget of mail pbem cannot verify, for the digest
        counted = session.exec(select(UnverifiedMail)).one()
    assert (counted.address, counted.game_id, counted.seat, counted.answered) == (ANN, 1, 0, 1)


def test_the_notices_of_forged_replies_stay_within_the_seats_daily_budget(service: Service) -> None:
    for attempt in range(4):
        prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
        raw = reply_to(prompt, "take 1", message_id=f"<forged-{attempt}@client.example>")
        over_smtp(service, [(ANN, prompt.reply_to, f"Authentication-Results: {FAIL}\r\n".encode() + raw)])
    assert {row.status for row in rows(service, Inbound)} == {"unauthenticated"} and played(service) == []
    assert len(notices(service)) == service.settings.seat_notices_per_day


def test_a_header_from_another_authserv_id_is_ignored(service: Service) -> None:
    forged = FAIL.replace(OUR_MX, "mx.elsewhere.example")
    assert ann_replies(service, forged).status == "applied" and played(service) == ["take 1"]


def test_only_the_topmost_header_of_our_mx_counts_a_forged_one_below_it_is_ignored(service: Service) -> None:
    stored = ann_replies(service, PASS, FAIL)  # the sender wrote a failing one under ours: ours says pass
    assert stored.status == "applied"


def test_a_passing_header_below_ours_does_not_excuse_a_failure(service: Service) -> None:
    forged_pass = PASS + "; dkim=pass header.d=example.org"
    assert ann_replies(service, FAIL, forged_pass).status == "unauthenticated" and played(service) == []


def test_without_the_header_a_reply_is_read_as_before(service: Service) -> None:
    assert ann_replies(service).status == "applied" and played(service) == ["take 1"]


def test_without_an_authserv_id_no_header_is_trusted(tmp_path: Path, clock: SetClock) -> None:
    opened = open_service(make_settings(tmp_path), clock=clock, rules=sticks.rules)
    opened.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    assert ann_replies(opened, FAIL).status == "applied"


def test_a_forged_reply_from_another_player_is_not_answered_and_its_seats_player_told(service: Service) -> None:
    """Bob's address in the From of a mail to Ann's seat, forged: Bob is not refused (it was not Bob)."""
    stored = ann_replies(service, FAIL, sender=BOB)
    assert stored.status == "unauthenticated"
    assert [(row.kind, row.recipient) for row in outbox(service)[-1:]] == [("sender_notice", ANN)]
    assert outbox(service, recipient=BOB, kind="refusal") == []


def test_a_forged_mail_to_pbems_own_address_is_neither_answered_nor_forwarded(service: Service) -> None:
    before = len(outbox(service))
    raw = (f"Authentication-Results: {FAIL}\r\nFrom: {ANN}\r\nTo: {service.settings.from_address}\r\n"
           "Subject: a question\r\nMessage-ID: <q@client.example>\r\n\r\nwhen is the next round?\r\n").encode()
    over_smtp(service, [(ANN, service.settings.from_address, raw)])
    assert rows(service, Inbound)[-1].status == "unauthenticated" and len(outbox(service)) == before
