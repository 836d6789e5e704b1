"""The outbox worker: mails leave the database for the relay, once each.

Rows are written by the transactions that cause them; this worker only sends
what is committed. It keeps its SMTP connections open across rows and rounds,
retries a failed row with exponential backoff, and marks a row sent in its own
commit right after the relay accepted it, before the lane sends the next one.

Guarantee: every committed row reaches the relay at least once, and a row the
relay accepted is not sent again. The one exception is a process that dies
in the instant between the relay's "250" for a row and the commit marking
that row: that one row (per lane) goes again after the restart, with the same
``Message-ID`` (fixed when the row was written), which relays and mail stores
use to drop the copy. Rows are marked one by one, not in groups, for that
promise (docs/decisions/outbox.md says what grouping would gain).

Sending is aiosmtplib's public ``sendmail``: it already does what the outbox
needs (a refused recipient as ``SMTPRecipientsRefused``, RSET after a refusal
so the connection takes the next mail), and a client of our own on its
private parts would tie pbem to one aiosmtplib release.
"""

from __future__ import annotations

import asyncio
import binascii
import hashlib
import logging
import ssl
import zlib
from dataclasses import dataclass
from datetime import timedelta
from email.utils import format_datetime
from typing import Awaitable, Callable, TypeVar

import aiosmtplib
from sqlalchemy import bindparam, select, update
from sqlmodel import Session

from pbem.mail import signing
from pbem.mail.headers import encoded_words, from_header
from pbem.play import bounces
from pbem.ops import metrics
from pbem.ops.db import Outbox, OutboxStatus, locked
from pbem.ops.logs import fields
from pbem.ops.faults import crash_point
from pbem.play.service import Service
from pbem.mail.tokens import bounce_address
from tournaments.names import control_characters

T = TypeVar("T")
log = logging.getLogger("pbem.serve.outbox")
RunDb = Callable[[Callable[[], T]], Awaitable[T]]

RETRY_FIRST_SECONDS = 30.0
RETRY_LONGEST_SECONDS = 3600.0
GIVE_UP_AFTER = 30
"""Attempts before a row is marked failed: with the cap above, more than a day of trying."""

_MARK_SENT = (
    update(Outbox.__table__)  # type: ignore[arg-type]
    .where(Outbox.__table__.c.id == bindparam("row_id"))  # type: ignore[attr-defined]
    .values(status=OutboxStatus.SENT, sent=bindparam("at"), attempts=Outbox.__table__.c.attempts + 1,  # type: ignore[attr-defined]
            tried=bindparam("at"), picture=None)
)
"""Built once: a row is marked right after each send. Its picture goes: it was drawn for this mail alone (a
resend draws the board anew), and kept it was most of the database's bytes per game (docs/scale.md)."""

_outbox = Outbox.__table__  # type: ignore[attr-defined]
_DUE = (select(_outbox).where(_outbox.c.status == OutboxStatus.PENDING, _outbox.c.next_attempt <= bindparam("now"))
        .order_by(_outbox.c.id).limit(bindparam("batch")))
_CLAIM = (update(_outbox).where(_outbox.c.id.in_(bindparam("ids", expanding=True)))
          .values(next_attempt=bindparam("lease")))
"""Built once, and run on a plain connection: every committed reply wakes a flush that claims its mails, so this
runs once a move (docs/decisions/outbox.md)."""


@dataclass(frozen=True)
class FlushReport:
    sent: int
    failed: int


@dataclass(frozen=True)
class _LaneReport(FlushReport):
    relay_failed: bool
    """The relay refused or could not be reached: a retry waits, so the flush stops here. A row failed for
    what it holds (it cannot be composed or written) says nothing about the relay and does not stop it."""


_RELAY_FAILURES = (aiosmtplib.SMTPServerDisconnected, aiosmtplib.SMTPConnectError, aiosmtplib.SMTPTimeoutError,
                    aiosmtplib.SMTPResponseException, aiosmtplib.SMTPRecipientsRefused, OSError, asyncio.TimeoutError)
"""Failures of the relay or the way to it, retried with backoff (a 5xx refusal ends the row, see ``_failed``);
any other exception is the row's own and fails it at once."""


