"""Leagues: when the next round starts, and divisions with promotion and relegation.

A league is a tournament with a ``[league]`` section. The scheduler in
``pbem`` asks :func:`next_round_start` when a round's last game ends and sets
a job for the answer; nothing here looks at the clock, the caller passes the
time the round ended. Divisions are seated and scored as separate fields
(one ``seat_round`` / ``compute`` per division); between seasons
:func:`promote` moves players between neighbouring divisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time

from tournaments.definition import Definition
from tournaments.errors import TournamentError


def next_round_start(definition: Definition, finished_round: int, ended_at: datetime) -> datetime | None:
    """When round ``finished_round + 1`` should start, or None when the organiser starts it (or none is left).

    ``auto``: ``league.gap`` after the round ended. ``dates``: midnight (in
    ``ended_at``'s time zone) of that round's date, or at once if the date has
    passed. Tournaments without a league and ``manual`` leagues return None.
    """
    if not 1 <= finished_round <= definition.rounds:
        raise TournamentError(f"round {finished_round} is not a round of this tournament "
                              f"(1-{definition.rounds})")
    league = definition.league
    if finished_round == definition.rounds or league is None or league.next_round == "manual":
        return None
    if league.next_round == "auto":
        return ended_at + league.gap
    planned = datetime.combine(league.dates[finished_round], time(0), tzinfo=ended_at.tzinfo)
    return max(planned, ended_at)


def divide(ordered: Sequence[int], divisions: int) -> tuple[tuple[int, ...], ...]:
    """Players (best first, e.g. by rating) cut into ``divisions`` consecutive divisions of near-equal size.

    The top divisions take the extra players when the count does not divide.
    """
    if divisions < 1:
        raise TournamentError(f"the number of divisions must be ≥ 1, not {divisions}")
    if len(ordered) < divisions:
        raise TournamentError(f"{len(ordered)} players cannot fill {divisions} divisions")
    base, extra = divmod(len(ordered), divisions)
    cut, start = [], 0
    for index in range(divisions):
        size = base + (index < extra)
        cut.append(tuple(ordered[start:start + size]))
        start += size
    return tuple(cut)


def promote(final: Sequence[Sequence[int]], count: int) -> tuple[tuple[int, ...], ...]:
    """Next season's divisions from this season's final standings (each division best first).

    The top ``count`` of each division but the first go up one, the bottom
    ``count`` of each but the last go down one. Within a new division the
    relegated come first, then those who stayed, then the promoted.
    """
    if count < 0:
        raise TournamentError(f"the number promoted must be ≥ 0, not {count}")
    last = len(final) - 1
    for index, division in enumerate(final):
        movers = count * ((index > 0) + (index < last))
        if movers > len(division):
            raise TournamentError(f"division {index + 1} has {len(division)} players, too few to move "
                                  f"{count} up and {count} down; promote at most {len(division) // 2}")
    new = []
    for index, division in enumerate(final):
        top = count if index > 0 else 0
        bottom = len(division) - (count if index < last else 0)
        relegated = tuple(final[index - 1][len(final[index - 1]) - count:]) if index > 0 and count else ()
        promoted = tuple(final[index + 1][:count]) if index < last else ()
        new.append(relegated + tuple(division[top:bottom]) + promoted)
    return tuple(new)
