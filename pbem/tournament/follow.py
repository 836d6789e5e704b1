"""Pages that follow the games: ``pbem serve`` keeps ``publish_dir`` as the database is now.

Any pbem process may change a game (a reply handled by serve, a deadline,
``pbem game move`` or ``pbem receive`` run elsewhere), so what changed is
read from the database, not remembered in memory: every page has a stamp, a
digest of what it shows that changes whenever the page would (a game's
version, bumped by every transaction that changes it, with its seats and
their players' public names; a tournament's rows), and the stamp it was
written with is kept in :class:`~pbem.ops.tournament_tables.Publication`. A pass
compares the two and writes only the pages whose stamps differ (or whose file
is gone), each in a step of its own, then records what it wrote in one short
transaction: a long pass never holds the database's write lock, and a page
changed again while it was written is simply written again on the next pass.

The folder's layout: ``games/ID.html`` (and ``ID.png``) for every game, and
``tournaments/ID/index.html`` (with ``division-N.html`` in a league with
divisions, and ``players.html``, the index of its players) for each tournament, its tables linked to the game pages and each
tournament game's page back to it; each page also in every language, the
language before ``.html`` (``games/ID.el.html``: what ``public_url`` links a
Greek reader's prompt to; :class:`pbem.tournament.pages.Edition`). A page's
stamp covers all its languages: they show the same things in other words.
"""

from __future__ import annotations

import errno
import hashlib
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Awaitable, Callable, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from pbem.language.words import SOURCE_LANGUAGE
from pbem.ops.db import Game, Player, Seat
from pbem.tournament import pages
from pbem.ops.tournament_tables import Entry, Publication, Tournament, TournamentTable
from pbem.tournament.runner import load
from tournaments.definition import load as load_definition
from tournaments.definition import most_read

if TYPE_CHECKING:
    from pbem.play.service import Service

T = TypeVar("T")
RunDb = Callable[[Callable[[], T]], Awaitable[T]]
log = logging.getLogger("pbem.tournament.follow")


@dataclass(frozen=True)
class Due:
    """A page to write: ``games/ID`` or ``tournaments/ID``, with the stamp of what it will show."""

    page: str
    stamp: str
    language: str = SOURCE_LANGUAGE
    tournament_id: int | None = None
    """A game's tournament (its page links back to the standings); for a tournament's page, its id."""


@dataclass
class Pass:
    """What one pass wrote, and the pages it could not write (tried again on the next pass)."""

    written: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def digest(*parts: Any) -> str:
    """A short stamp of what a page shows; only compared, never read back, so no address is stored."""
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()[:32]


