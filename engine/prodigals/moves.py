"""The moves of The Prodigals Club: small frozen values with one canonical line each.

A player's decision is a sequence of small steps (place an errand boy, play a
card, then each choice the card asks for), so that ``legal`` stays a short
list however the choices combine, and a whole action turn still fits in one
reply: one line per step, read in order (``R-PBEM-3``).

Notation (card, space and tile names are the slugs the view and render show)::

    place e-set3 | place central-card | place turn-order-2     errand placement
    play at-the-pub x3 | board tory-baiter [replace cad]        action steps
    use tory-baiter | bonus s-moves | done
    order up gent2 | order keep cad                             standing orders (R-PBEM-5)
    option 2 | move lady2 down-left | stop | row 9 | column left | drop gent1 2 | jump lady1 1
    sell b5 | exchange b5 for pt3 | lmt 2 | take pc-i4 | take none
    tile 1,-1 r3 | discard tile | wild 1 | trigger town-crier | bonus-tile e-megaphones
    discard at-the-pub                                          end-of-round discard
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar, Union


class _Step:
    """A move's canonical line: its verb, then its fields in order."""

    __slots__ = ()  # so that the moves built on it hold their fields alone, as every game's moves do
    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        return " ".join([self.verb, *(str(getattr(self, f.name)) for f in fields(self))])  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Place(_Step):
    """Put an errand boy on a space (a card set is named by its set: ``place e-set3``)."""

    verb: ClassVar[str] = "place"

    space: str


@dataclass(frozen=True, slots=True)
class Play(_Step):
    """Play a white card from hand; ``count`` > 1 plays a group (At the Pub)."""

    verb: ClassVar[str] = "play"

    card: str
    count: int = 1

    def __str__(self) -> str:
        return f"play {self.card}" + (f" x{self.count}" if self.count > 1 else "")


@dataclass(frozen=True, slots=True)
class Board(_Step):
    """Put a black card on the player board, discarding ``replace`` when all slots are full."""

    verb: ClassVar[str] = "board"

    card: str
    replace: str = ""

    def __str__(self) -> str:
        return f"board {self.card}" + (f" replace {self.replace}" if self.replace else "")


@dataclass(frozen=True, slots=True)
class Use(_Step):
    """Use the top-right action of a black card on the board (once per round)."""

    verb: ClassVar[str] = "use"

    card: str


@dataclass(frozen=True, slots=True)
class Bonus(_Step):
    """Use a held bonus action tile in the action turn."""

    verb: ClassVar[str] = "bonus"

    tile: str


@dataclass(frozen=True, slots=True)
class Done(_Step):
    """End the action turn."""

    verb: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Option(_Step):
    """Pick option ``n`` (1-based) of a choice: a ``choose`` op, a conversion, a closed-circle benefit."""

    verb: ClassVar[str] = "option"

    n: int


@dataclass(frozen=True, slots=True)
class Shift(_Step):
    """Move one influence marker one step (``down``, ``down-left``, ``left``, ``up`` …)."""

    verb: ClassVar[str] = "move"

    marker: str
    direction: str


@dataclass(frozen=True, slots=True)
class Stop(_Step):
    """Waive the remaining optional moves or sales of the effect being resolved."""

    verb: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class Row(_Step):
    """Choose the row (by its value) for a ``row_down`` effect."""

    verb: ClassVar[str] = "row"

    value: int


@dataclass(frozen=True, slots=True)
class Column(_Step):
    """Choose the column for a ``column_down`` effect with a chosen column."""

    verb: ClassVar[str] = "column"

    column: str


@dataclass(frozen=True, slots=True)
class Drop(_Step):
    """Move one marker straight down ``steps`` spaces (0 waives) in a row or column effect."""

    verb: ClassVar[str] = "drop"

    marker: str
    steps: int


@dataclass(frozen=True, slots=True)
class Jump(_Step):
    """One marker jumps ``jumps`` times straight down over occupied spaces."""

    verb: ClassVar[str] = "jump"

    marker: str
    jumps: int


@dataclass(frozen=True, slots=True)
class Sell(_Step):
    """Sell one of your possessions (by tile id)."""

    verb: ClassVar[str] = "sell"

    tile: str


@dataclass(frozen=True, slots=True)
class Exchange(_Step):
    """Give one of your possessions to the board and take one board tile."""

    verb: ClassVar[str] = "exchange"

    give: str
    take: str

    def __str__(self) -> str:
        return f"exchange {self.give} for {self.take}"


@dataclass(frozen=True, slots=True)
class Lmt(_Step):
    """Add ``k`` A Little More Time cards from hand to a spend action."""

    verb: ClassVar[str] = "lmt"

    k: int


@dataclass(frozen=True, slots=True)
class Take(_Step):
    """Take one political tile lying on the canvass space (``none`` discards them all)."""

    verb: ClassVar[str] = "take"

    tile: str


@dataclass(frozen=True, slots=True)
class Tile(_Step):
    """Place the political tile in hand at grid cell (x east, y south), turned ``turn`` quarter turns clockwise."""

    verb: ClassVar[str] = "tile"

    x: int
    y: int
    turn: int

    def __str__(self) -> str:
        return f"tile {self.x},{self.y} r{self.turn}"


@dataclass(frozen=True, slots=True)
class Discard(_Step):
    """Discard a political tile (``card`` empty) or, at end of round, a card from hand."""

    verb: ClassVar[str] = "discard"

    card: str = ""

    def __str__(self) -> str:
        return f"discard {self.card}" if self.card else "discard tile"


@dataclass(frozen=True, slots=True)
class Wild(_Step):
    """Fix ``k`` of the renaissance man's unfixed wild symbols to the symbol being counted."""

    verb: ClassVar[str] = "wild"

    k: int


@dataclass(frozen=True, slots=True)
class Trigger(_Step):
    """Fire this black card's bottom ability next (when several fire at once)."""

    verb: ClassVar[str] = "trigger"

    card: str


@dataclass(frozen=True, slots=True)
class BonusTile(_Step):
    """Take this bonus action tile with a turn-order space."""

    verb: ClassVar[str] = "bonus-tile"

    tile: str


@dataclass(frozen=True, slots=True)
class OrderUp(_Step):
    """Standing order sent with the action turn: move this marker up first if Dame Beatrice owes a move."""

    verb: ClassVar[str] = "order up"

    marker: str


@dataclass(frozen=True, slots=True)
class OrderKeep(_Step):
    """Standing order sent with the action turn: keep this card at the end-of-round discard."""

    verb: ClassVar[str] = "order keep"

    card: str


Move = Union[
    Place, Play, Board, Use, Bonus, Done, Option, Shift, Stop, Row, Column, Drop, Jump,
    Sell, Exchange, Lmt, Take, Tile, Discard, Wild, Trigger, BonusTile, OrderUp, OrderKeep,
]
