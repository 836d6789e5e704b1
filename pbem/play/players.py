"""Players: one row per email address, shared by every game and tournament they play.

A player is known by the address pbem mails; the first game or registration
that names an address makes the player, and every later one finds it. What
an organiser says about a player (address, name, language, time zone) is
checked here once, whether it comes from one ``register``, a whole roster file
or a game's ``--player``: :func:`address` is the one check of an address that
enters pbem (see :mod:`pbem.addresses` for what it accepts and why).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace

from sqlmodel import Session, select

from pbem.clock import closest_time_zones, time_zone
from pbem.addresses import AddressError, mailbox
from pbem.ops.db import Player
from tournaments.definition import LANGUAGES
from tournaments.names import name_problem

CELL_LONGEST = csv.field_size_limit()
"""The longest roster cell Python's csv reader takes (its field limit, 128 KiB); no name or address comes near it."""

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


def address(text: str) -> str:
    """A player's address as pbem stores it: checked (:func:`pbem.addresses.mailbox`) and lower-cased, as
    every lookup of a player lower-cases; raises :class:`AddressError` (a ValueError), one line saying what
    would be right. Every way an address enters pbem calls this, so no stored address can break a header."""
    return mailbox(text).lower()


def checked(email: str, name: str = "", language: str = "", zone: str = "") -> tuple[Registration, list[str]]:
    """The registration with its address lower-cased and its zone spelt as the database spells it, and
    what is wrong with it (each problem saying what would be right)."""
    problems = []
    try:
        email_address = address(email)
    except AddressError as exc:
        email_address = email.strip().lower()
        problems.append(str(exc))
    given_name = name.strip()
    wrong_name = name_problem(given_name)
    if wrong_name:
        problems.append(wrong_name)
    wanted = language.strip().lower()
    if wanted and wanted not in LANGUAGES:
        problems.append(f"language {language.strip()!r} is not one we write in; use one of {', '.join(LANGUAGES)}")
    spelt = time_zone(zone) if zone.strip() else ""
    if spelt is None:
        close = closest_time_zones(zone)
        problems.append(f"time zone {zone.strip()!r} is unknown; write Area/City"
                        + (f", e.g. {', '.join(close)}" if close else ", e.g. Europe/Athens"))
    return Registration(email_address, given_name, wanted, spelt or ""), problems


def read_roster(text: str) -> list[Registration]:
    """The players of a roster file (CSV with the header ``name,email,language,time_zone``).

    Raises :class:`RosterError` listing every bad row by its line number, so
    the organiser fixes the file in one go and nothing is half registered.
    """
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    try:
        header = [cell.strip().lower() for cell in next(rows, [])]
    except csv.Error as exc:
        raise RosterError([_unreadable(rows.line_num, exc)]) from None
    missing = [column for column in ("name", "email") if column not in header]
    unknown = [column for column in header if column not in ROSTER_COLUMNS]
    if missing or unknown or len(set(header)) != len(header):
        semicolons = len(header) == 1 and ";" in header[0]  # a spreadsheet saving "CSV" in a comma-decimal locale
        hint = "; the file is separated by ';': save it with ',' between the cells" if semicolons else ""
        raise RosterError([f"line 1: the header must be {','.join(ROSTER_COLUMNS)} (language and time_zone may be "
                           f"left out), not {','.join(header) or 'empty'}{hint}"])
    problems: list[str] = []
    registrations: list[Registration] = []
    first_line: dict[str, int] = {}
    while True:
        line = rows.line_num + 1  # where the row starts: a quoted cell may run over several lines
        try:
            cells = next(rows, None)
        except csv.Error as exc:  # the reader cannot go on past this: report what came before and this line
            problems.append(_unreadable(line, exc))
            break
        if cells is None:
            break
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


def _unreadable(line: int, exc: csv.Error) -> str:
    """A line the csv reader refused, said so the organiser can fix it (a cell over the limit, mostly)."""
    if "field larger than field limit" in str(exc):
        return (f"line {line}: a cell is longer than {CELL_LONGEST // 1024} KiB; a name or address is one short "
                f"line (check the quotes: an unclosed \" runs a cell on to the end of the file)")
    return f"line {line}: not readable as CSV ({exc}); save the file as CSV with the header {','.join(ROSTER_COLUMNS)}"


def given_name(player: Player, name: str | None = None) -> str:
    """The name the player was given (``name``, else the player's), or "" when there is none to show others:
    empty, the part of the address before the @ (what pbem stores for a player nobody named), or anything
    holding an @."""
    given = (player.name if name is None else name).strip()
    local = player.email.partition("@")[0]
    if not given or "@" in given or given.casefold() == local.casefold():
        return ""
    return given


def find_or_add(session: Session, email: str) -> Player:
    """The player with this (already lower-cased) address, added to ``session`` when new."""
    player = session.exec(select(Player).where(Player.email == email)).first()
    if player is None:
        player = Player(email=email, name=email.split("@")[0])
        session.add(player)
        session.flush()
    return player


def spelt(email: str) -> str:
    """An address spelt as players are stored, to look one up: lower-cased, and an internationalised domain
    in punycode as :func:`address` stored it (``ann@bücher.de`` finds ``ann@xn--bcher-kva.de``). Only a
    non-ASCII address is parsed, so a reply's lookup stays cheap; one that is no address finds no one."""
    lowered = email.strip().lower()
    if lowered.isascii():
        return lowered
    try:
        return address(lowered)
    except AddressError:
        return lowered


def find(session: Session, email: str) -> Player | None:
    """The player with this address, or None: pbem never makes a player from a mail it receives."""
    return session.exec(select(Player).where(Player.email == spelt(email))).first()
