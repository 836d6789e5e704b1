"""Fixtures for the inbound-mail tests: a real Dovecot IMAP server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.mail_inbound.dovecot import Dovecot, DovecotInstance


@pytest.fixture
def dovecot() -> Iterator[Dovecot]:
    """A private Dovecot on a free loopback port, stopped and removed after the test."""
    instance = DovecotInstance()
    try:
        yield instance.start()
    finally:
        instance.stop()


@pytest.fixture
def dovecot_tls() -> Iterator[Dovecot]:
    """The same, also listening for IMAP over TLS with a self-signed certificate."""
    instance = DovecotInstance(tls=True)
    try:
        yield instance.start()
    finally:
        instance.stop()
