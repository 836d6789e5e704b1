"""The organiser's actions are tried on the tournament tests' service: real games, tournaments and players."""

from __future__ import annotations

from tests.tournament.conftest import clock, service  # noqa: F401  (fixtures)
