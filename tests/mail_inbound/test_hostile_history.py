"""Finding quoted history costs a bounded amount a line, whatever the sender writes (#28).

mail-parser-reply's attribution patterns nest lazy wildcards; searched over
one long line of "On On On …" they backtracked for 16 s per 8 kB (minutes
for the 100 kB a reply may hold), inside one call of the regex engine, which
holds the GIL and so stopped every thread of ``pbem serve``, the SMTP
listener's with them, for mail from anyone. The tests watch the windows the
library's pattern is given instead of timing it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pbem.mail.inbound import history, quote_headers
from pbem.mail.inbound.quote_headers import _LIBRARY_WINDOW_CHARS


class Watched:
    """The library's pattern, noting how much text each call may look at."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.windows: list[int] = []

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        self.windows.append((len(text) if endpos is None else endpos) - pos)
        return self.pattern.search(text, pos, len(text) if endpos is None else endpos)

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        self.windows.append((len(text) if endpos is None else endpos) - pos)
        return self.pattern.match(text, pos, len(text) if endpos is None else endpos)


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> Watched:
    spy = Watched(history._HISTORY_HEADER._library)
    monkeypatch.setattr(history._HISTORY_HEADER, "_library", spy)
    return spy


@pytest.mark.parametrize("hostile", ["On " * 1_000, "Op " * 1_000, "Il " * 1_000 + "\nha scritto:", "x" * 3_000])
def test_a_long_line_is_never_handed_whole_to_the_librarys_patterns(watched: Watched, hostile: str) -> None:
    assert history.new_text(f"take 1\n{hostile}\n").startswith("take 1")
    assert watched.windows and max(watched.windows) <= _LIBRARY_WINDOW_CHARS + 1


@pytest.mark.parametrize("attribution", ["Dne 1. 12. 2026 v 10:00 Ann <ann@example.org> napsal(a):",
                                         "Dnia 1.12.2026 o 10:00 Ann <ann@example.org> napisał(a):"])
def test_the_librarys_own_attributions_are_still_found_after_a_long_line(watched: Watched, attribution: str) -> None:
    """Czech and Polish attributions are the library's alone (quote_headers.toml has neither)."""
    assert attribution.split()[-1] not in quote_headers.DATA_FILE.read_text(encoding="utf-8")
    body = f"take 1\n{'words ' * 2_000}\n\n{attribution}\n> Your move, seat 1\n> take 1 or take 2\n"
    kept = history.new_text(body)
    assert kept.startswith("take 1") and "words" in kept
    assert attribution not in kept and "Your move" not in kept
    assert watched.windows  # found by the library's pattern
