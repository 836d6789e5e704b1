"""The game adapter for The Prodigals Club (:class:`engine.protocol.Game`); turn flow is ``engine.prodigals.flow``."""

from __future__ import annotations

from typing import Any

from engine.prodigals import flow, greedy, notation, picture, views, words
from engine.prodigals.state import State
from engine.protocol import GameBase, Option
from engine.text import ENGLISH, Words


class Prodigals(GameBase):
    """The Prodigals Club: lowest highest-competition score wins."""

    name = "prodigals"
    title = "The Prodigals Club"
    min_players = 2
    max_players = 5
    lowest_wins = True
    OPTIONS = (
        Option("competitions", ["election", "society"],
               "two or three of possessions, election, society (default election + society, D-2)",
               kinds=(list, tuple, str)),
    )
    FLOW, NOTATION, VIEWS, GREEDY = flow, notation, views, greedy
    MOVE_WORDS = words.MOVE_WORDS

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        chosen = self.check_setup(players, seed, options)
        return flow.new_state(players, seed, flow.competitions_option(chosen["competitions"]))

    def clone(self, state: State) -> State:
        return state.clone()

    def outlook(self, state: State) -> list[float]:
        return greedy.outlook(state)

    def picture(self, state: State, seat: int | None, words: Words = ENGLISH) -> bytes | None:
        return picture.draw(state, seat, words)

    def holds_early(self, state: State, seat: int) -> bool:
        """R-PBEM-2: in the errand phase a player with errand boys left may send his next placement early.

        Not while the central card's errand boy is being placed: that
        placement is asked for separately, once every other boy is placed.
        """
        return (state.phase == "errands" and not state.retrieval and seat not in flow.to_act(state)
                and state.players[seat].boys > 0)


GAME = Prodigals()
"""The module-level game object ``engine.game("prodigals")`` returns."""

__all__ = ["GAME", "Prodigals"]
