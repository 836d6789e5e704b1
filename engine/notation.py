"""Helpers every game's notation shares: normalising a reply line and finding
the legal moves closest to what a player wrote.

Email replies arrive with odd case, stray punctuation and extra spaces; each
game tokenises the normalised line with its own vocabulary.
"""

from __future__ import annotations

import difflib
import re

LINE_LIMIT = 400
"""The most characters a reply line (with the "else" lines that continue it) may have to be read as moves.

The longest move line a game's notation writes is under 100 characters, and
a line of alternatives a few times that; reading a line costs the game's
parser once an alternative, so a longer line is refused (or, after the owed
decisions, ignored) unread: a reply costs what its size costs, never more.
"""

_PUNCTUATION = re.compile(r"[^\w+\-:;,./]+", re.UNICODE)
_SPACES = re.compile(r"\s+")


def normalise(line: str) -> str:
    """Lower case, punctuation other than ``+ - : ; , . /`` dropped, spaces folded."""
    text = _PUNCTUATION.sub(" ", line.lower())
    return _SPACES.sub(" ", text).strip()


def shortened(line: str, limit: int = LINE_LIMIT) -> str:
    """``line`` as shown back to a player: cut at ``limit`` characters, with "…" where it was cut."""
    return line if len(line) <= limit else line[:limit].rstrip() + "…"


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


SUGGEST_MARGIN = 16
"""Characters of a reply line compared beyond the longest candidate: room for a typo's extra letters."""


def closest(text: str, candidates: list[str], n: int = 5) -> list[str]:
    """The ``n`` candidates most like ``text``, best first.

    Only the start of ``text`` is compared, as long as the longest candidate
    plus :data:`SUGGEST_MARGIN`: difflib's cost grows with the product of the
    lengths, so a 100 kB line (one word or many) took seconds over a game's
    legal moves, on the thread that serves every mail. Nothing longer than
    every candidate by more than a typo is like any of them, and the start of
    a line is what names its move, so the order barely changes; the cost is
    then bounded by the candidates, whatever a player sends.
    """
    if not candidates:
        return []
    head = text[:max(map(len, candidates)) + SUGGEST_MARGIN]
    return sorted(candidates, key=lambda c: -difflib.SequenceMatcher(None, head, c).ratio())[:n]
