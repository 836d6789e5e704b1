"""Players: one row per email address, shared by every game and tournament they play.

A player is known by the address pbem mails; the first game or registration
that names an address makes the player, and every later one finds it. What
an organiser says about a player (name, language, time zone) is checked here
once, whether it comes from one ``register`` or from a whole roster file.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace

from sqlmodel import Session, select

from pbem.clock import closest_time_zones, time_zone
from pbem.ops.db import Player
from tournaments.definition import LANGUAGES

ROSTER_COLUMNS = ("name", "email", "language", "time_zone")
"""A roster file's header; ``language`` and ``time_zone`` may be left out, as columns or as cells."""


class RosterError(ValueError):
    """A roster (one registration or a file of them) with problems: every one listed, nothing registered."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class Registration:
    """One player as the organiser registers them; empty fields keep what is stored (or the default)."""

    email: str
    name: str = ""
    language: str = ""
    time_zone: str = ""
    line: int = 0
    """The roster file's line it came from (0: given on the command line)."""


def checked(email: str, name: str = "", language: str = "", zone: str = "") -> tuple[Registration, list[str]]:
    """The registration with its address lower-cased and its zone spelt as the database spells it, and
    what is wrong with it (each problem saying what would be right)."""
    problems = []
    address = email.strip().lower()
    if "@" not in address or " " in address or address.startswith("@") or address.endswith("@"):
        problems.append(f"{email.strip()!r} is not an email address; write e.g. ann@example.org")
    wanted = language.strip().lower()
    if wanted and wanted not in LANGUAGES:
        problems.append(f"language {language.strip()!r} is not one we write in; use one of {', '.join(LANGUAGES)}")
    spelt = time_zone(zone) if zone.strip() else ""
    if spelt is None:
        close = closest_time_zones(zone)
        problems.append(f"time zone {zone.strip()!r} is unknown; write Area/City"
                        + (f", e.g. {', '.join(close)}" if close else ", e.g. Europe/Athens"))
    return Registration(address, name.strip(), wanted, spelt or ""), problems


def read_roster(text: str) -> list[Registration]:
    """The players of a roster file (CSV with the header ``name,email,language,time_zone``).

    Raises :class:`RosterError` listing every bad row by its line number, so
    the organiser fixes the file in one go and nothing is half registered.
    """
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    header = [cell.strip().lower() for cell in next(rows, [])]
    missing = [column for column in ("name", "email") if column not in header]
    unknown = [column for column in header if column not in ROSTER_COLUMNS]
    if missing or unknown or len(set(header)) != len(header):
        raise RosterError([f"line 1: the header must be {','.join(ROSTER_COLUMNS)} (language and time_zone may be "
                           f"left out), not {','.join(header) or 'empty'}"])
    problems: list[str] = []
    registrations: list[Registration] = []
    first_line: dict[str, int] = {}
    for cells in rows:
        line = rows.line_num
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) != len(header):
            problems.append(f"line {line}: {len(cells)} fields where the header has {len(header)} "
                            f"({','.join(header)})")
            continue
        row = dict(zip(header, cells))
        registration, wrong = checked(row["email"], row["name"], row.get("language", ""), row.get("time_zone", ""))
        registration = replace(registration, line=line)
        if registration.email in first_line:
            wrong.append(f"{registration.email} is listed already on line {first_line[registration.email]}")
        problems += [f"line {line}: {problem}" for problem in wrong]
        first_line.setdefault(registration.email, line)
        registrations.append(registration)
    if problems:
        raise RosterError(problems)
    if not registrations:
        raise RosterError(["the file lists no players: one line per player after the header"])
    return registrations


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
