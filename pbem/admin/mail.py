"""The organiser's actions on mail: what came in (and what became of it), what went out, and trying again."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, func, select

from pbem.admin.base import REASON, AdminError, Arg, Desk, Printed, action, table, when
from pbem.admin.tables import TEXT, WORDS, Col
from pbem.serve import pipeline
from pbem.ops.db import Inbound, InboundStatus, Outbox, OutboxStatus

INBOUND_ID = Arg("inbound_id", int, "The stored message (see `pbem inbound list`).", metavar="ID")


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


def _wanted(status: str, statuses: tuple[str, ...], limit: int) -> str:
    """The status to list ("" for all), after refusing a status or limit that cannot be listed."""
    if status not in (*statuses, "all"):
        raise AdminError(f"--status {status!r}: use one of {', '.join(statuses)} or all")
    if limit < 1:
        raise AdminError(f"--limit {limit}: give 1 or more")
    return "" if status == "all" else status


@dataclass(frozen=True)
class InboundListing:
    rows: list[InboundReport]
    counts: dict[str, int]


def _print_inbound(listing: InboundListing, given: dict[str, Any]) -> list[Printed]:
    return [table(f"inbound mail ({given['status']}, newest {given['limit']})",
                  ("id", "received (UTC)", "from", "status", "tries", "game", "bytes", "reason"),
                  ([str(row.inbound_id), when(row.received), row.sender, row.status, str(row.attempts),
                    str(row.game_id or ""), f"{row.size:,}", row.reason[:60]] for row in listing.rows)),
            "all stored mail by status: " + (" · ".join(f"{name} {count:,}" for name, count in listing.counts.items())
                                             or "none")]


@action("inbound", "list", "Stored inbound messages, newest last; `--status failed` shows those set aside "
        "because handling raised.",
        Arg("status", str, f"{', '.join(InboundStatus)}, or all.", flag="--status", default="all"),
        Arg("limit", int, "The newest N messages.", flag="--limit", default=50), output=_print_inbound)
def inbound(desk: Desk, status: str = "all", limit: int = 50) -> InboundListing:
    """The newest stored messages (optionally of one status), oldest of them first, and every status's count."""
    wanted = _wanted(status, tuple(InboundStatus), limit)
    with Session(desk.service.db) as session:
        query = select(Inbound.id, Inbound.received, Inbound.message_id, Inbound.sender, Inbound.status,
                       Inbound.reason, Inbound.attempts, Inbound.game_id, func.length(Inbound.raw))
        if wanted:
            query = query.where(Inbound.status == wanted)
        rows = session.exec(query.order_by(Inbound.id.desc()).limit(limit)).all()  # type: ignore[union-attr]
        counted = session.exec(select(Inbound.status, func.count()).group_by(Inbound.status)).all()
        counts = dict(sorted(((name, count) for name, count in counted), key=lambda row: (-row[1], row[0])))
        return InboundListing([InboundReport(*row) for row in reversed(rows)], counts)


def _print_detail(detail: InboundDetail, given: dict[str, Any]) -> list[Printed]:
    row = detail.report
    return [f"message {row.inbound_id} {row.message_id}, received {when(row.received)} UTC from "
            f"{row.sender or '(no sender)'}, {row.size:,} bytes",
            f"to: {', '.join(detail.recipients) or '(none)'}",
            f"subject: {detail.subject}",
            f"status: {row.status}{f' ({row.reason})' if row.reason else ''}; handling attempts that raised: "
            f"{row.attempts}; game: {row.game_id or '-'}; read as: {detail.kind}",
            "text as read:",
            "\n".join("  " + line for line in detail.text.splitlines()) or "  (none)"]


@action("inbound", "show", "One message: its record, headers and the text the pipeline reads from it.", INBOUND_ID,
        output=_print_detail)
def inbound_detail(desk: Desk, inbound_id: int) -> InboundDetail:
    """One message with what the pipeline reads from it (read again from the stored raw bytes)."""
    with Session(desk.service.db) as session:
        row = _inbound(session, inbound_id)
        mail = pipeline.read_stored(desk.service, row.raw, row.envelope_to.split(), row.envelope_from)
        report = InboundReport(inbound_id, row.received, row.message_id, row.sender, row.status, row.reason,
                               row.attempts, row.game_id, len(row.raw))
        return InboundDetail(report, mail.subject, mail.recipients, mail.kind.value, mail.text)


def _print_retry(outcome: pipeline.Outcome, given: dict[str, Any]) -> list[Printed]:
    moves = f", {outcome.moves} move{'s' if outcome.moves != 1 else ''} applied" if outcome.moves else ""
    return [f"message {given['inbound_id']}: {outcome.status}{f' ({outcome.reason})' if outcome.reason else ''}"
            f"{moves}"]


@action("inbound", "retry", "Handle again a message set aside as failed, once the fault that failed it is fixed.",
        INBOUND_ID, REASON, audit="inbound retry", mails=True, output=_print_retry,
        failed=lambda outcome: outcome.status in (InboundStatus.STORED, InboundStatus.FAILED))
