"""The game store: a game loaded with its seats and players, replayed, cached, and committed under its version.

A game's truth is its move log; its state is a replay of the log, kept in
memory while the game's version is unchanged. Every change to a game (a
player's reply, an organiser's action, a deadline) runs through
:meth:`GameStore.transaction` (or :meth:`GameStore.attempt` when the game is
only known once the work has started, as with an inbound mail): one session,
the game loaded in it, the change, and one commit that bumps the game's
version. A writer that loaded an older version loses with :class:`Conflict`;
the attempt is rolled back, the states it changed in place are forgotten, and
it runs again on the fresh game.

When a change ends a game, the hooks the store was given (``on_game_over``)
run in the same transaction: the tournament layer records the result there,
without this module knowing it exists.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from sqlalchemy import Engine, Update, bindparam, func, inspect, update
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

import engine
from engine import bots
from pbem.ops.db import Early, Game, Move, Player, Seat, TableTalk
from pbem.language.words import SOURCE_LANGUAGE, CatalogWords, named, nameless, words
from pbem.play.players import given_name

T = TypeVar("T")

ATTEMPTS = 5
"""Attempts at one change when other writers keep winning the race for its game."""

_LOAD = (  # game, seats and players in one query, built once: it runs for every reply
    select(Game, Seat, Player).join(Seat, Seat.game_id == Game.id)  # type: ignore[arg-type]
    .outerjoin(Player, Seat.player_id == Player.id).where(Game.id == bindparam("game_id"))  # type: ignore[arg-type]
    .order_by(Seat.seat)  # type: ignore[arg-type]
)
_BUMP_VERSION = (
    update(Game.__table__)  # type: ignore[arg-type]
    .where(Game.__table__.c.id == bindparam("game_id"), Game.__table__.c.version == bindparam("loaded"))  # type: ignore[attr-defined]
    .values(version=bindparam("version"), deadline=bindparam("deadline"))
)

_SEAT = Seat.__table__  # type: ignore[attr-defined]
_SEAT_UPDATES: dict[tuple[str, ...], Update] = {}
"""The UPDATE of a seat's changed columns, one for each set of columns met (a handful), built once each."""


def _seat_update(columns: tuple[str, ...]) -> Update:
    statement = _SEAT_UPDATES.get(columns)
    if statement is None:  # bound as new_<column>: a bindparam may not take the name of a column it sets
        statement = _SEAT_UPDATES[columns] = update(_SEAT).where(_SEAT.c.id == bindparam("seat_id")).values(
            {column: bindparam(f"new_{column}") for column in columns})
    return statement


class Conflict(Exception):
    """The game changed between loading and committing; the caller reloads and retries."""


@dataclass(frozen=True)
class Played:
    """A move in the log: committed before, or logged in the current transaction."""

    seq: int
    seat: int
    notation: str
    source: str


@dataclass(frozen=True)
class Said:
    """A ``say`` message in the table talk: placed after move ``seq`` in recaps."""

    seq: int
    seat: int
    text: str


@dataclass(frozen=True)
class Held:
    """A move sent before its turn, waiting for it (a row of :class:`pbem.ops.db.Early`)."""

    seat: int
    text: str
    inbound_id: int | None


@dataclass(frozen=True)
class EarlyOutcome:
    """What became of a held move when its turn came: played (its moves) or not (why); or played up to a decision
    it could not have seen, ``text`` then being the lines not played and ``reason`` why."""

    text: str
    played: tuple[str, ...] = ()
    reason: str = ""
    refused: tuple[tuple[str, str], ...] = ()
    """For a line of alternatives none of which could be played: each one (in the player's move words) and why."""
    drew: str = ""
    """The cards its moves took into the hand, in the player's words (:meth:`pbem.play.shown.Shown.drawn`)."""


@dataclass(frozen=True)
class _Cached:
    """A committed game as the store remembers it: valid while the game's version is ``version``."""

    version: int
    state: engine.State
    next_seq: int
    log: tuple[Played, ...]
    talk: tuple[Said, ...]
    early: tuple[Held, ...] = ()


