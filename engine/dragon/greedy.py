"""A one-move look-ahead bot: try every legal move on a clone and keep the best position.

The position is valued as points already scored plus the points it is on
course for: round scoring still to come, final scoring of persons, monks and
money, and the damage the next events would do to it as it stands.
"""

from __future__ import annotations

import random

from engine.dragon import data, events, flow
from engine.dragon.moves import DragonMove
from engine.dragon.state import DragonState, Player

LOOKAHEAD_MONTHS = 2


def _event_risk(player: Player, event: str, helmets_to_beat: int) -> float:
    """Points an event would cost (or bring) the player as things stand."""
    if event == "drought":
        inhabited = sum(1 for _, persons in player.palaces if persons)
        return -3.0 * max(0, inhabited - player.rice)
    if event == "tribute":
        return -3.0 * max(0, data.TRIBUTE_COST - player.yuan)
    if event == "contagion":
        return -3.0 * max(0, data.CONTAGION_LOSSES - player.symbols(data.HEALER))
    if event == "mongols":
        helmets = player.symbols(data.WARRIOR)
        return helmets - (3.0 if helmets <= helmets_to_beat else 0.0)
    if event == "festival":
        return 1.5 * min(player.fireworks, 4)
    return 0.0


def value(state: DragonState, seat: int) -> float:
    """How good ``state`` looks for ``seat`` (higher is better)."""
    player = state.players[seat]
    months_left = data.ROUNDS - max(state.round, 1)
    lady = 2 * data.COURT_LADY
    per_round = (len(player.palaces) + sum(p.count(lady) for _, p in player.palaces)
                 + data.SMALL_VP * player.small + data.LARGE_VP * player.large)
    persons, monks, money = events.final_points(player)
    worth = player.score + months_left * per_round + persons + monks + money + 0.15 * player.track
    worth += 0.5 * sum(floors - len(p) for floors, p in player.palaces if p)
    worth -= 1.0 * sum(1 for _, p in player.palaces if not p)
    worth += 0.3 * player.yuan + 0.3 * player.rice + 0.3 * player.fireworks
    rivals = [p.symbols(data.WARRIOR) for i, p in enumerate(state.players) if i != seat]
    lowest_rival = min(rivals) if rivals else 0
    first = max(state.round, 1) if state.phase in ("start", "action", "build", "person") else state.round + 1
    for month in range(first, min(first + LOOKAHEAD_MONTHS, data.ROUNDS + 1)):
        weight = 1.0 if month == first else 0.5
        worth += weight * _event_risk(player, state.events[month - 1], lowest_rival)
    return worth


def outlook(state: DragonState) -> list[float]:
    """Every seat's ``value``: the protocol's ``outlook``, which a search bot ranks cut-off playouts by."""
    return [value(state, seat) for seat in range(len(state.players))]


def choose(state: DragonState, seat: int, rng: random.Random) -> DragonMove:
    """The legal move whose resulting position ``value`` rates best; ties broken by ``rng``."""
    moves = flow.legal(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} owes no decision now")
    best: list[DragonMove] = []
    best_value = float("-inf")
    for move in moves:
        worth = value(flow.apply(state.copy(), seat, move), seat)
        if worth > best_value + 1e-9:
            best, best_value = [move], worth
        elif worth > best_value - 1e-9:
            best.append(move)
    return best[rng.randrange(len(best))]
