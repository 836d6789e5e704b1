"""The mail loop's core: a game's moves and every mail they cause, one transaction at a time.

Everything here works through the generic game protocol, so Dragon, China and
Prodigals share it. A change to a game happens on a :class:`Table` loaded in
one session: moves are applied to the replayed state and logged, bots and
forced moves are played until a human must choose, the resulting mails are
rendered once per audience into the outbox, and :meth:`Service.commit` writes
it all with the game's version bumped. A writer that loaded an older version
gets :class:`Conflict` and nothing it did is kept.
"""

from __future__ import annotations

import random
import secrets as _secrets
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Callable, Iterable

from sqlalchemy import bindparam, delete, func, insert, update
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

import engine
from engine import bots
from pbem import db, tournament
from pbem.clock import Clock, local_time
from pbem.config import Settings
from pbem.db import DigestItem, Early, Game, Move, Outbox, Player, Seat, TableTalk
from pbem.letters import Letter, Letters
from pbem.tokens import reply_address

LEGAL_SHOWN = 24
"""Legal moves listed in a mail; more are summarised as a count."""

STATES_CACHED = 2048
"""Game states kept in memory by the service; older ones are replayed from the log when needed."""

NOTICE_KINDS = ("prompt", "status", "reminder")
"""Mails that show a decision: a reply to an older one of these is stale."""

_LOAD_TABLE = (  # game, seats and players in one query, built once: it runs for every reply
    select(Game, Seat, Player).join(Seat, Seat.game_id == Game.id)  # type: ignore[arg-type]
    .outerjoin(Player, Seat.player_id == Player.id).where(Game.id == bindparam("game_id"))  # type: ignore[arg-type]
    .order_by(Seat.seat)  # type: ignore[arg-type]
)
# Every reply writes a move and a few mails: as plain INSERTs on the session's connection they skip building
# ORM objects and the unit of work (a quarter of a reply's database time), and stay in its transaction.
_INSERT_EARLY = insert(Early.__table__)  # type: ignore[arg-type]
_DROP_EARLY = delete(Early.__table__).where(  # type: ignore[arg-type]
    Early.__table__.c.game_id == bindparam("game_id"), Early.__table__.c.seat == bindparam("seat"))  # type: ignore[attr-defined]
_INSERT_MOVE = insert(Move.__table__)  # type: ignore[arg-type]
_INSERT_OUTBOX = insert(Outbox.__table__)  # type: ignore[arg-type]
_BUMP_VERSION = (
    update(Game.__table__)  # type: ignore[arg-type]
    .where(Game.__table__.c.id == bindparam("game_id"), Game.__table__.c.version == bindparam("loaded"))  # type: ignore[attr-defined]
    .values(version=bindparam("version"), deadline=bindparam("deadline"))
)


class Conflict(Exception):
    """The game changed between loading and committing; the caller reloads and retries."""


class GameSetupError(ValueError):
    """A ``game new`` request that cannot start a game, saying what would."""


@dataclass(frozen=True)
class Played:
    """A move logged in the current transaction."""

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
class _Cached:
    """A committed game as the service remembers it: valid while the game's version is ``version``."""

    version: int
    state: engine.State
    next_seq: int
    log: tuple[Played, ...]
    talk: tuple[Said, ...]
    early: tuple[Held, ...] = ()


@dataclass(frozen=True)
class Held:
    """A move sent before its turn, waiting for it (a row of :class:`pbem.db.Early`)."""

    seat: int
    text: str
    inbound_id: int | None


@dataclass(frozen=True)
class EarlyOutcome:
    """What became of a held move when its turn came: played (its moves) or not (why)."""

    text: str
    played: tuple[str, ...] = ()
    reason: str = ""


@dataclass(frozen=True)
class RecapLine:
    """One line of a recap or history: who did what."""

    seq: int
    seat_no: int
    name: str
    bot: str
    text: str
    source: str


@dataclass
class Table:
    """A game loaded for one transaction: its rows, its state and what happened to it so far."""

    game: Game
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
    over_before: bool = False
    early: dict[int, Held] = field(default_factory=dict)
    """Moves held for seats' turns, by seat."""
    early_outcomes: dict[int, EarlyOutcome] = field(default_factory=dict)
    """Held moves whose turn came in this transaction, by seat: for the mails it sends."""

    def player(self, seat: int) -> Player | None:
        player_id = self.seats[seat].player_id
        return self.players.get(player_id) if player_id is not None else None

    def human(self, seat: int) -> bool:
        return not self.seats[seat].bot and self.seats[seat].player_id is not None

    def name(self, seat: int) -> str:
        player = self.player(seat)
        if player is None:
            return self.seats[seat].bot
        return player.name or player.email.split("@")[0]


