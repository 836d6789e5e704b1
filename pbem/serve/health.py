"""The health of the service at a glance (``pbem status``), and the heartbeat ``pbem serve`` writes for it.

A wrong relay password or a stopped server shows nowhere a player looks
until a deadline passes unnoticed; ``pbem status`` reads it all from the
database (and the serve lock) in one go, so a systemd timer or any monitor
can run it and alert on its exit status. :func:`check` gathers the facts
and says, in :attr:`Health.problems`, what needs the organiser now:

- ``pbem serve`` is not running (SQLite: nobody holds its lock; PostgreSQL:
  no run has beaten within :func:`stale_after` and not stopped), or it runs
  but has not scanned for ``alert_after_minutes``;
- the last send failed (the newest row the relay was tried with is not sent);
- a mail has waited longer than ``alert_after_minutes``: an outgoing one the
  relay has not accepted, or an incoming one not yet handled;
- the scans fail (recorded on the heartbeat by :func:`scan_failed`): no
  deadline, reminder or round runs while they do;
- a seat is past its deadline by more than a scan interval, and its player
  is not on a bounce hold: the scan that should have handled it did not.

Everything else (bounce holds, the seats just past their deadline, the next
deadline) is shown for the organiser's judgement and does not fail the check.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sqlalchemy import func, update
from sqlmodel import Session, select

from pbem.clock import stored
from pbem.mail import signing
from pbem.ops.db import Game, Heartbeat, Inbound, InboundStatus, Outbox, OutboxStatus, Player, Seat
from pbem.ops.tournament_tables import SignUp
from pbem.serve.preflight import LockState, lock_state
from pbem.play.service import Service

SHOWN_AT_MOST = 10
"""Held players and late seats listed by name; beyond that only their count."""


# ------------------------------------------------------------------ the heartbeat pbem serve writes

def started(service: Service) -> int:
    """Record a run of ``pbem serve`` starting on this host; its id, for :func:`beat` and :func:`stopped`."""
    now = service.clock.now()
    with Session(service.db) as session:
        run = Heartbeat(host=socket.gethostname(), pid=os.getpid(), started=now, beat=now)
        session.add(run)
        session.commit()
        assert run.id is not None
        return run.id


def beat(service: Service, run_id: int) -> None:
    """The run is alive and scanning: written at the start of each scan."""
    _set(service, run_id, beat=service.clock.now())


def stopped(service: Service, run_id: int) -> None:
    """The run stopped cleanly; a run that dies keeps ``stopped`` empty."""
    _set(service, run_id, stopped=service.clock.now())


def scan_failed(service: Service, run_id: int, error: str) -> None:
    """This run's scans fail: since when (kept from the first of a row of failures) and the newest error."""
    with Session(service.db) as session:
        run = session.get(Heartbeat, run_id)
        if run is None:
            return
        run.failing_since = run.failing_since or service.clock.now()
        run.failure = error
        session.add(run)
        session.commit()


def scan_worked(service: Service, run_id: int) -> None:
    """A scan worked again: the failure is off the record."""
    _set(service, run_id, failing_since=None, failure=None)


def _set(service: Service, run_id: int, **values: datetime | str | None) -> None:
    with service.db.begin() as connection:
        connection.execute(update(Heartbeat).where(Heartbeat.id == run_id).values(**values))  # type: ignore[arg-type]


def stale_after(service: Service) -> timedelta:
    """How old a beat may be for its run to count as running where no lock tells (PostgreSQL): three scans."""
    return timedelta(seconds=max(3 * service.settings.scan_seconds, 120))


# ------------------------------------------------------------------ the check


@dataclass(frozen=True)
class Run:
    """One ``pbem serve`` run as its heartbeat row has it."""

    host: str
    pid: int
    started: datetime
    beat: datetime
    stopped: datetime | None
    failing_since: datetime | None = None
    """Since when its scans fail; None while they work."""
    failure: str | None = None


@dataclass(frozen=True)
class MailSeen:
    """One mail in or out, as the status shows it: which, when, to or from whom, and its status."""

    mail_id: int
    at: datetime
    address: str
    status: str
    error: str = ""
    tried: datetime | None = None
    """When the relay was last tried with it (an outgoing mail)."""


