"""The game adapter for In the Year of the Dragon (Stefan Feld, 2007) for 2-5 players, after
``/work/shared/rules/year-of-the-dragon.md`` (the spec; decisions D-1..D-31).

``GAME`` satisfies :class:`engine.protocol.Game`; the turn flow is
``engine.dragon.flow``. Moves are the frozen values of ``engine.dragon.moves``;
their notation is read by ``engine.dragon.notation``.

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

from engine.dragon import data, determinise, flow, greedy, notation, picture, views, words
from engine.dragon.reasons import expected
from engine.dragon.moves import DragonMove
from engine.dragon.state import DragonState, new_state
from engine.protocol import GameBase, Option
from engine.text import ENGLISH, TC, Said, Words


class Dragon(GameBase):
    """The protocol object; all state lives in :class:`DragonState`."""

    name = "dragon"
    title = TC("title", "In the Year of the Dragon").msgid  # its catalog gives the published title
    min_players = data.MIN_PLAYERS
    max_players = data.MAX_PLAYERS
    OPTIONS = (
        Option("large_privilege_cost", data.DEFAULT_LARGE_COST,
               "yuan for a large privilege: 6 (2007 rules) or 7 (2017 edition)", choices=data.LARGE_COSTS),
    )
    FLOW, NOTATION, VIEWS, GREEDY = flow, notation, views, greedy
    MOVE_WORDS = words.MOVE_WORDS
    AHEAD_NOTE = notation.AHEAD_NOTE
    PRIVATE_LINES = ("release order:",)
    SHOWS_ONE_SEAT = False  # the hidden parts are the months to come, dealt to all, and others' release orders

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> DragonState:
        chosen = self.check_setup(players, seed, options)
        return new_state(players, seed, chosen["large_privilege_cost"])

    def expected(self, state: DragonState, seat: int) -> Said:
        return expected(state) if state.actor == seat else ""

    def also_named(self, state: DragonState, seat: int, move: DragonMove) -> str:
        """What else a move is named by now, as players name it: a recruit by the card it plays ("play my scholar
        card and take an old scholar", "the wild card"); a build's palaces by the persons living in them ("a floor
        on the craftsman's palace"), and each new palace as a palace begun ("start a new palace of two floors"); an action
        by its card's place in its group, as the mail lists the groups ("the first card of group 3"), a privilege by its price ("for 6
        yuan")."""
        return notation.also_named(state.players[seat].palaces, move, state.groups,
                                   {"small": data.SMALL_COST, "large": state.large_cost}, state.players[seat].yuan)

    def format_ahead(self, move: DragonMove) -> str:
        return notation.format_ahead(move)

    def shorter(self, move: DragonMove) -> list[str]:
        return notation.shorter(move)

    def outlook(self, state: DragonState) -> list[float]:
        return greedy.outlook(state)

    def picture(self, state: DragonState, seat: int | None, words: Words = ENGLISH) -> bytes | None:
        return picture.draw(state, seat, words)

    def determinise(self, state: DragonState, seat: int | None, rng: random.Random) -> DragonState:
        return determinise.determinise(state, seat, rng)


GAME = Dragon()

__all__ = ["GAME", "Dragon", "DragonState"]
