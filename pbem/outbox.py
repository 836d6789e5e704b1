"""The outbox worker: mails leave the database for the relay, once each.

Rows are written by the transactions that cause them; this worker only sends
what is committed. It keeps one SMTP connection open across rows and rounds,
retries a failed row with exponential backoff, and marks a row sent in its own
commit right after the relay accepted it.

Guarantee: every committed row reaches the relay at least once. It is sent
twice only if the process dies in the instant between the relay's "250" and
the commit that marks it sent; the resend carries the same ``Message-ID``
(fixed when the row was written), which relays and mail stores use to drop
the copy. Marking is group-committed: rows the relay accepts while the
database is busy are marked together as soon as it is free, so under load
that window holds the few rows accepted during one transaction, never more.
"""

from __future__ import annotations

import asyncio
import ssl
from dataclasses import dataclass
from datetime import timedelta
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from email.mime.image import MIMEImage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime
from typing import Awaitable, Callable, TypeVar

import aiosmtplib
from sqlalchemy import update
from sqlmodel import Session, select

from pbem.db import Outbox, locked
from pbem.pipeline import crash_point
from pbem.service import Service

T = TypeVar("T")
RunDb = Callable[[Callable[[], T]], Awaitable[T]]

RETRY_FIRST_SECONDS = 30.0
RETRY_LONGEST_SECONDS = 3600.0
GIVE_UP_AFTER = 30
"""Attempts before a row is marked failed: with the cap above, more than a day of trying."""


@dataclass(frozen=True)
class FlushReport:
    sent: int
    failed: int


def compose(row: Outbox, sender: str) -> Message:
    """The MIME message for one outbox row: plain text, HTML alternative, board picture inline.

    Built with the compat32 classes: a quarter of the cost of EmailMessage's
    header objects, which matters at one or two mails per move.
    """
    html = _text_part(row.html, "html")
    if row.picture:
        related = MIMEMultipart("related")
        related.attach(html)
        image = MIMEImage(row.picture, "png")
        image["Content-ID"] = "<board>"
        image.add_header("Content-Disposition", "inline", filename="board.png")
        related.attach(image)
        html = related
    message = MIMEMultipart("alternative")
    message.attach(_text_part(row.text, "plain"))
    message.attach(html)
    message["From"] = sender
    message["To"] = row.recipient
    message["Subject"] = row.subject if row.subject.isascii() else Header(row.subject, "utf-8").encode()
    message["Date"] = format_datetime(row.created)
    message["Message-ID"] = row.message_id
    for name, value in (("Reply-To", row.reply_to), ("In-Reply-To", row.in_reply_to), ("References", row.references)):
        if value:
            message[name] = value
    message["Auto-Submitted"] = "auto-generated"
    message["X-PBEM-Outbound"] = "1"
    return message


def _text_part(text: str, subtype: str) -> MIMEText:
    """A UTF-8 text part in quoted-printable: readable in the raw, safe for any line length."""
    utf8 = Charset("utf-8")
    utf8.body_encoding = QP
    part = MIMEText("", subtype)
    del part["Content-Transfer-Encoding"]
    part.set_payload(text, utf8)
    return part


async def _inline(work: Callable[[], T]) -> T:
    return work()


