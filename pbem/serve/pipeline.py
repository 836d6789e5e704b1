"""Inbound mail from raw bytes to moves: store, filter, authenticate, read, apply.

:func:`store` commits the raw message before anything else happens (a
duplicate Message-ID stops here), so whatever fails later, the mail is kept
and :func:`handle_pending` finishes it after a restart. :func:`handle` then
makes exactly one transaction out of it: the moves with their deadlines and
mails, or the refusal with its answer, always with the message's final status.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Iterable

from sqlalchemy import Engine, bindparam, insert, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, select

from pbem.play import chain
from pbem.play.arrival import Arrival
from pbem.ops import metrics
from pbem.ops.db import Inbound
from pbem.ops.faults import crash_point
from pbem.mail.inbound import InboundMail, read_mail, reverse_path
from pbem.ops.db import InboundStatus
from pbem.play.outcome import UNCHANGED, Outcome
from pbem.play.service import Service
from pbem.play.store import Conflict, Transaction

GIVE_UP_AFTER = 3
"""Handling attempts that raise before a stored message is set aside as failed."""

# Built once: every message runs both, and building a statement costs more than running it on SQLite.
_inbound = Inbound.__table__  # type: ignore[attr-defined]
_STORE = insert(_inbound)
_RECORD = (
    update(_inbound)
    .where(_inbound.c.id == bindparam("inbound_id"), _inbound.c.status == InboundStatus.STORED)
    .values(status=bindparam("status"), reason=bindparam("reason"), game_id=bindparam("game"),
            player_id=bindparam("player"))
)

__all__ = ["GIVE_UP_AFTER", "Outcome", "deliver", "handle", "handle_pending", "read_arrival", "read_stored",
           "set_aside", "store", "store_read"]


def deliver(service: Service, raw: bytes, envelope_recipients: Iterable[str] = (),
            envelope_sender: str | None = None) -> Outcome:
    """Store ``raw`` and handle it; the one entry for the listener, ``pbem receive`` and IMAP."""
    inbound_id, mail = store_read(service, raw, envelope_recipients, envelope_sender)
    if inbound_id is None:
        return Outcome(InboundStatus.DUPLICATE, "this Message-ID was received before")
    crash_point(service.settings, "after_store")
    return handle(service, inbound_id, mail)


def store(service: Service, raw: bytes, envelope_recipients: Iterable[str] = (),
          envelope_sender: str | None = None) -> int | None:
    """Commit the raw message; None when its Message-ID is already stored."""
    return store_read(service, raw, envelope_recipients, envelope_sender)[0]


def read_arrival(service: Service, raw: bytes, envelope_recipients: Iterable[str] = (),
                 envelope_sender: str | None = None) -> InboundMail:
    """The message as :func:`store_read` reads it, for a caller that reads before it stores."""
    sender = None if envelope_sender is None else reverse_path(envelope_sender)
    return read_stored(service, raw, list(envelope_recipients), sender)


def store_read(service: Service, raw: bytes, envelope_recipients: Iterable[str] = (),
               envelope_sender: str | None = None, db: Engine | None = None,
               mail: InboundMail | None = None) -> tuple[int | None, InboundMail]:
    """Commit the raw message and return its id (None for a duplicate) with the mail as read.

    ``envelope_sender`` is the SMTP MAIL FROM when the transport knows it ("" for ``<>``): kept with the
    message, it is what the filter reads the return path from (RFC 5321 §4.5.5). ``db`` is the engine to
    commit through, the service's by default: the listener passes one with a short busy wait and tries
    again itself (:mod:`pbem.serve.steps`), so that a lock held elsewhere gets a prompt 451 rather than a
    session held for ``database_busy_seconds``.
    ``mail`` is the message as :func:`read_arrival` read it already.
    """
    recipients = list(envelope_recipients)
    sender = None if envelope_sender is None else reverse_path(envelope_sender)
    mail = mail or read_stored(service, raw, recipients, sender)
    row = dict(message_id=mail.message_id, raw=raw, envelope_to=" ".join(recipients), envelope_from=sender,
               sender=mail.sender,
               recipient=", ".join(mail.recipients)[:1000], status=InboundStatus.STORED, reason="", attempts=0,
               game_id=None, player_id=None, received=service.clock.now())
    try:
        with (db or service.db).begin() as connection:  # one INSERT, no ORM session: this runs for every message
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
            pending = list(session.exec(select(Inbound.id).where(Inbound.status == InboundStatus.STORED).order_by(Inbound.id)))
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
        if row is None or row.status != InboundStatus.STORED:
            return Outcome(row.status if row else InboundStatus.DUPLICATE, "already handled", inbound_id)
        row.attempts += 1
        if row.attempts >= GIVE_UP_AFTER:
            row.status, row.reason = InboundStatus.FAILED, reason
            service.audit(session, "pbem", "inbound failed", row.game_id,
                          f"message {row.message_id} from {row.sender or 'nobody'} set aside after "
                          f"{row.attempts} attempts: {reason}; once fixed, `pbem inbound retry {inbound_id}`")
        session.commit()
        return Outcome(row.status, reason, inbound_id)


def handle(service: Service, inbound_id: int, mail: InboundMail | None = None) -> Outcome:
    """Decide one stored message in one transaction, retrying when another reply won its game.

    ``mail`` is the message as :func:`store_read` read it, to save reading it
    twice (and the row: :func:`_finish` records the outcome only if the row
    is still unhandled, so a scan that got there first wins and this attempt
    is rolled back); without it (after a restart) the stored raw bytes are
    read again. A database that stays locked through every attempt raises
    its OperationalError: the message stays stored for the next pass.
    """

    def attempt(transaction: Transaction) -> Outcome:
        read = mail if transaction.number == 0 else None
        if read is None:
            query = (select(Inbound.status, Inbound.raw, Inbound.envelope_to, Inbound.envelope_from)
                     .where(Inbound.id == inbound_id))
            if service.db.dialect.name != "sqlite":  # PostgreSQL: workers take turns at one message
                query = query.with_for_update()
            stored = transaction.session.exec(query).first()
            if stored is None or stored.status != InboundStatus.STORED:
                return Outcome(stored.status if stored else InboundStatus.DUPLICATE, "already handled", inbound_id)
            read = read_stored(service, stored.raw, stored.envelope_to.split(), stored.envelope_from)
        arrival = Arrival(service, transaction, inbound_id, read)
        outcome = _finish(arrival, chain.run(arrival))
        crash_point(service.settings, "after_commit")
        return outcome

    started = time.perf_counter()
    try:
        outcome = service.store.attempt(attempt)
    except Exception:
        metrics.handled("error", time.perf_counter() - started)
        raise
    metrics.handled(outcome.status, time.perf_counter() - started)
    return outcome


def _finish(arrival: Arrival, outcome: Outcome) -> Outcome:
    """Record the outcome and commit it with everything it caused, in one transaction."""
    game = arrival.game
    recorded = arrival.session.connection().execute(_RECORD, {
        "inbound_id": arrival.inbound_id, "status": outcome.status, "reason": outcome.reason[:1000],
        "game": game.id if game is not None and arrival.seat is not None else None,
        "player": arrival.recorded_player})
    if recorded.rowcount != 1:  # type: ignore[attr-defined]
        raise Conflict(f"inbound {arrival.inbound_id} was handled meanwhile")
    if game is not None and outcome.status in UNCHANGED and not arrival.touched:
        arrival.transaction.unchanged(game)
    arrival.transaction.commit()
    return replace(outcome, inbound_id=arrival.inbound_id, game_id=game.id if game is not None else None,
                   seat=arrival.seat if game is not None else None)


def read_stored(service: Service, raw: bytes, envelope_recipients: Iterable[str],
                envelope_sender: str | None = None) -> InboundMail:
    """A message as this service reads it: our own addresses, size limit and MX's authserv-id applied."""
    settings = service.settings
    return read_mail(raw, own_addresses=[settings.from_address], envelope_recipients=envelope_recipients,
                     envelope_sender=envelope_sender, max_bytes=settings.max_message_bytes,
                     authserv_id=settings.authserv_id)
