"""A one-turn-lookahead bot: the placement that most improves its projected lead.

The projection scores every unscored province and every alliance as if the
game ended now. Plans are judged on counts (which piece kinds go into which
province), not by replaying steps, so a whole turn is weighed in well under a
millisecond; the site of a pagoda is then chosen for its roads.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.china import flow
from engine.china.moves import DECK, EMISSARY, FORTRESS, PAGODA, Exchange, Move, Place, Play
from engine.china.scoring import majority, province_points
from engine.china.state import ACT, PLACE, State

ROAD_BONUS = 0.6
"""Projected points per road joining a new pagoda to one of the bot's own."""
CARD_COST = 0.4
"""Projected points a played card is worth keeping: jokers must earn their second card."""
HALF_ALLIANCE = 0.4
"""Share of an alliance's current value credited for holding only one of its two majorities."""
KINDS = (PAGODA, EMISSARY, FORTRESS)


@dataclass(frozen=True)
class Plan:
    value: float
    province: int
    kinds: tuple[str, ...]


def choose(state: State, seat: int, rng: random.Random) -> Move:
    legal = flow.legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == ACT:
        return _act(state, seat, legal, rng)
    if state.phase == PLACE:
        return _place(state, seat, legal)
    return _draw(state, seat, legal)


def outlook(state: State) -> list[float]:
    """Every seat's projected total if the game ended now (the protocol's ``outlook``, for a search bot)."""
    return _Projection(state, 0).totals


def _act(state: State, seat: int, legal: list[Move], rng: random.Random) -> Move:
    base = _Projection(state, seat)
    best: tuple[float, Move] | None = None
    for move in legal:
        if isinstance(move, Play):
            cards = tuple(flow.COLOUR_INDEX[c] for c in move.cards)
            for p, count in flow.funded_provinces(state, seat, cards):
                plan = _best_plan(state, seat, base, p, count)
                if plan is not None:
                    value = plan.value - CARD_COST * len(cards) + 0.01 * rng.random()
                    if best is None or value > best[0]:
                        best = (value, move)
    if best is not None and best[0] > 0:
        return best[1]
    exchanges = [m for m in legal if isinstance(m, Exchange)]
    if not exchanges:
        return best[1] if best is not None else legal[0]
    worth = _colour_worth(state, seat, base)
    return max(exchanges, key=lambda m: (worth[m.take] if m.take != DECK else _deck_worth(worth))
               - worth[m.discard] + 0.001 * rng.random())


def _place(state: State, seat: int, legal: list[Move]) -> Move:
    base = _Projection(state, seat)
    provinces = [state.province] if state.province >= 0 else [
        p for p, _ in flow.funded_provinces(state, seat, state.played)]
    best: tuple[float, int, str] | None = None
    for p in provinces:
        count = state.pieces_left if state.province >= 0 else flow.pieces_funded(
            state.played, state.side.provinces[p].colour)
        plan = _best_plan(state, seat, base, p, count)
        if plan is not None and (best is None or plan.value > best[0]):
            best = (plan.value, p, plan.kinds[0])
    if best is not None:
        name = state.side.provinces[best[1]].id
        fitting = [m for m in legal if isinstance(m, Place) and m.province == name and m.piece == best[2]]
        if fitting:
            return max(fitting, key=lambda m: _site_value(state, seat, m))
    return legal[0]


def _draw(state: State, seat: int, legal: list[Move]) -> Move:
    worth = _colour_worth(state, seat, _Projection(state, seat))
    deck = _deck_worth(worth)
    return max(legal, key=lambda m: worth[m.source] if m.source != DECK else deck)  # type: ignore[union-attr]


def _deck_worth(worth: dict[str, float]) -> float:
    return sum(worth.values()) / len(worth)


def _colour_worth(state: State, seat: int, base: "_Projection") -> dict[str, float]:
    """What one more card of each colour would be worth: its best single natural placement."""
    worth = {}
    for c, colour in enumerate(flow.COLOURS):
        values = [0.0]
        for p, province in enumerate(state.side.provinces):
            if province.colour == c:
                plan = _best_plan(state, seat, base, p, 1)
                if plan is not None:
                    values.append(plan.value)
        worth[colour] = max(values)
    return worth


