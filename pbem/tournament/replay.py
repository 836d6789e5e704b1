"""A game's page replays it: the board as a spectator saw it after each counted move, in a size that stays
small.

Drawing a picture per move would cost ~40 KB a move (a Prodigals game has ~300), so a page draws one picture,
of the position now (:mod:`pbem.tournament.pages`), and carries every position as text. The text boards of
consecutive positions share most of their lines, so each distinct line is written once (``lines``) and a
position is the list of its lines' numbers: the page's small script joins them into the board the stepper
shows. Without the script the page lists every position with its move in words, and the whole board every
:data:`BOARD_EVERY` moves and at the last (``pbem bench pages`` measures the bytes).

Only the public view is drawn: each position is the engine's ``render`` for seat None (no hand, no deck
order, no standing order), and a private move is named as such (:meth:`pbem.play.shown.Shown.line`), as every
other seat's mails name it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from markupsafe import Markup

from pbem.play.shown import RecapLine
from pbem.play.store import LoadedGame, replayed

BOARD_EVERY = 10
"""The positions whose whole board the page's list writes out, for a reader without the script: every tenth
move, the set-up and the last."""


@dataclass(frozen=True)
class Position:
    """The game after ``number`` moves (0: the set-up): the move that made it, and whether the list writes
    its whole board."""

    number: int
    anchor: str
    """The position's id on the page (``move-SEQ``, ``move-0`` for the set-up): a move's row links to it."""
    line: RecapLine | None
    """The move in the page's words (None for the set-up)."""
    board: str
    """The whole text board when the list shows it, else ""."""
    shown_at: int
    """The number of the nearest position up to it whose whole board the list shows (its own when it shows it)."""


@dataclass(frozen=True)
class Replay:
    """Every position of a game as its page carries it."""

    positions: tuple[Position, ...]
    data: Markup
    """The boards as JSON for the page's script: ``{"lines": [...], "boards": [[line numbers], ...]}``."""

    @property
    def moves(self) -> int:
        return len(self.positions) - 1


def replay(game: LoadedGame, lines: Sequence[RecapLine], said: Any) -> Replay:
    """Every position of ``game`` from its set-up, each board drawn for a spectator in ``said``'s words;
    ``lines`` are the page's counted moves in words, one per move of the log, in order."""
    rules, row = game.rules, game.row
    distinct: dict[str, int] = {}
    boards: list[list[int]] = []
    positions = []
    shown_at = 0
    states = replayed(rules, len(game.seats), row.seed, row.options, ((move.seat, move.notation) for move in game.log))
    for number, state in enumerate(states):
        text = rules.render(state, None, said)
        boards.append([distinct.setdefault(part, len(distinct)) for part in text.split("\n")])
        anchor = f"move-{game.log[number - 1].seq}" if number else "move-0"
        whole = number % BOARD_EVERY == 0 or number == len(game.log)
        shown_at = number if whole else shown_at
        positions.append(Position(number, anchor, lines[number - 1] if number else None, text if whole else "",
                                  shown_at))
    return Replay(tuple(positions), script_data({"lines": list(distinct), "boards": boards}))


def script_data(data: Any) -> Markup:
    """``data`` as JSON to write inside a ``<script type="application/json">``: compact, letters kept as they
    are (an escape per Greek or Russian letter would treble a board's size), and ``<``, ``>``, ``&`` escaped so
    no text in it can close the script element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e"))
