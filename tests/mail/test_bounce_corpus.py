"""Real mail servers' reports at a seat's reply address: bounces, never a wrong sender's mail.

``bounces/flufl/`` holds the 103 real messages of flufl.bounce's detector
tests (its sdist's tests/data, Apache-2.0, LICENSE beside them): DSNs and
the non-DSN formats of Exim, qmail, Postfix, Exchange, GroupWise, Yahoo, AOL
and the rest. A server that lost our return path sends its report to the
Reply-To of our mail, a seat's reply address. Taken for a reply, it would be
"from another address" and the seat's player would get a notice about it.
Each comes here four ways: as a DSN comes (null sender); from the report's
own sender (a server answering the Reply-To with a sender of its own); so,
with the headers the header filter knows them by taken off; and so, under a
subject of its own, carrying back a mail of ours (its Message-ID at our
domain), so that only the chain's reading of the report itself can keep it.
Before the not-a-bounce step (#28), 13 of the 103 made a notice from the
report's sender; without the returned-mail check, one report (simple_43, an
NDR no detector reads) still did under a subject of its own.

Two of the 103 are no report, and flufl.bounce's own tests say so:
``groupwise_03`` is a person's reply (Outlook, "RE: …") and ``qmail_08`` an
autoresponder's "Auto reply". The person's reply from a stranger at a seat's
address is a wrong sender, and its seat's player is told: the check that
keeps the reports quiet does not swallow a person's mail.
"""

from __future__ import annotations

import re
from collections import Counter
from email import message_from_bytes
from email.message import Message
from email.policy import compat32
from pathlib import Path

import pytest

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.serve import pipeline
from pbem.mail.inbound.headers import first_address
from pbem.play.service import Service
from tests.support import sticks
from tests.support.loop import make_settings, outbox

CORPUS = sorted((Path(__file__).parent / "bounces" / "flufl").glob("*.txt"))
PERSONS = {"groupwise_03.txt"}
"""A person's mail in the corpus: a wrong sender at a seat's address, told to the seat's player."""
AUTORESPONDERS = {"qmail_08.txt"}
"""An autoresponder's mail: kept by the header filter while its headers say so; without them, a stranger's text."""
FILTER_HEADERS = ("Precedence", "X-Precedence", "Auto-Submitted", "X-Autoreply", "Return-Path")
"""What the header filter reads besides the sender and the subject: taken off in the harder pass."""


@pytest.fixture
def service(tmp_path: Path, clock: SetClock) -> Service:
    opened = open_service(make_settings(tmp_path, seat_notices_per_day=1000, unverified_per_day=1000), clock=clock,
                          rules=sticks.rules)
    opened.new_game("sticks", ["ann@example.org", "bob@example.org"], seed=0, options={"sticks": 7})
    return opened


def deliver_all(service: Service, mode: str) -> dict[str, str]:
    """Every corpus message to Ann's seat's reply address; each one's status, by file name."""
    reply_address = outbox(service, recipient="ann@example.org", kind="prompt")[0].reply_to
    statuses = {}
    for path in CORPUS:
        message = message_from_bytes(path.read_bytes(), policy=compat32)
        del message["Message-ID"], message["Message-Id"]
        message["Message-ID"] = f"<{mode}.{path.stem}@corpus.example>"
        sender = ""
        if mode != "null sender":
            sender = first_address(message, "From") or "postmaster@mx.example.org"
        if mode != "null sender" and mode != "the report's sender":
            for name in FILTER_HEADERS:
                del message[name]
        if mode == "a report of our mail, under a subject of its own":
            del message["Subject"]
            message["Subject"] = "Your message"
            _make_ours(message, service.settings.domain)
        outcome = pipeline.deliver(service, message.as_bytes(), [reply_address], envelope_sender=sender)
        statuses[path.name] = outcome.status
    return statuses


def test_the_corpus_is_flufl_bounces_103_detector_cases() -> None:
    assert len(CORPUS) == 103 and (CORPUS[0].parent / "LICENSE").exists()


def _make_ours(message: Message, domain: str) -> None:
    """The mail the report carries back becomes one of ours: its Message-ID at our domain, as pbem writes it."""
    ours = f"<returned.{abs(hash(str(message['Message-ID'])))}@{domain}>"
    for part in message.walk():
        if part.get_content_type() == "message/rfc822" and isinstance(part.get_payload(), list):
            inner = part.get_payload()[0]
            del inner["Message-ID"], inner["Message-Id"]
            inner["Message-ID"] = ours
        elif part.get_content_type() == "text/rfc822-headers" and isinstance(part.get_payload(), str):
            part.set_payload(re.sub(r"(?im)^message-id:.*$", f"Message-ID: {ours}", part.get_payload()))


MODES = ["null sender", "the report's sender", "filter headers off", "a report of our mail, under a subject of its own"]


@pytest.mark.parametrize("mode", MODES)
def test_no_report_at_a_seats_reply_address_makes_a_notice_or_an_answer(service: Service, mode: str) -> None:
    before = len(outbox(service))
    statuses = deliver_all(service, mode)
    reports = {name: status for name, status in statuses.items() if name not in PERSONS | AUTORESPONDERS}
    assert Counter(reports.values()) == Counter({"ignored": 101}), {
        name: status for name, status in reports.items() if status != "ignored"}
    others = {name: statuses[name] for name in sorted(PERSONS | AUTORESPONDERS)}
    told = {"null sender": set(), "the report's sender": PERSONS}.get(mode, PERSONS | AUTORESPONDERS)
    assert others == {name: "wrong_sender" if name in told else "ignored" for name in others}, others
    answers = outbox(service)[before:]
    assert [(row.kind, row.recipient) for row in answers] == [("sender_notice", "ann@example.org")] * len(told), \
        "a person's mail (and an autoresponder's without the headers that say so) is told to the seat's player"