class OutboxWorker:
    """Sends due outbox rows over one reused connection to the relay."""

    def __init__(self, service: Service, run_db: RunDb | None = None,
                 retry_first_seconds: float = RETRY_FIRST_SECONDS) -> None:
        self.service = service
        self.settings = service.settings
        self.run_db: RunDb = run_db or _inline
        self.retry_first = retry_first_seconds
        self._smtp: aiosmtplib.SMTP | None = None
        self._accepted: list[int] = []
        self._marking: asyncio.Future[None] | None = None

    async def flush(self) -> FlushReport:
        """Send every due row, oldest first; returns how many went out and how many failed."""
        sent = failed = 0
        try:
            while True:
                await self._marked()
                rows = await self.run_db(self._due)
                if not rows:
                    return FlushReport(sent, failed)
                for row in rows:
                    try:
                        await self._send(compose(row, self.settings.from_address), row.recipient)
                    except (aiosmtplib.SMTPException, OSError, asyncio.TimeoutError) as exc:
                        failed += 1
                        await self.run_db(lambda row=row, exc=exc: self._failed(row, exc))  # type: ignore[misc]
                        if not isinstance(exc, aiosmtplib.SMTPResponseException):
                            await self.close()
                            return FlushReport(sent, failed)
                        continue
                    crash_point(self.service, "after_send")
                    self._accepted.append(row.id)  # type: ignore[arg-type]
                    self._mark_soon()
                    sent += 1
        finally:
            await self._marked()

    def _mark_soon(self) -> None:
        """Mark accepted rows sent as soon as the database is free: every row accepted meanwhile in one commit."""
        if self._marking is None or self._marking.done():
            self._marking = asyncio.ensure_future(self._mark_accepted())

    async def _mark_accepted(self) -> None:
        while self._accepted:
            ids, self._accepted = self._accepted, []
            await self.run_db(lambda: self._sent(ids))

    async def _marked(self) -> None:
        if self._marking is not None:
            await self._marking
            self._marking = None

    async def close(self) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is not None and smtp.is_connected:
            try:
                await smtp.quit()
            except (aiosmtplib.SMTPException, OSError):
                smtp.close()

    async def _send(self, message: Message, recipient: str) -> None:
        smtp = await self._connection()
        try:
            await smtp.send_message(message, sender=self.settings.from_address, recipients=[recipient])
        except aiosmtplib.SMTPServerDisconnected:
            await self.close()
            smtp = await self._connection()
            await smtp.send_message(message, sender=self.settings.from_address, recipients=[recipient])

    async def _connection(self) -> aiosmtplib.SMTP:
        if self._smtp is not None and self._smtp.is_connected:
            return self._smtp
        settings = self.settings
        context = ssl.create_default_context(cafile=settings.smtp_cafile or None)
        smtp = aiosmtplib.SMTP(hostname=settings.smtp_host, port=settings.smtp_port, timeout=30,
                               start_tls=settings.smtp_starttls, tls_context=context)
        await smtp.connect()
        if settings.smtp_user:
            await smtp.login(settings.smtp_user, settings.smtp_password)
        self._smtp = smtp
        return smtp

    # ------------------------------------------------------------ database side

    def _due(self) -> list[Outbox]:
        """Claim the due rows: their next attempt moves a lease ahead, so another worker leaves them alone.

        If this worker dies holding them, they come due again when the lease ends.
        """
        now = self.service.clock.now()
        with Session(self.service.db, expire_on_commit=False) as session:
            query = (select(Outbox).where(Outbox.status == "pending", Outbox.next_attempt <= now)
                     .order_by(Outbox.id).limit(self.settings.outbox_batch))  # type: ignore[arg-type]
            rows = list(session.exec(locked(query, self.service.db)))
            if rows:
                lease = now + timedelta(seconds=self.settings.outbox_lease_seconds)
                claim = update(Outbox).where(Outbox.id.in_([row.id for row in rows]))  # type: ignore[union-attr]
                session.execute(claim.values(next_attempt=lease), execution_options={"synchronize_session": False})
            session.commit()
            return rows

    def _sent(self, ids: list[int]) -> None:
        with Session(self.service.db) as session:
            session.execute(update(Outbox).where(Outbox.id.in_(ids))  # type: ignore[union-attr]
                            .values(status="sent", sent=self.service.clock.now(), attempts=Outbox.attempts + 1))
            session.commit()

    def _failed(self, row: Outbox, exc: BaseException) -> None:
        """Schedule the next attempt, doubling the wait; a permanent refusal (5xx) or too many attempts end it."""
        attempts = row.attempts + 1
        code = getattr(exc, "code", 0) or 0
        permanent = 500 <= code < 600 or attempts >= GIVE_UP_AFTER
        wait = min(self.retry_first * 2 ** (attempts - 1), RETRY_LONGEST_SECONDS)
        with Session(self.service.db) as session:
            session.execute(update(Outbox).where(Outbox.id == row.id).values(  # type: ignore[arg-type]
                status="failed" if permanent else "pending", attempts=attempts,
                next_attempt=self.service.clock.now() + timedelta(seconds=wait),
                last_error=f"{type(exc).__name__}: {exc}"[:1000],
            ))
            if permanent:
                self.service.audit(session, "outbox", "mail failed", row.game_id,
                                   f"{row.message_id} to {row.recipient}: {exc}"[:1000])
            session.commit()
