"""Confirmations asked by mail: a token each, good for one use, for ``confirm_days``, for its own ask.

A command that changes something a forged From must not (``leave``) first
mails the player's registered address a token and acts only when the token
comes back. The token proves who reads that mailbox, so it must not outlive
its purpose: the ask is stored (:class:`pbem.ops.db.Confirmation`, the token
hashed), a newer ask of the same kind replaces it, an organiser's change to
what it was about voids it (:func:`void`), and a token is taken at most once,
even by two mails handled side by side.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import Session, col, select

from pbem.clock import stored
from pbem.ops.db import Confirmation

USED, REPLACED, VOID = "used", "replaced", "void"

TOKEN_BYTES = 5
"""Ten hex digits: short enough to copy by hand, 2**40 guesses for a stranger who never saw the mail."""


@dataclass(frozen=True)
class Taken:
    """The answer to a token: the ask it confirms, or why it confirms nothing.

    ``why`` is "" when taken; else ``unknown`` (no ask of this player has that token), ``used``,
    ``replaced``, ``void`` or ``expired``."""

    why: str
    scope: str = ""


def hashed(token: str) -> str:
    """What is stored of a token: its SHA-256, so a copy of the database confirms nothing."""
    return hashlib.sha256(token.strip().lower().encode()).hexdigest()


def new_token() -> str:
    """A fresh token to mail (:data:`TOKEN_BYTES`), for an ask here or a sign-up's (:class:`pbem.ops.tournament_tables.SignUp`)."""
    return secrets.token_hex(TOKEN_BYTES)


def ask(session: Session, player_id: int, purpose: str, scope: str, now: datetime, days: int) -> str:
    """Store a new ask (replacing the player's pending one of ``purpose``) and return its token to mail."""
    _end(session, player_id, purpose, REPLACED)
    token = new_token()
    session.add(Confirmation(player_id=player_id, purpose=purpose, scope=scope, token_hash=hashed(token),
                             asked=now, expires=now + timedelta(days=days)))
    session.flush()
    return token


def take(session: Session, player_id: int, purpose: str, token: str, now: datetime) -> Taken:
    """Spend the player's ask of ``purpose`` that ``token`` answers, or say why it cannot be.

    The spending is one conditional update: of two mails with the same token, one takes it.
    """
    row = session.exec(select(Confirmation).where(Confirmation.player_id == player_id,
                                                  Confirmation.purpose == purpose,
                                                  Confirmation.token_hash == hashed(token))).first()
    if row is None:
        return Taken("unknown")
    if row.ended:
        return Taken(row.ended)
    if stored(row.expires) <= now:
        return Taken("expired")
    spent = session.exec(update(Confirmation).where(col(Confirmation.id) == row.id, col(Confirmation.ended) == "")
                         .values(ended=USED))  # type: ignore[call-overload]
    if spent.rowcount != 1:
        return Taken(USED)
    return Taken("", row.scope)


def void(session: Session, player_id: int) -> None:
    """The organiser changed the player's standing (registered them again): no pending ask of theirs holds."""
    for purpose in set(session.exec(select(Confirmation.purpose).where(Confirmation.player_id == player_id,
                                                                      Confirmation.ended == ""))):
        _end(session, player_id, purpose, VOID)


def _end(session: Session, player_id: int, purpose: str, why: str) -> None:
    session.exec(update(Confirmation).where(col(Confirmation.player_id) == player_id,  # type: ignore[call-overload]
                                            col(Confirmation.purpose) == purpose, col(Confirmation.ended) == "")
                 .values(ended=why))

