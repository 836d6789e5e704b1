"""What every organiser action is made of: its declaration, and the desk it runs at.

An action is declared once, where it is written (:func:`action`): its
command-line name and group, its arguments, the name it records in the audit
log, the events it tells players (each one a block of
``templates/email/_organiser_actions.j2``), whether it may mail anyone, and how
its result is printed. The command line is made from these declarations
(:mod:`pbem.cli.admin`), so a new action is its function in the area's module
and nothing else in Python.

Each action that changes a game runs on a game loaded in one session, exactly
like a player's reply: the change, the mails it causes and its audit row are
committed together with the game's version bumped, or nothing is kept. A
refusal is an :class:`AdminError` raised before anything was written, saying
what was wrong and what would be right.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from rich.table import Table
from sqlmodel import Session, select

from pbem.admin.tables import Col, Fitted
from pbem.ops.db import Game
from pbem.play.service import Service
from pbem.play.store import LoadedGame, Transaction

T = TypeVar("T")

REQUIRED: Any = ...
"""An argument's default when the organiser must give it."""

Printed = str | Table | Fitted
"""One thing an action's result prints: a line (printed literally, never as markup) or a table."""


class AdminError(ValueError):
    """An organiser request that cannot be done as asked; nothing was changed."""


@dataclass(frozen=True)
class Arg:
    """One argument of an action: a positional ``ID`` when ``flag`` is empty, else an option such as ``--seat``."""

    name: str
    kind: type
    help: str
    flag: str = ""
    default: Any = REQUIRED
    metavar: str = ""


@dataclass(frozen=True)
class Action:
    """An organiser action as declared: everything the command line, the audit log and the players see of it."""

    group: str
    """The command group (``game``, ``dispute``, ``inbound``, ``outbox``, ``player``); "" for a top-level command."""
    name: str
    summary: str
    args: tuple[Arg, ...]
    run: Callable[..., Any]
    audit: str = ""
    """The action's name in the audit log; "" for an action that only reads."""
    tells: tuple[str, ...] = ()
    """The events of ``organiser_action`` mails it may send players."""
    mails: bool = False
    """Whether it may queue mail, so the settings must allow mailing (pre-flight checks)."""
    output: Callable[[Any, dict[str, Any]], Iterable[Printed]] = lambda result, args: ()
    failed: Callable[[Any], bool] = lambda result: False
    """Whether a result that is not a refusal still means the action did not do its job (exit status 1)."""

    @property
    def command(self) -> str:
        return f"{self.group} {self.name}".strip()


class Registry:
    """Every organiser action, in the order the areas declare them; the command line is made from it."""

    def __init__(self) -> None:
        self._actions: dict[str, Action] = {}

    def add(self, declared: Action) -> None:
        if declared.command in self._actions:
            raise ValueError(f"the organiser action {declared.command!r} is declared twice")
        self._actions[declared.command] = declared

    def __iter__(self) -> Iterator[Action]:
        return iter(list(self._actions.values()))

    def __getitem__(self, command: str) -> Action:
        return self._actions[command]

    def __len__(self) -> int:
        return len(self._actions)


ACTIONS = Registry()


