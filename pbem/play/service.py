"""The service: the database, the rules, the templates and the clock the mail loop runs on, wired once.

The rooms it joins each hold one job: :mod:`pbem.play.store` loads, caches and
commits games under their version (and its ``transaction`` is the one seam
every change goes through), :mod:`pbem.play.turns` plays moves until a person must
choose, :mod:`pbem.play.mails` renders and queues what the players are told. This
module starts games and says what a change to a game causes, in order: the
game played on, then the mails, or the end of the game.
"""

from __future__ import annotations

import secrets as _secrets
import time
from typing import Any, Callable, Iterable

from sqlmodel import Session, func, select

import engine
from engine import bots
from pbem.ops import db, schema
from pbem.play import consent, players
from pbem.clock import Clock
from pbem.ops.config import Settings
from pbem.ops.db import Game, Move, Player, Seat
from pbem.language.letters import Letters
from pbem.play.commands import COMMANDS
from pbem.play.mails import Mailer, RoundNote
from pbem.play.memberships import Memberships, NoTournaments
from pbem.play.signups import NoSignUps, SignUps
from pbem.play.shown import Shown
from pbem.play.store import GameStore, LoadedGame, Transaction
from pbem.play.turns import Turns


class GameSetupError(ValueError):
    """A ``game new`` request that cannot start a game, saying what would."""


