"""Who decides next: the seats of the coming replies, as far as they are certain whatever anyone chooses.

A mail tells a player "you are next after Bob" so they may send their move
ahead. The order of the coming replies depends on what the players choose and
on what is hidden (a draw, another hand), so it is found by playing a few
sampled futures from worlds the reader cannot tell apart from the real one
(:meth:`engine.Game.determinise`), each with random choices, and keeping only
the replies on which every future agrees. Nothing is read that the reader may
not see, and nothing is said that a choice could make untrue.
"""

from __future__ import annotations

import random

from engine.protocol import Game, State

REPLIES = 6
"""How far ahead the order is looked for, the seat's own reply counted: a whole round at five players."""

SAMPLES = 4
"""Sampled futures that must agree."""

_STEPS = 60
"""Decisions played in one future at most: enough for ``REPLIES`` replies in every game."""


def coming_replies(game: Game, state: State, viewer: int | None, rng: random.Random,
                   replies: int = REPLIES, samples: int = SAMPLES) -> list[int]:
    """The seats of the next ``replies`` replies, in order, that every sampled future agrees on.

    A run of one seat's decisions with nobody else in between is one reply
    (as in a mail that answers a whole turn). The list stops where the futures
    part; it is empty when the game is over.
    """
    agreed: list[int] | None = None
    for _ in range(samples):
        future = _replies(game, game.determinise(state, viewer, rng), rng, replies)
        if agreed is None:
            agreed = future
        else:
            same = 0
            while same < min(len(agreed), len(future)) and agreed[same] == future[same]:
                same += 1
            agreed = agreed[:same]
        if not agreed:
            break
    return agreed or []


def _replies(game: Game, world: State, rng: random.Random, replies: int) -> list[int]:
    seats: list[int] = []
    for _ in range(_STEPS):
        due = game.to_act(world)
        if not due:
            break
        if len(due) > 1:  # seats deciding at once: no order between them is certain
            break
        seat = next(iter(due))
        if not seats or seats[-1] != seat:
            if len(seats) == replies:
                break
            seats.append(seat)
        moves = game.legal(world, seat)
        world = game.apply(world, seat, moves[rng.randrange(len(moves))])
    return seats


def next_after(coming: list[int], seat: int) -> list[int] | None:
    """The seats whose replies come before ``seat``'s next one (after its current one if it is due first),
    or None when that is not among ``coming``."""
    start = 1 if coming and coming[0] == seat else 0
    for index in range(start, len(coming)):
        if coming[index] == seat:
            return coming[start:index]
    return None
