"""The SMTP listener of ``pbem serve`` (aiosmtpd): recipients only at our domain, a message answered "250" only
once it is stored, and "451" when it cannot be stored now, so the sending server keeps it and retries."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiosmtpd.smtp import SMTP, Envelope
from sqlalchemy.exc import OperationalError

from pbem.ops.config import Settings
from pbem.serve import StartError, StoreBusy

log = logging.getLogger(__name__)

Accept = Callable[[bytes, list[str], str | None], Awaitable[int | None]]
"""Stores one message with its envelope (raw, recipients, sender); what the listener waits for before "250"."""

LINE_LENGTH_LIMIT = 1_048_576
"""Octets a line may have. RFC 5321 sets 1,000, but mail clients and MTAs send (and Postfix, Exim and Sendmail
accept) far longer lines, and refusing one would lose a player's move that ``pbem receive`` takes."""


class Listener:
    """The listener on ``listen`` (none when it is empty): :meth:`start`, then :meth:`close`."""

    def __init__(self, settings: Settings, accept: Accept) -> None:
        self.settings, self.accept = settings, accept
        self._server: asyncio.base_events.Server | None = None
        self.port: int | None = None
        """The port it listens on once started (``listen`` may ask for port 0: any free one)."""

    async def start(self) -> None:
        """Bind; a port in use raises :class:`~pbem.serve.StartError`, naming the setting."""
        settings = self.settings
        if not settings.listen:
            return
        host, port = settings.listen_host_port
        tls = settings.listen_tls()
        loop = asyncio.get_running_loop()
        try:
            self._server = await loop.create_server(
                lambda: _Session(_Handler(settings.domain, self.accept), hostname=settings.domain,
                                 enable_SMTPUTF8=True, data_size_limit=settings.listen_max_bytes, tls_context=tls,
                                 require_starttls=tls is not None and settings.listen_require_tls),
                host=host, port=port,
            )
        except OSError as exc:
            raise StartError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; set listen (PBEM_LISTEN) to "
                             f"a free host:port, or empty to turn the listener off") from None
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None


class _Session(SMTP):
    """aiosmtpd's SMTP session with long lines accepted (aiosmtpd reads the limit from the class)."""

    line_length_limit = LINE_LENGTH_LIMIT


class _Handler:
    """aiosmtpd's hooks: recipients only at our domain, and a message accepted only once it is stored."""

    def __init__(self, domain: str, accept: Accept) -> None:
        self.domain, self.accept = domain.lower(), accept

    async def handle_RCPT(self, _smtp: SMTP, _session: Any, envelope: Envelope, address: str,
                          options: list[str]) -> str:
        """Refuse a recipient at any other domain at once: nothing of that mail is read or stored."""
        if address.rpartition("@")[2].lower() != self.domain:
            return f"550 5.7.1 <{address}>: this server takes mail only for addresses @{self.domain}"
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(options)
        return "250 2.1.5 OK"

    async def handle_DATA(self, _smtp: SMTP, _session: Any, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        try:
            await self.accept(raw, [str(r) for r in envelope.rcpt_tos], envelope.mail_from or "")
        except StoreBusy as busy:  # another message waits for a lock held elsewhere: the sender retries
            log.warning("a message was answered 451 at once: %s", busy)
            return "451 4.3.0 the database is locked; please retry"
        except OperationalError as error:  # locked elsewhere past listen_store_seconds: the sender retries
            log.warning("a message was answered 451: the database is busy (%s)", error.orig)
            return "451 4.3.0 the database is busy; please retry"
        except Exception:
            log.exception("could not store an inbound message")
            return "451 4.3.0 could not store the message now; please retry"
        return "250 2.0.0 stored"