def compose(row: Outbox, sender: str) -> bytes:
    """The raw MIME message for one outbox row: plain text, HTML alternative, board picture inline where the HTML
    shows it (:data:`SHOWN_PICTURE`, else attached beside both parts), and the
    calendar update a seat's mail may carry (:mod:`pbem.play.calendar`) as the last alternative, with its method
    in the Content-Type: where Outlook, Gmail and Thunderbird look for an invitation (iMIP, RFC 6047 2.4).

    ``sender`` is the From as written (:func:`from_header`: the service's name and its address). Written
    directly as bytes (quoted-printable by binascii), as it runs for every mail of every move
    (docs/decisions/outbox.md); test_compose_property holds whatever it writes to the standard library's
    strict reading.
    """
    boundary = f"=_pbem_{hashlib.sha1(row.message_id.encode()).hexdigest()[:24]}"
    html = _part("text/html", row.html)
    shown = bool(row.picture) and SHOWN_PICTURE in row.html
    if row.picture:
        image = (b'Content-Type: image/png; name="board.png"\r\nContent-Transfer-Encoding: base64\r\n'
                 + (b'Content-ID: <board>\r\nContent-Disposition: inline' if shown else b'Content-Disposition: '
                    b'attachment') + b'; filename="board.png"\r\n\r\n'
                 + _lines76(binascii.b2a_base64(row.picture, newline=False)))
    if shown:
        html = _multipart('multipart/related; type="text/html"', f"{boundary}_related", [html, image])  # RFC
        # 2387: its root's type
    headers = [
        ("From", sender), ("To", row.recipient), ("Subject", _header_text(row.subject)),
        ("Date", format_datetime(row.created)), ("Message-ID", row.message_id), ("Reply-To", row.reply_to),
        ("In-Reply-To", row.in_reply_to), ("References", row.references), ("List-Id", row.list_id),
        ("List-Unsubscribe", row.unsubscribe), ("Auto-Submitted", "auto-generated"),
        ("X-Auto-Response-Suppress", AUTO_RESPONSE_SUPPRESS), ("X-PBEM-Outbound", "1"), ("MIME-Version", "1.0"),
    ]
    for name, value in headers:
        _check_header(name, value)
    head = "".join(f"{name}: {value}\r\n" for name, value in headers if value).encode("ascii")
    parts = [_part("text/plain", row.text), html]
    if row.calendar:
        parts.append(_part(f"text/calendar; method={row.calendar_method}", row.calendar))
    if row.picture and not shown:  # a picture the HTML does not show: attached beside both parts
        return head + _multipart("multipart/mixed", f"{boundary}_mixed",
                                 [_multipart("multipart/alternative", boundary, parts), image])
    return head + _multipart("multipart/alternative", boundary, parts)


SHOWN_PICTURE = "cid:board"
"""How an HTML part shows the board's picture (``<img src="cid:board">``): inline beside it (multipart/related).
A mail whose HTML does not show it (a follower's short digest: :data:`pbem.play.observers.WORDS_BESIDE_A_PICTURE`)
carries it as an attachment."""


class RelayUnreachable(OSError):
    """The relay could not be reached or would not let us log in: every row waits and is tried again later.

    Its own class so that a refusal while connecting (a 535 at login, no
    STARTTLS offered) is never read as the recipient's fault: no row is
    failed for good and no bounce is counted for it.
    """


class ComposeError(ValueError):
    """A row that cannot become a mail (a header value that would break the header); it is failed, not retried."""


_FOLD = "\r\n "
"""The one line break a header value may hold: the folding of an encoded subject, list name or From name, always
followed by a space."""
_FOLDED = ("Subject", "List-Id", "From")
"""The headers whose values may be folded (:data:`_FOLD`)."""
AUTO_RESPONSE_SUPPRESS = "OOF, AutoReply"
"""Asks Exchange and Outlook to send no out-of-office or other automatic reply to pbem's mail: such replies would
come back to a seat's address as a player's mail. Non-delivery reports stay asked for (no ``NDR``, nor ``All``):
they are how pbem counts a player's bounces (:mod:`pbem.play.bounces`)."""


def _check_header(name: str, value: str) -> None:
    """Refuse a header value that is not plain ASCII on one (folded) line.

    Every value is written raw, so a CR or LF in one (a recipient stored
    before addresses were checked, a subject from a broken template) would
    start a header of its own, such as an injected ``Bcc:``; a letter outside
    ASCII cannot be written without SMTPUTF8, which pbem does not use (see
    :mod:`pbem.addresses`). Such a row is refused as a whole: no part of
    it reaches the relay.
    """
    flat = value.replace(_FOLD, " ") if name in _FOLDED else value
    if flat.isascii() and flat.isprintable():  # exactly " " to "~"; two C loops, as compose is on the hot path
        return
    bad = sorted({f"U+{ord(c):04X}" for c in flat if not " " <= c <= "~"})
    if bad:
        raise ComposeError(f"the {name} header {flat[:60]!r} has characters a header cannot carry "
                           f"({', '.join(bad[:5])}); nothing was sent")


