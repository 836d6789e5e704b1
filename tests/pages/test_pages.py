"""The published pages: each table's game has one, showing what a spectator may see and nothing more."""

from __future__ import annotations

import html
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from markupsafe import escape
from sqlmodel import Session, select
from typer.testing import CliRunner

from engine.text import TC
from pbem.serve import pipeline
from pbem.cli.main import app
from pbem.ops.db import Outbox
from pbem.tournament import pages
from pbem.language.words import named as with_names, words
from tests.engine.hidden import HOOKS
from tests.support.loop import reply_to
from tests.pages.site import PUBLIC_URL, SILENT, Site, china_tournament
from tests.settings import command_env


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return china_tournament(tmp_path_factory.mktemp("pages"))


def page(site: Site, game_id: int) -> str:
    return (site.out / "games" / f"{game_id}.html").read_text(encoding="utf-8")


def loaded(site: Site, game_id: int):
    with Session(site.service.db) as session:
        return site.service.store.load(session, game_id)


def test_the_standings_link_every_table_to_its_games_page_and_say_when_they_were_made(site: Site) -> None:
    index = (site.out / "index.html").read_text(encoding="utf-8")
    for game_id in (site.finished, site.running):
        assert f'<a href="games/{game_id}.html">' in index
        assert (site.out / "games" / f"{game_id}.png").read_bytes().startswith(b"\x89PNG")
        assert '<a href="../index.html">' in page(site, game_id)
    assert "Page made 2026-03-01 09:00 UTC." in index


def test_the_standings_link_each_player_to_a_page_of_their_own_with_their_table(site: Site) -> None:
    index = (site.out / "index.html").read_text(encoding="utf-8")
    for number in range(1, 8):  # registered without names, in order: "Player N" is the Nth to enter
        assert f'<th scope="row" class="who"><a href="players/{number}.html">Player {number}</a></th>' in index
    silent = (site.out / "players" / "7.html").read_text(encoding="utf-8")  # the player who never answers
    assert "<h1>Player 7</h1>" in silent and silent.count('<th scope="row" class="who">') == 1  # their row alone
    assert re.search(rf'<dt>Round 1</dt>\n<dd><a href="\.\./games/{site.running}\.html">Table \d: [^<]*Player 7',
                     silent)
    assert "place " not in silent  # the round is not over: no place yet


def test_a_finished_games_page_shows_the_ranking_with_each_breakdown(site: Site) -> None:
    game = loaded(site, site.finished)
    result = game.rules.result(game.state)
    assert result is not None and result.breakdown
    shown = page(site, site.finished)
    assert "Final ranking:" in shown and shown.count('<tr class="rank">') == len(game.seats)
    said = words(game.rules, "en")
    for seat, breakdown in enumerate(result.breakdown):
        entered = int(game.player(seat).email.removeprefix("player").partition("@")[0])  # registered in this order
        assert f"seat {seat + 1} (Player {entered})" in shown  # registered without a name: never the address
        for label, points in breakdown.items():
            assert f"{said.say(TC('score', label))} {points}" in shown
    assert "to move" not in shown and "(no moves yet)" not in shown
    assert shown.count("</td><td><code>") == len(game.log)  # every counted move in the list, each with its time
    assert " 2026-03-0" in shown


def test_a_running_games_page_shows_who_is_due_and_the_spectators_board(site: Site) -> None:
    game = loaded(site, site.running)
    shown = page(site, site.running)
    [due] = game.due()
    assert game.player(due).email == SILENT
    assert f'<li class="due"><a href="../players/7.html">seat {due + 1} (Player 7)</a>: to move, by 2026-03-0' in shown
    with Session(site.service.db) as session:
        names = pages.seat_names(session, game, "en")
    assert str(escape(game.rules.render(game.state, None, with_names(words(game.rules, "en"), names)))) in shown
    assert f"{due + 1} (Player 7)" in shown  # the spectator's board names the seats too
    assert "Final ranking:" not in shown


