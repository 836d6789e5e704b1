"""The one place the service reads the time (so tests can move it) and writes one for a player.

Times are timezone-aware UTC datetimes throughout; only what a mail shows is
in the player's own zone (``timezone Europe/Athens``), through
:func:`local_time`.
"""

from __future__ import annotations

import difflib
from datetime import UTC, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from babel.dates import (format_date, format_skeleton, format_timedelta, get_datetime_format, get_timezone,
                         get_timezone_location)

__all__ = ["UTC", "Clock", "SetClock", "closest_time_zones", "local_time", "time_zone"]


def stored(moment: datetime) -> datetime:
    """A time read back from the database as aware UTC: every time pbem stores is UTC, and SQLite gives it back
    without its zone."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def local_time(moment: datetime, zone: str, language: str = "en") -> str:
    """A time as a player reads it, in their zone and their language's date format (Babel's locale data):
    ``2026-12-01 16:00 Europe/Athens`` in English (kept unambiguous for every English reader),
    ``Τρί 1 Δεκ 2026, 16:00 Αθήνα`` in Greek, ``2026. dec. 1. (kedd) 16:00 Budapest`` in Hungarian.

    The zone is always named, so a reader whose zone is wrong can see it and say ``timezone``: in English by
    the name ``timezone`` takes, in another language by its city in that language (:func:`zone_city`), so no
    Latin name stands among Greek or Cyrillic words (spam filters count letters of one script mixed into
    another's words)."""
    local = moment.astimezone(ZoneInfo(zone))
    if language == "en":
        return f"{local:%Y-%m-%d %H:%M} {zone}"
    if language == "hu":  # Babel's "2026. dec. 6., V" abbreviates the day to one letter: the day is written out
        return f"{format_skeleton('yMMMd', local, locale=language)} ({format_date(local, 'EEEE', locale=language)}) " \
               f"{format_skeleton('Hm', local, locale=language)} {zone_city(zone, language)}"
    day = format_skeleton("yMMMEd", local, locale=language)
    time = format_skeleton("Hm", local, locale=language)
    return f"{get_datetime_format('medium', locale=language).format(time, day)} {zone_city(zone, language)}"


@cache
def zone_city(zone: str, language: str) -> str:
    """The city a time zone is named after, in ``language`` (CLDR's exemplar city, by Babel): «Будапешт»,
    «Αθήνα» for ``Europe/Budapest`` and ``Europe/Athens``; a zone of no city (``UTC``) keeps its name."""
    return str(get_timezone_location(get_timezone(zone), locale=language, return_city=True))


def duration(length: timedelta, language: str = "en") -> str:
    """A length of time as a player reads it in their language (Babel's locale data): ``2 days``, ``2 дня``."""
    return format_timedelta(length, threshold=2, locale=language)


def time_zone(name: str) -> str | None:
    """The IANA time zone ``name`` means, spelled as the database spells it (any case); None if none."""
    wanted = name.strip().lower()
    return _zones().get(wanted) or ("UTC" if wanted in ("utc", "gmt", "z") else None)


def closest_time_zones(name: str) -> list[str]:
    """Up to five real zone names like a misspelt one, for the answer that refuses it."""
    found = difflib.get_close_matches(name.strip().lower(), list(_zones()), n=5, cutoff=0.5)
    return [_zones()[lower] for lower in found]


@cache
def _zones() -> dict[str, str]:
    return {zone.lower(): zone for zone in available_timezones()}


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
