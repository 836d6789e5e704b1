"""The state of one game: plain ints, lists and tuples in ``__slots__`` classes.

Cloning is the engine's most frequent operation after ``legal`` (parsing a
reply works on a clone, bots look ahead on clones), so a palace is an immutable
``(floors, persons)`` tuple with the persons as sorted kind codes, and a clone
copies only the few mutable lists.
"""

from __future__ import annotations

import random
from typing import Any

from engine.dragon import data

# Phases of the game; ``RELEASE`` is the part of Phase 3 where owners choose losses.
START, ACTION, BUILD, PERSON, RELEASE, OVER = "start", "action", "build", "person", "release", "over"

# Where a player's points came from, for the final breakdown.
POINT_LABELS: tuple[str, ...] = (
    "palaces", "court ladies", "privileges", "research", "mongols", "festival", "persons", "monks", "money",
)
PALACES, LADIES, PRIVILEGES, RESEARCH, MONGOLS, FESTIVAL, PERSONS, MONKS, MONEY = range(len(POINT_LABELS))

Palace = tuple[int, tuple[int, ...]]


class Player:
    """One prince: purse, goods, tracks, palaces, hand and standing release order."""

    __slots__ = ("yuan", "rice", "fireworks", "score", "track", "arrival", "palaces",
                 "small", "large", "cards", "release_order", "points")

    def __init__(self) -> None:
        self.yuan = data.START_YUAN
        self.rice = 0
        self.fireworks = 0
        self.score = 0
        self.track = 0
        self.arrival = 0
        self.palaces: list[Palace] = [(floors, ()) for floors in data.START_PALACES]
        self.small = 0
        self.large = 0
        self.cards: list[int] = list(data.HAND)
        self.release_order: tuple[str, ...] = ()
        self.points: list[int] = [0] * len(POINT_LABELS)

    def copy(self) -> Player:
        other = Player.__new__(Player)
        other.yuan = self.yuan
        other.rice = self.rice
        other.fireworks = self.fireworks
        other.score = self.score
        other.track = self.track
        other.arrival = self.arrival
        other.palaces = list(self.palaces)
        other.small = self.small
        other.large = self.large
        other.cards = list(self.cards)
        other.release_order = self.release_order
        other.points = list(self.points)
        return other

    def symbols(self, type_index: int) -> int:
        """S(p, symbol) of section 6: the symbols on this type's tiles in the palaces."""
        young, old = 2 * type_index, 2 * type_index + 1
        count = 0
        for _, persons in self.palaces:
            for code in persons:
                if code == young or code == old:
                    count += data.SYMBOLS[code]
        return count

    def persons(self) -> int:
        return sum(len(persons) for _, persons in self.palaces)

    def gain(self, label: int, points: int) -> None:
        self.score += points
        self.points[label] += points


class DragonState:
    """A game in progress; see ``engine.dragon`` for the protocol over it."""

    __slots__ = ("players", "seed", "large_cost", "events", "deals", "seat_order", "round", "phase",
                 "order", "turn", "actor", "groups", "dragons", "supply", "gone", "arrivals",
                 "start_pairs", "owed", "unfed", "building", "legal_cache")

    players: list[Player]
    seed: int
    large_cost: int
    events: tuple[str, ...]
    deals: tuple[tuple[tuple[str, ...], ...], ...]
    seat_order: tuple[int, ...]
    round: int
    phase: str
    order: list[int]
    turn: int
    actor: int
    groups: tuple[tuple[str, ...], ...]
    dragons: list[int]
    supply: list[int]
    gone: list[int]
    arrivals: int
    start_pairs: list[tuple[str, str]]
    owed: list[int]
    unfed: list[tuple[int, ...] | None]
    building: int
    legal_cache: Any

    def copy(self) -> DragonState:
        other = DragonState.__new__(DragonState)
        other.players = [p.copy() for p in self.players]
        other.seed = self.seed
        other.large_cost = self.large_cost
        other.events = self.events
        other.deals = self.deals
        other.seat_order = self.seat_order
        other.round = self.round
        other.phase = self.phase
        other.order = list(self.order)
        other.turn = self.turn
        other.actor = self.actor
        other.groups = self.groups
        other.dragons = list(self.dragons)
        other.supply = list(self.supply)
        other.gone = list(self.gone)
        other.arrivals = self.arrivals
        other.start_pairs = list(self.start_pairs)
        other.owed = list(self.owed)
        other.unfed = list(self.unfed)
        other.building = self.building
        other.legal_cache = self.legal_cache
        return other

    def turn_order(self) -> list[int]:
        """Furthest on the person track first; on one space, the marker on top (section 4)."""
        players = self.players
        return sorted(range(len(players)), key=lambda s: (players[s].track, players[s].arrival), reverse=True)

    def advance_marker(self, seat: int, spaces: int) -> None:
        """Move forward and land on top of any markers already there (stacking rule)."""
        self.arrivals += 1
        player = self.players[seat]
        player.track += spaces
        player.arrival = self.arrivals


def valid_event_row(row: tuple[str, ...]) -> bool:
    """The fixed Peace months first, every tile once, no two identical tiles side by side after them."""
    fixed = len(data.FIXED_MONTHS)
    return (row[:fixed] == data.FIXED_MONTHS
            and sorted(row) == sorted(e for e in data.EVENTS for _ in range(data.EVENT_COUNTS[e]))
            and all(row[i] != row[i + 1] for i in range(fixed, len(row) - 1)))


def event_row(rng: random.Random) -> tuple[str, ...]:
    """Months 1-2 Peace, the rest shuffled until the row is valid (D-21)."""
    rest: list[str] = []
    for event in data.EVENTS:
        rest += [event] * (data.EVENT_COUNTS[event] - data.FIXED_MONTHS.count(event))
    while True:
        rng.shuffle(rest)
        row = (*data.FIXED_MONTHS, *rest)
        if valid_event_row(row):
            return row


def deal(rng: random.Random, players: int) -> tuple[tuple[str, ...], ...]:
    """One round's action groups: the 7 cards shuffled and dealt in the sizes of 2.5 (D-5)."""
    cards = list(data.ACTIONS)
    rng.shuffle(cards)
    groups = []
    at = 0
    for size in data.GROUP_SIZES[players]:
        groups.append(tuple(cards[at:at + size]))
        at += size
    return tuple(groups)


def new_state(players: int, seed: int, large_cost: int) -> DragonState:
    """The set-up of section 3; every shuffle of the game is drawn here from ``seed`` (D-31).

    The deals of all twelve rounds are drawn now because no move can change
    them; they stay hidden until their round begins.
    """
    rng = random.Random(seed)
    order = list(range(players))
    rng.shuffle(order)
    state = DragonState.__new__(DragonState)
    state.players = [Player() for _ in range(players)]
    state.seed = seed
    state.large_cost = large_cost
    state.seat_order = tuple(order)
    state.events = event_row(rng)
    state.deals = tuple(deal(rng, players) for _ in range(data.ROUNDS))
    state.round = 0
    state.phase = START
    state.order = list(order)
    state.turn = 0
    state.actor = order[0]
    state.groups = ()
    state.dragons = []
    state.supply = data.tile_supply(players)
    state.gone = [0] * len(data.KINDS)
    state.arrivals = 0
    state.start_pairs = []
    state.owed = [0] * players
    state.unfed = [None] * players
    state.building = 0
    state.legal_cache = None
    return state