class Service:
    """One of these per process: every command, the server and the tests build one from settings."""

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
        self.secret = schema.prepare(self.db, settings.secret)
        self.letters = Letters(COMMANDS)
        self.store = GameStore(self.db, rules, settings.states_cached)
        self.turns = Turns(self.clock, self.bot)
        self.shown = Shown(settings, self.clock)
        self.mails = Mailer(settings, self.clock, self.letters, self.secret, self.shown)
        self.memberships: Memberships = NoTournaments()
        self.signups: SignUps = NoSignUps()
        """Sign-ups by mail (``join``): the tournament layer's, plugged in by :func:`pbem.app.open_service`."""
        """The tournaments games and players belong to: plugged in by :func:`pbem.app.open_service`."""

    def bot(self, name: str) -> bots.Bot:
        """The bot ``name`` as the service plays it: a search bot stops after ``bot_seconds`` of real time."""
        return bots.get(name, self.settings.bot_seconds, time.monotonic)

    # ----------------------------------------------------------------- starting games

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
        actor: str = "organiser",
    ) -> int:
        """Start a game outside any tournament and queue its first prompts; returns its id (``actor``: who
        started it, for the audit log)."""
        try:
            rules = self.rules(game)
        except KeyError as exc:
            raise GameSetupError(str(exc.args[0])) from None
        seats = len(emails) + bots_count
        if not rules.min_players <= seats <= rules.max_players:
            raise GameSetupError(
                f"{rules.title} takes {rules.min_players}-{rules.max_players} seats; "
                f"{len(emails)} player{'' if len(emails) == 1 else 's'} and {bots_count} "
                f"bot{'' if bots_count == 1 else 's'} make {seats}"
            )
        try:  # every address checked as a registration checks it: none may reach a mail header unread
            lowered = [players.address(email) for email in emails]
        except players.AddressError as exc:
            raise GameSetupError(f"--player {exc}") from None
        if len(set(lowered)) != len(lowered):
            raise GameSetupError(f"players must be distinct email addresses, got {', '.join(lowered)}")
        try:
            bots.get(bot)
        except KeyError as exc:
            raise GameSetupError(f"--bot: {exc.args[0]}") from None
        chosen = self._checked_options(rules, options or {}, seats)
        seed = _secrets.randbelow(2**31) if seed is None else seed

        def start(transaction: Transaction) -> int:
            opened = self.open_game(transaction.session, rules, lowered, bots_count=bots_count, seed=seed,
                                    options=chosen, deadline_hours=deadline_hours, label=label, bot=bot,
                                    actor=actor)
            transaction.add(opened)
            transaction.commit()
            return opened.id

        return self.store.attempt(start, attempts=1)

    def open_game(self, session: Session, rules: engine.Game, emails: list[str], *, bots_count: int, seed: int,
                  options: dict[str, Any], deadline_hours: float | None, label: str, bot: str,
                  actor: str = "organiser", round_note: RoundNote | None = None) -> LoadedGame:
        """Add a checked game to ``session`` with its start mails and first prompts queued, uncommitted.

        A tournament round opens all its tables in one transaction through this
        (``round_note``: its start mails are the round's).
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
        seated: dict[int, Player] = {}
        seat_rows = []
        for index, email in enumerate(emails):
            player = players.find_or_add(session, email)
            seated[player.id] = player  # type: ignore[index]
            seat_rows.append(Seat(game_id=row.id, seat=index, player_id=player.id))
        seat_rows += [Seat(game_id=row.id, seat=index, bot=bot) for index in range(len(emails), seats)]
        session.add_all(seat_rows)
        game = LoadedGame(row, rules, seat_rows, seated, rules.new(seats, seed, options), 0, 1)
        self.audit(session, actor, "game new", row.id, f"{rules.name} seed {seed}: {', '.join(emails)}")
        if round_note is not None:  # its table is not written yet: the round says which list its mails are of
            self.mails.lists.known(game.id, round_note.list_id)  # type: ignore[arg-type]
        self.turns.settle(session, game)
        self.mails.started(session, game, round_note)
        self.announce(session, game)
        return game

    def _checked_options(self, rules: engine.Game, options: dict[str, Any], players: int) -> dict[str, Any]:
        """The game's declared options checked in the one place the engine keeps them (engine.GameBase)."""
        try:
            return rules.check_options(options, players)
        except engine.OptionError as exc:
            raise GameSetupError(str(exc)) from None

    # ----------------------------------------------------------------- what a change causes

    def advance(self, session: Session, game: LoadedGame, *, replier: int | None = None,
                understood: Iterable[str] = (), ignored: Iterable[str] = (), kept: Iterable[str] = (),
                shown: bool = False, drew: str = "") -> None:
        """Play on until a person must choose, then queue what that causes: prompts and notices, or the end.
        A move after the turn an undo by consent asks about lapses that ask (:func:`pbem.play.consent.lapse`)."""
        self.turns.settle(session, game)
        consent.lapse(self, session, game)
        self.announce(session, game, replier=replier, understood=understood, ignored=ignored, kept=kept, shown=shown,
                      drew=drew)

    def announce(self, session: Session, game: LoadedGame, *, replier: int | None = None,
                 understood: Iterable[str] = (), ignored: Iterable[str] = (), kept: Iterable[str] = (),
                 shown: bool = False, drew: str = "") -> None:
        """Queue the mails of this transaction's moves; a game that just ended is closed (:meth:`end`)."""
        if game.due():
            self.mails.announce(session, game, replier=replier, understood=understood, ignored=ignored, kept=kept,
                                shown=shown, drew=drew)
        elif not game.over_before:
            self.end(session, game)

    def end(self, session: Session, game: LoadedGame) -> None:
        """Close a game whose last decision was made: result, mails, audit, and the game-over hooks."""
        game.row.status = "over"
        result = game.rules.result(game.state)
        if result is None:
            raise RuntimeError(f"{game.rules.name}: no seat to act but no result (game {game.id})")
        self.turns.drop_all_early(session, game)
        for row in game.seats:
            row.awaiting = False
        self.mails.game_over(session, game, result)
        self.audit(session, "service", "game over", game.id, f"scores {result.scores} ranks {result.ranks}")
        self.store.game_over(session, game, result)

    def audit(self, session: Session, actor: str, action: str, game_id: int | None, detail: str) -> None:
        """One line in the audit log: who did what to which game, and why; written with the change."""
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
                # the seats hold the deadlines; the game row's copy is only written when a change bumps it
                deadlines = [deadline for _, _, deadline in waiting if deadline]
                listing.append({"id": game.id, "label": game.label, "game": game.game, "status": game.status,
                                "moves": moves, "waiting": waiting, "deadline": min(deadlines, default=None)})
            return listing
