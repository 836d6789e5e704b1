"""What our own MX found of a mail's sender: the DMARC verdict of its ``Authentication-Results`` header.

A reply's From is whatever its writer typed; a seat's token plus the
player's address would make a move. When the MX runs a DMARC check
(OpenDMARC or rspamd behind Postfix, docs/deploy.md section 4d) it adds an
``Authentication-Results`` header (RFC 8601) saying whether the From's domain
vouched for the mail. Anyone can write such a header too, so only one counts:
the topmost whose authserv-id is the configured ``authserv_id`` (our MX adds
its header above every header that came with the mail, so a forged one sits
below it). Headers of other servers, and everything below ours, are ignored.
The header is read with ``authres``, a parser made for RFC 8601.
"""

from __future__ import annotations

from email.message import Message

import authres
import authres.core

FAIL = "fail"
"""The one verdict that refuses a mail: the From's domain publishes DMARC and this mail does not satisfy it."""


def dmarc_verdict(message: Message, authserv_id: str, from_domain: str) -> str:
    """The DMARC result our MX wrote for ``from_domain`` ("pass", "fail", "none", …), or "" when it wrote none.

    "" also when no ``authserv_id`` is configured: then no header is trusted.
    A result for another domain than the From's (``header.from``) is not about
    this mail's writer and is ignored.
    """
    if not authserv_id:
        return ""
    for value in message.get_all("Authentication-Results") or ():
        unfolded = " ".join(str(value).split())
        if unfolded.split(";", 1)[0].split(" ", 1)[0].lower() != authserv_id.lower():
            continue  # another server's verdict: not ours to trust
        parsed = _parse(unfolded)
        if parsed is None:
            return ""  # ours, but unreadable: no verdict (and nothing below it is read)
        verdicts = [result.result.lower() for result in parsed.results
                    if result.method.lower() == "dmarc" and _about(result, from_domain)]
        if FAIL in verdicts:
            return FAIL
        return verdicts[0] if verdicts else ""  # the topmost trusted header is the only one read
    return ""


def _parse(value: str) -> authres.AuthenticationResultsHeader | None:
    try:
        return authres.AuthenticationResultsHeader.parse_value(value)
    except authres.core.AuthResError:  # its syntax errors, an orphan comment, an unknown version
        return None


def _about(result: authres.AuthenticationResult, from_domain: str) -> bool:
    """Whether the result is about ``from_domain`` (a result that names no header.from is about the mail)."""
    named = [prop.value for prop in result.properties or () if (prop.type, prop.name) == ("header", "from")]
    return not named or any(str(domain).lower() == from_domain.lower() for domain in named)
