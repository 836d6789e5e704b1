"""The published pages read as a person with a phone or a screen reader would, in Debian's Chromium, headless:
axe-core, run inside each kind of page in light and in dark colours, finds no serious or critical
violation, and at a phone's width (375 px) nothing reaches past the right edge.

axe-core comes from the npm registry at the version ``.ci/axe-core`` pins, into ``.ci/axe/``; as with Chromium, the
tests skip only where it is missing outside CI (``.ci/servers`` installs both there)."""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

import pytest

from sqlmodel import Session

from pbem.tournament import pages, runner
from tournaments import standings_context
from tests.mail.test_phone_width import MEASURE, PHONE
from tests.pages.site import Site, china_tournament, finished_games, other_games
from tests.pages.test_browser import chromium, pytestmark as needs_chromium

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / ".ci" / "axe" / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = [needs_chromium, pytest.mark.skipif(not AXE.is_file() and not os.environ.get("CI"),
                                                 reason="axe-core is not installed (bash .ci/axe-core installs it)")]

KINDS = ("standings", "divisions", "player", "finished", "running", "dragon", "prodigals", "players", "replay",
         "replay-list", "standings.ru", "finished.el", "player.hu", "players.el")
"""Each kind of published page: the standings, a league's index of its divisions, a player's page, a China
game over and one still played, a game of Dragon and one of Prodigals, the index of the players, a whole
Prodigals game (its replay stepped by the page's script) and the same page read without its script (every
position listed); and some in another language (the language before ``.html``: Cyrillic and Greek letters,
Hungarian's longer words)."""

CHECK = """<script src="{axe}"></script><script>addEventListener('load', () => axe.run().then(found => {{
  const grave = found.violations.filter(v => v.impact === 'serious' || v.impact === 'critical');
  document.body.setAttribute('data-axe', JSON.stringify(
    {{passes: found.passes.length, grave: grave.map(v => v.id + ': ' + v.nodes.map(n => n.target).join(' '))}}));
}}))</script>"""
"""Runs axe-core in the page and writes into it how many rules passed and each serious or critical violation."""

WINDOW = "500,1400"
"""Headless Chromium's narrowest window, narrower than the 40rem under which the wide tables stack (the phone's
style in templates/web/_style.html.j2); the page itself is then held to the phone's width, as for the mails."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Site, dict[str, Path]]:
    """The site, and the page of each kind in it."""
    built = china_tournament(tmp_path_factory.mktemp("accessible"))
    games = built.out / "games"
    found = {"standings": built.out / "index.html", "player": built.out / "players" / "1.html", "finished": games / f"{built.finished}.html",
             "running": games / f"{built.running}.html"}
    found.update({game: games / f"{game_id}.html" for game, game_id in other_games(built).items()})
    found["divisions"] = divisions_page(built)
    found["players"] = built.out / pages.PLAYERS_INDEX
    found["replay"] = games / f"{finished_games(built)['prodigals']}.html"
    found["replay-list"] = found["replay"].with_name("unscripted.html")
    found["replay-list"].write_text(re.sub(r"<script>.*?</script>", "", found["replay"].read_text(encoding="utf-8"),
                                           flags=re.S), encoding="utf-8")
    found.update({f"{kind}.{language}": found[kind].with_name(f"{found[kind].stem}.{language}.html")
                  for kind, language in (("standings", "ru"), ("finished", "el"), ("player", "hu"), ("players", "el"))})
    return built, found


def divisions_page(site: Site) -> Path:
    """The index page of a league with divisions, written as :func:`pbem.tournament.pages.write_standings`
    writes it, with the site's standings as each of two divisions (playing a league takes far longer)."""
    with Session(site.service.db) as session:
        loaded = runner.load(session, site.tournament_id)
    division = standings_context(loaded.standings(), runner.season(loaded.definition))
    page = site.out / "divisions.html"
    page.write_text(pages.web_pages("en").get_template("divisions.html.j2").render(
        tournament=loaded.definition.name, season=None, pages=[division, division], made="2026-03-01 09:00 UTC",
        divisions=["index.html", "index.html"], languages=pages.Edition("en").switcher("index")),
        encoding="utf-8")
    return page


def opened(page: Path, added: str, *options: str) -> str:
    """The DOM of a copy of ``page`` (beside it, so its picture loads) with ``added`` at the end of its body,
    once its scripts have run."""
    copy = page.with_name(f"{page.stem}.checked.html")
    copy.write_text(page.read_text(encoding="utf-8").replace("</body>", added + "</body>"), encoding="utf-8")
    shown = chromium("--virtual-time-budget=20000", f"--window-size={WINDOW}", *options, "--dump-dom", copy.as_uri())
    assert shown.returncode == 0, shown.stderr[-2000:]
    return shown.stdout


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", KINDS)
def test_axe_finds_no_serious_or_critical_violation(site: tuple[Site, dict[str, Path]], kind: str, scheme: str) -> None:
    dom = opened(site[1][kind], CHECK.format(axe=AXE.as_uri()), *(["--force-dark-mode"] if scheme == "dark" else []))
    written = re.search(r"data-axe=\"([^\"]*)\"", dom)
    assert written, f"axe-core did not finish in the {kind} page"
    report = json.loads(html.unescape(written.group(1)))
    assert report["passes"] > 10, report  # axe ran its rules, not nothing
    assert report["grave"] == [], (kind, scheme, report["grave"])


@pytest.mark.parametrize("kind", KINDS)
def test_at_a_phones_width_nothing_reaches_past_its_right_edge(site: tuple[Site, dict[str, Path]], kind: str) -> None:
    held = f"<style>html {{ width: {PHONE}px }}</style>"
    dom = opened(site[1][kind], held + MEASURE)
    measured = re.search(r'data-measured="([\d.]+) ([\d.-]+)"', dom)
    assert measured, kind
    right, picture = map(float, measured.groups())
    assert right <= PHONE, (kind, right)
    if site[1][kind].parent.name == "games":
        assert 100 < picture <= PHONE, (kind, picture)  # the board is shown, scaled down to the width


def test_the_page_names_its_language_its_landmarks_and_its_table_heads(site: tuple[Site, dict[str, Path]]) -> None:
    for kind, page in site[1].items():
        text = page.read_text(encoding="utf-8")
        language = kind.partition(".")[2] or "en"
        assert f'<html lang="{language}">' in text and "<header" in text and "<main>" in text and "<footer>" in text, kind
        assert "<th>" not in text and text.count("<h1>") == 1, kind  # every head says what it heads: col or row
    finished = site[1]["finished"].read_text(encoding="utf-8")
    assert re.search(r'<img class="board" src="\d+\.png" alt="The board after \d+ moves, as a spectator sees it',
                     finished)
    standings = site[1]["standings"].read_text(encoding="utf-8")
    assert '<nav><ul>\n<li><a href="#standings">Standings</a></li>' in standings and 'id="seating"' in standings
    assert '<a href="../index.html#seating">Games</a>' in finished  # a game leads back to its round's tables
