"""The one place the service reads the time, so tests can move it.

Times are timezone-aware UTC datetimes throughout.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

__all__ = ["UTC", "Clock", "SetClock"]


class Clock:
    """Wall-clock UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class SetClock(Clock):
    """A clock that stands still until told to move: for tests and replays."""

    def __init__(self, start: datetime) -> None:
        self._now = start

    def now(self) -> datetime:
        return self._now

    def advance(self, by: timedelta) -> None:
        self._now += by
