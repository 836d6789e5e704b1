"""Fetching inbound mail from an IMAP mailbox without ever losing a message.

For a host whose mail we can only reach by IMAP. A message is fetched with
``BODY.PEEK[]`` (which leaves it unseen), handed to ``deliver`` (which stores
it durably or raises), and only then flagged ``\\Seen``. A crash between the
two steps means the message is fetched again on the next poll; the pipeline
drops it there as a duplicate by Message-ID, so it is never lost and never
acted on twice. Point it at a mailbox no person reads with a mail client:
a message someone opens there is already seen and never fetched.
"""

from __future__ import annotations

import imaplib
import logging
import ssl as ssl_module
from collections.abc import Callable

log = logging.getLogger(__name__)


class PollError(RuntimeError):
    """Some messages could not be delivered; they stay unseen and come back next poll.

    ``delivered`` counts the ones that did get through, ``failures`` maps each
    failed message's UID to the error ``deliver`` raised.
    """

    def __init__(self, delivered: int, failures: dict[str, BaseException]) -> None:
        self.delivered = delivered
        self.failures = failures
        listed = "; ".join(f"UID {uid}: {error!r}" for uid, error in failures.items())
        super().__init__(
            f"{len(failures)} message(s) could not be delivered and stay unseen for the next poll "
            f"({delivered} delivered): {listed}"
        )


def poll_once(
    host: str,
    port: int,
    user: str,
    password: str,
    deliver: Callable[[bytes], None],
    *,
    ssl: bool = False,
    mailbox: str = "INBOX",
    timeout: float = 30.0,
    ssl_context: ssl_module.SSLContext | None = None,
) -> int:
    """Deliver every unseen message in ``mailbox`` once; returns how many were delivered.

    A message whose ``deliver`` raises stays unseen; the others are still
    delivered, and a :class:`PollError` naming the failures is raised at the
    end. Connection and login problems raise ``imaplib.IMAP4.error`` or
    ``OSError`` before anything is delivered. With ``ssl`` the server's
    certificate is verified against the system's CAs, or against
    ``ssl_context`` when one is given (a private CA, a pinned certificate).
    """
    connection = _connect(host, port, ssl=ssl, timeout=timeout, ssl_context=ssl_context)
    try:
        _check(connection.login(user, password), f"login as {user!r}")
        _check(connection.select(_quoted(mailbox)), f"select mailbox {mailbox!r}")
        delivered, failures = _deliver_unseen(connection, deliver)
        connection.close()
    finally:
        _logout(connection)
    if failures:
        raise PollError(delivered, failures)
    return delivered


def _connect(
    host: str, port: int, *, ssl: bool, timeout: float, ssl_context: ssl_module.SSLContext | None
) -> imaplib.IMAP4:
    if ssl:
        context = ssl_context or ssl_module.create_default_context()
        return imaplib.IMAP4_SSL(host, port, ssl_context=context, timeout=timeout)
    return imaplib.IMAP4(host, port, timeout=timeout)


def _deliver_unseen(
    connection: imaplib.IMAP4, deliver: Callable[[bytes], None]
) -> tuple[int, dict[str, BaseException]]:
    typ, data = connection.uid("SEARCH", "UNSEEN")
    _check((typ, data), "search for unseen messages")
    uids = (data[0] or b"").decode("ascii").split()
    delivered = 0
    failures: dict[str, BaseException] = {}
    for uid in uids:
        raw = _fetch(connection, uid)
        if raw is None:
            continue  # expunged by another client since the search
        try:
            deliver(raw)
        except Exception as error:  # noqa: BLE001 - any failure must leave the message unseen
            log.warning("IMAP message UID %s not delivered, left unseen: %r", uid, error)
            failures[uid] = error
            continue
        _check(connection.uid("STORE", uid, "+FLAGS.SILENT", r"(\Seen)"), f"flag UID {uid} as seen")
        delivered += 1
    return delivered, failures


def _fetch(connection: imaplib.IMAP4, uid: str) -> bytes | None:
    typ, data = connection.uid("FETCH", uid, "(BODY.PEEK[])")
    _check((typ, data), f"fetch UID {uid}")
    for item in data:
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], bytes):
            return item[1]
    return None


def _check(response: tuple[str, list], action: str) -> None:
    typ, data = response
    if typ != "OK":
        detail = b" ".join(d for d in data if isinstance(d, bytes)).decode("utf-8", "replace")
        raise imaplib.IMAP4.error(f"IMAP server refused to {action}: {typ} {detail}")


def _quoted(mailbox: str) -> str:
    """The mailbox name as an IMAP quoted string, so names with spaces work."""
    return '"' + mailbox.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _logout(connection: imaplib.IMAP4) -> None:
    try:
        connection.logout()
    except (imaplib.IMAP4.error, OSError):
        log.debug("IMAP logout failed; the connection is dropped anyway")
