"""``pbem bench pages``: how many bytes a whole game's replayable page costs the published site (issue #48).

A game of each kind is played to its end by greedy bots in a fresh database and published as ``pbem game
publish`` does; the page's HTML in one language (every position, :mod:`pbem.tournament.replay`) and its one
picture are weighed, beside what the page would weigh with every board written out whole, or with a picture per
move; and every copy the site holds of it (the plain page and one per language, each language's picture:
:func:`pbem.tournament.pages.edition_files`).
"""

from __future__ import annotations

import gzip
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import typer
from sqlmodel import Session

import engine
from pbem.app import open_service
from pbem.cli.bench.engines import TargetTable, app
from pbem.language.words import named, words
from pbem.ops.config import Settings
from pbem.play.service import Service
from pbem.play.store import replayed
from pbem.tournament import pages

MAX_PER_MOVE = 2 * 1024
"""A replayable page's HTML per move of its game at most: a picture per move would cost 20-50 KB."""

LANGUAGES = ("en", "el", "hu", "ru")


@dataclass(frozen=True)
class Weighed:
    """One published game: its moves and what its files weigh, in bytes."""

    moves: int
    private: int
    html: int
    gzipped: int
    picture: int
    boards: int
    """Every position's spectator board as text, whole: what the page would carry without its line table."""
    copies: int
    """Every file published for the game: its page under the plain name and in each language, with their pictures."""


@app.command("pages")
def bench_pages(
    players: int = typer.Option(4, "--players", help="Seats per game, all greedy bots (within each game's range)."),
    seed: int = typer.Option(1, "--seed", help="The games' seed."),
    language: str = typer.Option("en", "--language", help=f"The pages' language: {', '.join(LANGUAGES)}."),
) -> None:
    """Play a whole game of each kind, publish its page, and print the bytes of its HTML and picture."""
    if language not in LANGUAGES:
        raise typer.BadParameter(f"{language}: give one of {', '.join(LANGUAGES)}", param_hint="--language")
    if players < 1:
        raise typer.BadParameter("must be at least 1", param_hint="--players")
    folder = Path(tempfile.mkdtemp(prefix="pbem-bench-pages-"))
    try:
        service = open_service(Settings(database_url=f"sqlite:///{folder / 'pbem.db'}", secret="bench"))
        names = engine.names()
        weighed = [weigh(service, name, players, seed, language, folder / "site") for name in names]
        service.db.dispose()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    table = TargetTable(f"pbem bench pages: a whole greedy game's page, seed {seed}, in {language}", tuple(names))
    kb = lambda values: tuple(f"{value / 1024:,.1f}" for value in values)  # noqa: E731
    table.row("moves (private)", tuple(f"{each.moves} ({each.private})" for each in weighed))
    table.row("page HTML (KB)", kb(each.html for each in weighed))
    table.row("page HTML gzipped (KB)", kb(each.gzipped for each in weighed))
    table.row("picture, the position now (KB)", kb(each.picture for each in weighed))
    table.row("page and picture (KB)", kb(each.html + each.picture for each in weighed))
    per_move = [each.html / max(each.moves, 1) for each in weighed]
    table.row("HTML per move (KB)", kb(per_move), f"≤ {MAX_PER_MOVE / 1024:.0f}",
              all(value <= MAX_PER_MOVE for value in per_move))
    table.row("every board whole, as text (KB)", kb(each.boards for each in weighed))
    table.row("a picture per move instead (KB)", kb(each.picture * (each.moves + 1) for each in weighed))
    table.row("all copies: plain and 4 languages, pictures (KB)", kb(each.copies for each in weighed))
    table.print()


def weigh(service: Service, name: str, players: int, seed: int, language: str, out: Path) -> Weighed:
    """Play a game of ``name`` to its end with greedy bots, publish its page into ``out``, and weigh it."""
    rules = engine.game(name)
    seats = max(rules.min_players, min(players, rules.max_players))
    game_id = service.new_game(name, [], bots_count=seats, seed=seed)
    page = pages.publish_game(service, game_id, out, language)
    picture = page.with_suffix(".png")
    html = page.read_bytes()  # the plain page: in ``language``, as its own edition is
    copies = sum(file.stat().st_size for file in page.parent.glob(f"{game_id}.*") if file.is_file())
    with Session(service.db) as session:
        game = service.store.load(session, game_id)
        said = named(words(rules, language), pages.seat_names(session, game, language))
    states = replayed(rules, seats, game.row.seed, game.row.options, ((move.seat, move.notation) for move in game.log))
    boards = sum(len(rules.render(state, None, said).encode("utf-8")) for state in states)
    return Weighed(len(game.log), sum(rules.private(move.notation) for move in game.log), len(html),
                   len(gzip.compress(html)), picture.stat().st_size if picture.is_file() else 0, boards, copies)
