"""Scenario helpers for The Prodigals Club tests: a real set-up, then only what an example states."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.prodigals import flow
from engine.prodigals.data import DATA
from engine.prodigals.effects import Resolver
from engine.prodigals.moves import Move
from engine.prodigals.state import State
from engine.prodigals.unit import NeedChoice

GAME = engine.game("prodigals")

COMBINATIONS = [
    ["election", "society"],
    ["possessions", "election"],
    ["possessions", "society"],
    ["possessions", "election", "society"],
]


def new(players: int = 4, comps: list[str] | None = None, seed: int = 1) -> State:
    return GAME.new(players, seed, {"competitions": comps or ["election", "society"]})


def action_turn(players: int = 4, comps: list[str] | None = None, seed: int = 1) -> State:
    """A state in the action phase with seat 0 to act, every hand, board and played pile empty."""
    state = new(players, comps, seed)
    state.phase = "actions"
    state.pending = None
    state.turn = state.order.index(0)
    for player in state.players:
        state.removed.extend(player.hand)
        player.hand, player.board, player.played, player.used = [], [], [], []
    return state


def give(state: State, seat: int, *card_ids: str) -> None:
    """Put the first copy of each printed card id into the seat's hand (taken from wherever it lies)."""
    for card_id in card_ids:
        held = state.players[seat].hand
        uid = next(u for u in DATA.cards if DATA.cards[u].id == card_id and u not in held and _take(state, u))
        state.players[seat].hand.append(uid)


def _take(state: State, uid: str) -> bool:
    """Remove a card from any pile of the state; False when no pile holds it."""
    piles: list[list[str]] = [*state.decks.values(), state.central_deck, *state.sets.values(), state.removed]
    for player in state.players:
        piles.extend([player.hand, player.board, player.played])
    for pile in piles:
        if uid in pile:
            pile.remove(uid)
            return True
    if state.central_card == uid:
        state.central_card = ""
        return True
    return False


def on_board(state: State, seat: int, *card_ids: str) -> None:
    """Put cards straight onto the seat's player board, in this order."""
    for card_id in card_ids:
        give(state, seat, card_id)
        state.players[seat].board.append(state.players[seat].hand.pop())


def play(state: State, seat: int, *moves: Move) -> State:
    for move in moves:
        state = GAME.apply(state, seat, move)
    return state


def resolve(state: State, seat: int, effect: dict[str, Any], *choices: Move) -> Resolver:
    """Run one effect to the end with the given choices; fails if it asks for more."""
    resolver = Resolver(state, seat, tuple(choices))
    try:
        resolver.run(effect)
        resolver.fire_triggers()
    except NeedChoice as need:  # pragma: no cover - a failing test shows the prompt
        pytest.fail(f"the effect asked for another choice: {need.prompt}")
    assert resolver.used == len(choices), "some given choices were not used"
    return resolver


def markers(state: State, seat: int, **where: tuple[int, str]) -> None:
    """Place the seat's markers at (row value, column name)."""
    state.players[seat].markers = {
        m: (DATA.rows.index(row), DATA.columns.index(col)) for m, (row, col) in where.items()
    }


def card(card_id: str) -> Any:
    return next(c for c in DATA.cards.values() if c.id == card_id)


__all__ = ["GAME", "COMBINATIONS", "flow"]
