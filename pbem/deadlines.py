"""Time: reminders, missed deadlines and daily digests, all read from the database.

The scheduler only wakes :func:`scan`; what is due is decided here from the
deadlines stored with each seat, so a scan after any downtime finds every
overdue decision and handles it, never skipping one. Each game is changed in
its own transaction, with the same optimistic locking as a reply: a reply that
arrives while its deadline is being handled either wins or is told it lost.
A seat whose player's mail bounces (:func:`pbem.bounces.held`) gets neither
reminder nor timeout until the hold is lifted.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from pbem.bounces import held
from pbem.db import DigestItem, Game, Player, Seat, locked
from pbem.service import Conflict, Service, Table
from pbem.tournament.timeouts import timeout_rules, widest_reminder

DIGEST_EVERY = timedelta(days=1)
POLICIES = ("bot", "forfeit")


@dataclass(frozen=True)
class ScanReport:
    reminders: int = 0
    timeouts: int = 0
    digests: int = 0


def scan(service: Service) -> ScanReport:
    """Handle everything due now: timeouts first (they change games), then reminders, then digests."""
    if service.settings.timeout_policy not in POLICIES:
        raise ValueError(f"PBEM_TIMEOUT_POLICY={service.settings.timeout_policy!r}; use one of {', '.join(POLICIES)}")
    now = service.clock.now()
    with Session(service.db) as session:
        warn_before = widest_reminder(session, service.settings)
        awaiting = session.exec(select(Seat).where(Seat.awaiting == True, Seat.deadline != None))  # noqa: E711,E712
        due = sorted({seat.game_id for seat in awaiting if seat.deadline and seat.deadline - warn_before <= now})
    timeouts = sum(_retrying(service, game_id, _time_out) for game_id in due)
    reminders = sum(_retrying(service, game_id, _remind) for game_id in due)
    return ScanReport(reminders=reminders, timeouts=timeouts, digests=send_digests(service))


def _retrying(service: Service, game_id: int, change) -> int:  # type: ignore[no-untyped-def]
    for _ in range(3):
        with Session(service.db) as session:
            table = service.load(session, game_id)
            count = change(service, session, table)
            if not count:
                session.rollback()
                return 0
            try:
                service.commit(session, table)
                return count
            except (Conflict, OperationalError):
                session.rollback()
                service.forget(game_id)
    return 0


def _time_out(service: Service, session: Session, table: Table) -> int:
    """Apply the timeout policy to every seat of the game whose deadline has passed."""
    now, settings = service.clock.now(), service.settings
    late = [s for s in sorted(table.rules.to_act(table.state))
            if table.human(s) and not held(table, s) and table.seats[s].awaiting and table.seats[s].deadline
            and table.seats[s].deadline <= now]
    rules = timeout_rules(session, table.game.id, settings)
    for seat in late:
        row = table.seats[seat]
        row.timeouts += 1
        forfeited = rules.forfeit_after is not None and row.timeouts >= rules.forfeit_after
        played: list[str] = []
        if not forfeited:
            rng = random.Random(f"{table.game.bot_seed}:timeout:{table.next_seq}")
            move = table.rules.greedy(table.state, seat, rng)
            played.append(service.play(session, table, seat, move, "timeout").notation)
        handed = forfeited or row.timeouts >= rules.bot_after
        service.send_to_seat(session, table, seat, "timeout", played=played, handed_to_bot=handed,
                             forfeited=forfeited, timeouts=row.timeouts, limit=rules.bot_after)
        if handed:
            row.bot, row.forfeited, row.awaiting = rules.bot, forfeited, False
            _tell_organiser(service, session, table, seat)
        service.audit(session, "scheduler", "timeout", table.game.id,
                      f"seat {seat + 1}: {rules.policy}, played {played}, handed to bot: {handed}")
    if late:
        service.settle(session, table)
        service.announce(session, table)
    return len(late)


def _tell_organiser(service: Service, session: Session, table: Table, seat: int) -> None:
    letter = service.letters.render(
        "organiser", event="seat_to_bot", seat=service.line(table, 0, seat, "", ""),
        timeouts=table.seats[seat].timeouts, dispute_id=0, text="", **service.base_context(table, seat),
    )
    service.queue(session, "organiser", service.settings.organiser, letter, game_id=table.game.id)


def _remind(service: Service, session: Session, table: Table) -> int:
    now = service.clock.now()
    rules = timeout_rules(session, table.game.id, service.settings)
    warn_before = rules.reminder
    due = [s for s in range(len(table.seats))
           if table.human(s) and not held(table, s) and table.seats[s].awaiting and not table.seats[s].reminded
           and table.seats[s].deadline and table.seats[s].deadline - warn_before <= now < table.seats[s].deadline]
    for seat in due:
        table.seats[seat].reminded = True
        service.send_to_seat(session, table, seat, "reminder", picture=True, policy=rules.policy,
                             **service.decision_context(table, seat))
    return len(due)


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
            letter = service.letters.render("digest", player=player.name or player.email, games=tables,
                                            table="pbem")
            service.queue(session, "digest", player.email, letter)
            sent += 1
        session.commit()
        return sent
