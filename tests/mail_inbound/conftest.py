"""Fixtures for the inbound-mail tests: a real Dovecot IMAP server and the corpus."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from dovecot import Dovecot, DovecotInstance  # noqa: E402


@pytest.fixture
def dovecot() -> Iterator[Dovecot]:
    """A private Dovecot on a free loopback port, stopped and removed after the test."""
    instance = DovecotInstance()
    try:
        yield instance.start()
    finally:
        instance.stop()
