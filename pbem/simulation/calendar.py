"""Games played on a simulated calendar: how many days a game takes when its players are people.

``pbem bench calendar`` needs to know what moves sent ahead buy in days, not
in milliseconds: a game by mail waits for people who answer hours later and
only while awake. Here the real service (database, chain, templates, deadlines)
runs on a :class:`pbem.clock.SetClock` that a discrete-event simulation moves
from one event to the next, so weeks of play take minutes. Each simulated
player answers each mail that asks them a decision after a delay drawn from a
seeded model of people (:class:`People`), writing what the greedy bot chooses
from what the seat sees (``determinise``), and with probability ``ahead`` also
its next ``TURNS`` (two) turns, as every prompt and every mail to a seat owing
nothing invites, each decision a preference list of up to three moves: written
in the same reply, or, when the reply draws what only the player will see (a
card from the deck), in an answer to the confirmation that shows it.

Players who answer by link (``clicks``) never type: each answer is one click on
the link of the move they choose in the mail's HTML part, one decision, its mail
composed from the link as a mail client composes it. A turn of several decisions
(China's cards, placements and draw) is then one sitting only because the next
step's prompt comes at once: a player still at their mail (``AT_THE_MAIL``)
clicks it too.
"""

from __future__ import annotations

import heapq
import math
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlmodel import Session, select

import engine
from engine import lookahead
from pbem.play import deadlines
from pbem.serve import pipeline
from pbem.simulation import swarm
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.config import Settings
from pbem.ops.db import Early, Move, Outbox, Player, Seat
from pbem.play.outcome import Outcome
from pbem.play.service import Service

START = datetime(2026, 3, 2, 0, 0, tzinfo=UTC)
"""The first game's day (a Monday); each game starts at a random hour of it."""

DOMAIN = "calendar.pbem.test"
SCAN_EVERY = timedelta(hours=1)
"""How often the simulated ``pbem serve`` scans deadlines (reminders, timeouts)."""

ASKING = ("prompt", "refusal", "reminder")
"""The kinds of mail a seat that owes a decision answers."""

TOLD = ("confirmation", "start", "round_start")
"""The mails that tell a seat owing nothing where the game stands (it has begun, its kept answer was played, or a
reply is confirmed): like a prompt, with probability P the player answers one with its next turn sent ahead."""

ALTERNATIVES = 3
"""Moves at most in a line sent ahead: ``m1, else m2, else m3``."""

FUTURES = 8
"""Sampled futures a player imagines to choose the moves it sends ahead."""

TURNS = 2
"""Turns a player sends ahead when a mail invites it (each prompt invites the next turns, in every game)."""

WORLDS = 8
"""Worlds a player imagines to know that the decision after a card it has not seen yet does not depend on it."""

AT_THE_MAIL = timedelta(minutes=5)
"""A clicking player whose next mail asking a decision comes within this long of their last click is still at
their mail, and answers it in that sitting. A link's mail leaves at once, and the prompt for the turn's next step
comes back within a minute or two: a person who has just chosen a move and expects the next step stays a few
minutes for it, not an hour. A mail later than this finds them gone: it waits for their usual delay."""

CLICK = timedelta(minutes=1)
"""How long a player still at their mail takes to open the next step's prompt and click its link."""

LONGEST = timedelta(days=400)
"""A simulation still running after this long (simulated) is stuck: it stops and says so."""


@dataclass(frozen=True)
class People:
    """The seeded model of the people behind the seats: how long they take to answer and when they are awake."""

    median_hours: float = 5.0
    """The median delay of an answer, in awake hours (log-normal)."""
    sigma: float = 0.8
    slow_share: float = 1 / 8
    """The share of players who take ``slow_factor`` times as long."""
    slow_factor: float = 3.0
    wake: int = 8
    sleep: int = 23
    """Answers are written only between ``wake`` and ``sleep`` o'clock in the player's own zone."""
    zones: tuple[str, ...] = ("Europe/Athens", "Europe/Budapest", "Europe/Moscow", "Europe/London",
                              "America/New_York")

    def delay_hours(self, rng: random.Random, speed: float) -> float:
        """Awake hours until a player of ``speed`` (1: usual, larger: slower) answers a mail."""
        return rng.lognormvariate(math.log(self.median_hours), self.sigma) * speed

    def answered(self, received: datetime, hours: float, zone: str) -> datetime:
        """When a mail received at ``received`` is answered after ``hours`` of the player's awake time."""
        return awake_after(received, hours, zone, self.wake, self.sleep)


