"""What the organiser and the public see of a tournament: its rounds, the list, the static standings page
and one page per game (``games/ID.html`` with its board picture ``games/ID.png``).

A game's page shows only what a spectator may see: the board is drawn and
written for seat ``None`` (no hand, no kept move), and the move log is the one
every seat's notices already show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from sqlmodel import Session, select

import templates
from pbem.clock import UTC, local_time
from pbem.ops.db import Move
from pbem.language.letters import TEMPLATE_DIR, translated
from pbem.play.shown import bot_name
from pbem.play.store import LoadedGame
from pbem.language.words import words
from pbem.tournament.runner import Loaded, load, names, season, tables_and_games
from pbem.tournament.models import Entry, Tournament, TournamentRound
from tournaments import SeatingReport, standings_context
from tournaments.definition import load as load_definition

if TYPE_CHECKING:
    from pbem.play.service import Service

WEB_TEMPLATES = Path(templates.__file__).parent / "web"


@dataclass(frozen=True)
class TableView:
    """A table of a round as the organiser lists it."""

    number: int
    game_id: int
    label: str
    status: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class RoundView:
    number: int
    status: str
    tables: tuple[TableView, ...]
    byes: tuple[str, ...]
    report: SeatingReport


def rounds(session: Session, loaded: Loaded) -> list[RoundView]:
    ids = [e.player for e in loaded.entrants]
    who = {pid: (p.name or p.email) for pid, p in names(session, ids).items()}
    views = []
    for seating in loaded.rounds:
        pairs = tables_and_games(session, loaded.row.id, seating.round)  # type: ignore[arg-type]
        tables = tuple(TableView(t.number, t.game_id, g.label, g.status, tuple(who.get(p, str(p)) for p in t.players))
                       for t, g in pairs)
        status = session.exec(select(TournamentRound.status).where(
            TournamentRound.tournament_id == loaded.row.id, TournamentRound.number == seating.round)).one()
        views.append(RoundView(seating.round, status, tables, tuple(who.get(p, str(p)) for p in seating.byes),
                               seating.report))
    return views


def publish(service: Service, tournament_id: int, out: Path, zone: str = "UTC") -> Path:
    """Write ``out/index.html`` (the standings and every round's seating, each table linked to its game's
    page) and ``out/games/``: static files that need no server. Times are shown in ``zone``."""
    with Session(service.db) as session:
        loaded = load(session, tournament_id)
        out.mkdir(parents=True, exist_ok=True)  # before any round no game page makes it on the way
        views = rounds(session, loaded)
        language = loaded.definition.language
        made = local_time(service.clock.now(), zone, language)
        for table in (t for r in views for t in r.tables):
            write_game(service, session, table.game_id, out, language, zone, standings_href="../index.html")
    seating = [{"number": r.number, "tables": [{"number": t.number, "players": list(t.players),
                                                "page": f"games/{t.game_id}.html"} for t in r.tables],
                "byes": list(r.byes)} for r in views]
    pages = [{**standings_context(standings, season(loaded.definition)), "rounds": seating, "made": made}
             for standings in loaded.all_standings()]
    web = web_pages(language)
    if len(pages) == 1:
        target = out / "index.html"
        target.write_text(web.get_template("standings.html.j2").render(pages[0]), encoding="utf-8")
        return target
    for number, page in enumerate(pages, start=1):
        (out / f"division-{number}.html").write_text(web.get_template("standings.html.j2").render(page),
                                                     encoding="utf-8")
    target = out / "index.html"
    target.write_text(web.get_template("divisions.html.j2").render(
        tournament=loaded.definition.name, season=season(loaded.definition), pages=pages, made=made),
        encoding="utf-8")
    return target


def publish_game(service: Service, game_id: int, out: Path, language: str = "en", zone: str = "UTC") -> Path:
    """Write one game's page into ``out/games/`` (``pbem game publish``), also for a game outside a tournament."""
    with Session(service.db) as session:
        return write_game(service, session, game_id, out, language, zone)


