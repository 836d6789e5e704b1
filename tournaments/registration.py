"""Joining, dropping and rejoining, by the definition's ``[registration]`` rules.

The organiser's CLI calls these and stores the :class:`Entrant` they return;
a refusal is a :class:`TournamentError` that says which rule forbids it and
which field of the definition would change that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tournaments.definition import Definition
from tournaments.errors import TournamentError
from tournaments.records import Entrant


def register(definition: Definition, entrants: Sequence[Entrant], player: int, name: str,
             rounds_started: int) -> Entrant:
    """A new entrant who plays from the next round to start, or a dropped one coming back.

    ``rounds_started`` is how many rounds have begun (0 before round 1).
    """
    next_round = rounds_started + 1
    if next_round > definition.rounds:
        raise TournamentError(f"all {definition.rounds} rounds have started; there is no round left to join")
    known = next((e for e in entrants if e.player == player), None)
    if known is not None:
        return _rejoin(definition, known, next_round)
    limit = definition.registration.late_until_round
    if next_round > limit:
        raise TournamentError(f"registration is closed: players may join until round {limit} starts and "
                              f"round {rounds_started} has started (registration.late_until_round = {limit})")
    return Entrant(player, name, joined=next_round)


def _rejoin(definition: Definition, entrant: Entrant, next_round: int) -> Entrant:
    if entrant.dropped is None:
        raise TournamentError(f"{entrant.name} is already registered (playing from round {entrant.joined})")
    if not definition.registration.rejoin:
        raise TournamentError(f"{entrant.name} dropped after round {entrant.dropped} and this tournament does "
                              f"not let dropped players return (registration.rejoin = false)")
    return replace(entrant, dropped=None, joined=min(entrant.joined, next_round))


def drop(entrant: Entrant, rounds_started: int) -> Entrant:
    """The entrant after dropping: they finish no round after the one under way (if any) and join no new one."""
    if entrant.dropped is not None:
        raise TournamentError(f"{entrant.name} already dropped after round {entrant.dropped}")
    return replace(entrant, dropped=rounds_started)
