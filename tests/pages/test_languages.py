"""The published pages in the readers' languages: every page in each of en, el, hu and ru, its ``lang`` right,
none of its words left in English, a switcher to the others that lands on pages that exist, and each mail's
link to its game's page in the reader's language (pbem.tournament.pages.Edition)."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.ops.db import Player
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.tournament import pages, runner
from tournaments import standings_context
from tests.pages.site import Site, china_tournament, other_games
from tests.tournament.conftest import ORGANISER, START, definition, make_settings

LANGUAGES = ("en", "el", "hu", "ru")
OWN_NAMES = {"en": "English", "el": "Ελληνικά", "hu": "Magyar", "ru": "Русский"}

NOT_ENGLISH = {
    "Test", "Open",  # the tournament's name, as the organiser wrote it
    "Dragon", "Prodigals",  # a game of no tournament is labelled by its game ("Dragon #3"), as in its mails' subjects
    "UTC",  # the time zone
    "openskill", "mu", "sigma",  # the rating's formula, in every language
    "Beatrice", "bonus", "hyde", "park",  # Prodigals' words as its catalogs give them (Lady Beatrice, Hyde Park)
}
"""Latin words a Greek, Hungarian or Russian page may show: names and terms, not the page's English."""
HUNGARIAN_AS_ENGLISH = {"is"}
"""Hungarian words spelt as English ones («is»: also, too): a Hungarian page may share them with the English."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Site, dict[str, Path]]:
    """The site, and the plain (site's language: English) page of each kind in it."""
    built = china_tournament(tmp_path_factory.mktemp("languages"))
    games = built.out / "games"
    found = {"standings": built.out / "index.html", "player": built.out / "players" / "1.html",
             "finished": games / f"{built.finished}.html", "running": games / f"{built.running}.html"}
    found.update({game: games / f"{game_id}.html" for game, game_id in other_games(built).items()})
    found["players"] = built.out / pages.PLAYERS_INDEX
    return built, found


def edition(page: Path, language: str) -> Path:
    return page.with_name(f"{page.stem}.{language}.html")


def words(page: str, game_text: bool = True) -> set[str]:
    """The words in Latin letters a reader sees on ``page`` (the language switcher, which names each language
    in itself, and the replay's script, which no reader sees, left out; of the replay's data only the boards'
    lines, which its stepper shows, as a board; with ``game_text`` False, the board and the moves' notation too)."""
    shown = re.sub(r"<style.*?</style>|<nav class=\"languages\".*?</nav>|<script>.*?</script>", "", page, flags=re.S)
    shown = re.sub(r'<script type="application/json" id="replay-data">(.*?)</script>',
                   lambda data: f"<pre>{html.escape(chr(10).join(json.loads(data.group(1))['lines']))}</pre>", shown,
                   flags=re.S)
    if not game_text:
        shown = re.sub(r"<pre.*?</pre>|<code>.*?</code>", "", shown, flags=re.S)
    return set(re.findall(r"[A-Za-z][A-Za-z']+", html.unescape(re.sub(r"<[^>]+>", " ", shown))))


def rendered(site: tuple[Site, dict[str, Path]], kind: str, language: str) -> str:
    """The page of ``kind`` in ``language``; a league's index of its divisions rendered as the site's are."""
    if kind == "divisions":
        with Session(site[0].service.db) as session:
            loaded = runner.load(session, site[0].tournament_id)
            who = pages.public_entrants(session, loaded, language)
        page = pages.Edition(language, f".{language}")
        public = replace(loaded, entrants=[replace(e, name=who[e.player]) for e in loaded.entrants])
        division = standings_context(public.standings(), runner.season(loaded.definition))
        return pages.web_pages(language).get_template("divisions.html.j2").render(
            tournament=loaded.definition.name, season=None, pages=[division, division], made="2026-03-01 09:00 UTC",
            divisions=[page.href("division-1.html"), page.href("division-2.html")], languages=page.switcher("index"))
    return edition(site[1][kind], language).read_text(encoding="utf-8")


KINDS = ("standings", "divisions", "player", "finished", "running", "dragon", "prodigals", "players")


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_page_kind_is_in_each_language_with_no_english_word_left(site: tuple[Site, dict[str, Path]], kind: str,
                                                                       language: str) -> None:
    english, page = rendered(site, kind, "en"), rendered(site, kind, language)
    assert f'<html lang="{language}">' in page and '<html lang="en">' in english
    if kind in ("finished", "running", "dragon", "prodigals"):  # a game's page: its replay is read with the rest
        assert page.count('<section id="replay"') == 1 and '<li id="move-0">' in page, (kind, language)
    if language == "hu":  # the same letters: no word of the English page's own (its board and moves are the game's)
        left = (words(english, game_text=False) & words(page, game_text=False)) - NOT_ENGLISH - HUNGARIAN_AS_ENGLISH
    else:  # Greek and Russian pages: no Latin word at all, boards and moves included
        left = words(page) - NOT_ENGLISH
    assert left == set(), (kind, language, sorted(left))
    assert words(english) - NOT_ENGLISH, "the check reads words (the English page has its own)"


def test_the_plain_pages_are_the_sites_language_linking_on_under_plain_names(site: tuple[Site, dict[str, Path]]) -> None:
    def unswitched(text: str) -> str:
        return re.sub(r'<nav class="languages".*?</nav>', "", text, flags=re.S)

    for kind, page in site[1].items():
        plain, english = (unswitched(path.read_text(encoding="utf-8")) for path in (page, edition(page, "en")))
        assert ".en.html" not in plain and (".en.html" in english or kind in ("dragon", "prodigals")), kind
        assert plain == english.replace(".en.html", ".html").replace(".en.png", ".png"), kind
    games = site[0].out / "games"
    pictures = {path.name for path in games.glob(f"{site[0].finished}*.png")}
    assert pictures == {f"{site[0].finished}{language}.png" for language in ("", ".el", ".hu", ".ru")}  # English: once
    greek = edition(games / f"{site[0].finished}.html", "el").read_text(encoding="utf-8")
    assert f'<img class="board" src="{site[0].finished}.el.png"' in greek


def test_the_switcher_links_each_page_in_every_language_each_named_in_itself(site: tuple[Site, dict[str, Path]]) -> None:
    out = site[0].out
    checked = 0
    for path in sorted(out.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        language = re.search(r'<html lang="(\w+)">', text).group(1)  # type: ignore[union-attr]
        switcher = re.search(r'<nav class="languages" aria-label="[^"]+"><ul>(.*?)</ul></nav>', text, flags=re.S)
        assert switcher, path
        links = re.findall(r'<a href="([^"]+)" hreflang="(\w+)" lang="(\w+)"( aria-current="page")?>([^<]+)</a>',
                           switcher.group(1))
        assert [(code, shown) for _, code, _, _, shown in links] == list(OWN_NAMES.items()), path
        for href, code, lang, current, _ in links:
            assert lang == code and href == f"{path.name.split('.')[0]}.{code}.html", path
            assert (path.parent / href).is_file(), (path, href)
            assert bool(current) == (code == language), path
        checked += 1
    assert checked == 5 * (1 + 1 + 7 + 2 + 2)  # index, the players' index, seven players, two tables' games,
    # Dragon's and Prodigals'


def test_every_link_of_a_language_stays_in_it_and_resolves(site: tuple[Site, dict[str, Path]]) -> None:
    for path in sorted(site[0].out.rglob("*.html")):
        text = re.sub(r'<nav class="languages".*?</nav>', "", path.read_text(encoding="utf-8"), flags=re.S)
        suffix = "".join(path.suffixes[:-1])  # ".el" in 3.el.html, "" in 3.html
        for href in re.findall(r'(?:href|src)="([^"#]+)', text):
            assert (path.parent / href).is_file(), (path, href)
            if href.endswith(".html"):
                assert href.endswith(f"{suffix}.html") and (suffix or not re.search(r"\.\w\w\.html$", href)), \
                    (path, href)


def test_the_plain_pages_are_in_the_language_most_entrants_read_when_the_file_names_none(tmp_path: Path) -> None:
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    text = definition(1)
    assert "language" not in text
    tournament_id = runner.create(service, text, ORGANISER)
    for number, language in enumerate(["hu", "ru", "en", "hu", ""], start=1):  # the last reads English
        runner.register(service, tournament_id, f"p{number}@example.org", "", ORGANISER, language=language)
    index = pages.publish(service, tournament_id, tmp_path / "site")
    assert '<html lang="en">' in index.read_text(encoding="utf-8")  # as many read English: English
    runner.register(service, tournament_id, "p6@example.org", "", ORGANISER, language="hu")
    index = pages.publish(service, tournament_id, tmp_path / "site")
    assert '<html lang="hu">' in index.read_text(encoding="utf-8")
    assert '<html lang="hu">' in (tmp_path / "site" / "players" / "6.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in (tmp_path / "site" / "index.en.html").read_text(encoding="utf-8")
    named = runner.create(service, 'language = "ru"\n' + text.replace('name = "', 'name = "Other '), ORGANISER)
    for number in range(1, 4):
        runner.register(service, named, f"p{number}@example.org", "", ORGANISER)  # they read hu, hu, en
    assert '<html lang="ru">' in pages.publish(service, named, tmp_path / "other").read_text(encoding="utf-8")


def test_a_mail_links_its_games_page_in_its_readers_language(site: tuple[Site, dict[str, Path]]) -> None:
    built = site[0]
    with Session(built.service.db) as session:
        game = built.service.store.load(session, built.running)
        player = session.get(Player, game.player(0).id)
        player.language = "hu"  # type: ignore[union-attr]
        session.add(player)
        session.commit()
        game = built.service.store.load(session, built.running)
    link = built.service.shown.base_context(game, 0)["game_page"]
    assert link.endswith(f"/games/{built.running}.hu.html")
    assert (built.out / "games" / f"{built.running}.hu.html").is_file()
    assert '<html lang="hu">' in (built.out / "games" / f"{built.running}.hu.html").read_text(encoding="utf-8")
    assert built.service.shown.base_context(game, 1)["game_page"].endswith(f"/games/{built.running}.en.html")
