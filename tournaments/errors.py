"""The errors tournament logic raises, so callers can tell a bad file from a bad request.

Both are ``ValueError``: the organiser's CLI prints them as they are, and
each message says what was wrong and what would be right.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a definition file: the dotted path of the field and why."""

    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.field}: {self.reason}"


class DefinitionError(ValueError):
    """A tournament definition that cannot be used; lists every problem found, not just the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class TournamentError(ValueError):
    """A request the tournament's current data cannot honour (too few players, an unknown player …)."""