@dataclass(frozen=True)
class Desk:
    """Where an organiser action runs: the service, who is acting, and the action being done.

    The desk records the action's declared audit name and refuses to tell
    players an event the action did not declare, so a declaration cannot drift
    from what the action does.
    """

    service: Service
    actor: str
    doing: Action | None = field(default=None, compare=False)

    def acting(self, declared: Action) -> Desk:
        return replace(self, doing=declared)

    # ------------------------------------------------------------- refusals

    @staticmethod
    def reason(reason: str) -> None:
        if not reason.strip():
            raise AdminError("--reason is required: say why, for the audit log and the players")

    def load(self, session: Session, game_id: int) -> LoadedGame:
        try:
            return self.service.store.load(session, game_id)
        except KeyError:
            newest = session.exec(select(Game.id).order_by(Game.id.desc())).first()  # type: ignore[union-attr]
            raise AdminError(f"there is no game {game_id}; games are numbered 1-{newest or 0} "
                             f"(see `pbem game list`)") from None

    @staticmethod
    def seat(game: LoadedGame, seat_no: int) -> int:
        if not 1 <= seat_no <= len(game.seats):
            raise AdminError(f"--seat {seat_no}: game {game.id} has seats 1-{len(game.seats)}")
        return seat_no - 1

    # ------------------------------------------------------------- changing a game

    def change(self, game_id: int, change: Callable[[Transaction, LoadedGame], T]) -> T:
        """Run ``change`` on the loaded game and commit it with the version bumped; on any refusal keep nothing.

        Like a reply, it goes through the store's transaction: a reply that
        won the game meanwhile makes it run again on the fresh game.
        """
        with Session(self.service.db) as session:
            self.load(session, game_id)  # a clear refusal for a game that does not exist
        return self.service.store.transaction(game_id, change)

    def carry_on(self, session: Session, game: LoadedGame) -> None:
        """Bots and forced moves, then the prompts and notices the change causes (no clock while paused)."""
        self.service.advance(session, game)
        freeze_if_paused(game)

    def tell(self, session: Session, game: LoadedGame, seat: int, event: str, reason: str, **action: Any) -> None:
        if self.doing is not None and event not in self.doing.tells:
            raise AssertionError(f"{self.doing.command} tells {event!r} but declares only {self.doing.tells}")
        self.service.mails.send_to_seat(session, game, seat, "organiser_action", event=event, reason=reason,
                                        action=action)

    def tell_all(self, session: Session, game: LoadedGame, event: str, reason: str, **action: Any) -> None:
        for seat in range(len(game.seats)):
            if game.human(seat):
                self.tell(session, game, seat, event, reason, **action)

    def audit(self, session: Session, game_id: int | None, detail: str) -> None:
        """The audit row of the action being done, under the name its declaration gives."""
        assert self.doing is not None and self.doing.audit, "an action that records must declare its audit name"
        self.service.audit(session, self.actor, self.doing.audit, game_id, detail)


def freeze_if_paused(game: LoadedGame) -> None:
    if game.row.status == "paused":
        for row in game.seats:
            row.deadline, row.reminded = None, False


def action(group: str, name: str, summary: str, *args: Arg, audit: str = "", tells: tuple[str, ...] = (),
           mails: bool = False, output: Callable[[Any, dict[str, Any]], Iterable[Printed]] | None = None,
           failed: Callable[[Any], bool] | None = None) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Declare the function below as an organiser action and register it.

    The function takes the :class:`Desk` first and the declared arguments by
    name; called directly (from a test, a script) it runs exactly as the
    command line runs it, with the desk set to this action.
    """

    def register(function: Callable[..., T]) -> Callable[..., T]:
        @functools.wraps(function)
        def run(desk: Desk, *positional: Any, **named: Any) -> T:
            return function(desk.acting(declared), *positional, **named)

        declared = Action(group, name, summary, args, run, audit, tells, mails,
                          output or (lambda result, given: ()), failed or (lambda result: False))
        ACTIONS.add(declared)
        return run

    return register


GAME_ID = Arg("game_id", int, "The game (see `pbem game list`).", metavar="ID")
SEAT = Arg("seat_no", int, "Seat number, 1 = first player.", flag="--seat")
REASON = Arg("reason", str, "Why: recorded in the audit log and told to the players.", flag="--reason", default="")


def table(title: str, columns: Sequence[Col | str], rows: Iterable[Sequence[str]]) -> Fitted:
    """A table of stored values, laid out for the terminal (:mod:`pbem.admin.tables`); its cells are printed
    literally."""
    return Fitted(title, columns, rows)


def when(value: object) -> str:
    return value.strftime("%Y-%m-%d %H:%M") if value else ""  # type: ignore[attr-defined]
