"""Time: reminders, missed deadlines, undo votes not answered in time (:mod:`pbem.play.consent`), daily digests (the players', and the organiser's of mail pbem could not
verify, :mod:`pbem.play.budgets`) and confirmations that waited, all read from the database.

The scheduler only wakes :func:`scan`; what is due is decided here from the
deadlines stored with each seat, so a scan after any downtime finds every
overdue decision and handles it, never skipping one. Each game is changed in
its own transaction, with the same optimistic locking as a reply: a reply that
arrives while its deadline is being handled either wins or is told it lost.
A seat whose player's mail bounces (:func:`pbem.play.bounces.held`) gets neither
reminder nor timeout until the hold is lifted, unless its tournament says
``on_bounce = "run"`` in ``[timeouts]``.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import CompoundSelect, union_all
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from pbem.play.bounces import held
from pbem.ops.db import DigestItem, Game, Player, Seat, locked
from pbem.play import budgets, consent, observers
from pbem.play.service import Service
from pbem.play.store import Conflict, LoadedGame, Transaction
from pbem.play.timeouts import GameTimeouts, at_deadline, game_timeouts, widest_reminder

DIGEST_EVERY = timedelta(days=1)


@dataclass(frozen=True)
class ScanReport:
    reminders: int = 0
    timeouts: int = 0
    digests: int = 0
    confirmations: int = 0
    undos_refused: int = 0
    """Undo asks whose votes did not all come in time."""


def scan(service: Service) -> ScanReport:
    """Handle everything due now: timeouts first (they change games), then reminders, then digests."""
    now = service.clock.now()
    with Session(service.db) as session:
        warn_before = widest_reminder(session, service.settings)
        due = sorted(set(session.scalars(due_query(now, warn_before))))
        confirm_before = now - timedelta(hours=service.settings.confirm_within_hours)
        unconfirmed = sorted(set(session.exec(select(Seat.game_id).where(Seat.unconfirmed_since <= confirm_before))))
        undos = consent.expiring(session, now)
    timeouts = sum(_retrying(service, game_id, _time_out) for game_id in due)
    reminders = sum(_retrying(service, game_id, _remind) for game_id in due)
    confirmations = sum(_retrying(service, game_id, _confirm) for game_id in unconfirmed)
    undos_refused = sum(_retrying(service, game_id, consent.expire) for game_id in undos)
    digests = (send_digests(service) + budgets.send_organiser_digest(service)
               + observers.send_daily(service.db, service.store, service.mails))
    return ScanReport(reminders=reminders, timeouts=timeouts, digests=digests, confirmations=confirmations,
                      undos_refused=undos_refused)


def due_query(now: datetime, warn_before: timedelta) -> CompoundSelect:
    """The games with an awaiting seat that is due now (``session.scalars``; a game may come twice): its
    deadline passed, or its reminder's time came and it has not been reminded (``warn_before``: the widest
    reminder).

    A seat already reminded is not read again until its deadline passes, and
    each half reads only the index on (awaiting, reminded, deadline, game_id)
    (``ix_seat_due``) from its first due entry to its last, so a scan costs
    what is due, not what is open: a league of 100,000 idle games scans as
    fast as one of a thousand. Two queries, not one with OR: with OR, SQLite
    reads every awaiting seat's entry instead.
    """
    awaiting = Seat.awaiting == True  # noqa: E712
    return union_all(
        select(Seat.game_id).where(awaiting, Seat.reminded == True, Seat.deadline <= now),  # type: ignore[operator]  # noqa: E712
        select(Seat.game_id).where(awaiting, Seat.reminded == False,  # noqa: E712
                                   Seat.deadline <= now + warn_before))  # type: ignore[operator]


def _retrying(service: Service, game_id: int, change: Callable[[Service, Session, LoadedGame], int]) -> int:
    """Run one kind of deadline work on one game in its own transaction; how many seats it handled.

    A game another writer keeps changing, or a database that stays locked,
    is left for the next scan, which finds the same deadlines in the database.
    """

    def work(transaction: Transaction, game: LoadedGame) -> int:
        count = change(service, transaction.session, game)
        if not count:
            transaction.unchanged(game)
        return count

    try:
        return service.store.transaction(game_id, work, attempts=3)
    except (Conflict, OperationalError):  # another writer kept winning, or the database stays locked
        return 0


def _time_out(service: Service, session: Session, game: LoadedGame) -> int:
    """Apply the timeout policy to every seat of the game whose deadline has passed."""
    now, settings = service.clock.now(), service.settings
    policy = game_timeouts(session, game.id, settings)
    late = [s for s in sorted(game.rules.to_act(game.state))
            if game.human(s) and not _held(policy, game, s) and game.seats[s].awaiting and game.seats[s].deadline
            and game.seats[s].deadline <= now]
    for seat in late:
        row = game.seats[seat]
        happens = at_deadline(policy, row.timeouts)  # what its prompt and reminder said would happen
        row.timeouts += 1
        forfeited = happens == "forfeit"
        played: list[str] = []
        if not forfeited:
            rng = random.Random(f"{game.row.bot_seed}:timeout:{game.next_seq}")
            move = service.bot(policy.bot)(game.rules, game.state, seat, rng)
            played.append(service.turns.play(session, game, seat, move, "timeout").notation)
        handed = happens in ("forfeit", "seat")
        service.mails.send_to_seat(session, game, seat, "timeout", played=service.shown.shown_moves(game, seat, played),
                                   handed_to_bot=handed, forfeited=forfeited, timeouts=row.timeouts,
                                   limit=policy.bot_after)  # the move in the player's own words, as every mail says it
        if handed:
            row.bot, row.forfeited, row.awaiting = policy.bot, forfeited, False
            _tell_organiser(service, session, game, seat)
        service.audit(session, "scheduler", "timeout", game.id,
                      f"seat {seat + 1}: {policy.policy}, played {played}, handed to bot: {handed}")
    if late:
        service.advance(session, game)
    return len(late)


def _tell_organiser(service: Service, session: Session, game: LoadedGame, seat: int) -> None:
    service.mails.to_organiser(
        session, "organiser", "organiser", game.id, event="seat_to_bot", seat=service.shown.line(game, 0, seat, "", ""),
        timeouts=game.seats[seat].timeouts, dispute_id=0, text="", **service.shown.base_context(game, seat),
        reply_to=_player_address(game, seat),
    )


def _player_address(game: LoadedGame, seat: int) -> str:
    """Where the organiser's reply to a mail about a seat should go: its player ("" for none: the organiser)."""
    player = game.player(seat)
    return player.email if player is not None else ""