@dataclass
class LoadedGame:
    """A game loaded for one transaction: its rows, its rules, its state and what happened to it so far.

    ``state`` is this transaction's own copy: engines change a state in place,
    so the cache hands out a clone and keeps its own untouched.
    """

    row: Game
    rules: engine.Game
    seats: list[Seat]
    players: dict[int, Player]
    state: engine.State
    loaded_version: int
    next_seq: int
    log: tuple[Played, ...] = ()
    """The counted (not reverted) moves committed before this transaction, in order."""
    talk: list[Said] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    """Moves logged in this transaction, in order."""
    over_before: bool = False
    early: dict[int, Held] = field(default_factory=dict)
    """Moves held for seats' turns, by seat."""
    early_outcomes: dict[int, EarlyOutcome] = field(default_factory=dict)
    """Held moves whose turn came in this transaction, by seat: for the mails it sends."""
    id: int = field(init=False)
    """The game's id, read once: reading it from the row after a commit would cost a query."""

    def __post_init__(self) -> None:
        assert self.row.id is not None
        self.id = self.row.id

    def player(self, seat: int) -> Player | None:
        player_id = self.seats[seat].player_id
        return self.players.get(player_id) if player_id is not None else None

    def words(self, seat: int | None, organiser: bool = False, language: str = "") -> CatalogWords:
        """The game's words in the language of the seat's player: how its mails are written and its replies read,
        with the table's names, so its boards and pictures name every seat's player (for the ``organiser``,
        as :meth:`known_as` names them). ``language``: for no seat, a spectator's language (a follower's)."""
        player = self.player(seat) if seat is not None else None
        said = words(self.rules, player.reads if player is not None else language or SOURCE_LANGUAGE)
        return named(said, [said.say(bots.named(self.seats[other].bot)) if self.player(other) is None
                            and self.seats[other].bot
                            else self.known_as(other) if organiser else self.name(other, said.language)
                            for other in range(len(self.seats))])

    def human(self, seat: int) -> bool:
        return not self.seats[seat].bot and self.seats[seat].player_id is not None

    def name(self, seat: int, language: str) -> str:
        """What the table calls the seat's player, in ``language``: the name they were given, else "Player N"
        by seat (never their address); a seat no player holds, its bot's name."""
        player = self.player(seat)
        if player is None:
            return self.seats[seat].bot
        return given_name(player) or nameless(seat + 1, language)

    def names(self, seats: Iterable[int], reader: int | None) -> list[str]:
        """The seats' names as the reader's seat (None: the organiser's language) calls them."""
        player = self.player(reader) if reader is not None else None
        language = player.reads if player is not None else SOURCE_LANGUAGE
        return [self.name(seat, language) for seat in seats]

    def known_as(self, seat: int) -> str:
        """What the organiser's outputs, and the player's own greeting, call the seat's player: their name, else
        their address's local part (both readers have the address anyway); a seat no player holds, its bot's."""
        player = self.player(seat)
        if player is None:
            return self.seats[seat].bot
        return player.name or player.email.split("@")[0]

    def due(self) -> list[int]:
        """The seats that owe a decision now, in seat order (empty when the game is over)."""
        return sorted(self.rules.to_act(self.state))


GameOverHook = Callable[[Session, LoadedGame, engine.Result], None]
"""Called in the transaction that ends a game, with its result (the tournament layer registers one)."""


def replay(rules: engine.Game, seats: int, seed: int, options: dict, moves: Iterable[tuple[int, str]]) -> engine.State:  # type: ignore[type-arg]
    """The state after ``moves`` (seat, notation) from the set-up: the one way a log becomes a state."""
    return deque(replayed(rules, seats, seed, options, moves), maxlen=1)[0]


def replayed(rules: engine.Game, seats: int, seed: int, options: dict,  # type: ignore[type-arg]
             moves: Iterable[tuple[int, str]]) -> Iterator[engine.State]:
    """The state after the set-up, then after each of ``moves`` (seat, notation; a line may hold several moves):
    how a game's page replays it position by position. Engines change a state in place, so each state
    yielded is the same object, read before the next is asked for."""
    state = rules.new(seats, seed, options)
    yield state
    for seat, notation in moves:
        for move in rules.parse(notation, state, seat):
            state = rules.apply(state, seat, move)
        yield state