def awake_after(start: datetime, hours: float, zone: str, wake: int = 8, sleep: int = 23) -> datetime:
    """The moment ``hours`` of awake time (``wake``-``sleep`` o'clock in ``zone``) have passed since ``start``.

    A mail read at 22:30 and answered after 2 awake hours is answered at 09:30 the next day.
    Each day's window is taken in local time, so a change to or from summer time moves it with the clock.
    """
    if not 0 <= wake < sleep <= 24:
        raise ValueError(f"awake hours {wake}-{sleep}: give 0 <= wake < sleep <= 24")
    if hours < 0:
        raise ValueError(f"a delay of {hours} hours: give a delay of 0 hours or more")
    place = ZoneInfo(zone)
    left = timedelta(hours=hours)
    now = start.astimezone(place)
    while True:
        day = now.date()
        opens = datetime.combine(day, time(wake), tzinfo=place)
        closes = (datetime.combine(day, time(sleep), tzinfo=place) if sleep < 24
                  else datetime.combine(day + timedelta(days=1), time(0), tzinfo=place))
        if now < opens:
            now = opens
        if now < closes:
            if now + left <= closes:
                return (now + left).astimezone(UTC)
            left -= closes - now
        now = datetime.combine(day + timedelta(days=1), time(wake), tzinfo=place)


@dataclass
class Person:
    """One simulated player at one seat, with their own draws: the runs at P = 0 and at P share them."""

    email: str
    zone: str
    speed: float
    answers: random.Random = field(repr=False)
    """How long each of their answers takes, in order."""
    coins: random.Random = field(repr=False)
    """Whether each answer also sends the next turn ahead (probability P)."""
    game_id: int = 0
    seat: int = 0
    clicked: datetime | None = None
    """When they last clicked a link: for a little while after it, they are still at their mail."""
    planned: list[str] = field(default_factory=list)
    """The moves left of the turn they chose at this sitting, to click one by one as each step's prompt comes."""


@dataclass
class Asked:
    """The newest mail asking a seat for a decision, which its (one) scheduled answer replies to."""

    message_id: str
    reply_to: str
    subject: str
    answer: int = 0
    """The event that answers it (its order number); an earlier sitting may answer it first."""
    links: tuple[swarm.Link, ...] = ()
    """Its move links, for a player who clicks (a refusal showing the open decision links its moves too)."""


@dataclass
class GameRecord:
    """What one game of the calendar cost, in days, replies and mails."""

    name: str
    game_id: int
    started: datetime
    ended: datetime | None = None
    mails: int = 0
    applied: int = 0
    """Replies applied while their seat was due: the replies the game waited for."""
    refusals: int = 0
    kept: int = 0
    """Replies that sent moves ahead (lines of preferences after the decisions owed), each kept for a turn."""
    played_early: int = 0
    """Those of them whose kept answer was played when the turn came (moves of source ``early`` from them)."""
    seen_first: int = 0
    """Turns the players chose to send ahead once the confirmation showed what their reply drew (``Written.waits``)."""
    early_moves: int = 0
    """Moves the log has from kept answers (source ``early``)."""
    kept_ids: set[int] = field(default_factory=set, repr=False)
    """The stored replies that sent moves ahead."""
    timeouts: int = 0
    players: int = 0
    sittings: int = 0
    """The times its players sat down to answer a mail after their usual delay: a clicking player's next step
    that came while they were still at their mail (``AT_THE_MAIL``) is no sitting of its own."""
    kinds: Counter[str] = field(default_factory=Counter)
    """The mails to the game's players by kind (prompt, confirmation, reminder …)."""

    @property
    def days(self) -> float:
        assert self.ended is not None, f"game {self.game_id} did not end"
        return (self.ended - self.started) / timedelta(days=1)

    @property
    def critical(self) -> int:
        """The replies on the game's critical path: every one it waited for, and every timeout."""
        return self.applied + self.timeouts


