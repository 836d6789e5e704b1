"""pbem's own address: a registered player's mail to ``pbem@DOMAIN`` (the From of every mail), read without a seat.

Every mail pbem sends that belongs to no seat (the welcome, a bye, the
standings, the daily digest, a refusal without a seat, these answers) has
pbem's own address as its Reply-To (:attr:`pbem.play.postbox.Postbox.desk`), so a
reply to one of them is read here, not refused for want of a reply token:

- a ``join`` (sign-up by mail) from any address, players' and strangers' alike, unless our MX found it
  forged: read by :mod:`pbem.play.join_mail` and decided by the service's sign-ups
  (:mod:`pbem.tournament.signup`), whose one confirmation is all a stranger's mail can cause;
- from an address no player has, from several senders (a From of two addresses is no one's), or in a
  player's name but found forged by our MX (DMARC failed, or its verdict is about another domain): kept,
  never answered (no backscatter);
- a calendar program's answer to a deadline pbem sent (``METHOD:REPLY``: the player pressed Accept): kept;
- a player command that makes sense without a seat (``help``, ``status``,
  ``language``, ``timezone``, ``vacation``, ``notify``, ``calendar``: each declares its
  :attr:`~pbem.play.commands.PlayerCommand.unseated` handler) runs; a command
  about one game's seat (``say``, ``cancel``, …) is answered with the reply
  addresses of the player's games, where it works;
- anything else (a question for a person) is forwarded to the organiser, as a
  mail whose Reply-To is the player, and the player gets one short
  acknowledgement that a person will read it. The same text from the same
  address is forwarded once a day; repeats are kept unanswered.

Nothing in such a mail proves its From: anyone may write a player's address
there. So it spends the answers of mail pbem cannot verify
(:func:`pbem.play.budgets.unverified`: ``unverified_per_day`` an address a
day), one per mail, before anything is done, never the player's own budget of
answers to their seats' mail. A forger can thus neither silence the answers to
the player's own replies nor make pbem mail the player or the organiser more
than that a day: what is over is kept unanswered and reaches the organiser in
the daily digest. And nothing is changed without a confirmation to the
player's registered address, so a forged setting does not go unnoticed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from email import message_from_bytes
from email.message import Message
from email.policy import compat32
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import func
from sqlmodel import Session, select

from pbem.clock import local_time
from pbem.mail import bounces as reports
from pbem.play import bounces, calendar
from pbem.ops.db import Game, Inbound, Player, Seat
from pbem.play import budgets, observers
from pbem.play.commands import COMMANDS, CommandContext, PlayerCommand
from pbem.play.commands.language import language_written
from pbem.play.arrival import Arrival
from pbem.play import join_mail
from pbem.play.join_mail import REPLY_PREFIX
from pbem.play.signups import JoinMail
from pbem.ops.db import InboundStatus
from pbem.play.outcome import Outcome
from pbem.play.service import Service
from pbem.mail.tokens import read_reply_address

if TYPE_CHECKING:
    from pbem.play.store import LoadedGame

TABLE = "pbem"
"""What the subjects of these answers are prefixed with: they are about no one table."""

OPEN = ("active", "paused")
"""The games whose seats a player's mail to pbem's own address lists."""


@dataclass(frozen=True)
class GameLine:
    """One of the player's games, as these answers list it: where a reply about it goes."""

    table: str
    address: str
    due: str
    """The player's open deadline in it as they read it; "" when they owe nothing there now."""
    paused: bool


def to_desk(arrival: Arrival) -> bool:
    """Whether the mail came to pbem's own address and to no seat's reply address (that one would win)."""
    settings, secret = arrival.service.settings, arrival.service.secret
    recipients = arrival.mail.recipients
    if arrival.service.mails.desk.lower() not in recipients:
        return False
    return not any(read_reply_address(address, settings.reply_local, settings.domain, secret) for address in recipients)


