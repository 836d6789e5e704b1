"""Helpers every game's notation shares: normalising a reply line and finding
the legal moves closest to what a player wrote.

Email replies arrive with odd case, stray punctuation and extra spaces; each
game tokenises the normalised line with its own vocabulary.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

LINE_LIMIT = 400
"""The most characters a reply line (with the "else" lines that continue it) may have to be read as moves.

The longest move line a game's notation writes is under 100 characters, and
a line of alternatives a few times that; reading a line costs the game's
parser once an alternative, so a longer line is refused (or, after the owed
decisions, ignored) unread: a reply costs what its size costs, never more.
"""

_PUNCTUATION = re.compile(r"[^\w+\-:;,./]+", re.UNICODE)
_SPACES = re.compile(r"\s+")
_INNER_APOSTROPHE = re.compile(r"(?<=[^\W\d_])['\u2019](?=[^\W\d_])")
APOSTROPHE = "\u02bc"
"""The apostrophe inside a word (``don't``) as a normalised line writes it: a letter (U+02BC), so the word stays
one word and a refusal quotes it whole rather than "don"."""


def normalise(line: str) -> str:
    """Lower case, punctuation other than ``+ - : ; , . /`` dropped (an apostrophe inside a word kept, as
    :data:`APOSTROPHE`), spaces folded."""
    text = _PUNCTUATION.sub(" ", _INNER_APOSTROPHE.sub(APOSTROPHE, line.lower()))
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
    return reply_parts(text)[0]


def reply_parts(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """:func:`reply_entries`, and the non-empty lines after the line ``end`` as written: they are no moves, but
    nothing a player wrote is dropped unsaid, so a reply's reading lists them as not read."""
    entries: list[tuple[str, str]] = []
    lines = text.splitlines()
    for at, raw in enumerate(lines):
        line = normalise(raw)
        if not line:
            continue
        if line == "end":
            return entries, [rest.strip() for rest in lines[at + 1:] if normalise(rest)]
        entries.append((raw.strip(), line))
    return entries, []


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


WORD = re.compile(r"[^\W\d_]+")
"""A word of a reply line: a run of letters in any script (``не``, ``όχι``, ``álldogál``), never cut at an accent."""

SHORTEST_ABBREVIATION = 3
"""How many letters of a word a player may write for it and still have the line count as written as a move
(``res`` for research, ``mon`` for monk); a shorter beginning (``mo``) is read, but is too like a name
in a signature to make a line a move by itself."""


def words_of(phrases: Iterable[str]) -> frozenset[str]:
    """Every word (letter run) of ``phrases``: ``court_lady`` and ``e-set`` give their two words each."""
    return frozenset(word for phrase in phrases for word in WORD.findall(phrase.lower()))


@dataclass(frozen=True)
class Vocabulary:
    """Every English word one game's notation reads, as data, so that the reply loop can hold every game to
    the same two rules (``engine.protocol.GameBase``).

    - A line with a word outside the vocabulary is refused, naming the word, and never played: a reader
      that skipped a word it did not know would play «не пас» ("don't pass") as ``pass``.
    - A line whose first word is one of the ``moves`` words is written as a move; any other (a signature,
      "Thanks, Anna", "Joe XXX") is no move, and after the reply's last move it is passed over and listed.

    ``moves`` are the words that name a move or what it is made with (verbs, cards, persons, places);
    ``others`` the words read and passed over or only parts of an identifier (``the``, ``with``, the
    ``pc`` of ``pc-ii4``), known but making no line a move; ``shortened`` the words a reader also takes
    by any beginning (Dragon's ``g3 res``), which are therefore known by their beginnings too.
    """

    moves: frozenset[str]
    others: frozenset[str] = frozenset()
    shortened: frozenset[str] = frozenset()
    verbs: frozenset[str] = frozenset()
    """The words a move begins with as its verb (``recruit``, ``exchange``): what stands right after one is read
    in the player's language first (see :class:`engine.text.Lexicon`)."""
    never_unsaid: frozenset[str] = frozenset()
    """Verbs a reply by meaning must say: they make a move the opposite of its kin's (Prodigals' ``discard tile``
    beside ``tile 0,1 r2``), so "with the tile" is never read as throwing it away (:mod:`engine.meaning`)."""
    counted: frozenset[str] = frozenset()
    """The words a number goes with (``palace 2``, ``group 1``, ``pagoda 3``, ``build 1``): a number word a reply
    writes next to one is read as its digit ("palace two", «группы один», "build one floor"), and one after any
    other word the notation reads is not ("the purple one"). Empty: a number word is read after any word but a
    verb (see :class:`engine.text.Lexicon`)."""
    repeated: frozenset[str] = frozenset()
    """The words a count stands before as that many of them (China's card colours: "two reds", «две красные»,
    «két pirosat» are ``2 red``, which its notation reads as ``red red``): a number word right before one is
    read as its digit wherever it stands, after a verb too."""
    given_for: frozenset[str] = frozenset()
    """Words of a move's notation that put what is given before them and what is taken after (``exchange red for
    deck``): a reply read by meaning names such a move only when it says one of them too, between the two in the
    notation's order ("swap purple for orange" never plays ``exchange orange for purple``)."""
    given_by: frozenset[str] = frozenset()
    """Verbs that say what such a move gives ("discard the yellow"), as ``given_for`` does by where it stands."""
    taken_by: frozenset[str] = frozenset()
    """Verbs that say what such a move takes ("draw from the deck")."""
    same: tuple[tuple[str, str], ...] = ()
    """Words the notation reads as another it writes (China's ``house`` is ``pagoda``, ``swap`` is ``exchange``,
    ``reds`` is ``red``): a reply read by meaning (:mod:`engine.meaning`) matches either against a move; a word
    listed with two is read as either."""
    telling: frozenset[str] = frozenset()
    """Words of ``others`` that name no move yet tell one from another where said (Dragon's tile symbols: "the young
    guy with the rocket" is the pyrotechnist): read by meaning, such a word must be found among the words a move
    is named or also named by, never passed over as a small word is."""
    reasons: frozenset[str] = frozenset()
    """Words naming why a move is made, never a choice of one (Dragon's events and goods: "the drought hits, so I
    harvest"): read by meaning, a part of a line naming one and no word of a move is the move's reason, passed
    over whole, its own words unread (:func:`engine.meaning.tokens`)."""
    spent: frozenset[str] = frozenset()
    """Words of what a move spends that no move chooses (Prodigals' errand boy): a count said before one is how
    many the move spends, which the move's words give as that word numbered (``boy2`` on a central card costing
    two): "three errand boys on Hyde Park", where one goes, plays nothing (:mod:`engine.meaning`)."""
    moved: frozenset[str] = frozenset()
    """Words naming a piece a move moves one step at a time (Prodigals' ``gent``, ``lady``): a count of moves said
    before one piece named by its place ("all three moves on my top gentleman", «обоими опускаю вторую даму») is
    that piece moved as often (:mod:`engine.meaning`)."""
    said_after: frozenset[str] = frozenset()
    """Words naming what a turn's first move is made with, which players say after the moves it pays for (China's
    card colours: "Zhao 2 with the orange card", «Lu: narancssárga kártyával egy pagoda»): a line read no way as
    written is read by meaning once more with such a word first (:mod:`engine.meaning`)."""

    @property
    def words(self) -> frozenset[str]:
        """Every word read."""
        return self.moves | self.others

    def knows(self, word: str) -> bool:
        """Whether a (lower-case) word is read: a word of the vocabulary, or the beginning of a shortened one."""
        return word in self.moves or word in self.others or any(full.startswith(word) for full in self.shortened)

    def unknown(self, line: str) -> str | None:
        """The first word of ``line`` that is not read, whole as written there, or None."""
        return next((word for word in WORD.findall(line) if not self.knows(word)), None)

    def names_a_move(self, line: str) -> bool:
        """Whether any word of ``line`` names a move, whole or by a beginning of at least
        :data:`SHORTEST_ABBREVIATION` letters: a line with none before a reply's moves is a greeting."""
        return any(self._names(word) for word in WORD.findall(line))

    def _names(self, word: str) -> bool:
        return word in self.moves or (len(word) >= SHORTEST_ABBREVIATION
                                      and any(full.startswith(word) for full in self.shortened))

    def starts_a_move(self, line: str) -> bool:
        """Whether ``line`` is written as a move: its first word (numbers and signs before it aside: ``+1
        palace2``) names a move, whole or by a beginning of at least :data:`SHORTEST_ABBREVIATION` letters."""
        first = WORD.search(line)
        if first is None:
            return False
        word = first.group()
        return word in self.moves or (len(word) >= SHORTEST_ABBREVIATION
                                      and any(full.startswith(word) for full in self.shortened))