def retry(desk: Desk, inbound_id: int, reason: str) -> pipeline.Outcome:
    """Handle again a message set aside as failed (its bug fixed), as if it had just arrived.

    Only a failed message can be retried: one that was handled (applied,
    refused, ignored ...) had its outcome committed with everything it
    caused, and handling it again would apply a move twice. If it raises
    again it is counted as before and set aside after GIVE_UP_AFTER tries.
    """
    desk.reason(reason)
    with Session(desk.service.db) as session:
        row = _inbound(session, inbound_id)
        if row.status != InboundStatus.FAILED:
            why = ("it waits to be handled already; `pbem serve` takes it at its next scan"
                   if row.status == InboundStatus.STORED else
                   f"it was handled ({row.status}); a handled message is never handled twice")
            raise AdminError(f"message {inbound_id} is not failed: {why}. Only failed messages can be retried "
                             f"(see `pbem inbound list --status failed`)")
        before = row.reason
        row.status, row.reason, row.attempts = InboundStatus.STORED, "", 0
        session.add(row)
        desk.audit(session, row.game_id,
                   f"message {row.message_id} from {row.sender or 'nobody'} (failed: {before}): {reason}")
        session.commit()
    try:
        return pipeline.handle(desk.service, inbound_id)
    except Exception as error:  # noqa: BLE001 - counted on the row, as the server would
        return pipeline.set_aside(desk.service, inbound_id, error)


OUTBOX_COLUMNS = (
    Col("id", right=True), Col("written (UTC)", WORDS, right=True, under="id", spare=1), Col("to"), Col("kind"),
    Col("status", under="kind"), Col("tries", under="kind", spare=3), Col("game", under="kind", spare=2),
    Col("subject", TEXT), Col("last error", TEXT, under="subject"),
)
"""In a narrow terminal the address and the id stay whole, what the mail is and where it stands are stacked
in one cell, and its error under its subject; the time, the game (the subject names the table) and the tries
are what it does without first."""


def _print_outbox(rows: list[MailReport], given: dict[str, Any]) -> list[Printed]:
    """Each mail with the relay's last reply to it: a pending mail's error says why it waits (a 451, a wrong
    password), so the organiser needs no database to tell a slow relay from a broken one."""
    return [table(f"outbox ({given['status']}, newest {given['limit']})", OUTBOX_COLUMNS,
                  ([str(row.outbox_id), when(row.created), row.recipient, row.kind, row.status, str(row.attempts),
                    str(row.game_id or ""), row.subject[:60], row.last_error[:120]]
                   for row in rows))]


@action("outbox", "list", "Outgoing mails, newest last; `--status failed` shows those the relay refused for good.",
        Arg("status", str, "pending, sent, failed, or all.", flag="--status", default="all"),
        Arg("limit", int, "The newest N mails.", flag="--limit", default=50), output=_print_outbox)
def outbox(desk: Desk, status: str = "all", limit: int = 50) -> list[MailReport]:
    """The newest outbox rows (optionally of one status), oldest of them first."""
    wanted = _wanted(status, tuple(OutboxStatus), limit)
    with Session(desk.service.db) as session:
        query = select(Outbox.id, Outbox.created, Outbox.kind, Outbox.recipient, Outbox.subject, Outbox.status,
                       Outbox.attempts, Outbox.last_error, Outbox.game_id)
        if wanted:
            query = query.where(Outbox.status == wanted)
        rows = session.exec(query.order_by(Outbox.id.desc()).limit(limit)).all()  # type: ignore[union-attr]
        return [MailReport(*row) for row in reversed(rows)]


@action("outbox", "retry", "Queue again a mail that failed for good, once its cause is fixed; `pbem serve` sends it.",
        Arg("outbox_id", int, "The mail (see `pbem outbox list`).", metavar="ID"), REASON,
        audit="mail retry", mails=True,
        output=lambda row, given: [f"mail {row.outbox_id} to {row.recipient} is queued again; `pbem serve` sends it"])
def retry_mail(desk: Desk, outbox_id: int, reason: str) -> MailReport:
    """Send again a mail the relay refused for good (5xx) or that ran out of attempts, once that is fixed.

    Only a failed row: a sent one reached the relay (sending it again
    would be a second copy), a pending one is still being tried.
    """
    desk.reason(reason)
    with Session(desk.service.db) as session:
        row = session.get(Outbox, outbox_id)
        if row is None:
            newest = session.exec(select(func.max(Outbox.id))).one()
            raise AdminError(f"there is no outbox mail {outbox_id}; mails are numbered 1-{newest or 0} "
                             f"(see `pbem outbox list`)")
        if row.status != OutboxStatus.FAILED:
            why = ("the relay accepted it; `pbem game resend` mails a seat its decision again"
                   if row.status == OutboxStatus.SENT else "it is still being tried")
            raise AdminError(f"mail {outbox_id} is not failed but {row.status}: {why}. Only failed mails can "
                             f"be retried (see `pbem outbox list --status failed`)")
        desk.audit(session, row.game_id, f"{row.message_id} to {row.recipient} (failed: {row.last_error}): {reason}")
        row.status, row.attempts, row.next_attempt = "pending", 0, desk.service.clock.now()
        session.add(row)
        session.commit()
        return MailReport(outbox_id, row.created, row.kind, row.recipient, row.subject, row.status, row.attempts,
                          row.last_error, row.game_id)


def _inbound(session: Session, inbound_id: int) -> Inbound:
    row = session.get(Inbound, inbound_id)
    if row is None:
        newest = session.exec(select(func.max(Inbound.id))).one()
        raise AdminError(f"there is no inbound message {inbound_id}; messages are numbered 1-{newest or 0} "
                         f"(see `pbem inbound list`)")
    return row
