"""Scripted players behind a relay: they read each prompt that arrives and answer it by mail.

The demo, the tournament tests and ``pbem bench mail`` need the same player:
one that finds the legal moves a prompt lists, picks one, and writes the reply
a mail client would (To the prompt's Reply-To, In-Reply-To its Message-ID).
Kept here once so all of them play by the same rules.
"""

from __future__ import annotations

import random
import re
import socket
import uuid
from dataclasses import dataclass
from email.message import EmailMessage, Message
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

from pbem.language.catalogs import LANGUAGES
from pbem.language.words import SOURCE_LANGUAGE, translations



def _in_every_language(message: str) -> tuple[str, ...]:
    """``message`` as pbem writes it in each of its languages, English first: a player reads any of them."""
    return tuple(dict.fromkeys(translations(language, "messages").gettext(message)
                               for language in (SOURCE_LANGUAGE, *LANGUAGES)))


LEGAL = re.compile("^(?:" + "|".join(re.escape(heading) for heading in
                                     _in_every_language("Your legal moves:") + _in_every_language("Your legal moves now:"))
                   + r")\n((?:  .+\n)+)", re.MULTILINE)
NUMBER = re.compile(r"^\d+\. ")
"""A listed move's number, which a player copying the move leaves out."""
GAME_IN_REPLY_ADDRESS = re.compile(r"\+(\d+)\.\d+\.")
PROMPT_SUBJECTS = tuple(subject.split("%(")[0].rstrip(": ") for subject in
                        _in_every_language("Your move: %(title)s") + _in_every_language("Not played: %(headline)s"))
"""What the subject of a mail asking for a move begins with (after the table), in every language."""


def legal_moves(text: str) -> list[str]:
    """The moves a prompt's plain text lists (the "… and N more" summary left out); [] if it lists none."""
    found = LEGAL.search(text.replace("\r\n", "\n"))
    if found is None:
        return []
    return [NUMBER.sub("", line.strip()) for line in found[1].splitlines() if not line.strip().startswith("…")]


def plain_text(message: Message) -> str:
    """The text/plain part, decoded (compat32 parsing: a fifth of the cost of the modern API)."""
    for part in message.walk():
        if part.get_content_type() == "text/plain":
            payload = part.get_payload(decode=True) or b""
            return payload.decode(part.get_content_charset() or "utf-8", "replace").replace("\r\n", "\n")  # type: ignore[union-attr]
    return ""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def game_of(reply_to: str) -> int:
    """The game id a reply address names (0 when it names none)."""
    found = GAME_IN_REPLY_ADDRESS.search(reply_to)
    return int(found[1]) if found else 0


def is_prompt(subject: str) -> bool:
    return any(word in subject for word in PROMPT_SUBJECTS)


@dataclass(frozen=True)
class Reply:
    """A player's answer, ready for SMTP: envelope sender, envelope recipient, the raw message."""

    sender: str
    recipient: str
    raw: bytes


def reply(sender: str, reply_to: str, subject: str, message_id: str, text: str, domain: str = "swarm.localhost") -> Reply:
    """What a mail client sends when the player presses Reply and writes ``text``."""
    raw = (
        f"From: {sender}\r\nTo: {reply_to}\r\nSubject: Re: {subject}\r\n"
        f"Message-ID: <{uuid.uuid4().hex}@{domain}>\r\nIn-Reply-To: {message_id}\r\n"
        f"References: {message_id}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{text}\r\n"
    ).encode()
    return Reply(sender, reply_to, raw)


def answer(sender: str, reply_to: str, subject: str, message_id: str, body: str, rng: random.Random) -> Reply | None:
    """A random legal move for a prompt, or None when the mail asks nothing."""
    if not is_prompt(subject):
        return None
    moves = legal_moves(body)
    if not moves:
        return None
    return reply(sender, reply_to, subject, message_id, rng.choice(moves))


@dataclass(frozen=True)
class Link:
    """One ``mailto:`` link of a prompt's HTML part (RFC 6068): where its mail goes, with what, and the move it
    shows (``number``, as the prompt numbers its legal moves, and ``shown``, its words). A refusal's suggested
    turn of several decisions has no number (0)."""

    href: str
    address: str
    subject: str
    body: str
    """With plain line breaks (the link's CRLF undone)."""
    number: int
    shown: str


class _Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "a" and (named.get("href") or "").startswith("mailto:"):
            self.found.append((named["href"] or "", named.get("title") or ""))


def links(html: str) -> list[Link]:
    """The move links of a mail's HTML part, each parsed as a mail client reads a ``mailto:`` link.

    A link's title is ``N. move``: the move's number in the prompt's list, then its words; a refusal's
    suggested turn of several decisions, which no number names, is titled with its words alone (number 0). A
    ``mailto:`` without a title (an undo vote's yes and no) is no move and is left out.
    """
    anchors = _Anchors()
    anchors.feed(html)
    parsed = []
    for href, title in anchors.found:
        if not title:
            continue
        number, _, shown = title.partition(". ")
        if not number.isdigit():
            number, shown = "0", title
        split = urlsplit(href)
        fields = dict(pair.split("=", 1) for pair in split.query.split("&"))
        parsed.append(Link(href, unquote(split.path), unquote(fields.get("subject", "")),
                           unquote(fields.get("body", ""), errors="strict").replace("\r\n", "\n"),
                           int(number), shown))
    return parsed


def clicked(sender: str, link: Link, domain: str = "swarm.localhost", footer: str = "") -> Reply:
    """The mail a client writes when the player clicks ``link`` and presses Send: To, Subject and body the
    link's (with the client's ``footer`` under it), and no ``In-Reply-To``, as a new mail has none."""
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = sender, link.address, link.subject
    mail["Message-ID"] = f"<{uuid.uuid4().hex}@{domain}>"
    mail.set_content(link.body + (f"\n\n{footer}" if footer else "") + "\n")
    return Reply(sender, link.address, bytes(mail))
