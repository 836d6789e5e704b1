"""Deadlines in tournament games: the definition's ``[timeouts]`` and reminder, else the service's settings.

``pbem.play.deadlines`` asks these for every game it handles, so a tournament's
timeout policy and reminder apply to its games and nothing changes for
games of no tournament.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlmodel import Session, select

from pbem.ops.config import Settings
from pbem.ops.tournament_tables import Tournament, TournamentTable
from tournaments.definition import load as load_definition


@dataclass(frozen=True)
class GameTimeouts:
    """What a missed deadline does in one game: the tournament's ``[timeouts]``, else the service settings.

    ``bot``: the bot (:func:`engine.bots.get`'s name) that makes an overdue
    decision and keeps a seat handed to it;
    ``forfeit_after``: the timeout at which the player forfeits (None: never);
    ``bot_after``: the timeout from which the bot keeps the seat to the end;
    ``reminder``: how long before a deadline the reminder goes out;
    ``hold_on_bounce``: whether a player whose address bounces is spared
    reminders and timeouts until the hold is lifted (:mod:`pbem.play.bounces`).
    """

    policy: str
    bot: str
    forfeit_after: int | None
    bot_after: int
    reminder: timedelta
    hold_on_bounce: bool = True


def game_timeouts(session: Session, game_id: int, settings: Settings) -> GameTimeouts:
    """The definition for ``game_id``: its tournament's, or the service's for a game of no tournament.

    The service's ``forfeit`` forfeits at the first timeout; a tournament's
    forfeits once ``max_timeouts`` is reached, a bot playing the earlier ones.
    """
    record = session.exec(select(TournamentTable).where(TournamentTable.game_id == game_id)).first()
    if record is None:
        return GameTimeouts(settings.timeout_policy, settings.timeout_bot, 1 if settings.timeout_policy == "forfeit" else None,
                            settings.timeouts_to_bot, timedelta(hours=settings.reminder_hours))
    row = session.get(Tournament, record.tournament_id)
    assert row is not None
    definition = load_definition(row.definition)
    timeouts = definition.timeouts
    return GameTimeouts(timeouts.policy, timeouts.bot, timeouts.max_timeouts if timeouts.policy == "forfeit" else None,
                        timeouts.max_timeouts, definition.deadlines.reminder, timeouts.on_bounce == "hold")


AT_DEADLINE = ("move", "seat", "forfeit")
"""What a seat's next missed deadline does (:func:`at_deadline`), as a mail asking it for a move tells it."""


def at_deadline(policy: GameTimeouts, timeouts: int) -> str:
    """What the next missed deadline of a seat that missed ``timeouts`` already does, as
    :func:`pbem.play.deadlines` decides it: ``forfeit`` (the game is forfeited, a bot takes the seat), ``seat`` (a
    bot plays the move and keeps the seat to the end) or ``move`` (a bot plays this move alone)."""
    missed = timeouts + 1
    if policy.forfeit_after is not None and missed >= policy.forfeit_after:
        return "forfeit"
    return "seat" if missed >= policy.bot_after else "move"


def widest_reminder(session: Session, settings: Settings) -> timedelta:
    """The earliest any reminder can be due before its deadline: the service's or a running tournament's."""
    running = session.exec(select(Tournament.definition).where(Tournament.status == "running"))
    reminders = [load_definition(text).deadlines.reminder for text in running]
    return max([timedelta(hours=settings.reminder_hours), *reminders])
