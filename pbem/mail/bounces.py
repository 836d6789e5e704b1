"""What a bounce reports: whether an inbound mail is a delivery failure, which addresses failed, and
which mail of ours it answers.

flufl.bounce (Mailman's detectors for RFC 3464 DSNs and the common non-DSN
formats) reads each report, to tell a failure from a delay warning or an
autoresponder and to say what failed. Which mail failed is read only from the
VERP return path the report came to (:mod:`pbem.mail.tokens`): only the mail
servers our mail passed through learn that address. What a bounce then does
to a player (counted, held, people told) is :mod:`pbem.play.bounces`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import compat32
from typing import Iterable

from flufl.bounce import all_failures

from pbem.ops.config import Settings
from pbem.mail.inbound.headers import decoded_field, first_address, message_ids, raw_field
from pbem.mail.inbound.filters import DAEMON_LOCAL_PARTS, REPORT_TYPES
from pbem.mail.tokens import read_bounce_address

log = logging.getLogger("pbem.mail.bounces")
# flufl.bounce logs each of its ~17 detectors at INFO for every automatic mail it reads: noise in `pbem serve`'s
# log. Its warnings (a detector that raised) still show.
logging.getLogger("flufl.bounce").setLevel(logging.WARNING)

BOUNCING_SENDERS = DAEMON_LOCAL_PARTS | {"postmaster"}
"""Local parts of senders whose mail to one of our return paths is a failure report even if no detector reads it."""


@dataclass(frozen=True)
class Bounce:
    """A delivery failure read from one inbound mail."""

    failed: tuple[str, ...]
    """The addresses the report names as failed for good (may be empty when only the return path tells)."""
    outbox_id: int | None
    """The mail of ours that failed, from the VERP return path the bounce was sent to."""
    detail: str
    """What failed, in words for the organiser."""


def recognise(message: Message, recipients: Iterable[str], settings: Settings, secret: str) -> Bounce | None:
    """The delivery failure ``message`` reports, or None when it reports none (or only a delay).

    A message to one of our return paths is a bounce when a detector finds a
    permanent failure in it, or when it comes from a mail server (MAILER-DAEMON,
    postmaster, a multipart/report) in a format no detector reads; anything
    else there is an autoresponder answering the envelope sender. Elsewhere
    only a detector's permanent failure makes it a bounce (which then counts
    against nobody, see :func:`pbem.play.bounces.read_automatic`).
    """
    outbox_id = verp_row(recipients, settings, secret)
    temporary, permanent = _failures(message)
    failed = tuple(sorted({address.decode("utf-8", "replace").strip("<>").lower() for address in permanent}))
    sender = first_address(message, "From")
    report = f"{sender or 'a mail server'} wrote {decoded_field(message, 'Subject')!r}"
    if failed:
        return Bounce(failed, outbox_id, f"{report}: permanent failure of {', '.join(failed)}")
    if temporary:
        return None  # a delay warning: the sending server keeps trying
    if outbox_id is not None and from_mail_server(message):
        return Bounce((), outbox_id, f"{report} (a failure report in a format not read)")
    return None


def verp_row(recipients: Iterable[str], settings: Settings, secret: str) -> int | None:
    """The outbox row whose genuine return path is among ``recipients``, if one is."""
    return next((found for found in (read_bounce_address(address, settings.bounce_local, settings.domain, secret)
                                     for address in recipients) if found is not None), None)


def at_return_path(recipients: Iterable[str], settings: Settings) -> bool:
    """Whether the mail came to our return paths' local part at all (its token checked or not): nothing
    there was written to be answered, so it is read as automatic mail even when no header filter caught it."""
    prefix, domain = f"{settings.bounce_local.lower()}+", f"@{settings.domain.lower()}"
    return any(address.startswith(prefix) and address.endswith(domain) for address in recipients)


def from_mail_server(message: Message) -> bool:
    """Whether ``message`` is a mail server's report by its sender (MAILER-DAEMON, postmaster) or its type."""
    return (first_address(message, "From").partition("@")[0] in BOUNCING_SENDERS
            or message.get_content_type() in REPORT_TYPES)


def delivery_report(message: Message, domain: str) -> bool:
    """Whether ``message`` reads as a mail server's delivery report (one a detector reads, from a mail
    server, or carrying back a mail of ours): such a message is never a player's reply, whatever address it
    came to. ``domain`` is the one our Message-IDs are at."""
    temporary, permanent = _failures(message)
    return bool(temporary or permanent) or from_mail_server(message) or returns_ours(message, domain)


RETURNED_TYPES = ("message/rfc822", "text/rfc822-headers")
"""How a report carries the mail it could not deliver: whole, or its header section."""


def returns_ours(message: Message, domain: str) -> bool:
    """Whether ``message`` carries back one of our mails: a returned message (or its headers) whose Message-ID
    is at our ``domain``. A server whose report no detector reads, sent by no MAILER-DAEMON and under a
    subject of its own, still returns the mail it failed with; a person's reply quotes it in its text
    and names it in In-Reply-To, never as an attached message of ours."""
    suffix = f"@{domain.lower()}"
    for part in message.walk():
        kind = part.get_content_type()
        if kind not in RETURNED_TYPES:
            continue
        returned = part.get_payload()
        if kind == "text/rfc822-headers" or not isinstance(returned, list):
            text = part.get_payload(decode=True) or b""
            returned = [BytesHeaderParser(policy=compat32).parsebytes(text)]
        if any(found.lower().endswith(suffix) for inner in returned[:1]
               for found in message_ids(raw_field(inner, "Message-ID"))):
            return True
    return False


def _failures(message: Message) -> tuple[frozenset[bytes], frozenset[bytes]]:
    """flufl.bounce's temporary and permanent failures; none when one of its detectors trips on odd input.

    Its heuristic detectors index into what they expect (Yale's raises
    IndexError on a message whose From is empty): that is not a bounce read,
    and must not make the message fail handling.
    """
    try:
        return all_failures(message)
    except Exception:  # noqa: BLE001 - third-party heuristics on hostile input; logged, read as no failure
        log.warning("flufl.bounce could not read a message; taken as reporting no failure", exc_info=True)
        return frozenset(), frozenset()
