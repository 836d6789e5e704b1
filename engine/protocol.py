"""The one game protocol every game module implements.

The mail loop, the bots, the tournament runner and the benchmarks drive a game
only through these members, so a new game is a new module, never a change to
``pbem/``. The shape follows OpenSpiel (state + legal actions + apply) with
python-chess's idea that a move is a small immutable value with a notation.

A game module (``engine/dragon/__init__.py`` …) exposes a module-level object
``GAME`` that satisfies :class:`Game`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Protocol, TypeVar, runtime_checkable

State = Any
"""Each game has its own state class; it is opaque to everything outside the game."""

Move = Hashable
"""Each game has its own frozen (hashable, comparable) move dataclass."""


@dataclass(frozen=True)
class Result:
    """The final outcome of a finished game.

    ``ranks`` already applies every tie-break of the rules (1 = winner); two
    seats share a rank only when the rules leave them tied. ``breakdown`` holds
    one small mapping per seat, label -> points, so a game-over mail and the
    organiser's CLI can show how the score came about.
    """

    scores: list[int]
    ranks: list[int]
    breakdown: list[dict[str, int]] = field(default_factory=list)
    lowest_wins: bool = False


@dataclass(frozen=True)
class Decision:
    """What one seat is being asked right now: the key a mail template is chosen by.

    ``kind`` is a short stable identifier (``"action"``, ``"person"``,
    ``"release"`` …) that templates and subjects can switch on; ``title`` is
    the few words a subject line shows (``"month 5, actions"``); ``hint`` is a
    one-line reminder of the notation for this decision (an example legal now).
    ``choices``, when given, describes a decision too large to list move by
    move, the way a player thinks of it (what to pick from, what is ruled
    out); a mail then lists only a few legal examples after it.
    """

    kind: str
    title: str
    hint: str = ""
    choices: tuple[str, ...] = ()


S = TypeVar("S")


@runtime_checkable
class Game(Protocol):
    """Static facts about a game plus the pure functions that move it on.

    Every function is deterministic: the same seed, options and moves give the
    same states on any machine. None of them reads the clock, the network or
    the file system (except loading the game's own data file once on import).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    lowest_wins: bool

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State: ...

    def options(self) -> dict[str, Any]:
        """The game's options with their defaults, for validating a definition file."""
        ...

    def to_act(self, state: State) -> set[int]: ...

    def legal(self, state: State, seat: int) -> list[Move]: ...

    def apply(self, state: State, seat: int, move: Move) -> State: ...

    def clone(self, state: State) -> State: ...

    def parse(self, text: str, state: State, seat: int) -> list[Move]:
        """A reply's lines to moves, each read against the state the lines before it lead to.

        Lines are read in order on a clone, so a reply can carry every decision
        the seat will owe before anyone else acts. A line that cannot be used
        raises :class:`engine.MoveError` naming that line; nothing is applied by
        ``parse`` itself.
        """
        ...

    def format(self, move: Move) -> str: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def render(self, state: State, seat: int | None) -> str: ...

    def decision(self, state: State, seat: int) -> Decision | None:
        """What ``seat`` is being asked now, or None when it owes nothing."""
        ...

    def result(self, state: State) -> Result | None: ...

    def picture(self, state: State, seat: int | None) -> bytes | None:
        """A PNG of the board for a mail's HTML part, or None for a game without one."""
        ...

    def holds_early(self, state: State, seat: int) -> bool:
        """Whether a move ``seat`` sends now, before its turn, is kept and tried when its turn comes.

        The Prodigals Club's errand placements are (R-PBEM-2): a player may
        send his next placement as soon as he has made one. The move is read
        against the state of that later turn, so it is not parsed now. A game
        that says False refuses a move sent out of turn.
        """
        ...

    def greedy(self, state: State, seat: int, rng: Any) -> Move:
        """A move that plays clearly better than uniform random; ``rng`` is a random.Random."""
        ...


def chosen_options(game: Game, players: int, seed: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """The game's defaults overlaid with ``options``, after checking the set-up arguments.

    Every game's ``new`` starts here, so a bad player count, seed or option
    name is refused with the same clear wording whichever game it is.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not (
            game.min_players <= players <= game.max_players):
        raise ValueError(f"{game.title} takes {game.min_players}-{game.max_players} players, not {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be an integer, not {seed!r}")
    defaults = game.options()
    unknown = sorted(set(options or {}) - set(defaults))
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(map(repr, unknown))} for {game.title}; "
                         f"known options: {', '.join(sorted(defaults))}")
    return {**defaults, **(options or {})}
