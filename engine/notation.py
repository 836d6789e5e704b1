"""Helpers every game's notation shares: normalising a reply line and finding
the legal moves closest to what a player wrote.

Email replies arrive with odd case, stray punctuation and extra spaces; each
game tokenises the normalised line with its own vocabulary.
"""

from __future__ import annotations

import difflib
import re

_PUNCTUATION = re.compile(r"[^\w+\-:;,./]+", re.UNICODE)
_SPACES = re.compile(r"\s+")


def normalise(line: str) -> str:
    """Lower case, punctuation other than ``+ - : ; , . /`` dropped, spaces folded."""
    text = _PUNCTUATION.sub(" ", line.lower())
    return _SPACES.sub(" ", text).strip()


def reply_lines(text: str) -> list[str]:
    """The non-empty lines of a reply, normalised, stopping at a line ``end``."""
    return [line for _, line in reply_entries(text)]


def reply_entries(text: str) -> list[tuple[str, str]]:
    """Each non-empty line of a reply as (the line as written, normalised), stopping at a line ``end``.

    The written form is kept so that lines a game ignores can be shown back to
    the player as they wrote them.
    """
    entries = []
    for raw in text.splitlines():
        line = normalise(raw)
        if not line:
            continue
        if line == "end":
            break
        entries.append((raw.strip(), line))
    return entries


def closest(text: str, candidates: list[str], n: int = 5) -> list[str]:
    """The ``n`` candidates most like ``text``, best first."""
    return sorted(candidates, key=lambda c: -difflib.SequenceMatcher(None, text, c).ratio())[:n]
