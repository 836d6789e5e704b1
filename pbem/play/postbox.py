"""Queueing a rendered mail in the outbox: its addresses, its thread and its row.

Every mail pbem sends is an outbox row written in the caller's transaction, so
it leaves exactly when the change that caused it is committed. Each seat's
mails form one thread (``In-Reply-To``/``References``) and carry the seat's
reply address, whose token names the game and the seat; the acceptances a seat
has not yet been told of ride along with its next mail. What a game's changes
mail is :class:`pbem.play.mails.Mailer`, built on this.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session

from pbem.clock import Clock
from pbem.language.letters import Letter, Letters
from pbem.mail.tokens import reply_address
from pbem.ops.config import Settings
from pbem.ops.db import Outbox, OutboxStatus, Seat
from pbem.play import calendar
from pbem.play.calendar import Attendee, Invite
from pbem.play.memberships import Lists
from pbem.play.players import given_name
from pbem.play.shown import Shown
from pbem.play.store import LoadedGame

NOTICE_KINDS = ("prompt", "status", "reminder")
"""Mails that show a decision: a reply to an older one of these is stale."""

FOLDED_INTO = ("prompt", "confirmation", "notice", "status", "reminder", "timeout", "game_over", "command",
               "organiser_action")
"""The mails to a seat that carry the confirmations waiting for its next mail."""

_INSERT_OUTBOX = insert(Outbox.__table__)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Accepted:
    """A reply accepted while its seat was asked nothing after it: what its confirmation says.

    ``moves`` are in the player's move words, ``kept`` and ``ignored`` the
    lines as they wrote them (kept for their next turn; not read as moves);
    ``early``: the moves are a kept answer played when its turn came.
    """

    moves: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()
    early: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"moves": list(self.moves), "kept": list(self.kept), "ignored": list(self.ignored),
                "early": self.early}

    @classmethod
    def from_json(cls, item: dict[str, Any]) -> "Accepted":
        return cls(tuple(item.get("moves", ())), tuple(item.get("kept", ())), tuple(item.get("ignored", ())),
                   bool(item.get("early", False)))


class Postbox:
    """Addresses, threads and queues the mails of players and the organiser."""

    def __init__(self, settings: Settings, clock: Clock, letters: Letters, secret: str, shown: Shown) -> None:
        self.settings, self.clock, self.letters, self.secret, self.shown = settings, clock, letters, secret, shown
        self.lists = Lists()

    def send_to_seat(self, session: Session, game: LoadedGame, seat: int, kind: str, *, picture: bool = False,
                     shows_decision: bool = False, **context: Any) -> str:
        """Render mail ``kind`` for the seat's player and queue it in the seat's thread; its Message-ID.

        A mail that shows the seat's open decision (the :data:`NOTICE_KINDS`, or ``shows_decision``: a refusal
        listing the moves legal now) has a reply address naming that decision, so a reply that lost its
        ``In-Reply-To`` (every reply a ``mailto:`` link writes) is still read against it, and refused once the
        decision has moved on."""
        player = game.player(seat)
        assert player is not None, f"seat {seat} has no player to mail"
        asks = shows_decision or kind in NOTICE_KINDS
        reply_to = self.reply_to(game.id, seat, game.next_seq - 1 if asks else None)
        merged = {**self.shown.base_context(game, seat), "earlier": [], "reply_address": reply_to, **context}
        row = game.seats[seat]
        if kind in FOLDED_INTO and row.unconfirmed:  # the acceptances waiting for this mail go with it
            merged["earlier"] = _folded(game, seat)
            row.unconfirmed, row.unconfirmed_since = "", None
        image = self.shown.picture(game, seat) if picture else None
        letter = self.letters.render(kind, player.reads, picture=image is not None, **merged)
        message_id = self.queue(session, kind, player.email, letter, game_id=game.id, picture=image,
                                reply_to=reply_to, invite=self.invite(game, seat, kind, reply_to),
                                in_reply_to=row.last_message_id, list_id=self.lists.of(session, game.id),
                                references=_references(row), seat=seat, seq=game.next_seq - 1)
        row.thread_root = row.thread_root or message_id
        row.last_message_id = message_id
        return message_id

    def invite(self, game: LoadedGame, seat: int, kind: str, reply_to: str) -> Invite | None:
        """The calendar update the seat's mail ``kind`` carries (:mod:`pbem.play.calendar`), or None: every mail to
        a seat may carry one, so the deadline in the player's calendar follows the seat whatever moved it."""
        player, row = game.player(seat), game.seats[seat]
        assert player is not None
        update = calendar.change(row, player.calendar, asks=kind == "prompt")
        if update is None:
            return None
        words = {"table": game.row.label, "due": self.shown.when(game, seat, update.due), "reply_address": reply_to,
                 "cancelled": update.method == calendar.CANCEL}
        entry = calendar.Entry(
            uid=calendar.uid(game.id, seat, self.settings.domain),
            organiser=Attendee(self.desk, self.settings.from_name), player=Attendee(player.email, given_name(player)),
            zone=player.time_zone, summary=self.letters.snippet("calendar_summary", player.reads, **words),
            description=self.letters.snippet("calendar_description", player.reads, **words))
        return calendar.invite(update, entry, self.clock.now())

    def to_organiser(self, session: Session, kind: str, template: str, about: int | None, *,
                     reply_to: str = "", **context: Any) -> str:
        """Render mail ``template`` for the organiser and queue it (``about``: the game it concerns).

        ``reply_to``: whom the organiser's reply should reach, the player the mail is about; by default the
        organiser's own address (mail to pbem@ from the organiser would be a stranger's, kept unanswered).
        """
        letter = self.letters.render(template, **context)
        return self.queue(session, kind, self.settings.organiser, letter, game_id=about,
                          reply_to=reply_to or self.settings.organiser, list_id=self.lists.of(session, about or 0))

    @property
    def desk(self) -> str:
        """pbem's own address, the From of every mail: the Reply-To of a player's mail that belongs to no seat;
        a registered player's mail to it is read for the commands that need no seat, and anything else in it
        is forwarded to the organiser (:mod:`pbem.play.frontdesk`)."""
        return self.settings.from_address

    def reply_to(self, game_id: int, seat: int, asked: int | None = None) -> str:
        """The seat's reply address; a mail that asks for a decision names it (``asked``: moves in the log)."""
        return reply_address(self.settings.reply_local, self.settings.domain, self.secret, game_id, seat, asked)

    def queue(self, session: Session, kind: str, recipient: str, letter: Letter, *, game_id: int | None = None,
              reply_to: str, picture: bytes | None = None, in_reply_to: str = "", list_id: str = "",
              references: str = "", seat: int | None = None, seq: int | None = None,
              invite: Invite | None = None, unsubscribe: str = "") -> str:
        """Add one mail to the outbox and return its Message-ID; it leaves with the transaction's commit.

        Every mail names where a reply goes (``reply_to``, never empty): a seat's reply address, pbem's own
        address (:attr:`desk`), the organiser, or for the organiser the player a mail is about. A mail without
        one would be answered at its From, which no caller has decided on. ``list_id``: a tournament's.
        ``invite``: the calendar update it carries (:meth:`invite`). ``unsubscribe``: its ``List-Unsubscribe``
        when it is not a player's ``leave`` (a follower's ``unfollow``).
        """
        if not reply_to.strip():
            raise ValueError(f"mail {kind!r} to {recipient}: every mail needs a Reply-To that a reply can reach")
        now = self.clock.now()
        message_id = f"<{uuid.uuid4().hex}@{self.settings.domain}>"
        session.connection().execute(_INSERT_OUTBOX, {
            "message_id": message_id, "kind": kind, "recipient": recipient, "subject": letter.subject,
            "text": letter.text, "html": letter.html, "reply_to": reply_to, "in_reply_to": in_reply_to,
            "references": references, "list_id": list_id, "picture": picture,
            "calendar": invite.text if invite else "", "calendar_method": invite.method if invite else "",
            "unsubscribe": unsubscribe or _unsubscribe(self.settings, recipient, reply_to), "game_id": game_id, "seat": seat, "seq": seq,
            "status": OutboxStatus.PENDING, "attempts": 0, "next_attempt": now, "last_error": "", "created": now,
            "sent": None})
        return message_id


