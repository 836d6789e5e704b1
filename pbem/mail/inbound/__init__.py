"""Reading one raw inbound mail into the facts the pipeline decides on.

Everything a mail server can hand us ends up here: replies from any client in
any charset, out-of-office notices, bounces, list traffic, junk and attacks.
:func:`read_mail` never raises on any bytes, so the pipeline can always store
the message and answer (or deliberately not answer) it. The kind is decided
from headers alone: a message over the size limit is never parsed beyond its
header section, so a 50 MB attachment costs only a header parse, and the text
of automatic mail is never extracted.

>>> mail = read_mail(b"From: Ann <ann@example.org>\\r\\nMessage-ID: <1@x>\\r\\n\\r\\ngroup 2 tax\\r\\n")
>>> (mail.sender, mail.kind.value, mail.text)
('ann@example.org', 'reply', 'group 2 tax')
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import Message
from email.parser import BytesHeaderParser, BytesParser
from email.policy import compat32
from enum import StrEnum

from pbem.mail.inbound.authresults import ELSEWHERE, FAIL, dmarc_verdict
from pbem.mail.inbound.body import body_text
from pbem.mail.inbound.headers import (
    address_pairs, addresses, decoded_field, display_name, mailboxes, message_ids, raw_field, return_path,
    sole_address,
)
from pbem.mail.inbound.history import new_text
from pbem.mail.inbound.filters import AUTOMATIC_FILTERS, Envelope, Filter, automatic_reason

__all__ = ["AUTOMATIC_FILTERS", "InboundMail", "MailKind", "Rule", "read_mail", "reverse_path"]

# Recipient headers, in the order the contract lists them: the ones an MTA adds
# for the real envelope recipient first, then the visible ones.
RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "To", "Cc")

# Header sections longer than this are not mail a person sent; they are read
# only this far, so an oversized or hostile message costs a bounded parse.
MAX_HEADER_BYTES = 256_000

# More multipart containers than this is an attack on the stdlib parser's
# recursion, not a reply (a phone's reply with a photo has two or three).
MAX_MULTIPARTS = 100

_HEADER_END = re.compile(rb"\r?\n\r?\n")
_MULTIPART = re.compile(rb"boundary\s*\*?\d*\*?\s*=", re.IGNORECASE)


class MailKind(StrEnum):
    """What the pipeline should do with a mail before authenticating it."""

    REPLY = "reply"
    AUTOMATIC = "automatic"
    OVERSIZE = "oversize"


@dataclass(frozen=True)
class InboundMail:
    """One inbound mail as the pipeline sees it; all addresses are lower-cased addr-specs."""

    message_id: str
    sender: str
    return_path: str | None
    recipients: tuple[str, ...]
    subject: str
    in_reply_to: str | None
    references: tuple[str, ...]
    kind: MailKind
    reason: str
    text: str
    dmarc: str = ""
    """The DMARC verdict our MX wrote for the From's domain ("pass", "fail", …); "" when none is trusted
    (:mod:`pbem.mail.inbound.authresults`)."""
    several_senders: bool = False
    """Whether the From names more than one address, or the mail has more than one From: then ``sender`` is ""
    (no one's mail: pbem answers none of them, and takes none for a seat's player)."""
    unauthenticated: str = ""
    """Why our MX's word makes the mail no one's ("" when it does not): its DMARC check failed, its verdict is
    about another domain, or (once an ``authserv_id`` is set) the From names several senders, which DMARC
    cannot vouch for."""


def read_mail(
    raw: bytes,
    *,
    own_addresses: Iterable[str] = (),
    envelope_recipients: Iterable[str] = (),
    envelope_sender: str | None = None,
    max_bytes: int = 1_000_000,
    authserv_id: str = "",
) -> InboundMail:
    """Read ``raw`` (one RFC 5322 message) into an :class:`InboundMail`; never raises.

    ``own_addresses`` are the addresses we send from (mail from them is ours,
    looping back); ``envelope_recipients`` are the RCPT TO addresses when the
    transport knows them; ``envelope_sender`` is the SMTP MAIL FROM when the
    transport knows it ("" or "<>" for the null reverse-path): it is the truth
    a Return-Path header only reports, so it wins over that header; a message
    longer than ``max_bytes`` is OVERSIZE and its body is not read; ``authserv_id`` names our MX, the one
    server whose ``Authentication-Results`` header is trusted ("": none is).
    """
    raw = bytes(raw)
    oversize = len(raw) > max_bytes
    whole = None if oversize else _parse_whole(raw)
    headers = whole if whole is not None else _parse_headers(raw)
    sender = sole_address(headers, "From")
    several = len([spec for field in mailboxes(headers, "From") for spec in field]) > 1
    envelope = Envelope(
        message=headers,
        sender=sender,
        return_path=return_path(headers) if envelope_sender is None else reverse_path(envelope_sender),
        own_addresses=_addr_specs(own_addresses),
    )
    reason = automatic_reason(envelope)
    if reason is not None:
        kind, text = MailKind.AUTOMATIC, ""
    elif oversize:
        kind, text = MailKind.OVERSIZE, ""
        reason = f"message of {len(raw):,} bytes is larger than the {max_bytes:,}-byte limit"
    else:
        body = body_text(whole) if whole is not None else ""
        kind, reason, text = MailKind.REPLY, "", new_text(body, display_name(headers, "From"))
    in_reply_to = message_ids(raw_field(headers, "In-Reply-To"))
    dmarc = dmarc_verdict(headers, authserv_id, sender.rpartition("@")[2]) if sender else ""
    return InboundMail(
        message_id=_message_id(headers, raw),
        sender=sender,
        return_path=envelope.return_path,
        recipients=_recipients(headers, envelope_recipients),
        subject=decoded_field(headers, "Subject"),
        in_reply_to=in_reply_to[0] if in_reply_to else None,
        references=message_ids(raw_field(headers, "References")),
        kind=kind,
        reason=reason,
        text=text,
        dmarc=dmarc,
        several_senders=several,
        unauthenticated=_unauthenticated(authserv_id, several, dmarc),
    )


SEVERAL_SENDERS = "it names several senders in its From (DMARC vouches for one sender only)"
FORGED = "it failed DMARC at our MX (the From's domain does not vouch for it)"
ABOUT_ELSEWHERE = "our MX's DMARC verdict is about another domain than the From's"


def _unauthenticated(authserv_id: str, several: bool, dmarc: str) -> str:
    """Why the mail is no one's by our MX's word, once there is an MX whose word counts; "" when it is not."""
    if not authserv_id:
        return ""
    if several:
        return SEVERAL_SENDERS
    return {FAIL: FORGED, ELSEWHERE: ABOUT_ELSEWHERE}.get(dmarc, "")


def reverse_path(envelope_sender: str) -> str:
    """An SMTP MAIL FROM as an addr-spec: "" for the null reverse-path, whether given as "" or "<>"."""
    path = envelope_sender.strip().removeprefix("<").removesuffix(">").strip()
    return path.lower()


def _parse_headers(raw: bytes) -> Message:
    """The header section only, parsed without reading (or copying) the body."""
    end = _HEADER_END.search(raw, 0, MAX_HEADER_BYTES)
    section = raw[: end.end()] if end else raw[:MAX_HEADER_BYTES]
    return BytesHeaderParser(policy=compat32).parsebytes(section)


def _parse_whole(raw: bytes) -> Message | None:
    """The whole message, or None for MIME nested deeper than any mail client nests it.

    Parsing once serves both the header filters and the body; only an oversized
    message is left to the header-only parse.
    """
    if len(_MULTIPART.findall(raw)) > MAX_MULTIPARTS:
        return None
    try:
        return BytesParser(policy=compat32).parsebytes(raw)
    except RecursionError:
        # The stdlib parser recurses once per nesting level; a boundary
        # spelled so that the count above missed it still ends here.
        return None


def _addr_specs(given: Iterable[str]) -> frozenset[str]:
    """Our own addresses as bare addr-specs, whether given as ``x@y`` or ``Name <x@y>``."""
    specs: set[str] = set()
    for address in given:
        pairs = address_pairs(address)
        if pairs:
            specs.update(spec for _display, spec in pairs)
        elif address.strip():
            specs.add(address.strip().lower())
    return frozenset(specs)


def _message_id(headers: Message, raw: bytes) -> str:
    ids = message_ids(raw_field(headers, "Message-ID"))
    if ids:
        return ids[0]
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def _recipients(headers: Message, envelope_recipients: Iterable[str]) -> tuple[str, ...]:
    found: list[str] = [a.strip().lower() for a in envelope_recipients if a and a.strip()]
    for name in RECIPIENT_HEADERS:
        found.extend(addresses(headers, name))
    return tuple(dict.fromkeys(found))
