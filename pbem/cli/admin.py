"""The organiser's disputes toolkit on the command line: ``pbem game show|log|replay|undo|move|deadline|
replace|resend|pause|resume``, ``pbem dispute list|show|resolve``, ``pbem inbound list|show|retry``,
``pbem outbox list|retry`` and ``pbem audit``.

The ``game`` commands join the ``pbem game`` group of :mod:`pbem.cli.game`.
Every command that changes something takes ``--by`` (default $USER) and,
except ``resend``, a ``--reason``; both go to the audit log.
"""

from __future__ import annotations

from collections.abc import Iterable

import typer
from rich.console import Console
from rich.table import Table

from pbem.admin import Admin
from pbem.cli.game import app as game_app
from pbem.cli.organiser import BY_HELP, actor, attempt, refuse
from pbem.cli.service import mailing_service, settings_or_exit
from pbem.play.service import Service
from pbem.app import open_service
from pbem.play.outcome import STATUSES

disputes_app = typer.Typer(help="Disputes players opened with `dispute <text>`.", no_args_is_help=True)
inbound_app = typer.Typer(help="Inbound mail as stored: list it, read one, retry one set aside as failed.",
                          no_args_is_help=True)
outbox_app = typer.Typer(help="Outgoing mail: list it, send again one the relay refused for good.",
                         no_args_is_help=True)
INBOUND_ID = typer.Argument(..., metavar="ID", help="The stored message (see `pbem inbound list`).")

GAME_ID = typer.Argument(..., metavar="ID", help="The game (see `pbem game list`).")
SEAT = typer.Option(..., "--seat", help="Seat number, 1 = first player.")
REASON = typer.Option("", "--reason", help="Why: recorded in the audit log and told to the players.")
BY = typer.Option("", "--by", help=BY_HELP)


def _reader() -> Admin:
    """For commands that only read: any settings do."""
    return Admin(open_service(settings_or_exit()), actor(""))


def _admin(by: str) -> Admin:
    """For commands that act on games or mail: they may mail players, so the settings must allow it."""
    return Admin(mailing_service(), actor(by))


def _when(value: object) -> str:
    return value.strftime("%Y-%m-%d %H:%M") if value else ""  # type: ignore[attr-defined]


@game_app.command("show")
def show(game_id: int = GAME_ID) -> None:
    """The full state, hidden information included: seats, deadlines, the board and each seat's view."""
    report = attempt(lambda: _reader().show(game_id))
    console = Console()
    console.print(f"[bold]game {report.game_id}[/bold] {report.label}: {report.game}, {report.status}, seed "
                  f"{report.seed}, options {report.options}; {report.moves} moves ({report.reverted} reverted); "
                  f"to act: {', '.join(f'seat {s}' for s in report.to_act) or 'nobody'}", highlight=False)
    seats = Table(title="seats")
    for column in ("seat", "player", "email", "bot", "awaiting", "deadline (UTC)", "timeouts", "forfeited"):
        seats.add_column(column)
    for seat in report.seats:
        seats.add_row(str(seat.seat_no), seat.player, seat.email, seat.bot, "yes" if seat.awaiting else "",
                      _when(seat.deadline), str(seat.timeouts), "yes" if seat.forfeited else "")
    console.print(seats)
    console.print(report.board, markup=False, highlight=False)
    for number, view in enumerate(report.private, start=1):
        console.print(f"--- seat {number} sees ---", highlight=False)
        console.print(view, markup=False, highlight=False)
    if report.result is not None:
        console.print(f"result: scores {report.result.scores}, ranks {report.result.ranks}", highlight=False)


@game_app.command("log")
def log(game_id: int = GAME_ID) -> None:
    """Every move, reverted ones too, with its time, source and the inbound message it came in."""
    lines = attempt(lambda: _reader().log(game_id))
    typer.echo(f"game {game_id}: {len(lines)} moves (time UTC, seat, move, source, inbound message)")
    for line in lines:
        inbound = f" <{line.message_id.strip('<>')}> from {line.sender}" if line.message_id else ""
        reverted = "  REVERTED" if line.reverted else ""
        typer.echo(f"{line.seq:4d}  {line.at:%Y-%m-%d %H:%M:%S}  seat {line.seat_no} ({line.who})  {line.notation}"
                   f"  [{line.source}{inbound}]{reverted}")


@game_app.command("replay")
def replay(game_id: int = GAME_ID, at: int = typer.Option(..., "--at", help="Move number (0: the set-up).")) -> None:
    """The board after move N (reverted moves left out)."""
    typer.echo(attempt(lambda: _reader().replay(game_id, at)))


@game_app.command("undo")
def undo(
    game_id: int = GAME_ID,
    to: int = typer.Option(..., "--to", help="The last move to keep; every later move is marked reverted."),
    reason: str = REASON,
    force: bool = typer.Option(False, "--force", help="Also take back moves other players made in answer."),
    by: str = BY,
) -> None:
    """Take back every move after N (never deleted), re-prompt whoever must decide and tell the table."""
    reverted = attempt(lambda: _admin(by).undo(game_id, to, reason, force))
    typer.echo(f"game {game_id}: reverted moves {', '.join(map(str, reverted))}; the table is told")