def _header_text(text: str) -> str:
    """The subject as a header carries it: as is in ASCII, else RFC 2047 words folded with CRLF.

    ASCII that holds ``=?`` is encoded too: a reader would take it for an encoded word and show another
    subject. Control characters are left in for :func:`_check_header` to refuse: an encoded word would hide a
    CR or LF from it and carry it to the player's screen.
    """
    if (text.isascii() and "=?" not in text) or control_characters(text):
        return text
    return encoded_words(text, "Subject")


def _part(content_type: str, text: str) -> bytes:
    """A UTF-8 text part in quoted-printable: readable in the raw, safe for any line length."""
    body = binascii.b2a_qp(text.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8"), istext=True)
    return (f'Content-Type: {content_type}; charset="utf-8"\r\n'
            "Content-Transfer-Encoding: quoted-printable\r\n\r\n").encode("ascii") + body


def _multipart(content_type: str, boundary: str, parts: list[bytes]) -> bytes:
    head = f'Content-Type: {content_type}; boundary="{boundary}"\r\n\r\n'.encode("ascii")
    separator = f"\r\n--{boundary}\r\n".encode("ascii")
    return head + separator + separator.join(parts) + f"\r\n--{boundary}--\r\n".encode("ascii")


def _lines76(data: bytes) -> bytes:
    return b"\r\n".join(data[i:i + 76] for i in range(0, len(data), 76))


def _reply_code(exc: BaseException) -> int:
    """The relay's reply code for a failed send (a refusal at RCPT or at DATA), 0 when it gave none."""
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused):
        return min((refused.code for refused in exc.recipients), default=0)
    return getattr(exc, "code", 0) or 0


def describe(exc: BaseException) -> str:
    """A failed send in the relay's own words: its reply code and text, and where it came (RCPT or DATA).

    With no reply (the relay down, a timeout) it is the error as raised. This is
    what the log line and ``pbem outbox list`` show, and ``pbem status`` names.
    """
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused):
        said = "; ".join(f"{refused.code} {refused.message}" for refused in exc.recipients)
        return _one_line(f"{said} (at RCPT)")
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        where = {aiosmtplib.SMTPDataError: " (at DATA)", aiosmtplib.SMTPAuthenticationError: " (at login)"}
        return _one_line(f"{exc.code} {exc.message}{where.get(type(exc), '')}")
    if isinstance(exc, RelayUnreachable):
        cause = exc.__cause__
        if isinstance(cause, aiosmtplib.SMTPAuthenticationError):  # a wrong smtp_password: the relay's words
            return describe(cause)
        if isinstance(cause, aiosmtplib.SMTPResponseException):  # it answered the connection, and said no
            return _one_line(f"{describe(cause)} (at connect)")
        return _one_line(str(exc))
    return _one_line(f"{type(exc).__name__}: {exc}")


def _one_line(text: str) -> str:
    """A multi-line SMTP reply as one line: the log and the outbox list show one line an event."""
    return " ".join(text.split())


async def _inline(work: Callable[[], T]) -> T:
    return work()


