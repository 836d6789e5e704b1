"""``pbem game new|list|publish``: single games outside any tournament (publish: any game).

Stored text (table labels, players' names) reaches rich's table through :func:`rich.markup.escape`: rich reads
``[…]`` as markup, and a name is anyone's text.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pbem.cli.organiser import BY_HELP, actor, group, refuse
from pbem.cli.service import mailing_service, reading_service
from pbem.cli.tournament import publish_folder, publish_zone, written
from pbem.play.players import LANGUAGES
from pbem.play.service import GameSetupError
from pbem.tournament import pages
from tournaments import parse_duration

app = group("Single games: start one, list them, publish one's page.")

def hours(text: str) -> float:
    """``72h``, ``3d`` or ``90m`` in hours, read as a tournament file's deadlines are."""
    try:
        given = parse_duration(text).total_seconds() / 3600
    except ValueError as exc:
        refuse(f"--deadline {text!r}: {exc}")
    if given <= 0:
        refuse(f"--deadline {text!r} leaves no time to answer; give e.g. 72h")
    return given


def options(pairs: list[str]) -> dict[str, object]:
    chosen: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            refuse(f"--option {pair!r} is not KEY=VALUE, e.g. --option seats_shown=true")
        chosen[key.strip()] = _value(value.strip())
    return chosen


def _value(text: str) -> object:
    if text.lower() in {"true", "false"}:
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


@app.command("new")
def new(
    game: str = typer.Argument(..., help="Game name: dragon, china or prodigals."),
    player: list[str] = typer.Option([], "--player", "-p", help="A player's email; seat i is the i-th --player."),
    bots_count: int = typer.Option(0, "--bots", help="Bot seats after the players."),
    seed: int = typer.Option(None, "--seed", help="Game seed (random when not given)."),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option KEY=VALUE."),
    deadline: str = typer.Option("", "--deadline", help="Time to answer each prompt, e.g. 72h, 3d or 90m."),
    bot: str = typer.Option("greedy", "--bot", help="Bot for the bot seats: random, greedy, search or search:N "
                                                        "(N playouts a decision)."),
    by: str = typer.Option("", "--by", help=BY_HELP),
) -> None:
    """Start a game and queue its first prompts (sent by pbem serve)."""
    chosen, answer_hours = options(option), hours(deadline) if deadline else None
    service = mailing_service()
    try:
        game_id = service.new_game(game, player, bots_count=bots_count, seed=seed, options=chosen,
                                   deadline_hours=answer_hours, bot=bot, actor=actor(by))
    except GameSetupError as exc:  # a request refused, not a command line misread: one line, exit 1
        refuse(str(exc))
    except KeyError as exc:
        refuse(str(exc.args[0]) if exc.args else str(exc))
    typer.echo(f"game {game_id} started; first prompts queued")


@app.command("list")
def listing() -> None:
    """Every game with its status, moves and who it waits for."""
    service = reading_service()
    table = Table(title="games")
    for column in ("id", "table", "status", "moves", "waiting for", "next deadline (UTC)"):
        table.add_column(column)
    for row in service.games():
        waiting = ", ".join(f"seat {seat} {who}" for seat, who, _ in row["waiting"])
        deadline = row["deadline"].strftime("%Y-%m-%d %H:%M") if row["deadline"] else ""
        table.add_row(str(row["id"]), escape(row["label"]), row["status"], str(row["moves"]), escape(waiting), deadline)
    Console().print(table)


@app.command("publish")
def publish(
    game_id: int = typer.Argument(..., metavar="ID"),
    out: Path = typer.Option(..., "--out", help="Folder to write games/ID.html (and its picture) into."),
    language: str = typer.Option("en", "--language", help="The page's language: " + ", ".join(LANGUAGES) + "."),
    zone: str = typer.Option("UTC", "--time-zone", help="The time zone the page shows times in."),
) -> None:
    """Write one game's static page: its board as a spectator sees it, seats, who is due, moves and result."""
    if language not in LANGUAGES:
        refuse(f"--language {language!r} is not one we write in; use one of {', '.join(LANGUAGES)}")
    folder, shown_in = publish_folder(out), publish_zone(zone)
    try:
        page = written(out, lambda: pages.publish_game(reading_service(), game_id, folder, language,
                                                       shown_in))
    except KeyError:
        refuse(f"no game {game_id}; `pbem game list` shows them")
    typer.echo(f"wrote {page}")