def test_a_games_page_never_shows_what_the_seats_hold_hidden(site: Site) -> None:
    """Every hidden thing changed (each seat's hand, the deck): the page and its picture stay the same."""
    game = loaded(site, site.running)
    said = words(game.rules, "en")
    times = {move.seq: site.service.clock.now() for move in game.log}
    named = [f"seat {seat + 1}" for seat in range(len(game.seats))]
    before = pages.game_context(site.service, game, times, said, "en", "UTC", named)
    picture = game.rules.picture(game.state, None, said)
    hands = [list(hand) for hand in game.state.hands]
    HOOKS["china"].perturb(game.state, None, random.Random(5))
    assert [list(hand) for hand in game.state.hands] != hands  # the hands did change
    assert pages.game_context(site.service, game, times, said, "en", "UTC", named) == before
    assert game.rules.picture(game.state, None, said) == picture


def test_the_prompt_and_status_mails_link_the_games_page_and_carry_the_picture_inline(site: Site) -> None:
    with Session(site.service.db) as session:
        prompts = list(session.exec(select(Outbox).where(Outbox.kind == "prompt", Outbox.recipient == SILENT)))
    prompt = prompts[-1]
    link = f"{PUBLIC_URL}/games/{site.running}.en.html"  # the page in the player's language
    assert (site.out / "games" / f"{site.running}.en.html").is_file()
    assert f"The game's page: {link}" in prompt.text and f'<a href="{link}">{link}</a>' in prompt.html
    assert prompt.picture and 'src="cid:board"' in prompt.html
    assert pipeline.deliver(site.service, reply_to(prompt, "status")).status == "command"
    with Session(site.service.db) as session:
        status = session.exec(select(Outbox).where(Outbox.kind == "status")).one()
    assert status.picture and status.picture.startswith(b"\x89PNG") and 'src="cid:board"' in status.html
    assert f"The game's page: {link}" in status.text


def test_without_a_public_url_no_mail_links_a_page(tmp_path: Path) -> None:
    site = china_tournament(tmp_path)
    shown = site.service.shown
    shown.settings = replace(shown.settings, public_url="")
    assert shown.game_page(site.running, "en") == ""
    with Session(site.service.db) as session:
        prompt = session.exec(select(Outbox).where(Outbox.kind == "prompt", Outbox.recipient == SILENT)).first()
    assert prompt is not None
    assert pipeline.deliver(site.service, reply_to(prompt, "status")).status == "command"
    with Session(site.service.db) as session:
        status = session.exec(select(Outbox).where(Outbox.kind == "status")).one()
    assert "The game's page" not in status.text and "games/" not in status.html


def test_pbem_game_publish_writes_one_games_page_in_the_language_asked(site: Site, tmp_path: Path) -> None:
    env = command_env(tmp_path, PBEM_DATABASE_URL=site.service.settings.database_url, PBEM_SECRET="test-secret")
    out = tmp_path / "one"
    result = CliRunner().invoke(app, ["game", "publish", str(site.finished), "--out", str(out), "--language", "el",
                                      "--time-zone", "europe/athens"], env=env)
    assert result.exit_code == 0, result.output
    greek = (out / "games" / f"{site.finished}.html").read_text(encoding="utf-8")
    assert '<html lang="el">' in greek and "Θέσεις" in greek and "Αθήνα" in greek  # Europe/Athens, in Greek
    assert "Seats" not in without_board(greek) and "../index.html" not in greek
    for args, said in ((["game", "publish", "999", "--out", str(out)], "no game 999"),
                       (["game", "publish", "1", "--out", str(out), "--language", "fr"], "--language 'fr'"),
                       (["game", "publish", "1", "--out", str(out), "--time-zone", "Mars/Olympus"], "not a time zone")):
        refused = CliRunner().invoke(app, args, env=env)
        assert refused.exit_code == 1 and said in refused.output


def without_board(text: str) -> str:
    """The page without its board (which China writes in its own words): the page's own words only."""
    return text.split("<pre>")[0] + text.split("</pre>")[1]
