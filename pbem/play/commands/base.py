"""What a player command is, and what its handler may use.

A command is data plus two small functions. The data (name, aliases, usage
lines, one-line summary) is what the help mail, the footers and the refusals
show, so it stays plain strings that a template prints and a message catalog
can translate (a summary is a ``%(name)s`` format string: the help mail fills
in the player's own settings). The reader turns the words after the command
into its argument; the handler acts on it through a :class:`CommandContext`,
the one surface of the reply pipeline a command sees, so a command module
never depends on how the pipeline is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

from pbem.ops.db import InboundStatus
from pbem.play.outcome import Outcome

if TYPE_CHECKING:
    from sqlmodel import Session

    from pbem.clock import Clock
    from pbem.ops.config import Settings
    from pbem.ops.db import Move, Player
    from pbem.play.mails import Mailer
    from pbem.play.memberships import Memberships
    from pbem.play.shown import Shown
    from pbem.play.signups import SignUps
    from pbem.play.store import LoadedGame
    from pbem.play.turns import Turns


class Service(Protocol):
    """The parts of the service a command's handler uses.

    A protocol, not :class:`pbem.play.service.Service` itself: the service hands the command registry to the
    letters it renders, so a command naming the service would close a circle of imports.
    """

    settings: Settings
    clock: Clock
    secret: str
    shown: Shown
    mails: Mailer
    turns: Turns
    memberships: Memberships
    signups: SignUps

    def audit(self, session: Session, actor: str, action: str, game_id: int | None, detail: str) -> None:
        """One line in the audit log, written with the change."""


@dataclass(frozen=True)
class Command:
    """A generic command as read from a reply: its name and its argument ("" when it takes none or it was malformed)."""

    name: str
    argument: str


class PlayerContext(Protocol):
    """What every command's handler may use, with a seat or without one: the player who wrote, and answers.

    Everything a handler writes goes into ``session`` and leaves with the
    pipeline's one commit (the mails too: they are outbox rows).
    """

    @property
    def service(self) -> Service:
        """Settings, clock, letters, the audit log, and the mails (``service.mails``: say, recap, when, …)."""

    @property
    def session(self) -> Session:
        """The transaction of this mail."""

    @property
    def player(self) -> Player:
        """The player who wrote."""

    def acknowledge(self, command: str, value: str, extra: str, replaced: str = "", **context: Any) -> None:
        """Mail the player the confirmation of ``command`` (the ``headline``/``detail`` of its template block)."""

    def refuse(self, why: str, reason: str, **extra: Any) -> Outcome:
        """Answer the player that nothing was done and why (reason code ``why``); the outcome to return."""

    def send(self, kind: str, *, picture: bool = False, **context: Any) -> str:
        """Mail the player the mail ``kind`` (``templates/email/KIND.*.j2``); its Message-ID."""


class UnseatedContext(PlayerContext, Protocol):
    """A registered player's mail to pbem's own address (``pbem@DOMAIN``, no seat token): no game, no seat.

    Its From is not proven by a token, so it spends the answers of mail pbem cannot verify
    (:mod:`pbem.play.budgets`), once for the whole mail, before any handler runs; a handler's answers go to
    the player's registered address with pbem's own address as Reply-To (:mod:`pbem.play.frontdesk`).
    """

    def seats(self) -> list[tuple[LoadedGame, int]]:
        """The player's seats in games not over (active or paused), each game loaded in this transaction."""

    def at_seat(self, game: LoadedGame, seat: int) -> CommandContext:
        """The context of a mail from this seat: a seat's own handler answers it in the seat's thread."""


