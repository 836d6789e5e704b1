"""A search bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Why this shape: the three games hide hands, deck orders and kept moves, so a
plain tree search over the real state would read what the seat may not see.
Each iteration instead asks the game for a world the seat cannot tell from
the real one (``rules.determinise(state, seat, rng)``) and walks one tree,
shared by every world, whose edges are moves (Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", 2012; OpenSpiel's ``ISMCTSBot``).
A move is scored with UCB over the worlds in which it was legal
(availability counts), and every seat keeps its own reward, so each seat in
the tree plays for itself at a table of three to five (max^n backups).

Playouts follow the game's greedy policy, since that is how most opponents
play and random play says little about a position here, and stop after
``Budget.depth`` decisions, where the game's ``outlook`` (its greedy bot's own
valuation of every seat) ranks the seats; a playout that reaches the end is
scored by ``result``; where the game gives an ``OUTLOOK_SCALE`` a seat's
reward is a sigmoid of its lead in those units rather than its rank. The
moves at a node are widened progressively in the order the game's ``prior``
gives them (the outlook one move ahead where it has none), so a wide decision
(Dragon's 130 ways to take a person) is not spent trying every move once.

Pure: no clock, no I/O. The caller brings the time limit as ``Budget.time_up``
(the shell builds it on ``time.monotonic``); with a playout budget alone the
choice is a function of the state, the seat and the rng.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

from engine.protocol import Game, Move, State

PLAYOUTS = 100
"""Playouts a decision when the caller names no budget: a median decision well under a second on a 2-CPU
machine in every game, and far stronger than the greedy bot (``pbem bench bots`` measures both)."""
WIN_WEIGHT = 0.75
"""Share of a seat's reward that is its win share (1 / seats tied first); the rest is its rank."""


@dataclass(frozen=True)
class Budget:
    """What one decision may spend.

    ``playouts``: iterations (one determinised world, one walk down the tree,
    one playout each), fewer once the most visited move can no longer be
    caught up with; ``time_up``: asked before each iteration after the
    first, a clock the shell owns (None: playouts alone bound it);
    ``depth``: decisions a playout plays past the tree before the outlook
    judges it (0: play to the end); ``exploration``: UCB's constant on
    rewards in [0, 1]; ``widening``: how fast a node admits more moves (it
    holds ``2 + widening * sqrt(visits)`` of them).

    Why 0.3 and 0.5: a hundred playouts over a dozen moves learn little of
    each (at 0.7 and 1.0 the Prodigals search spread its visits almost
    evenly, and three rngs agreed on its move at only 40 % of 45 decisions),
    so the search keeps to the few moves the game's order puts first and
    spends its playouts telling those apart.
    """

    playouts: int = PLAYOUTS
    time_up: Callable[[], bool] | None = None
    depth: int = 24
    exploration: float = 0.3
    widening: float = 0.5

    def __post_init__(self) -> None:
        if isinstance(self.playouts, bool) or not isinstance(self.playouts, int) or self.playouts < 1:
            raise ValueError(f"a search budget needs at least 1 playout, not {self.playouts!r}")
        if isinstance(self.depth, bool) or not isinstance(self.depth, int) or self.depth < 0:
            raise ValueError(f"a playout depth is a whole number >= 0 (0: to the end), not {self.depth!r}")


@dataclass
class Report:
    """What a search did: the move, how many playouts it ran and how many decisions they played."""

    move: Move
    playouts: int
    steps: int
    visits: dict[Move, int] = field(default_factory=dict)


@dataclass
class _Node:
    """One edge's statistics; ``children`` by move, ``order`` the moves in prior order per legal set."""

    seat: int = -1
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[Move, "_Node"] = field(default_factory=dict)
    order: dict[tuple[Move, ...], list[Move]] = field(default_factory=dict)


def choose(rules: Game, state: State, seat: int, rng: random.Random, budget: Budget = Budget()) -> Move:
    """The move the search prefers for ``seat``; the only legal move at once."""
    return search(rules, state, seat, rng, budget).move


def search(rules: Game, state: State, seat: int, rng: random.Random, budget: Budget = Budget()) -> Report:
    """Run the search for ``seat`` on ``state`` (left unchanged) within ``budget``."""
    legal = rules.legal(state, seat)
    if not legal:
        raise ValueError(f"seat {seat + 1} owes no decision now")
    if len(legal) == 1:
        return Report(legal[0], 0, 0)
    root = _Node(seat=seat)
    done = steps = 0
    while done < budget.playouts and not (done and budget.time_up is not None and budget.time_up()):
        world = rules.determinise(state, seat, rng)
        steps += _iterate(rules, world, root, rng, budget)
        done += 1
        if _settled(root, budget.playouts - done):
            break
    visits = {move: child.visits for move, child in root.children.items()}
    best = max((m for m in legal if m in root.children),
               key=lambda m: (root.children[m].visits, root.children[m].reward))
    return Report(best, done, steps, visits)


def _settled(root: _Node, left: int) -> bool:
    """Whether the most visited move stays so whatever the playouts ``left`` do: the choice is made, stop early."""
    visits = sorted((child.visits for child in root.children.values()), reverse=True)
    return len(visits) > 1 and visits[0] - visits[1] > left


