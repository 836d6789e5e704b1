"""A game page's replay stepped through in Debian's Chromium, headless, as a reader clicks and types: each
button shows another position, its heading, its move in words and its whole board from the page's data; a
move's number in the list of moves jumps there; the list the page keeps for a reader without the script is
hidden behind the stepper. Skipped only where Chromium is missing outside CI, as tests/pages/test_browser.py."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from sqlmodel import Session

from tests.pages.site import Site, china_tournament, finished_games
from tests.pages.test_browser import chromium, pytestmark  # noqa: F401  (skipped where chromium is missing)
from tests.pages.test_replay import boards

STEPS = """<script>addEventListener('load', () => {
  const stepper = document.querySelector('#replay .stepper'), seen = [];
  const note = () => seen.push({head: stepper.querySelector('h3').textContent,
    said: stepper.querySelector('.said').textContent, board: stepper.querySelector('pre').textContent,
    hash: location.hash, list: getComputedStyle(document.querySelector('#replay .positions')).display,
    disabled: [...stepper.querySelectorAll('button')].filter(b => b.getAttribute('aria-disabled') === 'true')
      .map(b => b.dataset.step)});
  const press = step => stepper.querySelector(`button[data-step="${step}"]`).click();
  note();
  press('first'); note();
  press('forward'); note();
  press('forward'); note();
  press('back'); note();
  stepper.querySelector('button[data-step="forward"]').focus();
  document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
  note();
  document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}));
  note();
  document.querySelector('table.moves a[href="#' + document.querySelectorAll('#replay .positions > li')[7].id + '"]').click();
  setTimeout(() => { note(); document.body.setAttribute('data-seen', JSON.stringify(seen)); }, 200);
})</script>"""
"""Clicks the stepper's buttons, presses keys on them and follows a move's link, noting what it shows after each."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Site, dict[str, int]]:
    built = china_tournament(tmp_path_factory.mktemp("stepper"))
    return built, finished_games(built)


@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_the_stepper_shows_each_position_its_move_and_its_board(site: tuple[Site, dict[str, int]], game: str) -> None:
    built, games = site
    page = built.out / "games" / f"{games[game]}.html"
    text = page.read_text(encoding="utf-8")
    copy = page.with_name(f"{page.stem}.stepped.html")
    copy.write_text(text.replace("</body>", STEPS + "</body>"), encoding="utf-8")
    shown = chromium("--virtual-time-budget=10000", "--dump-dom", copy.as_uri())
    assert shown.returncode == 0, shown.stderr[-2000:]
    found = re.search(r'data-seen="([^"]*)"', shown.stdout)
    assert found, shown.stderr[-2000:]
    seen = json.loads(html.unescape(found.group(1)))
    with Session(built.service.db) as session:
        log = built.service.store.load(session, games[game]).log
    moves, whole = len(log), boards(text)
    said = [html.unescape(re.sub(r"<[^>]+>", "", said)) for said in re.findall(r'<p class="said">(.*?)</p>', text.split('<ol class="positions">')[1])]
    expected = [moves, 0, 1, 2, 1, 2, moves, 7]  # the positions shown after each step
    assert [step["board"] for step in seen] == [whole[number] for number in expected]
    assert [step["head"] for step in seen] == [
        f"Move {number} of {moves}" if number else "The set-up, before the first move" for number in expected]
    assert [step["said"] for step in seen] == [said[number - 1] if number else "" for number in expected]
    assert seen[2]["said"] != seen[3]["said"] and seen[2]["board"] != seen[0]["board"]
    assert [step["hash"] for step in seen[1:]] == [
        f"#move-{log[number - 1].seq}" if number else "#move-0" for number in expected[1:]]
    assert seen[0]["disabled"] == ["forward", "last"] and seen[1]["disabled"] == ["first", "back"]
    assert seen[2]["disabled"] == [] and all(step["list"] == "none" for step in seen)  # the list is behind it


def test_without_the_script_the_stepper_stays_hidden_and_the_list_shows(site: tuple[Site, dict[str, int]]) -> None:
    built, games = site
    page = built.out / "games" / f"{games['china']}.html"
    measure = """<script>document.body.setAttribute('data-shown', [
      getComputedStyle(document.querySelector('#replay .stepper')).display,
      getComputedStyle(document.querySelector('#replay .positions')).display].join(' '))</script>"""
    copy = page.with_name(f"{page.stem}.unscripted.html")
    text = page.read_text(encoding="utf-8")
    stripped = re.sub(r"<script>.*?</script>", "", text, flags=re.S)  # the page's own script left out
    assert stripped != text
    copy.write_text(stripped.replace("</body>", measure + "</body>"), encoding="utf-8")
    shown = chromium("--virtual-time-budget=5000", "--dump-dom", copy.as_uri())
    assert 'data-shown="none block"' in shown.stdout, shown.stdout[-500:]