class CommandContext(PlayerContext, Protocol):
    """Everything a command's handler may use while the reply pipeline handles one mail from one seat.

    The pipeline has already checked the reply token and the sender, so
    ``game``, ``seat`` and ``player`` are the seat that wrote.
    """

    @property
    def game(self) -> LoadedGame:
        """The game the reply is for, loaded and replayed."""

    @property
    def seat(self) -> int:
        """The replying seat, counted from 0."""

    def acknowledge(self, command: str, value: str, extra: str, replaced: str = "", **context: Any) -> None:
        """Mail the seat the confirmation of ``command`` (the ``headline``/``detail`` of its template block)."""

    def refuse(self, why: str, reason: str, **extra: Any) -> Outcome:
        """Answer the seat that nothing was done and why (reason code ``why``); the outcome to return.

        ``extra`` fills the refusal mail (``detail``, ``suggestions``,
        ``limit``, ``until``, …); ``reason`` is recorded on the inbound row.
        """

    def send(self, kind: str, *, picture: bool = False, **context: Any) -> str:
        """Mail the seat the mail ``kind`` (``templates/email/KIND.*.j2``) in its thread; its Message-ID."""

    def take_back(self, moves: list[Move]) -> LoadedGame:
        """The game with ``moves`` marked reverted in this transaction and replayed without them, no seat left
        awaiting (:meth:`pbem.play.store.Transaction.take_back`): what an undo by consent plays on."""


Reader = Callable[[str, str], str]
"""(the rest of the command's line, the lines after it) -> the command's argument."""

Handler = Callable[[CommandContext, str], Outcome]
"""(the context, the argument as read) -> what became of the mail."""

UnseatedHandler = Callable[[UnseatedContext, str], Outcome]
"""The same for a mail to pbem's own address, which has no seat."""


@dataclass(frozen=True)
class PlayerCommand:
    """One command a player may mail instead of a move: its words as data, its reader and its handler.

    ``usage`` holds the lines the help mail shows for it, the first next to
    ``summary``; ``aliases`` are other first words that mean it. Its
    confirmation and its own refusals are worded in its template block,
    :attr:`template`: macros ``headline(value)``, ``detail(value, extra,
    replaced)``, a dict ``refusals`` (reason code -> headline) and a macro
    ``refusal(command, why, detail, limit, until)`` for the codes in
    ``refusals`` here.

    ``unseated`` is its handler in a mail to pbem's own address, which names
    no seat (a reply to the welcome); None when the command is about one
    game's seat: such a mail is then answered with the reply addresses of
    the player's games, where the command works.
    """

    name: str
    usage: tuple[str, ...]
    summary: str
    read: Reader
    handle: Handler
    aliases: tuple[str, ...] = ()
    refusals: tuple[str, ...] = ()
    unseated: UnseatedHandler | None = None
    by_subject: bool = False
    """Also read from a subject that is the command alone (``leave``): what a mail program writes when it
    follows a ``List-Unsubscribe`` mailto, with a body of its own words."""

    @property
    def words(self) -> tuple[str, ...]:
        """Every first word that starts this command, lower case."""
        return (self.name, *self.aliases)

    @property
    def template(self) -> str:
        return f"commands/{self.name}.j2"


def N_(text: str) -> str:
    """Mark a command's words for the message catalog (``pybabel extract`` finds ``N_``); they stay English
    here and the template that shows them translates them for its reader."""
    return text


def no_argument(_rest_of_line: str, _following: str) -> str:
    """The reader of a command that takes nothing: whatever follows it is ignored."""
    return ""


def first_word(rest_of_line: str, _following: str) -> str:
    """The reader of a command that takes one word (a zone, a language): the first word after it, as written;
    the handler finds what it names, whatever its case."""
    return rest_of_line.split()[0] if rest_of_line else ""


def free_text(rest_of_line: str, following: str) -> str:
    """The reader of a command whose argument is a text: the rest of its line and every line after it."""
    return "\n".join(part for part in (rest_of_line, following.strip()) if part).strip()


def handled(command: str) -> Outcome:
    """The outcome of a command that did what it was asked."""
    return Outcome(InboundStatus.COMMAND, command)