def _held(policy: GameTimeouts, game: LoadedGame, seat: int) -> bool:
    """No reminder and no timeout for a seat whose player's mail bounces, where the tournament holds them."""
    return policy.hold_on_bounce and held(game, seat)


REMINDER_SHARE = 0.5
"""A reminder never comes before this share of the time to answer has passed since the prompt."""
REMINDER_GAP = timedelta(hours=1)
"""Nor sooner than this after the prompt: a reminder in the same hour as its prompt reminds of nothing."""


def reminder_time(deadline: datetime, allowed: timedelta, warn_before: timedelta) -> datetime | None:
    """When the reminder of a decision due at ``deadline`` goes out, or None for no reminder.

    ``allowed`` is the game's time to answer, so the prompt went out at
    ``deadline - allowed`` (later, after a vacation: the time is counted from
    the player's return). The reminder goes ``warn_before`` the deadline, but
    never before ``REMINDER_SHARE`` of the time has passed nor within
    ``REMINDER_GAP`` of the prompt: a deadline shorter than ``warn_before``
    would otherwise bring a reminder with every prompt. A time to answer too
    short for any of that gets none.
    """
    asked = deadline - allowed
    earliest = asked + max(allowed * REMINDER_SHARE, REMINDER_GAP)
    at = max(deadline - warn_before, earliest)
    return at if at < deadline else None


