"""Turning the bytes of a mail part or header word into text, whatever its label says.

Real mail lies about its charset: UTF-8 labelled ``us-ascii`` or ``iso-8859-1``,
Greek labelled ``x-unknown``, or a label Python has never heard of. A player's
move must still come through, so decoding never raises: it tries the label,
then the likely truths, and finally Latin-1, which maps every byte.
"""

from __future__ import annotations

import codecs

# Labels that say little: UTF-8 is tried before them because text that decodes
# as UTF-8 is almost never really Latin-1 or plain ASCII, while Latin-1 accepts
# any bytes and would turn mislabelled UTF-8 into mojibake.
_WEAK_LABELS = frozenset({"ascii", "iso8859-1", "cp1252"})

_FALLBACKS = ("utf-8", "cp1252", "latin-1")

# Codecs Python knows that no mail client means as a charset: a label naming
# one is treated as unknown rather than obeyed.
_NOT_CHARSETS = frozenset(
    {"undefined", "unicode-escape", "raw-unicode-escape", "idna", "punycode"}
)


def codec_name(label: str | None) -> str | None:
    """Python's canonical codec name for a MIME charset label, or None if unknown."""
    if not label:
        return None
    cleaned = label.strip().strip('"').strip("'").lower()
    if not cleaned:
        return None
    try:
        info = codecs.lookup(cleaned)
    except (LookupError, ValueError):
        return None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_CHARSETS:
        return None
    return info.name


def decode_bytes(data: bytes, label: str | None) -> str:
    """``data`` as text: the declared charset when it fits, else UTF-8, Windows-1252, Latin-1."""
    declared = codec_name(label)
    if declared in _WEAK_LABELS:
        candidates: tuple[str | None, ...] = ("utf-8", declared, *_FALLBACKS)
    else:
        candidates = (declared, *_FALLBACKS)
    for name in candidates:
        if name is None:
            continue
        try:
            return data.decode(name)
        except (UnicodeError, LookupError, ValueError):
            continue
    return data.decode("latin-1")
