"""The organiser's actions on a game: look at it (show, log, replay) and fix it on the record.

Undo never deletes: later moves are marked reverted and the state is replayed
without them. Every change tells the players concerned, in their language,
through ``templates/email/organiser_action``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, select

import engine
from engine import bots
from pbem.admin.base import GAME_ID, REASON, SEAT, AdminError, Arg, Desk, Printed, action, freeze_if_paused, table, when
from pbem.clock import duration
from pbem.addresses import AddressError
from pbem.ops.db import Audit, Inbound, Move
from pbem.play import players
from pbem.play.store import LoadedGame, Transaction, replay as replayed
from pbem.tournament import runner
from tournaments import parse_duration

HUMAN_SOURCES = ("email", "early", "admin")
"""Moves a person decided: undoing one that another person already answered needs --force."""


@dataclass(frozen=True)
class SeatReport:
    seat_no: int
    player: str
    email: str
    bot: str
    awaiting: bool
    deadline: datetime | None
    timeouts: int
    forfeited: bool


@dataclass(frozen=True)
class GameReport:
    """Everything ``pbem game show`` prints: the admin view, hidden information included."""

    game_id: int
    label: str
    game: str
    status: str
    seed: int
    options: dict[str, Any]
    moves: int
    reverted: int
    to_act: tuple[int, ...]
    seats: tuple[SeatReport, ...]
    board: str
    private: tuple[str, ...]
    """Each seat's own view, in seat order."""
    result: engine.Result | None


@dataclass(frozen=True)
class LogLine:
    seq: int
    seat_no: int
    who: str
    notation: str
    source: str
    at: datetime
    reverted: bool
    message_id: str
    sender: str


# ------------------------------------------------------------- reading


def _print_show(report: GameReport, given: dict[str, Any]) -> list[Printed]:
    lines: list[Printed] = [
        f"game {report.game_id} {report.label}: {report.game}, {report.status}, seed {report.seed}, options "
        f"{report.options}; {report.moves} moves ({report.reverted} reverted); to act: "
        f"{', '.join(f'seat {s}' for s in report.to_act) or 'nobody'}",
        table("seats", ("seat", "player", "email", "bot", "awaiting", "deadline (UTC)", "timeouts", "forfeited"),
              ([str(s.seat_no), s.player, s.email, s.bot, "yes" if s.awaiting else "", when(s.deadline),
                str(s.timeouts), "yes" if s.forfeited else ""] for s in report.seats)),
        report.board]
    for number, view in enumerate(report.private, start=1):
        lines += [f"--- seat {number} sees ---", view]
    if report.result is not None:
        lines.append(f"result: scores {report.result.scores}, ranks {report.result.ranks}")
    return lines


@action("game", "show", "The full state, hidden information included: seats, deadlines, the board and each "
        "seat's view.", GAME_ID, output=_print_show)
def show(desk: Desk, game_id: int) -> GameReport:
    with Session(desk.service.db) as session:
        game = desk.load(session, game_id)
        rules, state = game.rules, game.state
        moves = list(session.exec(select(Move).where(Move.game_id == game_id)))
        seats = tuple(
            SeatReport(s.seat + 1, game.known_as(s.seat), p.email if (p := game.player(s.seat)) else "", s.bot,
                       s.awaiting, s.deadline, s.timeouts, s.forfeited)
            for s in game.seats
        )
        return GameReport(game_id, game.row.label, game.row.game, game.row.status, game.row.seed,
                          dict(game.row.options), sum(not m.reverted for m in moves),
                          sum(m.reverted for m in moves), tuple(sorted(s + 1 for s in rules.to_act(state))),
                          seats, rules.render(state, None),
                          tuple(rules.render(state, s) for s in range(len(game.seats))), rules.result(state))


def _print_log(lines: list[LogLine], given: dict[str, Any]) -> list[Printed]:
    printed: list[Printed] = [f"game {given['game_id']}: {len(lines)} moves (time UTC, seat, move, source, "
                              f"inbound message)"]
    for line in lines:
        inbound = f" <{line.message_id.strip('<>')}> from {line.sender}" if line.message_id else ""
        reverted = "  REVERTED" if line.reverted else ""
        printed.append(f"{line.seq:4d}  {line.at:%Y-%m-%d %H:%M:%S}  seat {line.seat_no} ({line.who})  "
                       f"{line.notation}  [{line.source}{inbound}]{reverted}")
    return printed


