"""Composing the mails a game's changes cause, and queueing them in the outbox.

What a player reads is rendered once per audience from ``templates/email/``
(:mod:`pbem.language.letters`) and written to the outbox in the caller's transaction,
so a mail leaves exactly when the change that caused it is committed. Each
seat's mails form one thread (``In-Reply-To``/``References``) and carry the
seat's reply address, whose token names the game and the seat.
"""

from __future__ import annotations

import json
import random
import uuid
from dataclasses import dataclass, replace
from typing import Any, Iterable

from sqlalchemy import insert
from sqlmodel import Session

import engine
from engine import lookahead
from pbem.clock import Clock
from pbem.ops.config import Settings
from pbem.ops.db import DigestItem, Outbox, Seat, TableTalk
from pbem.language.letters import Letter, Letters
from pbem.play.memberships import Lists
from pbem.play.store import EarlyOutcome, LoadedGame, Said
from pbem.mail.tokens import reply_address
from pbem.play.shown import Shown, bot_name

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


@dataclass(frozen=True)
class TableSeat:
    """One seat of a table as a game's start mail lists it."""

    seat_no: int
    name: str
    bot: str
    you: bool


@dataclass(frozen=True)
class RoundNote:
    """The tournament round a game is a table of: its start mail is the round's, with the names the entrants
    play under (``names``, in seat order)."""

    tournament: str
    round: int
    names: tuple[str, ...]
    list_id: str = ""
    """The tournament's List-Id, for every mail of the table."""


