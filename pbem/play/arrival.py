"""What the reply chain's steps work on: a stored mail as it arrives (:class:`Arrival`), and the same mail once
its token and sender checked out (:class:`Reply`), with the answers each may give.

They live apart from the chain (:mod:`pbem.play.chain`) because the front desk (:mod:`pbem.play.frontdesk`)
answers arrivals too: both steps and desk depend on this module, and neither on the other's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sqlmodel import Session

from engine.notation import shortened
from pbem.mail.inbound import InboundMail
from pbem.mail.tokens import ReplyTarget
from pbem.ops.db import Move, Player
from pbem.play import budgets, players
from pbem.ops.db import InboundStatus
from pbem.play.outcome import Outcome
from pbem.play.service import Service
from pbem.play.shown import Suggested
from pbem.play.store import LoadedGame, Transaction

QUOTED_LINES = 6
"""Lines of a refused reply quoted back to its sender: their own first lines (quotes were already cut), each
cut as a reader cuts a line too long to be a move, so a refusal never mails a 100 kB line back."""

Subject = TypeVar("Subject")

SUGGESTED = {"unsure": 8}
"""Moves a refusal suggests: the five closest, or every candidate of a "did you mean" (a reading by meaning keeps
at most eight, engine.meaning.PARSES_KEPT): the one meant is never left out."""


@dataclass(frozen=True)
class Step(Generic[Subject]):
    """One named check of the chain; ``check`` decides the mail (an Outcome) or passes it on (None)."""

    name: str
    description: str
    check: Callable[[Subject], Outcome | None]

    def __call__(self, subject: Subject) -> Outcome | None:
        return self.check(subject)


@dataclass
class Arrival:
    """One attempt at one stored mail: what every step and every answer may use.

    ``game``, ``seat`` and ``player`` fill in as the address steps find them;
    what is found is recorded on the stored message with its outcome.
    """

    service: Service
    transaction: Transaction
    inbound_id: int
    mail: InboundMail
    game: LoadedGame | None = None
    seat: int | None = None
    player: Player | None = None
    target: ReplyTarget | None = field(default=None, repr=False)
    _sender_player: Player | None = field(default=None, repr=False)
    _sender_looked_up: bool = field(default=False, repr=False)
    bounced: int | None = None
    """The player a bounce was counted against: recorded on the stored message."""
    writer: Player | None = None
    """The registered player whose mail to pbem's own address this is (:mod:`pbem.play.frontdesk`): recorded on
    the stored message, but no proof of anything, so never ``player`` (whose answers a forger must not spend)."""
    touched: bool = False
    """Whether the game's seats changed even though the mail is refused (a bounce hold lifted)."""

    @property
    def session(self) -> Session:
        return self.transaction.session

    @property
    def sender_player(self) -> Player | None:
        """The registered player whose address the mail comes from, if any: the only senders pbem answers."""
        if not self._sender_looked_up:
            self._sender_player = players.find(self.session, self.mail.sender) if self.mail.sender else None
            self._sender_looked_up = True
        return self._sender_player

    @property
    def recorded_player(self) -> int | None:
        """The player recorded on the stored message: the seat's, the writer's to pbem@, or a bounce's."""
        for found in (self.player, self.writer):
            if found is not None:
                return found.id
        return self.bounced

    def stranger(self, reason: str) -> Outcome:
        """Keep a mail from an address no player has, unanswered: pbem never mails a stranger (no backscatter)."""
        return Outcome(InboundStatus.STRANGER, f"{reason}; from {self.from_whom()}, no player: kept, not answered")

    def from_whom(self) -> str:
        """Who the mail is from, for its stored reason: its one sender, or why it has none."""
        if self.mail.several_senders:
            return "several senders in its From (no one's)"
        return self.mail.sender or "nobody"

    # ------------------------------------------------------------ answers

    def refuse(self, why: str, reason: str, detail: str = "", suggestions: Iterable[str | Suggested] = (),
               **extra: Any) -> Outcome:
        """Answer with what was read, why it failed and the legal moves, unless the address hit its limit.

        Only a registered player is ever answered, and only when our MX did not find the From forged;
        anyone else's mail is kept as a stranger's.
        """
        service, mail = self.service, self.mail
        if self.sender_player is None:
            return self.stranger(reason)
        if mail.unauthenticated:  # the registered address is only written there: answering it is backscatter
            return Outcome(InboundStatus.UNAUTHENTICATED, f"{reason}; {mail.unauthenticated}: kept, not answered")
        if not self.may_answer(mail.sender):
            return Outcome(InboundStatus.RATE_LIMITED, reason)
        game, seat = self.game, self.seat
        context: dict[str, Any] = {
            "why": why, "detail": detail, "suggestions": list(suggestions)[:SUGGESTED.get(why, 5)],
            "quoted": self.quoted(),
            "address": extra.pop("address", self._example_address()), "limit": 0, "until": "",
            "legal": [], "more": 0, "decision": None, **extra,
        }
        if game is not None and seat is not None and why != "wrong_sender":
            decision = service.shown.decision_context(game, seat)
            context.update(legal=decision["legal"], more=decision["more"], decision=decision["decision"],
                           links=decision["links"],
                           suggestions=[decision["numbered"].get(str(move), move) for move in context["suggestions"]])
            service.mails.send_to_seat(self.session, game, seat, "refusal", shows_decision=bool(decision["links"]),
                                       **context)
        else:
            base = service.shown.base_context(game, None) if game else {"table": service.settings.domain}
            letter = service.letters.render("refusal", self.sender_player.reads, **{**base, "player": "", **context})
            service.mails.queue(self.session, "refusal", mail.sender, letter, game_id=game.id if game else None,
                                reply_to=service.mails.desk)  # pbem's own address reads "help": no loop
        return Outcome(InboundStatus.REFUSED, reason)

    def quoted(self) -> list[str]:
        """The lines of the mail a refusal quotes back: its first ones, each cut as a move line is."""
        return [shortened(line) for line in self.mail.text.strip().splitlines()[:QUOTED_LINES]]

    def may_answer(self, address: str) -> bool:
        """Count one answer to ``address`` today from the budget of what caused it; False once it is spent.

        Mail whose token and sender checked out (``player`` is set) spends the
        player's own budget; any other mail spends the small one a forger can
        reach (:mod:`pbem.play.budgets`), so forgeries never silence the answers
        to the player's own mail.
        """
        today, settings = self.service.clock.now().date(), self.service.settings
        if self.player is not None:
            return budgets.own(self.session, today, address, settings.robot_answers_per_day)
        return budgets.unverified(self.session, today, settings, address)

    def _example_address(self) -> str:
        settings = self.service.settings
        return f"{settings.reply_local}+GAME.SEAT.TOKEN@{settings.domain}"