def _unsubscribe(settings: Settings, recipient: str, reply_to: str) -> str:
    """A player's mail's ``List-Unsubscribe`` (RFC 2369): a mail to its Reply-To with the subject ``leave``, which
    that address reads as the :mod:`leave <pbem.play.commands.leave>` command (the seat's tournament from a
    seat's address, every tournament of the player's from pbem's own). The organiser's mail has none: the
    organiser runs the tournaments, and has nothing to leave."""
    return "" if recipient == settings.organiser else f"<mailto:{reply_to}?subject=leave>"


def unconfirmed(row: Seat) -> list[dict[str, Any]]:
    """The seat's acceptances waiting for its next mail (``Seat.unconfirmed``: a JSON list)."""
    return list(json.loads(row.unconfirmed)) if row.unconfirmed else []


def _references(seat: Seat) -> str:
    """The thread's first and latest mail: enough for every client to keep one thread."""
    ids = [seat.thread_root, seat.last_message_id]
    return " ".join(dict.fromkeys(i for i in ids if i))


def _folded(game: LoadedGame, seat: int) -> list[Accepted]:
    """The seat's acceptances waiting for its next mail; kept lines played (or dropped) since are told kept no
    more, so no mail says a line is kept and was played."""
    earlier = [Accepted.from_json(item) for item in unconfirmed(game.seats[seat])]
    return earlier if seat in game.early else [replace(item, kept=()) for item in earlier]
