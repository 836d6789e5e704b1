"""Bots that play through the public protocol only.

They fill empty seats, replace dropped players, and drive the demo, the tests
and the benchmarks. A bot is a function ``(game, state, seat, rng) -> move``;
``rng`` is a ``random.Random`` owned by the caller, so a bot's play is as
reproducible as the game itself.
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass, field
from typing import Callable

from engine import search as _search
from engine.protocol import Game, Move, State
from engine.text import TC, Text

Bot = Callable[[Game, State, int, _random.Random], Move]


def random(game: Game, state: State, seat: int, rng: _random.Random) -> Move:
    """A uniformly random legal move."""
    moves = game.legal(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} owes no decision now")
    return moves[rng.randrange(len(moves))]


def greedy(game: Game, state: State, seat: int, rng: _random.Random) -> Move:
    """The game's own greedy policy."""
    return game.greedy(state, seat, rng)


SEARCH_PLAYOUTS = _search.PLAYOUTS
"""The search bot's playouts a decision when no strength is named."""
MAX_PLAYOUTS = 100_000
"""The strongest ``search:N`` a name may ask for (at a few ms a playout, minutes a decision)."""


@dataclass(frozen=True)
class Searcher:
    """The search bot (:mod:`engine.search`) at a strength: playouts per decision, so deterministic for an rng.

    ``seconds`` also bounds a decision on the caller's ``clock`` (the shell's
    ``time.monotonic``: the engine reads no clock itself); the choice is then
    the full budget's whenever the time is not what stops it.
    """

    playouts: int = SEARCH_PLAYOUTS
    seconds: float | None = None
    clock: Callable[[], float] | None = field(default=None, compare=False)

    def budget(self) -> _search.Budget:
        clock, seconds = self.clock, self.seconds
        if clock is None or not seconds:
            return _search.Budget(playouts=self.playouts)
        ends = clock() + seconds
        return _search.Budget(playouts=self.playouts, time_up=lambda: clock() >= ends)

    def __call__(self, game: Game, state: State, seat: int, rng: _random.Random) -> Move:
        return _search.choose(game, state, seat, rng, self.budget())


BOTS: dict[str, Bot] = {"random": random, "greedy": greedy, "search": Searcher()}
"""The bots by name; ``search`` also takes a strength, ``search:N`` (N playouts a decision)."""


def get(name: str, seconds: float | None = None, clock: Callable[[], float] | None = None) -> Bot:
    """The bot a name stands for: ``random``, ``greedy``, ``search`` or ``search:N``; KeyError says what is known.

    A search bot thinks at most ``seconds`` a decision on ``clock`` when both are given.
    """
    kind, colon, strength = name.partition(":")
    if kind == "search" and not colon and seconds and clock is not None:
        return Searcher(SEARCH_PLAYOUTS, seconds, clock)
    if not colon:
        try:
            return BOTS[name]
        except KeyError:
            raise KeyError(f"unknown bot {name!r}; known bots: {', '.join(sorted(BOTS))} "
                           f"(search:N for N playouts a decision)") from None
    if kind != "search":
        raise KeyError(f"bot {name!r}: only the search bot takes a strength (search:N); "
                       f"known bots: {', '.join(sorted(BOTS))}")
    if not strength.isdigit() or not 1 <= int(strength) <= MAX_PLAYOUTS:
        raise KeyError(f"bot {name!r}: the strength after 'search:' is its playouts a decision, a whole number "
                       f"from 1 to {MAX_PLAYOUTS} (plain 'search' plays {SEARCH_PLAYOUTS})")
    return Searcher(int(strength), seconds, clock)


NAMES: dict[str, Text] = {"random": TC("bot", "random"), "greedy": TC("bot", "greedy"), "search": TC("bot", "search")}
"""What a player reads a bot called (``seat 3 (Ann, a greedy bot)``), in the reader's language."""


def named(name: str) -> Text:
    """What a player reads ``name``'s bot called: its kind, without the strength (``search:400`` is a search bot)."""
    get(name)
    return NAMES[name.partition(":")[0]]


@dataclass
class Playout:
    """A finished game among bots: the final state and the log that reproduces it."""

    state: State
    moves: list[tuple[int, Move]] = field(default_factory=list)


def play(
    game: Game,
    players: int,
    seed: int,
    bots: list[Bot] | None = None,
    options: dict | None = None,
    bot_seed: int | None = None,
    max_decisions: int = 100_000,
    on_move: Callable[[State, int, Move], None] | None = None,
) -> Playout:
    """Play a whole game, the lowest seat that owes a decision moving first.

    ``bots[i]`` plays seat ``i`` (default: all random). The bots draw from
    their own generator (``bot_seed``, default ``seed``) so that the game's
    shuffles stay a function of the game seed alone. ``on_move(state, seat,
    move)`` is called after each move with the state it produced.
    """
    chosen = bots or [random] * players
    rng = _random.Random(seed if bot_seed is None else bot_seed)
    state = game.new(players, seed, options)
    log: list[tuple[int, Move]] = []
    for _ in range(max_decisions):
        due = game.to_act(state)
        if not due:
            return Playout(state, log)
        seat = min(due)
        move = chosen[seat](game, state, seat, rng)
        state = game.apply(state, seat, move)
        log.append((seat, move))
        if on_move is not None:
            on_move(state, seat, move)
    raise RuntimeError(f"{game.name}: no end after {max_decisions} decisions (seed {seed})")
