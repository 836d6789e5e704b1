"""Inbound mail from raw bytes to moves: store, filter, authenticate, read, apply.

:func:`store` commits the raw message before anything else happens (a
duplicate Message-ID stops here), so whatever fails later, the mail is kept
and :func:`handle_pending` finishes it after a restart. :func:`handle` then
makes exactly one transaction out of it: the moves with their deadlines and
mails, or the refusal with its answer, always with the message's final status.
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any, Iterable

from sqlalchemy import bindparam, func, insert, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, select

import engine
from pbem import bounces
from pbem.clock import closest_time_zones, time_zone
from pbem.commands import Command, read_command
from pbem.db import Dispute, Inbound, Outbox, Player, RobotAnswers
from pbem.inbound import InboundMail, MailKind, read_mail, reverse_path
from pbem.service import NOTICE_KINDS, Conflict, Service, Table
from pbem.tokens import read_reply_address

RETRIES = 5
GIVE_UP_AFTER = 3
"""Handling attempts that raise before a stored message is set aside as failed."""
"""Attempts at one message when other writers keep winning the race for its game."""

QUOTED_LINES = 12
"""Lines of a refused reply quoted back to its sender."""

# Built once: every message runs both, and building a statement costs more than running it on SQLite.
_inbound = Inbound.__table__  # type: ignore[attr-defined]
_STORE = insert(_inbound)
_RECORD = (
    update(_inbound)
    .where(_inbound.c.id == bindparam("inbound_id"), _inbound.c.status == "stored")
    .values(status=bindparam("status"), reason=bindparam("reason"), game_id=bindparam("game"),
            player_id=bindparam("player"))
)


@dataclass(frozen=True)
class Outcome:
    """What became of one inbound message; ``status`` is the contract's vocabulary."""

    status: str
    reason: str = ""
    inbound_id: int | None = None
    game_id: int | None = None
    moves: int = 0


def crash_point(service: Service, step: str) -> None:
    """Kill the process here when PBEM_CRASH_AT names this step: the fault tests' hook."""
    if service.settings.crash_at == step:
        os.kill(os.getpid(), signal.SIGKILL)


def deliver(service: Service, raw: bytes, envelope_recipients: Iterable[str] = (),
            envelope_sender: str | None = None) -> Outcome:
    """Store ``raw`` and handle it; the one entry for the listener, ``pbem receive`` and IMAP."""
    inbound_id, mail = store_read(service, raw, envelope_recipients, envelope_sender)
    if inbound_id is None:
        return Outcome("duplicate", "this Message-ID was received before")
    crash_point(service, "after_store")
    return handle(service, inbound_id, mail)


def store(service: Service, raw: bytes, envelope_recipients: Iterable[str] = (),
          envelope_sender: str | None = None) -> int | None:
    """Commit the raw message; None when its Message-ID is already stored."""
    return store_read(service, raw, envelope_recipients, envelope_sender)[0]


def store_read(service: Service, raw: bytes, envelope_recipients: Iterable[str] = (),
               envelope_sender: str | None = None) -> tuple[int | None, InboundMail]:
    """Commit the raw message and return its id (None for a duplicate) with the mail as read.

    ``envelope_sender`` is the SMTP MAIL FROM when the transport knows it ("" for ``<>``): kept with the
    message, it is what the filter reads the return path from (RFC 5321 §4.5.5).
    """
    recipients = list(envelope_recipients)
    sender = None if envelope_sender is None else reverse_path(envelope_sender)
    mail = read_stored(service, raw, recipients, sender)
    row = dict(message_id=mail.message_id, raw=raw, envelope_to=" ".join(recipients), envelope_from=sender,
               sender=mail.sender,
               recipient=", ".join(mail.recipients)[:1000], status="stored", reason="", attempts=0,
               game_id=None, player_id=None, received=service.clock.now())
    try:
        with service.db.begin() as connection:  # one INSERT, no ORM session: this runs for every message
            return connection.execute(_STORE, row).inserted_primary_key[0], mail
    except IntegrityError:  # the Message-ID is stored already
        return None, mail