@action("game", "log", "Every move, reverted ones too, with its time, source and the inbound message it came in.",
        GAME_ID, output=_print_log)
def log(desk: Desk, game_id: int) -> list[LogLine]:
    with Session(desk.service.db) as session:
        game = desk.load(session, game_id)
        rows = session.exec(select(Move, Inbound).join(Inbound, isouter=True)
                            .where(Move.game_id == game_id).order_by(Move.seq))
        return [LogLine(m.seq, m.seat + 1, game.known_as(m.seat), m.notation, m.source, m.created, m.reverted,
                        i.message_id if i else "", i.sender if i else "") for m, i in rows]


@action("game", "replay", "The board after move N (reverted moves left out).", GAME_ID,
        Arg("at", int, "Move number (0: the set-up).", flag="--at"), output=lambda board, given: [board])
def replay(desk: Desk, game_id: int, at: int) -> str:
    """The board (observer's view) after move ``at`` of the moves that count."""
    with Session(desk.service.db) as session:
        game = desk.load(session, game_id)
        moves = list(session.exec(select(Move).where(Move.game_id == game_id, Move.reverted == False)  # noqa: E712
                                  .order_by(Move.seq)))
        last = moves[-1].seq if moves else 0
        if not 0 <= at <= last:
            raise AdminError(f"--at {at}: game {game_id} has moves 0-{last} (0 is the set-up)")
        state = replayed(game.rules, len(game.seats), game.row.seed, game.row.options,
                         ((move.seat, move.notation) for move in moves if move.seq <= at))
        return game.rules.render(state, None, game.words(None, organiser=True))  # seats named as the organiser knows them


# ------------------------------------------------------------- changing a game


@action("game", "undo", "Take back every move after N (never deleted), re-prompt whoever must decide and tell "
        "the table.", GAME_ID,
        Arg("to", int, "The last move to keep; every later move is marked reverted.", flag="--to"), REASON,
        Arg("force", bool, "Also take back moves other players made in answer.", flag="--force", default=False),
        audit="undo", tells=("undo",), mails=True,
        output=lambda seqs, given: [f"game {given['game_id']}: reverted moves {', '.join(map(str, seqs))}; "
                                    f"the table is told"])
def undo(desk: Desk, game_id: int, to: int, reason: str, force: bool = False) -> list[int]:
    """Mark every counted move after ``to`` reverted, replay, re-prompt, and tell the game; the seqs undone."""
    desk.reason(reason)

    def change(transaction: Transaction, game: LoadedGame) -> list[int]:
        session = transaction.session
        later = list(session.exec(select(Move).where(Move.game_id == game_id, Move.reverted == False,  # noqa: E712
                                                     Move.seq > to).order_by(Move.seq)))
        if to < 0:
            raise AdminError(f"--to {to}: give the number of the last move to keep (0 undoes every move)")
        if not later:
            raise AdminError(f"nothing to undo: game {game_id} has no counted move after move {to} "
                             f"(see `pbem game log {game_id}`)")
        answered = _answered(later)
        if answered and not force:
            raise AdminError(f"other players already answered move {later[0].seq}: "
                             f"{_answers_by_seat(answered, game)}; undo with --force to take those back too "
                             f"(everyone concerned is told)")
        if game.row.status == "over":
            game.row.status = "active"
            runner.unrecord(desk.service, session, game_id)
        fresh = transaction.take_back(game_id, later)
        shown = desk.service.shown
        for reader in (seat for seat in range(len(fresh.seats)) if fresh.human(seat)):  # each in their own words
            said = shown.words(fresh, reader)
            lines = [shown.line(game, m.seq, m.seat, m.notation, m.source, said, reader=reader) for m in later]
            concerned = sorted(set(fresh.names((m.seat for m in answered), reader)))
            desk.tell(session, fresh, reader, "undo", reason, to=to, moves=lines, forced=bool(answered),
                      concerned=concerned)
        desk.carry_on(session, fresh)
        desk.audit(session, game_id, f"to move {to}; reverted {[m.seq for m in later]}"
                                     f"{' (forced)' if answered else ''}: {reason}")
        return [m.seq for m in later]

    return desk.change(game_id, change)


