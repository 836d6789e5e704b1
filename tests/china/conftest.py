"""Scenario building for China tests: a real setup, then the board arranged by hand.

Like boardgame.io's scenario tests, each worked example starts from an
ordinary game and overrides only what the example states, keeping every
count (supplies, free sites, cards) consistent so later steps see a true board.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import engine
from engine.china import flow
from engine.china.state import State

LETTERS = {"Y": "yellow", "O": "orange", "G": "green", "R": "red", "P": "purple"}


@dataclass
class Scenario:
    state: State

    def site(self, site_id: str) -> int:
        return self.state.side.sites.index(site_id)

    def province(self, province_id: str) -> int:
        return [p.id for p in self.state.side.provinces].index(province_id)

    def sites_of(self, province_id: str) -> list[str]:
        side = self.state.side
        return [side.sites[s] for s in side.province_sites[self.province(province_id)]]

    def hand(self, seat: int, letters: str) -> "Scenario":
        """Give the seat exactly these cards (``"R R P"``), swapping with the deck so cards stay conserved."""
        st = self.state
        for colour, n in enumerate(st.hands[seat]):
            st.deck.extend([colour] * n)
            st.hands[seat][colour] = 0
        for letter in letters.split():
            colour = flow.COLOUR_INDEX[LETTERS[letter]]
            st.deck.remove(colour)
            st.hands[seat][colour] += 1
        return self

    def pagoda(self, site_id: str, seat: int, fortified: bool = False) -> "Scenario":
        st, s = self.state, self.site(site_id)
        assert st.owner[s] < 0
        p = st.side.site_province[s]
        st.owner[s] = seat
        st.pagodas_in[p][seat] += 1
        st.free[p] -= 1
        st.supply_pagodas[seat] -= 1
        if fortified:
            self.fortress(site_id, seat)
        return self

    def pagodas(self, province_id: str, counts: dict[int, int]) -> "Scenario":
        """Fill the province's sites in order with these numbers of pagodas per seat."""
        free = [s for s in self.sites_of(province_id) if self.state.owner[self.site(s)] < 0]
        for seat, n in counts.items():
            for _ in range(n):
                self.pagoda(free.pop(0), seat)
        return self

    def fortress(self, site_id: str, seat: int) -> "Scenario":
        self.state.fortress[self.site(site_id)] = True
        self.state.supply_fortresses[seat] -= 1
        return self

    def emissaries(self, province_id: str, seat: int, n: int) -> "Scenario":
        self.state.emissaries_in[self.province(province_id)][seat] += n
        self.state.supply_emissaries[seat] -= n
        return self

    def to_move(self, seat: int) -> "Scenario":
        self.state.current = seat
        return self


@pytest.fixture
def china() -> engine.Game:
    return engine.game("china")


@pytest.fixture
def scenario(china: engine.Game):
    """``scenario(players=4, side="side-5", fortresses=False)`` -> a :class:`Scenario` on a fresh game."""

    def build(players: int = 4, side: str = "side-5", fortresses: bool = False, seed: int = 7) -> Scenario:
        return Scenario(china.new(players, seed, {"side": side, "fortresses": fortresses}))

    return build
