"""A tiny game behind the full protocol, so the mail loop is tested on its own.

Sticks: a pile of sticks; in turn each seat takes one or two; the seat that
takes the last stick gets a bonus of three. With one stick left the only legal
move is ``take 1``, which the mail loop must play as a forced move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import engine
from engine.text import ENGLISH, Words
from engine import notation


@dataclass(frozen=True)
class Take:
    sticks: int


@dataclass
class Pile:
    left: int
    turn: int
    players: int
    taken: list[int] = field(default_factory=list)
    last: int | None = None


class Sticks:
    name = "sticks"
    title = "Sticks"
    min_players = 2
    max_players = 5
    lowest_wins = False
    AHEAD_NOTE = None  # a move is written the same before its turn
    SHOWS_ONE_SEAT = False  # nothing is hidden

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Pile:
        chosen = {**self.options(), **(options or {})}
        return Pile(left=int(chosen["sticks"]), turn=seed % players, players=players, taken=[0] * players)

    def options(self) -> dict[str, Any]:
        return {"sticks": 7}

    def check_options(self, options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
        unknown = set(options or {}) - {"sticks"}
        if unknown:
            raise engine.OptionError(f"unknown option(s) {', '.join(sorted(unknown))} for Sticks; known options: sticks (how many sticks lie on the table)")
        return {**self.options(), **(options or {})}

    def read(self, text: str, state: Pile, seat: int, words: Words = ENGLISH) -> engine.Reading:
        return engine.Reading(self.parse(text, state, seat))

    def to_act(self, state: Pile) -> set[int]:
        return {state.turn} if state.left else set()

    def legal(self, state: Pile, seat: int) -> list[Take]:
        if seat not in self.to_act(state):
            return []
        return [Take(n) for n in (1, 2) if n <= state.left]

    def apply(self, state: Pile, seat: int, move: Take) -> Pile:
        if move not in self.legal(state, seat):
            raise engine.IllegalMove(f"seat {seat + 1} cannot take {move.sticks} now")
        taken = list(state.taken)
        taken[seat] += move.sticks
        return replace(state, left=state.left - move.sticks, turn=(seat + 1) % state.players, taken=taken, last=seat)

    def clone(self, state: Pile) -> Pile:
        return replace(state, taken=list(state.taken))

    def parse(self, text: str, state: Pile, seat: int, words: Words = ENGLISH) -> list[Take]:
        moves = []
        for line in notation.reply_lines(text):
            words = line.replace("take", "").split()
            if len(words) != 1 or not words[0].isdecimal():  # isdigit() lets "¹" through to int()
                raise engine.MoveError("not a move", line=line, expected="take 1 or take 2",
                                       suggestions=notation.closest(line, ["take 1", "take 2"]))
            move = Take(int(words[0]))
            if move not in self.legal(state, seat):
                raise engine.IllegalMove(f"you cannot take {move.sticks} now (in the line {line!r})")
            moves.append(move)
            state = self.apply(state, seat, move)
        if not moves:
            raise engine.MoveError("no move found", expected="take 1 or take 2")
        return moves

    def format(self, move: Take) -> str:
        return f"take {move.sticks}"

    def private(self, notation: str) -> bool:
        """No move of Sticks is a secret: every seat sees every take."""
        return False

    def format_ahead(self, move: Take) -> str:
        return self.format(move)

    def listed(self, move: Take, state: Any, seat: int, fits: Callable[[str], bool]) -> str:
        return self.format(move)

    def view(self, state: Pile, seat: int | None) -> dict[str, Any]:
        return {"left": state.left, "taken": list(state.taken)}

    def render(self, state: Pile, seat: int | None, words: Words = ENGLISH) -> str:
        return f"Sticks left: {'|' * state.left} ({state.left})\nTaken: {state.taken}"

    def decision(self, state: Pile, seat: int) -> engine.Decision | None:
        if seat not in self.to_act(state):
            return None
        return engine.Decision("take", f"{state.left} sticks left", "take 1 or take 2")

    def result(self, state: Pile) -> engine.Result | None:
        if state.left:
            return None
        scores = [t + (3 if seat == state.last else 0) for seat, t in enumerate(state.taken)]
        ranks = [1 + sum(other > mine for other in scores) for mine in scores]
        return engine.Result(scores, ranks, [{"sticks": t, "last stick": s - t} for t, s in zip(state.taken, scores)])

    def picture(self, state: Pile, seat: int | None, words: Words = ENGLISH) -> bytes | None:
        return None

    def picture_audience(self, state: Pile, seat: int | None) -> None:
        return None  # no picture at all: one for everyone

    def determinise(self, state: Pile, seat: int | None, rng: Any) -> Pile:
        return self.clone(state)  # nothing is hidden

    def ahead(self, text: str, words: Words = ENGLISH) -> engine.Reading:
        lines = [written for written, line in notation.reply_entries(text)]
        kept = tuple(line for line in lines if notation.normalise(line).startswith("take"))
        return engine.Reading([], tuple(line for line in lines if line not in kept), kept)

    def greedy(self, state: Pile, seat: int, rng: Any) -> Take:
        return max(self.legal(state, seat), key=lambda m: m.sticks)


GAME = Sticks()


def rules(name: str) -> engine.Game:
    """Sticks under its own name, every other name from the real registry."""
    return GAME if name == "sticks" else engine.game(name)
