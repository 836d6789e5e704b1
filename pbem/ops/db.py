"""The database: every table of the mail loop, and opening it.

The move log is the truth about a game; everything else (snapshots in memory,
deadlines, the outbox) follows from it and is written in the same transaction
as the moves that cause it. ``Game.version`` is bumped by every transaction
that changes a game, and a writer that read an older version loses
(optimistic locking), so two replies racing for one game never both apply.
"""

from __future__ import annotations

import os
import secrets
from datetime import date, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Column, Engine, Index, LargeBinary, UniqueConstraint, event
from sqlalchemy.engine import make_url
from sqlmodel import Field, Session, SQLModel, create_engine, select

from pbem.language.words import SOURCE_LANGUAGE


class Player(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = ""
    email: str = Field(index=True, unique=True)
    language: str = ""
    """The language the player chose (en, el, hu, ru: the ``language`` command, a registration or their
    tournament's default), or the one their first reply was clearly written in; "" until then."""
    time_zone: str = "UTC"
    secret: str = Field(default_factory=lambda: secrets.token_hex(16))
    """Per-player secret for links the player alone should be able to follow."""
    notify: str = "none"
    """Per-move notices to other seats: each, digest (daily) or none."""
    calendar: bool = False
    """The player asked (``calendar on``) for each open deadline as an event in their calendar, carried by the mails
    of the seat (:mod:`pbem.play.calendar`)."""
    vacation_until: date | None = None
    bounce_score: int = 0
    """Bounces counted against the address, at most one a day (Mailman's bounce score); a reply resets it."""
    bounced_on: date | None = None
    """The day the last bounce was counted."""
    bounce_detail: str = ""
    """What the last bounce said failed, for the organiser."""
    bounce_hold: bool = False
    """The score reached the threshold: the player's deadlines are held until they reply or the organiser acts."""

    @property
    def reads(self) -> str:
        """The language every mail to the player is written in: theirs, or English while they have none."""
        return self.language or SOURCE_LANGUAGE


class Game(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    game: str
    """The engine name: dragon, china, prodigals."""
    label: str = ""
    """What subjects call the table, e.g. ``Dragon Open R2 T3``; empty: ``<Title> #<id>``."""
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    seed: int
    bot_seed: int
    status: str = "active"
    """active, over or aborted."""
    version: int = 0
    deadline_hours: float = 72.0
    deadline: datetime | None = None
    """The nearest seat deadline, for listing; the seats hold each one."""
    created: datetime


class Seat(SQLModel, table=True):
    __table_args__ = (
        UniqueConstraint("game_id", "seat"),
        Index("ix_seat_due", "awaiting", "reminded", "deadline", "game_id"),
    )
    """The deadline scan reads the seats due by this index alone (``deadlines.due_query``; it holds the game too,
    so the seats due are read from neighbouring index entries, not from the table): its time follows the seats
    that are due, not the size of the league."""
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: int
    player_id: int | None = Field(default=None, foreign_key="player.id")
    bot: str = ""
    """Empty for a human seat, else the bot that plays it (random, greedy)."""
    timeouts: int = 0
    awaiting: bool = False
    """A prompt went out for the decision the seat owes now."""
    prompted_seq: int = 0
    """Moves in the log when the seat was last prompted: its recap starts here."""
    deadline: datetime | None = None
    reminded: bool = False
    forfeited: bool = False
    thread_root: str = ""
    """Message-ID of the first mail to this seat: every later one references it."""
    last_message_id: str = ""
    unconfirmed: str = ""
    """Moves of this seat accepted and not yet confirmed to its player, one a line (notation): the next mail to
    the seat confirms them, or a mail of their own once they have waited ``confirm_within_hours`` (longer while
    the seat's next prompt is certain and near: ``deadlines.CONFIRM_AT_MOST``)."""
    unconfirmed_since: datetime | None = Field(default=None, index=True)
    """Indexed: the scan reads the seats whose confirmations waited too long by it, as it reads deadlines."""
    calendar_sent: int = 0
    """Calendar updates mailed for the seat: the next one's ``SEQUENCE`` (:mod:`pbem.play.calendar`)."""
    calendar_due: datetime | None = None
    """The deadline the player's calendar holds for the seat, as last mailed; None when it holds none (never
    sent, or cancelled)."""


class Move(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seq: int
    seat: int
    notation: str
    source: str
    """email, early (a kept answer played when its turn came), admin, bot, forced or timeout."""
    inbound_id: int | None = Field(default=None, foreign_key="inbound.id")
    reverted: bool = False
    created: datetime
    player_id: int | None = Field(default=None, foreign_key="player.id", index=True)
    """The person whose seat made the move, when it was made (None: a bot's seat): a seat changes hands, and
    each player's record (:mod:`tournaments.reliability`) counts only the decisions that were theirs."""


class Early(SQLModel, table=True):
    """An answer a seat sent before its turn, kept, hidden from every other seat, until that turn comes.

    At most one a seat: a later one replaces it, ``cancel`` drops it. Its
    lines (each a decision's alternatives) are read against the state when the
    turn comes and played as if sent then, unless the decision says no kept
    answer may serve it; if no alternative of a line is legal the player is
    asked as usual. Lines for the turn after that stay kept; the rest goes.
    """

    __table_args__ = (UniqueConstraint("game_id", "seat"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: int
    text: str
    inbound_id: int | None = Field(default=None, foreign_key="inbound.id")
    created: datetime


class InboundStatus(StrEnum):
    """Every status a stored inbound message can have, and so every outcome of handling one
    (:class:`pbem.play.outcome.Outcome`): the one list the chain returns, the pipeline stores and ``pbem
    inbound list --status`` accepts.

    ``stored`` until handled, ``failed`` when set aside. ``stranger``: no valid
    reply token, from an address no player has; kept and counted, never
    answered (no backscatter). ``wrong_sender``: a valid token from another
    address; kept, and the seat's own player is told. ``unauthenticated``: our
    MX's word makes it no one's (DMARC failed, the verdict is about another
    domain, or the From names several senders;
    :mod:`pbem.mail.inbound.authresults`); kept, never answered, and the
    seat's own player is told as for a wrong sender. ``bounce``: a delivery
    report, counted against the player whose mail failed or against nobody
    (:mod:`pbem.play.bounces`). ``forwarded``: a registered player's mail to
    pbem's own address that was no command, forwarded to the organiser
    (:mod:`pbem.play.frontdesk`).
    """

    STORED = "stored"
    APPLIED = "applied"
    HELD = "held"
    COMMAND = "command"
    REFUSED = "refused"
    WRONG_SENDER = "wrong_sender"
    UNAUTHENTICATED = "unauthenticated"
    STRANGER = "stranger"
    IGNORED = "ignored"
    BOUNCE = "bounce"
    DUPLICATE = "duplicate"
    OVERSIZE = "oversize"
    RATE_LIMITED = "rate_limited"
    FORWARDED = "forwarded"
    FAILED = "failed"


class Inbound(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(index=True, unique=True)
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    envelope_to: str = ""
    envelope_from: str | None = None
    """The SMTP MAIL FROM: "" for the null reverse-path ``<>`` (a bounce), None when the transport did not say."""
    sender: str = ""
    recipient: str = ""
    status: str = InboundStatus.STORED
    """An :class:`InboundStatus`: stored (not yet handled), then an outcome, or failed (set aside, see attempts)."""
    reason: str = ""
    attempts: int = 0
    """Handling attempts that raised; at GIVE_UP_AFTER the message is set aside as failed."""
    game_id: int | None = None
    player_id: int | None = None
    received: datetime


class OutboxStatus(StrEnum):
    """Where a mail of the outbox is: waiting (retries included), handed to the relay, or refused for good."""

    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"


class Outbox(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(index=True, unique=True)
    """Fixed when the row is written, so a resend after a crash is recognisably the same mail."""
    kind: str
    recipient: str
    subject: str
    text: str
    html: str
    reply_to: str = ""
    in_reply_to: str = ""
    references: str = ""
    list_id: str = ""
    """The List-Id header of a tournament's mail (RFC 2919), "" for mail of no tournament."""
    unsubscribe: str = ""
    """The List-Unsubscribe header (RFC 2369): a mailto that reaches the ``leave`` command; "" for the
    organiser's mail, who has nothing to leave."""
    picture: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
    """The board picture the mail carries, until it is sent: then dropped (``outbox._MARK_SENT``)."""
    calendar: str = ""
    """The iCalendar object the mail carries (a seat's deadline, :mod:`pbem.play.calendar`), "" for none."""
    calendar_method: str = ""
    """Its ``METHOD`` (REQUEST or CANCEL), which the part's Content-Type repeats (RFC 6047)."""
    game_id: int | None = Field(default=None, index=True)
    seat: int | None = None
    seq: int | None = None
    """Moves in the game's log when written: a reply to a prompt older than the seat's latest is stale."""
    status: str = Field(default="pending", index=True)
    """pending, sent or failed (gave up after many attempts)."""
    attempts: int = 0
    next_attempt: datetime
    last_error: str = ""
    tried: datetime | None = Field(default=None, index=True)
    """When the relay was last tried with it (sent, deferred or failed): the newest such row says whether the
    last send worked, for ``pbem status``."""
    created: datetime
    sent: datetime | None = None
    bounced: datetime | None = None
    """When a bounce to this mail's return path was counted: a mail fails once, so a bounce replayed to the
    same return path counts against nobody."""


class Audit(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    at: datetime
    actor: str
    action: str
    game_id: int | None = None
    detail: str = ""


class Dispute(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    player_id: int = Field(foreign_key="player.id")
    text: str
    status: str = "open"
    created: datetime


class TableTalk(SQLModel, table=True):
    """``say`` messages: shown in the next prompt's recap of every seat."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: int
    seq: int
    """Moves in the log when it was said, so a recap can place it."""
    text: str
    created: datetime


class DigestItem(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    game_id: int = Field(foreign_key="game.id")
    line: str
    created: datetime
    sent: bool = Field(default=False, index=True)


class RobotAnswers(SQLModel, table=True):
    """How many answers (refusals, "too large") a player's own mail got on a day, per address: that budget's
    counter. Own mail is mail with a valid reply token from the seat's player; what anyone else's mail causes
    is counted in :class:`UnverifiedMail`, so it cannot use this budget up."""

    __table_args__ = (UniqueConstraint("address", "day"),)
    id: int | None = Field(default=None, primary_key=True)
    address: str
    day: date
    count: int = 0


class UnverifiedMail(SQLModel, table=True):
    """Mail on one day that pbem could not tie to the player it names, per address and seat: what it cost.

    Anyone can put a player's address in a From, and anyone who saw a seat's
    reply address can write to it from elsewhere. What such mail makes pbem
    send (a notice to the seat's player, a refusal to the From) has small caps
    of its own per seat and per address (``seat_notices_per_day``,
    ``unverified_per_day``), apart from the answers to a player's
    own mail (:class:`RobotAnswers`): a flood of forgeries can neither mail a
    player without end nor silence the answers to their own moves. The
    organiser hears of it all in one digest a day (``reported``).
    """

    __table_args__ = (UniqueConstraint("day", "address", "game_id", "seat"),)
    id: int | None = Field(default=None, primary_key=True)
    day: date
    address: str
    """The player's address the mail's From named, or whose seat's reply address it came to from elsewhere."""
    game_id: int = 0
    """The game of the seat whose reply address it came to from another address; 0: it named no seat of ours
    (no valid reply token, or a seat whose player is not the sender and not ``address``)."""
    seat: int = 0
    """That seat, as the engine numbers it (0-based)."""
    mails: int = 0
    """Such mails that day."""
    answered: int = 0
    """The answers pbem sent about them: at most the caps."""
    reported: bool = False
    """Told to the organiser: the digest of a day goes out at the first scan after it ends."""


class Heartbeat(SQLModel, table=True):
    """One run of ``pbem serve``: written when it starts, at each scan and when it stops, for ``pbem status``.

    On SQLite the serve lock says whether a server runs; PostgreSQL has no
    such lock (several workers may share the database), so there a run whose
    last beat is recent and that has not stopped is a running server. Both
    read the last scan from here.
    """

    id: int | None = Field(default=None, primary_key=True)
    host: str
    pid: int
    started: datetime
    beat: datetime
    """The last scan's start (or the start of the run, before its first scan)."""
    stopped: datetime | None = None
    """When it stopped cleanly (SIGTERM, SIGINT); None while it runs, or after it died without stopping."""
    failing_since: datetime | None = None
    """The first of the scans that have failed in a row (a bug, a setting the scan cannot use); None once one
    works: ``pbem status`` lists it as a problem, since no deadline nor reminder runs meanwhile."""
    failure: str | None = None
    """What the newest of those failing scans raised, in one line."""


class Confirmation(SQLModel, table=True):
    """An ask a player must confirm by mail (``leave``): what proves the answer is theirs, and to this ask.

    Only a hash of the token is kept, so a copy of the database confirms
    nothing. The ask is good until ``expires`` and once: ``ended`` says why it
    no longer is (used, replaced by a newer ask of the same kind, or void once
    the organiser changed what it was about).
    """

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    purpose: str
    """What is confirmed: the command (``leave``)."""
    scope: str = ""
    """What it acts on, as the command writes it (``leave``: the tournament ids, comma-separated)."""
    token_hash: str
    """SHA-256 of the token the ask mailed, in hex."""
    asked: datetime
    expires: datetime
    ended: str = ""
    """"" while it may be used; else ``used``, ``replaced`` or ``void``."""


class UndoRequest(SQLModel, table=True):
    """A player's ask to take back their last turn, and the votes of the table's other human seats on it.

    Undo by consent (:mod:`pbem.play.consent`): the ask holds while every vote is yes and nobody moves; it is
    ``done`` when the last yes comes, ``refused`` at the first no, ``expired`` when ``expires`` passes without
    every answer, and ``lapsed`` the moment any move follows ``last_seq``. The moves it takes back are marked
    reverted (never deleted) as the organiser's undo marks them, and audited under the same name.
    """

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: int
    """The asking seat, counted from 0."""
    player_id: int = Field(foreign_key="player.id")
    first_seq: int
    """The first move taken back: every counted move from it on is the asker's last turn."""
    last_seq: int
    """The last counted move when it was asked: a later one lapses the ask."""
    voters: list[int] = Field(default_factory=list, sa_column=Column(JSON))
    """The seats asked to vote (the other seats with a human player when it was asked)."""
    votes: dict[str, str] = Field(default_factory=dict, sa_column=Column(JSON))
    """Seat (as text, JSON's keys) -> "yes" or "no"."""
    asked: datetime
    expires: datetime = Field(index=True)
    status: str = Field(default="open", index=True)
    """open, done, refused, expired or lapsed."""


class Follower(SQLModel, table=True):
    """An address that follows a game by mail (``follow``): what a spectator may see, a mail a day or a mail
    after each move, until it writes ``unfollow``. Not a player: it is never asked, and cannot move.

    An address that is not one of the tournament's players (``observers = "anyone"``) follows once its owner
    answered the one confirmation mailed to it (``token_hash``, ``asked``); till then ``confirmed`` is None.
    """

    __table_args__ = (UniqueConstraint("game_id", "email"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    email: str = Field(index=True)
    language: str = ""
    every: str = "day"
    """``day``: one digest a day; ``move``: a mail after each change of the game."""
    token_hash: str = ""
    """SHA-256 of the confirmation token mailed, in hex ("" for a player, who needs none)."""
    asked: datetime | None = None
    """When the last confirmation was mailed to the address (one a day at most)."""
    confirmed: datetime | None = None
    seen_seq: int = 0
    """The last move of the game the follower was told of."""
    told: datetime | None = None
    """When the follower's last mail about the game went (a digest a day: not again within a day)."""
    ended: str = ""
    """"" while following; ``unfollowed`` after ``unfollow``."""


class ServerKey(SQLModel, table=True):
    """The reply-token secret ``pbem init`` generates when PBEM_SECRET is not set."""

    id: int | None = Field(default=None, primary_key=True)
    secret: str


def open_database(url: str, busy_seconds: float = 30.0) -> Engine:
    """An engine for ``url``; SQLite gets WAL, a busy timeout and immediate write locks.

    SQLite transactions begin IMMEDIATE: writers queue for the one write lock
    instead of failing when a read snapshot turns stale, so on SQLite two
    replies for one game are simply serialised. A statement waits up to
    ``busy_seconds`` for the lock, then raises OperationalError. PostgreSQL runs them
    concurrently and the game's version column decides (see Service.commit).
    """
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    file = make_url(url).database
    if file and file != ":memory:" and not file.startswith("file:"):
        private(Path(file))
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": busy_seconds})

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        connection.isolation_level = None
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_seconds * 1000)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def private(path: Path) -> None:
    """Make ``path`` (a database or a copy of one) readable by its owner alone: it holds the reply-token secret.

    A new file is made empty with mode 0600 (an empty file is an empty SQLite
    database; SQLite gives its -wal and -shm files the same mode); an existing
    one loses any group and other bits. A folder that does not exist is left for
    SQLite to report, and a file this user does not own keeps its mode.
    """
    try:
        if not path.exists():
            if path.parent.is_dir():
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        elif path.stat().st_mode & 0o077:
            path.chmod(path.stat().st_mode & 0o700)
    except OSError:
        pass


def locked(query: Any, engine: Engine) -> Any:
    """``query`` taking row locks that other workers skip (PostgreSQL); SQLite's single writer needs none."""
    if engine.dialect.name == "sqlite":
        return query
    return query.with_for_update(skip_locked=True)


def server_secret(engine: Engine, configured: str = "") -> str:
    """The configured secret, else the stored one (written on first use)."""
    if configured:
        return configured
    with Session(engine) as session:
        key = session.exec(select(ServerKey)).first()
        if key is None:
            key = ServerKey(secret=secrets.token_urlsafe(32))
            session.add(key)
            session.commit()
        return key.secret