def _site_value(state: State, seat: int, move: Place) -> float:
    site = state.side.sites.index(move.site) if move.site else -1
    if site < 0:
        return 0.0
    own = sum(1 for n in state.side.neighbours[site] if state.owner[n] == seat)
    empty = sum(1 for n in state.side.neighbours[site] if state.owner[n] < 0)
    return own + 0.1 * empty + (1.0 if state.fortress[site] else 0.0)


def _best_plan(state: State, seat: int, base: "_Projection", p: int, count: int) -> Plan | None:
    best: Plan | None = None
    sequences = [(k,) for k in KINDS] if count == 1 else [(a, b) for a in KINDS for b in KINDS]
    for kinds in sequences:
        value = base.try_plan(p, kinds)
        if value is not None and (best is None or value > best.value):
            best = Plan(value, p, kinds)
    return best


def _alliance_prospect(first: list[int], second: list[int]) -> list[float]:
    """An alliance's points if the game ended now, plus partial credit for one of the two majorities."""
    held_first, held_second = majority(first), majority(second)
    value = sum(first) + sum(second)
    return [value if p in held_first and p in held_second
            else HALF_ALLIANCE * value if p in held_first or p in held_second else 0.0
            for p in range(len(first))]


class _Projection:
    """Projected totals if the game ended now, and how a plan in one province changes the bot's lead."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        n = state.players
        self.province = [
            province_points(state.pagodas_in[p], flow.fortified_in(state, p)) if not state.scored[p] else [0] * n
            for p in range(len(state.side.provinces))
        ]
        self.alliance = [_alliance_prospect(state.emissaries_in[a.provinces[0]], state.emissaries_in[a.provinces[1]])
                         for a in state.side.alliances]
        self.totals: list[float] = [state.total(s) + sum(v[s] for v in self.province) + sum(v[s] for v in self.alliance)
                       for s in range(n)]
        self.lead = self._lead(self.totals)

    def _lead(self, totals: list[float]) -> float:
        others = [t for s, t in enumerate(totals) if s != self.seat]
        return totals[self.seat] - max(others)

    def try_plan(self, p: int, kinds: tuple[str, ...]) -> float | None:
        """The change in lead from placing these piece kinds in province p, or None if they do not fit."""
        st, seat = self.state, self.seat
        sites = st.side.province_sites[p]
        pagodas = list(st.pagodas_in[p])
        emissaries = list(st.emissaries_in[p])
        fortified = flow.fortified_in(st, p)
        free = st.free[p]
        fort_free = sum(1 for s in sites if st.owner[s] < 0 and st.fortress[s])
        bare = free - fort_free
        supply = {PAGODA: st.supply_pagodas[seat], EMISSARY: st.supply_emissaries[seat],
                  FORTRESS: st.supply_fortresses[seat]}
        roads = 0.0
        for kind in kinds:
            if supply[kind] <= 0:
                return None
            supply[kind] -= 1
            if kind == PAGODA:
                if free == 0:
                    return None
                free -= 1
                if fort_free:
                    fort_free -= 1
                    fortified[seat] = True
                else:
                    bare -= 1
                pagodas[seat] += 1
                roads += ROAD_BONUS * self._best_road_gain(sites)
            elif kind == EMISSARY:
                if sum(emissaries) >= max(pagodas):
                    return None
                emissaries[seat] += 1
            else:
                if bare == 0:
                    return None
                bare -= 1
                fort_free += 1
        totals = list(self.totals)
        new_province = province_points(pagodas, fortified) if not st.scored[p] else [0] * st.players
        for s in range(st.players):
            totals[s] += new_province[s] - self.province[p][s]
        for i, alliance in enumerate(st.side.alliances):
            if p in alliance.provinces:
                a, b = alliance.provinces
                first = emissaries if a == p else st.emissaries_in[a]
                second = emissaries if b == p else st.emissaries_in[b]
                after = _alliance_prospect(first, second)
                for s in range(st.players):
                    totals[s] += after[s] - self.alliance[i][s]
        return self._lead(totals) - self.lead + roads

    def _best_road_gain(self, sites: tuple[int, ...]) -> int:
        st = self.state
        return max((sum(1 for n in st.side.neighbours[s] if st.owner[n] == self.seat)
                    for s in sites if st.owner[s] < 0), default=0)
