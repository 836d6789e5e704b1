"""The game adapter for China (Web of Power) by Michael Schacht.

``engine.game("china")`` returns :data:`GAME`. The rules are in
``/work/shared/rules/china.md``; the board comes from ``boards.json``
(``engine.china.data``), the turn flow is ``engine.china.flow``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.china import determinise, flow, greedy, notation, picture, views, words
from engine.china.data import BOARDS
from engine.china.moves import Exchange, Move, Place, Play
from engine.china.state import State
from engine.errors import OptionError
from engine.protocol import GameBase, Option
from engine.text import ENGLISH, TC, Text, Words

AUTO = "auto"
RANDOM = "random"
DISPLAY_NAMED = "display face"
"""The notation words a display card is named by besides its place (``face`` of ``face-up``; ``up`` is its
place's own word)."""
EXCHANGE_NAMED = "discard draw"
"""The notation words an exchange is named by besides its own: its two halves' verbs."""
PAIR = 2
"""The fewest cards played whose pieces a player names with them again ("with my two reds: Chu 7")."""
DEFAULT_SIDE = {3: "side-3", 4: "side-5", 5: "side-5"}
"""D2: 4 players default to the 4-5 player side (more sites and border roads)."""


class China(GameBase):
    """The game adapter: China behind the common protocol; the state lives in :class:`State`."""

    name = "china"
    title = TC("title", "China").msgid  # its catalog gives the published title
    min_players = 3
    max_players = 5
    OPTIONS = (
        Option("side", AUTO, "the board side: auto (side-3 for 3 players, side-5 for 4-5), side-3 or side-5",
               choices=(AUTO, *sorted(BOARDS.sides))),
        Option("fortresses", False, "play the fortress variant of section 11", kinds=(bool,)),
        Option("start_player", 1, "the seat that takes the Emperor and plays first, or random (D19)",
               choices=(RANDOM,), seat=True),
    )
    FLOW, NOTATION, VIEWS, GREEDY = flow, notation, views, greedy
    MOVE_WORDS = words.MOVE_WORDS

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        chosen = self.check_setup(players, seed, options)
        side = DEFAULT_SIDE[players] if chosen["side"] == AUTO else chosen["side"]
        allowed = BOARDS.side_for_players[players]
        if side not in allowed:
            raise OptionError(f"option side={side!r} is not allowed with {players} players; use "
                              f"{' or '.join(repr(s) for s in (AUTO, *allowed))}")
        start = chosen["start_player"]
        if start == RANDOM:
            start = random.Random(f"{seed}:start player").randrange(players) + 1
        return flow.setup(BOARDS.sides[side], players, seed, chosen["fortresses"], start=start - 1)

    def reply_text(self, text: str) -> str:
        return notation.reply_text(text)

    def also_named(self, state: State, seat: int, move: Move) -> str:
        """A display card drawn or taken in exchange by its place too (``up2``: "the second face-up card"), and by
        where it lies: "the purple from the display", "the orange face-up card", whichever place it has; the
        card lying furthest right by that place too ("the one on the far right").

        An exchange is a discard and a draw in one step, so a player names its halves so: "discard the red and
        take the orange", "swap my orange for a draw from the deck". A piece placed after a play of two or
        more cards (a joker pair, a court's pair) is named with the cards that pay for it, which the player
        often says again in a later mail: "with the two reds as a joker, a pagoda in Chu 7". A play of two cards
        of one colour, and a piece it pays for, are named by the rulebook's "joker" too."""
        places = notation.display_places(state, move)
        shown = f"{places} {DISPLAY_NAMED}" if places else ""
        if places and places.split()[-1] == notation.rightmost(state):
            shown += f" {notation.RIGHT}"  # "the one on the far right", «последнюю справа»
        if isinstance(move, Exchange):
            return f"{shown} {EXCHANGE_NAMED}".strip()
        if isinstance(move, Play) and _paired(move.cards):
            return notation.JOKER
        if isinstance(move, Place) and len(state.played) >= PAIR:
            played = [flow.COLOURS[card] for card in state.played]
            return " ".join([*played, *([notation.JOKER] if _paired(played) else [])])
        return shown

    def expected(self, state: State, seat: int) -> Text:
        return notation.expected(state, seat)

    def suggestions(self, state: State, seat: int) -> list[str]:
        return notation.suggest(state, seat)

    def closest_moves(self, line: str, state: State, seat: int) -> list[str]:
        """Whole turns, not single steps: a China line is a whole turn."""
        return notation.suggest(state, seat, line)

    def outlook(self, state: State) -> list[float]:
        return greedy.outlook(state)

    def picture(self, state: State, seat: int | None, words: Words = ENGLISH) -> bytes | None:
        return picture.draw(state, words)

    def picture_audience(self, state: State, seat: int | None) -> None:
        return None  # the board and the scores: hands are never drawn, so every seat sees the spectator's picture

    def determinise(self, state: State, seat: int | None, rng: random.Random) -> State:
        return determinise.determinise(state, seat, rng)

    def drawn(self, state: State, seat: int, moves: list[Move]) -> Text | None:
        return views.drawn(state, seat, moves)


def _paired(colours: Sequence[str]) -> bool:
    """Whether cards played hold two of one colour: a joker (rules section 6), or a province's own pair."""
    return len(set(colours)) < len(colours)


GAME = China()

__all__ = ["GAME", "China"]
