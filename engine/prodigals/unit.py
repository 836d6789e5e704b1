"""One unit of resolution: the seat it resolves for, the choices recorded so far, and asking for the next.

The effect ops are grouped by the board they act on (``board_effects``) and
composed by the interpreter (``effects.Resolver``); all of them ask the player
through :meth:`Unit.ask` and record the events that set off bottom abilities
in :attr:`Unit.events`, so this base is what every group shares.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from engine.prodigals.data import Effect
from engine.prodigals.moves import Move
from engine.prodigals.state import Player, Prompt, State
from engine.text import Said


class NeedChoice(Exception):
    """The unit being resolved waits for the player's choice."""

    def __init__(self, prompt: Prompt) -> None:
        super().__init__(str(prompt.label))
        self.prompt = prompt


class Unit(ABC):
    """The state one seat's unit works on, and the player's answers to its decisions."""

    def __init__(self, state: State, seat: int, choices: tuple[Move, ...]) -> None:
        self.state = state
        self.seat = seat
        self.player: Player = state.players[seat]
        self.choices = choices
        self.used = 0
        self.events: list[tuple[str, Any]] = []
        self.resolving: str = ""  # uid of the white card being resolved (for counters)
        self.ability: str = ""  # slug of the board card whose set-off ability is resolving (:attr:`Prompt.ability`)

    def ask(self, kind: str, label: Said, options: list[Move], descriptions: list[Said] | None = None) -> Move:
        """The player's answer: forced when only one exists, else the next recorded one, else NeedChoice."""
        if len(options) == 1:
            return options[0]
        if self.used < len(self.choices):
            choice = self.choices[self.used]
            self.used += 1
            return choice
        raise NeedChoice(Prompt(kind, label, tuple(options), tuple(descriptions or ()), self.ability))

    @abstractmethod
    def run(self, effect: Effect) -> None:
        """Resolve a nested effect; the interpreter that knows every op provides it."""