@dataclass
class CalendarRun:
    """One run of the calendar: every game's record, and the refusals' reasons (each one is a bug to look at)."""

    game: str
    ahead: float
    records: list[GameRecord]
    clicks: bool = False
    """Its players answered by link, a decision a click."""
    refusal_reasons: Counter[str] = field(default_factory=Counter)
    simulated_days: float = 0.0

    @property
    def finished(self) -> list[GameRecord]:
        return [record for record in self.records if record.ended is not None]

    def days(self) -> list[float]:
        return sorted(record.days for record in self.finished)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


@dataclass(order=True)
class _Event:
    at: datetime
    order: int
    kind: str = field(compare=False)
    payload: Any = field(compare=False, default=None)


class Calendar:
    """One discrete-event simulation: a service on its own SQLite file and set clock, and its people."""

    def __init__(self, folder: Path, game: str, *, games: int, players: int, ahead: float, seed: int,
                 people: People = People(), options: dict[str, Any] | None = None, clicks: bool = False) -> None:
        if not 0 <= ahead <= 1:
            raise ValueError(f"a probability of sending ahead of {ahead}: give one from 0 to 1")
        if clicks and ahead:
            raise ValueError(f"players who click a link answer one decision a mail: give them P = 0, not {ahead}")
        if games < 1:
            raise ValueError(f"{games} games: give at least 1")
        self.rules = engine.game(game)
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(f"{self.rules.title} takes {self.rules.min_players}-{self.rules.max_players} "
                             f"players, not {players}")
        folder.mkdir(parents=True, exist_ok=True)
        self.clock = SetClock(START)
        settings = Settings(database_url=f"sqlite:///{folder / 'pbem.db'}", secret=f"calendar-{seed}",
                            domain=DOMAIN, from_address=f"pbem@{DOMAIN}", organiser=f"organiser@{DOMAIN}",
                            robot_answers_per_day=1_000_000)
        self.service: Service = open_service(settings, clock=self.clock)
        self.game, self.games, self.players, self.ahead, self.clicks = game, games, players, ahead, clicks
        self.options = options or {}
        self.people, self.seed = people, seed
        self.rng = random.Random(seed)
        """When each game starts, and who plays it: drawn before any game starts, so every run has the same."""
        self.lineups: list[tuple[datetime, list[Person]]] = []
        self.bot_rng: dict[int, random.Random] = {}
        """Each game's choices of moves (the greedy bot's ties, the futures a player imagines), by game id."""
        self.events: list[_Event] = []
        self.order = 0
        self.records: dict[int, GameRecord] = {}
        self.people_at: dict[tuple[int, int], Person] = {}
        self.by_email: dict[str, Person] = {}
        self.asked: dict[tuple[int, int], Asked] = {}
        """Seats with an answer scheduled, and the newest mail asking them (their answer replies to it)."""
        self.told: dict[tuple[int, int], Asked] = {}
        """Seats owing nothing that will send their next turn ahead, and the mail they answer."""
        self.waiting_to_see: set[tuple[int, int]] = set()
        """Seats whose player chose to send its next turn ahead once it sees what its reply drew (``Written.waits``)."""
        self.refusal_reasons: Counter[str] = Counter()
        self.seed_of_game = [seed * 1000 + index for index in range(games)]

    # ----------------------------------------------------------------- the event loop

    def run(self) -> CalendarRun:
        """Play every game to its end on the simulated clock; the records, ordered as the games started."""
        for index in range(self.games):
            self.lineups.append((START + timedelta(hours=self.rng.uniform(0, 24)), self._lineup(index)))
            self._at(self.lineups[index][0], "start", index)
        self._at(START, "scan")
        while self.events:
            event = heapq.heappop(self.events)
            if event.at - START > LONGEST:
                break
            if event.at > self.clock.now():
                self.clock.advance(event.at - self.clock.now())
            if event.kind == "start":
                self._start(event.payload)
            elif event.kind == "answer":
                if event.order == getattr(self.asked.get(event.payload), "answer", None):
                    self._answer(event.payload)
            elif event.kind == "ahead":
                self._send_ahead(event.payload)
            elif event.kind == "scan":
                deadlines.scan(self.service)
                if len(self.records) < self.games or any(r.ended is None for r in self.records.values()):
                    self._at(self.clock.now() + SCAN_EVERY, "scan")
            self._take_mail()
        _count_log(self.service, self.records)
        records = sorted(self.records.values(), key=lambda record: record.started)
        self.service.db.dispose()
        return CalendarRun(self.game, self.ahead, records, self.clicks, self.refusal_reasons,
                           (self.clock.now() - START) / timedelta(days=1))

    def _at(self, at: datetime, kind: str, payload: Any = None) -> None:
        self.order += 1
        heapq.heappush(self.events, _Event(at, self.order, kind, payload))

    # ----------------------------------------------------------------- events

    def _lineup(self, index: int) -> list[Person]:
        """Game ``index``'s people, each in a time zone of their own and with draws of their own.

        A person's answers take the same times, in order, at P = 0 and at P, so
        the two runs differ by what moves sent ahead change, not by luck: the
        days they compare are those of the same people at the same tables.
        """
        return [Person(f"p{index}.{seat}@players.{DOMAIN}", self.rng.choice(self.people.zones),
                       self.people.slow_factor if self.rng.random() < self.people.slow_share else 1.0,
                       answers=random.Random(f"{self.seed}:{index}:{seat}:answers"),
                       coins=random.Random(f"{self.seed}:{index}:{seat}:ahead"))
                for seat in range(self.players)]

    def _start(self, index: int) -> None:
        """A game opens with its people registered first."""
        people = self.lineups[index][1]
        with Session(self.service.db) as session:
            for person in people:
                session.add(Player(email=person.email, time_zone=person.zone))
            session.commit()
        game_id = self.service.new_game(self.game, [person.email for person in people],
                                        seed=self.seed_of_game[index], options=self.options,
                                        label=f"Calendar {index + 1}")
        self.records[game_id] = GameRecord(self.game, game_id, self.clock.now(), players=len(people))
        self.bot_rng[game_id] = random.Random(f"{self.seed}:{index}:bots")
        for seat, person in enumerate(people):
            person.game_id, person.seat = game_id, seat
            self.people_at[(game_id, seat)] = person
            self.by_email[person.email] = person

    def _take_mail(self) -> None:
        """Take every mail the service queued (as the outbox worker would send it) and schedule the answers."""
        now = self.clock.now()
        with Session(self.service.db) as session:
            rows = list(session.exec(select(Outbox).where(Outbox.status == "pending").order_by(Outbox.id)))
            if not rows:
                return
            session.execute(update(Outbox).where(Outbox.id.in_([row.id for row in rows]))  # type: ignore[union-attr]
                            .values(status="sent", sent=now, attempts=Outbox.attempts + 1))
            session.commit()
            for row in rows:
                person = self.by_email.get(row.recipient)
                if person is None or row.game_id != person.game_id:
                    continue
                record = self.records[person.game_id]
                record.mails += 1
                record.kinds[row.kind] += 1
                if row.kind == "game_over" and record.ended is None:
                    record.ended = now
                if row.kind in ASKING and _awaiting(session, person):
                    self._ask(person, row, now)
                elif row.kind in TOLD and self.ahead > 0 and not _awaiting(session, person):
                    self._told(session, person, row, now)

    def _ask(self, person: Person, row: Outbox, now: datetime) -> None:
        """The seat is asked a decision: its answer is scheduled once (a sitting to send the turn ahead that
        finds the mail answers it sooner); a later mail only becomes what it answers. A clicking player still
        at their mail (``AT_THE_MAIL``) answers it in the sitting of their last click."""
        key = (person.game_id, person.seat)
        self.waiting_to_see.discard(key)  # asked at once: it answers this mail, and decides again in it
        asked = Asked(row.message_id, row.reply_to, row.subject,
                      links=tuple(swarm.links(row.html)) if self.clicks else ())
        if key in self.asked:
            asked.answer = self.asked[key].answer
            asked.links = asked.links or self.asked[key].links
            self.asked[key] = asked
            return
        if self.clicks and person.clicked is not None and now - person.clicked <= AT_THE_MAIL:
            self._at(now + CLICK, "answer", key)
        else:
            person.planned = []  # a new sitting: they look at the game afresh
            self.records[person.game_id].sittings += 1
            delay = self.people.delay_hours(person.answers, person.speed)
            self._at(self.people.answered(now, delay, person.zone), "answer", key)
        asked.answer = self.order
        self.asked[key] = asked

    def _told(self, session: Session, person: Person, row: Outbox, now: datetime) -> None:
        """A seat owing nothing hears its move is in: with probability P its player sends the next turn ahead."""
        key = (person.game_id, person.seat)
        decided = key in self.waiting_to_see  # it chose to send ahead when it wrote its reply: no second coin
        self.waiting_to_see.discard(key)
        if key in self.told or key in self.asked or _keeps(session, person):
            return
        if not decided and person.coins.random() >= self.ahead:
            return
        self.records[person.game_id].seen_first += decided
        self.records[person.game_id].sittings += 1
        self.told[key] = Asked(row.message_id, row.reply_to, row.subject)
        delay = self.people.delay_hours(person.answers, person.speed)
        self._at(self.people.answered(now, delay, person.zone), "ahead", key)

    def _send_ahead(self, key: tuple[int, int]) -> None:
        """The player writes only its next turn, as preference lists, and mails it before that turn comes."""
        told = self.told.pop(key)
        person = self.people_at[key]
        record = self.records[person.game_id]
        if record.ended is not None:
            return
        if key in self.asked:  # the turn came first: sitting down to write, the player answers its prompt now
            self._answer(key)
            return
        with Session(self.service.db) as session:
            state = self.service.store.load(session, person.game_id).state
            if _keeps(session, person):
                return
        if person.seat in self.rules.to_act(state) or self.rules.result(state) is not None:
            return
        lines = sent_ahead(self.rules, state, person.seat, self.bot_rng[person.game_id])
        if not lines:
            return
        outcome = self._deliver(record, swarm.reply(person.email, told.reply_to, told.subject, told.message_id,
                                                    "\n".join(lines), domain=f"players.{DOMAIN}"))
        if outcome.status == "held" and outcome.inbound_id is not None:
            record.kept += 1
            record.kept_ids.add(outcome.inbound_id)

    def _answer(self, key: tuple[int, int]) -> None:
        """The player writes their reply now, from the game as it is now, and mails it to the service."""
        asked = self.asked.pop(key)
        person = self.people_at[key]
        record = self.records[person.game_id]
        if record.ended is not None:
            return
        with Session(self.service.db) as session:
            state = self.service.store.load(session, person.game_id).state
        if person.seat not in self.rules.to_act(state):
            return  # a timeout got there first: nothing is owed any more
        if self.clicks:
            self._click(person, asked, state)
            return
        ahead = self.ahead > 0 and person.coins.random() < self.ahead
        written = written_reply(self.rules, state, person.seat, self.bot_rng[person.game_id], ahead)
        if written.waits:
            self.waiting_to_see.add(key)
        outcome = self._deliver(record, swarm.reply(person.email, asked.reply_to, asked.subject, asked.message_id,
                                                    "\n".join(written.now + written.ahead), domain=f"players.{DOMAIN}"))
        if written.ahead and outcome.status in ("applied", "held") and outcome.inbound_id is not None:
            record.kept += 1
            record.kept_ids.add(outcome.inbound_id)

    def _click(self, person: Person, asked: Asked, state: engine.State) -> None:
        """The player clicks the link of the move they choose for the one decision the mail asks, and sends the
        mail it writes, as the link wrote it.

        They choose their turn as a player who types it does (:func:`written_reply`, the same moves from the
        same state), and click its moves one by one as each step's prompt comes; past what that player could
        write before seeing it (a card drawn), or once the game changed under the plan, they choose again.
        """
        link = _to_click(self.rules, state, person, asked, self.bot_rng[person.game_id])
        person.clicked = self.clock.now()
        self._deliver(self.records[person.game_id], swarm.clicked(person.email, link, domain=f"players.{DOMAIN}"))

    def _deliver(self, record: GameRecord, reply: swarm.Reply) -> Outcome:
        """A player's mail through the real pipeline, counted as applied (its seat was due) or refused (why)."""
        outcome = pipeline.deliver(self.service, reply.raw, [reply.recipient], reply.sender)
        if outcome.status == "applied":
            record.applied += 1
        elif outcome.status == "refused":
            record.refusals += 1
            self.refusal_reasons[outcome.reason] += 1
        return outcome