class Follower:
    """Writes the pages of ``out`` whose stamps changed since they were written."""

    def __init__(self, service: Service, out: Path, zone: str = "UTC") -> None:
        self.service, self.out, self.zone = service, out, zone

    def prepare(self) -> None:
        """Make the folder (readable by all) and check it can be written: a folder pbem may not write is
        refused when serve starts (OSError), not found out page by page."""
        pages.make_folder(self.out)
        if not os.access(self.out, os.W_OK | os.X_OK) or not self.out.is_dir():
            raise PermissionError(errno.EACCES, "not a folder pbem may write", str(self.out))

    def file(self, page: str) -> Path:
        """The file a page is written to under its plain name (the one a web server sends for it)."""
        kind, _, number = page.partition("/")
        return self.out / "games" / f"{number}.html" if kind == "games" else self.out / kind / number / "index.html"

    def missing(self, page: str) -> bool:
        """Whether a file of the page, in some language, is gone: a tournament's standings, or the index of its
        players beside them (written with them, from what their stamp covers)."""
        plain = self.file(page)
        files = [plain] if page.startswith("games/") else [plain, plain.with_name(pages.PLAYERS_INDEX)]
        return not all(file.is_file() for each in files for file in pages.edition_files(each))

    def due(self) -> list[Due]:
        """Every page whose stamp differs from the one it was written with, or whose file is missing; in
        one read of the database."""
        with Session(self.service.db) as session:
            written = dict(session.exec(select(Publication.page, Publication.stamp)).all())
            wanted = [*self._games(session), *self._tournaments(session)]
        return [due for due in wanted if written.get(due.page) != due.stamp or self.missing(due.page)]

    def _games(self, session: Session) -> list[Due]:
        """Each game's stamp: its version (bumped by every change of it) with what its page shows beside the
        moves: its seats, their players' names, the language it is first in (its tournament's, else the one
        its players read most) and its tournament's entrants (whose order numbers a nameless player)."""
        seats: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
        for row in session.exec(select(Seat.game_id, Seat.seat, Seat.bot, Seat.forfeited, Seat.awaiting,
                                       Seat.deadline, Player.id, Player.name, Player.email, Player.language)
                                .outerjoin(Player, Seat.player_id == Player.id)  # type: ignore[arg-type]
                                .order_by(Seat.game_id, Seat.seat)):
            seats[row[0]].append(tuple(row[1:]))
        tournament_of = dict(session.exec(select(TournamentTable.game_id, TournamentTable.tournament_id)).all())
        spoken = self._languages(session)
        tournaments = {row.id: (most_read(spoken[row.id], load_definition(row.definition).language),
                                self._entrants(session, row.id)) for row in session.exec(select(Tournament))}
        due = []
        for game_id, version, status, label in session.exec(select(Game.id, Game.version, Game.status, Game.label)):
            tournament_id = tournament_of.get(game_id)
            if tournament_id is not None:
                language, entrants = tournaments[tournament_id]
            else:
                # a game of no tournament: first in the language most of its players read
                language = most_read(row[-1] for row in seats[game_id] if row[-4] is not None)
                entrants = ""
            shown = [row[:-1] for row in seats[game_id]]  # a player's language changes the page only as above
            stamp = digest(version, status, label, shown, language, entrants, self.zone)
            due.append(Due(f"games/{game_id}", stamp, language, tournament_id))
        return due

    @staticmethod
    def _entrants(session: Session, tournament_id: int | None) -> str:
        """The stamp of a tournament's entrants as its pages name them."""
        return digest(list(session.exec(select(Entry.player_id, Entry.name, Player.name, Player.email)
                                         .where(Entry.tournament_id == tournament_id,
                                                Entry.player_id == Player.id)
                                         .order_by(Entry.id)).all()))  # type: ignore[arg-type]

    @staticmethod
    def _languages(session: Session) -> defaultdict[int, list[str]]:
        """What each tournament's entrants read, by tournament (its pages are first in the most read)."""
        spoken: defaultdict[int, list[str]] = defaultdict(list)
        for tournament_id, language in session.exec(select(Entry.tournament_id, Player.language)
                                                    .where(Entry.player_id == Player.id)):
            spoken[tournament_id].append(language)
        return spoken

    def _tournaments(self, session: Session) -> list[Due]:
        """Each tournament's stamp: everything its standings and seating are made of, and its language."""
        due = []
        spoken = self._languages(session)
        for row in session.exec(select(Tournament)):
            loaded = load(session, row.id)  # type: ignore[arg-type]
            players = {e.player for e in loaded.entrants}
            ratings = sorted((p, r) for p, r in loaded.ratings.items() if p in players)
            language = most_read(spoken[row.id], loaded.definition.language)  # type: ignore[index]
            stamp = digest(row.name, row.status, row.rounds_started, row.definition, loaded.entrants, loaded.rounds,
                           loaded.results, ratings, sorted(loaded.division_of.items()), loaded.completed,
                           self._entrants(session, row.id), language, self.zone)
            due.append(Due(f"tournaments/{row.id}", stamp, language, row.id))
        return due

    def write(self, due: Due) -> Path:
        """Write one page (and a game's picture), atomically, in a session of its own."""
        kind, _, number = due.page.partition("/")
        with Session(self.service.db) as session:
            if kind == "games":
                back = f"../tournaments/{due.tournament_id}/index.html" if due.tournament_id is not None else ""
                return pages.write_game(self.service, session, int(number), self.out, due.language, self.zone,
                                        standings_href=back)
            return pages.write_standings(self.service, session, load(session, int(number)),
                                         self.out / "tournaments" / number, self.zone, games="../../games/")

    def record(self, written: list[Due]) -> None:
        """Keep the stamps the pages were written with, in one short transaction."""
        if not written:
            return
        now = self.service.clock.now()
        with Session(self.service.db) as session:
            rows = {row.page: row for row in session.exec(select(Publication).where(
                Publication.page.in_([due.page for due in written])))}  # type: ignore[attr-defined]
            for due in written:
                row = rows.get(due.page) or Publication(page=due.page, stamp=due.stamp, written=now)
                row.stamp, row.written = due.stamp, now
                session.add(row)
            try:
                session.commit()
            except IntegrityError:  # another serve recorded one first (PostgreSQL, several workers): theirs stands
                log.info("pages: another process recorded some of these pages first")

    def run(self) -> Pass:
        """One whole pass, at once (``pbem serve`` runs it a page a step: :meth:`follow`)."""
        done = Pass()
        written = []
        for due in self.due():
            if self._write_one(due, done):
                written.append(due)
        self.record(written)
        return done

    async def follow(self, run_db: RunDb[Any]) -> Pass:
        """One pass with each page its own step of ``run_db``, so the mail loop is served between pages."""
        done = Pass()
        written = []
        for due in await run_db(self.due):
            if await run_db(lambda due=due: self._write_one(due, done)):  # type: ignore[misc]
                written.append(due)
        await run_db(lambda: self.record(written))
        return done

    def _write_one(self, due: Due, done: Pass) -> bool:
        """Write one page; a page that cannot be written is logged and left for the next pass, not the rest."""
        try:
            self.write(due)
        except Exception:  # noqa: BLE001 - one page (a full disk, a bad game) must not stop the others
            log.exception("pages: %s could not be written; the next pass tries again", due.page)
            done.failed.append(due.page)
            return False
        done.written.append(due.page)
        return True