@dataclass(frozen=True)
class Reply:
    """A mail whose token and sender checked out: from this seat's player, about this game.

    It is what a player command's handler works on (:class:`pbem.play.commands.CommandContext`).
    """

    arrival: Arrival
    game: LoadedGame
    seat: int
    player: Player

    @property
    def service(self) -> Service:
        return self.arrival.service

    @property
    def session(self) -> Session:
        return self.arrival.session

    @property
    def mail(self) -> InboundMail:
        return self.arrival.mail

    @property
    def text(self) -> str:
        return self.arrival.mail.text

    def refuse(self, why: str, reason: str, detail: str = "", suggestions: Iterable[str | Suggested] = (),
               **extra: Any) -> Outcome:
        return self.arrival.refuse(why, reason, detail, suggestions, **extra)

    def send(self, kind: str, *, picture: bool = False, **context: Any) -> str:
        """A mail to the seat's player, in the seat's thread."""
        return self.service.mails.send_to_seat(self.session, self.game, self.seat, kind, picture=picture,
                                               **context)

    def acknowledge(self, command: str, value: str, extra: str, replaced: str = "", **context: Any) -> None:
        """The confirmation of a command (or of a move kept for later)."""
        self.send("command", command=command, value=value, extra=extra, replaced=replaced, **context)

    def take_back(self, moves: list[Move]) -> LoadedGame:
        """The game without ``moves`` (marked reverted), loaded again in this transaction: what it commits."""
        fresh = self.arrival.transaction.take_back(self.game.id, moves)
        self.arrival.game = fresh
        return fresh

    def waiting(self) -> list[str]:
        """The names of the seats the game waits for."""
        return self.game.names(self.game.due(), self.seat)