def _remind(service: Service, session: Session, game: LoadedGame) -> int:
    now = service.clock.now()
    policy = game_timeouts(session, game.id, service.settings)
    allowed = timedelta(hours=game.row.deadline_hours)

    def due_now(row: Seat) -> bool:
        at = reminder_time(row.deadline, allowed, policy.reminder) if row.deadline else None
        return at is not None and at <= now < row.deadline  # type: ignore[operator]

    due = [s for s in range(len(game.seats))
           if game.human(s) and not _held(policy, game, s) and game.seats[s].awaiting and not game.seats[s].reminded
           and due_now(game.seats[s])]
    for seat in due:
        game.seats[seat].reminded = True
        service.mails.send_to_seat(session, game, seat, "reminder", picture=True,
                                   at_deadline=at_deadline(policy, game.seats[seat].timeouts),
                                   recap=service.shown.since_own_move(game, seat),
                                   next_after=service.mails.next_after(game, seat),
                                   **service.shown.decision_context(game, seat))
    return len(due)


CONFIRM_AT_MOST = 2
"""A confirmation whose seat is certain to be asked soon waits for that mail, but at most this many times
``confirm_within_hours``: the player always hears of a move within a bounded time, even in a stalled game."""


def _confirm(service: Service, session: Session, game: LoadedGame) -> int:
    """Confirm alone the accepted moves that waited ``confirm_within_hours`` for another mail to the seat.

    Why some wait longer: a seat whose next decision is certain within the
    next few replies (the "you are next after …" line) will get the mail that
    asks it, and that mail confirms them; a mail of their own before it would
    be one more mail for the same turn. They wait for it up to
    ``CONFIRM_AT_MOST`` times as long.
    """
    now, within = service.clock.now(), timedelta(hours=service.settings.confirm_within_hours)
    waiting = [s for s, row in enumerate(game.seats) if row.unconfirmed_since and row.unconfirmed_since <= now - within]
    handled = 0
    for seat in waiting:
        row = game.seats[seat]
        if game.player(seat) is None:  # nobody left at the seat to tell
            row.unconfirmed, row.unconfirmed_since = "", None
        elif (row.unconfirmed_since and row.unconfirmed_since > now - CONFIRM_AT_MOST * within
              and service.mails.next_after(game, seat) is not None):
            continue  # its next prompt is certain and near: it confirms them
        else:
            service.mails.confirm_waiting(session, game, seat)
        handled += 1
    return handled


def send_digests(service: Service) -> int:
    """One mail per player whose oldest unsent digest line is a day old, with every line since."""
    now = service.clock.now()
    with Session(service.db) as session:
        query = select(DigestItem).where(DigestItem.sent == False).order_by(DigestItem.id)  # noqa: E712
        items = list(session.exec(locked(query, service.db)))
        by_player: dict[int, list[DigestItem]] = defaultdict(list)
        for item in items:
            by_player[item.player_id].append(item)
        sent = 0
        for player_id, lines in by_player.items():
            if lines[0].created > now - DIGEST_EVERY:
                continue
            player = session.get(Player, player_id)
            assert player is not None
            games: dict[int, list[str]] = defaultdict(list)
            for item in lines:
                games[item.game_id].append(item.line)
                item.sent = True
            tables = [{"table": session.get(Game, game_id).label, "lines": text}  # type: ignore[union-attr]
                      for game_id, text in games.items()]
            letter = service.letters.render("digest", player.reads, player=player.name or player.email, games=tables,
                                            table="pbem")
            # a reply reaches pbem's own address, where the "notify none" the digest suggests works
            service.mails.queue(session, "digest", player.email, letter, reply_to=service.mails.desk)
            sent += 1
        session.commit()
        return sent
