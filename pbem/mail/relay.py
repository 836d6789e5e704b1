"""The outbox's SMTP client: aiosmtplib's, with DATA written as pbem composes mail.

aiosmtplib's ``DATA`` runs two regular expressions over the whole message
(line endings, then the dots that start a line), and ``sendmail`` a third
for ``SIZE``; on a prompt with its picture (about 50 KB in some 800 lines)
that was about a millisecond a mail, a tenth of pbem serve's CPU for an
email move. What :func:`pbem.serve.outbox.compose` writes needs none of it:
it is 7-bit with CRLF line ends by construction (the signer's header too),
so :class:`Relay` checks that with three ``bytes.count`` calls, doubles the
dots with one ``bytes.replace``, and writes the bytes. A message it cannot
vouch for, or an aiosmtplib whose protocol no longer has the parts this
relies on, goes through aiosmtplib's own ``DATA`` unchanged: the fast way is
never the only way. :meth:`Relay.send` also gives ``SIZE`` as the message's
length, which ``sendmail`` finds by a third pass of the line-ending
expression (measured: 6 % of pbem serve's busy time once DATA was lean).
"""

from __future__ import annotations

import asyncio
from typing import Any

import aiosmtplib
from aiosmtplib.protocol import SMTPProtocol
from aiosmtplib.typing import Default

_PARTS = ("_command_lock", "_response_pending", "write", "read_response")
"""What :meth:`Relay.data` uses of aiosmtplib's protocol, exactly as its own ``execute_data_command`` does."""


def writes_data_itself(protocol: SMTPProtocol | None) -> bool:
    """Whether this aiosmtplib's protocol has what the lean DATA needs (else aiosmtplib's own DATA is used)."""
    return protocol is not None and all(hasattr(protocol, part) for part in _PARTS)


def transmittable(message: bytes) -> bool:
    """Whether ``message`` can go out as it is: 7-bit, every line ended by CRLF (no lone CR or LF), last
    line included. Anything else is normalised by aiosmtplib, as before."""
    lines = message.count(b"\r\n")
    return (message.isascii() and message.endswith(b"\r\n")
            and message.count(b"\n") == lines and message.count(b"\r") == lines)


def stuffed(message: bytes) -> bytes:
    """The DATA of a transmittable message: a dot that starts a line doubled (RFC 5321 4.5.2), the end mark
    added."""
    if message.startswith(b"."):
        message = b"." + message
    return message.replace(b"\r\n.", b"\r\n..") + b".\r\n"


class Relay(aiosmtplib.SMTP):
    """One connection to the relay: :meth:`send` for one mail, its DATA written without the regexes."""

    _one_at_a_time: asyncio.Lock | None = None

    async def send(self, sender: str, recipient: str, message: bytes) -> None:
        """``sendmail(sender, [recipient], message)``, for a message it can vouch for with SIZE its length:
        ``sendmail`` counts SIZE by rewriting the whole message first. The same commands, the same errors
        (a refused recipient is :class:`aiosmtplib.SMTPRecipientsRefused`) and the same RSET after a refusal;
        anything else (an address outside ASCII, a message not :func:`transmittable`) goes through ``sendmail``."""
        if not (transmittable(message) and sender.isascii() and recipient.isascii()):
            await self.sendmail(sender, [recipient], message)
            return
        if self._one_at_a_time is None:
            self._one_at_a_time = asyncio.Lock()
        async with self._one_at_a_time:
            await self._ehlo_or_helo_if_needed()
            options = [f"SIZE={len(message)}"] if self.supports_extension("size") else []
            try:
                await self.mail(sender, options=options)
                try:
                    await self.rcpt(recipient)
                except aiosmtplib.SMTPRecipientRefused as refused:
                    raise aiosmtplib.SMTPRecipientsRefused([refused]) from refused
                await self._data(message, Default.token)
            except (aiosmtplib.SMTPResponseException, aiosmtplib.SMTPRecipientsRefused):
                try:  # the envelope goes, as sendmail does, so the connection takes the next mail
                    await self.rset()
                except (ConnectionError, aiosmtplib.SMTPResponseException):
                    pass
                raise

    async def data(self, message: str | bytes, /, *, timeout: Any = Default.token
                   ) -> aiosmtplib.SMTPResponse:
        if not (isinstance(message, bytes) and transmittable(message)):
            return await super().data(message, timeout=timeout)
        return await self._data(message, timeout)

    async def _data(self, message: bytes, timeout: Any) -> aiosmtplib.SMTPResponse:
        """DATA for a :func:`transmittable` message, as aiosmtplib's protocol writes it less the regexes."""
        protocol = self.protocol
        if not writes_data_itself(protocol):
            return await super().data(message, timeout=timeout)
        assert protocol is not None
        await self._ehlo_or_helo_if_needed()
        if protocol._command_lock is None:
            raise aiosmtplib.SMTPServerDisconnected("Server not connected")
        wait = self.timeout if timeout is Default.token else timeout
        body = stuffed(message)
        try:
            async with protocol._command_lock:  # as execute_data_command holds it
                protocol._response_pending = True
                protocol.write(b"DATA\r\n")
                start = await protocol.read_response(timeout=wait)
                if start.code != aiosmtplib.SMTPStatus.start_input:
                    raise aiosmtplib.SMTPDataError(start.code, start.message)
                protocol._response_pending = True
                protocol.write(body)
                done = await protocol.read_response(timeout=wait)
                if done.code != aiosmtplib.SMTPStatus.completed:
                    raise aiosmtplib.SMTPDataError(done.code, done.message)
                return done
        except (aiosmtplib.SMTPServerDisconnected, aiosmtplib.SMTPTimeoutError):
            self.close()
            raise