def handle(arrival: Arrival, at_seat: Callable[[LoadedGame, int], CommandContext]) -> Outcome:
    """Decide a mail to pbem's own address: a stranger's is kept; a player's is a command or a question."""
    player, mail, service = arrival.sender_player, arrival.mail, arrival.service
    if mail.unauthenticated:  # whether or not it names a player: no one's, so no one's to answer
        arrival.writer = player
        return Outcome(InboundStatus.UNAUTHENTICATED, f"mail to {service.mails.desk} from {arrival.from_whom()}: "
                                                      f"{mail.unauthenticated}: kept, neither answered nor forwarded")
    message = _raw_message(arrival)
    asked = join_mail.read(mail.subject, mail.text)
    if asked is not None and mail.sender:  # anyone may join: the sign-ups answer only with one confirmation
        arrival.writer = player
        language = join_mail.guessed_language(asked, message, mail.text)
        return service.signups.join(arrival.session, JoinMail(
            mail.sender, asked.words, asked.token, language, join_mail.guessed_zone(message, language), True,
            arrival.inbound_id))
    if (wanted := COMMANDS.read_mail(mail.subject, mail.text)) is not None and wanted.name in observers.VERBS:
        return _observer(arrival, wanted.name, wanted.argument)  # anyone the organiser allows may follow a game
    if player is None:
        return arrival.stranger(f"mail to {service.mails.desk}")
    arrival.writer = player
    if reports.delivery_report(message, service.settings.domain):  # no header filter caught it
        return Outcome(InboundStatus.IGNORED, f"{bounces.NOBODY}: {bounces.NOT_OURS} (at {service.mails.desk}, from "
                                  f"{mail.sender}): not answered")
    if calendar.answers_an_event(message):
        return Outcome(InboundStatus.IGNORED, f"a calendar program's answer to a deadline pbem sent {mail.sender} "
                                              "(METHOD:REPLY): kept, neither answered nor forwarded")
    command = COMMANDS.read_mail(mail.subject, mail.text)
    tag = ""
    if command is None:
        if not mail.text.strip() and not _own_words(mail.subject):
            return Outcome(InboundStatus.IGNORED, f"an empty mail to {service.mails.desk} from {mail.sender}: nothing to answer "
                                      "or forward, kept")
        tag = _tag(mail.subject, mail.text)
        if _forwarded_today(arrival, tag):
            budgets.unverified(arrival.session, service.clock.now().date(), service.settings, mail.sender,
                               answer=False)
            return Outcome(InboundStatus.RATE_LIMITED, f"the same mail [{tag}] was forwarded to the organiser today already: "
                                           "kept, not forwarded again nor answered")
    if not budgets.unverified(arrival.session, service.clock.now().date(), service.settings, mail.sender):
        return Outcome(InboundStatus.RATE_LIMITED, f"mail to {service.mails.desk}: today's {service.settings.unverified_per_day} "
                                       f"answers to mail pbem cannot verify from {mail.sender} are spent: kept, "
                                       "neither answered nor forwarded")
    if not player.language and (guessed := language_written(mail.text)):  # only in mail that is answered
        player.language = guessed
    desk = Unseated(arrival, player, at_seat)
    if command is None:
        return desk.forward(tag)
    found = COMMANDS[command.name]
    if found.unseated is None:
        return desk.needs_seat(found)
    return found.unseated(desk, command.argument)


def _observer(arrival: Arrival, verb: str, argument: str) -> Outcome:
    """``follow`` or ``unfollow`` from any address (:mod:`pbem.play.observers`): the mail spends the answers of
    mail pbem cannot verify first, and a stranger's is answered by one confirmation a day at most."""
    service, mail, player = arrival.service, arrival.mail, arrival.sender_player
    arrival.writer = player
    if not mail.sender or not budgets.unverified(arrival.session, service.clock.now().date(), service.settings,
                                                 mail.sender):
        return Outcome(InboundStatus.RATE_LIMITED, f"{verb} to {service.mails.desk} from {arrival.from_whom()}: "
                                                   "today's answers are spent: kept, not answered")
    language = player.reads if player is not None else language_written(mail.text) or ""
    return observers.handle(service.mails, service.memberships, arrival.session, mail.sender, player, verb,
                            argument, language)


def _raw_message(arrival: Arrival) -> Message:
    """The mail as it came, for what only its parts tell: a mail server's report sent to our From (no question
    for a person, and no evidence against anyone's address: it did not come to a return path of ours), or a
    calendar program's answer to an event (:func:`pbem.play.calendar.answers_an_event`)."""
    raw = arrival.session.exec(select(Inbound.raw).where(Inbound.id == arrival.inbound_id)).one()
    return message_from_bytes(raw, policy=compat32)


def _own_words(subject: str) -> str:
    """The subject without the ``Re:`` of a reply, or "" when it only repeats the subject of a mail of ours."""
    own = REPLY_PREFIX.sub("", subject).strip()
    return "" if own != subject.strip() and own.startswith("[") else own


def _tag(subject: str, text: str) -> str:
    """A short digest of a mail's words (case and spacing aside): the same question has the same tag."""
    words = " ".join(f"{REPLY_PREFIX.sub('', subject)}\n{text}".casefold().split())
    return hashlib.sha256(words.encode()).hexdigest()[:12]


def _forwarded_today(arrival: Arrival, tag: str) -> bool:
    now = arrival.service.clock.now()
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    counted = arrival.session.exec(
        select(func.count()).select_from(Inbound).where(
            Inbound.sender == arrival.mail.sender, Inbound.status == InboundStatus.FORWARDED, Inbound.received >= midnight,
            Inbound.reason.contains(f"[{tag}]"))  # type: ignore[attr-defined]
    ).one()
    return bool(counted)