class Mailer:
    """Renders and queues every mail a game sends its players and the organiser."""

    def __init__(self, settings: Settings, clock: Clock, letters: Letters, secret: str, shown: Shown) -> None:
        self.settings, self.clock, self.letters, self.secret, self.shown = settings, clock, letters, secret, shown
        self.lists = Lists()

    # ----------------------------------------------------------------- what a change causes

    def announce(self, session: Session, game: LoadedGame, *, replier: int | None = None,
                 understood: Iterable[str] = (), ignored: Iterable[str] = (), kept: Iterable[str] = (),
                 shown: bool = False, drew: str = "") -> None:
        """Queue the mails the moves of this transaction cause in a game still running: prompts, the replier's
        confirmation, the mails of kept answers played, and notices.

        ``ignored`` are the replier's lines after their last move that were not read as moves (a greeting, a
        signature), ``kept`` the lines they sent for their next turn: their next mail lists both. ``shown``: the
        replier's moves showed it something only it sees (:meth:`shows`), ``drew`` the cards they took (said).
        """
        understood, ignored, kept = list(understood), list(ignored), list(kept)
        if replier is not None:
            understood = self.shown.shown_moves(game, replier, understood)
        due = game.due()
        prompted = [s for s in due if game.human(s) and not game.seats[s].awaiting]
        early = game.early_outcomes
        for seat in prompted:
            held = early.get(seat)
            played_early = self.shown.shown_moves(game, seat, held.played) if held else []
            mine = seat == replier
            refused = held if held and held.reason else None  # not played, or only up to what it could not see
            self.prompt(session, game, seat, understood + played_early if mine else played_early, early_refused=refused,
                        ignored=ignored if mine else [], kept=_still_kept(game, seat, kept if mine else []))
        waiting = [game.name(s) for s in due]
        if replier is not None and replier not in prompted:
            understood += self.shown.shown_moves(game, replier, early[replier].played) if replier in early else []
            self.confirm(session, game, replier,
                         Accepted(tuple(understood), tuple(_still_kept(game, replier, kept)), tuple(ignored)), waiting,
                         shown=shown, drew=drew)
        played = [s for s, held in early.items() if held.played and s not in prompted and s != replier]
        for seat in played:
            moves = self.shown.shown_moves(game, seat, early[seat].played)
            player = game.player(seat)
            if seat in game.early and player is not None and player.notify != "each":
                # it kept lines for a later turn too: nothing to answer yet, so it hears of this one in its next mail
                left = tuple(game.early[seat].text.splitlines())  # what stays kept replaces what was told kept
                self.confirm(session, game, seat, Accepted(tuple(moves), left, early=True), waiting)
                continue
            # a kept answer was played and nothing else is due to the seat: it hears of it now, with the game as it
            # sees it after (what its moves drew too), and may send its next turn from it
            self.send_to_seat(session, game, seat, "confirmation", understood=moves, waiting=waiting, early=True,
                              ignored=[], kept=[], next_after=self.next_after(game, seat),
                              board=self.shown.board(game, seat), drew=early[seat].drew)
        if game.played:
            self.notices(session, game, skip={replier, *prompted, *played})

    def started(self, session: Session, game: LoadedGame, round_note: RoundNote | None = None) -> None:
        """Tell each player of a game just opened where they sit and with whom, before any prompt.

        A seat whose turn comes later sees the game as it does now and may
        send its first turn ahead in a reply, as it may after any mail of the
        game: without this mail it could only wait for its prompt. A seat asked
        first learns all this from its prompt, so outside a tournament it gets
        no mail of its own; a tournament's table tells every player of its
        round (kind ``round_start``).
        """
        due = set(game.due())
        if not due:
            return
        for seat in range(len(game.seats)):
            if not game.human(seat) or (seat in due and round_note is None):
                continue
            said = self.shown.words(game, seat)
            seats = [TableSeat(other + 1, round_note.names[other] if round_note else game.name(other),
                               bot_name(game, other, said), other == seat) for other in range(len(game.seats))]
            later = seat not in due
            context: dict[str, Any] = {
                "seats": seats, "hours": game.row.deadline_hours,
                "board": self.shown.board(game, seat) if later else "",
                "next_after": self.next_after(game, seat) if later else None,
            }
            if round_note is None:
                self.send_to_seat(session, game, seat, "start", **context)
            else:
                self.send_to_seat(session, game, seat, "round_start", tournament=round_note.tournament,
                                  round=round_note.round, player=round_note.names[seat], **context)

    def confirm(self, session: Session, game: LoadedGame, seat: int, accepted: Accepted, waiting: list[str],
                shown: bool = False, drew: str = "") -> None:
        """Confirm a reply whose seat is asked nothing now: folded into the seat's next mail from the game,
        or a mail of its own for a player who chose ``notify each``, or whose moves showed it something only
        it sees (``shown``: a card drawn from the deck).

        A player who drew a card needs it to plan their next turn, and to send
        it ahead: that confirmation comes at once, says which cards they drew
        (``drew``) and shows the game as the seat now sees it. Every acceptance reaches the player: the scan sends
        one alone once it has waited ``confirm_within_hours``
        (:meth:`confirm_waiting`).
        """
        player, row = game.player(seat), game.seats[seat]
        if player is not None and (player.notify == "each" or shown):
            board = self.shown.board(game, seat) if shown else ""
            self.send_to_seat(session, game, seat, "confirmation", understood=list(accepted.moves), waiting=waiting,
                              early=False, ignored=list(accepted.ignored), kept=list(accepted.kept),
                              next_after=self.next_after(game, seat), board=board, drew=drew if shown else "")
            return
        earlier = _unconfirmed(row)
        if accepted.kept or accepted.early:  # only what is kept now is told kept, never a line played too
            earlier = [{**item, "kept": []} for item in earlier]
        row.unconfirmed = json.dumps([*earlier, accepted.as_json()], ensure_ascii=False)
        row.unconfirmed_since = row.unconfirmed_since or self.clock.now()

    def confirm_waiting(self, session: Session, game: LoadedGame, seat: int) -> None:
        """The seat's folded confirmations, alone: nothing else came within ``confirm_within_hours``."""
        waiting = [game.name(s) for s in game.due()]
        self.send_to_seat(session, game, seat, "confirmation", understood=[], waiting=waiting, early=False,
                          ignored=[], kept=[], next_after=self.next_after(game, seat) if game.due() else None,
                          board="", drew="")

    def shows(self, game: LoadedGame, seat: int, moves: list[engine.Move]) -> bool:
        """Whether the seat's ``moves``, not yet played, will show it something only it sees
        (:func:`engine.lookahead.shows`): its confirmation then comes at once, with what it shows."""
        rng = random.Random(f"{game.row.bot_seed}:{game.next_seq}:{seat}:shows")
        return lookahead.shows(game.rules, game.state, seat, moves, rng)

    def next_after(self, game: LoadedGame, seat: int) -> list[str] | None:
        """The names of the seats whose replies come before the seat's next one, when that is certain within
        the next few replies whatever anyone chooses (:mod:`engine.lookahead`); else None."""
        rng = random.Random(f"{game.row.bot_seed}:{game.next_seq}:{seat}")
        before = lookahead.seats_before(game.rules, game.state, seat, rng)
        return None if before is None else [game.name(other) for other in before]

    def prompt(self, session: Session, game: LoadedGame, seat: int, understood: list[str],
               early_refused: EarlyOutcome | None = None, ignored: list[str] | None = None,
               kept: list[str] | None = None) -> None:
        """Ask the seat for its open decision, with a fresh deadline and the recap since its last prompt."""
        row = game.seats[seat]
        recap = self.shown.recap(game, seat)
        from_start = row.prompted_seq == 0  # the recap then holds every move since the game began
        forced = [line.text for line in recap if line.source == "forced" and line.seat_no == seat + 1]
        # The seat's own replies are confirmed above the recap ("Understood") and its forced moves below it.
        recap = [line for line in recap if line.seat_no != seat + 1 or line.source not in ("email", "early", "forced")]
        row.deadline = self.shown.deadline_for(game, seat)
        row.awaiting, row.reminded, row.prompted_seq = True, False, game.next_seq - 1
        self.send_to_seat(session, game, seat, "prompt", picture=True, understood=understood, ignored=ignored or [],
                          kept=kept or [], recap=recap, first_mail=from_start, forced=forced,
                          early_refused=early_refused, next_after=self.next_after(game, seat),
                          **self.shown.decision_context(game, seat))

    def notices(self, session: Session, game: LoadedGame, skip: set[int | None]) -> None:
        """Tell the other seats what was played, as each of them chose (a mail each, a daily digest, or nothing)."""
        for seat in range(len(game.seats)):
            player = game.player(seat)
            if seat in skip or not game.human(seat) or player is None:
                continue
            lines = [self.shown.line(game, played.seq, played.seat, played.notation, played.source, self.shown.words(game, seat))
                     for played in game.played]
            if player.notify == "each":
                self.send_to_seat(session, game, seat, "notice", recap=lines, next_after=self.next_after(game, seat))
            elif player.notify == "digest":
                now = self.clock.now()
                session.add_all(
                    DigestItem(player_id=player.id, game_id=game.id,  # type: ignore[arg-type]
                               line=self.letters.snippet("recap_line", player.reads, line=line), created=now)
                    for line in lines
                )

    def game_over(self, session: Session, game: LoadedGame, result: engine.Result) -> None:
        """The final standings to every seat that ever had a player (also one a bot finished)."""
        for seat in range(len(game.seats)):
            if game.seats[seat].player_id is not None:
                said = self.shown.words(game, seat)
                standings = self.shown.standings(game, result, said)
                self.send_to_seat(
                    session, game, seat, "game_over", picture=True, recap=self.shown.recap(game, seat),
                    standings=standings, own_rank=result.ranks[seat],
                    board=game.rules.render(game.state, seat, said),
                    game_name=game.rules.name, lowest_wins=result.lowest_wins,
                )

    def say(self, session: Session, game: LoadedGame, seat: int, text: str) -> None:
        """Add a message to the table talk, for the next recap of every other seat."""
        said = Said(game.next_seq - 1, seat, text)
        session.add(TableTalk(game_id=game.id, seat=seat, seq=said.seq, text=text, created=self.clock.now()))
        game.talk.append(said)

    # ----------------------------------------------------------------- queueing

    def send_to_seat(self, session: Session, game: LoadedGame, seat: int, kind: str, *, picture: bool = False,
                     **context: Any) -> str:
        """Render mail ``kind`` for the seat's player and queue it in the seat's thread; its Message-ID."""
        player = game.player(seat)
        assert player is not None, f"seat {seat} has no player to mail"
        merged = {**self.shown.base_context(game, seat), "earlier": [], **context}
        row = game.seats[seat]
        if kind in FOLDED_INTO and row.unconfirmed:  # the acceptances waiting for this mail go with it
            merged["earlier"] = _folded(game, seat)
            row.unconfirmed, row.unconfirmed_since = "", None
        image = self.shown.picture(game, seat) if picture else None
        letter = self.letters.render(kind, player.reads, picture=image is not None, **merged)
        message_id = self.queue(session, kind, player.email, letter, game_id=game.id, picture=image,
                                reply_to=self.reply_to(game.id, seat, game.next_seq - 1 if kind in NOTICE_KINDS else None),
                                in_reply_to=row.last_message_id, list_id=self.lists.of(session, game.id),
                                references=_references(row), seat=seat, seq=game.next_seq - 1)
        row.thread_root = row.thread_root or message_id
        row.last_message_id = message_id
        return message_id

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
              references: str = "", seat: int | None = None, seq: int | None = None) -> str:
        """Add one mail to the outbox and return its Message-ID; it leaves with the transaction's commit.

        Every mail names where a reply goes (``reply_to``, never empty): a seat's reply address, pbem's own
        address (:attr:`desk`), the organiser, or for the organiser the player a mail is about. A mail without
        one would be answered at its From, which no caller has decided on. ``list_id``: a tournament's.
        """
        if not reply_to.strip():
            raise ValueError(f"mail {kind!r} to {recipient}: every mail needs a Reply-To that a reply can reach")
        now = self.clock.now()
        message_id = f"<{uuid.uuid4().hex}@{self.settings.domain}>"
        session.connection().execute(_INSERT_OUTBOX, {
            "message_id": message_id, "kind": kind, "recipient": recipient, "subject": letter.subject,
            "text": letter.text, "html": letter.html, "reply_to": reply_to, "in_reply_to": in_reply_to,
            "references": references, "list_id": list_id, "picture": picture,
            "unsubscribe": _unsubscribe(self.settings, recipient, reply_to), "game_id": game_id, "seat": seat, "seq": seq,
            "status": "pending", "attempts": 0, "next_attempt": now, "last_error": "", "created": now,
            "sent": None})
        return message_id


