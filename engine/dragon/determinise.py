"""A state one seat cannot tell from the real one, the months to come dealt again (the protocol's ``determinise``).

Every game keeps its ``determinise`` in a module of this name, so the search
bot's view of each game's hidden information is found in the same place.
"""

from __future__ import annotations

import random

from engine.dragon import data
from engine.dragon.state import DragonState, deal
from engine.protocol import check_viewer


def determinise(state: DragonState, seat: int | None, rng: random.Random) -> DragonState:
    """A copy of ``state`` that ``seat`` cannot tell from it, with what it cannot know drawn again.

    Everything at the table is public (D-27; hands follow from the cards
    played, D-10) but two things: the action cards of the months still to
    come, which are not yet dealt (each month shuffles all the cards anew,
    2.5), and every other seat's standing release order, a player's private
    instruction to the engine. The future months are dealt again from
    ``rng`` as at set-up; another seat's order is cleared, so that seat is
    asked at each release it owes, as any player without one is: its real
    choice is that player's to make. The seed, which would tell the real
    deals, is drawn from ``rng`` as well. So the result depends only on what
    the seat sees and on ``rng``.
    """
    check_viewer(seat, len(state.players))
    new = state.copy()
    new.seed = rng.randrange(2**31)
    count = len(state.players)
    new.deals = state.deals[:state.round] + tuple(deal(rng, count) for _ in range(data.ROUNDS - state.round))
    for other, player in enumerate(new.players):
        if other != seat:
            player.release_order = ()
    return new
