"""The moves of In the Year of the Dragon: small frozen values with a canonical notation.

Persons are named by their rulebook label (``"old warrior"``, ``"craftsman"``),
cards by type id or ``"wild"``, palaces by their 1-based place in the owner's
row. The ``make_*`` factories intern moves (equal moves are the same object),
which keeps legal-move lists cheap to build and to search.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.dragon import data


@dataclass(frozen=True, slots=True)
class Start:
    """Starting recruitment: two young persons of different types, each into a palace."""

    first: str
    second: str
    first_palace: int
    second_palace: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Phase 1 without a dragon: top the purse up to 3 yuan."""


@dataclass(frozen=True, slots=True)
class Action:
    """Put the dragon on ``group`` (1-based) and resolve ``card``; ``privilege`` is small/large."""

    group: int
    card: str
    privilege: str = ""


@dataclass(frozen=True, slots=True)
class Build:
    """Place the floors of a Build action: ``onto`` = (palace, floors) pairs, ``new`` = new palace heights."""

    onto: tuple[tuple[int, int], ...]
    new: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Recruit:
    """Play ``card``, take the ``person`` tile and put it in ``palace`` (which has a free floor)."""

    card: str
    person: str
    palace: int


@dataclass(frozen=True, slots=True)
class Replace:
    """All palaces full: release ``released`` from ``palace`` and put the new ``person`` in its place."""

    card: str
    person: str
    released: str
    palace: int


@dataclass(frozen=True, slots=True)
class Discard:
    """All palaces full: the new ``person`` tile leaves the game at once; the marker stays."""

    card: str
    person: str


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card no tile is left for: it recruits nothing (D-10)."""

    card: str


@dataclass(frozen=True, slots=True)
class Release:
    """A forced release (Tribute, Drought, Mongols, Contagion): ``person`` leaves ``palace``."""

    person: str
    palace: int


@dataclass(frozen=True, slots=True)
class ReleaseOrder:
    """A standing order: release persons in this order without asking (``()`` clears it).

    Entries are labels such as ``"farmer"`` (any level) or ``"old farmer"``.
    """

    order: tuple[str, ...]


DragonMove = Start | Pass | Action | Build | Recruit | Replace | Discard | PlayCard | Release | ReleaseOrder

PASS = Pass()


@cache
def make_start(first: str, second: str, first_palace: int, second_palace: int) -> Start:
    return Start(first, second, first_palace, second_palace)


@cache
def make_action(group: int, card: str, privilege: str = "") -> Action:
    return Action(group, card, privilege)


@cache
def make_build(onto: tuple[tuple[int, int], ...], new: tuple[int, ...]) -> Build:
    return Build(onto, new)


@cache
def make_recruit(card: str, person: str, palace: int) -> Recruit:
    return Recruit(card, person, palace)


@cache
def make_replace(card: str, person: str, released: str, palace: int) -> Replace:
    return Replace(card, person, released, palace)


@cache
def make_discard(card: str, person: str) -> Discard:
    return Discard(card, person)


@cache
def make_play_card(card: str) -> PlayCard:
    return PlayCard(card)


@cache
def make_release(person: str, palace: int) -> Release:
    return Release(person, palace)


def _card(card: str) -> str:
    return "" if card != data.WILD else " with wild"


def _words(type_id: str) -> str:
    return type_id.replace("_", " ")


def format_move(move: DragonMove) -> str:
    """The canonical notation; ``parse`` reads it back to the same move."""
    match move:
        case Start(first, second, p1, p2):
            return f"start {_words(first)} palace{p1}, {_words(second)} palace{p2}"
        case Pass():
            return "pass"
        case Action(group, card, privilege):
            return f"group {group} {card}" + (f" {privilege}" if privilege else "")
        case Build(onto, new):
            parts = [f"+{n} palace{p}" for p, n in onto] + [f"+{n} new" for n in new]
            return "build " + " ".join(parts)
        case Recruit(card, person, palace):
            return f"recruit {person} palace{palace}{_card(card)}"
        case Replace(card, person, released, palace):
            return f"recruit {person} replace {released} palace{palace}{_card(card)}"
        case Discard(card, person):
            return f"recruit {person} discard{_card(card)}"
        case PlayCard(card):
            return f"play {_words(card)} card"
        case Release(person, palace):
            return f"release {person} palace{palace}"
        case ReleaseOrder(order):
            return "release order: " + (", ".join(order) if order else "none")
    raise TypeError(f"not an In the Year of the Dragon move: {move!r}")
