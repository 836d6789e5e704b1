"""The moves of China.

A turn is a short sequence of step moves by one seat (rules section 6):
``Play`` the cards, ``Place`` each piece, ``Draw`` each card back, or a single
``Exchange`` (or ``Pass`` when nothing else is possible). Steps keep
``legal`` small enough to list in full, while the notation still reads a whole
turn from one line (``engine/china/notation.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.china.data import BOARDS

PAGODA = "pagoda"
EMISSARY = "emissary"
FORTRESS = "fortress"
DECK = "deck"


@dataclass(frozen=True, slots=True)
class Play:
    """Play these cards (colour names) to fund this turn's pieces; kept in the box's colour order,
    so the same cards written in any order are the same move."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        order = BOARDS.components.colours
        rank = {c: i for i, c in enumerate(order)}
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=lambda c: (rank.get(c, len(order)), c))))


@dataclass(frozen=True, slots=True)
class Place:
    """Place one piece in ``province``; ``site`` is a site id for a pagoda or fortress."""

    province: str
    piece: str
    site: str | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Take one card back into the hand: ``"deck"`` or the colour of a display card."""

    source: str


@dataclass(frozen=True, slots=True)
class Exchange:
    """Option B: discard a card of colour ``discard`` and take ``take`` (``"deck"`` or a display colour)."""

    discard: str
    take: str


@dataclass(frozen=True, slots=True)
class Pass:
    """Neither placing nor exchanging is possible (D10, D11)."""


Move = Play | Place | Draw | Exchange | Pass


def format_move(move: Move) -> str:
    """A step as a reply writes it (``wei: pagoda 3``): the rules name moves this way too, in refusals' examples."""
    if isinstance(move, Play):
        return "play " + " ".join(move.cards)
    if isinstance(move, Place):
        return f"{move.province}: {move.piece}" + (f" {_short_site(move.province, move.site)}" if move.site else "")
    if isinstance(move, Draw):
        return f"draw {move.source}"
    if isinstance(move, Exchange):
        return f"exchange {move.discard} for {move.take}"
    return "pass"


def _short_site(province: str, site: str) -> str:
    return site.removeprefix(province + "-")
