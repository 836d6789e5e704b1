"""The game adapter for The Prodigals Club (:class:`engine.protocol.Game`); turn flow is ``engine.prodigals.flow``."""

from __future__ import annotations

from typing import Any

from engine.prodigals import determinise, flow, greedy, notation, picture, views, words
from engine.prodigals.state import State
from engine.protocol import GameBase, Option
from engine.text import ENGLISH, TC, Words


class Prodigals(GameBase):
    """The Prodigals Club: lowest highest-competition score wins."""

    name = "prodigals"
    title = TC("title", "The Prodigals Club").msgid  # its catalog gives the published title
    min_players = 2
    max_players = 5
    lowest_wins = True
    OPTIONS = (
        Option("competitions", ["election", "society"],
               "two or three of possessions, election, society (default election + society, D-2)",
               kinds=(list, tuple, str), read=flow.competitions_option),
    )
    FLOW, NOTATION, VIEWS, GREEDY = flow, notation, views, greedy
    MOVE_WORDS = words.MOVE_WORDS

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        chosen = self.check_setup(players, seed, options)
        return flow.new_state(players, seed, flow.competitions_option(chosen["competitions"]))

    def clone(self, state: State) -> State:
        return state.clone()

    OUTLOOK_SCALE = greedy.LEAD_SCALE
    PRIVATE_LINES = ("order up ", "order keep ")

    def outlook(self, state: State) -> list[float]:
        return greedy.outlook(state)

    def prior(self, state: State, seat: int, moves: list[Any]) -> list[float]:
        return greedy.prior(state, seat, moves)

    def also_named(self, state: State, seat: int, move: Any) -> str:
        """A move by what the board and the mail show of its thing: a card set by its cards ("the set with
        Flirt"), a marker by its place ("the top gentleman"), a possession by its symbol, borough and value."""
        return notation.also_named(state, seat, move)

    def determinise(self, state: State, seat: int | None, rng: Any) -> State:
        return determinise.determinise(state, seat, rng)

    def picture(self, state: State, seat: int | None, words: Words = ENGLISH) -> bytes | None:
        return picture.draw(state, seat, words)


GAME = Prodigals()
"""The module-level game object ``engine.game("prodigals")`` returns."""

__all__ = ["GAME", "Prodigals"]
