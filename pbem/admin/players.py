"""The organiser's actions on a player: who they are, their games, their mail's health, and lifting a bounce hold.

A player exists once registered for a tournament or seated in a game; these
actions find them by their address.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, select

from pbem.addresses import AddressError
from pbem.admin.base import REASON, AdminError, Arg, Desk, Printed, action, table, when
from pbem.admin.tables import TEXT, WORDS, Col
from pbem.play import bounces
from pbem.ops.db import Game, Player, Seat
from pbem.play import players
from pbem.play.store import Transaction
from pbem.play.reliability import player_records
from pbem.ops.tournament_tables import Entry, Tournament
from tournaments.definition import LANGUAGES
from tournaments.reliability import Record

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
    record: Record
    """Their record across every game (:mod:`tournaments.reliability`)."""


BOUNCE_STATES = ("fine", "bouncing", "held")
"""A player's mail as ``player list`` filters it: no bounce counted, bounces counted, deadlines held for them."""

ROSTER_HEADER = ("name", "email", "language", "time_zone", "notify", "vacation_until", "bounce_state",
                 "bounce_score", "games", "tournaments")
"""The columns of ``pbem player list --csv``; the first four are a roster file's (``tournament register --file``)."""


@dataclass(frozen=True)
class RosterRow:
    """One player as ``pbem player list`` prints them."""

    email: str
    name: str
    language: str
    """The language their mails are written in (English while they chose none)."""
    time_zone: str
    notify: str
    vacation_until: date | None
    bounce_state: str
    bounce_score: int
    games: tuple[int, ...]
    """The games they sit in that are not over."""
    tournaments: tuple[str, ...]

    def cells(self) -> list[str]:
        return [self.name, self.email, self.language, self.time_zone, self.notify,
                str(self.vacation_until or ""), self.bounce_state, str(self.bounce_score),
                " ".join(map(str, self.games)), "; ".join(self.tournaments)]


def mail_state(player: Player) -> str:
    """The player's place in :data:`BOUNCE_STATES`."""
    return "held" if player.bounce_hold else "bouncing" if player.bounce_score else "fine"


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
    printed.append(record_line(report.record))
    if report.bounce_hold:
        printed.append(f"  once their mailbox works: pbem player release {report.email} --reason \"...\"")
    printed.append(table("games", ("game", "table", "status", "seat", "bot", "awaiting", "deadline (UTC)"),
                         ([str(s.game_id), s.label, s.status, str(s.seat_no), s.bot, "yes" if s.awaiting else "",
                           when(s.deadline)] for s in report.seats)))
    return printed


def record_line(record: Record) -> str:
    """The record as one line for the organiser; docs/reliability.md says what each figure counts."""
    hours = "–" if record.median_hours is None else f"{record.median_hours:g}"
    return (f"record: reliability {record.figure}; {record.on_time} of {record.decisions} decisions before the "
            f"deadline, {record.timeouts} timeouts; median hours to answer {hours}; games finished "
            f"{record.games_finished}, left or replaced {record.games_left}")


@action("player", "show", "Address, name, language, time zone, every game they sit in, their record across games "
        "(reliability) and their bounce score.",
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
                             seat.awaiting, seat.deadline) for seat, game in seats),
            player_records(session, desk.service.clock.now(), [found.id])[found.id])  # type: ignore[list-item]


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


@action("player", "address", "Move a player to a new address: their mail goes there and their replies are read "
        "from there; each table they sit at tells the old address and the new one, and a deadline the old "
        "address's calendar holds is removed there.", EMAIL,
        Arg("new", str, "The player's new address.", flag="--to", metavar="NEW"), REASON,
        audit="player address", tells=("readdressed",), mails=True,
        output=lambda games, given: [f"{given['email']} now plays from {given['new']}"
                                     + (f"; told at the tables of games {', '.join(map(str, games))}" if games
                                        else "; they sit at no open table")])
def readdress(desk: Desk, email: str, new: str, reason: str) -> list[int]:
    """Change a player's address (a mailbox they gave up, a typo at registration); returns the open games told.

    One transaction holds every open game the player sits in: at each, the old address gets a notice carrying
    the cancellation of the deadline its calendar holds (:mod:`pbem.play.calendar`), then the new address gets
    the same notice carrying the deadline again when the player has ``calendar on``.
    """
    desk.reason(reason)
    try:
        wanted = players.address(new)
    except AddressError as exc:
        raise AdminError(f"--to {exc}") from None
    with Session(desk.service.db) as session:
        found = _player(session, email)
        if found.email == wanted:
            raise AdminError(f"{wanted} is already the player's address: nothing to change")
        if players.find(session, wanted) is not None:
            raise AdminError(f"{wanted} is another player's address; give an address no player has "
                             f"(see `pbem player show {wanted}`)")
        old, player_id = found.email, found.id
        open_games = sorted(set(session.exec(
            select(Seat.game_id).join(Game, Seat.game_id == Game.id)  # type: ignore[arg-type]
            .where(Seat.player_id == player_id, Seat.bot == "", Game.status != "over"))))

    def work(transaction: Transaction) -> list[int]:
        session = transaction.session
        loaded = [transaction.load(game_id) for game_id in open_games]
        player = session.get(Player, player_id)
        assert player is not None
        seats = [(game, seat) for game in loaded for seat in range(len(game.seats)) if game.human(seat)
                 and game.seats[seat].player_id == player_id]
        calendar_on = player.calendar
        player.calendar = False  # the old address's last mail of each seat takes the deadline out of its calendar
        for game, seat in seats:
            desk.tell(session, game, seat, "readdressed", reason, old=old, new=wanted,
                      organiser=desk.service.settings.organiser)
        player.calendar, player.email = calendar_on, wanted
        session.add(player)
        for game, seat in seats:  # the new address: its thread begins here, with the deadline if it is wanted
            game.seats[seat].thread_root = game.seats[seat].last_message_id = ""
            desk.tell(session, game, seat, "readdressed", reason, old=old, new=wanted,
                      organiser=desk.service.settings.organiser)
        desk.audit(session, None, f"{old} -> {wanted}: {reason}")
        transaction.commit()
        return [game.id for game in loaded]

    return desk.service.store.attempt(work)


