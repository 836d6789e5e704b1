"""Stand-in games and a small definition, so tests can pin exact options and messages.

The definition reader only uses the protocol's static facts; these stand-ins
carry the real games' player counts and direction with options of our own,
so a test's expected message does not change when an engine adds an option.
The examples are also checked against the real engines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tournaments import definition

EXAMPLES = Path(__file__).resolve().parents[2] / "tournaments" / "examples"


@dataclass(frozen=True)
class StandInGame:
    name: str
    title: str
    min_players: int
    max_players: int
    lowest_wins: bool
    defaults: dict[str, Any] = field(default_factory=dict)

    def options(self) -> dict[str, Any]:
        return dict(self.defaults)

    def check_options(self, options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
        """The definition reader's own checks are what these tests pin; the game adds none of its own."""
        return {**self.defaults, **(options or {})}


GAMES = {
    "dragon": StandInGame("dragon", "In the Year of the Dragon", 2, 5, False, {"variant": "base", "rounds": 12}),
    "china": StandInGame("china", "China", 3, 5, False, {"emissaries": True}),
    "prodigals": StandInGame("prodigals", "The Prodigals Club", 2, 5, True, {"fast": False}),
}


def lookup(name: str) -> StandInGame:
    try:
        return GAMES[name.lower()]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None


def load(text: str) -> definition.Definition:
    return definition.load(text, games=lookup)


MINIMAL = """
name = "Test"
game = "dragon"
rounds = 3
[seating]
table_sizes = [3, 4, 5]
preferred = 4
[scoring]
tie_breaks = ["game_points", "wins", "opponents_strength", "head_to_head", "average_rank", "fewest_timeouts"]
[scoring.rank_points]
3 = [6, 3, 1]
4 = [10, 6, 3, 1]
5 = [12, 8, 5, 3, 1]
"""