def handle_pending(service: Service) -> list[Outcome]:
    """Finish every stored message a crash or a restart left unhandled, oldest first.

    A message whose handling raises (a bug, not a bad reply: those are
    refused) must not hold back the ones after it, so it is counted and,
    after GIVE_UP_AFTER tries, set aside. A database that stays locked (or
    away) is no fault of any message: the pass stops and every message stays
    stored, uncounted, for the next one.
    """
    try:
        with Session(service.db) as session:
            pending = list(session.exec(select(Inbound.id).where(Inbound.status == "stored").order_by(Inbound.id)))
    except OperationalError:  # locked or away: the next pass finds them all
        return []
    outcomes = []
    for inbound_id in pending:
        if inbound_id is None:
            continue
        try:
            outcomes.append(handle(service, inbound_id))
        except OperationalError:  # the database is locked or away, not the message at fault: all wait, uncounted
            break
        except Exception as error:  # noqa: BLE001 - recorded on the row and in the audit log
            outcomes.append(set_aside(service, inbound_id, error))
    return outcomes


def set_aside(service: Service, inbound_id: int, error: Exception) -> Outcome:
    """Count a handling attempt that raised; at GIVE_UP_AFTER mark the message failed and tell the audit log.

    The raw message stays stored: nothing is lost, and the organiser finds it
    with ``pbem audit`` (action ``inbound failed``).
    """
    reason = f"{type(error).__name__}: {error}"[:500]
    with Session(service.db) as session:
        row = session.get(Inbound, inbound_id)
        if row is None or row.status != "stored":
            return Outcome(row.status if row else "duplicate", "already handled", inbound_id)
        row.attempts += 1
        if row.attempts >= GIVE_UP_AFTER:
            row.status, row.reason = "failed", reason
            service.audit(session, "pbem", "inbound failed", row.game_id,
                          f"message {row.message_id} from {row.sender or 'nobody'} set aside after "
                          f"{row.attempts} attempts: {reason}; once fixed, `pbem inbound retry {inbound_id}`")
        session.commit()
        return Outcome(row.status, reason, inbound_id)


def handle(service: Service, inbound_id: int, mail: InboundMail | None = None) -> Outcome:
    """Decide one stored message in one transaction, retrying when another reply won its game.

    ``mail`` is the message as :func:`store_read` read it, to save reading it
    twice (and the row: :meth:`_Step.finish` records the outcome only if the
    row is still unhandled, so a scan that got there first wins and this
    attempt is rolled back); without it (after a restart) the stored raw bytes
    are read again.
    """
    lost_race = False
    busy: OperationalError | None = None
    for attempt in range(RETRIES):
        with Session(service.db) as session:
            if mail is None or attempt > 0:
                query = (select(Inbound.status, Inbound.raw, Inbound.envelope_to, Inbound.envelope_from)
                         .where(Inbound.id == inbound_id))
                if service.db.dialect.name != "sqlite":  # PostgreSQL: workers take turns at one message
                    query = query.with_for_update()
                stored = session.exec(query).first()
                if stored is None or stored.status != "stored":
                    return Outcome(stored.status if stored else "duplicate", "already handled", inbound_id)
                mail = mail or read_stored(service, stored.raw, stored.envelope_to.split(), stored.envelope_from)
            step = _Step(service, session, inbound_id, mail, lost_race)
            try:
                outcome = step.finish(step.run())
                crash_point(service, "after_commit")
                return outcome
            except (Conflict, OperationalError) as exc:  # another writer won the game (or the database) first
                session.rollback()
                if step.table is not None:
                    service.forget(step.table.game.id)  # type: ignore[arg-type]
                lost_race = True
                busy = exc if isinstance(exc, OperationalError) else None
    if busy is not None:  # the database stayed locked: the caller leaves the message stored for later
        raise busy
    raise Conflict(f"inbound {inbound_id}: the game kept changing during {RETRIES} attempts")