ROSTER_TABLE = (
    Col("name", WORDS), Col("email", under="name"), Col("language"), Col("time zone", under="language", spare=1),
    Col("mail"), Col("games", WORDS), Col("tournaments", TEXT, under="games"),
)
"""In a narrow terminal each address stays whole under its name; the time zone is what it does without first."""


def _print_roster(rows: list[RosterRow], given: dict[str, Any]) -> list[Printed]:
    if given.get("as_csv"):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(ROSTER_HEADER)
        writer.writerows(row.cells() for row in rows)
        return [out.getvalue().rstrip("\n")]
    return [table(f"players: {len(rows)}", ROSTER_TABLE,
                  ([row.name, row.email, row.language, row.time_zone,
                    row.bounce_state + (f" ({row.bounce_score})" if row.bounce_score else ""),
                    " ".join(map(str, row.games)), "; ".join(row.tournaments)] for row in rows))]


@action("player", "list", "Every player (or those of a tournament, a bounce state, a language), as a table or "
        "as CSV.",
        Arg("tournament_id", int, "Only the players registered in this tournament (see `pbem tournament list`).",
            flag="--tournament", default=None, metavar="ID"),
        Arg("bounce_state", str, f"Only players whose mail is {', '.join(BOUNCE_STATES)}.", flag="--bounce-state",
            default="", metavar="STATE"),
        Arg("language", str, f"Only players whose mails are in {', '.join(LANGUAGES)}.", flag="--language",
            default="", metavar="LANG"),
        Arg("as_csv", bool, "Print CSV (header first) for a spreadsheet; its first four columns are those of "
            "a roster file for `pbem tournament register --file`.", flag="--csv", default=False),
        output=_print_roster)
def roster(desk: Desk, tournament_id: int | None, bounce_state: str, language: str, as_csv: bool) -> list[RosterRow]:
    """The players, by address, with what an organiser checks across games: language, mail health, games.

    A filter value that is not one of the allowed ones is refused, naming them,
    rather than listing nobody: an empty list must mean nobody matches.
    """
    if bounce_state and bounce_state not in BOUNCE_STATES:
        raise AdminError(f"--bounce-state {bounce_state!r}: give one of {', '.join(BOUNCE_STATES)}")
    if language and language not in LANGUAGES:
        raise AdminError(f"--language {language!r}: give one of {', '.join(LANGUAGES)}")
    with Session(desk.service.db) as session:
        query = select(Player).order_by(Player.email)
        if tournament_id is not None:
            if session.get(Tournament, tournament_id) is None:
                raise AdminError(f"there is no tournament {tournament_id}; see `pbem tournament list`")
            query = query.join(Entry, Entry.player_id == Player.id).where(  # type: ignore[arg-type]
                Entry.tournament_id == tournament_id)
        found = [player for player in session.exec(query)
                 if (not bounce_state or mail_state(player) == bounce_state)
                 and (not language or player.reads == language)]
        ids = [player.id for player in found]
        games: dict[int, list[int]] = {}
        for player_id, game_id in session.exec(
                select(Seat.player_id, Seat.game_id).join(Game, Seat.game_id == Game.id)  # type: ignore[arg-type]
                .where(Seat.player_id.in_(ids), Game.status.in_(("active", "paused")))  # type: ignore[union-attr,attr-defined]
                .order_by(Seat.game_id)):
            games.setdefault(player_id, []).append(game_id)  # type: ignore[arg-type]
        entered: dict[int, list[str]] = {}
        for player_id, name in session.exec(
                select(Entry.player_id, Tournament.name).join(Tournament, Entry.tournament_id == Tournament.id)  # type: ignore[arg-type]
                .where(Entry.player_id.in_(ids)).order_by(Tournament.id)):  # type: ignore[attr-defined]
            entered.setdefault(player_id, []).append(name)
        return [RosterRow(player.email, player.name, player.reads, player.time_zone, player.notify,
                          player.vacation_until, mail_state(player), player.bounce_score,
                          tuple(games.get(player.id, ())), tuple(entered.get(player.id, ())))  # type: ignore[arg-type]
                for player in found]


def _player(session: Session, email: str) -> Player:
    found = players.find(session, email)
    if found is None:
        raise AdminError(f"no player has the address {email!r}; give a registered player's address "
                         f"(see `pbem game list` or `pbem tournament show ID`)")
    return found