@game_app.command("move")
def move(
    game_id: int = GAME_ID,
    notation: str = typer.Argument(..., help="The move in the game's notation, as a player would write it."),
    seat: int = SEAT,
    reason: str = REASON,
    by: str = BY,
) -> None:
    """Make a move on a player's behalf."""
    played = attempt(lambda: _admin(by).move(game_id, seat, notation, reason))
    typer.echo(f"game {game_id} seat {seat}: played {'; '.join(played)}")


@game_app.command("deadline")
def deadline(
    game_id: int = GAME_ID,
    extend: str = typer.Option(..., "--extend", help="How much longer, e.g. 48h or 2d."),
    seat: int = typer.Option(None, "--seat", help="Only this seat (default: every open decision)."),
    reason: str = REASON,
    by: str = BY,
) -> None:
    """Extend the open deadlines of a game."""
    seats = attempt(lambda: _admin(by).extend_deadline(game_id, extend, reason, seat))
    typer.echo(f"game {game_id}: deadline of seat(s) {', '.join(map(str, seats))} extended by {extend}")


@game_app.command("replace")
def replace(
    game_id: int = GAME_ID,
    seat: int = SEAT,
    player: str = typer.Option(..., "--player", help="The new player's email, or a bot: bot (greedy), bot:greedy, bot:random, "
                                                   "bot:search, bot:search:N (N playouts a decision)."),
    reason: str = REASON,
    by: str = BY,
) -> None:
    """Give a seat to another player or to a bot."""
    who = attempt(lambda: _admin(by).replace(game_id, seat, player, reason))
    typer.echo(f"game {game_id} seat {seat} is now played by {who}")


@game_app.command("resend")
def resend(game_id: int = GAME_ID, seat: int = SEAT, by: str = BY) -> None:
    """Send the seat's open prompt again."""
    attempt(lambda: _admin(by).resend(game_id, seat))
    typer.echo(f"game {game_id} seat {seat}: prompt queued again")


@game_app.command("pause")
def pause(game_id: int = GAME_ID, reason: str = REASON, by: str = BY) -> None:
    """Stop a game's clock and refuse its replies until it is resumed."""
    attempt(lambda: _admin(by).pause(game_id, reason))
    typer.echo(f"game {game_id} paused; the players are told")


@game_app.command("resume")
def resume(game_id: int = GAME_ID, reason: str = REASON, by: str = BY) -> None:
    """Restart a paused game; every open decision gets a full new deadline."""
    attempt(lambda: _admin(by).resume(game_id, reason))
    typer.echo(f"game {game_id} resumed; the players are told")


@disputes_app.command("list")
def dispute_list(status: str = typer.Option("open", "--status", help="open, resolved or all.")) -> None:
    """Disputes, open ones by default."""
    if status not in ("open", "resolved", "all"):
        refuse(f"--status {status!r}: use open, resolved or all")
    table = Table(title=f"disputes ({status})")
    for column in ("id", "opened (UTC)", "game", "player", "status", "text"):
        table.add_column(column)
    for dispute, label, email in _reader().disputes("" if status == "all" else status):
        table.add_row(str(dispute.id), _when(dispute.created), f"{dispute.game_id} {label}", email, dispute.status,
                      dispute.text[:60])
    Console().print(table)


@disputes_app.command("show")
def dispute_show(dispute_id: int = typer.Argument(..., metavar="ID")) -> None:
    """A dispute in full, with what the organiser did to its game since it was opened."""
    dispute, label, email, trail = attempt(lambda: _reader().dispute(dispute_id))
    typer.echo(f"dispute {dispute.id} ({dispute.status}), opened {_when(dispute.created)} UTC by {email} "
               f"in game {dispute.game_id} ({label}):")
    typer.echo("\n".join("  " + line for line in dispute.text.splitlines()))
    for row in trail:
        typer.echo(f"{_when(row.at)}  {row.actor}: {row.action} — {row.detail}")


@disputes_app.command("resolve")
def dispute_resolve(dispute_id: int = typer.Argument(..., metavar="ID"), reason: str = REASON, by: str = BY) -> None:
    """Close a dispute; the player who opened it gets the reason."""
    attempt(lambda: _admin(by).resolve(dispute_id, reason))
    typer.echo(f"dispute {dispute_id} resolved; the player is told")


@disputes_app.command("reply")
def dispute_reply(dispute_id: int = typer.Argument(..., metavar="ID"),
                  text: str = typer.Argument(..., metavar="TEXT", help="What the player is told."),
                  by: str = BY) -> None:
    """Write to the player who opened a dispute (it stays open); kept in the audit log."""
    attempt(lambda: _admin(by).reply(dispute_id, text))
    typer.echo(f"dispute {dispute_id}: your reply is mailed to the player")