def _awaiting(session: Session, person: Person) -> bool:
    return bool(session.exec(select(Seat.awaiting).where(Seat.game_id == person.game_id,
                                                         Seat.seat == person.seat)).one())


def _keeps(session: Session, person: Person) -> bool:
    return session.exec(select(Early.id).where(Early.game_id == person.game_id,
                                               Early.seat == person.seat)).first() is not None


def _to_click(rules: engine.Game, state: engine.State, person: Person, asked: Asked,
              rng: random.Random) -> swarm.Link:
    """The link of the next move of the turn the person planned (a new plan when it has none left, or its next
    move no longer fits), from the mail ``asked``: every prompt links every legal move, by its number."""
    legal = [rules.format(each) for each in rules.legal(state, person.seat)]
    if not person.planned or person.planned[0] not in legal:
        person.planned = written_reply(rules, state, person.seat, rng, False).now
    number = legal.index(person.planned.pop(0)) + 1
    link = next((link for link in asked.links if link.number == number), None)
    if link is None:
        raise RuntimeError(f"game {person.game_id}, seat {person.seat + 1}: the mail asking "
                           f"{asked.subject!r} has no link for move {number}, {legal[number - 1]}")
    return link


def _count_log(service: Service, records: dict[int, GameRecord]) -> None:
    """What the move log says about each game: moves played from kept answers, and timeouts."""
    with Session(service.db) as session:
        counted = session.exec(select(Move.game_id, Move.source, Move.inbound_id).where(
            Move.reverted == False, Move.source.in_(("early", "timeout"))))  # type: ignore[attr-defined]  # noqa: E712
        played: dict[int, set[int]] = {}
        for game_id, source, inbound_id in counted:
            record = records.get(game_id)
            if record is None:
                continue
            if source == "timeout":
                record.timeouts += 1
                continue
            record.early_moves += 1
            if inbound_id in record.kept_ids:
                played.setdefault(game_id, set()).add(inbound_id)
        for game_id, replies in played.items():
            records[game_id].played_early = len(replies)


