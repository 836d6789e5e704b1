"""Reading one field of a tournament file, and collecting what is wrong with it instead of stopping.

A definition's sections are made of the same few kinds of field (a text, a
choice among names, a whole number in a range, a weight, a flag, a duration,
a bot's name); :class:`FieldReader` reads each kind the same way wherever it
stands, so every section refuses a bad value in the same words, naming the
dotted field and what would be right.
"""

from __future__ import annotations

import math
import re
from datetime import timedelta
from typing import Any

from engine import bots
from tournaments.errors import Problem
from tournaments.names import brief, name_problem, shown

MOST = 1000
"""The most rounds (and divisions, timeouts, …) a file may ask for: a weekly league runs 52 rounds a year, and
a count beyond this is a typo that would otherwise be stored and looped over."""
LONGEST_DURATION = timedelta(days=366)
"""The longest deadline, reminder or league gap: a year. Longer ones are typos, and past ~2.7 million years a
duration no longer fits Python's date arithmetic at all."""

_DURATION = re.compile(r"(\d+)\s*([dhm])")
_UNITS = {"d": "days", "h": "hours", "m": "minutes"}


def duration_words(length: timedelta) -> str:
    """A duration as an organiser writes it in words: ``3 days``, ``1 day 12 hours``, ``90 minutes``."""
    minutes = int(length.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [f"{count} {unit}{'' if count == 1 else 's'}"
             for count, unit in ((days, "day"), (hours, "hour"), (minutes, "minute")) if count]
    return " ".join(parts) or "0 minutes"


def parse_duration(text: str) -> timedelta:
    """``"72h"``, ``"3d"``, ``"1d12h"``, ``"90m"`` → a timedelta of at most :data:`LONGEST_DURATION`; raises
    ValueError naming the form expected."""
    cleaned = text.strip().lower()
    parts = _DURATION.findall(cleaned)
    if not parts or _DURATION.sub("", cleaned).strip():
        raise ValueError(f"{shown(text)} is not a duration; write e.g. \"72h\", \"3d\", \"1d12h\" or \"90m\"")
    total = timedelta()
    most = LONGEST_DURATION.days
    for amount, unit in parts:
        if len(amount) > 12:  # no sane duration has so many digits; int() and timedelta() of it are slow or overflow
            raise ValueError(f"{shown(text)} is longer than {most} days; give at most \"{most}d\"")
        try:
            total += timedelta(**{_UNITS[unit]: int(amount)})
        except OverflowError:
            raise ValueError(f"{shown(text)} is longer than {most} days; give at most \"{most}d\"") from None
    if total > LONGEST_DURATION:
        raise ValueError(f"{shown(text)} is longer than {most} days; give at most \"{most}d\"")
    return total


def finite_at_least_zero(value: Any) -> bool:
    """A number a weight or a score may be: TOML's ``nan`` compares false with everything, so ``< 0`` lets it
    through, and ``inf`` makes every seating cost the same."""
    return (not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
            and value >= 0)


def bot_problem(value: Any) -> str | None:
    """What is wrong with ``value`` as a bot's name (:func:`engine.bots.get`), or None when it names one.

    The one check of a bot's name: a tournament file's ``timeouts.bot`` and the
    service's ``timeout_bot`` setting both ask it, so they accept the same names.
    """
    if not isinstance(value, str):
        return f"must be a bot's name (greedy, random, search or search:N), not {value!r}"
    try:
        bots.get(value)
    except KeyError as exc:
        return str(exc.args[0])
    return None


class FieldReader:
    """Reads fields of the parsed TOML, collecting problems instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, path: str, reason: str) -> None:
        self.problems.append(Problem(path, reason))

    def section(self, data: dict[str, Any], key: str, known: tuple[str, ...]) -> dict[str, Any]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            self.fail(key, f"must be a table ([{key}]), not {type(value).__name__}")
            return {}
        self.unknown(value, known, f"{key}.")
        return value

    def unknown(self, data: dict[str, Any], known: tuple[str, ...], prefix: str = "") -> None:
        for key in data:
            if key not in known:
                self.fail(f"{prefix}{key}", f"unknown field; known fields here: {', '.join(known)}")

    def text(self, data: dict[str, Any], key: str, path: str, default: str | None = None) -> str:
        value = data.get(key, default)
        if value is None:
            self.fail(path, "is required (a text in quotes)")
            return ""
        if not isinstance(value, str) or not value.strip():
            self.fail(path, f"must be a non-empty text in quotes, not {brief(value)}")
            return default or ""
        wrong = name_problem(value.strip(), "the text")  # names go into every mail's subject and the standings
        if wrong:
            self.fail(path, wrong)
            return default or ""
        return value.strip()

    def choice(self, data: dict[str, Any], key: str, path: str, options: tuple[str, ...], default: str) -> str:
        value = data.get(key, default)
        if value not in options:
            self.fail(path, f"{value!r} is not one of {', '.join(repr(o) for o in options)}")
            return default
        return value

    def percent(self, section: dict[str, Any], key: str, path: str) -> float | None:
        """A share in percent, 0 to 100, or None when the field is left out."""
        value = section.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 100:
            self.fail(path, f"must be a percentage from 0 to 100 (e.g. 80), not {brief(value)}")
            return None
        return float(value)

    def bot(self, data: dict[str, Any], key: str, path: str, default: str) -> str:
        """A bot's name as :func:`engine.bots.get` reads it (``greedy``, ``random``, ``search``, ``search:N``)."""
        value = data.get(key, default)
        wrong = bot_problem(value)
        if wrong:
            self.fail(path, wrong)
            return default
        return value

    def integer(self, data: dict[str, Any], key: str, path: str, default: int | None, low: int,
                high: int = MOST) -> int:
        value = data.get(key, default)
        if value is None:
            self.fail(path, f"is required (a whole number from {low} to {high})")
            return low
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(path, f"must be a whole number from {low} to {high}, not {brief(value)}")
            return default if default is not None else low
        return value

    def number(self, data: dict[str, Any], key: str, path: str, default: float) -> float:
        value = data.get(key, default)
        if not finite_at_least_zero(value):
            self.fail(path, f"must be a number ≥ 0 (nan and inf are none), not {brief(value)}")
            return default
        return float(value)

    def flag(self, data: dict[str, Any], key: str, path: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.fail(path, f"must be true or false, not {value!r}")
            return default
        return value

    def duration(self, data: dict[str, Any], key: str, path: str, default: timedelta) -> timedelta:
        value = data.get(key)
        if value is None:
            return default
        if not isinstance(value, str):
            self.fail(path, f"must be a duration in quotes such as \"72h\", not {value!r}")
            return default
        try:
            return parse_duration(value)
        except ValueError as exc:
            self.fail(path, str(exc))
            return default