@action("game", "move", "Make a move on a player's behalf.", GAME_ID,
        Arg("notation", str, "The move in the game's notation, as a player would write it."), SEAT, REASON,
        audit="move", tells=("move",), mails=True,
        output=lambda played, given: [f"game {given['game_id']} seat {given['seat_no']}: played {'; '.join(played)}"])
def move(desk: Desk, game_id: int, seat_no: int, notation: str, reason: str) -> list[str]:
    """Play ``notation`` for the seat as the organiser; refused (nothing changed) when not legal now."""
    desk.reason(reason)

    def change(transaction: Transaction, game: LoadedGame) -> list[str]:
        session = transaction.session
        seat = desk.seat(game, seat_no)
        rules = game.rules
        if seat not in rules.to_act(game.state):
            raise AdminError(f"seat {seat_no} owes no decision now; waiting for "
                             f"{_waiting(game) or 'nobody (the game is over)'}")
        try:
            played = [p.notation for p in desk.service.turns.play_all(session, game, seat, notation, "admin")]
        except engine.MoveError as exc:
            legal = [rules.format(m) for m in rules.legal(game.state, seat)][:8]
            raise AdminError(f"{notation!r} for seat {seat_no}: {exc}; legal now: {', '.join(legal)}") from None
        if game.human(seat):  # the moves in the player's words, as their prompts write them
            said = desk.service.shown.words(game, seat)
            desk.tell(session, game, seat, "move", reason, moves=[said.move(each) for each in played])
        desk.carry_on(session, game)
        desk.audit(session, game_id, f"seat {seat_no}: {'; '.join(played)}: {reason}")
        return played

    return desk.change(game_id, change)


REPEAT_WINDOW = timedelta(minutes=10)
"""How recent an identical extension must be to count as the same command run twice."""


@action("game", "deadline", "Extend the open deadlines of a game.", GAME_ID,
        Arg("extend", str, "How much longer, e.g. 48h or 2d.", flag="--extend"), REASON,
        Arg("seat_no", int, "Only this seat (default: every open decision).", flag="--seat", default=None),
        audit="deadline", tells=("deadline",), mails=True,
        output=lambda seats, given: [f"game {given['game_id']}: deadline of seat(s) {', '.join(map(str, seats))} "
                                     f"extended by {given['extend']}"])
def extend_deadline(desk: Desk, game_id: int, extend: str, reason: str, seat_no: int | None = None) -> list[int]:
    """Move the open deadlines (all, or one seat's) out by ``extend`` (``48h``, ``2d``).

    The same extension with the same reason within :data:`REPEAT_WINDOW` is refused: it is the command run twice
    by mistake, which would move the deadline twice and mail each player twice. A second extension meant as one
    says so with its own reason.
    """
    desk.reason(reason)
    try:
        delta = parse_duration(extend)
    except ValueError as exc:
        raise AdminError(f"--extend: {exc}") from None
    if delta <= timedelta(0):
        raise AdminError(f"--extend {extend}: give a positive duration such as 48h")

    def change(transaction: Transaction, game: LoadedGame) -> list[int]:
        session = transaction.session
        chosen = [desk.seat(game, seat_no)] if seat_no is not None else range(len(game.seats))
        open_seats = [s for s in chosen if game.seats[s].awaiting and game.seats[s].deadline]
        if not open_seats:
            raise AdminError(f"game {game_id}: no open deadline{f' for seat {seat_no}' if seat_no else ''} "
                             f"to extend (waiting for {_waiting(game) or 'nobody'}"
                             f"{', paused' if game.row.status == 'paused' else ''})")
        detail = f"seats {[s + 1 for s in open_seats]} extended by {extend}: {reason}"
        since = desk.service.clock.now() - REPEAT_WINDOW
        if session.exec(select(Audit).where(Audit.game_id == game_id, Audit.action == "deadline",
                                            Audit.detail == detail, Audit.at >= since)).first():
            raise AdminError(f"game {game_id}: seats {', '.join(str(s + 1) for s in open_seats)} were extended by "
                             f"{extend} for {reason!r} in the last {REPEAT_WINDOW.seconds // 60} minutes (the same command "
                             f"twice?); to extend once more, give this second extension its own --reason")
        for seat in open_seats:
            row = game.seats[seat]
            row.deadline, row.reminded = row.deadline + delta, False  # type: ignore[operator]
            reader = game.player(seat)
            desk.tell(session, game, seat, "deadline", reason,
                      extended=duration(delta, reader.reads if reader is not None else "en"),
                      deadline=desk.service.shown.when(game, seat, row.deadline))  # type: ignore[arg-type]
        desk.audit(session, game_id, detail)
        return [s + 1 for s in open_seats]

    return desk.change(game_id, change)


