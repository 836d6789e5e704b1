"""``pbem status``: the health of the service at a glance, and an exit status a monitor can alert on.

It exits 0 when all is well and 1 when something needs the organiser (see
:mod:`pbem.serve.health` for what counts), after printing why, so a systemd
timer, cron or any monitor can run it and mail whoever is on duty. It only
reads: it never creates a database nor takes the serve lock for longer than
an instant. Stored text (addresses, relay replies) is printed literally.
"""

from __future__ import annotations

from datetime import datetime

import typer
from dkim import dnsplug
from rich.console import Console

from pbem.app import open_service
from pbem.cli.service import UNOPENED, database_problem, loaded_or_exit
from pbem.serve import health, preflight
from pbem.serve.health import Health, MailSeen, SeatDue, age


def status() -> None:
    """The service's health: serve running, mail in and out, the relay, bounces, deadlines; exit 1 if it needs you."""
    loaded = loaded_or_exit()
    settings = loaded.settings
    console = Console(markup=False, highlight=False, emoji=False)
    try:
        preflight.check_database(loaded)
    except preflight.NoDatabase as exc:
        console.print(f"pbem status: needs the organiser\nproblems:\n  - {exc}", soft_wrap=True)
        raise typer.Exit(1) from None
    try:
        service = open_service(settings)
        try:
            found = health.check(service, dnsfunc=dnsplug.get_txt)
        finally:
            service.db.dispose()
    except UNOPENED as exc:
        problem = database_problem(settings.database_url, exc)
        console.print(f"pbem status: needs the organiser\nproblems:\n  - {problem}", soft_wrap=True)
        raise typer.Exit(1) from None
    for line in lines(found):
        console.print(line, soft_wrap=True)
    raise typer.Exit(0 if found.ok else 1)


def lines(found: Health) -> list[str]:
    """What ``pbem status`` prints: a verdict, one line per concern, then the problems, if any."""
    now = found.now
    count = len(found.problems)
    verdict = "all is well" if found.ok else f"needs the organiser ({count} problem{'s' if count != 1 else ''})"
    printed = [f"pbem status at {_when(now)}: {verdict}",
               f"serve:      {_serve(found)}",
               f"last scan:  {_ago(found.last_scan, now) if found.last_scan else 'never'}",
               f"mail in:    last {_seen(found.last_in, now, 'from')}; waiting to be handled "
               f"{found.inbound_waiting}{_oldest(found.oldest_inbound, now)}; set aside as failed "
               f"{found.inbound_failed}",
               f"mail out:   last sent {_seen(found.last_out, now, 'to')}; pending {found.pending}"
               f"{_oldest(found.oldest_pending, now)}; failed {found.failed}",
               f"relay:      last error {_error(found.last_error, now)}",
               f"dkim:       {found.dkim}",
               f"bounces:    players held {_listed(list(found.held), found.held_count)}",
               f"deadlines:  seats past theirs {_listed([_seat(s, now) for s in found.late], found.late_count)}; "
               f"next {_seat(found.next_deadline, now) if found.next_deadline else 'none'}",
               f"sign-ups:   awaiting approval {_signups(found, now)}"]
    if found.problems:
        printed.append("problems:")
        printed.extend(f"  - {problem}" for problem in found.problems)
    return printed


def _signups(found: Health, now: datetime) -> str:
    if not found.signups or found.oldest_signup is None:
        return "none"
    return f"{found.signups} (oldest confirmed {_ago(found.oldest_signup, now)}): `pbem tournament signups`"


def _when(value: datetime) -> str:
    return value.strftime("%Y-%m-%d %H:%M:%S UTC")


def _ago(value: datetime, now: datetime) -> str:
    return f"{_when(value)} ({age(value, now)} ago)" if value <= now else f"{_when(value)} (in {age(now, value)})"


def _serve(found: Health) -> str:
    if not found.running:
        return f"NOT running ({found.how})"
    runs = "; ".join(f"pid {run.pid} on {run.host} since {_ago(run.started, found.now)}" for run in found.runs)
    return f"running ({found.how}){': ' + runs if runs else ''}"


def _seen(mail: MailSeen | None, now: datetime, direction: str) -> str:
    if mail is None:
        return "none"
    return f"{mail.mail_id} {direction} {mail.address or 'nobody'}, {mail.status}, {_ago(mail.at, now)}"


def _oldest(mail: MailSeen | None, now: datetime) -> str:
    return f" (oldest: {mail.mail_id}, {age(mail.at, now)} old)" if mail is not None else ""


def _error(mail: MailSeen | None, now: datetime) -> str:
    if mail is None:
        return "none"
    return f"{_ago(mail.at, now)}: mail {mail.mail_id} to {mail.address} ({mail.status}): {mail.error}"


def _listed(items: list[str], total: int) -> str:
    if not total:
        return "none"
    more = f", and {total - len(items)} more" if total > len(items) else ""
    return f"{total}: {', '.join(items)}{more}"


def _seat(due: SeatDue, now: datetime) -> str:
    who = f" ({due.player})" if due.player else ""
    return f"game {due.game_id} seat {due.seat_no}{who} {_ago(due.deadline, now)}"