@dataclass(frozen=True)
class SeatDue:
    game_id: int
    seat_no: int
    """Counted from 1, as the organiser's commands count seats."""
    deadline: datetime
    player: str
    held: bool = False
    """The player's address bounces and their deadlines are held: past the deadline by design."""


@dataclass(frozen=True)
class Health:
    now: datetime
    running: bool
    how: str
    """How ``running`` is known, in words (the lock and its pid, or the heartbeat)."""
    runs: tuple[Run, ...]
    """The runs that look alive (PostgreSQL may have several), else the newest run; empty if none ever ran."""
    last_scan: datetime | None
    last_in: MailSeen | None
    last_out: MailSeen | None
    """The newest mail the relay accepted."""
    last_try: MailSeen | None
    """The newest mail the relay was tried with, whatever it answered."""
    last_error: MailSeen | None
    """The newest mail whose last try failed (deferred or failed for good), with the relay's reply."""
    pending: int
    failed: int
    oldest_pending: MailSeen | None
    inbound_waiting: int
    oldest_inbound: MailSeen | None
    inbound_failed: int
    held: tuple[str, ...]
    held_count: int
    late: tuple[SeatDue, ...]
    late_count: int
    overdue: tuple[SeatDue, ...]
    """Late seats a scan should have handled: past their deadline by more than a scan interval, not held."""
    overdue_count: int
    next_deadline: SeatDue | None
    alert_after: timedelta
    dkim: str
    """How mail is signed: by pbem (selector and domain) or left to the relay."""
    problems: tuple[str, ...]
    signups: int = 0
    """Sign-ups by mail confirmed and awaiting the organiser's approval (``pbem tournament signups``)."""
    oldest_signup: datetime | None = None
    """When the longest-waiting of them was confirmed."""

    @property
    def ok(self) -> bool:
        return not self.problems


SIGNUP_WAIT = timedelta(days=1)
"""How long a confirmed sign-up may await the organiser's approval before ``pbem status`` calls it a problem: a day
lets an organiser decide at their own hour, and a player is not left wondering for longer."""


def age(since: datetime, now: datetime) -> str:
    """A duration as an organiser reads it: ``45 s``, ``12 min``, ``3 h 5 min``, ``2 d 4 h``."""
    seconds = max(0, int((now - since).total_seconds()))
    if seconds < 60:
        return f"{seconds} s"
    minutes = seconds // 60
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h" if hours else f"{days} d"