# --------------------------------------------------------------------- what a player writes


@dataclass(frozen=True)
class Written:
    """A reply as a player writes it."""

    now: list[str]
    """The moves the seat owes now, a line each."""
    ahead: list[str]
    """Its next turn's preference lists, sent ahead."""
    waits: bool = False
    """The player would send its next turn ahead, but its moves draw what only it will see (a card from the
    deck): it plans that turn from the confirmation that shows it, which comes at once, instead of blind."""


def written_reply(rules: engine.Game, state: engine.State, seat: int, rng: random.Random, ahead: bool) -> Written:
    """The lines a player writes: the moves it owes now, then (``ahead``) its next turn's preference lists.

    The moves are the greedy bot's on a state the seat cannot tell from the real
    one. A player writes every decision of its turn in one reply, as the prompt
    shows (``draw up2, deck``), also one that follows a move showing it
    something new (a card drawn), as long as that decision does not depend on
    what it showed: the same legal moves in each of ``WORLDS`` other worlds
    and in the real one (a second draw from the deck, not the placing of a
    tile just drawn); otherwise the decisions that follow wait for the next
    mail. The turn sent ahead is planned over every card the reply's moves
    may show, unless they show the player something only it sees (``waits``).
    """
    seen = rules.determinise(state, seat, rng)
    worlds = [rules.clone(state), *(rules.determinise(state, seat, rng) for _ in range(WORLDS))]
    lines: list[str] = []
    moves: list[engine.Move] = []
    while seat in rules.to_act(seen):
        if moves and not _same_decision(rules, [seen, *worlds], seat):
            break
        move = rules.greedy(seen, seat, rng)
        lines.append(rules.format(move))
        moves.append(move)
        seen = rules.apply(seen, seat, move)
        worlds = [rules.apply(world, seat, move) for world in worlds]
    if not ahead or rules.result(seen) is not None or seat in rules.to_act(seen):
        return Written(lines, [])
    if lookahead.shows(rules, state, seat, moves, rng):
        return Written(lines, [], waits=True)
    return Written(lines, sent_ahead(rules, state, seat, rng, first=moves))


