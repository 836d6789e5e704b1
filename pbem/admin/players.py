"""The organiser's actions on a player: who they are, their games, their mail's health, and lifting a bounce hold.

A player exists once registered for a tournament or seated in a game; these
actions find them by their address.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, select

from pbem.admin.base import AdminError, Arg, Desk, Printed, action, table, when
from pbem.mail import bounces
from pbem.ops.db import Game, Player, Seat
from pbem.play import players

EMAIL = Arg("email", str, "The player's registered address.", metavar="EMAIL")


@dataclass(frozen=True)
class PlayerSeat:
    """One seat a player holds, for ``pbem player show``."""

    game_id: int
    label: str
    status: str
    seat_no: int
    bot: str
    awaiting: bool
    deadline: datetime | None


@dataclass(frozen=True)
class PlayerReport:
    """A player as ``pbem player show`` prints it: who, how they read pbem, their games, their mail's health."""

    email: str
    name: str
    language: str
    time_zone: str
    vacation_until: date | None
    bounce_score: int
    bounced_on: date | None
    bounce_detail: str
    bounce_hold: bool
    seats: tuple[PlayerSeat, ...]


def bounce_state(score: int, hold: bool) -> str:
    """A player's bounce state in a few words: what ``player show`` and ``tournament show`` print."""
    if hold:
        return f"mail bouncing (score {score}), deadlines held"
    return f"bounce score {score}" if score else "mail fine"


def _print_player(report: PlayerReport, given: dict[str, Any]) -> list[Printed]:
    printed: list[Printed] = [
        f"{report.name or '(no name)'} <{report.email}>: language "
        f"{report.language or 'not chosen (mails in English)'}, time zone {report.time_zone}"
        + (f", on vacation until {report.vacation_until}" if report.vacation_until else ""),
        f"mail: {bounce_state(report.bounce_score, report.bounce_hold)}"
        + (f"; last bounce {report.bounced_on}: {report.bounce_detail}" if report.bounced_on else "")]
    if report.bounce_hold:
        printed.append(f"  once their mailbox works: pbem player release {report.email} --reason \"...\"")
    printed.append(table("games", ("game", "table", "status", "seat", "bot", "awaiting", "deadline (UTC)"),
                         ([str(s.game_id), s.label, s.status, str(s.seat_no), s.bot, "yes" if s.awaiting else "",
                           when(s.deadline)] for s in report.seats)))
    return printed


@action("player", "show", "Address, name, language, time zone, every game they sit in, and their bounce score.",
        EMAIL, output=_print_player)
def player(desk: Desk, email: str) -> PlayerReport:
    """Everything about one registered player, their bounce score included."""
    with Session(desk.service.db) as session:
        found = _player(session, email)
        seats = session.exec(select(Seat, Game).join(Game, Seat.game_id == Game.id)  # type: ignore[arg-type]
                             .where(Seat.player_id == found.id).order_by(Game.id))  # type: ignore[arg-type]
        return PlayerReport(
            found.email, found.name, found.language, found.time_zone, found.vacation_until,
            found.bounce_score, found.bounced_on, found.bounce_detail, found.bounce_hold,
            tuple(PlayerSeat(game.id, game.label, game.status, seat.seat + 1, seat.bot,  # type: ignore[arg-type]
                             seat.awaiting, seat.deadline) for seat, game in seats))


@action("player", "release", "Clear the player's bounce score and lift the hold: each decision they owe gets a "
        "full answer time.", EMAIL,
        Arg("reason", str, "Why, for the audit log (e.g. \"mailbox fixed\").", flag="--reason", default=""),
        audit="bounce release",
        output=lambda moved, given: [f"{given['email']}: bounce score cleared"
                                     + (f"; deadlines run again in games {', '.join(map(str, moved))}" if moved
                                        else "")])
def release(desk: Desk, email: str, reason: str) -> list[int]:
    """Clear a player's bounce score and lift the hold on their deadlines (their mailbox works again).

    Returns the games whose deadlines run again, each with a full answer time from now.
    """
    desk.reason(reason)
    with Session(desk.service.db) as session:
        found = _player(session, email)
        if not found.bounce_score and not found.bounce_hold:
            raise AdminError(f"{found.email} has no bounces counted and no deadlines held: nothing to release "
                             f"(see `pbem player show {found.email}`)")
        moved = bounces.release(desk.service, session, found, desk.actor, reason)
        session.commit()
        for game_id in moved:
            desk.service.store.forget(game_id)
        return moved


def _player(session: Session, email: str) -> Player:
    found = players.find(session, email)
    if found is None:
        raise AdminError(f"no player has the address {email!r}; give a registered player's address "
                         f"(see `pbem game list` or `pbem tournament show ID`)")
    return found
