"""What our own MX found of a mail's sender: the DMARC verdict of its ``Authentication-Results`` headers.

A reply's From is whatever its writer typed; a seat's token plus the
player's address would make a move. When the MX runs a DMARC check
(OpenDMARC or rspamd behind Postfix, docs/deploy.md section 4d) it adds an
``Authentication-Results`` header (RFC 8601) saying whether the From's domain
vouched for the mail. Anyone can write such a header too, so only ours count:
those whose authserv-id is the configured ``authserv_id``, from the top down
to the first header of another server (our MX adds its headers above every
header that came with the mail, and the guide's Postfix removes every one
that came with it). Our MX may write several (OpenDKIM's ``dkim=`` one above
OpenDMARC's), so every one of them is read, not only the topmost: a header
the sender slipped in among them could only refuse their own mail, since a
``fail`` anywhere wins and ``pass`` excuses nothing. Headers of other servers
are ignored. The header is read with ``authres``, a parser made for RFC 8601.
"""

from __future__ import annotations

from email.message import Message

import authres
import authres.core

FAIL = "fail"
"""A verdict that refuses a mail: the From's domain publishes DMARC and this mail does not satisfy it."""

ELSEWHERE = "elsewhere"
"""A verdict that refuses a mail: our MX's DMARC result is about another domain than the From's
(``header.from``), so the From's own domain was never checked: no verdict, and no mail to trust."""


def dmarc_verdict(message: Message, authserv_id: str, from_domain: str) -> str:
    """The DMARC result our MX wrote for ``from_domain`` ("pass", "fail", "none", …), :data:`ELSEWHERE` when its
    only results are about other domains, or "" when it wrote none.

    "" also when no ``authserv_id`` is configured: then no header is trusted.
    """
    if not authserv_id:
        return ""
    about, elsewhere = [], False
    for value in message.get_all("Authentication-Results") or ():
        unfolded = " ".join(str(value).split())
        if _authserv_id(unfolded) != authserv_id.lower():
            break  # another server's header: the mail's own headers start here
        parsed = _parse(unfolded)
        if parsed is None:
            continue  # ours, but unreadable: it says nothing, and hides nothing below it
        for result in parsed.results:
            if result.method.lower() != "dmarc":
                continue
            if _about(result, from_domain):
                about.append(result.result.lower())
            else:
                elsewhere = True
    if FAIL in about:
        return FAIL
    if elsewhere:
        return ELSEWHERE
    return about[0] if about else ""


def _authserv_id(unfolded: str) -> str:
    """The authserv-id a header names, lower-cased: its first word, comments before it skipped."""
    head = unfolded.split(";", 1)[0]
    while head.startswith("("):
        depth, end = 0, len(head)
        for index, char in enumerate(head):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0:
                end = index + 1
                break
        head = head[end:].lstrip()
    return head.split(" ", 1)[0].lower()


def _parse(value: str) -> authres.AuthenticationResultsHeader | None:
    try:
        return authres.AuthenticationResultsHeader.parse_value(value)
    except authres.core.AuthResError:  # its syntax errors, an orphan comment, an unknown version
        return None


def _domain(name: str) -> str:
    """A domain as DNS spells it (lower case, IDNA), so ``header.from`` and the From's compare however written."""
    name = name.strip().rstrip(".").lower()
    try:
        return name.encode("idna").decode("ascii")
    except UnicodeError:
        return name


def _about(result: authres.AuthenticationResult, from_domain: str) -> bool:
    """Whether the result is about ``from_domain`` (a result that names no header.from is about the mail)."""
    named = [prop.value for prop in result.properties or () if (prop.type, prop.name) == ("header", "from")]
    return not named or any(_domain(str(domain)) == _domain(from_domain) for domain in named)
