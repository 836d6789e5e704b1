"""Who decides before a seat: the seats of the replies until its next one, when no choice can change them.

A mail tells a player "you are next after Bob" so they may send their move
ahead. The order of the coming replies depends on what the players choose and
on what is hidden (a draw, another hand), so it is found by playing a few
sampled futures from worlds the reader cannot tell apart from the real one
(:meth:`engine.Game.determinise`), each with random choices, and it is said
only when every future agrees. Nothing is read that the reader may not see,
and nothing is said that a choice could make untrue.

A mail is composed for every prompt, so a future stops as soon as the
reader's next reply starts, or as soon as it parts from the futures before it.
"""

from __future__ import annotations

import random
from typing import Any

from engine.errors import IllegalMove
from engine.protocol import Game, Move, State

REPLIES = 6
"""How far ahead the seat's next reply is looked for, its own current one counted: a whole round at five."""

SAMPLES = 4
"""Sampled futures that must agree."""

_STEPS = 60
"""Decisions played in one future at most: enough for ``REPLIES`` replies in every game."""


def seats_before(game: Game, state: State, seat: int, rng: random.Random,
                 replies: int = REPLIES, samples: int = SAMPLES) -> list[int] | None:
    """The seats whose replies come before ``seat``'s next one (after its current one, if it is due now),
    in order, or None when that is not certain within ``replies`` replies.

    A run of one seat's decisions with nobody else in between is one reply
    (as in a mail that answers a whole turn). Seats deciding at once end the
    look: no order between them is certain.
    """
    agreed: list[int] | None = None
    for _ in range(samples):
        found = _before(game, game.determinise(state, seat, rng), seat, rng, replies, agreed)
        if found is None:
            return None
        agreed = found
    return agreed


def _before(game: Game, world: State, seat: int, rng: random.Random, replies: int,
            agreed: list[int] | None) -> list[int] | None:
    """One future's seats before the seat's next reply; None when it is too far, or parts from ``agreed``."""
    others: list[int] = []
    current = seat in game.to_act(world)  # the seat's own reply now is not the one looked for
    last = seat if current else None
    for _ in range(_STEPS):
        due = game.to_act(world)
        if len(due) != 1:
            return None  # the game ends, or seats decide at once
        (mover,) = due
        if mover != last:
            if mover == seat:
                return others if agreed is None or others == agreed else None
            others.append(mover)
            if len(others) + 1 + current > replies or (agreed is not None and others != agreed[:len(others)]):
                return None
            last = mover
        moves = game.legal(world, mover)
        world = game.apply(world, mover, moves[rng.randrange(len(moves))])
    return None


def shows(game: Game, state: State, seat: int, moves: list[Move], rng: random.Random,
          samples: int = SAMPLES) -> bool:
    """Whether the seat's own ``moves`` show it something only it sees that it could not know before (a card
    drawn from the deck): after them, worlds it could not tell apart before differ in its own view.

    A part every seat sees (a display refilled from the deck) does not count:
    it is in every player's next mail anyway. What counts is what a player
    needs to plan their next turn from and cannot learn from the others.
    A game that never shows one seat alone anything hidden
    (``SHOWS_ONE_SEAT`` False) is not played out: the answer is no.
    """
    return game.SHOWS_ONE_SEAT and _worlds_differ(game, state, seat, moves, rng, samples)


def _worlds_differ(game: Game, state: State, seat: int, moves: list[Move], rng: random.Random,
                   samples: int) -> bool:
    """Whether, after ``moves``, the seat's own part of its view differs between the real state and sampled
    worlds it cannot tell from it: the look :func:`shows` makes."""
    worlds = [game.clone(state), *(game.determinise(state, seat, rng) for _ in range(samples))]
    seen: list[Any] = []
    for world in worlds:
        try:
            for move in moves:
                world = game.apply(world, seat, move)
        except IllegalMove:
            continue  # a world where a move read something shown on the way (a new round's tiles): not this reply
        seen.append(_own(game.view(world, seat), game.view(world, None)))
    return any(view != seen[0] for view in seen[1:])


def _own(view: Any, public: Any) -> Any:
    """The parts of a seat's ``view`` that the spectator's ``public`` view does not show."""
    if isinstance(view, dict) and isinstance(public, dict):
        return {key: _own(value, public.get(key)) for key, value in view.items() if value != public.get(key)}
    if isinstance(view, list) and isinstance(public, list) and len(view) == len(public):
        return [_own(mine, theirs) for mine, theirs in zip(view, public, strict=True)]
    return view


def reveals(game: Game, state: State, seat: int, moves: list[Move], rng: random.Random,
            samples: int = SAMPLES) -> bool:
    """Whether the seat's ``moves``, played from ``state`` (unchanged), show the seat or the table anything that
    was hidden before them: a card drawn, a tile or a month turned up, a display refilled from a deck.

    Worlds the seat cannot tell from the real one (:meth:`engine.Game.determinise`) differ only in what it may
    not see; after the moves, its whole view (the public part too) differs between them exactly when the moves
    showed some of it. A move that cannot be played in one of them read something hidden on the way: it counts.
    What the moves only tell the others of the seat's own hand is no news to the seat, so it does not count.
    This is what an undo by consent must never take back: a player would replay the turn knowing what it
    showed.
    """
    seen: list[Any] = []
    for world in [game.clone(state), *(game.determinise(state, seat, rng) for _ in range(samples))]:
        try:
            for move in moves:
                world = game.apply(world, seat, move)
        except IllegalMove:
            return True
        seen.append(game.view(world, seat))
    return any(view != seen[0] for view in seen[1:])
