"""The IMAP poller against a real Dovecot: each message delivered once, and only then marked seen."""

from __future__ import annotations

import imaplib
import ssl
from collections.abc import Callable

import pytest

from tests.mail_inbound.dovecot import Dovecot
from pbem.mail.imap import PollError, poll_once


def _message(number: int) -> bytes:
    return (
        f"From: Player {number} <p{number}@example.org>\r\n"
        f"To: dragon+1.{number}.token@pbem.example\r\n"
        f"Subject: Re: your move {number}\r\n"
        f"Message-ID: <move-{number}@example.org>\r\n"
        "\r\n"
        f"group {number} tax\r\n"
    ).encode()


def _append(server: Dovecot, *messages: bytes, mailbox: str = "INBOX") -> None:
    client = imaplib.IMAP4(server.host, server.port)
    try:
        client.login(server.user, server.password)
        if mailbox != "INBOX":
            client.create(f'"{mailbox}"')
        for raw in messages:
            typ, data = client.append(f'"{mailbox}"', None, None, raw)
            assert typ == "OK", data
    finally:
        client.logout()


def _unseen_count(server: Dovecot) -> int:
    client = imaplib.IMAP4(server.host, server.port)
    try:
        client.login(server.user, server.password)
        client.select("INBOX", readonly=True)
        typ, data = client.search(None, "UNSEEN")
        assert typ == "OK"
        return len(data[0].split())
    finally:
        client.logout()


def _poll(server: Dovecot, deliver: Callable[[bytes], None]) -> int:
    return poll_once(server.host, server.port, server.user, server.password, deliver)


def test_each_appended_message_is_delivered_once_and_marked_seen(dovecot: Dovecot) -> None:
    sent = [_message(n) for n in range(3)]
    _append(dovecot, *sent)
    received: list[bytes] = []

    assert _poll(dovecot, received.append) == 3

    assert [raw.replace(b"\r\n", b"\n") for raw in received] == [raw.replace(b"\r\n", b"\n") for raw in sent]
    assert _unseen_count(dovecot) == 0


def test_a_second_poll_delivers_nothing_twice(dovecot: Dovecot) -> None:
    _append(dovecot, _message(1))
    received: list[bytes] = []
    assert _poll(dovecot, received.append) == 1

    _append(dovecot, _message(2))
    assert _poll(dovecot, received.append) == 1
    assert _poll(dovecot, received.append) == 0

    assert [b"<move-1@" in raw for raw in received] == [True, False]
    assert b"<move-2@" in received[1]


def test_a_failing_deliver_leaves_the_message_unseen_for_the_next_poll(dovecot: Dovecot) -> None:
    _append(dovecot, _message(1), _message(2))
    stored: list[bytes] = []

    def deliver_refusing_move_1(raw: bytes) -> None:
        if b"<move-1@" in raw:
            raise OSError("database is locked")
        stored.append(raw)

    with pytest.raises(PollError) as failed:
        _poll(dovecot, deliver_refusing_move_1)
    assert failed.value.delivered == 1
    assert "database is locked" in str(failed.value)
    assert _unseen_count(dovecot) == 1

    assert _poll(dovecot, stored.append) == 1
    assert _unseen_count(dovecot) == 0
    assert sorted(b"<move-1@" in raw for raw in stored) == [False, True]


def test_a_wrong_password_is_refused_before_anything_is_delivered(dovecot: Dovecot) -> None:
    _append(dovecot, _message(1))
    received: list[bytes] = []

    with pytest.raises(imaplib.IMAP4.error):
        poll_once(dovecot.host, dovecot.port, dovecot.user, "wrong", received.append)

    assert received == []
    assert _unseen_count(dovecot) == 1


def test_a_named_mailbox_with_a_space_is_polled_and_inbox_is_left_alone(dovecot: Dovecot) -> None:
    _append(dovecot, _message(1), mailbox="Game Replies")
    _append(dovecot, _message(2))
    received: list[bytes] = []

    delivered = poll_once(
        dovecot.host, dovecot.port, dovecot.user, dovecot.password, received.append, mailbox="Game Replies"
    )

    assert delivered == 1 and b"<move-1@" in received[0]
    assert _unseen_count(dovecot) == 1


def test_a_missing_mailbox_is_a_clear_error(dovecot: Dovecot) -> None:
    with pytest.raises(imaplib.IMAP4.error, match="select mailbox 'Nowhere'"):
        poll_once(dovecot.host, dovecot.port, dovecot.user, dovecot.password, lambda raw: None, mailbox="Nowhere")


def test_imap_over_tls_delivers_with_a_trusted_certificate_and_refuses_an_untrusted_one(dovecot_tls: Dovecot) -> None:
    _append(dovecot_tls, _message(1))
    assert dovecot_tls.certificate is not None
    trusting = ssl.create_default_context(cafile=str(dovecot_tls.certificate))
    received: list[bytes] = []

    with pytest.raises(ssl.SSLCertVerificationError):
        poll_once(dovecot_tls.host, dovecot_tls.tls_port, dovecot_tls.user, dovecot_tls.password, received.append,
                  ssl=True)
    assert received == []

    delivered = poll_once(dovecot_tls.host, dovecot_tls.tls_port, dovecot_tls.user, dovecot_tls.password,
                          received.append, ssl=True, ssl_context=trusting)
    assert delivered == 1 and b"<move-1@" in received[0]
    assert _unseen_count(dovecot_tls) == 0
