"""Reading header fields of a parsed mail as plain, decoded text.

The stdlib's compat32 parser is eight times faster than ``policy.default`` but
hands back raw fields, sometimes as ``Header`` objects for 8-bit junk, and
leaves RFC 2047 encoded words alone. These helpers turn any of that into
``str`` without ever raising, so the rules and the reader above stay simple.
"""

from __future__ import annotations

import re
from email.errors import HeaderParseError
from email.header import Header, decode_header
from email.message import Message
from email.utils import getaddresses
from inspect import signature

from pbem.mail.inbound.charsets import decode_bytes

_MESSAGE_ID = re.compile(r"<([^<>\s]+)>")
_FOLDING = re.compile(r"\s+")
_STRICT = {"strict": True} if "strict" in signature(getaddresses).parameters else {}
"""``getaddresses`` refusing the ambiguous forms (CVE-2023-27043) where this Python has the switch (3.13, and the
security releases of older ones); elsewhere its default."""
_NULL_PATH = re.compile(r"\s*<\s*>\s*(?:\(.*\))?\s*\Z", re.DOTALL)


def raw_field(message: Message, name: str) -> str | None:
    """The first ``name`` field as undecoded text (RFC 2047 words left as they are), or None."""
    value = message.get(name)
    return None if value is None else _field_text(value)


def all_raw_fields(message: Message, name: str) -> list[str]:
    """Every ``name`` field as undecoded text, in order."""
    return [_field_text(value) for value in message.get_all(name) or []]


def _field_text(value: str | Header) -> str:
    """A field's value as text, its 8-bit bytes read as the body's are (UTF-8 first, :func:`decode_bytes`).

    A client may write a subject or a name as raw UTF-8, against RFC 5322 but
    often. The compat32 parser hands such a field as a ``Header`` of
    ``unknown-8bit`` chunks, whose ``str()`` turns every such byte into U+FFFD:
    pbem's answer would quote the player's subject garbled. ``decode_header``
    gives those chunks back as the bytes they were.
    """
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(chunk if isinstance(chunk, str) else decode_bytes(chunk, None)
                   for chunk, _label in decode_header(value))


def decoded_field(message: Message, name: str) -> str:
    """The first ``name`` field with RFC 2047 words decoded and folding undone; "" if absent."""
    raw = raw_field(message, name)
    if raw is None:
        return ""
    return _FOLDING.sub(" ", decode_words(raw)).strip()


def decode_words(raw: str) -> str:
    """RFC 2047 encoded words (``=?koi8-r?B?…?=``) to text, any charset, never raising.

    The text beside the encoded words may hold letters outside ASCII too (a subject written as raw UTF-8 with
    an encoded word in it): ``decode_header`` hands that back as its ``raw-unicode-escape`` bytes, with no
    charset, and is read back the same way.
    """
    try:
        pieces = decode_header(raw)
    except (HeaderParseError, ValueError, LookupError):
        return raw
    parts: list[str] = []
    for chunk, label in pieces:
        if isinstance(chunk, str):
            parts.append(chunk)
        elif label is None:
            parts.append(chunk.decode("raw-unicode-escape"))
        else:
            parts.append(decode_bytes(chunk, label))
    return "".join(parts)


def address_pairs(value: str) -> list[tuple[str, str]]:
    """(display name, lower-cased addr-spec) for each address in one field's value.

    Always read by the standard library's parser, strict where this Python has
    it: the sender read here decides who a mail is from, so no shortcut of our
    own may read an address differently. Entries without a usable addr-spec are
    left out.
    """
    pairs: list[tuple[str, str]] = []
    for display, spec in getaddresses([value], **_STRICT):
        spec = spec.strip().lower()
        if "@" in spec and not any(c.isspace() for c in spec):
            pairs.append((display, spec))
    return pairs


def addresses(message: Message, name: str) -> list[str]:
    """The lower-cased addr-specs in every ``name`` field; unparsable entries are left out."""
    return [spec for value in all_raw_fields(message, name) for _display, spec in address_pairs(value)]


def mailboxes(message: Message, name: str) -> list[list[str]]:
    """For each ``name`` field, every addr-spec the parser reads in it, usable or not (empty ones left out).

    How many senders a From names is counted here, before anything is
    dropped as unusable: ``ann@example.org, eve@evil example`` names two, and
    must not pass for Ann's alone.
    """
    return [[spec.strip() for _display, spec in getaddresses([value], **_STRICT) if spec.strip()]
            for value in all_raw_fields(message, name)]


def sole_address(message: Message, name: str) -> str:
    """The addr-spec of the one ``name`` field when it names exactly one address; "" otherwise.

    A From of two addresses, or two From fields, is no one's mail: taking the
    first would let ``From: <player>, <attacker>`` speak for the player.
    """
    fields = mailboxes(message, name)
    if len(fields) != 1 or len(fields[0]) != 1:
        return ""
    return first_address(message, name)


def first_address(message: Message, name: str) -> str:
    """The addr-spec of the first ``name`` field; "" when absent or unparsable."""
    value = raw_field(message, name)
    pairs = address_pairs(value) if value is not None else []
    return pairs[0][1] if pairs else ""


def display_name(message: Message, name: str) -> str:
    """The decoded display name of the first address in ``name`` ("" when there is none)."""
    value = raw_field(message, name)
    pairs = address_pairs(value) if value is not None else []
    if not pairs:
        return ""
    return _FOLDING.sub(" ", decode_words(pairs[0][0])).strip().strip('"').strip()


def return_path(message: Message) -> str | None:
    """The Return-Path addr-spec; "" only for the null path ``<>``, None when absent or unreadable.

    An unreadable path is not treated as null: calling a human's reply a
    bounce would silently drop their move.
    """
    value = raw_field(message, "Return-Path")
    if value is None:
        return None
    if _NULL_PATH.match(value):
        return ""
    return first_address(message, "Return-Path") or None


def message_ids(value: str | None) -> tuple[str, ...]:
    """The ``<id>`` tokens of a Message-ID / In-Reply-To / References field, without brackets."""
    if not value:
        return ()
    found = tuple(_MESSAGE_ID.findall(value))
    if found:
        return found
    bare = value.strip()
    return (bare,) if bare and not any(c.isspace() for c in bare) else ()