def read_stored(service: Service, raw: bytes, envelope_recipients: Iterable[str],
                envelope_sender: str | None = None) -> InboundMail:
    """A message as this service reads it: our own addresses and size limit applied."""
    settings = service.settings
    return read_mail(raw, own_addresses=[settings.from_address], envelope_recipients=envelope_recipients,
                     envelope_sender=envelope_sender, max_bytes=settings.max_message_bytes)


class _Step:
    """One attempt at one message inside one session."""

    def __init__(self, service: Service, session: Session, inbound_id: int, mail: InboundMail,
                 lost_race: bool) -> None:
        self.service, self.session, self.inbound_id, self.mail = service, session, inbound_id, mail
        self.lost_race = lost_race
        self.game_id: int | None = None
        self.player_id: int | None = None
        self.table: Table | None = None
        self.seat: int | None = None

    def run(self) -> Outcome:
        mail = self.mail
        if mail.kind is MailKind.AUTOMATIC:
            return self._automatic()
        if mail.kind is MailKind.OVERSIZE:
            return self._oversize()
        target = self._target()
        if target is None:
            return self._refuse("bad_token", "no valid reply token among the recipients", None)
        game_id, seat = target
        try:
            self.table = self.service.load(self.session, game_id)
        except KeyError:
            return self._refuse("bad_token", f"the token names game {game_id}, which does not exist", None)
        if seat >= len(self.table.seats):
            return self._refuse("bad_token", f"game {game_id} has no seat {seat + 1}", None)
        self.seat = seat
        self.game_id = game_id
        player = self.table.player(seat)
        if player is None or player.email != mail.sender:
            return self._refuse("wrong_sender", f"sender {mail.sender or '(none)'} is not the seat's player",
                                None, address=mail.sender)
        self.player_id = player.id
        bounces.replied(self.service, self.session, player, game_id)
        command = read_command(mail.text)
        if command is not None:
            return self._command(command)
        return self._moves()

    # ------------------------------------------------------------ decisions

    def _automatic(self) -> Outcome:
        """Never answered; a bounce among it is counted against the player whose address failed."""
        counted = bounces.read_automatic(self.service, self.session, self.inbound_id, self.mail.recipients)
        if counted is None:
            return Outcome("ignored", self.mail.reason)
        if not counted.player_ids:  # a bounce, but of no address of ours: nothing to count
            return Outcome("ignored", counted.reason)
        self.player_id = counted.player_ids[0]
        return Outcome("bounce", counted.reason)

    def _target(self) -> tuple[int, int] | None:
        settings = self.service.settings
        for address in self.mail.recipients:
            found = read_reply_address(address, settings.reply_local, settings.domain, self.service.secret)
            if found is not None:
                return found
        return None

    def _moves(self) -> Outcome:
        table, seat, text = self.table, self.seat, self.mail.text
        assert table is not None and seat is not None
        rules = table.rules
        if not text.strip():
            return self._refuse("empty", "no text left after quotes and signatures")
        if table.game.status == "paused":
            return self._refuse("paused", "the organiser paused the game")
        if table.game.status != "active" or not rules.to_act(table.state):
            return self._refuse("game_over", "the game is over")
        stale, due = self._stale_prompt(), rules.to_act(table.state)
        if not stale and seat not in due and rules.holds_early(table.state, seat):
            return self._hold(text)
        if stale or seat not in due:
            why = "lost_race" if self.lost_race else ("stale" if stale else "not_your_turn")
            waiting = ", ".join(table.name(s) for s in sorted(due))
            return self._refuse(why, "decision no longer open", detail=waiting if why == "not_your_turn" else "")
        try:
            moves = rules.parse(text, rules.clone(table.state), seat)
        except engine.MoveError as exc:
            return self._refuse("move_error", exc.reason, detail=str(exc), suggestions=exc.suggestions)
        except engine.IllegalMove as exc:
            return self._refuse("illegal", str(exc), detail=str(exc))
        try:
            for move in moves:
                self.service.play(self.session, table, seat, move, "email", self.inbound_id)
        except engine.IllegalMove as exc:
            self.session.rollback()
            self.service.forget(table.game.id)  # type: ignore[arg-type]
            self.table = table = self.service.load(self.session, table.game.id)  # type: ignore[arg-type]
            return self._refuse("illegal", str(exc), detail=str(exc))
        understood = [played.notation for played in table.played]
        self.service.settle(self.session, table)
        self.service.announce(self.session, table, replier=seat, understood=understood)
        crash_point(self.service, "after_apply")
        return Outcome("applied", "", moves=len(moves))

    def _hold(self, text: str) -> Outcome:
        """Keep a move sent before the seat's turn for that turn (R-PBEM-2), and say so."""
        table, seat = self.table, self.seat
        assert table is not None and seat is not None
        kept = "\n".join(line for line in (raw.strip() for raw in text.splitlines()) if line)
        replaced = self.service.hold(self.session, table, seat, kept, self.inbound_id)
        waiting = ", ".join(table.name(s) for s in sorted(table.rules.to_act(table.state)))
        self._acknowledge("early", kept.replace("\n", "; "), waiting,
                          replaced=replaced.text.replace("\n", "; ") if replaced else "")
        return Outcome("held", f"kept for seat {seat + 1}'s turn")

    def _stale_prompt(self) -> bool:
        """Whether this reply answers our decision mail after the seat was asked something newer."""
        assert self.table is not None and self.seat is not None
        seat = self.table.seats[self.seat]
        if seat.awaiting and self.mail.in_reply_to and f"<{self.mail.in_reply_to}>" == seat.last_message_id:
            return False  # the seat's latest mail, sent since its prompt: nothing newer was asked
        referenced = [self.mail.in_reply_to, *reversed(self.mail.references)]
        for message_id in filter(None, referenced):
            with self.session.no_autoflush:  # the mail it answers was committed before; this step's changes wait
                ours = self.session.exec(
                    select(Outbox.kind, Outbox.seq, Outbox.seat, Outbox.game_id)
                    .where(Outbox.message_id == f"<{message_id}>")
                ).first()
            if ours is None or ours.game_id != self.table.game.id or ours.seat != self.seat:
                continue
            return ours.kind in NOTICE_KINDS and ours.seq is not None and (ours.seq < seat.prompted_seq
                                                                           or not seat.awaiting)
        return False

    def _command(self, command: Command) -> Outcome:
        handler = getattr(self, f"_command_{command.name}")
        return handler(command.argument)

    def _command_help(self, _argument: str) -> Outcome:
        assert self.table is not None and self.seat is not None
        player = self.table.player(self.seat)
        decision = self.table.rules.decision(self.table.state, self.seat)
        self.service.send_to_seat(self.session, self.table, self.seat, "help", hint=decision.hint if decision else "",
                                  vacation_days=self.service.settings.vacation_days,
                                  notify=player.notify if player else "none",
                                  time_zone=player.time_zone if player else "UTC")
        return Outcome("command", "help")

    def _command_status(self, _argument: str) -> Outcome:
        assert self.table is not None and self.seat is not None
        table, seat = self.table, self.seat
        waiting = [table.name(s) for s in sorted(table.rules.to_act(table.state))]
        self.service.send_to_seat(self.session, table, seat, "status", picture=True, waiting=waiting,
                                  **self.service.decision_context(table, seat))
        return Outcome("command", "status")

    def _command_history(self, _argument: str) -> Outcome:
        assert self.table is not None and self.seat is not None
        table, seat = self.table, self.seat
        row = table.seats[seat]
        saved, row.prompted_seq = row.prompted_seq, 0
        lines = [line for line in self.service.recap(table, seat) if line.source != "say"]
        row.prompted_seq = saved
        self.service.send_to_seat(self.session, table, seat, "history", lines=lines)
        return Outcome("command", "history")

    def _command_say(self, argument: str) -> Outcome:
        assert self.table is not None and self.seat is not None
        table, seat = self.table, self.seat
        if not argument.strip():
            return self._refuse("empty", "say without a message")
        self.service.say(self.session, table, seat, argument.strip())
        others = [s for s in range(len(table.seats)) if s != seat and table.human(s)]
        for other in others:
            self.service.send_to_seat(self.session, table, other, "say", speaker=table.name(seat),
                                      said=argument.strip())
        self._acknowledge("say", "", ", ".join(table.name(s) for s in others))
        return Outcome("command", "say")

    def _command_vacation(self, argument: str) -> Outcome:
        assert self.table is not None and self.seat is not None
        settings, clock = self.service.settings, self.service.clock
        latest = (clock.now() + timedelta(days=settings.vacation_days)).date()
        try:
            until = date.fromisoformat(argument)
        except ValueError:
            return self._refuse("bad_vacation", f"vacation date {argument!r} not understood",
                                until=latest.isoformat())
        if until > latest:
            return self._refuse("vacation_too_long", f"vacation until {until} is beyond {latest}",
                                limit=settings.vacation_days, until=latest.isoformat())
        player = self.table.player(self.seat)
        assert player is not None
        player.vacation_until = until
        row = self.table.seats[self.seat]
        if row.awaiting:
            row.deadline = max(row.deadline or clock.now(), self.service.deadline_for(self.table, self.seat))
            row.reminded = False
        self.service.audit(self.session, player.email, "vacation", self.table.game.id, f"until {until}")
        deadline = self.service.when(self.table, self.seat, row.deadline) if row.deadline else until.isoformat()
        self._acknowledge("vacation", until.isoformat(), deadline)
        return Outcome("command", "vacation")

    def _command_notify(self, argument: str) -> Outcome:
        assert self.table is not None and self.seat is not None
        if not argument:
            return self._refuse("bad_notify", "notify needs each, digest or none")
        player = self.table.player(self.seat)
        assert player is not None
        player.notify = argument
        self._acknowledge("notify", argument, "")
        return Outcome("command", "notify")

    def _command_timezone(self, argument: str) -> Outcome:
        assert self.table is not None and self.seat is not None
        zone = time_zone(argument)
        if zone is None:
            return self._refuse("bad_timezone", f"time zone {argument!r} not known" if argument else
                                "timezone without a zone", suggestions=closest_time_zones(argument))
        player = self.table.player(self.seat)
        assert player is not None
        player.time_zone = zone
        row = self.table.seats[self.seat]
        self._acknowledge("timezone", zone, self.service.when(self.table, self.seat, row.deadline)
                          if row.awaiting and row.deadline else "")
        return Outcome("command", "timezone")

    def _command_dispute(self, argument: str) -> Outcome:
        assert self.table is not None and self.seat is not None
        table, seat = self.table, self.seat
        player = table.player(seat)
        assert player is not None
        if not argument.strip():
            return self._refuse("empty", "dispute without a text")
        dispute = Dispute(game_id=table.game.id, player_id=player.id, text=argument.strip(),  # type: ignore[arg-type]
                          created=self.service.clock.now())
        self.session.add(dispute)
        self.session.flush()
        self.service.audit(self.session, player.email, "dispute", table.game.id, argument.strip()[:500])
        letter = self.service.letters.render(
            "organiser", event="dispute", dispute_id=dispute.id, text=argument.strip(),
            seat=self.service.line(table, 0, seat, "", ""), timeouts=table.seats[seat].timeouts,
            **self.service.base_context(table, seat),
        )
        self.service.queue(self.session, "organiser", self.service.settings.organiser, letter, game_id=table.game.id)
        self._acknowledge("dispute", "", str(dispute.id))
        return Outcome("command", "dispute")

    def _acknowledge(self, command: str, value: str, extra: str, replaced: str = "") -> None:
        assert self.table is not None and self.seat is not None
        self.service.send_to_seat(self.session, self.table, self.seat, "command", command=command, value=value,
                                  extra=extra, replaced=replaced)

    # ------------------------------------------------------------ answers

    def _oversize(self) -> Outcome:
        if not self.mail.sender or not self._may_answer(self.mail.sender):
            return Outcome("rate_limited" if self.mail.sender else "oversize", self.mail.reason)
        settings = self.service.settings
        letter = self.service.letters.render(
            "oversize", table=settings.domain, original_subject=self.mail.subject,
            size_kb=self._stored_bytes() // 1024, limit_kb=settings.max_message_bytes // 1024,
        )
        self.service.queue(self.session, "oversize", self.mail.sender, letter)
        return Outcome("oversize", self.mail.reason)

    def _stored_bytes(self) -> int:
        size = self.session.exec(select(func.length(Inbound.raw)).where(Inbound.id == self.inbound_id)).one()
        return int(size or 0)

    def _refuse(self, why: str, reason: str, detail: str = "", suggestions: Iterable[str] = (),
                **extra: Any) -> Outcome:
        """Answer with what was read, why it failed and the legal moves, unless the address hit its limit."""
        if not self.mail.sender or not self._may_answer(self.mail.sender):
            return Outcome("rate_limited", reason)
        table, seat = self.table, self.seat
        context: dict[str, Any] = {
            "why": why, "detail": detail, "suggestions": list(suggestions)[:5],
            "quoted": self.mail.text.strip().splitlines()[:QUOTED_LINES],
            "address": extra.pop("address", self._example_address()), "limit": 0, "until": "",
            "legal": [], "more": 0, "decision": None, **extra,
        }
        known_player = table is not None and seat is not None and why != "wrong_sender"
        if known_player:
            assert table is not None and seat is not None
            decision = self.service.decision_context(table, seat)
            context.update(legal=decision["legal"], more=decision["more"], decision=decision["decision"])
            self.service.send_to_seat(self.session, table, seat, "refusal", **context)
        else:
            base = self.service.base_context(table, None) if table else {"table": self.service.settings.domain}
            letter = self.service.letters.render("refusal", **{**base, "player": "", **context})
            self.service.queue(self.session, "refusal", self.mail.sender, letter,
                               game_id=table.game.id if table else None)
        return Outcome("refused", reason)

    def _example_address(self) -> str:
        settings = self.service.settings
        return f"{settings.reply_local}+GAME.SEAT.TOKEN@{settings.domain}"

    def _may_answer(self, address: str) -> bool:
        """Count one robot answer to ``address`` today; False once the day's limit is reached."""
        today = self.service.clock.now().date()
        counter = self.session.exec(
            select(RobotAnswers).where(RobotAnswers.address == address, RobotAnswers.day == today)
        ).first()
        if counter is None:
            counter = RobotAnswers(address=address, day=today, count=0)
            self.session.add(counter)
        if counter.count >= self.service.settings.robot_answers_per_day:
            return False
        counter.count += 1
        return True

    def finish(self, outcome: Outcome) -> Outcome:
        """Record the outcome and commit it with everything it caused, in one transaction."""
        game_id = self.table.game.id if self.table is not None else None
        recorded = self.session.connection().execute(_RECORD, {
            "inbound_id": self.inbound_id, "status": outcome.status, "reason": outcome.reason[:1000],
            "game": self.game_id, "player": self.player_id})
        if recorded.rowcount != 1:  # type: ignore[attr-defined]
            raise Conflict(f"inbound {self.inbound_id} was handled meanwhile")
        if self.table is not None:
            self.service.commit(self.session, self.table)
        else:
            self.session.commit()
        return replace(outcome, inbound_id=self.inbound_id, game_id=game_id)
