"""What the organiser and the public see of a tournament: its rounds, the list, the static standings page,
one page per player (``players/N.html``) and one per game (``games/ID.html`` with its board picture
``games/ID.png``). Every page shares one frame and stylesheet (``templates/web/_page.html.j2``).

A game's page shows only what a spectator may see: the board is drawn and
written for seat ``None`` (no hand, no kept move), and the move log is the one
every seat's notices already show. Players are named as the organiser
registered them; one registered without a name is "Player N" (their entry's
number in the tournament, else their seat's), never their address or its
part before the @, which pbem stores as the name of a player nobody named.

Every page is written in each of the four languages (:class:`Edition`), ``games/ID.el.html`` beside
``games/ID.html``, each with a switcher to the others in its header.

Every file is written under a temporary name in its own folder and renamed
into place (:func:`write_atomic`), so a web server serving the folder while
``pbem serve`` rewrites it (``pbem.tournament.follow``) never sends half a page."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

import jinja2
from sqlmodel import Session, select

import engine
import templates
from pbem.clock import local_time, stored
from pbem.ops.db import Move, Player
from pbem.language.letters import TEMPLATE_DIR, translated
from pbem.play.commands.language import OWN_NAMES
from pbem.play.players import given_name
from pbem.play.shown import bot_name
from pbem.play.store import LoadedGame
from pbem.language.words import game_title, named, words
from pbem.tournament.replay import replay
from pbem.tournament.runner import Loaded, load, names, season, tables_and_games, with_records
from pbem.ops.tournament_tables import Entry, Tournament, TournamentRound, TournamentTable
from tournaments import SeatingReport, standings_context
from tournaments.definition import LANGUAGES, most_read
from tournaments.definition import load as load_definition

if TYPE_CHECKING:
    from pbem.play.service import Service

WEB_TEMPLATES = Path(templates.__file__).parent / "web"

PLAYERS_INDEX = "players.html"
"""A tournament's index of its players, beside its standings page: each name linked to the player's page, with
their place, points and games (the header's navigation links to it)."""


@dataclass(frozen=True)
class Edition:
    """One language's copy of the published pages. Each page is written in every language with the language
    before ``.html`` (``games/ID.el.html``, ``index.hu.html``): the names the language switcher and a mail in
    its reader's language link to. The site's own language (:func:`site_language`) is written once more under
    the plain names every older link knows (``games/ID.html``, ``index.html``), linking on under them."""

    language: str
    suffix: str = ""
    """What the edition's page names carry before ``.html``: "" under the plain names, else ".LANG"."""
    picture: str = ""
    """What a game's picture's name carries: "" in the site's language (both its editions show one file),
    else ".LANG"."""

    def href(self, page: str) -> str:
        """``page``, an address as the plain edition names it (``../index.html``), as this edition names it;
        "" stays ""."""
        return page and page.removesuffix(".html") + self.suffix + ".html"

    def switcher(self, stem: str) -> list[dict[str, Any]]:
        """The header's links to this page in each language (its file name without ``.html``: ``stem``),
        each language named in itself."""
        return [{"code": code, "name": OWN_NAMES[code], "href": f"{stem}.{code}.html",
                 "current": code == self.language} for code in LANGUAGES]


def editions(language: str) -> list[Edition]:
    """Every edition of a site first written in ``language``: the plain one, then one per language."""
    return [Edition(language), *(Edition(code, f".{code}", "" if code == language else f".{code}")
                                 for code in LANGUAGES)]


def edition_files(page: Path) -> list[Path]:
    """Every file a page is written to: the plain one (``page``) and one per language beside it."""
    return [page, *(page.with_name(f"{page.stem}.{code}{page.suffix}") for code in LANGUAGES)]


def site_language(session: Session, loaded: Loaded) -> str:
    """The language a tournament's site is first written in: the one its file names, else the one most of its
    entrants read (:func:`tournaments.definition.most_read`)."""
    players = names(session, [e.player for e in loaded.entrants])
    return most_read((player.language for player in players.values()), loaded.definition.language)


@dataclass(frozen=True)
class TableView:
    """A table of a round as the organiser lists it."""

    number: int
    game_id: int
    label: str
    status: str
    players: tuple[str, ...]
    seated: tuple[int, ...] = ()
    """The players' ids, in the order of ``players``."""


@dataclass(frozen=True)
class RoundView:
    number: int
    status: str
    tables: tuple[TableView, ...]
    byes: tuple[str, ...]
    report: SeatingReport


def rounds(session: Session, loaded: Loaded, who: Mapping[int, str] | None = None) -> list[RoundView]:
    """Every round's tables and byes; players named by ``who`` (the public names), else as the organiser
    knows them (name, else address)."""
    ids = [e.player for e in loaded.entrants]
    if who is None:
        who = {pid: (p.name or p.email) for pid, p in names(session, ids).items()}
    views = []
    for seating in loaded.rounds:
        pairs = tables_and_games(session, loaded.row.id, seating.round)  # type: ignore[arg-type]
        tables = tuple(TableView(t.number, t.game_id, g.label, g.status, tuple(who.get(p, str(p)) for p in t.players),
                                 tuple(t.players)) for t, g in pairs)
        status = session.exec(select(TournamentRound.status).where(
            TournamentRound.tournament_id == loaded.row.id, TournamentRound.number == seating.round)).one()
        views.append(RoundView(seating.round, status, tables, tuple(who.get(p, str(p)) for p in seating.byes),
                               seating.report))
    return views


def registered_name(player: Player, name: str | None = None) -> str:
    """The name the organiser gave the player (``name``, else the player's), or "" when there is none to
    show in public (:func:`pbem.play.players.given_name`)."""
    return given_name(player, name)


def anonymous(language: str) -> Callable[[int], str]:
    """How a page in ``language`` names a player registered without a name: "Player N", from the templates."""
    words = web_pages(language).get_template("_game_page.j2").module
    return lambda number: str(words.anonymous(number))  # type: ignore[attr-defined]


def public_entrants(session: Session, loaded: Loaded, language: str) -> dict[int, str]:
    """Each entrant's public name by player id: the one registered for the tournament, else the player's
    (named since), else "Player N" by order of entry."""
    players = names(session, [e.player for e in loaded.entrants])
    nameless = anonymous(language)
    shown = {}
    for number, entrant in enumerate(loaded.entrants, start=1):
        player = players.get(entrant.player)
        given = registered_name(player, entrant.name) or registered_name(player) if player is not None else ""
        shown[entrant.player] = given or nameless(number)
    return shown


def tournament_of(session: Session, game_id: int) -> Loaded | None:
    """The tournament the game is a table of, or None for a game of no tournament."""
    tournament_id = session.exec(select(TournamentTable.tournament_id).where(
        TournamentTable.game_id == game_id)).first()
    return load(session, tournament_id) if tournament_id else None


def seat_names(session: Session, game: LoadedGame, language: str, tournament: Loaded | None = None) -> list[str]:
    """Each seat's public name: in a tournament's game the entrant's (so a player is called alike on every
    page of it), else the registered name or "Player N" by seat; a seat no player holds, its bot's name.
    ``tournament`` is the game's (:func:`tournament_of`), when the caller has loaded it already."""
    tournament = tournament or tournament_of(session, game.id)
    entrants = public_entrants(session, tournament, language) if tournament is not None else {}
    nameless = anonymous(language)
    shown = []
    for seat in range(len(game.seats)):
        player = game.player(seat)
        if player is None:
            shown.append(game.known_as(seat))  # its bot's name
        elif player.id in entrants:
            shown.append(entrants[player.id])  # type: ignore[index]
        else:
            shown.append(registered_name(player) or nameless(seat + 1))
    return shown


def publish(service: Service, tournament_id: int, out: Path, zone: str = "UTC") -> Path:
    """Write ``out/index.html`` (the standings and every round's seating, each table linked to its game's
    page) and ``out/games/``, each page in every language (:class:`Edition`): static files that need no
    server. Times are shown in ``zone``."""
    with Session(service.db) as session:
        loaded = load(session, tournament_id)
        make_folder(out)  # before any round no game page makes it on the way
        language = site_language(session, loaded)
        for seating in loaded.rounds:
            for table, _game in tables_and_games(session, tournament_id, seating.round):
                write_game(service, session, table.game_id, out, language, zone, standings_href="../index.html")
        return write_standings(service, session, loaded, out, zone, games="games/")


def write_standings(service: Service, session: Session, loaded: Loaded, out: Path, zone: str, games: str) -> Path:
    """Write ``out/index.html``: the standings and every round's seating (one page per division and an index
    of them in a league with divisions); each table links to ``{games}ID.html``. Each entrant gets a page,
    ``out/players/N.html`` (N their order of entry), which the standings link to (:func:`write_players`), and
    ``out/players.html`` (:data:`PLAYERS_INDEX`) lists them all. Each page in every language (:class:`Edition`), each edition linking to its own."""
    make_folder(out)
    with_records(session, loaded, service.clock.now())
    for edition in editions(site_language(session, loaded)):
        write_standings_edition(service, session, loaded, out, zone, games, edition)
    return out / "index.html"


def write_standings_edition(service: Service, session: Session, loaded: Loaded, out: Path, zone: str, games: str,
                            edition: Edition) -> None:
    """Write one edition's standings, divisions, player pages and index of the players
    (:func:`write_standings`)."""
    language = edition.language
    who = public_entrants(session, loaded, language)
    views = rounds(session, loaded, who)
    made = local_time(service.clock.now(), zone, language)
    seating = [{"number": r.number, "tables": [{"number": t.number, "players": list(t.players),
                                                "page": edition.href(f"{games}{t.game_id}.html")} for t in r.tables],
                "byes": list(r.byes)} for r in views]
    public = replace(loaded, entrants=[replace(e, name=who[e.player]) for e in loaded.entrants])
    players = {player: edition.href(page) for player, page in player_pages(loaded).items()}
    title = game_title(engine.game(loaded.definition.game), language)  # as the mails name it, not "china"
    pages = [{**standings_context(standings, season(loaded.definition)), "game": title, "rounds": seating,
              "made": made, "players": players, "credit": loaded.definition.scoring.substitute_credit}
             for standings in public.all_standings()]
    web = web_pages(language)
    single = len(pages) == 1
    for number, page in enumerate(pages, start=1):
        standings_page = edition.href("index.html" if single else f"division-{number}.html")
        write_players(out, page, views, games, standings_page, edition)
        write_atomic(out / standings_page, web.get_template("standings.html.j2").render(
            page, players_index=edition.href(PLAYERS_INDEX),
            languages=edition.switcher(Path(standings_page).stem.removesuffix(edition.suffix))))
    write_atomic(out / edition.href(PLAYERS_INDEX), web.get_template("players.html.j2").render(
        tournament=loaded.definition.name, season=season(loaded.definition), divisions=pages, made=made,
        standings_href=edition.href("index.html"),
        sections={"rounds": single and loaded.completed > 0, "games": single},
        languages=edition.switcher(Path(PLAYERS_INDEX).stem)))
    if not single:
        write_atomic(out / edition.href("index.html"), web.get_template("divisions.html.j2").render(
            tournament=loaded.definition.name, season=season(loaded.definition), pages=pages, made=made,
            divisions=[edition.href(f"division-{number}.html") for number in range(1, len(pages) + 1)],
            players_index=edition.href(PLAYERS_INDEX), languages=edition.switcher("index")))


def player_pages(loaded: Loaded) -> dict[int, str]:
    """Each entrant's page by player id, from the standings' folder: ``players/N.html``, N their order of
    entry (as "Player N" counts), not their id, which would say how many players pbem knows."""
    return {entrant.player: f"players/{number}.html" for number, entrant in enumerate(loaded.entrants, start=1)}


def write_players(out: Path, page: dict[str, Any], views: list[RoundView], games: str, standings_page: str,
                  edition: Edition) -> None:
    """Write ``out/players/N.html`` for each player of the standings ``page`` (its context, with the
    ``players`` addresses): their row, and each round's table linked to its game (``{games}ID.html`` from the
    standings, one folder up from here) with how they did there. ``standings_page`` is the page their row
    is on, in ``out``; the pages are ``edition``'s, the addresses in ``page`` already its own."""
    folder = out / "players"
    make_folder(folder)
    template = web_pages(edition.language).get_template("player.html.j2")
    for row in page["rows"]:
        played = []
        for view in views:
            table = next((t for t in view.tables if row["player"] in t.seated), None)
            result = row["rounds"][view.number - 1] if view.number <= len(row["rounds"]) else None
            played.append({"round": view.number, "result": result, "table": table and {
                "number": table.number, "players": list(table.players),
                "page": edition.href(f"../{games}{table.game_id}.html")}})
        target = out / page["players"][row["player"]]
        write_atomic(target, template.render(
            page, row=row, games=played, standings_href=f"../{standings_page}",
            players_index=edition.href(f"../{PLAYERS_INDEX}"),
            sections={"rounds": page["after_round"] > 0, "games": bool(views)},
            languages=edition.switcher(target.stem.removesuffix(edition.suffix))))


def publish_game(service: Service, game_id: int, out: Path, language: str = "en", zone: str = "UTC") -> Path:
    """Write one game's page into ``out/games/`` (``pbem game publish``), also for a game outside a tournament:
    first in ``language``, and in every language (:class:`Edition`)."""
    with Session(service.db) as session:
        return write_game(service, session, game_id, out, language, zone)


def write_game(service: Service, session: Session, game_id: int, out: Path, language: str, zone: str,
               standings_href: str = "") -> Path:
    """Write ``out/games/ID.html`` and, when the game draws one, its spectator's picture ``ID.png``: first in
    ``language`` (the site's), then as every :class:`Edition` (``ID.el.html`` with ``ID.el.png`` ...).
    ``standings_href`` is the plain edition's address of the standings (each edition links to its own)."""
    game = service.store.load(session, game_id)
    moves = session.exec(select(Move.seq, Move.created).where(
        Move.game_id == game_id, Move.reverted == False))  # type: ignore[arg-type]  # noqa: E712
    times = {seq: created for seq, created in moves}
    folder = out / "games"
    make_folder(folder)
    tournament = tournament_of(session, game_id)
    for edition in editions(language):
        write_game_edition(service, session, game, times, folder, zone, tournament, edition.href(standings_href),
                           edition)
    return folder / f"{game_id}.html"


def write_game_edition(service: Service, session: Session, game: LoadedGame, times: dict[int, datetime],
                       folder: Path, zone: str, tournament: Loaded | None, standings_href: str,
                       edition: Edition) -> None:
    """Write one edition of a game's page (:func:`write_game`), and its picture unless an edition before
    drew the same file (the site's language's two editions show one)."""
    language = edition.language
    names = seat_names(session, game, language, tournament)
    said = named(words(game.rules, language), names)  # the picture names each seat's player, as the page does
    picture = folder / f"{game.id}{edition.picture}.png"
    drawn = bool(edition.suffix) and not edition.picture  # the plain edition drew this one
    image = None if drawn else game.rules.picture(game.state, None, said)
    if image is not None:
        write_atomic(picture, image)
    elif not drawn:
        picture.unlink(missing_ok=True)  # a picture of an earlier publish would show an old board
    context = game_context(service, game, times, said, language, zone, names)
    context["replay"] = replay(game, context["lines"], said)
    page = folder / f"{game.id}{edition.suffix}.html"
    write_atomic(page, web_pages(language).get_template("game.html.j2").render(
        context, picture=picture.name if picture.is_file() else "", standings_href=standings_href,
        **tournament_header(tournament, game, standings_href, edition),
        languages=edition.switcher(str(game.id)), made=local_time(service.clock.now(), zone, language)))


def tournament_header(tournament: Loaded | None, game: LoadedGame, standings_href: str,
                      edition: Edition) -> dict[str, Any]:
    """What a game's page says of its tournament: the name, which sections of the standings page its
    navigation may link to (a league with divisions has an index of them there instead, and the
    round-by-round table is there once a round is over) and, by seat, the page of the entrant in it
    (``players/N.html`` beside the standings at ``standings_href``, as ``edition`` names it; "" for a bot, or
    with no standings)."""
    if tournament is None:
        return {"tournament": "", "sections": {"rounds": False, "games": False}, "player_pages": [],
                "players_index": ""}
    single = len(tournament.divisions()) == 1
    entered = player_pages(tournament) if standings_href else {}
    beside = standings_href.rpartition("/")[0]
    seated = [game.player(seat) for seat in range(len(game.seats))]
    pages = [edition.href(f"{beside}/{entered[player.id]}") if player is not None and player.id in entered else ""
             for player in seated]
    return {"tournament": tournament.definition.name, "player_pages": pages,
            "players_index": edition.href(f"{beside}/{PLAYERS_INDEX}") if standings_href else "",
            "sections": {"rounds": single and tournament.completed > 0, "games": single}}


def make_folder(folder: Path) -> None:
    """Make ``folder`` and its missing parents readable by all (0755): the web server's user reads them, and
    pbem serve runs with umask 0027 (deploy/pbem.service), which would make them 0750. A folder that exists
    is left as it is."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        made.mkdir(exist_ok=True)
        os.chmod(made, 0o755)


def write_atomic(target: Path, content: str | bytes) -> None:
    """Write ``target`` whole or not at all: into a hidden temporary file in the same folder (the same file
    system, so the rename is atomic), then renamed over it. A reader (the web server) opens either the old
    file or the new one; a crash leaves at most a hidden ``.NAME.*.tmp``, which the next write does not
    need. The file is made readable by all (``mkstemp`` makes it 0600), since a web server's user reads it."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def game_context(service: Service, game: LoadedGame, times: dict[int, datetime], said: Any, language: str,
                 zone: str, shown_names: list[str]) -> dict[str, Any]:
    """What a game's page shows, as a spectator sees it: the text board for seat None, the seats and who is
    due, the final ranking with its breakdown when over, and every counted move with its time; each seat's
    player by ``shown_names`` (:func:`seat_names`), not as the mails to the table name them."""
    rules, state, shown = game.rules, game.state, service.shown
    due = set(game.due()) if game.row.status == "active" else set()
    result = rules.result(state) if not rules.to_act(state) else None
    seats = [{"seat_no": seat + 1, "name": shown_names[seat], "bot": bot_name(game, seat, said), "due": seat in due,
              "forfeited": game.seats[seat].forfeited,
              "deadline": local_time(stored(game.seats[seat].deadline), zone, language)
              if seat in due and game.seats[seat].awaiting and game.seats[seat].deadline else ""}
             for seat in range(len(game.seats))]
    lines = [replace(shown.line(game, move.seq, move.seat, move.notation, move.source, said, reader=None),
                     name=shown_names[move.seat]) for move in game.log]
    standings = [replace(row, name=shown_names[row.seat_no - 1]) for row in shown.standings(game, result, said)] \
        if result is not None else None
    return {
        "table": game.row.label or f"{game_title(rules, language)} #{game.id}",
        "game_title": game_title(rules, language),
        "board": rules.render(state, None, said),
        "seats": seats,
        "status": game.row.status,
        "standings": standings,
        "game_name": rules.name,
        "lowest_wins": bool(result and result.lowest_wins),
        "lines": lines,
        "times": {seq: local_time(stored(moment), zone, language) for seq, moment in times.items()},
    }



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
