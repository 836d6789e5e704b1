"""The game state of China: the board's pieces, the cards, and where the turn stands.

The moves that change it are in ``engine.china.moves``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.china.data import Side

# Phases of a turn.
ACT = "act"
PLACE = "place"
DRAW = "draw"
OVER = "over"


@dataclass
class State:
    """Everything about one game; pieces and cards are counted by index.

    Colours, provinces, sites and seats are the indices of ``side`` and the
    components; hands and the discard pile are counts per colour (cards of one
    colour are identical), the deck is a list whose end is the top.
    """

    side: Side
    seed: int
    players: int
    fortresses: bool
    start: int
    hands: list[list[int]]
    deck: list[int]
    display: list[int | None]
    discard: list[int]
    removed: list[int]
    owner: list[int]
    """Site -> seat whose pagoda stands there, or -1."""
    fortress: list[bool]
    """Site -> a fortress stands there (bare, or under a pagoda)."""
    pagodas_in: list[list[int]]
    emissaries_in: list[list[int]]
    free: list[int]
    """Province -> sites without a pagoda."""
    scored: list[bool]
    supply_pagodas: list[int]
    supply_emissaries: list[int]
    supply_fortresses: list[int]
    points: dict[str, list[int]]
    exhaustions: int = 0
    end_triggered: bool = False
    current: int = 0
    turn: int = 1
    phase: str = ACT
    played: tuple[int, ...] = ()
    province: int = -1
    pieces_left: int = 0

    def copy(self) -> "State":
        return State(
            side=self.side,
            seed=self.seed,
            players=self.players,
            fortresses=self.fortresses,
            start=self.start,
            hands=[list(h) for h in self.hands],
            deck=list(self.deck),
            display=list(self.display),
            discard=list(self.discard),
            removed=list(self.removed),
            owner=list(self.owner),
            fortress=list(self.fortress),
            pagodas_in=[list(p) for p in self.pagodas_in],
            emissaries_in=[list(e) for e in self.emissaries_in],
            free=list(self.free),
            scored=list(self.scored),
            supply_pagodas=list(self.supply_pagodas),
            supply_emissaries=list(self.supply_emissaries),
            supply_fortresses=list(self.supply_fortresses),
            points={k: list(v) for k, v in self.points.items()},
            exhaustions=self.exhaustions,
            end_triggered=self.end_triggered,
            current=self.current,
            turn=self.turn,
            phase=self.phase,
            played=self.played,
            province=self.province,
            pieces_left=self.pieces_left,
        )

    def emissary_limit(self, province: int) -> int:
        """The largest number of pagodas any single player has in the province (A4)."""
        return max(self.pagodas_in[province])

    def total(self, seat: int) -> int:
        return sum(v[seat] for v in self.points.values())