def check(service: Service, dnsfunc: signing.DnsFunc | None = None) -> Health:
    """Everything ``pbem status`` shows, read in one session, with the problems that need the organiser.

    ``dnsfunc``: the resolver the published DKIM record is looked up with, when pbem signs (None: the key
    file is checked, not the DNS)."""
    settings = service.settings
    now = service.clock.now()
    alert_after = timedelta(minutes=settings.alert_after_minutes)
    with Session(service.db) as session:
        runs = [Run(r.host, r.pid, r.started, r.beat, r.stopped, r.failing_since, r.failure) for r in session.exec(
            select(Heartbeat).order_by(Heartbeat.id.desc()).limit(20))]  # type: ignore[union-attr]
        last_in = _mail(session.exec(select(Inbound.id, Inbound.received, Inbound.sender, Inbound.status)
                                     .order_by(Inbound.id.desc()).limit(1)).first())  # type: ignore[union-attr]
        last_try = last_out = None
        for row in session.exec(select(Outbox.id, Outbox.tried, Outbox.recipient, Outbox.status, Outbox.last_error)
                                .where(Outbox.tried != None)  # noqa: E711
                                .order_by(Outbox.tried.desc())):  # type: ignore[union-attr]
            # Newest try first, along ix_outbox_tried, until the newest sent one (a sent row's tried is its sent):
            # asking SQL for status = 'sent' would read every sent row through the status index instead.
            last_try = last_try or _mail(row)
            if row.status == "sent":
                last_out = _mail(row)
                break
        unsent_rows = (select(Outbox.id, Outbox.created, Outbox.recipient, Outbox.status, Outbox.last_error,
                              Outbox.tried)  # few: the status index finds them, never reading a sent one
                       .where(Outbox.status.in_((OutboxStatus.PENDING, OutboxStatus.FAILED)))  # type: ignore[attr-defined]
                       .order_by(Outbox.id))
        unsent = [MailSeen(row.id, stored(row.created), row.recipient, row.status, row.last_error,
                           stored(row.tried) if row.tried else None) for row in session.exec(unsent_rows)]
        pending = [mail for mail in unsent if mail.status == OutboxStatus.PENDING]
        failed = [mail for mail in unsent if mail.status == OutboxStatus.FAILED]
        erred = [mail for mail in unsent if mail.tried is not None and mail.error]
        newest = max(erred, key=lambda mail: mail.tried or now, default=None)
        last_error = replace(newest, at=newest.tried) if newest is not None and newest.tried else None
        stored_or_failed = Inbound.status.in_((InboundStatus.STORED, InboundStatus.FAILED))  # type: ignore[attr-defined]
        inbound_counts = dict(session.exec(select(Inbound.status, func.count()).where(stored_or_failed)
                                           .group_by(Inbound.status)).all())
        oldest_inbound = _mail(session.exec(select(Inbound.id, Inbound.received, Inbound.sender, Inbound.status)
                                            .where(Inbound.status == InboundStatus.STORED).order_by(Inbound.id).limit(1)).first())
        held = list(session.exec(select(Player.email).where(Player.bounce_hold == True)  # noqa: E712
                                 .order_by(Player.email)))
        awaiting = (select(Seat.game_id, Seat.seat, Seat.deadline, Player.email, Seat.bot, Player.bounce_hold)
                    .join(Game, Game.id == Seat.game_id).outerjoin(Player, Player.id == Seat.player_id)
                    .where(Game.status == "active", Seat.awaiting == True, Seat.deadline != None))  # noqa: E711,E712
        late = [_due(row) for row in session.exec(awaiting.where(Seat.deadline <= now)  # type: ignore[operator]
                                                  .order_by(Seat.deadline))]
        upcoming = session.exec(awaiting.where(Seat.deadline > now)  # type: ignore[operator]
                                .order_by(Seat.deadline).limit(1)).first()
        signups = session.exec(select(func.count(), func.min(SignUp.confirmed))
                               .where(SignUp.status == "pending")).one()
    running, how, shown = _running(service, runs, now)
    missed = now - timedelta(seconds=settings.scan_seconds)
    overdue = [seat for seat in late if seat.deadline < missed and not seat.held]
    health = Health(
        now=now, running=running, how=how, runs=tuple(shown), last_scan=max((r.beat for r in runs), default=None),
        last_in=last_in, last_out=last_out, last_try=last_try, last_error=last_error,
        pending=len(pending), failed=len(failed), oldest_pending=pending[0] if pending else None,
        inbound_waiting=inbound_counts.get(InboundStatus.STORED, 0), oldest_inbound=oldest_inbound,
        inbound_failed=inbound_counts.get(InboundStatus.FAILED, 0), held=tuple(held[:SHOWN_AT_MOST]), held_count=len(held),
        late=tuple(late[:SHOWN_AT_MOST]), late_count=len(late), overdue=tuple(overdue[:SHOWN_AT_MOST]),
        overdue_count=len(overdue), next_deadline=_due(upcoming) if upcoming else None,
        alert_after=alert_after, problems=(), signups=signups[0],
        oldest_signup=stored(signups[1]) if signups[1] else None,
        dkim=(f"pbem signs, s={settings.dkim_selector} d={signing.from_domain(settings)}" if settings.dkim_selector
              else "left to the relay (dkim_selector is empty)"),
    )
    judged = _judged(health)
    return replace(judged, problems=(*judged.problems, *signing.problems(settings, dnsfunc)))


def _mail(row: tuple | None) -> MailSeen | None:  # type: ignore[type-arg]
    """(id, when, address, status[, error]) as a :class:`MailSeen`; None without a row or a time."""
    if row is None or row[1] is None:
        return None
    return MailSeen(row[0], stored(row[1]), row[2] or "", row[3], row[4] if len(row) > 4 else "")


