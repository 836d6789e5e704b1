"""``pbem player show|release``: one player as the organiser needs to see them, and lifting a bounce hold.

A player exists once registered for a tournament or seated in a game; these
commands find them by their address.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from pbem.admin import Admin
from pbem.cli.organiser import BY_HELP, actor, attempt
from pbem.app import open_service
from pbem.cli.service import settings_or_exit
from pbem.play.service import Service

app = typer.Typer(help="Players: their details, games and mail bounces.", no_args_is_help=True)
EMAIL = typer.Argument(..., metavar="EMAIL", help="The player's registered address.")


def _admin(by: str = "") -> Admin:
    return Admin(open_service(settings_or_exit()), actor(by))


def bounce_state(score: int, hold: bool) -> str:
    """A player's bounce state in a few words: what ``player show`` and ``tournament show`` print."""
    if hold:
        return f"mail bouncing (score {score}), deadlines held"
    return f"bounce score {score}" if score else "mail fine"


@app.command("show")
def show(email: str = EMAIL) -> None:
    """Address, name, language, time zone, every game they sit in, and their bounce score."""
    report = attempt(lambda: _admin().player(email))
    typer.echo(f"{report.name or '(no name)'} <{report.email}>: language {report.language or 'not chosen (mails in English)'}, time zone "
               f"{report.time_zone}" + (f", on vacation until {report.vacation_until}" if report.vacation_until else ""))
    typer.echo(f"mail: {bounce_state(report.bounce_score, report.bounce_hold)}"
               + (f"; last bounce {report.bounced_on}: {report.bounce_detail}" if report.bounced_on else ""))
    if report.bounce_hold:
        typer.echo(f"  once their mailbox works: pbem player release {report.email} --reason \"...\"")
    table = Table(title="games")
    for column in ("game", "table", "status", "seat", "bot", "awaiting", "deadline (UTC)"):
        table.add_column(column)
    for seat in report.seats:
        table.add_row(str(seat.game_id), seat.label, seat.status, str(seat.seat_no), seat.bot,
                      "yes" if seat.awaiting else "", seat.deadline.strftime("%Y-%m-%d %H:%M") if seat.deadline else "")
    Console().print(table)


@app.command("release")
def release(
    email: str = EMAIL,
    reason: str = typer.Option("", "--reason", help="Why, for the audit log (e.g. \"mailbox fixed\")."),
    by: str = typer.Option("", "--by", help=BY_HELP),
) -> None:
    """Clear the player's bounce score and lift the hold: each decision they owe gets a full answer time."""
    moved = attempt(lambda: _admin(by).release(email, reason))
    games = ", ".join(str(game_id) for game_id in moved)
    typer.echo(f"{email}: bounce score cleared" + (f"; deadlines run again in games {games}" if moved else ""))
