"""No input crashes the pipeline: arbitrary bytes and mangled replies always end in a known outcome."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.serve import pipeline
from pbem.ops.db import InboundStatus
from pbem.play.service import Service
from tests.support.loop import outbox

OUTCOMES = set(InboundStatus) - {InboundStatus.STORED, InboundStatus.FAILED}
HEADERS = ["From", "To", "Cc", "Subject", "Message-ID", "In-Reply-To", "References", "Content-Type",
           "Content-Transfer-Encoding", "Auto-Submitted", "Return-Path", "Delivered-To"]


def _check(service: Service, raw: bytes) -> None:
    outcome = pipeline.deliver(service, raw)
    assert outcome.status in OUTCOMES


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=3000))
def test_arbitrary_bytes_end_in_a_known_outcome(service: Service, raw: bytes) -> None:
    _check(service, raw)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    headers=st.lists(st.tuples(st.sampled_from(HEADERS), st.text(max_size=120)), max_size=8),
    body=st.text(max_size=400),
    keep_token=st.booleans(),
)
def test_mangled_replies_to_a_real_game_end_in_a_known_outcome(service: Service, headers, body: str,
                                                               keep_token: bool) -> None:
    if not outbox(service):
        service.new_game("sticks", ["ann@example.org", "bob@example.org"], seed=0)
    prompt = outbox(service, kind="prompt")[-1]
    lines = [f"From: {prompt.recipient}", f"To: {prompt.reply_to}"] if keep_token else []
    lines += [f"{name}: {value}" for name, value in headers]
    raw = ("\r\n".join(lines) + "\r\n\r\n" + body).encode("utf-8", "surrogatepass")
    _check(service, raw)