def _same_decision(rules: engine.Game, worlds: list[engine.State], seat: int) -> bool:
    """Whether the seat faces the same choice in every world: what it has not seen yet does not matter to it."""
    if not all(seat in rules.to_act(world) for world in worlds):
        return False
    first = set(rules.legal(worlds[0], seat))
    return all(set(rules.legal(world, seat)) == first for world in worlds[1:])


def sent_ahead(rules: engine.Game, state: engine.State, seat: int, rng: random.Random,
               futures: int = FUTURES, first: list[engine.Move] | None = None, turns: int = TURNS) -> list[str]:
    """The seat's next ``turns`` turns as preference lists, one line per decision: ``m1, else m2, else m3``.

    Each sampled future deals the hidden parts again, plays the seat's own
    moves of this reply (``first``: what a card they draw shows is not known
    yet, so each future draws its own) and the other seats by the greedy bot
    until the seat is due, then takes the greedy bot's moves for every decision
    of that turn, written as a player writes them before the turn
    (``format_ahead``), and so on for each of the ``turns`` turns, the others
    playing between them. The turns are one plan, as a player writes it: a
    line's alternatives come first from the futures that made the plan's
    choices on every line before (a card played decides what it asks next),
    most often chosen first, then from every future at that step. A turn the
    game may not reach (it ends first in most futures) is not written.
    """
    sampled: list[list[list[str]]] = []
    for _ in range(futures):
        world = rules.determinise(state, seat, rng)
        for move in first or ():
            world = rules.apply(world, seat, move)
        future: list[list[str]] = []
        for _turn in range(turns):
            while rules.result(world) is None and seat not in rules.to_act(world):
                other = min(rules.to_act(world))
                world = rules.apply(world, other, rules.greedy(world, other, rng))
            turn: list[str] = []
            while rules.result(world) is None and seat in rules.to_act(world):
                move = rules.greedy(world, seat, rng)
                turn.append(rules.format_ahead(move))
                world = rules.apply(world, seat, move)
            future.append(turn)
        sampled.append(future)
    lines: list[str] = []
    plan: list[str] = []
    for index in range(turns):
        turns_at = [future[index] for future in sampled]
        decisions = Counter(len(turn) for turn in turns_at).most_common(1)[0][0]
        if not decisions:
            break
        planned: list[str] = []
        for step in range(decisions):
            along = Counter(future[index][step] for future in sampled if len(future[index]) > step
                            and _flat(future, index, step) == plan + planned)
            anywhere = Counter(turn[step] for turn in turns_at if len(turn) > step)
            ranked = [move for move, _ in along.most_common()]
            ranked += [move for move, _ in anywhere.most_common() if move not in along]
            planned.append(ranked[0])
            lines.append(", else ".join(ranked[:ALTERNATIVES]))
        plan += planned
    return lines


def _flat(future: list[list[str]], index: int, step: int) -> list[str]:
    """A future's moves before step ``step`` of its turn ``index``, every earlier turn's first, in one list."""
    return [move for turn in future[:index] for move in turn] + future[index][:step]
