"""The outbox's SMTP client writes DATA itself for what pbem composes, and leaves the rest to aiosmtplib.

Held against aiosmtplib's own DATA byte for byte (the wire bytes of both),
and against a real SMTP server (aiosmtpd): what arrives is what was sent,
dots and all, and a refusal is the same error as before.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import aiosmtplib
import pytest
from aiosmtplib.protocol import PERIOD_REGEX, SMTPProtocol, normalize_message_line_endings

from pbem.serve.outbox import compose
from pbem.mail.relay import Relay, stuffed, transmittable, writes_data_itself
from pbem.ops.db import Outbox

SENDER, RECIPIENT = "bounces@pbem.example.org", "ann@example.org"


def _row(text: str, html: str = "<p>x</p>", picture: bytes | None = None) -> Outbox:
    return Outbox(id=7, kind="prompt", recipient=RECIPIENT, subject="Ζάρια: σειρά σου", text=text, html=html, picture=picture,
                  message_id="<7.x@pbem.example.org>", created=datetime(2026, 12, 4, tzinfo=timezone.utc),
                  next_attempt=datetime(2026, 12, 4, tzinfo=timezone.utc), reply_to="pbem+t@pbem.example.org")


COMPOSED = [
    compose(_row("plain\n.a line that starts with a dot\n.\n..two\nend"), "pbem@pbem.example.org"),
    compose(_row("Καλησπέρα, σειρά σου.\n" * 40, "<p>é</p>\n.x", bytes(range(256)) * 40), "pbem@pbem.example.org"),
    compose(_row("no newline at the end"), "pbem@pbem.example.org"),
]


@pytest.mark.parametrize("message", COMPOSED, ids=["dot lines", "Greek and a picture", "no line end"])
def test_what_pbem_composes_is_written_as_aiosmtplib_would_write_it(message: bytes) -> None:
    assert transmittable(message)
    assert stuffed(message) == PERIOD_REGEX.sub(b"..", normalize_message_line_endings(message)) + b".\r\n"


@pytest.mark.parametrize("message", [
    b"Subject: x\r\n\r\nbare LF\nhere\r\n",
    b"Subject: x\r\n\r\nlone CR\rhere\r\n",
    b"Subject: x\r\n\r\nno line end",
    "Subject: x\r\n\r\nnot 7-bit: é\r\n".encode("utf-8"),
], ids=["bare LF", "lone CR", "no line end", "8-bit"])
def test_a_message_it_cannot_vouch_for_is_left_to_aiosmtplib(message: bytes) -> None:
    assert not transmittable(message)


def test_this_aiosmtplib_has_what_the_lean_data_needs() -> None:
    """Fails when an aiosmtplib upgrade takes away a part of its protocol Relay uses: mail would still go
    (through aiosmtplib's own DATA), at the cost this module exists to save."""

    async def made() -> SMTPProtocol:
        return SMTPProtocol(loop=asyncio.get_running_loop())

    assert writes_data_itself(asyncio.run(made()))
    assert not writes_data_itself(None)


def _send(port: int, messages: list[bytes], recipient: str = RECIPIENT) -> list[BaseException | None]:
    async def run() -> list[BaseException | None]:
        relay = Relay(hostname="127.0.0.1", port=port, timeout=10, start_tls=False)
        await relay.connect()
        outcomes: list[BaseException | None] = []
        try:
            for message in messages:
                try:
                    await relay.send(SENDER, recipient, message)
                    outcomes.append(None)
                except aiosmtplib.SMTPException as exc:
                    outcomes.append(exc)
        finally:
            await relay.quit()
        return outcomes

    return asyncio.run(run())


def test_the_server_receives_exactly_what_was_composed_and_aiosmtplib_s_data_is_not_used(sink, monkeypatch) -> None:
    own: list[bytes] = []
    original = SMTPProtocol.execute_data_command

    async def counted(self: SMTPProtocol, message: bytes, timeout: float | None = None) -> object:
        own.append(message)
        return await original(self, message, timeout=timeout)

    monkeypatch.setattr(SMTPProtocol, "execute_data_command", counted)
    odd = b"Subject: odd\r\n\r\nbare LF\n.dot after it\n"
    assert _send(sink.port, [*COMPOSED, odd]) == [None] * 4
    assert sink.raw == [*COMPOSED, normalize_message_line_endings(odd)]
    assert sink.recipients == [[RECIPIENT]] * 4
    assert own == [odd], "only the message pbem did not compose goes through aiosmtplib's DATA"
    sizes = [len(normalize_message_line_endings(message)) for message in (*COMPOSED, odd)]
    assert sink.mail_options == [[f"SIZE={size}"] for size in sizes], "SIZE as aiosmtplib's sendmail counts it"


def test_a_refused_recipient_is_sendmail_s_error_and_the_envelope_is_reset(sink) -> None:
    sink.unknown = {"nobody@example.org"}
    refused, = _send(sink.port, [COMPOSED[0]], recipient="nobody@example.org")
    assert isinstance(refused, aiosmtplib.SMTPRecipientsRefused)
    assert [(exc.code, exc.recipient) for exc in refused.recipients] == [(550, "nobody@example.org")]

    async def refused_then_sent() -> None:  # one connection: the next mail goes on it, its envelope new
        relay = Relay(hostname="127.0.0.1", port=sink.port, timeout=10, start_tls=False)
        await relay.connect()
        try:
            with pytest.raises(aiosmtplib.SMTPRecipientsRefused):
                await relay.send(SENDER, "nobody@example.org", COMPOSED[2])
            await relay.send(SENDER, RECIPIENT, COMPOSED[2])
        finally:
            await relay.quit()

    asyncio.run(refused_then_sent())
    assert sink.raw == [COMPOSED[2]] and sink.recipients == [[RECIPIENT]]


def test_a_refusal_at_data_is_aiosmtplib_s_error_and_the_connection_goes_on(sink) -> None:
    sink.rejecting = True
    first, = _send(sink.port, [COMPOSED[0]])
    assert isinstance(first, aiosmtplib.SMTPDataError) and first.code == 550
    sink.rejecting = False
    sink.refusing = True
    later = _send(sink.port, [COMPOSED[0], COMPOSED[2]])
    assert [exc.code for exc in later if isinstance(exc, aiosmtplib.SMTPDataError)] == [451, 451]
    sink.refusing = False
    assert _send(sink.port, [COMPOSED[2]]) == [None]
    assert sink.raw == [COMPOSED[2]]
