"""A state one seat cannot tell from the real one, its hidden cards dealt again (the protocol's ``determinise``).

Every game keeps its ``determinise`` in a module of this name, so the search
bot's view of each game's hidden information is found in the same place.
"""

from __future__ import annotations

import random

from engine.china.flow import COLOURS
from engine.china.state import State
from engine.protocol import check_viewer


def determinise(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of ``state`` that ``seat`` cannot tell from it, the cards it cannot locate dealt again (D18).

    Secret to a seat are the other hands and the deck order, and the seed the
    first exhaustion's reshuffle is drawn from (section 7); a spectator knows
    no hand. The cards the seat cannot locate (every card not in its hand, the
    display or the discards) form one pool, sorted by colour so that it says
    nothing of where they really lie, shuffled with ``rng`` and dealt: each
    other hand gets as many as it holds, the rest is the deck. The seed is
    drawn from ``rng`` too. So the result depends only on what the seat sees
    and on ``rng``.
    """
    check_viewer(seat, state.players)
    new = state.copy()
    hidden = [s for s in range(state.players) if s != seat]
    counts = [sum(state.hands[s][c] for s in hidden) + state.deck.count(c) for c in range(len(COLOURS))]
    pool = [c for c, n in enumerate(counts) for _ in range(n)]
    new.seed = rng.randrange(2**31)
    rng.shuffle(pool)
    for s in hidden:
        size = sum(state.hands[s])
        hand = [0] * len(COLOURS)
        for c in pool[:size]:
            hand[c] += 1
        new.hands[s] = hand
        del pool[:size]
    new.deck = pool
    return new
