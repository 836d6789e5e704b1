"""The moves of The Prodigals Club: small frozen values with one canonical line each.

A player's decision is a sequence of small steps (place an errand boy, play a
card, then each choice the card asks for), so that ``legal`` stays a short
list however the choices combine, and a whole action turn still fits in one
reply: one line per step, read in order (``R-PBEM-3``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True, order=True)
class Place:
    """Put an errand boy on a space (a card set is named by its set: ``place e-set3``)."""

    space: str

    def __str__(self) -> str:
        return f"place {self.space}"


@dataclass(frozen=True, order=True)
class Play:
    """Play a white card from hand; ``count`` > 1 plays a group (At the Pub)."""

    card: str
    count: int = 1

    def __str__(self) -> str:
        return f"play {self.card}" + (f" x{self.count}" if self.count > 1 else "")


@dataclass(frozen=True, order=True)
class Board:
    """Put a black card on the player board, discarding ``replace`` when all slots are full."""

    card: str
    replace: str = ""

    def __str__(self) -> str:
        return f"board {self.card}" + (f" replace {self.replace}" if self.replace else "")


@dataclass(frozen=True, order=True)
class Use:
    """Use the top-right action of a black card on the board (once per round)."""

    card: str

    def __str__(self) -> str:
        return f"use {self.card}"


@dataclass(frozen=True, order=True)
class Bonus:
    """Use a held bonus action tile in the action turn."""

    tile: str

    def __str__(self) -> str:
        return f"bonus {self.tile}"


@dataclass(frozen=True, order=True)
class Done:
    """End the action turn."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, order=True)
class Option:
    """Pick option ``n`` (1-based) of a choice: a ``choose`` op, a conversion, a closed-circle benefit."""

    n: int

    def __str__(self) -> str:
        return f"option {self.n}"


@dataclass(frozen=True, order=True)
class Shift:
    """Move one influence marker one step (``down``, ``down-left``, ``left``, ``up`` …)."""

    marker: str
    direction: str

    def __str__(self) -> str:
        return f"move {self.marker} {self.direction}"


@dataclass(frozen=True, order=True)
class Stop:
    """Waive the remaining optional moves or sales of the effect being resolved."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, order=True)
class Row:
    """Choose the row (by its value) for a ``row_down`` effect."""

    value: int

    def __str__(self) -> str:
        return f"row {self.value}"


@dataclass(frozen=True, order=True)
class Column:
    """Choose the column for a ``column_down`` effect with a chosen column."""

    column: str

    def __str__(self) -> str:
        return f"column {self.column}"


@dataclass(frozen=True, order=True)
class Drop:
    """Move one marker straight down ``steps`` spaces (0 waives) in a row or column effect."""

    marker: str
    steps: int

    def __str__(self) -> str:
        return f"drop {self.marker} {self.steps}"


@dataclass(frozen=True, order=True)
class Jump:
    """One marker jumps ``jumps`` times straight down over occupied spaces."""

    marker: str
    jumps: int

    def __str__(self) -> str:
        return f"jump {self.marker} {self.jumps}"


@dataclass(frozen=True, order=True)
class Sell:
    """Sell one of your possessions (by tile id)."""

    tile: str

    def __str__(self) -> str:
        return f"sell {self.tile}"


@dataclass(frozen=True, order=True)
class Exchange:
    """Give one of your possessions to the board and take one board tile."""

    give: str
    take: str

    def __str__(self) -> str:
        return f"exchange {self.give} for {self.take}"


@dataclass(frozen=True, order=True)
class Lmt:
    """Add ``k`` A Little More Time cards from hand to a spend action."""

    k: int

    def __str__(self) -> str:
        return f"lmt {self.k}"


@dataclass(frozen=True, order=True)
class Take:
    """Take one political tile lying on the canvass space (``none`` discards them all)."""

    tile: str

    def __str__(self) -> str:
        return f"take {self.tile}"


@dataclass(frozen=True, order=True)
class Tile:
    """Place the political tile in hand at grid cell (x east, y south), turned ``turn`` quarter turns clockwise."""

    x: int
    y: int
    turn: int

    def __str__(self) -> str:
        return f"tile {self.x},{self.y} r{self.turn}"


@dataclass(frozen=True, order=True)
class Discard:
    """Discard a political tile (``card`` empty) or, at end of round, a card from hand."""

    card: str = ""

    def __str__(self) -> str:
        return f"discard {self.card}" if self.card else "discard tile"


@dataclass(frozen=True, order=True)
class Wild:
    """Fix ``k`` of the renaissance man's unfixed wild symbols to the symbol being counted."""

    k: int

    def __str__(self) -> str:
        return f"wild {self.k}"


@dataclass(frozen=True, order=True)
class Trigger:
    """Fire this black card's bottom ability next (when several fire at once)."""

    card: str

    def __str__(self) -> str:
        return f"trigger {self.card}"


@dataclass(frozen=True, order=True)
class BonusTile:
    """Take this bonus action tile with a turn-order space."""

    tile: str

    def __str__(self) -> str:
        return f"bonus-tile {self.tile}"


Move = Union[
    Place, Play, Board, Use, Bonus, Done, Option, Shift, Stop, Row, Column, Drop, Jump,
    Sell, Exchange, Lmt, Take, Tile, Discard, Wild, Trigger, BonusTile,
]
