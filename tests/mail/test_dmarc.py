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


def test_a_failure_under_a_header_of_ours_counts_a_sender_can_only_refuse_their_own_mail(service: Service) -> None:
    """Our MX writes several headers (OpenDKIM's, OpenDMARC's): every one of ours at the top is read."""
    assert ann_replies(service, PASS, FAIL).status == "unauthenticated" and played(service) == []


def test_a_header_of_ours_below_another_servers_is_not_at_the_top_and_is_not_read(service: Service) -> None:
    foreign = PASS.replace(OUR_MX, "mx.elsewhere.example")
    assert ann_replies(service, PASS, foreign, FAIL).status == "applied" and played(service) == ["take 1"]


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


# ---------------------------------------------------------------- one sender or none
#
# Each forged form is written byte for byte, its header fields in the order given (an EmailMessage refuses a
# second From), and goes over SMTP to the real listener, as the MX hands it on.

EVIL = "evil.example"
MALLORY = f"mallory@{EVIL}"


def raw_reply(service: Service, *fields: str, text: str = "take 1", to: str = "") -> bytes:
    """Ann's prompt answered with exactly ``fields`` (whole header lines, in order) above the reply's own."""
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    lines = [*fields, f"To: {to or prompt.reply_to}", f"Subject: Re: {prompt.subject}",
             f"Message-ID: <forged-{len(rows(service, Inbound))}@client.example>",
             f"In-Reply-To: {prompt.message_id}", f"References: {prompt.message_id}",
             "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "", text, ""]
    return "\r\n".join(lines).encode()


def delivered(service: Service, envelope: str, raw: bytes, to: str = "") -> tuple[Inbound, list[tuple[str, str]]]:
    """Send ``raw`` to Ann's seat (or ``to``) over SMTP; the stored mail and what was queued because of it."""
    before = len(outbox(service))
    recipient = to or outbox(service, recipient=ANN, kind="prompt")[-1].reply_to
    over_smtp(service, [(envelope, recipient, raw)])
    return rows(service, Inbound)[-1], [(row.kind, row.recipient) for row in outbox(service)[before:]]


FORGED_FROMS = {
    "two addresses in one From": (f"From: Ann <{ANN}>, Mallory <{MALLORY}>",),
    "the attacker first": (f"From: {MALLORY}, {ANN}",),
    "two From fields": (f"From: Ann <{ANN}>", f"From: Mallory <{MALLORY}>"),
    "two From fields, the attacker's first": (f"From: {MALLORY}", f"From: {ANN}"),
    "a group of two": (f"From: players: {ANN}, {MALLORY};",),
}


@pytest.mark.parametrize("fields", FORGED_FROMS.values(), ids=FORGED_FROMS.keys())
@pytest.mark.parametrize("verdict", ["", f"{OUR_MX}; dmarc=pass header.from={EVIL}",
                                     f"{OUR_MX}; dkim=pass header.d={EVIL}"], ids=["no-verdict", "pass", "dkim"])
def test_a_from_of_several_senders_is_unauthenticated_and_only_the_seats_player_hears(
        service: Service, fields: tuple[str, ...], verdict: str) -> None:
    top = (f"Authentication-Results: {verdict}",) if verdict else ()
    stored, answers = delivered(service, MALLORY, raw_reply(service, *top, *fields))
    assert stored.status == "unauthenticated" and played(service) == [], stored.reason
    assert "several senders" in stored.reason and stored.sender == ""
    assert answers == [("sender_notice", ANN)], "nothing to the forged From: one notice at Ann's registered address"
    notice = outbox(service, kind="sender_notice")[-1]
    assert "named several senders" in notice.subject and "several senders in its From" in " ".join(notice.text.split())


def test_a_dmarc_pass_about_another_domain_is_no_verdict_and_the_mail_is_refused(service: Service) -> None:
    verdict = f"Authentication-Results: {OUR_MX}; spf=pass smtp.mailfrom={EVIL}; dmarc=pass header.from={EVIL}"
    stored, answers = delivered(service, MALLORY, raw_reply(service, verdict, f"From: Ann <{ANN}>"))
    assert stored.status == "unauthenticated" and played(service) == []
    assert "about another domain" in stored.reason
    assert answers == [("sender_notice", ANN)]


def test_a_dmarc_fail_under_a_dkim_only_header_of_ours_counts(service: Service) -> None:
    dkim = f"Authentication-Results: {OUR_MX}; dkim=pass header.d=example.org header.s=mail"
    dmarc = f"Authentication-Results: {OUR_MX};\r\n\tdmarc=fail (p=reject dis=none) header.from=example.org"
    stored, answers = delivered(service, MALLORY, raw_reply(service, dkim, dmarc, f"From: {ANN}"))
    assert stored.status == "unauthenticated" and played(service) == []
    assert "failed DMARC at our MX" in stored.reason and answers == [("sender_notice", ANN)]


def test_our_id_after_a_comment_or_with_a_version_is_still_ours(service: Service) -> None:
    for written in (f"(MX) {OUR_MX}; dmarc=fail header.from=example.org",
                    f"{OUR_MX} 1; dmarc=fail header.from=example.org",
                    f"{OUR_MX.upper()} (ours); dmarc=fail header.from=Example.ORG"):
        stored, _answers = delivered(service, ANN, raw_reply(service, f"Authentication-Results: {written}",
                                                             f"From: {ANN}"))
        assert stored.status == "unauthenticated", written
    assert played(service) == []


def test_a_single_from_with_a_passing_verdict_still_plays(service: Service) -> None:
    dkim = f"Authentication-Results: {OUR_MX}; dkim=pass header.d=example.org"
    dmarc = f"Authentication-Results: {OUR_MX}; dmarc=pass header.from=EXAMPLE.org"
    stored, answers = delivered(service, ANN, raw_reply(service, dkim, dmarc, f'From: "Ann, the player" <{ANN}>'))
    assert stored.status == "applied" and played(service) == ["take 1"], stored.reason
    assert all(recipient != MALLORY for _kind, recipient in answers)


def test_a_from_of_several_senders_to_pbems_own_address_is_neither_answered_nor_forwarded(
        service: Service) -> None:
    desk = service.settings.from_address
    stored, answers = delivered(service, MALLORY, raw_reply(service, f"From: {ANN}, {MALLORY}", text="help",
                                                            to=desk), to=desk)
    assert stored.status == "unauthenticated" and answers == []


def test_without_an_authserv_id_a_from_of_several_senders_is_no_ones(tmp_path: Path, clock: SetClock) -> None:
    """No MX to vouch: the mail has no sender pbem answers; at a seat it is kept as from another address, and
    the seat's player is told, never the addresses in its From."""
    opened = open_service(make_settings(tmp_path), clock=clock, rules=sticks.rules)
    opened.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    for fields in FORGED_FROMS.values():
        stored, answers = delivered(opened, MALLORY, raw_reply(opened, *fields))
        assert stored.status == "wrong_sender" and stored.sender == "", stored.reason
        assert "several senders" in stored.reason
        assert all(recipient == ANN and kind == "sender_notice" for kind, recipient in answers), answers
    assert played(opened) == []
    desk = opened.settings.from_address
    stored, answers = delivered(opened, ANN, raw_reply(opened, f"From: {ANN}, {BOB}", text="help", to=desk), to=desk)
    assert stored.status == "stranger" and answers == []
    stored, _answers = delivered(opened, ANN, raw_reply(opened, f"From: Ann <{ANN}>"))
    assert stored.status == "applied" and played(opened) == ["take 1"], "a single From plays as before"
