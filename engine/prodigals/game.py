"""The Prodigals Club behind the common game protocol (:class:`engine.protocol.Game`)."""

from __future__ import annotations

import re
from typing import Any

from engine import notation
from engine.errors import MoveError
from engine.prodigals import flow
from engine.prodigals.bot import greedy_move
from engine.prodigals.data import COMPETITION_NAMES
from engine.prodigals.effects import scores
from engine.prodigals.moves import Move
from engine.prodigals.render import render_state, view_state
from engine.prodigals.state import State
from engine.protocol import Decision, Result, chosen_options

_WORD_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])")


def _key(line: str) -> str:
    """A line reduced so that ``At the Pub`` and ``at-the-pub`` read alike."""
    text = _WORD_HYPHEN.sub(" ", line)
    text = re.sub(r"^move society ", "move ", text)
    return re.sub(r" x1$", "", text)


class Prodigals:
    """The Prodigals Club: lowest highest-competition score wins."""

    name = "prodigals"
    title = "The Prodigals Club"
    min_players = 2
    max_players = 5
    lowest_wins = True

    def options(self) -> dict[str, Any]:
        """``competitions``: two or three of possessions, election, society (default election + society, D-2)."""
        return {"competitions": ["election", "society"]}

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        chosen = chosen_options(self, players, seed, options)
        return flow.new_state(players, seed, flow.competitions_option(chosen["competitions"]))

    def to_act(self, state: State) -> set[int]:
        return flow.to_act(state)

    def legal(self, state: State, seat: int) -> list[Move]:
        return flow.legal(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> State:
        return flow.apply(state, seat, move)

    def clone(self, state: State) -> State:
        return state.clone()

    def format(self, move: Move) -> str:
        return str(move)

    def parse(self, text: str, state: State, seat: int) -> list[Move]:
        lines = notation.reply_lines(text)
        if not lines:
            raise MoveError("the reply holds no moves", expected=self._expected(state, seat))
        work = state.clone()
        moves: list[Move] = []
        for line in lines:
            options = flow.legal(work, seat)
            if not options:
                raise MoveError(
                    "you owe no decision at this point of the reply", line=line,
                    expected="nothing more from you until the others have played",
                )
            table = {_key(str(m)): m for m in options}
            move = table.get(_key(line))
            if move is None:
                raise MoveError(
                    f"{line!r} is not a legal move now", line=line,
                    expected=self._expected(work, seat),
                    suggestions=notation.closest(line, [str(m) for m in options]),
                )
            work = flow.apply(work, seat, move)
            moves.append(move)
        return moves

    def _expected(self, state: State, seat: int) -> str:
        decision = self.decision(state, seat)
        return decision.hint if decision else "nothing from you now"

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_state(state, seat)

    def render(self, state: State, seat: int | None) -> str:
        return render_state(state, seat)

    def picture(self, state: State, seat: int | None) -> bytes | None:
        return None

    def holds_early(self, state: State, seat: int) -> bool:
        """R-PBEM-2: in the errand phase a player with errand boys left may send his next placement early.

        Not while the central card's errand boy is being placed: that
        placement is asked for separately, once every other boy is placed.
        """
        return (state.phase == "errands" and not state.retrieval and seat not in flow.to_act(state)
                and state.players[seat].boys > 0)

    def decision(self, state: State, seat: int) -> Decision | None:
        if seat not in flow.to_act(state):
            return None
        pending = state.pending
        if pending is not None:
            prompt = pending.prompt
            shown = [
                f"{m} = {d}" if d else str(m)
                for m, d in zip(prompt.options, prompt.descriptions or [""] * len(prompt.options))
            ]
            hint = "; ".join(shown[:6]) + (" …" if len(shown) > 6 else "")
            return Decision(prompt.kind, f"round {state.round}: {prompt.label}", hint)
        if state.phase == "errands":
            what = "place the central errand boy" if state.retrieval else "place errand boy"
            spaces = " ".join(m.space for m in flow.legal_places(state, seat))  # type: ignore[attr-defined]
            return Decision("errand", f"round {state.round}: {what}", f"place <space>, free: {spaces}")
        steps = [str(m) for m in flow.legal(state, seat)]
        shown = "; ".join(steps[:6]) + (" …" if len(steps) > 6 else "")
        return Decision("action", f"round {state.round}: action turn", f"one step a line, then done: {shown}")

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        per_seat = [scores(state, p) for p in state.players]
        ordered = [sorted(s.values(), reverse=True) for s in per_seat]
        ranks = [1 + sum(1 for other in ordered if other < mine) for mine in ordered]
        breakdown = [
            {COMPETITION_NAMES[c]: v for c, v in s.items()} | {"final (the worst of the three)": max(s.values())}
            for s in per_seat
        ]
        return Result([o[0] for o in ordered], ranks, breakdown, lowest_wins=True)

    def greedy(self, state: State, seat: int, rng: Any) -> Move:
        return greedy_move(state, seat, rng)


GAME = Prodigals()
"""The module-level game object ``engine.game("prodigals")`` returns."""

__all__ = ["GAME", "Prodigals"]
