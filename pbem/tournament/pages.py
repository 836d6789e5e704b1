"""What the organiser and the public see of a tournament: its rounds, the list, the static standings page."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from sqlmodel import Session, select

import templates
from pbem.letters import TEMPLATE_DIR, translated
from pbem.tournament.runner import Loaded, load, names, season, tables_and_games
from pbem.tournament.models import Entry, Tournament, TournamentRound
from tournaments import SeatingReport, standings_context
from tournaments.definition import load as load_definition

if TYPE_CHECKING:
    from pbem.service import Service

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


def publish(service: Service, tournament_id: int, out: Path) -> Path:
    """Write ``out/index.html``: the standings and every round's seating, one file that needs no server."""
    with Session(service.db) as session:
        loaded = load(session, tournament_id)
        seating = [{"number": r.number, "tables": [{"number": t.number, "players": list(t.players)}
                                                   for t in r.tables], "byes": list(r.byes)}
                   for r in rounds(session, loaded)]
    pages = [{**standings_context(standings, season(loaded.definition)), "rounds": seating}
             for standings in loaded.all_standings()]
    out.mkdir(parents=True, exist_ok=True)
    web = web_pages(loaded.definition.language)
    if len(pages) == 1:
        target = out / "index.html"
        target.write_text(web.get_template("standings.html.j2").render(pages[0]), encoding="utf-8")
        return target
    for number, page in enumerate(pages, start=1):
        (out / f"division-{number}.html").write_text(web.get_template("standings.html.j2").render(page),
                                                     encoding="utf-8")
    target = out / "index.html"
    target.write_text(web.get_template("divisions.html.j2").render(
        tournament=loaded.definition.name, season=season(loaded.definition), pages=pages), encoding="utf-8")
    return target


def web_pages(language: str) -> jinja2.Environment:
    """The page templates in the tournament's language; they share the standings' words with the mails
    (``templates/email/_standings.j2``), so the mail and the page say them alike from one catalog."""
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