@action("game", "replace", "Give a seat to another player or to a bot.", GAME_ID, SEAT,
        Arg("player", str, "The new player's email, or a bot: bot (greedy), bot:greedy, bot:random, bot:search, "
                           "bot:search:N (N playouts a decision).", flag="--player"), REASON,
        audit="replace", tells=("replaced", "seated"), mails=True,
        output=lambda who, given: [f"game {given['game_id']} seat {given['seat_no']} is now played by {who}"])
def replace(desk: Desk, game_id: int, seat_no: int, player: str, reason: str) -> str:
    """Give a seat to another player (by email) or to a bot (``bot``, ``greedy``, ``random``, ``search``,
    ``search:N``; ``bot:NAME`` names one the same way)."""
    desk.reason(reason)
    wanted = player.strip().lower()
    bot = "greedy" if wanted == "bot" else wanted.removeprefix("bot:")
    if "@" in wanted:
        try:
            wanted = players.address(player)
        except AddressError as exc:
            raise AdminError(f"--player {exc}") from None
    else:
        try:
            bots.get(bot)
        except KeyError as exc:
            raise AdminError(f"--player {player!r}: give an email address, or bot (a greedy bot), "
                             f"bot:greedy, bot:random, bot:search or bot:search:N ({exc.args[0]})") from None

    def change(transaction: Transaction, game: LoadedGame) -> str:
        session = transaction.session
        seat = desk.seat(game, seat_no)
        if game.row.status == "over":
            raise AdminError(f"game {game_id} is over; undo moves first if the seat must play again")
        row, before = game.seats[seat], _who(game, seat)
        if "@" in wanted:
            newcomer = players.find_or_add(session, wanted)
            sitting = [s.seat + 1 for s in game.seats if s.player_id == newcomer.id and not s.bot]
            if sitting:
                raise AdminError(f"{wanted} already plays seat {sitting[0]} of game {game_id}")
            game.players[newcomer.id] = newcomer  # type: ignore[index]
        row.awaiting, row.reminded, row.deadline = False, False, None  # before the leaving player's last mail,
        # which so cancels the deadline their calendar holds (pbem.play.calendar); the seat is asked anew below
        if game.human(seat):
            if "@" in wanted:
                desk.tell(session, game, seat, "replaced", reason, newcomer=wanted)
            else:  # the bot's kind in the reader's words, as the recap names a bot's seat
                desk.tell(session, game, seat, "replaced", reason,
                          bot=desk.service.shown.words(game, seat).say(bots.named(bot)))
        if seat in game.early:  # what the player kept for his next turn leaves the seat with him
            desk.service.turns.drop_early(session, game, seat)
        if "@" in wanted:
            row.player_id, row.bot, row.forfeited = newcomer.id, "", False
            row.thread_root = row.last_message_id = ""
        else:
            row.bot = bot
        if game.human(seat):
            desk.tell(session, game, seat, "seated", reason)
        desk.carry_on(session, game)
        desk.audit(session, game_id, f"seat {seat_no}: {before} -> {_who(game, seat)}: {reason}")
        return _who(game, seat)

    return desk.change(game_id, change)


