"""Header values of the mail pbem sends, written within the limits of the RFCs every reader holds them to.

The outbox writes each header as raw ASCII (:func:`pbem.serve.outbox.compose`); text outside ASCII goes in RFC
2047 encoded words, and the From names the service as well as its address. Reading the headers of the mail
that comes in is :mod:`pbem.mail.inbound.headers`.
"""

from __future__ import annotations

import base64
from email.header import Header
from email.utils import formataddr

from pbem.ops.config import NAME_BYTES

LINE = 76
"""The longest line of a folded encoded header: each encoded word on it then stays within the 75 characters RFC
2047 (2.) allows one, also on a continuation line, which starts with its folding space."""


def encoded_words(text: str, name: str) -> str:
    """``text`` as RFC 2047 UTF-8 words for the header ``name``, folded with CRLF and a space so that no line
    and no encoded word is longer than RFC 2047 allows (:data:`LINE`): the standard library's default line of
    78 characters lets the word of a continuation line reach 76."""
    return Header(text, "utf-8", header_name=name).encode(linesep="\r\n", maxlinelen=LINE)


def from_header(name: str, address: str) -> str:
    """The From of every mail: ``name`` shown as the sender, then ``address``; the bare address without a name.

    A display name is what a reader's inbox shows instead of an address, and a From without one is one of the
    marks spam filters count. An ASCII name is written as a quoted string where it needs one, any other as
    RFC 2047 words (:func:`encoded_words`), so the header stays ASCII and valid, and is signed as it is sent.
    """
    if not name:
        return address
    if name.isascii() and "=?" not in name:
        return formataddr((name, address))
    encoded = name.encode("utf-8")
    if len(encoded) > NAME_BYTES:
        raise ValueError(f"a From name outside ASCII holds at most {NAME_BYTES} bytes of UTF-8, not {len(encoded)}")
    return f"=?utf-8?b?{base64.b64encode(encoded).decode('ascii')}?= <{address}>"