class Transaction:
    """One attempt at a change: its session, and the games loaded in it (forgotten if the attempt loses)."""

    def __init__(self, store: GameStore, session: Session, number: int) -> None:
        self.store, self.session, self.number = store, session, number
        self.loaded: dict[int, LoadedGame] = {}
        self._unchanged: set[int] = set()

    @property
    def retried(self) -> bool:
        """Whether an earlier attempt lost a race: a reply that now finds its decision gone lost it."""
        return self.number > 0

    def load(self, game_id: int) -> LoadedGame:
        """The game as committed (raises KeyError when there is none); committed with this transaction."""
        game = self.store.load(self.session, game_id)
        self.loaded[game_id] = game
        self._unchanged.discard(game_id)
        return game

    def reload(self, game_id: int) -> LoadedGame:
        """The game replayed afresh from the log as this session sees it (after marking moves reverted)."""
        self.session.flush()
        self.store.forget(game_id)
        return self.load(game_id)

    def take_back(self, game_id: int, moves: Iterable[Move]) -> LoadedGame:
        """Mark ``moves`` reverted (an undo never deletes) and replay the game without them; no seat is left
        awaiting, so whoever must decide now is asked anew when the game is advanced. The organiser's undo and
        the players' undo by consent both go through here."""
        for move in moves:
            move.reverted = True
            self.session.add(move)
        fresh = self.reload(game_id)
        for row in fresh.seats:
            row.awaiting, row.reminded, row.deadline = False, False, None
        return fresh

    def add(self, game: LoadedGame) -> None:
        """A game created in this transaction: committed with it."""
        self.loaded[game.id] = game

    def unchanged(self, game: LoadedGame) -> None:
        """Commit without bumping the game's version: nothing of its state or turns changed."""
        self._unchanged.add(game.id)

    def commit(self) -> None:
        """Bump every changed game's version and commit, or raise Conflict (the caller rolls back)."""
        session = self.session
        self._write_seats()
        session.flush()
        changed = [game for game_id, game in self.loaded.items() if game_id not in self._unchanged]
        for game in changed:
            self.store.bump(session, game)
        session.commit()
        for game in changed:
            self.store.remember(game)


    def _write_seats(self) -> None:
        """Write the loaded games' changed seats as plain UPDATEs (one executemany for each set of columns) and
        take them out of the session, which then has nothing left to do for them.

        Every reply changes a seat or two; the session's unit of work spent more on finding and ordering those
        changes than the UPDATE itself costs. A seat's changes are its columns whose value differs from the one
        loaded, as the unit of work has them. They are written after the session's own flush (rows they may
        name, a new player, exist by then) and in its transaction, so a Conflict rolls them back too; nothing
        reads a seat of the session after its commit (a new attempt loads afresh).
        """
        session = self.session
        deleted = session.deleted
        writes: dict[tuple[str, ...], list[dict[str, object]]] = {}
        for game in self.loaded.values():
            for seat in game.seats:
                state = inspect(seat)
                if not state.modified or not state.persistent or seat in deleted:
                    continue
                loaded, now = state.committed_state, state.dict
                columns = tuple(sorted(key for key in loaded if now.get(key) != loaded[key]))
                session.expunge(seat)
                if columns:
                    writes.setdefault(columns, []).append(
                        {"seat_id": seat.id, **{f"new_{column}": now[column] for column in columns}})
        if writes:
            session.flush()  # first what the seats' new values may refer to
            connection = session.connection()
            for columns, rows in writes.items():
                connection.execute(_seat_update(columns), rows)


