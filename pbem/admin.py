"""The organiser's disputes toolkit: inspect a game, and fix it, on the record.

Each action that changes a game runs on a table loaded in one session, exactly
like a player's reply: the change, the mails it causes (the new prompts and a
notice to every player concerned) and its audit row are committed together
with the game's version bumped, or nothing is kept. A refusal is an
:class:`AdminError` raised before anything was written, saying what was wrong
and what would be right. Undo never deletes: later moves are marked reverted
and the state is replayed without them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, TypeVar

from sqlmodel import Session, func, select

import engine
from engine import bots
from pbem import bounces, pipeline
from pbem.db import Audit, Dispute, Game, Inbound, Move, Outbox, Player, Seat
from pbem.service import RecapLine, Service, Table
from pbem.tournament import runner
from tournaments import parse_duration

T = TypeVar("T")

HUMAN_SOURCES = ("email", "admin")
"""Moves a person decided: undoing one that another person already answered needs --force."""


class AdminError(ValueError):
    """An organiser request that cannot be done as asked; nothing was changed."""


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


@dataclass(frozen=True)
class InboundReport:
    """One stored inbound message as ``pbem inbound list|show`` print it."""

    inbound_id: int
    received: datetime
    message_id: str
    sender: str
    status: str
    reason: str
    attempts: int
    game_id: int | None
    size: int


@dataclass(frozen=True)
class InboundDetail:
    """An inbound message in full: its record, its headers and the text the pipeline read from it."""

    report: InboundReport
    subject: str
    recipients: tuple[str, ...]
    kind: str
    text: str


@dataclass(frozen=True)
class MailReport:
    """One outbox row as ``pbem outbox list`` prints it."""

    outbox_id: int
    created: datetime
    kind: str
    recipient: str
    subject: str
    status: str
    attempts: int
    last_error: str
    game_id: int | None


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


class Admin:
    """Organiser actions over games and disputes, each recorded with who did it and why."""

    def __init__(self, service: Service, actor: str) -> None:
        self.service = service
        self.actor = actor

    # ------------------------------------------------------------- reading

    def show(self, game_id: int) -> GameReport:
        with Session(self.service.db) as session:
            table = self._load(session, game_id)
            rules, state = table.rules, table.state
            moves = list(session.exec(select(Move).where(Move.game_id == game_id)))
            seats = tuple(
                SeatReport(s.seat + 1, table.name(s.seat), p.email if (p := table.player(s.seat)) else "", s.bot,
                           s.awaiting, s.deadline, s.timeouts, s.forfeited)
                for s in table.seats
            )
            return GameReport(game_id, table.game.label, table.game.game, table.game.status, table.game.seed,
                              dict(table.game.options), sum(not m.reverted for m in moves),
                              sum(m.reverted for m in moves), tuple(sorted(s + 1 for s in rules.to_act(state))),
                              seats, rules.render(state, None),
                              tuple(rules.render(state, s) for s in range(len(table.seats))), rules.result(state))

    def log(self, game_id: int) -> list[LogLine]:
        with Session(self.service.db) as session:
            table = self._load(session, game_id)
            rows = session.exec(select(Move, Inbound).join(Inbound, isouter=True)
                                .where(Move.game_id == game_id).order_by(Move.seq))
            return [LogLine(m.seq, m.seat + 1, table.name(m.seat), m.notation, m.source, m.created, m.reverted,
                            i.message_id if i else "", i.sender if i else "") for m, i in rows]

    def replay(self, game_id: int, at: int) -> str:
        """The board (observer's view) after move ``at`` of the moves that count."""
        with Session(self.service.db) as session:
            table = self._load(session, game_id)
            rules = table.rules
            moves = list(session.exec(select(Move).where(Move.game_id == game_id, Move.reverted == False)  # noqa: E712
                                      .order_by(Move.seq)))
            last = moves[-1].seq if moves else 0
            if not 0 <= at <= last:
                raise AdminError(f"--at {at}: game {game_id} has moves 0-{last} (0 is the set-up)")
            state = rules.new(len(table.seats), table.game.seed, table.game.options)
            for move in moves:
                if move.seq > at:
                    break
                for one in rules.parse(move.notation, state, move.seat):
                    state = rules.apply(state, move.seat, one)
            return rules.render(state, None)

    # ------------------------------------------------------------- changing a game

    def undo(self, game_id: int, to: int, reason: str, force: bool = False) -> list[int]:
        """Mark every counted move after ``to`` reverted, replay, re-prompt, and tell the table; the seqs undone."""
        self._reason(reason)

        def change(session: Session, table: Table) -> list[int]:
            later = list(session.exec(select(Move).where(Move.game_id == game_id, Move.reverted == False,  # noqa: E712
                                                         Move.seq > to).order_by(Move.seq)))
            if to < 0:
                raise AdminError(f"--to {to}: give the number of the last move to keep (0 undoes every move)")
            if not later:
                raise AdminError(f"nothing to undo: game {game_id} has no counted move after move {to} "
                                 f"(see `pbem game log {game_id}`)")
            answered = _answered(later)
            if answered and not force:
                who = _answers_by_seat(answered, table)
                raise AdminError(f"other players already answered move {later[0].seq}: {who}; "
                                 f"undo with --force to take those back too (everyone concerned is told)")
            for move in later:
                move.reverted = True
                session.add(move)
            if table.game.status == "over":
                table.game.status = "active"
                runner.unrecord(self.service, session, game_id)
            session.flush()
            self.service.forget(game_id)
            fresh = self.service.load(session, game_id)
            lines = [self.service.line(table, m.seq, m.seat, m.notation, m.source) for m in later]
            concerned = sorted({table.name(m.seat) for m in answered})
            for seat in range(len(fresh.seats)):
                row = fresh.seats[seat]
                row.awaiting, row.reminded, row.deadline = False, False, None
            self._tell_all(session, fresh, "undo", reason, to=to, moves=lines, forced=bool(answered),
                           concerned=concerned)
            self._continue(session, fresh)
            self._audit(session, "undo", game_id, f"to move {to}; reverted {[m.seq for m in later]}"
                        f"{' (forced)' if answered else ''}: {reason}")
            self._commit(session, fresh)
            return [m.seq for m in lines]

        return self._change(game_id, change, commit=False)

    def move(self, game_id: int, seat_no: int, notation: str, reason: str) -> list[str]:
        """Play ``notation`` for the seat as the organiser; refused (nothing changed) when not legal now."""
        self._reason(reason)

        def change(session: Session, table: Table) -> list[str]:
            seat = self._seat(table, seat_no)
            rules = table.rules
            if seat not in rules.to_act(table.state):
                raise AdminError(f"seat {seat_no} owes no decision now; waiting for "
                                 f"{_waiting(table) or 'nobody (the game is over)'}")
            try:
                moves = rules.parse(notation, rules.clone(table.state), seat)
                played = [self.service.play(session, table, seat, move, "admin").notation for move in moves]
            except (engine.MoveError, engine.IllegalMove) as exc:
                legal = [rules.format(m) for m in rules.legal(table.state, seat)][:8]
                raise AdminError(f"{notation!r} for seat {seat_no}: {exc}; legal now: {', '.join(legal)}") from None
            if table.human(seat):
                self._tell(session, table, seat, "move", reason, moves=played)
            self._continue(session, table)
            self._audit(session, "move", game_id, f"seat {seat_no}: {'; '.join(played)}: {reason}")
            return played

        return self._change(game_id, change)

    def extend_deadline(self, game_id: int, extend: str, reason: str, seat_no: int | None = None) -> list[int]:
        """Move the open deadlines (all, or one seat's) out by ``extend`` (``48h``, ``2d``)."""
        try:
            delta = parse_duration(extend)
        except ValueError as exc:
            raise AdminError(f"--extend: {exc}") from None
        if delta <= timedelta(0):
            raise AdminError(f"--extend {extend}: give a positive duration such as 48h")

        def change(session: Session, table: Table) -> list[int]:
            chosen = [self._seat(table, seat_no)] if seat_no is not None else range(len(table.seats))
            open_seats = [s for s in chosen if table.seats[s].awaiting and table.seats[s].deadline]
            if not open_seats:
                raise AdminError(f"game {game_id}: no open deadline{f' for seat {seat_no}' if seat_no else ''} "
                                 f"to extend (waiting for {_waiting(table) or 'nobody'}"
                                 f"{', paused' if table.game.status == 'paused' else ''})")
            for seat in open_seats:
                row = table.seats[seat]
                row.deadline, row.reminded = row.deadline + delta, False  # type: ignore[operator]
                self._tell(session, table, seat, "deadline", reason, extended=extend,
                           deadline=self.service.when(table, seat, row.deadline))  # type: ignore[arg-type]
            self._audit(session, "deadline", game_id,
                        f"seats {[s + 1 for s in open_seats]} extended by {extend}: {reason}")
            return [s + 1 for s in open_seats]

        return self._change(game_id, change)

    def replace(self, game_id: int, seat_no: int, player: str, reason: str) -> str:
        """Give a seat to another player (by email) or to a bot (``bot``, ``greedy``, ``random``)."""
        self._reason(reason)
        wanted = player.strip().lower()
        bot = "greedy" if wanted == "bot" else wanted
        if bot not in bots.BOTS and "@" not in wanted:
            raise AdminError(f"--player {player!r}: give an email address, or bot (a greedy bot), greedy or random")

        def change(session: Session, table: Table) -> str:
            seat = self._seat(table, seat_no)
            if table.game.status == "over":
                raise AdminError(f"game {game_id} is over; undo moves first if the seat must play again")
            row, before = table.seats[seat], table.name(seat)
            if "@" in wanted:
                newcomer = self.service._player(session, wanted)
                sitting = [s.seat + 1 for s in table.seats if s.player_id == newcomer.id and not s.bot]
                if sitting:
                    raise AdminError(f"{wanted} already plays seat {sitting[0]} of game {game_id}")
                table.players[newcomer.id] = newcomer  # type: ignore[index]
            if table.human(seat):
                self._tell(session, table, seat, "replaced", reason, newcomer=wanted if "@" in wanted else
                           f"a {bot} bot")
            if "@" in wanted:
                row.player_id, row.bot, row.forfeited = newcomer.id, "", False
                row.thread_root = row.last_message_id = ""
            else:
                row.bot = bot
            row.awaiting, row.reminded, row.deadline = False, False, None
            if table.human(seat):
                self._tell(session, table, seat, "seated", reason)
            self._continue(session, table)
            self._audit(session, "replace", game_id, f"seat {seat_no}: {before} -> {table.name(seat)}: {reason}")
            return table.name(seat)

        return self._change(game_id, change)

    def resend(self, game_id: int, seat_no: int) -> None:
        """Send the seat's open prompt again (a new mail in the same thread)."""

        def change(session: Session, table: Table) -> None:
            seat = self._seat(table, seat_no)
            if not table.human(seat) or seat not in table.rules.to_act(table.state):
                raise AdminError(f"seat {seat_no} has no open prompt to resend; waiting for "
                                 f"{_waiting(table) or 'nobody'}")
            table.seats[seat].awaiting = False
            self.service.announce(session, table)
            self._freeze_if_paused(table)
            self._audit(session, "resend", game_id, f"seat {seat_no}")

        self._change(game_id, change)

    def pause(self, game_id: int, reason: str) -> None:
        """Stop the clock: replies are refused and no deadline runs until :meth:`resume`."""
        self._reason(reason)

        def change(session: Session, table: Table) -> None:
            if table.game.status != "active":
                raise AdminError(f"game {game_id} is {table.game.status}; only an active game can be paused")
            table.game.status = "paused"
            self._freeze_if_paused(table)
            self._tell_all(session, table, "pause", reason)
            self._audit(session, "pause", game_id, reason)

        self._change(game_id, change)

    def resume(self, game_id: int, reason: str) -> None:
        """Restart the clock: every open decision gets a full new deadline."""

        def change(session: Session, table: Table) -> None:
            if table.game.status != "paused":
                raise AdminError(f"game {game_id} is {table.game.status}, not paused")
            table.game.status = "active"
            for seat, row in enumerate(table.seats):
                deadline = ""
                if row.awaiting:
                    row.deadline, row.reminded = self.service.deadline_for(table, seat), False
                    deadline = self.service.when(table, seat, row.deadline)
                if table.human(seat):
                    self._tell(session, table, seat, "resume", reason, deadline=deadline)
            self._continue(session, table)
            self._audit(session, "resume", game_id, reason)

        self._change(game_id, change)

    # ------------------------------------------------------------- disputes

    def disputes(self, status: str = "") -> list[tuple[Dispute, str, str]]:
        """Disputes (optionally of one status) with the game's label and the player's address."""
        with Session(self.service.db) as session:
            query = select(Dispute, Game, Player).where(Dispute.game_id == Game.id, Dispute.player_id == Player.id)
            if status:
                query = query.where(Dispute.status == status)
            return [(d, g.label, p.email) for d, g, p in session.exec(query.order_by(Dispute.id))]

    def dispute(self, dispute_id: int) -> tuple[Dispute, str, str, list[Audit]]:
        """A dispute, its game's label, the player's address, and the audit trail of its game since it opened."""
        with Session(self.service.db) as session:
            dispute = self._dispute(session, dispute_id)
            game = session.get(Game, dispute.game_id)
            player = session.get(Player, dispute.player_id)
            assert game is not None and player is not None
            trail = list(session.exec(select(Audit).where(Audit.game_id == dispute.game_id,
                                                          Audit.at >= dispute.created).order_by(Audit.id)))
            return dispute, game.label, player.email, trail

    def resolve(self, dispute_id: int, reason: str) -> None:
        """Close a dispute and tell the player who opened it why."""
        self._reason(reason)
        with Session(self.service.db) as session:
            dispute = self._dispute(session, dispute_id)
            if dispute.status != "open":
                raise AdminError(f"dispute {dispute_id} is {dispute.status} already")
            dispute.status = "resolved"
            session.add(dispute)
            table = self.service.load(session, dispute.game_id)
            seats = [s.seat for s in table.seats if s.player_id == dispute.player_id]
            action = {"dispute_id": dispute_id, "text": dispute.text}
            if seats:
                self._tell(session, table, seats[0], "dispute_resolved", reason, **action)
            else:
                player = session.get(Player, dispute.player_id)
                assert player is not None
                letter = self.service.letters.render("organiser_action", event="dispute_resolved", reason=reason,
                                                     action=action, player=player.name or player.email,
                                                     **{**self.service.base_context(table, None), "seat_no": 0})
                self.service.queue(session, "admin", player.email, letter, game_id=dispute.game_id)
            self._audit(session, "dispute resolve", dispute.game_id, f"dispute {dispute_id}: {reason}")
            session.commit()

    def _dispute(self, session: Session, dispute_id: int) -> Dispute:
        dispute = session.get(Dispute, dispute_id)
        if dispute is None:
            known = ", ".join(str(d.id) for d in session.exec(select(Dispute).where(Dispute.status == "open")))
            raise AdminError(f"there is no dispute {dispute_id}; open disputes: {known or 'none'}")
        return dispute

    def audit_log(self, game_id: int | None = None, limit: int = 200) -> list[Audit]:
        with Session(self.service.db) as session:
            query = select(Audit)
            if game_id is not None:
                query = query.where(Audit.game_id == game_id)
            rows = list(session.exec(query.order_by(Audit.id.desc()).limit(limit)))  # type: ignore[union-attr]
            return rows[::-1]

    # ------------------------------------------------------------- inbound mail

    def inbound(self, status: str = "", limit: int = 50) -> list[InboundReport]:
        """The newest stored messages (optionally of one status), oldest of them first."""
        with Session(self.service.db) as session:
            query = select(Inbound.id, Inbound.received, Inbound.message_id, Inbound.sender, Inbound.status,
                           Inbound.reason, Inbound.attempts, Inbound.game_id, func.length(Inbound.raw))
            if status:
                query = query.where(Inbound.status == status)
            rows = session.exec(query.order_by(Inbound.id.desc()).limit(limit)).all()  # type: ignore[union-attr]
            return [InboundReport(*row) for row in reversed(rows)]

    def inbound_detail(self, inbound_id: int) -> InboundDetail:
        """One message with what the pipeline reads from it (read again from the stored raw bytes)."""
        with Session(self.service.db) as session:
            row = self._inbound(session, inbound_id)
            mail = pipeline.read_stored(self.service, row.raw, row.envelope_to.split(), row.envelope_from)
            report = InboundReport(inbound_id, row.received, row.message_id, row.sender, row.status, row.reason,
                                   row.attempts, row.game_id, len(row.raw))
            return InboundDetail(report, mail.subject, mail.recipients, mail.kind.value, mail.text)

    def retry(self, inbound_id: int, reason: str) -> pipeline.Outcome:
        """Handle again a message set aside as failed (its bug fixed), as if it had just arrived.

        Only a failed message can be retried: one that was handled (applied,
        refused, ignored ...) had its outcome committed with everything it
        caused, and handling it again would apply a move twice. If it raises
        again it is counted as before and set aside after GIVE_UP_AFTER tries.
        """
        self._reason(reason)
        with Session(self.service.db) as session:
            row = self._inbound(session, inbound_id)
            if row.status != "failed":
                why = ("it waits to be handled already; `pbem serve` takes it at its next scan"
                       if row.status == "stored" else
                       f"it was handled ({row.status}); a handled message is never handled twice")
                raise AdminError(f"message {inbound_id} is not failed: {why}. Only failed messages can be retried "
                                 f"(see `pbem inbound list --status failed`)")
            before = row.reason
            row.status, row.reason, row.attempts = "stored", "", 0
            session.add(row)
            self.service.audit(session, self.actor, "inbound retry", row.game_id,
                               f"message {row.message_id} from {row.sender or 'nobody'} (failed: {before}): {reason}")
            session.commit()
        try:
            return pipeline.handle(self.service, inbound_id)
        except Exception as error:  # noqa: BLE001 - counted on the row, as the server would
            return pipeline.set_aside(self.service, inbound_id, error)

    # ------------------------------------------------------------- outbound mail

    def outbox(self, status: str = "", limit: int = 50) -> list[MailReport]:
        """The newest outbox rows (optionally of one status), oldest of them first."""
        with Session(self.service.db) as session:
            query = select(Outbox.id, Outbox.created, Outbox.kind, Outbox.recipient, Outbox.subject, Outbox.status,
                           Outbox.attempts, Outbox.last_error, Outbox.game_id)
            if status:
                query = query.where(Outbox.status == status)
            rows = session.exec(query.order_by(Outbox.id.desc()).limit(limit)).all()  # type: ignore[union-attr]
            return [MailReport(*row) for row in reversed(rows)]

    def retry_mail(self, outbox_id: int, reason: str) -> MailReport:
        """Send again a mail the relay refused for good (5xx) or that ran out of attempts, once that is fixed.

        Only a failed row: a sent one reached the relay (sending it again
        would be a second copy), a pending one is still being tried.
        """
        self._reason(reason)
        with Session(self.service.db) as session:
            row = session.get(Outbox, outbox_id)
            if row is None:
                newest = session.exec(select(func.max(Outbox.id))).one()
                raise AdminError(f"there is no outbox mail {outbox_id}; mails are numbered 1-{newest or 0} "
                                 f"(see `pbem outbox list`)")
            if row.status != "failed":
                why = ("the relay accepted it; `pbem game resend` mails a seat its decision again"
                       if row.status == "sent" else "it is still being tried")
                raise AdminError(f"mail {outbox_id} is not failed but {row.status}: {why}. Only failed mails can "
                                 f"be retried (see `pbem outbox list --status failed`)")
            self.service.audit(session, self.actor, "mail retry", row.game_id,
                               f"{row.message_id} to {row.recipient} (failed: {row.last_error}): {reason}")
            row.status, row.attempts, row.next_attempt = "pending", 0, self.service.clock.now()
            session.add(row)
            session.commit()
            return MailReport(outbox_id, row.created, row.kind, row.recipient, row.subject, row.status, row.attempts,
                              row.last_error, row.game_id)

    def player(self, email: str) -> PlayerReport:
        """Everything about one registered player, their bounce score included."""
        with Session(self.service.db) as session:
            player = self._player(session, email)
            seats = session.exec(select(Seat, Game).join(Game, Seat.game_id == Game.id)  # type: ignore[arg-type]
                                 .where(Seat.player_id == player.id).order_by(Game.id))  # type: ignore[arg-type]
            return PlayerReport(
                player.email, player.name, player.language, player.time_zone, player.vacation_until,
                player.bounce_score, player.bounced_on, player.bounce_detail, player.bounce_hold,
                tuple(PlayerSeat(game.id, game.label, game.status, seat.seat + 1, seat.bot,  # type: ignore[arg-type]
                                 seat.awaiting, seat.deadline) for seat, game in seats))

    def release(self, email: str, reason: str) -> list[int]:
        """Clear a player's bounce score and lift the hold on their deadlines (their mailbox works again).

        Returns the games whose deadlines run again, each with a full answer time from now.
        """
        self._reason(reason)
        with Session(self.service.db) as session:
            player = self._player(session, email)
            if not player.bounce_score and not player.bounce_hold:
                raise AdminError(f"{player.email} has no bounces counted and no deadlines held: nothing to release "
                                 f"(see `pbem player show {player.email}`)")
            moved = bounces.release(self.service, session, player, self.actor, reason)
            session.commit()
            for game_id in moved:
                self.service.forget(game_id)
            return moved

    def _player(self, session: Session, email: str) -> Player:
        player = session.exec(select(Player).where(Player.email == email.strip().lower())).first()
        if player is None:
            raise AdminError(f"no player has the address {email!r}; give a registered player's address "
                             f"(see `pbem game list` or `pbem tournament show ID`)")
        return player

    def _inbound(self, session: Session, inbound_id: int) -> Inbound:
        row = session.get(Inbound, inbound_id)
        if row is None:
            newest = session.exec(select(func.max(Inbound.id))).one()
            raise AdminError(f"there is no inbound message {inbound_id}; messages are numbered 1-{newest or 0} "
                             f"(see `pbem inbound list`)")
        return row

    # ------------------------------------------------------------- plumbing

    def _change(self, game_id: int, change: Callable[[Session, Table], T], commit: bool = True) -> T:
        """Run ``change`` on the loaded game and commit it with the version bumped; on any refusal keep nothing."""
        with Session(self.service.db) as session:
            table = self._load(session, game_id)
            try:
                outcome = change(session, table)
                if commit:
                    self._commit(session, table)
            except BaseException:
                session.rollback()
                self.service.forget(game_id)
                raise
            return outcome

    def _commit(self, session: Session, table: Table) -> None:
        self.service.commit(session, table)

    def _load(self, session: Session, game_id: int) -> Table:
        try:
            return self.service.load(session, game_id)
        except KeyError:
            newest = session.exec(select(Game.id).order_by(Game.id.desc())).first()  # type: ignore[union-attr]
            raise AdminError(f"there is no game {game_id}; games are numbered 1-{newest or 0} "
                             f"(see `pbem game list`)") from None

    def _seat(self, table: Table, seat_no: int) -> int:
        if not 1 <= seat_no <= len(table.seats):
            raise AdminError(f"--seat {seat_no}: game {table.game.id} has seats 1-{len(table.seats)}")
        return seat_no - 1

    @staticmethod
    def _reason(reason: str) -> None:
        if not reason.strip():
            raise AdminError("--reason is required: say why, for the audit log and the players")

    def _continue(self, session: Session, table: Table) -> None:
        """Bots and forced moves, then the prompts and notices the change causes (no clock while paused)."""
        self.service.settle(session, table)
        self.service.announce(session, table)
        self._freeze_if_paused(table)

    @staticmethod
    def _freeze_if_paused(table: Table) -> None:
        if table.game.status == "paused":
            for row in table.seats:
                row.deadline, row.reminded = None, False

    def _tell(self, session: Session, table: Table, seat: int, event: str, reason: str, **action: Any) -> None:
        self.service.send_to_seat(session, table, seat, "organiser_action", event=event, reason=reason,
                                  action=action)

    def _tell_all(self, session: Session, table: Table, event: str, reason: str, **action: Any) -> None:
        for seat in range(len(table.seats)):
            if table.human(seat):
                self._tell(session, table, seat, event, reason, **action)

    def _audit(self, session: Session, action: str, game_id: int, detail: str) -> None:
        self.service.audit(session, self.actor, action, game_id, detail)


def _answered(later: list[Move]) -> list[Move]:
    """Moves a person made after (and so in answer to) the first undone move by someone else."""
    first = later[0]
    return [m for m in later[1:] if m.seat != first.seat and m.source in HUMAN_SOURCES]


def _waiting(table: Table) -> str:
    return ", ".join(f"seat {s + 1} ({table.name(s)})" for s in sorted(table.rules.to_act(table.state)))


__all__ = ["Admin", "AdminError", "GameReport", "InboundDetail", "InboundReport", "LogLine", "MailReport",
           "RecapLine", "SeatReport"]


def _answers_by_seat(answered: list[Move], table: Table) -> str:
    """``seat 4 (bot09): moves 7, 11, 14 … (31 moves)`` per seat, so a long undo stays one readable line."""
    seqs: dict[int, list[int]] = {}
    for move in answered:
        seqs.setdefault(move.seat, []).append(move.seq)
    parts = []
    for seat, numbers in sorted(seqs.items()):
        shown = ", ".join(map(str, numbers[:3])) + (f" … ({len(numbers)} moves)" if len(numbers) > 3 else "")
        parts.append(f"seat {seat + 1} ({table.name(seat)}): move{'s' if len(numbers) > 1 else ''} {shown}")
    return "; ".join(parts)
