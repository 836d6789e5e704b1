"""China (Web of Power) by Michael Schacht: the game protocol over the rules modules.

``engine.game("china")`` returns :data:`GAME`. The rules are in
``/work/shared/rules/china.md``; the board comes from ``boards.json``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.china import greedy, notation, picture, rules, text
from engine.china.board import BOARDS
from engine.china.state import ACT, DRAW, OVER, PLACE, Draw, Exchange, Move, Pass, Place, Play, State
from engine.protocol import Decision, Result, chosen_options

AUTO = "auto"
RANDOM = "random"
DEFAULT_SIDE = {3: "side-3", 4: "side-5", 5: "side-5"}
"""D2: 4 players default to the 4-5 player side (more sites and border roads)."""


class China:
    """The China rules behind the common game protocol."""

    name = "china"
    title = "China"
    min_players = 3
    max_players = 5
    lowest_wins = False

    def options(self) -> dict[str, Any]:
        """``side``: "auto" (side-3 for 3 players, side-5 for 4-5), "side-3" or "side-5";
        ``fortresses``: the fortress variant of section 11; ``start_player``: the seat (1 = first) that
        takes the Emperor and plays first, or "random" for a draw from the game's seed (D19)."""
        return {"side": AUTO, "fortresses": False, "start_player": 1}

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        chosen = chosen_options(self, players, seed, options)
        side = DEFAULT_SIDE[players] if chosen["side"] == AUTO else chosen["side"]
        allowed = BOARDS.side_for_players[players]
        if side not in allowed:
            raise ValueError(f"option side={side!r} is not allowed with {players} players; use "
                             f"{' or '.join(repr(s) for s in (AUTO, *allowed))}")
        if not isinstance(chosen["fortresses"], bool):
            raise ValueError(f"option fortresses must be true or false, not {chosen['fortresses']!r}")
        start = chosen["start_player"]
        if start == RANDOM:
            start = random.Random(f"{seed}:start player").randrange(players) + 1
        if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= players:
            raise ValueError(f"option start_player must be a seat from 1 to {players} or {RANDOM!r}, not {start!r}")
        return rules.setup(BOARDS.sides[side], players, seed, chosen["fortresses"], start=start - 1)

    def to_act(self, state: State) -> set[int]:
        return set() if state.phase == OVER else {state.current}

    def legal(self, state: State, seat: int) -> list[Move]:
        return rules.legal(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> State:
        return rules.apply(state, seat, move)

    def clone(self, state: State) -> State:
        return state.copy()

    def parse(self, text_: str, state: State, seat: int) -> list[Move]:
        return notation.parse(text_, state, seat)

    def format(self, move: Move) -> str:
        return notation.format_move(move)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return text.view(state, seat)

    def render(self, state: State, seat: int | None) -> str:
        return text.render(state, seat)

    def decision(self, state: State, seat: int) -> Decision | None:
        if state.phase == OVER or seat != state.current:
            return None
        legal = rules.legal(state, seat)
        if state.phase == ACT and legal == [Pass()]:
            return Decision("pass", f"turn {state.turn}: pass", "you can neither place nor exchange: reply 'pass'")
        if state.phase == ACT:
            return Decision("turn", f"turn {state.turn}: play or exchange", notation.EXPECTED[ACT])
        if state.phase == PLACE:
            return Decision("place", f"turn {state.turn}: place", notation.EXPECTED[PLACE])
        return Decision("draw", f"turn {state.turn}: draw", notation.EXPECTED[DRAW])

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        totals = [state.total(s) for s in range(state.players)]
        spare = [rules.pieces_left(state, s) for s in range(state.players)]
        keys = list(zip(totals, spare))
        ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
        breakdown = [
            {**{kind: state.points[kind][s] for kind in rules.POINT_KINDS}, "pieces left (tie-break)": spare[s]}
            for s in range(state.players)
        ]
        return Result(scores=totals, ranks=ranks, breakdown=breakdown, lowest_wins=False)

    def picture(self, state: State, seat: int | None) -> bytes | None:
        return picture.draw(state)

    def holds_early(self, state: State, seat: int) -> bool:
        return False

    def greedy(self, state: State, seat: int, rng: random.Random) -> Move:
        return greedy.choose(state, seat, rng)


GAME = China()

__all__ = ["GAME", "China", "Draw", "Exchange", "Move", "Pass", "Place", "Play", "State"]
