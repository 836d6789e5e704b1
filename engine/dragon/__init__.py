"""In the Year of the Dragon (Stefan Feld, 2007) for 2-5 players, after
``/work/shared/rules/year-of-the-dragon.md`` (the spec; decisions D-1..D-31).

``GAME`` satisfies :class:`engine.protocol.Game`. Moves are the frozen values of
``engine.dragon.moves``; their notation is read by ``engine.dragon.notation``.

Decisions, one seat at a time: ``start`` (two starting persons), ``action``
(a group and card, or pass), ``build`` (where the floors of a Build go),
``person`` (one card and its tile) and ``release`` (one forced release at a
time, asked in turn order; a release with no real choice - every person must
go, or only one kind of person in one palace may go - is made without asking).

Standing release order: ``ReleaseOrder`` (``release order: craftsman, farmer,
monk``) may be sent with any decision the seat owes. It does not discharge
that decision, and ``legal`` never lists it, because ``legal`` lists only
moves that advance the game. From then on the engine makes that seat's forced
releases itself, taking the first listed person it may release (young before
old within a type, then from the fullest palace); if no entry fits, it asks.
``release order: none`` clears it. Replacing a person when recruiting is a
free choice, never covered by the standing order.

Option: ``large_privilege_cost`` 6 (default, 2007 rules) or 7 (D-25).
"""

from __future__ import annotations

import random
from typing import Any

from engine.dragon import greedy as _greedy
from engine.dragon import notation, phases, rules, views
from engine.dragon.moves import DragonMove, format_move
from engine.dragon.state import DragonState, new_state
from engine.protocol import Decision, Result, chosen_options

OPTIONS: dict[str, Any] = {"large_privilege_cost": rules.DEFAULT_LARGE_COST}


class Dragon:
    """The protocol object; all state lives in :class:`DragonState`."""

    name = "dragon"
    title = "In the Year of the Dragon"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    lowest_wins = False

    def options(self) -> dict[str, Any]:
        return dict(OPTIONS)

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> DragonState:
        chosen = chosen_options(self, players, seed, options)
        cost = chosen["large_privilege_cost"]
        if isinstance(cost, bool) or cost not in rules.LARGE_COSTS:
            raise ValueError(f"large_privilege_cost must be one of {', '.join(map(str, rules.LARGE_COSTS))} "
                             f"(6: 2007 rules, 7: 2017 edition), not {cost!r}")
        return new_state(players, seed, cost)

    def to_act(self, state: DragonState) -> set[int]:
        return {state.actor} if state.actor >= 0 else set()

    def legal(self, state: DragonState, seat: int) -> list[DragonMove]:
        return phases.legal(state, seat)

    def apply(self, state: DragonState, seat: int, move: DragonMove) -> DragonState:
        return phases.apply(state, seat, move)

    def clone(self, state: DragonState) -> DragonState:
        return state.copy()

    def parse(self, text: str, state: DragonState, seat: int) -> list[DragonMove]:
        return notation.parse(text, state, seat)

    def format(self, move: DragonMove) -> str:
        return format_move(move)

    def view(self, state: DragonState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def render(self, state: DragonState, seat: int | None) -> str:
        return views.render(state, seat)

    def decision(self, state: DragonState, seat: int) -> Decision | None:
        return views.decision(state, seat)

    def result(self, state: DragonState) -> Result | None:
        return views.result(state)

    def picture(self, state: DragonState, seat: int | None) -> bytes | None:
        return None

    def holds_early(self, state: DragonState, seat: int) -> bool:
        return False

    def greedy(self, state: DragonState, seat: int, rng: random.Random) -> DragonMove:
        return _greedy.greedy(state, seat, rng)


GAME = Dragon()

__all__ = ["GAME", "Dragon", "DragonState"]