def write_game(service: Service, session: Session, game_id: int, out: Path, language: str, zone: str,
               standings_href: str = "") -> Path:
    """Write ``out/games/ID.html`` and, when the game draws one, its spectator's picture ``ID.png``."""
    game = service.store.load(session, game_id)
    moves = session.exec(select(Move.seq, Move.created).where(
        Move.game_id == game_id, Move.reverted == False))  # type: ignore[arg-type]  # noqa: E712
    times = {seq: created for seq, created in moves}
    folder = out / "games"
    folder.mkdir(parents=True, exist_ok=True)
    said = words(game.rules, language)
    image = game.rules.picture(game.state, None, said)
    picture = folder / f"{game_id}.png"
    if image is not None:
        picture.write_bytes(image)
    else:
        picture.unlink(missing_ok=True)  # a picture of an earlier publish would show an old board
    context = game_context(service, game, times, said, language, zone)
    page = folder / f"{game_id}.html"
    page.write_text(web_pages(language).get_template("game.html.j2").render(
        context, picture=picture.name if image is not None else "", standings_href=standings_href,
        made=local_time(service.clock.now(), zone, language)), encoding="utf-8")
    return page


def game_context(service: Service, game: LoadedGame, times: dict[int, datetime], said: Any, language: str,
                 zone: str) -> dict[str, Any]:
    """What a game's page shows, as a spectator sees it: the text board for seat None, the seats and who is
    due, the final ranking with its breakdown when over, and every counted move with its time."""
    rules, state, shown = game.rules, game.state, service.shown
    due = set(game.due()) if game.row.status == "active" else set()
    result = rules.result(state) if not rules.to_act(state) else None
    seats = [{"seat_no": seat + 1, "name": game.name(seat), "bot": bot_name(game, seat, said), "due": seat in due,
              "forfeited": game.seats[seat].forfeited,
              "deadline": local_time(_aware(game.seats[seat].deadline), zone, language)
              if seat in due and game.seats[seat].awaiting and game.seats[seat].deadline else ""}
             for seat in range(len(game.seats))]
    lines = [shown.line(game, move.seq, move.seat, move.notation, move.source, said) for move in game.log]
    return {
        "table": game.row.label or f"{rules.title} #{game.id}",
        "game_title": rules.title,
        "board": rules.render(state, None, said),
        "seats": seats,
        "status": game.row.status,
        "standings": shown.standings(game, result, said) if result is not None else None,
        "game_name": rules.name,
        "lowest_wins": bool(result and result.lowest_wins),
        "lines": lines,
        "times": {seq: local_time(_aware(moment), zone, language) for seq, moment in times.items()},
    }


def _aware(moment: datetime) -> datetime:
    """A time read back from the database: SQLite keeps no zone, and every time pbem stores is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@cache
def web_pages(language: str) -> jinja2.Environment:
    """The page templates in the tournament's language; they share the standings' words with the mails
    (``templates/email/_standings.j2``), so the mail and the page say them alike from one catalog. Made once
    per language: compiling the templates again for each game's page cost more than drawing its picture."""
    return translated(language, (WEB_TEMPLATES, TEMPLATE_DIR), autoescape=True)


def summary(service: Service) -> list[dict[str, Any]]:
    """Every tournament with its progress, for ``pbem tournament list``."""
    with Session(service.db) as session:
        listing = []
        for row in session.exec(select(Tournament).order_by(Tournament.id)):
            entries = session.exec(select(Entry).where(Entry.tournament_id == row.id)).all()
            definition = load_definition(row.definition)
            listing.append({"id": row.id, "name": row.name, "game": row.game, "status": row.status,
                            "round": f"{row.rounds_started}/{definition.rounds}", "players": len(entries),
                            "next_round_at": row.next_round_at})
        return listing