def _due(row: tuple) -> SeatDue:  # type: ignore[type-arg]
    game_id, seat, deadline, email, bot, held = row
    return SeatDue(game_id, seat + 1, stored(deadline), email or (f"bot {bot}" if bot else ""), bool(held))



def _running(service: Service, runs: list[Run], now: datetime) -> tuple[bool, str, list[Run]]:
    """Whether a server runs, how that is known, and the runs to show."""
    lock: LockState | None = lock_state(service.settings.database_url)
    newest = runs[:1]
    if lock is not None:
        if lock.held:
            mine = [r for r in runs if str(r.pid) == lock.pid and r.stopped is None][:1]
            return True, f"pid {lock.pid or '?'} holds {lock.lock}", mine or newest
        return False, f"no process holds {lock.lock}", newest
    fresh = [r for r in runs if r.stopped is None and now - stored(r.beat) <= stale_after(service)]
    if fresh:
        return True, f"heartbeat within {age(now - stale_after(service), now)}", fresh
    return False, f"no run has written its heartbeat within {age(now - stale_after(service), now)}", newest


def _judged(health: Health) -> Health:
    """``health`` with the problems that need the organiser, each one line saying what and since when."""
    now, limit = health.now, health.alert_after
    problems: list[str] = []
    if not health.running:
        last = health.runs[0] if health.runs else None
        if last is None:
            problems.append(f"pbem serve is not running ({health.how}); it has never run on this database")
        elif last.stopped is not None:
            problems.append(f"pbem serve is not running ({health.how}); the last run (pid {last.pid} on "
                            f"{last.host}) stopped {age(last.stopped, now)} ago")
        else:
            problems.append(f"pbem serve is not running ({health.how}); the last run (pid {last.pid} on "
                            f"{last.host}) last scanned {age(last.beat, now)} ago and did not stop cleanly "
                            f"(killed or crashed)")
    elif health.last_scan is not None and now - health.last_scan > limit:
        problems.append(f"pbem serve runs but its last scan was {age(health.last_scan, now)} ago (alert after "
                        f"{age(now - limit, now)})")
    failing = [run for run in health.runs if run.failing_since is not None] if health.running else []
    for run in failing:
        since = stored(run.failing_since) if run.failing_since else now
        problems.append(f"the scans of pbem serve (pid {run.pid} on {run.host}) have failed for {age(since, now)}, "
                        f"so no deadline, reminder or round runs: {run.failure}; the serve log has the traceback")
    if health.overdue:
        first = ", ".join(f"game {seat.game_id} seat {seat.seat_no} ({seat.player}) {age(seat.deadline, now)}"
                          for seat in health.overdue[:3])
        more = f" and {health.overdue_count - 3} more" if health.overdue_count > 3 else ""
        count = health.overdue_count
        problems.append(f"{count} seat{'s are' if count != 1 else ' is'} past {'their' if count != 1 else 'its'} "
                        f"deadline by more than a scan and not timed out: {first}{more}")
    tried = health.last_try
    if tried is not None and tried.status != OutboxStatus.SENT:
        kind = "was refused for good" if tried.status == OutboxStatus.FAILED else "was deferred"
        problems.append(f"the last send failed: mail {tried.mail_id} to {tried.address} {kind} "
                        f"{age(tried.at, now)} ago: {tried.error}")
    pending = health.oldest_pending
    if pending is not None and now - pending.at > limit:
        why = f" (last error: {pending.error})" if pending.error else " (never tried yet)"
        problems.append(f"mail out {pending.mail_id} to {pending.address} has waited {age(pending.at, now)} for "
                        f"the relay{why}")
    if health.oldest_signup is not None and now - health.oldest_signup > SIGNUP_WAIT:
        problems.append(f"{health.signups} sign-up{'s' if health.signups != 1 else ''} by mail await your approval, "
                        f"the oldest for {age(health.oldest_signup, now)}: `pbem tournament signups` lists them")
    waiting = health.oldest_inbound
    if waiting is not None and now - waiting.at > limit:
        problems.append(f"mail in {waiting.mail_id} from {waiting.address or 'nobody'} has waited "
                        f"{age(waiting.at, now)} to be handled")
    return replace(health, problems=tuple(problems))