@dataclass
class Unseated:
    """The context of a command in a mail to pbem's own address (:class:`pbem.play.commands.UnseatedContext`).

    Its answers go to the player's registered address with pbem's own address
    as Reply-To; they are covered by the one answer the mail spent.
    """

    arrival: Arrival
    player: Player
    _at_seat: Callable[[LoadedGame, int], CommandContext] = field(repr=False)
    _seats: list[tuple[LoadedGame, int]] | None = field(default=None, repr=False)

    @property
    def service(self) -> Service:
        return self.arrival.service

    @property
    def session(self) -> Session:
        return self.arrival.session

    def seats(self) -> list[tuple[LoadedGame, int]]:
        if self._seats is None:
            self._seats = [(self.arrival.transaction.load(row.game_id), row.seat) for row, _game in self._rows()]
        return self._seats

    def at_seat(self, game: LoadedGame, seat: int) -> CommandContext:
        return self._at_seat(game, seat)

    def games(self, organiser: bool = False) -> list[GameLine]:
        """The player's games not over, each with its reply address for this seat and what the seat owes;
        deadlines as the player reads them, or in UTC and English for the ``organiser``."""
        player, mails = self.player, self.service.mails
        zone, language = ("UTC", "en") if organiser else (player.time_zone, player.reads)
        return [GameLine(game.label, mails.reply_to(row.game_id, row.seat),
                         local_time(row.deadline, zone, language)
                         if row.awaiting and row.deadline else "", game.status == "paused")
                for row, game in self._rows()]

    def _rows(self) -> list[tuple[Seat, Game]]:
        query = (select(Seat, Game).join(Game, Game.id == Seat.game_id)  # type: ignore[arg-type]
                 .where(Seat.player_id == self.player.id, Seat.bot == "",
                        Game.status.in_(OPEN))  # type: ignore[attr-defined]
                 .order_by(Seat.game_id, Seat.seat))
        return [(row, game) for row, game in self.session.exec(query)]

    # ------------------------------------------------------------ answers

    def send(self, kind: str, *, picture: bool = False, **context: Any) -> str:
        player, service = self.player, self.service
        base: dict[str, Any] = {"table": TABLE, "player": player.name or player.email.split("@")[0], "earlier": [],
                                "address": service.mails.desk, "organiser": service.settings.organiser,
                                "games": self.games()}
        letter = service.letters.render(kind, player.reads, **{**base, **context})
        return service.mails.queue(self.session, kind, player.email, letter, reply_to=service.mails.desk)

    def acknowledge(self, command: str, value: str, extra: str, replaced: str = "", **context: Any) -> None:
        self.send("command", command=command, value=value, extra=extra, replaced=replaced, **context)

    def refuse(self, why: str, reason: str, **extra: Any) -> Outcome:
        """The command's own refusal (a language pbem does not write in): it answers, it invites no loop."""
        context: dict[str, Any] = {
            "why": why, "detail": "", "suggestions": [], "address": self.service.mails.desk, "limit": 0, "until": "",
            "legal": [], "more": 0, "decision": None,
            "quoted": self.arrival.quoted(), **extra}
        context["suggestions"] = list(context["suggestions"])[:5]
        self.send("refusal", **context)
        return Outcome(InboundStatus.REFUSED, reason)

    def needs_seat(self, command: PlayerCommand) -> Outcome:
        """A command about one game's seat: where it works, the reply address of each of the player's games."""
        self.send("frontdesk", event="needs_seat", command=command.name)
        return Outcome(InboundStatus.REFUSED, f"{command.name} needs a seat: answered with the reply addresses of the player's "
                                  "games")

    def forward(self, tag: str) -> Outcome:
        """A mail for a person: to the organiser (Reply-To the player), and one acknowledgement to the player."""
        service, mail, player = self.service, self.arrival.mail, self.player
        letter = service.letters.render(
            "question", table=TABLE, writer=player.name, email=player.email,
            original_subject=_one_line(mail.subject),
            text=mail.text.strip(), games=self.games(organiser=True),
            received=f"{service.clock.now():%Y-%m-%d %H:%M} UTC",
            inbound_id=self.arrival.inbound_id, per_address=service.settings.unverified_per_day)
        service.mails.queue(self.session, "question", service.settings.organiser, letter, reply_to=player.email)
        self.send("frontdesk", event="forwarded", original_subject=_one_line(mail.subject))
        service.audit(self.session, player.email, "question forwarded", None,
                      f"mail {self.arrival.inbound_id} to {service.mails.desk}: {mail.subject[:200]}")
        return Outcome(InboundStatus.FORWARDED, f"forwarded to the organiser [{tag}], the player acknowledged")


SUBJECT_LONGEST = 120
"""Characters of a player's subject repeated in our mails' subjects and texts."""


def _one_line(subject: str) -> str:
    """A subject as our mails repeat it: one line, without control characters, at most SUBJECT_LONGEST."""
    words = " ".join("".join(char if char.isprintable() else " " for char in subject).split())
    return words if len(words) <= SUBJECT_LONGEST else words[:SUBJECT_LONGEST - 1] + "…"
