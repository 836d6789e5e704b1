"""Each game's conformance hooks: what the game hides from a seat, and how long a game may last.

The conformance suite (``tests/engine/test_conformance.py``) changes what a
seat may not see and checks that the seat's view stays the same. Only the game
knows what it hides, so each game registers here a ``perturb`` function that
changes every hidden thing it can while keeping what is public as it is (the
sizes of hands and decks, say), plus an upper bound on the number of decisions
of one game under random play.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Hooks:
    """What the suite needs from a game beyond the protocol.

    ``perturb(state, seat, rng)`` changes, in place, what ``seat`` may not
    see; ``max_decisions`` bounds the length of a random game; ``variants``
    are (players, options) set-ups played besides the defaults, so that every
    option's rules are held to the suite too.
    """

    perturb: Callable[[Any, int, random.Random], None]
    max_decisions: int
    variants: tuple[tuple[int, dict[str, Any]], ...] = ()


def _dragon(state: Any, seat: int, rng: random.Random) -> None:
    """The action cards of the months still to come, every other seat's standing release order, and the seed."""
    state.seed += 1
    future = list(state.deals[state.round:])
    rng.shuffle(future)
    state.deals = tuple(state.deals[:state.round]) + tuple(tuple(reversed(d)) for d in future)
    for other, player in enumerate(state.players):
        if other != seat:
            player.release_order = ("craftsman",) if player.release_order != ("craftsman",) else ("farmer",)


def _china(state: Any, seat: int, rng: random.Random) -> None:
    """Every other seat's hand (its size kept), the order of the deck, and the seed the reshuffle is drawn from."""
    state.seed += 1
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        for colour, held in enumerate(hand):
            swap = next((c for c in state.deck if c != colour), None)
            if held and swap is not None:
                state.deck.remove(swap)
                state.deck.append(colour)
                hand[colour] -= 1
                hand[swap] += 1
                break
    rng.shuffle(state.deck)


def _prodigals(state: Any, seat: int, rng: random.Random) -> None:
    """Every other seat's hand (its size kept), standing orders and drawn tile, and the order of every pile."""
    for pile in [*state.decks.values(), state.central_deck, state.political_stack, state.possession_stack]:
        rng.shuffle(pile)
    others = [p for p in state.players if p.seat != seat]
    for player in others:
        deck = next((d for d in state.decks.values() if d), None)
        if player.hand and deck is not None:
            player.hand[0], deck[0] = deck[0], player.hand[0]
        player.keep = list(reversed(player.keep)) + ["no-such-card"]
        player.up_order = list(reversed(player.up_order)) + ["no-such-marker"]
        if player.drawn_tile and state.political_stack:
            player.drawn_tile, state.political_stack[0] = state.political_stack[0], player.drawn_tile


HOOKS: dict[str, Hooks] = {
    "dragon": Hooks(_dragon, max_decisions=1_000, variants=((4, {"large_privilege_cost": 7}),)),
    "china": Hooks(_china, max_decisions=2_000, variants=(
        (4, {"side": "side-3", "fortresses": True}), (5, {"fortresses": True, "start_player": "random"}),
    )),
    "prodigals": Hooks(_prodigals, max_decisions=20_000, variants=(
        (3, {"competitions": ["possessions", "election", "society"]}),
        (4, {"competitions": ["possessions", "election"]}),
        (2, {"competitions": ["possessions", "society"]}),
    )),
}
"""Every registered game must have an entry; the suite fails for a game without one."""
