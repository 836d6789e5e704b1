"""Reply addresses that prove which game and seat a reply is for.

A prompt's ``Reply-To`` is ``<local>+<game>.<seat>.<token>@<domain>``; the
token is a truncated HMAC-SHA256 of ``"<game>:<seat>"`` under the server
secret, so a player cannot forge a reply for a seat they were never mailed,
and checking it needs no database lookup. Seats are the engine's 0-based seat
numbers.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

TOKEN_LENGTH = 16
"""Base32 characters kept: 80 bits, far beyond what guessing by mail can reach."""

_TAGGED = re.compile(r"^(?P<local>[^+@]+)\+(?P<game>\d+)\.(?P<seat>\d+)\.(?P<token>[a-z2-7]+)@(?P<domain>[^@]+)$")


def seat_token(secret: str, game_id: int, seat: int) -> str:
    """The HMAC token for one seat of one game, lower-case base32."""
    digest = hmac.new(secret.encode(), f"{game_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:TOKEN_LENGTH]


def reply_address(local: str, domain: str, secret: str, game_id: int, seat: int) -> str:
    """The address a prompt for ``seat`` of ``game_id`` asks the player to reply to."""
    return f"{local}+{game_id}.{seat}.{seat_token(secret, game_id, seat)}@{domain}"


def read_reply_address(address: str, local: str, domain: str, secret: str) -> tuple[int, int] | None:
    """``(game_id, seat)`` when ``address`` is a genuine reply address of ours, else None."""
    found = _TAGGED.match(address.strip().lower())
    if found is None or found["local"] != local.lower() or found["domain"] != domain.lower():
        return None
    game_id, seat = int(found["game"]), int(found["seat"])
    if not hmac.compare_digest(found["token"], seat_token(secret, game_id, seat)):
        return None
    return game_id, seat
