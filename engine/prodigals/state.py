"""The state of one table, with a hand-written clone (the engine clones on every decision).

Decks and stacks are lists whose *end* is the top, so dealing is ``pop()``.
Card and tile ids are the data file's ids (``uid`` for card copies).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.prodigals.moves import Move
from engine.text import Said


@dataclass
class Player:
    seat: int
    money: int = 0
    possessions: list[str] = field(default_factory=list)
    votes: int = 0
    grid: dict[tuple[int, int], tuple[str, int]] = field(default_factory=dict)
    circles: dict[str, int] = field(default_factory=dict)
    markers: dict[str, tuple[int, int]] = field(default_factory=dict)
    hand: list[str] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    megaphones: int = 0
    boys: int = 0
    spaces: list[str] = field(default_factory=list)
    bonus: list[str] = field(default_factory=list)
    wild: list[str] | None = None  # renaissance man held: fixed identities so far
    central_boys: int = 0  # errand boys standing on the central card
    drawn_tile: str = ""  # a political tile drawn and not yet placed
    up_order: list[str] = field(default_factory=list)  # standing order: markers for Dame Beatrice (R-PBEM-5)
    keep: list[str] = field(default_factory=list)  # standing order: card slugs to keep at the discard

    def clone(self) -> Player:
        other = object.__new__(Player)
        other.__dict__.update(self.__dict__)
        other.possessions = self.possessions[:]
        other.grid = self.grid.copy()
        other.circles = self.circles.copy()
        other.markers = self.markers.copy()
        other.hand = self.hand[:]
        other.board = self.board[:]
        other.used = self.used[:]
        other.played = self.played[:]
        other.spaces = self.spaces[:]
        other.bonus = self.bonus[:]
        other.wild = None if self.wild is None else self.wild[:]
        other.up_order = self.up_order[:]
        other.keep = self.keep[:]
        return other


@dataclass(frozen=True)
class Prompt:
    """A choice the interpreter is waiting for, with every legal answer."""

    kind: str
    label: Said
    options: tuple[Move, ...]
    descriptions: tuple[Said, ...] = ()
    ability: str = ""
    """The slug of the board card whose ability asks (Town Crier's moves after a card won megaphones), or "": a
    player names the choice by that card ("both Town Crier moves go to my gentleman on 10")."""


@dataclass(frozen=True)
class Pending:
    """A unit of play (a placement, a card, a penalty) stopped at a choice.

    The unit is replayed from ``snapshot`` with ``choices`` whenever a new
    choice arrives, so the interpreter can be plain recursive code and the
    state stays a plain copyable value.
    """

    seat: int
    root: tuple[Any, ...]
    snapshot: "State"
    choices: tuple[Move, ...]
    prompt: Prompt


@dataclass
class State:
    players_count: int
    competitions: tuple[str, ...]
    side: str
    players: list[Player]
    order: list[int]
    round: int = 0
    phase: str = "errands"  # errands, actions, compensation, discard, over
    turn: int = 0  # index into order of the seat whose turn it is
    retrieval: bool = False  # the central-card errand boy is being placed (R-C-2)
    decks: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    central_deck: list[str] = field(default_factory=list)
    central_card: str = ""
    sets: dict[str, list[str]] = field(default_factory=dict)
    set_tiles: dict[str, str] = field(default_factory=dict)
    set_benefit: dict[str, Any] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)  # exclusive space or set -> seat
    board_tiles: list[str] = field(default_factory=list)
    possession_stack: list[str] = field(default_factory=list)
    political_stack: list[str] = field(default_factory=list)
    canvass: list[str] = field(default_factory=list)
    beatrice_stack: list[str] = field(default_factory=list)
    beatrice: str = ""
    borough: int = 0
    bonus_tiles: list[str] = field(default_factory=list)
    renaissance: bool = True  # the tile lies on the central board
    next_order: dict[int, int] = field(default_factory=dict)  # turn-order position -> seat
    owed: dict[int, int] = field(default_factory=dict)  # seat -> compensation moves or discards owed
    removed: list[str] = field(default_factory=list)  # cards and tiles that left the game
    pending: Pending | None = None

    def clone(self) -> State:
        other = self._copy_shared()
        other.players = [p.clone() for p in self.players]
        return other

    def snapshot(self, seat: int) -> State:
        """A copy to replay a unit of ``seat`` from, sharing the other players' records.

        A unit changes only its own player until it completes, and the records
        of a state holding a :class:`Pending` are never changed in place
        (``apply`` replays on a full clone of the snapshot, whose records the
        state then takes over), so the shared records stay as they were when
        the snapshot was taken.
        """
        other = self._copy_shared()
        other.players = [p.clone() if p.seat == seat else p for p in self.players]
        return other

    def take_over(self, other: State) -> None:
        """Become ``other``, which nothing else holds, so that ``apply`` changes the state it was given.

        A unit resumed from its snapshot is replayed on a fresh clone; the
        protocol promises that ``apply`` plays the move on the caller's state,
        so that clone's records move into this one. The records this state held
        (some shared with the snapshot) are left untouched, only let go.
        """
        self.__dict__.update(other.__dict__)

    def _copy_shared(self) -> State:
        other = object.__new__(State)
        other.__dict__.update(self.__dict__)
        other.order = self.order[:]
        other.decks = {k: v[:] for k, v in self.decks.items()}
        other.central_deck = self.central_deck[:]
        other.sets = {k: v[:] for k, v in self.sets.items()}
        other.set_tiles = self.set_tiles.copy()
        other.set_benefit = self.set_benefit.copy()
        other.taken = self.taken.copy()
        other.board_tiles = self.board_tiles[:]
        other.possession_stack = self.possession_stack[:]
        other.political_stack = self.political_stack[:]
        other.canvass = self.canvass[:]
        other.beatrice_stack = self.beatrice_stack[:]
        other.bonus_tiles = self.bonus_tiles[:]
        other.next_order = self.next_order.copy()
        other.owed = self.owed.copy()
        other.removed = self.removed[:]
        return other

    @property
    def current(self) -> int:
        """The seat whose turn it is in the current phase."""
        return self.order[self.turn]
