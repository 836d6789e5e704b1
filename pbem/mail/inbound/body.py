"""Finding the part of a mail the player typed into, as text.

Clients send text/plain, text/plain + HTML alternatives, HTML only, or the
text inside a multipart/mixed with attachments. The plain part is preferred
because it is what the sender's client meant as text; HTML is converted only
when there is no usable plain part. Attachments and forwarded messages
(message/rfc822) are never read: a move is never hidden in them.
"""

from __future__ import annotations

import html as html_module
import re
from collections.abc import Iterator
from email.message import Message

import html2text

from pbem.mail.inbound.charsets import decode_bytes

# Depth at which nesting stops being plausible mail and starts being an attack.
_MAX_DEPTH = 20

# html2text is slow on huge or deeply nested HTML (cubic in list depth), so
# longer HTML is cut, and deeper nesting is read by stripping tags instead.
MAX_HTML_CHARS = 300_000
MAX_HTML_DEPTH = 100
_NESTING_TAG = re.compile(r"<(/?)(?:ol|ul|li|dl|dd|blockquote)\b", re.IGNORECASE)
_ANY_TAG = re.compile(r"<[^>]*>")
_BLOCK_TAG = re.compile(r"<(?:br|/?div|/?p|/?li|/?tr|/?blockquote)\b[^>]*>", re.IGNORECASE)

# html2text escapes Markdown-looking characters (``1.`` → ``1\.``, ``- x`` →
# ``\- x``); a reply is not Markdown, so the escapes are undone.
_MARKDOWN_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!])")


def _leaf_parts(message: Message, depth: int = 0) -> Iterator[Message]:
    """Non-multipart parts in order, not descending into attached messages."""
    if depth > _MAX_DEPTH:
        return
    if message.is_multipart():
        payload = message.get_payload()
        if isinstance(payload, list):
            for part in payload:
                if isinstance(part, Message):
                    yield from _leaf_parts(part, depth + 1)
        return
    yield message


def _is_attachment(part: Message) -> bool:
    disposition = str(part.get("Content-Disposition", "")).split(";", 1)[0].strip().lower()
    return disposition == "attachment"


def part_text(part: Message) -> str:
    """A leaf part's decoded content: transfer encoding undone, charset applied."""
    payload = part.get_payload(decode=True)
    if payload is None:
        payload = b""
    if not isinstance(payload, bytes):
        payload = str(payload).encode("utf-8", "surrogateescape")
    try:
        label = part.get_content_charset()
    except (ValueError, LookupError, TypeError):
        label = None
    return decode_bytes(payload, label)


def html_to_text(html: str) -> str:
    """Readable text from an HTML mail body; blockquotes become ``>`` lines."""
    html = html[:MAX_HTML_CHARS]
    if _nesting_depth(html) > MAX_HTML_DEPTH:
        return _stripped_tags(html)
    converter = html2text.HTML2Text()
    converter.body_width = 0
    converter.ignore_images = True
    converter.ignore_links = True
    converter.ignore_emphasis = True
    converter.ignore_tables = True
    converter.unicode_snob = True
    return _MARKDOWN_ESCAPE.sub(r"\1", converter.handle(html))


def _nesting_depth(html: str) -> int:
    depth = deepest = 0
    for match in _NESTING_TAG.finditer(html):
        depth = max(depth - 1, 0) if match.group(1) else depth + 1
        deepest = max(deepest, depth)
    return deepest


def _stripped_tags(html: str) -> str:
    """A crude reading of pathological HTML: block tags become line breaks, others vanish."""
    return html_module.unescape(_ANY_TAG.sub("", _BLOCK_TAG.sub("\n", html)))


def body_text(message: Message) -> str:
    """The text the sender wrote the mail in: first plain part, else the first HTML part."""
    html_part: Message | None = None
    for part in _leaf_parts(message):
        if _is_attachment(part):
            continue
        content_type = part.get_content_type()
        if content_type == "text/plain":
            text = part_text(part)
            if text.strip():
                return text
        elif content_type == "text/html" and html_part is None:
            html_part = part
    if html_part is None:
        return ""
    return html_to_text(part_text(html_part))
