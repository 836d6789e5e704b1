"""Players: one row per email address, shared by every game and tournament they play.

A player is known by the address pbem mails; the first game or registration
that names an address makes the player, and every later one finds it.
"""

from __future__ import annotations

from sqlmodel import Session, select

from pbem.db import Player


def find_or_add(session: Session, email: str) -> Player:
    """The player with this (already lower-cased) address, added to ``session`` when new."""
    player = session.exec(select(Player).where(Player.email == email)).first()
    if player is None:
        player = Player(email=email, name=email.split("@")[0])
        session.add(player)
        session.flush()
    return player


def find(session: Session, email: str) -> Player | None:
    """The player with this address, or None: pbem never makes a player from a mail it receives."""
    return session.exec(select(Player).where(Player.email == email.strip().lower())).first()
