"""The published site opened in a real browser, as a reader would: Debian's Chromium, headless.

Each page is loaded from a loopback HTTP server that records every request
the browser makes, so a broken image shows as a 404 the browser asked for; a
page's links are followed to every other page; the browser's console must
stay silent; and a screenshot of each kind of page (standings, game) is taken
at a phone's width. Skipped only where Chromium is missing outside CI
(``.ci/servers`` installs it there).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest

from tests.pages.site import china_tournament

CHROMIUM = shutil.which("chromium")
PHONE = "600,1400"
"""Window size of the screenshots: about a phone's width."""

IN_A_LANGUAGE = re.compile(r"\.(en|el|hu|ru)\.html$")
"""A page in one language (``3.el.html``): the crawl opens each language's standings and the pages linked from
the site's own (plain names); every other language's links are checked to lead to files
(tests/pages/test_languages.py), not opened one by one in a browser."""

pytestmark = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                reason="chromium is not installed (.ci/servers installs it)")


class Targets(HTMLParser):
    """Every link and image a page names."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.images: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.links.append(found["href"] or "")
        if tag == "img" and found.get("src"):
            self.images.append(found["src"] or "")


class Recorder(SimpleHTTPRequestHandler):
    """Serves the site and notes what was asked and answered."""

    asked: list[tuple[str, int]]

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.asked.append((self.path, int(code) if str(code).isdigit() else 0))

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None, "CI must have chromium: .ci/servers installs it"
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--enable-logging=stderr", "--v=0", *args],
                          capture_output=True, text=True, timeout=120, check=False)


def test_every_published_page_loads_in_chromium_with_no_broken_link_image_or_console_error(tmp_path: Path) -> None:
    site = china_tournament(tmp_path)
    asked: list[tuple[str, int]] = []
    handler = type("Handler", (Recorder,), {"asked": asked})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(site.out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        root = f"http://127.0.0.1:{server.server_address[1]}/"
        todo, seen, kinds = [root + "index.html"], set(), {}
        while todo:
            url = todo.pop()
            if url in seen:
                continue
            seen.add(url)
            opened = chromium("--dump-dom", url)
            assert opened.returncode == 0, opened.stderr[-2000:]
            console = [line for line in opened.stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]
            assert console == [], (url, console)
            targets = Targets()
            targets.feed(opened.stdout)
            assert "</html>" in opened.stdout and "<h1>" in opened.stdout, url
            for src in targets.images:
                assert (urlparse(urljoin(url, src)).path, 200) in asked, (url, src, asked)
            for href in targets.links:
                target, anchor = urldefrag(urljoin(url, href))  # a page is opened once, whatever place it links to
                assert target.startswith(root), (url, href)  # the site links only into itself
                path = site.out / urlparse(target).path.lstrip("/")
                assert path.is_file(), (url, href)
                assert not anchor or f'id="{anchor}"' in path.read_text(encoding="utf-8"), (url, href)
                if not IN_A_LANGUAGE.search(path.name) or path.name.startswith("index."):
                    todo.append(target)
            kinds.setdefault("game" if "/games/" in url else "standings", url)
        failed = [hit for hit in asked if hit[1] != 200 and hit[0] != "/favicon.ico"]  # asked by the browser itself
        assert failed == []
        assert {f"/games/{site.finished}.html", f"/games/{site.running}.html",
                f"/games/{site.finished}.png"} <= {path for path, _ in asked}
        for kind, url in kinds.items():
            shot = tmp_path / f"{kind}.png"
            taken = chromium(f"--screenshot={shot}", f"--window-size={PHONE}", "--hide-scrollbars", url)
            assert taken.returncode == 0, taken.stderr[-2000:]
            assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 5_000, kind
        assert set(kinds) == {"standings", "game"}
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
