"""Addresses that prove what they answer: a reply's game and seat, a bounce's outgoing mail.

A mail's ``Reply-To`` is ``<local>+<game>.<seat>.<token>@<domain>``; the
token is a truncated HMAC-SHA256 of ``"<game>:<seat>"`` under the server
secret, so a player cannot forge a reply for a seat they were never mailed,
and checking it needs no database lookup. Seats are the engine's 0-based seat
numbers. A mail that asks for a decision (a prompt, a status, a reminder)
also names the decision: ``<local>+<game>.<seat>.<asked>.<token>@<domain>``,
``asked`` being the moves in the log when it was sent and the token an HMAC
of ``"<game>:<seat>:<asked>"``. A reply whose client dropped ``In-Reply-To``
and ``References`` still says which prompt it answers, so an old prompt's
answer is never played on a newer decision.

Every mail we send has its own envelope sender (VERP),
``<bounce local>+<outbox id>.<token>@<domain>`` with the token an HMAC of
``"bounce:<outbox id>"``: a bounce goes back to it, so it names exactly which
mail, thus which player's address, failed. Only a bounce that comes to such an
address is counted, against that mail's recipient alone, and only for
``bounce_verp_days`` after the mail (:mod:`pbem.mail.bounces`); a report sent
anywhere else counts against nobody, so a stranger, who never sees these
addresses, cannot make us count a bounce against a player.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

TOKEN_LENGTH = 16
"""Base32 characters kept: 80 bits, far beyond what guessing by mail can reach."""

_TAGGED = re.compile(r"^(?P<local>[^+@]+)\+(?P<game>\d+)\.(?P<seat>\d+)\.(?:(?P<asked>\d+)\.)?(?P<token>[a-z2-7]+)"
                     r"@(?P<domain>[^@]+)$")


@dataclass(frozen=True)
class ReplyTarget:
    """What a genuine reply address names: the game, the seat, and the decision it asked (if it asked one)."""

    game_id: int
    seat: int
    asked: int | None = None
    """Moves in the game's log when the decision mail was sent; None for other mails (and older addresses)."""


_BOUNCE = re.compile(r"^(?P<local>[^+@]+)\+(?P<row>\d+)\.(?P<token>[a-z2-7]+)@(?P<domain>[^@]+)$")


def _token(secret: str, message: str) -> str:
    digest = hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:TOKEN_LENGTH]


def seat_token(secret: str, game_id: int, seat: int, asked: int | None = None) -> str:
    """The HMAC token for one seat of one game (and one decision asked of it), lower-case base32."""
    return _token(secret, f"{game_id}:{seat}" if asked is None else f"{game_id}:{seat}:{asked}")


def bounce_address(local: str, domain: str, secret: str, outbox_id: int) -> str:
    """The envelope sender (VERP return path) of outbox row ``outbox_id``: where its bounce comes back."""
    return f"{local}+{outbox_id}.{_token(secret, f'bounce:{outbox_id}')}@{domain}"


def read_bounce_address(address: str, local: str, domain: str, secret: str) -> int | None:
    """The outbox id when ``address`` is a genuine return path of ours, else None."""
    found = _BOUNCE.match(address.strip().lower())
    if found is None or found["local"] != local.lower() or found["domain"] != domain.lower():
        return None
    outbox_id = int(found["row"])
    if not hmac.compare_digest(found["token"], _token(secret, f"bounce:{outbox_id}")):
        return None
    return outbox_id


def reply_address(local: str, domain: str, secret: str, game_id: int, seat: int, asked: int | None = None) -> str:
    """The address a mail to ``seat`` of ``game_id`` asks the player to reply to (naming decision ``asked``)."""
    tag = f"{game_id}.{seat}" if asked is None else f"{game_id}.{seat}.{asked}"
    return f"{local}+{tag}.{seat_token(secret, game_id, seat, asked)}@{domain}"


def read_reply_address(address: str, local: str, domain: str, secret: str) -> ReplyTarget | None:
    """What ``address`` names when it is a genuine reply address of ours, else None."""
    found = _TAGGED.match(address.strip().lower())
    if found is None or found["local"] != local.lower() or found["domain"] != domain.lower():
        return None
    game_id, seat = int(found["game"]), int(found["seat"])
    asked = int(found["asked"]) if found["asked"] is not None else None
    if not hmac.compare_digest(found["token"], seat_token(secret, game_id, seat, asked)):
        return None
    return ReplyTarget(game_id, seat, asked)