class GameStore:
    """Loads, replays, caches and commits games; one per service."""

    def __init__(self, database: Engine, rules: Callable[[str], engine.Game], states_cached: int) -> None:
        if states_cached < 1:
            raise ValueError(f"states_cached={states_cached}: the store keeps at least one game state")
        self.db = database
        self.rules = rules
        self.states_cached = states_cached
        """The most game states kept (setting ``states_cached``): the cache's memory, whatever the league's size."""
        self.on_game_over: list[GameOverHook] = []
        self._states: OrderedDict[int, _Cached] = OrderedDict()
        """Committed games by id, least recently used first: a cache; the database is the truth."""

    @property
    def cached(self) -> tuple[int, ...]:
        """The games whose states are in memory now, least recently used first."""
        return tuple(self._states)

    # ----------------------------------------------------------------- the seam

    def attempt(self, work: Callable[[Transaction], T], *, attempts: int = ATTEMPTS) -> T:
        """Run ``work`` in a fresh transaction until it commits without losing a race.

        ``work`` loads what it changes through the transaction and commits it
        (:meth:`Transaction.commit`). On :class:`Conflict` or a database
        error (a lock) the session is rolled back, the games it loaded are
        forgotten (their states were changed in place) and it runs again; any
        other exception rolls back, forgets and propagates: nothing is kept.
        When the last attempt found the database locked, that OperationalError
        is raised, not Conflict, so the caller can leave the work for later.
        """
        busy: OperationalError | None = None
        for number in range(attempts):
            # Nothing reads a row after the commit, and the session closes right after it: expiring every
            # object at the commit (to reload it on the next read) was work for nobody on every reply.
            with Session(self.db, expire_on_commit=False) as session:
                transaction = Transaction(self, session, number)
                try:
                    return work(transaction)
                except (Conflict, OperationalError) as exc:
                    self._abandon(transaction)
                    busy = exc if isinstance(exc, OperationalError) else None
                except BaseException:
                    self._abandon(transaction)
                    raise
        if busy is not None:  # the database stayed locked (or away): no game's fault, the caller waits
            raise busy
        raise Conflict(f"the game kept changing during {attempts} attempts")

    def transaction(self, game_id: int, change: Callable[[Transaction, LoadedGame], T], *,
                    attempts: int = ATTEMPTS) -> T:
        """Load game ``game_id``, run ``change`` on it and commit, retrying when another writer won."""

        def work(transaction: Transaction) -> T:
            outcome = change(transaction, transaction.load(game_id))
            transaction.commit()
            return outcome

        return self.attempt(work, attempts=attempts)

    def _abandon(self, transaction: Transaction) -> None:
        transaction.session.rollback()
        for game_id in transaction.loaded:
            self.forget(game_id)

    # ----------------------------------------------------------------- loading

    def load(self, session: Session, game_id: int) -> LoadedGame:
        """The game with its seats, players and current state (replayed unless cached for this version)."""
        rows = session.exec(_LOAD, params={"game_id": game_id}).all()
        if not rows:
            raise KeyError(f"no game {game_id}")
        row = rows[0][0]
        rules = self.rules(row.game)
        seats = [seat for _, seat, _ in rows]
        players = {player.id: player for _, _, player in rows if player is not None}
        cached = self._states.get(game_id)
        if cached is None or cached.version != row.version:
            cached = self._replay(session, row, rules, len(seats))
        else:
            self._states.move_to_end(game_id)
        game = LoadedGame(row, rules, seats, players, rules.clone(cached.state), row.version, cached.next_seq,
                          cached.log, list(cached.talk), early={held.seat: held for held in cached.early})
        game.over_before = not rules.to_act(game.state)
        return game

    def _replay(self, session: Session, row: Game, rules: engine.Game, seats: int) -> _Cached:
        """The game as its log has it: state, counted moves and table talk, read in four queries."""
        moves = session.exec(
            select(Move.seq, Move.seat, Move.notation, Move.source)
            .where(Move.game_id == row.id, Move.reverted == False).order_by(Move.seq)  # type: ignore[arg-type]  # noqa: E712
        )
        log = tuple(Played(*move) for move in moves)
        state = replay(rules, seats, row.seed, row.options, ((move.seat, move.notation) for move in log))
        talk = session.exec(
            select(TableTalk.seq, TableTalk.seat, TableTalk.text)
            .where(TableTalk.game_id == row.id).order_by(TableTalk.id)  # type: ignore[arg-type]
        )
        next_seq = (session.exec(select(func.max(Move.seq)).where(Move.game_id == row.id)).one() or 0) + 1
        early = session.exec(select(Early.seat, Early.text, Early.inbound_id).where(Early.game_id == row.id))
        return _Cached(row.version, state, next_seq, log, tuple(Said(*said) for said in talk),
                       tuple(Held(*held) for held in early))

    # ----------------------------------------------------------------- committing

    def bump(self, session: Session, game: LoadedGame) -> None:
        """Raise the game's version from the one loaded (and write its nearest deadline), or raise Conflict."""
        deadlines = [seat.deadline for seat in game.seats if seat.awaiting and seat.deadline]
        bumped = session.connection().execute(  # the deadline rides on the version's UPDATE: one statement
            _BUMP_VERSION, {"game_id": game.id, "loaded": game.loaded_version,
                            "version": game.loaded_version + 1, "deadline": min(deadlines) if deadlines else None})
        if bumped.rowcount != 1:  # type: ignore[attr-defined]
            raise Conflict(f"game {game.id} changed since version {game.loaded_version}")

    def remember(self, game: LoadedGame) -> None:
        """Cache the committed game under its new version."""
        self._states[game.id] = _Cached(game.loaded_version + 1, game.state, game.next_seq,
                                        game.log + tuple(game.played), tuple(game.talk), tuple(game.early.values()))
        self._states.move_to_end(game.id)
        while len(self._states) > self.states_cached:
            self._states.popitem(last=False)

    def forget(self, game_id: int) -> None:
        """Drop a cached state whose in-place changes were not committed."""
        self._states.pop(game_id, None)

    def game_over(self, session: Session, game: LoadedGame, result: engine.Result) -> None:
        """Tell every registered hook that ``game`` ended with ``result``, inside its transaction."""
        for hook in self.on_game_over:
            hook(session, game, result)
