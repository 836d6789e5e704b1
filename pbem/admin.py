"""The organiser's disputes toolkit: inspect a game, and fix it, on the record.

Each action that changes a game runs on a game loaded in one session, exactly
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
from pbem.mail import bounces, pipeline
from pbem.play import players
from pbem.clock import duration
from pbem.ops.db import Audit, Dispute, Game, Inbound, Move, Outbox, Player, Seat
from pbem.play.mails import RecapLine
from pbem.play.service import Service
from pbem.play.store import LoadedGame, Transaction, replay
from pbem.tournament import runner
from tournaments import parse_duration

T = TypeVar("T")

HUMAN_SOURCES = ("email", "early", "admin")
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
            game = self._load(session, game_id)
            rules, state = game.rules, game.state
            moves = list(session.exec(select(Move).where(Move.game_id == game_id)))
            seats = tuple(
                SeatReport(s.seat + 1, game.name(s.seat), p.email if (p := game.player(s.seat)) else "", s.bot,
                           s.awaiting, s.deadline, s.timeouts, s.forfeited)
                for s in game.seats
            )
            return GameReport(game_id, game.row.label, game.row.game, game.row.status, game.row.seed,
                              dict(game.row.options), sum(not m.reverted for m in moves),
                              sum(m.reverted for m in moves), tuple(sorted(s + 1 for s in rules.to_act(state))),
                              seats, rules.render(state, None),
                              tuple(rules.render(state, s) for s in range(len(game.seats))), rules.result(state))

    def log(self, game_id: int) -> list[LogLine]:
        with Session(self.service.db) as session:
            game = self._load(session, game_id)
            rows = session.exec(select(Move, Inbound).join(Inbound, isouter=True)
                                .where(Move.game_id == game_id).order_by(Move.seq))
            return [LogLine(m.seq, m.seat + 1, game.name(m.seat), m.notation, m.source, m.created, m.reverted,
                            i.message_id if i else "", i.sender if i else "") for m, i in rows]

    def replay(self, game_id: int, at: int) -> str:
        """The board (observer's view) after move ``at`` of the moves that count."""
        with Session(self.service.db) as session:
            game = self._load(session, game_id)
            rules = game.rules
            moves = list(session.exec(select(Move).where(Move.game_id == game_id, Move.reverted == False)  # noqa: E712
                                      .order_by(Move.seq)))
            last = moves[-1].seq if moves else 0
            if not 0 <= at <= last:
                raise AdminError(f"--at {at}: game {game_id} has moves 0-{last} (0 is the set-up)")
            state = replay(rules, len(game.seats), game.row.seed, game.row.options,
                           ((move.seat, move.notation) for move in moves if move.seq <= at))
            return rules.render(state, None)

    # ------------------------------------------------------------- changing a game

    def undo(self, game_id: int, to: int, reason: str, force: bool = False) -> list[int]:
        """Mark every counted move after ``to`` reverted, replay, re-prompt, and tell the game; the seqs undone."""
        self._reason(reason)

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
                who = _answers_by_seat(answered, game)
                raise AdminError(f"other players already answered move {later[0].seq}: {who}; "
                                 f"undo with --force to take those back too (everyone concerned is told)")
            for move in later:
                move.reverted = True
                session.add(move)
            if game.row.status == "over":
                game.row.status = "active"
                runner.unrecord(self.service, session, game_id)
            fresh = transaction.reload(game_id)
            lines = [self.service.mails.line(game, m.seq, m.seat, m.notation, m.source) for m in later]
            concerned = sorted({game.name(m.seat) for m in answered})
            for seat in range(len(fresh.seats)):
                row = fresh.seats[seat]
                row.awaiting, row.reminded, row.deadline = False, False, None
            self._tell_all(session, fresh, "undo", reason, to=to, moves=lines, forced=bool(answered),
                           concerned=concerned)
            self._continue(session, fresh)
            self._audit(session, "undo", game_id, f"to move {to}; reverted {[m.seq for m in later]}"
                        f"{' (forced)' if answered else ''}: {reason}")
            return [m.seq for m in lines]

        return self._change(game_id, change)

    def move(self, game_id: int, seat_no: int, notation: str, reason: str) -> list[str]:
        """Play ``notation`` for the seat as the organiser; refused (nothing changed) when not legal now."""
        self._reason(reason)

        def change(transaction: Transaction, game: LoadedGame) -> list[str]:
            session = transaction.session
            seat = self._seat(game, seat_no)
            rules = game.rules
            if seat not in rules.to_act(game.state):
                raise AdminError(f"seat {seat_no} owes no decision now; waiting for "
                                 f"{_waiting(game) or 'nobody (the game is over)'}")
            try:
                played = [p.notation for p in self.service.turns.play_all(session, game, seat, notation, "admin")]
            except (engine.MoveError, engine.IllegalMove) as exc:
                legal = [rules.format(m) for m in rules.legal(game.state, seat)][:8]
                raise AdminError(f"{notation!r} for seat {seat_no}: {exc}; legal now: {', '.join(legal)}") from None
            if game.human(seat):
                self._tell(session, game, seat, "move", reason, moves=played)
            self._continue(session, game)
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

        def change(transaction: Transaction, game: LoadedGame) -> list[int]:
            session = transaction.session
            chosen = [self._seat(game, seat_no)] if seat_no is not None else range(len(game.seats))
            open_seats = [s for s in chosen if game.seats[s].awaiting and game.seats[s].deadline]
            if not open_seats:
                raise AdminError(f"game {game_id}: no open deadline{f' for seat {seat_no}' if seat_no else ''} "
                                 f"to extend (waiting for {_waiting(game) or 'nobody'}"
                                 f"{', paused' if game.row.status == 'paused' else ''})")
            for seat in open_seats:
                row = game.seats[seat]
                row.deadline, row.reminded = row.deadline + delta, False  # type: ignore[operator]
                reader = game.player(seat)
                self._tell(session, game, seat, "deadline", reason,
                           extended=duration(delta, reader.reads if reader is not None else "en"),
                           deadline=self.service.mails.when(game, seat, row.deadline))  # type: ignore[arg-type]
            self._audit(session, "deadline", game_id,
                        f"seats {[s + 1 for s in open_seats]} extended by {extend}: {reason}")
            return [s + 1 for s in open_seats]

        return self._change(game_id, change)

    def replace(self, game_id: int, seat_no: int, player: str, reason: str) -> str:
        """Give a seat to another player (by email) or to a bot (``bot``, ``greedy``, ``random``, ``search``,
        ``search:N``; ``bot:NAME`` names one the same way)."""
        self._reason(reason)
        wanted = player.strip().lower()
        bot = "greedy" if wanted == "bot" else wanted.removeprefix("bot:")
        if "@" not in wanted:
            try:
                bots.get(bot)
            except KeyError as exc:
                raise AdminError(f"--player {player!r}: give an email address, or bot (a greedy bot), "
                                 f"bot:greedy, bot:random, bot:search or bot:search:N ({exc.args[0]})") from None

        def change(transaction: Transaction, game: LoadedGame) -> str:
            session = transaction.session
            seat = self._seat(game, seat_no)
            if game.row.status == "over":
                raise AdminError(f"game {game_id} is over; undo moves first if the seat must play again")
            row, before = game.seats[seat], game.name(seat)
            if "@" in wanted:
                newcomer = players.find_or_add(session, wanted)
                sitting = [s.seat + 1 for s in game.seats if s.player_id == newcomer.id and not s.bot]
                if sitting:
                    raise AdminError(f"{wanted} already plays seat {sitting[0]} of game {game_id}")
                game.players[newcomer.id] = newcomer  # type: ignore[index]
            if game.human(seat):
                if "@" in wanted:
                    self._tell(session, game, seat, "replaced", reason, newcomer=wanted)
                else:  # the bot's kind in the reader's words, as the recap names a bot's seat
                    self._tell(session, game, seat, "replaced", reason,
                               bot=self.service.mails.words(game, seat).say(bots.named(bot)))
            if seat in game.early:  # what the player kept for his next turn leaves the seat with him
                self.service.turns.drop_early(session, game, seat)
            if "@" in wanted:
                row.player_id, row.bot, row.forfeited = newcomer.id, "", False
                row.thread_root = row.last_message_id = ""
            else:
                row.bot = bot
            row.awaiting, row.reminded, row.deadline = False, False, None
            if game.human(seat):
                self._tell(session, game, seat, "seated", reason)
            self._continue(session, game)
            self._audit(session, "replace", game_id, f"seat {seat_no}: {before} -> {game.name(seat)}: {reason}")
            return game.name(seat)

        return self._change(game_id, change)

    def resend(self, game_id: int, seat_no: int) -> None:
        """Send the seat's open prompt again (a new mail in the same thread)."""

        def change(transaction: Transaction, game: LoadedGame) -> None:
            session = transaction.session
            seat = self._seat(game, seat_no)
            if not game.human(seat) or seat not in game.rules.to_act(game.state):
                raise AdminError(f"seat {seat_no} has no open prompt to resend; waiting for "
                                 f"{_waiting(game) or 'nobody'}")
            game.seats[seat].awaiting = False
            self.service.announce(session, game)
            self._freeze_if_paused(game)
            self._audit(session, "resend", game_id, f"seat {seat_no}")

        self._change(game_id, change)

    def pause(self, game_id: int, reason: str) -> None:
        """Stop the clock: replies are refused and no deadline runs until :meth:`resume`."""
        self._reason(reason)

        def change(transaction: Transaction, game: LoadedGame) -> None:
            session = transaction.session
            if game.row.status != "active":
                raise AdminError(f"game {game_id} is {game.row.status}; only an active game can be paused")
            game.row.status = "paused"
            self._freeze_if_paused(game)
            self._tell_all(session, game, "pause", reason)
            self._audit(session, "pause", game_id, reason)

        self._change(game_id, change)

    def resume(self, game_id: int, reason: str) -> None:
        """Restart the clock: every open decision gets a full new deadline."""

        def change(transaction: Transaction, game: LoadedGame) -> None:
            session = transaction.session
            if game.row.status != "paused":
                raise AdminError(f"game {game_id} is {game.row.status}, not paused")
            game.row.status = "active"
            for seat, row in enumerate(game.seats):
                deadline = ""
                if row.awaiting:
                    row.deadline, row.reminded = self.service.mails.deadline_for(game, seat), False
                    deadline = self.service.mails.when(game, seat, row.deadline)
                if game.human(seat):
                    self._tell(session, game, seat, "resume", reason, deadline=deadline)
            self._continue(session, game)
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
            self._tell_disputant(session, dispute, "dispute_resolved", reason)
            self._audit(session, "dispute resolve", dispute.game_id, f"dispute {dispute_id}: {reason}")
            session.commit()

    def reply(self, dispute_id: int, text: str) -> None:
        """Write to the player who opened a dispute; it stays open, and the words are kept in the audit log."""
        if not text.strip():
            raise AdminError('give the text to send, e.g. pbem dispute reply 4 "I am looking at move 12"')
        with Session(self.service.db) as session:
            dispute = self._dispute(session, dispute_id)
            self._tell_disputant(session, dispute, "dispute_reply", "", answer=text.strip())
            self._audit(session, "dispute reply", dispute.game_id, f"dispute {dispute_id}: {text.strip()}")
            session.commit()

    def _tell_disputant(self, session: Session, dispute: Dispute, event: str, reason: str, **extra: Any) -> None:
        """Mail the player who opened ``dispute``: in the seat's thread, or directly if no longer seated."""
        game = self.service.store.load(session, dispute.game_id)
        seats = [s.seat for s in game.seats if s.player_id == dispute.player_id]
        action = {"dispute_id": dispute.id, "text": dispute.text, **extra}
        if seats:
            self._tell(session, game, seats[0], event, reason, **action)
            return
        player = session.get(Player, dispute.player_id)
        assert player is not None
        letter = self.service.letters.render("organiser_action", player.reads, event=event, reason=reason,
                                             action=action, player=player.name or player.email,
                                             **{**self.service.mails.base_context(game, None), "seat_no": 0})
        self.service.mails.queue(session, "admin", player.email, letter, game_id=dispute.game_id)

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

    def inbound_counts(self) -> dict[str, int]:
        """How many stored messages have each status, most first: strangers and robots show up here."""
        with Session(self.service.db) as session:
            rows = session.exec(select(Inbound.status, func.count()).group_by(Inbound.status)).all()
            return dict(sorted(((status, count) for status, count in rows), key=lambda row: (-row[1], row[0])))

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
                self.service.store.forget(game_id)
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

    def _change(self, game_id: int, change: Callable[[Transaction, LoadedGame], T]) -> T:
        """Run ``change`` on the loaded game and commit it with the version bumped; on any refusal keep nothing.

        Like a reply, it goes through the store's transaction: a reply that
        won the game meanwhile makes it run again on the fresh game.
        """
        with Session(self.service.db) as session:
            self._load(session, game_id)  # a clear refusal for a game that does not exist
        return self.service.store.transaction(game_id, change)

    def _load(self, session: Session, game_id: int) -> LoadedGame:
        try:
            return self.service.store.load(session, game_id)
        except KeyError:
            newest = session.exec(select(Game.id).order_by(Game.id.desc())).first()  # type: ignore[union-attr]
            raise AdminError(f"there is no game {game_id}; games are numbered 1-{newest or 0} "
                             f"(see `pbem game list`)") from None

    def _seat(self, game: LoadedGame, seat_no: int) -> int:
        if not 1 <= seat_no <= len(game.seats):
            raise AdminError(f"--seat {seat_no}: game {game.id} has seats 1-{len(game.seats)}")
        return seat_no - 1

    @staticmethod
    def _reason(reason: str) -> None:
        if not reason.strip():
            raise AdminError("--reason is required: say why, for the audit log and the players")

    def _continue(self, session: Session, game: LoadedGame) -> None:
        """Bots and forced moves, then the prompts and notices the change causes (no clock while paused)."""
        self.service.advance(session, game)
        self._freeze_if_paused(game)

    @staticmethod
    def _freeze_if_paused(game: LoadedGame) -> None:
        if game.row.status == "paused":
            for row in game.seats:
                row.deadline, row.reminded = None, False

    def _tell(self, session: Session, game: LoadedGame, seat: int, event: str, reason: str, **action: Any) -> None:
        self.service.mails.send_to_seat(session, game, seat, "organiser_action", event=event, reason=reason,
                                  action=action)

    def _tell_all(self, session: Session, game: LoadedGame, event: str, reason: str, **action: Any) -> None:
        for seat in range(len(game.seats)):
            if game.human(seat):
                self._tell(session, game, seat, event, reason, **action)

    def _audit(self, session: Session, action: str, game_id: int, detail: str) -> None:
        self.service.audit(session, self.actor, action, game_id, detail)


def _answered(later: list[Move]) -> list[Move]:
    """Moves a person made after (and so in answer to) the first undone move by someone else."""
    first = later[0]
    return [m for m in later[1:] if m.seat != first.seat and m.source in HUMAN_SOURCES]


def _waiting(game: LoadedGame) -> str:
    return ", ".join(f"seat {s + 1} ({game.name(s)})" for s in sorted(game.rules.to_act(game.state)))


__all__ = ["Admin", "AdminError", "GameReport", "InboundDetail", "InboundReport", "LogLine", "MailReport",
           "RecapLine", "SeatReport"]


def _answers_by_seat(answered: list[Move], game: LoadedGame) -> str:
    """``seat 4 (bot09): moves 7, 11, 14 … (31 moves)`` per seat, so a long undo stays one readable line."""
    seqs: dict[int, list[int]] = {}
    for move in answered:
        seqs.setdefault(move.seat, []).append(move.seq)
    parts = []
    for seat, numbers in sorted(seqs.items()):
        shown = ", ".join(map(str, numbers[:3])) + (f" … ({len(numbers)} moves)" if len(numbers) > 3 else "")
        parts.append(f"seat {seat + 1} ({game.name(seat)}): move{'s' if len(numbers) > 1 else ''} {shown}")
    return "; ".join(parts)