def _unsubscribe(settings: Settings, recipient: str, reply_to: str) -> str:
    """A player's mail's ``List-Unsubscribe`` (RFC 2369): a mail to its Reply-To with the subject ``leave``, which
    that address reads as the :mod:`leave <pbem.play.commands.leave>` command (the seat's tournament from a
    seat's address, every tournament of the player's from pbem's own). The organiser's mail has none: the
    organiser runs the tournaments, and has nothing to leave."""
    return "" if recipient == settings.organiser else f"<mailto:{reply_to}?subject=leave>"


def _unconfirmed(row: Seat) -> list[dict[str, Any]]:
    """The seat's acceptances waiting for its next mail (``Seat.unconfirmed``: a JSON list)."""
    return list(json.loads(row.unconfirmed)) if row.unconfirmed else []


def _references(seat: Seat) -> str:
    """The thread's first and latest mail: enough for every client to keep one thread."""
    ids = [seat.thread_root, seat.last_message_id]
    return " ".join(dict.fromkeys(i for i in ids if i))


def _still_kept(game: LoadedGame, seat: int, kept: list[str]) -> list[str]:
    """The lines a replier sent ahead that are still kept once this transaction's turns are played: a kept
    answer whose turn came at once was played (or refused) then, and a mail telling it kept as well as played
    would contradict itself; what stays kept is then what the seat keeps now."""
    if seat not in game.early_outcomes:
        return kept
    return game.early[seat].text.splitlines() if seat in game.early else []


def _folded(game: LoadedGame, seat: int) -> list[Accepted]:
    """The seat's acceptances waiting for its next mail; kept lines played (or dropped) since are told kept no
    more, so no mail says a line is kept and was played."""
    earlier = [Accepted.from_json(item) for item in _unconfirmed(game.seats[seat])]
    return earlier if seat in game.early else [replace(item, kept=()) for item in earlier]