class OutboxWorker:
    """Sends due outbox rows to the relay over a few reused connections ("lanes").

    Each lane is one SMTP connection; a recipient's mails always take the same
    lane, so they reach the relay in the order they were written. Lanes send
    side by side because a send is mostly waiting for the relay's replies.
    """

    def __init__(self, service: Service, run_db: RunDb | None = None,
                 retry_first_seconds: float = RETRY_FIRST_SECONDS) -> None:
        self.service = service
        self.settings = service.settings
        self.run_db: RunDb = run_db or _inline
        self.retry_first = retry_first_seconds
        self._lanes: list[aiosmtplib.SMTP | None] = [None] * max(1, self.settings.smtp_connections)
        self.sender = from_header(self.settings.from_name, self.settings.from_address)
        """The From of every mail: the service's name and its address."""
        self.signer = signing.signer(self.settings)
        """Signs each mail as the last thing before it leaves, when pbem signs (``dkim_selector``): the bytes
        signed are the bytes sent. A key that cannot be read stops the worker here, before any row is taken."""

    async def flush(self) -> FlushReport:
        """Send every due row, oldest first per recipient; returns how many went out and how many failed."""
        sent = failed = 0
        while True:
            rows = await self.run_db(self._due)
            if not rows:
                return FlushReport(sent, failed)
            lanes: list[list[Outbox]] = [[] for _ in self._lanes]
            for row in rows:
                lanes[zlib.crc32(row.recipient.encode()) % len(lanes)].append(row)
            reports = await asyncio.gather(*(self._send_lane(i, lane) for i, lane in enumerate(lanes) if lane))
            sent += sum(report.sent for report in reports)
            failed += sum(report.failed for report in reports)
            if any(report.relay_failed for report in reports) or len(rows) < self.settings.outbox_batch:
                return FlushReport(sent, failed)  # a short round took every row due: newer ones wake a new flush

    async def _send_lane(self, lane: int, rows: list[Outbox]) -> _LaneReport:
        """Send one lane's rows in order; a broken connection ends the lane's round, the rows wait.

        A row that cannot be composed or sent for what it holds (a header it
        cannot carry, an address the relay's client refuses to write) is marked
        failed with its error, and the lane goes on with the next row: no one
        row may hold back the mails claimed with it, round after round.
        """
        sent = failed = 0
        for row in rows:
            try:
                message = compose(row, self.sender)
                if self.signer is not None:
                    message = self.signer.sign(message)
            except Exception as exc:  # noqa: BLE001 - whatever the row holds, it must not stall the lane
                failed += 1
                await self.run_db(lambda row=row, exc=exc: self._failed(row, exc, permanent=True))  # type: ignore[misc]
                continue
            try:
                await self._send(lane, message, row.recipient, self._return_path(row))
            except _RELAY_FAILURES as exc:
                failed += 1
                await self.run_db(lambda row=row, exc=exc: self._failed(row, exc))  # type: ignore[misc]
                if _reply_code(exc) == 0:  # no answer from the relay: the connection is gone
                    await self._close(lane)
                    return _LaneReport(sent, failed, relay_failed=True)
                continue
            except Exception as exc:  # noqa: BLE001 - the row's own (UnicodeEncodeError, SMTPNotSupported): fail it
                failed += 1
                await self.run_db(lambda row=row, exc=exc: self._failed(row, exc, permanent=True))  # type: ignore[misc]
                await self._close(lane)  # the conversation may have stopped halfway: the next row starts afresh
                continue
            crash_point(self.service.settings, "after_send")
            # Shielded: a stop that cancels this lane still lets the commit run (on the server's database thread,
            # which finishes its steps before the server stops), so a mail the relay took is never sent again.
            await asyncio.shield(self.run_db(lambda row_id=row.id: self._sent(row_id)))  # type: ignore[misc]
            _log_sent(row)
            sent += 1
        return _LaneReport(sent, failed, relay_failed=False)

    async def close(self) -> None:
        for lane in range(len(self._lanes)):
            await self._close(lane)

    async def _close(self, lane: int) -> None:
        smtp, self._lanes[lane] = self._lanes[lane], None
        if smtp is not None and smtp.is_connected:
            try:
                await smtp.quit()
            except (aiosmtplib.SMTPException, OSError):
                smtp.close()

    def _return_path(self, row: Outbox) -> str:
        """The row's own envelope sender (VERP), so its bounce names it: see pbem.mail.tokens."""
        settings = self.settings
        return bounce_address(settings.bounce_local, settings.domain, self.service.secret, row.id or 0)

    async def _send(self, lane: int, message: bytes, recipient: str, return_path: str) -> None:
        smtp = await self._connection(lane)
        try:
            await smtp.sendmail(return_path, [recipient], message)
        except aiosmtplib.SMTPServerDisconnected:  # the relay closed an idle connection: once more, fresh
            await self._close(lane)
            smtp = await self._connection(lane)
            await smtp.sendmail(return_path, [recipient], message)

    async def _connection(self, lane: int) -> aiosmtplib.SMTP:
        """The lane's open connection, else a new one; any failure to open or log in is :class:`RelayUnreachable`."""
        smtp = self._lanes[lane]
        if smtp is not None and smtp.is_connected:
            return smtp
        try:
            return await self._connect(lane)
        except Exception as exc:  # noqa: BLE001 - whatever stops the connection, no row is at fault
            settings = self.settings
            raise RelayUnreachable(f"cannot connect to or log in at the relay {settings.smtp_host}:"
                                   f"{settings.smtp_port}: {type(exc).__name__}: {exc}") from exc

    async def _connect(self, lane: int) -> aiosmtplib.SMTP:
        settings = self.settings
        context = ssl.create_default_context(cafile=settings.smtp_cafile or None)
        tls = settings.relay_tls  # implicit: TLS from the first byte (port 465), for relays without STARTTLS
        smtp = aiosmtplib.SMTP(hostname=settings.smtp_host, port=settings.smtp_port, timeout=30,
                               use_tls=tls == "implicit", start_tls=tls == "starttls", tls_context=context)
        await smtp.connect()
        if settings.smtp_user:
            await smtp.login(settings.smtp_user, settings.smtp_password)
        self._lanes[lane] = smtp
        return smtp

    # ------------------------------------------------------------ database side

    def _due(self) -> list[Outbox]:
        """Claim the due rows: their next attempt moves a lease ahead, so another worker leaves them alone.

        If this worker dies holding them, they come due again when the lease ends.
        """
        now = self.service.clock.now()
        with self.service.db.begin() as connection:
            found = connection.execute(locked(_DUE, self.service.db),
                                       {"now": now, "batch": self.settings.outbox_batch}).all()
            if found:
                lease = now + timedelta(seconds=self.settings.outbox_lease_seconds)
                connection.execute(_CLAIM, {"ids": [row.id for row in found], "lease": lease})
        return [Outbox.model_construct(**row._mapping) for row in found]  # the rows as read, in no session

    def _sent(self, row_id: int | None) -> None:
        with self.service.db.begin() as connection:  # no ORM session: nothing here is an object
            connection.execute(_MARK_SENT, {"row_id": row_id, "at": self.service.clock.now()})
        metrics.sent("sent")

    def _failed(self, row: Outbox, exc: BaseException, permanent: bool = False) -> None:
        """Schedule the next attempt, doubling the wait; a permanent refusal (5xx), too many attempts or a row
        that can never be sent as it is (``permanent``) end it; `pbem outbox retry` queues it again."""
        attempts = row.attempts + 1
        code = _reply_code(exc)
        permanent = permanent or 500 <= code < 600 or attempts >= GIVE_UP_AFTER
        wait = min(self.retry_first * 2 ** (attempts - 1), RETRY_LONGEST_SECONDS)
        with Session(self.service.db) as session:
            session.execute(update(Outbox).where(Outbox.id == row.id).values(  # type: ignore[arg-type]
                status=OutboxStatus.FAILED if permanent else OutboxStatus.PENDING, attempts=attempts,
                next_attempt=self.service.clock.now() + timedelta(seconds=wait),
                last_error=describe(exc)[:1000], tried=self.service.clock.now(),
            ))
            if permanent:
                self.service.audit(session, "outbox", "mail failed", row.game_id,
                                   f"{row.message_id} to {row.recipient}: {exc}"[:1000])
            if 500 <= code < 600:  # the relay refused the address for good: as good as a bounce
                bounces.refused(self.service, session, row.recipient, f"the relay refused mail {row.id}: {exc}")
            session.commit()
        metrics.sent("failed" if permanent else "retry")
        _log_failed(row, exc, attempts, wait if not permanent else None)


