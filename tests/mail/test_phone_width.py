"""A prompt's HTML part read at a phone's width (375 px), in Debian's Chromium, headless: the board picture
scales down to the width and nothing widens the mail beyond it (the text board scrolls inside its own box)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.app import open_service
from pbem.clock import SetClock
from tests.pages.test_browser import chromium, pytestmark  # noqa: F401  (skipped alike where Chromium is missing)
from tests.support.loop import START, make_settings, outbox

PHONE = 375
"""CSS pixels: the width of the smallest phones in common use."""

MEASURE = """<script>addEventListener('load', () => {
  const picture = document.querySelector('img');
  const right = Math.max(...[...document.body.querySelectorAll('*')].map(e => e.getBoundingClientRect().right));
  document.body.setAttribute('data-measured', right + ' ' + (picture ? picture.getBoundingClientRect().width : -1));
})</script>"""
"""Writes into the page the right edge of its widest element and the picture's shown width."""


@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_a_prompt_at_a_phones_width_fits_it_picture_and_all(tmp_path: Path, game: str) -> None:
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    service.new_game(game, ["ann@example.org", "bob@example.org", "cat@example.org"], seed=2)
    prompt = outbox(service, kind="prompt")[-1]
    assert prompt.picture and prompt.html
    (tmp_path / "board.png").write_bytes(prompt.picture)
    # the window cannot be narrower than 500 px headless: the page itself is held to the phone's width
    page = (prompt.html.replace("cid:board", "board.png").replace("</body>", MEASURE + "</body>")
            .replace("<head>", f"<head><style>html {{ width: {PHONE}px }}</style>"))
    (tmp_path / "prompt.html").write_text(page, encoding="utf-8")
    opened = chromium("--virtual-time-budget=3000", "--dump-dom", (tmp_path / "prompt.html").as_uri())
    measured = re.search(r'data-measured="([\d.]+) ([\d.-]+)"', opened.stdout)
    assert measured, opened.stderr[-2000:]
    right, picture = map(float, measured.groups())
    assert 100 < picture <= PHONE, (game, picture)  # shown, and scaled down to the width
    assert right <= PHONE, (game, right)  # no element reaches past the phone's right edge
