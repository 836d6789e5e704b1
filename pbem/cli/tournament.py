"""``pbem tournament …`` and ``pbem round start``: creating and running tournaments.

rich reads ``[…]`` in what it prints as markup, and what is stored (tournament, player and table names) is
anyone's text: it is printed through :func:`rich.markup.escape`, so ``[/]`` shows as written instead of
stopping the command, and ``[link=…]`` stays text instead of becoming a live link.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from sqlmodel import Session, select

from pbem.admin.tables import WORDS, Col, Fitted
from pbem.cli.organiser import BY_HELP, actor, attempt, counted, group, refuse
from pbem.admin.players import bounce_state
from pbem.cli.service import mailing_service, reading_service
from pbem.clock import closest_time_zones, time_zone
from pbem.ops.db import Player
from pbem.play.players import LANGUAGES, ROSTER_COLUMNS, RosterError, address, read_roster
from pbem.play.service import Service
from pbem.tournament import pages, runner, signup
from tournaments import DefinitionError, Standings, TournamentError, standings_context

app = group("Tournaments: create, register players, run rounds, standings.")
rounds_app = group("Rounds of a tournament.")
app.add_typer(rounds_app, name="round")


T = TypeVar("T")


def _service() -> Service:
    return reading_service()


FILE = typer.Argument(..., help="The tournament definition (TOML); see tournaments/examples/.")


def _definition(file: Path, store: Callable[[str], T]) -> T:
    """Read a definition file and hand its text to ``store``; any problem with it is refused, listed by field."""
    if not file.is_file():
        refuse(f"{file} is not a file; give the path of a definition such as tournaments/examples/dragon-open.toml")
    try:
        text = file.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        refuse(f"{file} is not UTF-8 text (byte {exc.start}); save it as UTF-8")
    try:
        return store(text)
    except DefinitionError as exc:
        refuse(f"{file} cannot be used:\n" + "\n".join(f"  {problem}" for problem in exc.problems))
    except TournamentError as exc:
        refuse(str(exc))


@app.command("create")
def create(file: Path = FILE, by: str = typer.Option("", "--by", help=BY_HELP)) -> None:
    """Check a definition file and store the tournament; every problem is listed with its field."""
    tournament_id = _definition(file, lambda text: runner.create(_service(), text, actor(by)))
    typer.echo(f"tournament {tournament_id} created; register players with "
               f"`pbem tournament register {tournament_id} --player EMAIL`")
    typer.echo(signup.state(_service(), tournament_id))


@app.command("next-season")
def next_season(
    tournament_id: int = typer.Argument(..., metavar="ID", help="The finished league season."),
    file: Path = FILE,
    by: str = typer.Option("", "--by", help=BY_HELP),
) -> None:
    """Start a finished league's next season from FILE: its players carried over, promoted and relegated."""
    new_id, counts = _definition(file, lambda text: runner.next_season(_service(), tournament_id, text, actor(by)))
    spread = ", ".join(f"division {d}: {n}" for d, n in counts.items())
    typer.echo(f"tournament {new_id} created with {sum(counts.values())} players ({spread}); register newcomers "
               f"(they start in the last division) and start it with `pbem round start {new_id}`")


