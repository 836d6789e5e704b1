"""A published tournament site to check: China (which draws its board), seven players at two tables, one
game played to its end and one still waiting for a player who never answers."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from sqlmodel import Session, select

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.db import Game
from pbem.play.service import Service
from pbem.tournament import pages, runner
from tests.tournament.conftest import ORGANISER, START, Players, definition, emails, make_settings

SILENT = "player07@example.org"
"""The player who never answers: their table's game stays running."""

PUBLIC_URL = "https://pbem.example.org/open"


@dataclass(frozen=True)
class Site:
    service: Service
    tournament_id: int
    out: Path
    finished: int
    running: int


def china_tournament(tmp_path: Path, language: str = "en") -> Site:
    """Play the tournament's first round (all but the silent player answer) and publish its site."""
    settings = replace(make_settings(tmp_path), public_url=PUBLIC_URL)
    service = open_service(settings, clock=SetClock(START))
    text = definition(1).replace('game = "dragon"', f'game = "china"\nlanguage = "{language}"')
    tournament_id = runner.create(service, text, ORGANISER)
    for email in emails(7):
        runner.register(service, tournament_id, email, "", ORGANISER)
    runner.start_round(service, tournament_id, ORGANISER)
    Players(service).answer_all(skip=frozenset({SILENT}))
    with Session(service.db) as session:
        status = {row.id: row.status for row in session.exec(select(Game))}
    out = tmp_path / "site"
    pages.publish(service, tournament_id, out)
    finished = next(game_id for game_id, state in status.items() if state == "over")
    running = next(game_id for game_id, state in status.items() if state == "active")
    return Site(service, tournament_id, out, finished, running)


def other_games(site: Site) -> dict[str, int]:
    """A game of each other kind (Dragon, Prodigals), of no tournament, published into the site's ``games/``
    as ``pbem game publish`` does, so the pages of every game pbem plays are checked: game id by game."""
    published = {}
    for game in ("dragon", "prodigals"):
        game_id = site.service.new_game(game, ["ann@example.org", "bob@example.org", "cat@example.org"], seed=2)
        pages.publish_game(site.service, game_id, site.out)
        published[game] = game_id
    return published


def finished_games(site: Site) -> dict[str, int]:
    """A whole game of each kind, played by greedy bots to its end (Prodigals' bots set standing orders, moves
    private to their seat), published into the site's ``games/`` as ``pbem game publish`` does: game id by game."""
    published = {}
    for game in ("dragon", "china", "prodigals"):
        game_id = site.service.new_game(game, [], bots_count=3, seed=1)
        pages.publish_game(site.service, game_id, site.out)
        published[game] = game_id
    return published
