"""Fixtures for the tournament tests: the stand-in definition every scenario starts from."""

from __future__ import annotations

import pytest

from tests.tournaments.standins import MINIMAL, load
from tournaments import Definition


@pytest.fixture
def dragon_open() -> Definition:
    return load(MINIMAL)