@app.command("register")
def register(
    tournament_id: int = typer.Argument(..., metavar="ID"),
    player: str = typer.Option("", "--player", help="The player's email address."),
    name: str = typer.Option("", "--name", help="The name shown in standings (default: the address's local part "
                                                 "in mails, \"Player N\" on the public pages)."),
    language: str = typer.Option("", "--language", help=f"The player's language: {', '.join(LANGUAGES)} "
                                                         "(default en)."),
    time_zone: str = typer.Option("", "--time-zone", help="Deadlines in the player's mails in this zone, e.g. "
                                                           "Europe/Athens (default UTC)."),
    file: Path = typer.Option(None, "--file", help="A CSV of players, header name,email,language,time_zone "
                                                   "(the last two optional): all registered, or none."),
    by: str = typer.Option("", "--by", help=BY_HELP),
) -> None:
    """Enter players from the next round to start and mail each a welcome (a dropped player rejoins if allowed)."""
    if bool(player) == bool(file):
        refuse("give one player with --player EMAIL, or a file of players with --file players.csv")
    if file is None:
        entrant = attempt(lambda: runner.register(_service(), tournament_id, player, name, actor(by), language,
                                                  time_zone))
        typer.echo(f"{entrant.name} <{address(player)}> plays from round {entrant.joined}; welcome queued (pbem serve sends it)")
        return
    if name or language or time_zone:
        refuse("--name, --language and --time-zone are for one --player; a file gives them in its columns")
    if not file.is_file():
        refuse(f"{file} is not a file; give a CSV with the header {','.join(ROSTER_COLUMNS)}")
    try:
        registrations = read_roster(file.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        refuse(f"{file} is not UTF-8 text (byte {exc.start}); save it as UTF-8")
    except RosterError as exc:
        refuse(f"{file}: nothing registered; fix these lines:\n" + "\n".join(f"  {p}" for p in exc.problems))
    try:
        entrants = runner.register_roster(_service(), tournament_id, registrations, actor(by))
    except TournamentError as exc:
        refuse(f"{file}: nothing registered; fix these lines:\n" + "\n".join(f"  {p}" for p in str(exc).splitlines()))
    typer.echo(f"{len(entrants)} players registered from {file}; each is mailed a welcome")


@app.command("drop")
def drop(
    tournament_id: int = typer.Argument(..., metavar="ID"),
    player: str = typer.Option(..., "--player", help="The player's email address."),
    reason: str = typer.Option("", "--reason", help="Why, for the audit log."),
    by: str = typer.Option("", "--by", help=BY_HELP),
) -> None:
    """Drop a player: they finish the round under way and are seated in no later round."""
    service = _service()
    entrant = attempt(lambda: runner.drop(service, tournament_id, player, reason, actor(by)))
    typer.echo(f"{entrant.name} dropped after round {entrant.dropped}")
    for game_id, seat, label in runner.unfinished_seats(service, tournament_id, player):
        typer.echo(f"still seated in game {game_id} ({label}), seat {seat}: to hand it to a bot now, "
                   f"`pbem game replace {game_id} --seat {seat} --player bot --reason dropped`")


@app.command("signups")
def signups(
    tournament_id: int = typer.Argument(None, metavar="[ID]", help="One tournament (default: every one)."),
    every: bool = typer.Option(False, "--all", help="Every sign-up, not only those awaiting approval."),
) -> None:
    """The sign-ups by mail awaiting your approval (``--all``: also those asked, decided or refused)."""
    service = _service()
    found = attempt(lambda: signup.listed(service, tournament_id, None if every else signup.PENDING))
    if tournament_id is not None:
        typer.echo(attempt(lambda: signup.state(service, tournament_id)))
    table = Table(title="sign-ups by mail" + ("" if every else " awaiting approval"))
    for column in ("tournament", "address", "status", "language", "time zone (guessed)", "asked (UTC)",
                   "confirmed (UTC)"):
        table.add_column(column)
    for row in found:
        table.add_row(escape(f"{row.tournament_id} {row.tournament}"), escape(row.address), row.status,
                      row.language, escape(row.time_zone), f"{row.asked:%Y-%m-%d %H:%M}",
                      f"{row.confirmed:%Y-%m-%d %H:%M}" if row.confirmed else "")
    Console().print(table)
    if found and not every:
        typer.echo("decide each with `pbem tournament approve ID ADDRESS` or `pbem tournament refuse ID ADDRESS`")


SIGNED_UP = typer.Argument(..., metavar="ADDRESS", help="The address that signed up and confirmed.")


@app.command("approve")
def approve(
    tournament_id: int = typer.Argument(..., metavar="ID"),
    address: str = SIGNED_UP,
    reason: str = typer.Option("", "--reason", help="Why, for the audit log."),
    by: str = typer.Option("", "--by", help=BY_HELP),
) -> None:
    """Enter a confirmed sign-up from the next round; the player is mailed the welcome."""
    name = attempt(lambda: signup.approve(_service(), tournament_id, address, reason, actor(by)))
    typer.echo(f"{address} approved for {name}: plays from the next round; welcome queued (pbem serve sends it)")


@app.command("refuse")
def refuse_signup(
    tournament_id: int = typer.Argument(..., metavar="ID"),
    address: str = SIGNED_UP,
    reason: str = typer.Option("", "--reason", help="Why, for the audit log (the player is not shown it)."),
    by: str = typer.Option("", "--by", help=BY_HELP),
) -> None:
    """Refuse a confirmed sign-up; the player is mailed that it was not accepted."""
    name = attempt(lambda: signup.refuse(_service(), tournament_id, address, reason, actor(by)))
    typer.echo(f"{address} refused for {name}; the player is told (pbem serve sends it)")


@app.command("list")
def listing() -> None:
    """Every tournament with its status and round."""
    table = Table(title="tournaments")
    for column in ("id", "name", "game", "status", "round", "players", "next round (UTC)"):
        table.add_column(column)
    for row in pages.summary(_service()):
        when = row["next_round_at"].strftime("%Y-%m-%d %H:%M") if row["next_round_at"] else ""
        table.add_row(str(row["id"]), escape(row["name"]), row["game"], row["status"], row["round"],
                      str(row["players"]), when)
    Console().print(table)


@app.command("show")
def show(tournament_id: int = typer.Argument(..., metavar="ID")) -> None:
    """The tournament's rules, players and every round's tables with their games."""
    service = _service()
    with Session(service.db) as session:
        loaded = attempt(lambda: runner.load(session, tournament_id))
        views = pages.rounds(session, loaded)
        bouncing = list(session.exec(select(Player).where(Player.id.in_([e.player for e in loaded.entrants]),  # type: ignore[union-attr]
                                                          Player.bounce_score > 0)))
    console = Console()
    definition, row = loaded.definition, loaded.row
    console.print(f"[bold]{escape(row.name)}[/bold] (tournament {row.id}): {definition.game}, "
                  f"{counted(definition.rounds, 'round')}, "
                  f"tables of {list(definition.seating.table_sizes)} (preferred {definition.seating.preferred}), "
                  f"{definition.seating.method} seating, {definition.scoring.system}; status {row.status}, "
                  f"{counted(row.rounds_started, 'round')} started", highlight=False)
    divided = len(loaded.divisions()) > 1
    console.print(escape(signup.state(service, tournament_id)), highlight=False)
    console.print("players: " + (", ".join(
        escape(e.name) + (f" (division {loaded.division_of[e.player]})" if divided else "")
        + (f" (from round {e.joined})" if e.joined > 1 else "")
        + (f" (dropped after round {e.dropped})" if e.dropped is not None else "") for e in loaded.entrants)
        or "none yet"), highlight=False)
    for player in bouncing:
        console.print(escape(f"  {player.name or player.email} <{player.email}>: "
                             f"{bounce_state(player.bounce_score, player.bounce_hold)}"), highlight=False)
    for view in views:
        table = Table(title=f"round {view.number} ({view.status}): repeat pairs {view.report.repeat_pairs}, "
                            f"seat imbalance {view.report.seat_imbalance}")
        for column in ("table", "game", "status", "players in seat order"):
            table.add_column(column)
        for item in view.tables:
            table.add_row(str(item.number), escape(f"{item.game_id} {item.label}"), item.status,
                          escape(", ".join(item.players)))
        if view.byes:
            table.add_row("bye", "", "", escape(", ".join(view.byes)))
        console.print(table)


@rounds_app.command("start")
def start(
    tournament_id: int = typer.Argument(..., metavar="ID"),
    by: str = typer.Option("", "--by", help=BY_HELP),
) -> None:
    """Seat the next round and queue every table's first prompts (pbem serve sends them)."""
    service = mailing_service()
    seating = attempt(lambda: runner.start_round(service, tournament_id, actor(by)))
    report = seating.report
    tables, byes = counted(len(seating.tables), "table"), counted(len(seating.byes), "bye")
    typer.echo(f"round {seating.round}: {tables}, {byes}, "
               f"repeat pairs {report.repeat_pairs}, seat imbalance {report.seat_imbalance}; first prompts queued")
    with Session(service.db) as session:
        left_out = runner.kept_out(session, tournament_id, seating.round)
    if left_out:
        typer.echo(f"left out for registration.min_reliability (the organiser's mail says each record): {left_out}")


@app.command("standings")
def standings(
    tournament_id: int = typer.Argument(..., metavar="ID"),
    after: int = typer.Option(None, "--after", help="After this round (default: the last round every table finished)."),
) -> None:
    """The standings with tie-breaks, ratings and each player's reliability across games (docs/reliability.md)."""
    service = _service()
    with Session(service.db) as session:
        loaded = attempt(lambda: runner.with_records(session, runner.load(session, tournament_id), service.clock.now()))
    if after is not None and not 1 <= after <= loaded.row.rounds_started:
        refuse(f"--after {after}: rounds started so far are 1-{loaded.row.rounds_started}")
    for table in loaded.all_standings(after):
        Console().print(standings_table(table))


def standings_table(standings: Standings) -> Fitted:
    """The standings as a table (the terminal twin of the standings mail); in a narrow terminal the tie-breaks
    go by their short names, and the games played, then the last tie-breaks, are left out before a name or a
    number is cut."""
    context = standings_context(standings)
    after = f"standings after round {context['after_round']}" if context["after_round"] else "no round finished yet"
    labels = context["labels"]
    columns = [Col("rank", right=True), Col("player", WORDS), Col("points", right=True),
               Col("games", right=True, spare=1),
               *(Col(label, right=True, short=short, spare=1 + len(labels) - index)
                 for index, (label, short) in enumerate(zip(labels, context["short_labels"], strict=True))),
               Col("rating", WORDS, right=True), Col("reliability", right=True, spare=1)]
    rows = []
    for row in context["rows"]:
        bot = f" ({row['bot_finished']} by bot)" if row["bot_finished"] else ""
        dropped = " (dropped)" if row["dropped"] else ""
        rows.append((row["place"], row["name"] + dropped, row["points"], str(row["games"]), *row["tie_breaks"],
                     row["rating"] + bot, row["reliability"]
                     + (f" ({row['reliability_games']})" if row["reliability_games"] else "")))
    return Fitted(f"{context['tournament']}: {after}", columns, rows)


@app.command("publish")
def publish(
    tournament_id: int = typer.Argument(..., metavar="ID"),
    out: Path = typer.Option(..., "--out", help="Folder to write index.html and games/ into (created if missing)."),
    zone: str = typer.Option("UTC", "--time-zone", help="The time zone the pages show times in, e.g. Europe/Athens."),
) -> None:
    """Write the standings and seating, and one page per game (games/ID.html), as static HTML that needs no
    server; serve the folder at public_url and every prompt links to its game's page."""
    folder, shown_in = publish_folder(out), publish_zone(zone)
    page = written(out, lambda: attempt(lambda: pages.publish(_service(), tournament_id, folder, shown_in)))
    typer.echo(f"wrote {page} and {len(list((out / 'games').glob('*.html')))} game pages in {out / 'games'}")


def publish_folder(out: Path, flag: str = "--out") -> Path:
    """The folder a publish writes into; a file in its place is refused before anything is written."""
    if out.exists() and not out.is_dir():
        refuse(f"{flag} {out} is a file; give a folder")
    return out


def written(out: Path, write: Callable[[], T], flag: str = "--out") -> T:
    """Run a publish into ``out``; a folder that cannot be made or written is refused in one line."""
    try:
        return write()
    except OSError as exc:
        refuse(f"{flag} {out}: cannot write there ({exc.strerror or exc}); give a folder you may write to, "
               f"or a new one whose parent exists")


def publish_zone(name: str) -> str:
    """The IANA time zone a published page shows times in; a name that is none is refused with near ones."""
    zone = time_zone(name)
    if zone is None:
        near = closest_time_zones(name)
        refuse(f"--time-zone {name!r} is not a time zone" + (f"; did you mean {', '.join(near)}?" if near else
                                                              "; give one such as Europe/Athens or UTC"))
    return zone
