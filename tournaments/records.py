"""The plain records that cross the boundary between tournament logic and ``pbem/``.

Players are small integer ids (the database's); names and addresses stay in
``pbem``. Everything here is frozen, so a round or a result can be handed
around and cached without anyone changing it behind another's back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import engine


@dataclass(frozen=True)
class Entrant:
    """A registered player: joined before round ``joined`` started; ``dropped`` after that round, if at all."""

    player: int
    name: str
    joined: int = 1
    dropped: int | None = None
    guest: bool = False
    """Not registered: credited with a seat they finished as a substitute (``scoring.substitute_credit =
    "substitute"``), so listed in the standings, and never seated."""

    def active_in(self, round_no: int) -> bool:
        """Whether the player is to be seated (or given a bye) in ``round_no``."""
        return not self.guest and self.joined <= round_no and (self.dropped is None or round_no <= self.dropped)


@dataclass(frozen=True)
class SeatedTable:
    """One game of a round: ``players[0]`` is the first player, and so on in seat order."""

    number: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class SeatingReport:
    """How good a round's seating is, for the organiser and for tests.

    ``repeat_pairs`` counts pairs seated together this round who had already
    met; ``seat_imbalance`` is, after this round, the largest distance between
    how often a player has been first player and their fair share (the sum of
    1/table size over their games); ``max_first`` is the most times any player
    has been first.
    """

    repeat_pairs: int
    seat_imbalance: float
    max_first: int


@dataclass(frozen=True)
class RoundSeating:
    """A round's tables and byes; every active player is in exactly one of them."""

    round: int
    tables: tuple[SeatedTable, ...]
    byes: tuple[int, ...]
    report: SeatingReport


@dataclass(frozen=True)
class TableResult:
    """A finished table: what scoring, standings and ratings need from a game.

    Tuples are in seat order like ``players``. ``ranks`` are the game's own
    (1 = winner, shared when the rules leave a tie). ``substituted`` holds the
    players whose seat a bot finished (their rating ignores this game);
    ``forfeited`` those who forfeited (ranked after everyone else, no points).
    ``finishers`` is who held each seat at the end (None: a bot; empty: not
    known, as seated); ``uncredited`` players keep their place but no points
    (a seat a substitute finished, under ``substitute_credit = "neither"``).
    """

    round: int
    table: int
    players: tuple[int, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    timeouts: tuple[int, ...] = ()
    substituted: frozenset[int] = field(default_factory=frozenset)
    forfeited: frozenset[int] = field(default_factory=frozenset)
    finishers: tuple[int | None, ...] = ()
    uncredited: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        size = len(self.players)
        for label, values in (("scores", self.scores), ("ranks", self.ranks)):
            if len(values) != size:
                raise ValueError(f"table {self.table}: {label} has {len(values)} entries for {size} players")
        if self.finishers and len(self.finishers) != size:
            raise ValueError(f"table {self.table}: finishers has {len(self.finishers)} entries for {size} players")
        if self.timeouts and len(self.timeouts) != size:
            raise ValueError(f"table {self.table}: timeouts has {len(self.timeouts)} entries for {size} players")
        if len(set(self.players)) != size:
            raise ValueError(f"table {self.table}: a player is seated twice in {self.players}")
        strangers = (self.substituted | self.forfeited) - set(self.players)
        if strangers:
            raise ValueError(f"table {self.table}: players {sorted(strangers)} are not at this table")

    @classmethod
    def from_game(
        cls,
        round_no: int,
        table: SeatedTable,
        result: engine.Result,
        timeouts: tuple[int, ...] = (),
        substituted: frozenset[int] = frozenset(),
        forfeited: frozenset[int] = frozenset(),
    ) -> TableResult:
        """Combine a table's seating with the engine's :class:`engine.Result` of its game."""
        return cls(round_no, table.number, table.players, tuple(result.scores), tuple(result.ranks),
                   timeouts, substituted, forfeited)

    def placed_ranks(self) -> tuple[int, ...]:
        """Ranks with forfeits moved after everyone who finished (forfeits share the last place)."""
        if not self.forfeited:
            return self.ranks
        finished = sorted(r for p, r in zip(self.players, self.ranks) if p not in self.forfeited)
        last = len(finished) + 1
        dense = {r: 1 + finished.index(r) for r in set(finished)}
        return tuple(last if p in self.forfeited else dense[r] for p, r in zip(self.players, self.ranks))

    def timeouts_of(self, seat: int) -> int:
        return self.timeouts[seat] if self.timeouts else 0

    def finished_by(self, seat: int) -> str:
        """Who finished the seat, if not the player it counts for: ``bot``, ``substitute`` (another person) or
        ""; a result that does not know its finishers says ``bot`` for a seat it lists as substituted."""
        player = self.players[seat]
        if player in self.forfeited:
            return ""
        if not self.finishers:
            return "bot" if player in self.substituted else ""
        finisher = self.finishers[seat]
        return "bot" if finisher is None else "" if finisher == player else "substitute"