def _who(game: LoadedGame, seat: int) -> str:
    """Who plays the seat, for the organiser: a bot seat keeps its last player's id (for their record), and
    :meth:`LoadedGame.name` would name them."""
    return f"bot {game.seats[seat].bot}" if game.seats[seat].bot else game.known_as(seat)


@action("game", "resend", "Send the seat's open prompt again.", GAME_ID, SEAT, audit="resend", mails=True,
        output=lambda result, given: [f"game {given['game_id']} seat {given['seat_no']}: prompt queued again"])
def resend(desk: Desk, game_id: int, seat_no: int) -> None:
    """Send the seat's open prompt again (a new mail in the same thread)."""

    def change(transaction: Transaction, game: LoadedGame) -> None:
        session = transaction.session
        seat = desk.seat(game, seat_no)
        if not game.human(seat) or seat not in game.rules.to_act(game.state):
            raise AdminError(f"seat {seat_no} has no open prompt to resend; waiting for {_waiting(game) or 'nobody'}")
        game.seats[seat].awaiting = False
        desk.service.announce(session, game)
        freeze_if_paused(game)
        desk.audit(session, game_id, f"seat {seat_no}")

    desk.change(game_id, change)


@action("game", "pause", "Stop a game's clock and refuse its replies until it is resumed.", GAME_ID, REASON,
        audit="pause", tells=("pause",), mails=True,
        output=lambda result, given: [f"game {given['game_id']} paused; the players are told"])
def pause(desk: Desk, game_id: int, reason: str) -> None:
    """Stop the clock: replies are refused and no deadline runs until :func:`resume`."""
    desk.reason(reason)

    def change(transaction: Transaction, game: LoadedGame) -> None:
        if game.row.status != "active":
            raise AdminError(f"game {game_id} is {game.row.status}; only an active game can be paused")
        game.row.status = "paused"
        freeze_if_paused(game)
        desk.tell_all(transaction.session, game, "pause", reason)
        desk.audit(transaction.session, game_id, reason)

    desk.change(game_id, change)


@action("game", "resume", "Restart a paused game; every open decision gets a full new deadline.", GAME_ID, REASON,
        audit="resume", tells=("resume",), mails=True,
        output=lambda result, given: [f"game {given['game_id']} resumed; the players are told"])
def resume(desk: Desk, game_id: int, reason: str) -> None:
    """Restart the clock: every open decision gets a full new deadline."""

    def change(transaction: Transaction, game: LoadedGame) -> None:
        session = transaction.session
        if game.row.status != "paused":
            raise AdminError(f"game {game_id} is {game.row.status}, not paused")
        game.row.status = "active"
        for seat, row in enumerate(game.seats):
            deadline = ""
            if row.awaiting:
                row.deadline, row.reminded = desk.service.shown.deadline_for(game, seat), False
                deadline = desk.service.shown.when(game, seat, row.deadline)
            if game.human(seat):
                desk.tell(session, game, seat, "resume", reason, deadline=deadline)
        desk.carry_on(session, game)
        desk.audit(session, game_id, reason)

    desk.change(game_id, change)


def _answered(later: list[Move]) -> list[Move]:
    """Moves a person made after (and so in answer to) the first undone move by someone else."""
    first = later[0]
    return [m for m in later[1:] if m.seat != first.seat and m.source in HUMAN_SOURCES]


def _waiting(game: LoadedGame) -> str:
    return ", ".join(f"seat {s + 1} ({game.known_as(s)})" for s in sorted(game.rules.to_act(game.state)))


def _answers_by_seat(answered: list[Move], game: LoadedGame) -> str:
    """``seat 4 (bot09): moves 7, 11, 14 … (31 moves)`` per seat, so a long undo stays one readable line."""
    seqs: dict[int, list[int]] = {}
    for move in answered:
        seqs.setdefault(move.seat, []).append(move.seq)
    parts = []
    for seat, numbers in sorted(seqs.items()):
        shown = ", ".join(map(str, numbers[:3])) + (f" … ({len(numbers)} moves)" if len(numbers) > 3 else "")
        parts.append(f"seat {seat + 1} ({game.known_as(seat)}): move{'s' if len(numbers) > 1 else ''} {shown}")
    return "; ".join(parts)
