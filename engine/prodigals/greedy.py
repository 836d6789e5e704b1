"""The greedy bot: one step of look-ahead on a balance-seeking evaluation.

The winner is the player whose *highest* competition score is lowest, so the
evaluation sums squared scores (a point off the worst competition is worth
most; a score below 0 is worth no more than 0, it cannot lower the final
score) and credits cards that will pay later: cards in hand while errands are
still running, black cards on the board always.
"""

from __future__ import annotations

import random

from engine.prodigals import flow
from engine.prodigals.data import DATA
from engine.prodigals.effects import scores
from engine.prodigals.moves import Done, Move, OrderKeep, OrderUp, Stop
from engine.prodigals.state import State

HAND_CARD = 3.0
"""Points a card in hand is expected to take off a score once played."""

BOARD_CARD = 4.0
"""Points a black card on the board is expected to take off over the rest of the game."""


def evaluate(state: State, seat: int) -> float:
    """Lower is better for ``seat``."""
    player = state.players[seat]
    values = list(scores(state, player).values())
    mean = max(1.0, sum(values) / len(values))
    total = float(sum(max(v, 0) ** 2 for v in values)) + 0.1 * sum(values)
    rounds_left = DATA.rounds - state.round
    if state.phase == "errands":
        total -= 2 * mean * HAND_CARD * min(len(player.hand), DATA.hand_limit + 2)
    total -= 2 * mean * BOARD_CARD * min(len(player.board), DATA.black_slots) * (rounds_left + 1) / DATA.rounds
    return total


HAND_PROJECTED = 1.0
"""Points a card in hand during the errands takes off the final score, in ``projected``."""

BOARD_PROJECTED = 2.0
"""Points a black card on the board takes off the final score over a whole game, in ``projected``."""

TIE_BREAK = 1e-4
"""Weight of ``evaluate`` in ``outlook``: it only orders seats whose projections tie."""


def projected(state: State, seat: int) -> float:
    """The seat's final score as it stands: its highest competition score, less what its cards will still take off.

    Why not ``evaluate``: that sum of squares is the right guide for one
    seat's next move (a point off the worst competition first) but a poor
    judge between seats: from the middle of a game on, the seat with the
    lowest highest score now wins far more often than the seat ``evaluate``
    favours (measured over 60 greedy games: 73 % against 65 % at half-time, 92 %
    against 75 % at three quarters), and the search bot ranks seats by it.
    """
    player = state.players[seat]
    total = float(max(scores(state, player).values()))
    if state.phase == "errands":
        total -= HAND_PROJECTED * min(len(player.hand), DATA.hand_limit + 2)
    rounds_left = DATA.rounds - state.round
    total -= BOARD_PROJECTED * min(len(player.board), DATA.black_slots) * (rounds_left + 1) / DATA.rounds
    return total


LEAD_SCALE = 2.0
"""Points of projected final score that make a clear lead (the game's ``OUTLOOK_SCALE``): a search bot's reward
for a playout it cuts short is a sigmoid of the seat's lead over the best other seat in these units."""


def outlook(state: State) -> list[float]:
    """Every seat's ``projected`` score, negated so that higher is better (the protocol's ``outlook``, for a search
    bot); ``evaluate`` breaks ties."""
    return [-projected(state, seat) - TIE_BREAK * evaluate(state, seat) for seat in range(len(state.players))]


DONE_PENALTY = 0.5
"""Added to the valuation of ending a turn or waiving a choice: on a tie, doing something wins (every play is free)."""

ORDER_PENALTY = 1.0
"""Added to the valuation of a standing order: a bot answers when asked; standing orders only save mail."""


def valuation(state: State, seat: int, move: Move) -> float:
    """What the greedy bot thinks of ``move`` (one of ``legal(state, seat)``): ``evaluate`` after it, lower better."""
    value = evaluate(flow.after(state, seat, move), seat)
    if isinstance(move, (Done, Stop)):
        value += DONE_PENALTY
    elif isinstance(move, (OrderUp, OrderKeep)):
        value += ORDER_PENALTY
    return value


def prior(state: State, seat: int, moves: list[Move]) -> list[float]:
    """How good each move looks to the greedy bot, higher better (the protocol's ``prior``, for a search bot).

    Why not the outlook one move ahead: most single steps (a marker moved in
    a competition that is not the seat's highest, a card taken in hand) leave
    the projected final score where it was, so the outlook ties them and a
    search would widen in list order, often with the greedy bot's own choice
    far down (over 45 positions of two greedy games the outlook put that
    choice first at 8 of them, first or second at 25).
    """
    return [-valuation(state, seat, move) for move in moves]


def choose(state: State, seat: int, rng: random.Random) -> Move:
    options = flow.legal(state, seat)
    if not options:
        raise ValueError(f"seat {seat + 1} owes no decision now")
    if len(options) == 1:
        return options[0]
    best: list[Move] = []
    best_value = float("inf")
    for move in options:
        value = valuation(state, seat, move)
        if value < best_value - 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    return best[rng.randrange(len(best))]