def _iterate(rules: Game, world: State, root: _Node, rng: random.Random, budget: Budget) -> int:
    """One walk down the tree in ``world``, one playout from where it leaves the tree, the rewards backed up."""
    path = [root]
    node = root
    steps = 0
    while True:
        due = rules.to_act(world)
        if not due:
            break
        actor = min(due)
        legal = rules.legal(world, actor)
        moves = _admitted(rules, world, actor, node, legal, budget)
        for move in moves:
            child = node.children.get(move)
            if child is not None:
                child.available += 1
        fresh = [m for m in moves if m not in node.children]
        if fresh:
            move = fresh[0]
            child = node.children[move] = _Node(seat=actor, available=1)
        else:
            move, child = _ucb(node, moves, budget.exploration)
        world = rules.apply(world, actor, move)
        steps += 1
        path.append(child)
        node = child
        if fresh:
            break
    played, rewards = _playout(rules, world, rng, budget.depth)
    steps += played
    for visited in path[1:]:
        visited.visits += 1
        visited.reward += rewards[visited.seat]
    root.visits += 1
    return steps


def _admitted(rules: Game, world: State, actor: int, node: _Node, legal: list[Move], budget: Budget) -> list[Move]:
    """The legal moves this node considers now: the best few by the outlook one move ahead, more as it is visited."""
    key = tuple(legal)
    order = node.order.get(key)
    if order is None:
        order = node.order[key] = _prior(rules, world, actor, legal)
    room = 2 + int(budget.widening * math.sqrt(node.visits))
    return order[:room]


def _prior(rules: Game, world: State, actor: int, legal: list[Move]) -> list[Move]:
    """``legal`` best first for ``actor``: by the game's ``prior`` where it has one, else by its outlook after each
    move."""
    if len(legal) == 1:
        return list(legal)
    glance = rules.prior(world, actor, legal)
    if glance is not None:
        ranked = sorted(range(len(legal)), key=lambda index: (-glance[index], index))
        return [legal[index] for index in ranked]
    scored = []
    for index, move in enumerate(legal):
        after = rules.apply(rules.clone(world), actor, move)
        outlook = rules.outlook(after)
        scored.append((-_margin(outlook, actor) if outlook is not None else 0.0, index, move))
    scored.sort(key=lambda item: (item[0], item[1]))
    return [move for _, _, move in scored]


def _margin(outlook: list[float], seat: int) -> float:
    """How far ``seat`` stands ahead of the best other seat (negative: behind)."""
    others = [v for s, v in enumerate(outlook) if s != seat]
    return outlook[seat] - max(others) if others else outlook[seat]


def _ucb(node: _Node, moves: list[Move], exploration: float) -> tuple[Move, _Node]:
    best: tuple[float, Move, _Node] | None = None
    for move in moves:
        child = node.children[move]
        value = child.reward / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
        if best is None or value > best[0]:
            best = (value, move, child)
    assert best is not None
    return best[1], best[2]


def _playout(rules: Game, world: State, rng: random.Random, depth: int) -> tuple[int, list[float]]:
    """Greedy play from ``world`` for ``depth`` decisions, then each seat's reward; the decisions played with it.

    With ``depth`` 0, or in a game without an outlook, the playout goes to the end. Where the game gives an
    ``OUTLOOK_SCALE`` a seat's reward is its lead in those units (``_by_lead``), else its rank (``_by_rank``).
    """
    scale = rules.OUTLOOK_SCALE
    steps = 0
    while True:
        due = rules.to_act(world)
        if not due:
            result = rules.result(world)
            assert result is not None, "a game nobody owes a decision in is over"
            if scale:
                return steps, _by_lead([-s if result.lowest_wins else s for s in result.scores], scale)
            return steps, _by_rank(result.ranks)
        if depth and steps >= depth:
            outlook = rules.outlook(world)
            if outlook is not None:
                if scale:
                    return steps, _by_lead(outlook, scale)
                return steps, _by_rank([1 + sum(1 for other in outlook if other > mine) for mine in outlook])
        actor = min(due)
        world = rules.apply(world, actor, rules.greedy(world, actor, rng))
        steps += 1


def _by_rank(ranks: list[int]) -> list[float]:
    """Win share (1 / seats ranked first) weighted with the rank itself (first 1, last 0)."""
    n = len(ranks)
    first = sum(1 for r in ranks if r == 1)
    return [WIN_WEIGHT * (1.0 / first if r == 1 else 0.0) + (1 - WIN_WEIGHT) * ((n - r) / (n - 1) if n > 1 else 1.0)
            for r in ranks]


def _by_lead(values: list[float], scale: float) -> list[float]:
    """Each seat's lead over the best other seat (``values`` higher better), squashed into (0, 1) by a sigmoid
    whose unit is ``scale``: a tie for first is worth a half, a clear lead nearly 1.

    Why not ranks: a point gained moves a seat's rank only when it overtakes
    somebody, so over a few playouts most moves look alike; the lead moves
    with every point, which a search can tell apart.
    """
    leads = [_margin(values, seat) if len(values) > 1 else 0.0 for seat in range(len(values))]
    return [1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead / scale)))) for lead in leads]
