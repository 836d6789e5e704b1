"""The addresses pbem mails, parsed and checked once where they enter (command line, roster, settings).

A bad address stored is a bad mail header later: a CR or LF in it injects
header lines (a ``Bcc:``), a letter outside ASCII cannot be written into a
header at all, and a quoted local part is never what a reply's ``From`` is
matched against. So every address is read by ``email-validator`` (syntax only:
no DNS lookups, an organiser may register a player offline) before it is stored.

Non-ASCII addresses: pbem sends every mail without SMTPUTF8 (the relays it
is run behind do not all offer it, and a reply address, a bounce or a player's
``From`` would then have to be matched in two spellings), so a local part
outside ASCII (``josé@example.es``) is refused with a line saying so, while an
internationalised *domain* is kept in its ASCII (punycode) form, which every
relay carries: ``ann@bücher.de`` is stored as ``ann@xn--bcher-kva.de``.

The special-use domains ``.test`` and ``.localhost`` are accepted: pbem's own
default domain, the demo and the benches run on loopback with them. The other
special-use names (``.invalid``, ``.local``, ``.onion``, ``.arpa``) are refused
as email-validator refuses them: no mail reaches them.
"""

from __future__ import annotations

from email_validator import EmailNotValidError, validate_email

from tournaments.names import control_characters, shown

EXAMPLE = "ann@example.org"
"""The address every refusal gives as what would be right."""

_LOOPBACK = "localhost"
_STAND_IN = "test"
"""email-validator accepts ``.test`` (``test_environment``) but not ``.localhost``: a ``.localhost`` domain is
checked as the same labels under ``.test`` (both are plain DNS labels, so the syntax checks are the same)."""


class AddressError(ValueError):
    """An address pbem cannot mail; the message is one line naming the value and what would be right."""


def mailbox(text: str) -> str:
    """``text`` as pbem writes it into headers and the SMTP envelope: ASCII, its domain lower-cased (an
    internationalised domain in punycode); raises :class:`AddressError` when it is not such an address."""
    value = text.strip()
    controls = control_characters(value)
    if controls:
        raise AddressError(f"{shown(value)} is not an email address: it has control characters "
                           f"({', '.join(controls)}); write the address alone on one line, e.g. {EXAMPLE}")
    if '"' in value:
        raise AddressError(f"{shown(value)} is not an email address pbem can use: a quoted part (\") is never "
                           f"what a reply comes from; give the plain address, e.g. {EXAMPLE}")
    local, at, domain = value.rpartition("@")
    if at and not local.isascii():
        outside = "".join(dict.fromkeys(c for c in local if not c.isascii()))
        raise AddressError(f"{shown(value)} has letters outside ASCII before the @ ({outside}): pbem mails without "
                           f"SMTPUTF8, so give the player's ASCII address (most providers offer one as an alias)")
    loopback = _is_loopback(domain)
    checked_domain = domain[: -len(_LOOPBACK)] + _STAND_IN if loopback else domain
    try:
        valid = validate_email(f"{local}@{checked_domain}" if at else value, check_deliverability=False,
                               allow_smtputf8=False, allow_quoted_local=False, allow_domain_literal=False,
                               allow_display_name=False, test_environment=True)
    except EmailNotValidError as exc:
        reason = str(exc).rstrip(".").replace(f"@{checked_domain}", f"@{domain}")
        raise AddressError(f"{shown(value)} is not an email address: {reason}; write e.g. {EXAMPLE}") from None
    address: str = valid.ascii_email or valid.normalized
    if loopback:
        address = address[: -len(_STAND_IN)] + _LOOPBACK
    return address


def _is_loopback(domain: str) -> bool:
    lowered = domain.lower()
    return lowered == _LOOPBACK or lowered.endswith("." + _LOOPBACK)