def _log_sent(row: Outbox) -> None:
    log.info("mail out %s sent to %s (%s%s)", row.id, row.recipient, row.kind, _where(row.game_id, row.seat),
             extra=fields(outbox_id=row.id, status="sent", recipient=row.recipient, game=row.game_id,
                          seat=None if row.seat is None else row.seat + 1))


def _log_failed(row: Outbox, exc: BaseException, attempts: int, wait: float | None) -> None:
    """A deferred row is a warning (it is tried again by itself); a row failed for good is an error to act on."""
    said = describe(exc)
    extra = fields(outbox_id=row.id, recipient=row.recipient, game=row.game_id, error=said,
                   seat=None if row.seat is None else row.seat + 1, status="deferred" if wait else "failed")
    tries = f"{attempts} {'try' if attempts == 1 else 'tries'}"
    if wait is not None:
        log.warning("mail out %s to %s (%s%s) deferred after %s, next try in %.0f s: %s", row.id, row.recipient,
                    row.kind, _where(row.game_id, row.seat), tries, wait, said, extra=extra)
    else:
        log.error("mail out %s to %s (%s%s) failed for good after %s: %s; once fixed, `pbem outbox retry %s`",
                  row.id, row.recipient, row.kind, _where(row.game_id, row.seat), tries, said, row.id, extra=extra)


def _where(game_id: int | None, seat: int | None) -> str:
    """", game 3 seat 2" (seats counted from 1, as the organiser's commands count them), or nothing."""
    if game_id is None:
        return ""
    return f", game {game_id}" + ("" if seat is None else f" seat {seat + 1}")
