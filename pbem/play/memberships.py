"""The tournaments a game or a player belongs to, as the play layer may ask: the tournament layer answers.

The service knows games and mail, not tournaments (:mod:`pbem.app`). Two
things of this floor still need them: the ``List-Id`` of a tournament
table's mails, and the ``leave`` command a player mails (or their mail
program sends from ``List-Unsubscribe``). They ask through this protocol;
:func:`pbem.app.open_service` plugs in the tournament layer's answer
(:class:`pbem.tournament.membership.Tournaments`). A service with nothing
plugged in knows no tournament.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol

if TYPE_CHECKING:
    from sqlmodel import Session

    from pbem.ops.db import Player


@dataclass(frozen=True)
class Membership:
    """A tournament a player is entered in (or a game is a table of): what a leave names and acts on."""

    tournament_id: int
    name: str
    list_id: str
    """Its List-Id header value (RFC 2919)."""


class Memberships(Protocol):
    def list_id(self, session: Session, game_id: int) -> str:
        """The List-Id of the game's tournament; "" for a game of none."""

    def of_game(self, session: Session, game_id: int, player_id: int) -> Membership | None:
        """The game's tournament when the player is entered in it and has not left it; else None."""

    def entered(self, session: Session, player_id: int) -> list[Membership]:
        """The tournaments not finished that the player is entered in and has not left, oldest first."""

    def observers(self, session: Session, game_id: int) -> str:
        """Who may follow the game by mail: ``none``, ``players`` (of its tournament) or ``anyone`` (confirmed
        by double opt-in), as its tournament's file says; ``none`` for a game of no tournament."""

    def leave(self, session: Session, membership: Membership, player: Player, actor: str) -> int:
        """The player plays no round of the tournament after the one under way; the organiser is told and the
        audit log has it. Returns the round after which they left (0: before round 1)."""


class NoTournaments:
    """The answer of a service with no tournament layer: no game is a tournament's table."""

    def list_id(self, session: Session, game_id: int) -> str:
        return ""

    def of_game(self, session: Session, game_id: int, player_id: int) -> Membership | None:
        return None

    def entered(self, session: Session, player_id: int) -> list[Membership]:
        return []

    def observers(self, session: Session, game_id: int) -> str:
        return "none"

    def leave(self, session: Session, membership: Membership, player: Player, actor: str) -> int:
        raise LookupError(f"no tournament layer: {player.email} cannot leave {membership.name}")


class Lists:
    """The List-Id of each game's mails, looked up once per game (a game never changes tournament)."""

    def __init__(self) -> None:
        self.lookup: Callable[[Session, int], str] = NoTournaments().list_id
        """The tournament layer's :meth:`Memberships.list_id`, plugged in by :func:`pbem.app.open_service`."""
        self._known: dict[int, str] = {}

    def of(self, session: Session, game_id: int) -> str:
        """The List-Id of the game's tournament, "" for a game of none."""
        if game_id not in self._known:
            self._known[game_id] = self.lookup(session, game_id)
        return self._known[game_id]

    def known(self, game_id: int, list_id: str) -> None:
        """The game's mails carry ``list_id``: a tournament's table opened before its table row is written."""
        self._known[game_id] = list_id
