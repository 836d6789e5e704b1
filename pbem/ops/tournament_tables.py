"""The tournament tables of the database, in the same metadata as the mail loop's.

A tournament stores its definition file's text as written (so ``show`` can
print it and a later reader reloads exactly what the organiser checked), its
entries, its rounds (seating with byes and the seating report) and one row
per table of a round, which carries the game's result once it ends. Ratings
are one book per game (``dragon``, ``china``, ``prodigals``) across
tournaments, as :mod:`tournaments.ratings` asks.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel


class Tournament(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True)
    game: str
    definition: str
    """The definition file's text, checked by tournaments.definition.load when stored."""
    status: str = "registering"
    """registering (before round 1), running, or finished (the last round is complete)."""
    rounds_started: int = 0
    next_round_at: datetime | None = None
    """Leagues: when the scheduler starts the next round (None: the organiser starts it)."""
    created: datetime


class Entry(SQLModel, table=True):
    """A registration: the player's first round and the round after which they dropped."""

    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    name: str
    joined: int = 1
    dropped: int | None = None
    division: int = 1
    """Leagues with divisions: set when round 1 starts (by rating); late joiners start in the last one."""


class Season(SQLModel, table=True):
    """A league season that continues another: its players and divisions came from that one's end."""

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", unique=True)
    follows: int = Field(foreign_key="tournament.id")


class TournamentRound(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    number: int
    status: str = "playing"
    """playing until the last table's game ends, then complete."""
    byes: list[int] = Field(default_factory=list, sa_column=Column(JSON))
    report: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    """The seating report: repeat_pairs, seat_imbalance, max_first."""
    started: datetime
    completed: datetime | None = None


class TournamentTable(SQLModel, table=True):
    """One table of a round and its game; the result columns are filled when the game ends."""

    __table_args__ = (UniqueConstraint("tournament_id", "round_no", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    round_no: int
    number: int
    game_id: int = Field(foreign_key="game.id", index=True, unique=True)
    players: list[int] = Field(sa_column=Column(JSON, nullable=False))
    """Player ids in seat order (players[0] is the first player), as seated: replacements do not change it."""
    scores: list[int] | None = Field(default=None, sa_column=Column(JSON))
    ranks: list[int] | None = Field(default=None, sa_column=Column(JSON))
    timeouts: list[int] | None = Field(default=None, sa_column=Column(JSON))
    substituted: list[int] | None = Field(default=None, sa_column=Column(JSON))
    forfeited: list[int] | None = Field(default=None, sa_column=Column(JSON))
    finishers: list[int | None] | None = Field(default=None, sa_column=Column(JSON))
    """Who held each seat when the game ended (None: a bot), in seat order: the tournament's
    ``scoring.substitute_credit`` credits each seat by it (:mod:`tournaments.credit`)."""
    finished: datetime | None = None


class RatingBook(SQLModel, table=True):
    """A player's openskill rating in one game."""

    __table_args__ = (UniqueConstraint("game", "player_id"),)
    id: int | None = Field(default=None, primary_key=True)
    game: str
    player_id: int = Field(foreign_key="player.id", index=True)
    mu: float
    sigma: float
    games: int = 0
    updated: datetime


class Publication(SQLModel, table=True):
    """A public page pbem serve keeps under ``publish_dir``, with the stamp of what it showed when written.

    The stamp is read from the database (a game's version and its players' public names; a tournament's
    rows), so a change made by any process (a reply, a deadline, ``pbem game move`` run elsewhere) shows as
    a stamp that differs, and the page is written again; a page whose stamp is unchanged is left alone."""

    id: int | None = Field(default=None, primary_key=True)
    page: str = Field(unique=True)
    """``games/ID`` or ``tournaments/ID``."""
    stamp: str
    written: datetime


class SignUp(SQLModel, table=True):
    """A sign-up by mail (``join``) from any address, from its one confirmation mail to the organiser's decision.

    A stranger's mail proves nothing, so it only ever causes the confirmation
    (``day`` is the day it was mailed: one an address a day, ``signups_per_day``
    in all); only who reads that mailbox can send the token back, from that
    address (double opt-in). Only a hash of the token is kept. ``status``:
    ``asked`` (mailed, not yet confirmed), ``pending`` (confirmed, awaiting the
    organiser), ``registered`` (entered), ``refused`` (by the organiser),
    ``shut`` (confirmed after the tournament closed or filled), ``replaced`` (a
    newer ask of the address for the tournament) or ``expired``.
    """

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    address: str = Field(index=True)
    language: str
    """The language the mail was guessed to be written in (its words, Content-Language, its script)."""
    time_zone: str
    """The zone guessed from its Date header's offset."""
    token_hash: str
    day: date = Field(index=True)
    asked: datetime
    expires: datetime
    status: str = "asked"
    confirmed: datetime | None = None
    decided: datetime | None = None