@inbound_app.command("list")
def inbound_list(
    status: str = typer.Option("all", "--status", help=f"{', '.join(STATUSES)}, or all."),
    limit: int = typer.Option(50, "--limit", help="The newest N messages."),
) -> None:
    """Stored inbound messages, newest last; `--status failed` shows those set aside because handling raised."""
    wanted = _filter(status, STATUSES, limit)
    admin = _reader()
    _print(f"inbound mail ({status}, newest {limit})",
           ("id", "received (UTC)", "from", "status", "tries", "game", "bytes", "reason"),
           ([str(row.inbound_id), _when(row.received), row.sender, row.status, str(row.attempts),
             str(row.game_id or ""), f"{row.size:,}", row.reason[:60]] for row in admin.inbound(wanted, limit)))
    counts = admin.inbound_counts()
    typer.echo("all stored mail by status: " + (" · ".join(f"{name} {count:,}" for name, count in counts.items())
                                                 or "none"))


def _filter(status: str, statuses: tuple[str, ...], limit: int) -> str:
    """The status to list ("" for all), after refusing a status or limit that cannot be listed."""
    if status not in (*statuses, "all"):
        refuse(f"--status {status!r}: use one of {', '.join(statuses)} or all")
    if limit < 1:
        refuse(f"--limit {limit}: give 1 or more")
    return "" if status == "all" else status


def _print(title: str, columns: tuple[str, ...], rows: Iterable[list[str]]) -> None:
    table = Table(title=title)
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(*row)
    Console().print(table)


@inbound_app.command("show")
def inbound_show(inbound_id: int = INBOUND_ID) -> None:
    """One message: its record, headers and the text the pipeline reads from it."""
    detail = attempt(lambda: _reader().inbound_detail(inbound_id))
    row = detail.report
    typer.echo(f"message {row.inbound_id} {row.message_id}, received {_when(row.received)} UTC from "
               f"{row.sender or '(no sender)'}, {row.size:,} bytes")
    typer.echo(f"to: {', '.join(detail.recipients) or '(none)'}")
    typer.echo(f"subject: {detail.subject}")
    typer.echo(f"status: {row.status}{f' ({row.reason})' if row.reason else ''}; handling attempts that raised: "
               f"{row.attempts}; game: {row.game_id or '-'}; read as: {detail.kind}")
    typer.echo("text as read:")
    typer.echo("\n".join("  " + line for line in detail.text.splitlines()) or "  (none)")


@inbound_app.command("retry")
def inbound_retry(inbound_id: int = INBOUND_ID, reason: str = REASON, by: str = BY) -> None:
    """Handle again a message set aside as failed, once the fault that failed it is fixed."""
    outcome = attempt(lambda: _admin(by).retry(inbound_id, reason))
    typer.echo(f"message {inbound_id}: {outcome.status}{f' ({outcome.reason})' if outcome.reason else ''}"
               + (f", {outcome.moves} move{'s' if outcome.moves != 1 else ''} applied" if outcome.moves else ""))
    if outcome.status in ("stored", "failed"):
        raise typer.Exit(1)


@outbox_app.command("list")
def outbox_list(
    status: str = typer.Option("all", "--status", help="pending, sent, failed, or all."),
    limit: int = typer.Option(50, "--limit", help="The newest N mails."),
) -> None:
    """Outgoing mails, newest last; `--status failed` shows those the relay refused for good."""
    wanted = _filter(status, ("pending", "sent", "failed"), limit)
    _print(f"outbox ({status}, newest {limit})",
           ("id", "written (UTC)", "to", "kind", "status", "tries", "game", "subject / last error"),
           ([str(row.outbox_id), _when(row.created), row.recipient, row.kind, row.status, str(row.attempts),
             str(row.game_id or ""), (row.last_error if row.status == "failed" else row.subject)[:60]]
            for row in _reader().outbox(wanted, limit)))


@outbox_app.command("retry")
def outbox_retry(outbox_id: int = typer.Argument(..., metavar="ID", help="The mail (see `pbem outbox list`)."),
                 reason: str = REASON, by: str = BY) -> None:
    """Queue again a mail that failed for good, once its cause is fixed; `pbem serve` sends it."""
    row = attempt(lambda: _admin(by).retry_mail(outbox_id, reason))
    typer.echo(f"mail {row.outbox_id} to {row.recipient} is queued again; `pbem serve` sends it")


def audit(
    game: int = typer.Option(None, "--game", help="Only this game."),
    limit: int = typer.Option(200, "--limit", help="The newest N entries."),
) -> None:
    """Every organiser and service action: when, who, what and why."""
    if limit < 1:
        refuse(f"--limit {limit}: give 1 or more")
    rows = _reader().audit_log(game, limit)
    typer.echo(f"audit log{f' of game {game}' if game is not None else ''}: {len(rows)} entries "
               f"(time UTC, who, action, game, detail)")
    for row in rows:
        where = f"  game {row.game_id}" if row.game_id else ""
        typer.echo(f"{row.at:%Y-%m-%d %H:%M:%S}  {row.actor}  {row.action}{where}  {row.detail}")