class Service:
    """The database, the rules, the templates and the clock the mail loop runs on."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        rules: Callable[[str], engine.Game] = engine.game,
    ) -> None:
        self.settings = settings
        self.clock = clock or Clock()
        self.rules = rules
        self.db = db.open_database(settings.database_url, settings.database_busy_seconds)
        self.secret = db.create_schema(self.db, settings.secret)
        self.letters = Letters()
        self._states: OrderedDict[int, _Cached] = OrderedDict()
        """Committed games by id, least recently used first: a cache; the database is the truth."""

    # ----------------------------------------------------------------- games

    def new_game(
        self,
        game: str,
        emails: list[str],
        *,
        bots_count: int = 0,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        deadline_hours: float | None = None,
        label: str = "",
        bot: str = "greedy",
    ) -> int:
        """Start a game outside any tournament and queue its first prompts; returns its id."""
        try:
            rules = self.rules(game)
        except KeyError as exc:
            raise GameSetupError(str(exc.args[0])) from None
        seats = len(emails) + bots_count
        if not rules.min_players <= seats <= rules.max_players:
            raise GameSetupError(
                f"{rules.title} takes {rules.min_players}-{rules.max_players} seats; "
                f"{len(emails)} players and {bots_count} bots make {seats}"
            )
        lowered = [email.strip().lower() for email in emails]
        if len(set(lowered)) != len(lowered) or any("@" not in email for email in lowered):
            raise GameSetupError(f"players must be distinct email addresses, got {', '.join(emails)}")
        bots.get(bot)
        chosen = self._checked_options(rules, options or {})
        seed = _secrets.randbelow(2**31) if seed is None else seed
        with Session(self.db) as session:
            table = self.open_game(session, rules, lowered, bots_count=bots_count, seed=seed, options=chosen,
                                   deadline_hours=deadline_hours, label=label, bot=bot)
            self.commit(session, table)
            assert table.game.id is not None
            return table.game.id

    def open_game(self, session: Session, rules: engine.Game, emails: list[str], *, bots_count: int, seed: int,
                  options: dict[str, Any], deadline_hours: float | None, label: str, bot: str,
                  actor: str = "organiser") -> Table:
        """Add a checked game to ``session`` with its first prompts queued, uncommitted.

        A tournament round opens all its tables in one transaction through this.
        """
        seats = len(emails) + bots_count
        row = Game(
            game=rules.name,
            label=label,
            options=options,
            seed=seed,
            bot_seed=seed,
            deadline_hours=deadline_hours or self.settings.deadline_hours,
            created=self.clock.now(),
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        if not row.label:
            row.label = f"{rules.name.capitalize()} #{row.id}"
        players: dict[int, Player] = {}
        seat_rows = []
        for index, email in enumerate(emails):
            player = self._player(session, email)
            players[player.id] = player  # type: ignore[index]
            seat_rows.append(Seat(game_id=row.id, seat=index, player_id=player.id))
        seat_rows += [Seat(game_id=row.id, seat=index, bot=bot) for index in range(len(emails), seats)]
        session.add_all(seat_rows)
        table = Table(row, rules, seat_rows, players, rules.new(seats, seed, options), 0, 1)
        self.audit(session, actor, "game new", row.id, f"{rules.name} seed {seed}: {', '.join(emails)}")
        self.settle(session, table)
        self.announce(session, table)
        return table

    def _checked_options(self, rules: engine.Game, options: dict[str, Any]) -> dict[str, Any]:
        known = rules.options()
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise GameSetupError(
                f"{rules.title} has no option {', '.join(unknown)}; its options: {', '.join(sorted(known)) or 'none'}"
            )
        return {**known, **options}

    def _player(self, session: Session, email: str) -> Player:
        player = session.exec(select(Player).where(Player.email == email)).first()
        if player is None:
            player = Player(email=email, name=email.split("@")[0])
            session.add(player)
            session.flush()
        return player

    def load(self, session: Session, game_id: int) -> Table:
        """The game with its seats, players and current state (replayed unless cached for this version)."""
        rows = session.exec(_LOAD_TABLE, params={"game_id": game_id}).all()
        if not rows:
            raise KeyError(f"no game {game_id}")
        game = rows[0][0]
        rules = self.rules(game.game)
        seats = [seat for _, seat, _ in rows]
        players = {player.id: player for _, _, player in rows if player is not None}
        cached = self._states.get(game_id)
        if cached is None or cached.version != game.version:
            cached = self._replay(session, game, rules, len(seats))
        else:
            self._states.move_to_end(game_id)
        table = Table(game, rules, seats, players, rules.clone(cached.state), game.version, cached.next_seq,
                      cached.log, list(cached.talk), early={held.seat: held for held in cached.early})
        table.over_before = not rules.to_act(table.state)
        return table

    def _replay(self, session: Session, game: Game, rules: engine.Game, seats: int) -> _Cached:
        """The game as its log has it: state, counted moves and table talk, read in three queries."""
        state = rules.new(seats, game.seed, game.options)
        moves = session.exec(
            select(Move.seq, Move.seat, Move.notation, Move.source)
            .where(Move.game_id == game.id, Move.reverted == False).order_by(Move.seq)  # type: ignore[arg-type]  # noqa: E712
        )
        log = tuple(Played(*move) for move in moves)
        for move in log:
            for one in rules.parse(move.notation, state, move.seat):
                state = rules.apply(state, move.seat, one)
        talk = session.exec(
            select(TableTalk.seq, TableTalk.seat, TableTalk.text)
            .where(TableTalk.game_id == game.id).order_by(TableTalk.id)  # type: ignore[arg-type]
        )
        next_seq = (session.exec(select(func.max(Move.seq)).where(Move.game_id == game.id)).one() or 0) + 1
        early = session.exec(select(Early.seat, Early.text, Early.inbound_id).where(Early.game_id == game.id))
        return _Cached(game.version, state, next_seq, log, tuple(Said(*said) for said in talk),
                       tuple(Held(*held) for held in early))

    def play(self, session: Session, table: Table, seat: int, move: engine.Move, source: str,
             inbound_id: int | None = None) -> Played:
        """Apply ``move`` and log it; raises IllegalMove (state unchanged) when it is not legal."""
        if seat not in table.rules.to_act(table.state):
            raise engine.IllegalMove(f"seat {seat + 1} owes no decision now")
        table.state = table.rules.apply(table.state, seat, move)
        played = Played(table.next_seq, seat, table.rules.format(move), source)
        session.connection().execute(_INSERT_MOVE, {
            "game_id": table.game.id, "seq": played.seq, "seat": seat, "notation": played.notation,
            "source": source, "inbound_id": inbound_id, "reverted": False, "created": self.clock.now()})
        table.next_seq += 1
        table.played.append(played)
        row = table.seats[seat]
        row.awaiting = False
        row.reminded = False
        row.deadline = None
        return played

    def settle(self, session: Session, table: Table) -> None:
        """Play bot seats, held moves and forced moves until a human has a real choice or the game ends."""
        rules = table.rules
        while True:
            for seat in sorted(rules.to_act(table.state)):
                row = table.seats[seat]
                if row.bot:
                    if seat in table.early:  # the seat went to a bot: its player's kept move goes with him
                        self._drop_early(session, table, seat)
                    rng = random.Random(f"{table.game.bot_seed}:{table.next_seq}")
                    self.play(session, table, seat, bots.get(row.bot)(rules, table.state, seat, rng), "bot")
                    break
                if seat in table.early and self._play_early(session, table, seat):
                    break
                legal = rules.legal(table.state, seat)
                if len(legal) == 1:
                    self.play(session, table, seat, legal[0], "forced")
                    break
            else:
                return

    def hold(self, session: Session, table: Table, seat: int, text: str, inbound_id: int | None) -> Held | None:
        """Keep ``text`` for the seat's next turn (the rules allow it); returns the held move it replaces."""
        replaced = table.early.pop(seat, None)
        connection = session.connection()
        connection.execute(_DROP_EARLY, {"game_id": table.game.id, "seat": seat})
        connection.execute(_INSERT_EARLY, {"game_id": table.game.id, "seat": seat, "text": text,
                                           "inbound_id": inbound_id, "created": self.clock.now()})
        table.early[seat] = Held(seat, text, inbound_id)
        return replaced

    def _play_early(self, session: Session, table: Table, seat: int) -> bool:
        """The seat's turn came: play its held move if it is legal now (True), else drop it and say why."""
        held = self._drop_early(session, table, seat)
        rules = table.rules
        try:
            moves = rules.parse(held.text, rules.clone(table.state), seat)
        except (engine.MoveError, engine.IllegalMove) as exc:
            table.early_outcomes[seat] = EarlyOutcome(held.text, reason=getattr(exc, "reason", "") or str(exc))
            return False
        if not moves:
            table.early_outcomes[seat] = EarlyOutcome(held.text, reason="there was no move in it")
            return False
        played = [self.play(session, table, seat, move, "email", held.inbound_id).notation for move in moves]
        table.early_outcomes[seat] = EarlyOutcome(held.text, played=tuple(played))
        return True

    def _drop_early(self, session: Session, table: Table, seat: int) -> Held:
        session.connection().execute(_DROP_EARLY, {"game_id": table.game.id, "seat": seat})
        return table.early.pop(seat)

    def commit(self, session: Session, table: Table) -> None:
        """Write everything with the version bumped, or raise Conflict and keep nothing."""
        game = table.game
        game_id = game.id  # read before the commit expires the row: reading it after would cost a query
        deadlines = [seat.deadline for seat in table.seats if seat.awaiting and seat.deadline]
        deadline = min(deadlines) if deadlines else None
        try:
            session.flush()
            bumped = session.connection().execute(  # the deadline rides on the version's UPDATE: one statement
                _BUMP_VERSION, {"game_id": game_id, "loaded": table.loaded_version,
                                "version": table.loaded_version + 1, "deadline": deadline})
            if bumped.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict(f"game {game.id} changed since version {table.loaded_version}")
            session.commit()
        except OperationalError as exc:
            session.rollback()
            raise Conflict(f"game {game.id}: {exc.orig}") from exc
        except Conflict:
            session.rollback()
            raise
        self._states[game_id] = _Cached(table.loaded_version + 1, table.state, table.next_seq,  # type: ignore[index]
                                        table.log + tuple(table.played), tuple(table.talk),
                                        tuple(table.early.values()))
        self._states.move_to_end(game_id)  # type: ignore[arg-type]
        while len(self._states) > STATES_CACHED:
            self._states.popitem(last=False)

    def forget(self, game_id: int) -> None:
        """Drop a cached state whose in-place changes were not committed."""
        self._states.pop(game_id, None)

    # ----------------------------------------------------------------- mails

    def announce(self, session: Session, table: Table, *, replier: int | None = None,
                 understood: Iterable[str] = ()) -> None:
        """Queue every mail the moves of this transaction cause: prompts, confirmation, notices, game over."""
        understood = list(understood)
        rules, state = table.rules, table.state
        due = rules.to_act(state)
        if not due:
            if not table.over_before:
                self._game_over(session, table)
            return
        prompted = [s for s in sorted(due) if table.human(s) and not table.seats[s].awaiting]
        early = table.early_outcomes
        for seat in prompted:
            held = early.get(seat)
            self._prompt(session, table, seat, understood if seat == replier else list(held.played if held else ()),
                         early_refused=held if held and not held.played else None)
        waiting = [table.name(s) for s in sorted(due)]
        if replier is not None and replier not in prompted:
            self.send_to_seat(session, table, replier, "confirmation", understood=understood, waiting=waiting,
                              early=False)
        confirmed = [s for s, held in early.items() if held.played and s not in prompted and s != replier]
        for seat in confirmed:  # a move sent before its turn was played: confirmed like a reply in turn
            self.send_to_seat(session, table, seat, "confirmation", understood=list(early[seat].played),
                              waiting=waiting, early=True)
        if table.played:
            self._notices(session, table, skip={replier, *prompted, *confirmed})

    def _prompt(self, session: Session, table: Table, seat: int, understood: list[str],
                early_refused: EarlyOutcome | None = None) -> None:
        row = table.seats[seat]
        recap = self.recap(table, seat)
        forced = [line.text for line in recap if line.source == "forced" and line.seat_no == seat + 1]
        row.deadline = self.deadline_for(table, seat)
        row.awaiting, row.reminded, row.prompted_seq = True, False, table.next_seq - 1
        self.send_to_seat(session, table, seat, "prompt", picture=True, understood=understood,
                          recap=recap, forced=forced, early_refused=early_refused, **self.decision_context(table, seat))

    def deadline_for(self, table: Table, seat: int) -> datetime:
        """The deadline of a decision opened now: the game's time to answer, counted after any vacation."""
        now = self.clock.now()
        deadline = now + timedelta(hours=table.game.deadline_hours)
        player = table.player(seat)
        if player is not None and player.vacation_until is not None:
            back = datetime.combine(player.vacation_until, datetime.min.time(), tzinfo=UTC) + timedelta(days=1)
            deadline = max(deadline, back + timedelta(hours=table.game.deadline_hours))
        return deadline

    def when(self, table: Table, seat: int, moment: datetime) -> str:
        """A time in the seat's player's time zone, as every mail to them shows times."""
        player = table.player(seat)
        return local_time(moment, player.time_zone if player is not None else "UTC")

    def decision_context(self, table: Table, seat: int) -> dict[str, Any]:
        """What a mail showing the seat's open decision needs: board, decision, legal moves, deadline."""
        rules, state = table.rules, table.state
        decision = rules.decision(state, seat)
        legal = [rules.format(move) for move in rules.legal(state, seat)] if decision else []
        deadline = table.seats[seat].deadline
        return {
            "board": rules.render(state, seat),
            "decision": decision,
            "legal": legal[:LEGAL_SHOWN],
            "more": max(0, len(legal) - LEGAL_SHOWN),
            "deadline": self.when(table, seat, deadline) if deadline else "",
        }

    def _notices(self, session: Session, table: Table, skip: set[int | None]) -> None:
        lines = [self.line(table, played.seq, played.seat, played.notation, played.source) for played in table.played]
        for seat in range(len(table.seats)):
            player = table.player(seat)
            if seat in skip or not table.human(seat) or player is None:
                continue
            if player.notify == "each":
                self.send_to_seat(session, table, seat, "notice", recap=lines)
            elif player.notify == "digest":
                now = self.clock.now()
                session.add_all(
                    DigestItem(player_id=player.id, game_id=table.game.id,  # type: ignore[arg-type]
                               line=self._digest_line(line), created=now)
                    for line in lines
                )

    def _digest_line(self, line: RecapLine) -> str:
        return self.letters.snippet("recap_line", line=line)

    def _game_over(self, session: Session, table: Table) -> None:
        table.game.status = "over"
        result = table.rules.result(table.state)
        if result is None:
            raise RuntimeError(f"{table.rules.name}: no seat to act but no result (game {table.game.id})")
        standings = sorted(
            (
                {
                    "rank": result.ranks[seat],
                    "seat_no": seat + 1,
                    "name": table.name(seat),
                    "bot": table.seats[seat].bot if not table.seats[seat].forfeited else "",
                    "score": result.scores[seat],
                    "breakdown": result.breakdown[seat] if result.breakdown else {},
                    "forfeited": table.seats[seat].forfeited,
                }
                for seat in range(len(table.seats))
            ),
            key=lambda row: (row["rank"], row["seat_no"]),
        )
        for seat in list(table.early):  # moves kept for turns that will not come
            self._drop_early(session, table, seat)
        for seat in range(len(table.seats)):
            table.seats[seat].awaiting = False
            if table.seats[seat].player_id is not None:  # a player whose seat a bot finished learns the end too
                self.send_to_seat(
                    session, table, seat, "game_over", picture=True, recap=self.recap(table, seat),
                    standings=standings, own_rank=result.ranks[seat], board=table.rules.render(table.state, seat),
                )
        self.audit(session, "service", "game over", table.game.id, f"scores {result.scores} ranks {result.ranks}")
        tournament.game_over(self, session, table, result)

    def recap(self, table: Table, seat: int) -> list[RecapLine]:
        """Every move and table message since the seat's previous prompt, in order (from the cached log)."""
        since = table.seats[seat].prompted_seq
        lines = [self.line(table, move.seq, move.seat, move.notation, move.source)
                 for move in (*table.log, *table.played) if move.seq > since]
        lines += [self.line(table, said.seq, said.seat, said.text, "say")
                  for said in table.talk if said.seq >= since and said.seat != seat]
        return sorted(lines, key=lambda line: (line.seq, line.source == "say"))

    def say(self, session: Session, table: Table, seat: int, text: str) -> None:
        """Add a message to the table talk, for the next recap of every other seat."""
        said = Said(table.next_seq - 1, seat, text)
        session.add(TableTalk(game_id=table.game.id, seat=seat, seq=said.seq, text=text,  # type: ignore[arg-type]
                              created=self.clock.now()))
        table.talk.append(said)

    def line(self, table: Table, seq: int, seat: int, text: str, source: str) -> RecapLine:
        return RecapLine(seq, seat + 1, table.name(seat), table.seats[seat].bot, text, source)

    def base_context(self, table: Table, seat: int | None) -> dict[str, Any]:
        return {
            "table": table.game.label,
            "game_title": table.rules.title,
            "game_id": table.game.id,
            "seat_no": seat + 1 if seat is not None else 0,
            "player": table.name(seat) if seat is not None else "",
        }

    def send_to_seat(self, session: Session, table: Table, seat: int, kind: str, *, picture: bool = False,
                     **context: Any) -> str:
        """Render mail ``kind`` for the seat's player and queue it in the seat's thread; its Message-ID."""
        player = table.player(seat)
        assert player is not None, f"seat {seat} has no player to mail"
        merged = {**self.base_context(table, seat), **context}
        image = table.rules.picture(table.state, seat) if picture else None
        letter = self.letters.render(kind, picture=image is not None, **merged)
        row = table.seats[seat]
        message_id = self.queue(session, kind, player.email, letter, game_id=table.game.id, picture=image,
                                reply_to=self.reply_to(table.game.id, seat),  # type: ignore[arg-type]
                                in_reply_to=row.last_message_id, references=_references(row),
                                seat=seat, seq=table.next_seq - 1)
        row.thread_root = row.thread_root or message_id
        row.last_message_id = message_id
        return message_id

    def reply_to(self, game_id: int, seat: int) -> str:
        return reply_address(self.settings.reply_local, self.settings.domain, self.secret, game_id, seat)

    def queue(self, session: Session, kind: str, recipient: str, letter: Letter, *, game_id: int | None = None,
              picture: bytes | None = None, reply_to: str = "", in_reply_to: str = "",
              references: str = "", seat: int | None = None, seq: int | None = None) -> str:
        """Add one mail to the outbox and return its Message-ID; it leaves with the transaction's commit."""
        now = self.clock.now()
        message_id = f"<{uuid.uuid4().hex}@{self.settings.domain}>"
        session.connection().execute(_INSERT_OUTBOX, {
            "message_id": message_id, "kind": kind, "recipient": recipient, "subject": letter.subject,
            "text": letter.text, "html": letter.html, "reply_to": reply_to, "in_reply_to": in_reply_to,
            "references": references, "picture": picture, "game_id": game_id, "seat": seat, "seq": seq,
            "status": "pending", "attempts": 0, "next_attempt": now, "last_error": "", "created": now,
            "sent": None})
        return message_id

    def audit(self, session: Session, actor: str, action: str, game_id: int | None, detail: str) -> None:
        session.add(db.Audit(at=self.clock.now(), actor=actor, action=action, game_id=game_id, detail=detail))

    # ----------------------------------------------------------------- listing

    def games(self) -> list[dict[str, Any]]:
        """Every game with who it waits for, newest first: for ``pbem game list``."""
        with Session(self.db) as session:
            rows = session.exec(select(Game).order_by(Game.id.desc())).all()  # type: ignore[union-attr]
            listing = []
            for game in rows:
                seats = session.exec(select(Seat).where(Seat.game_id == game.id, Seat.awaiting == True))  # noqa: E712
                waiting = []
                for seat in seats:
                    player = session.get(Player, seat.player_id) if seat.player_id else None
                    waiting.append((seat.seat + 1, player.email if player else seat.bot, seat.deadline))
                moves = session.exec(select(func.count()).select_from(Move).where(Move.game_id == game.id)).one()
                listing.append({"id": game.id, "label": game.label, "game": game.game, "status": game.status,
                                "moves": moves, "waiting": waiting, "deadline": game.deadline})
            return listing


def _references(seat: Seat) -> str:
    """The thread's first and latest mail: enough for every client to keep one thread."""
    ids = [seat.thread_root, seat.last_message_id]
    return " ".join(dict.fromkeys(i for i in ids if i))
