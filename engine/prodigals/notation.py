"""Reading a reply line in The Prodigals Club's notation, and writing a move.

Every move has one canonical line (``str(move)``, see ``engine.prodigals.moves``);
a line is read by matching it against the canonical lines of the moves legal
now, after reducing both so that ``At the Pub`` and ``at-the-pub`` read alike.
"""

from __future__ import annotations

import re

from engine import notation
from engine.errors import MoveError
from engine.notation import Vocabulary, words_of
from engine.prodigals import flow, moves
from engine.prodigals.data import DATA
from engine.prodigals.moves import Move
from engine.prodigals.state import State
from engine.prodigals.words import MOVE_WORDS
from engine.text import T

_WORD_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])")
_NUMBERED = re.compile(r"(?<=[a-z])[ -](?=\d)")
"""A space or hyphen before a place's number: ``e-set 3``, ``gent 1``, ``turn-order 2`` read as written whole."""


def _key(line: str) -> str:
    """A line reduced so that ``At the Pub`` and ``at-the-pub`` read alike, and ``e-set 3`` as ``e-set3``."""
    text = _NUMBERED.sub("", _WORD_HYPHEN.sub(" ", line))
    text = re.sub(r"^move society ", "move ", text)
    return re.sub(r" x1$", "", text)


VERBS: frozenset[str] = frozenset(_key(step.verb).split()[0] for step in moves._Step.__subclasses__())
"""The first words of every kind of move."""


def format_move(move: Move) -> str:
    return str(move)


def read_line(line: str, state: State, seat: int) -> list[Move]:
    """The one legal move ``line`` names for ``seat``."""
    options = flow.legal(state, seat)
    move = {_key(str(m)): m for m in options}.get(_key(line))
    if move is None:
        raise MoveError(T("that line is not a legal move now"),  # the reply loop adds the line and what is asked
                        suggestions=notation.closest(line, [str(m) for m in options]))
    return [move]


def _identifiers() -> list[str]:
    """The tiles' ids (``pt3``, ``pc-ii4``) and the counts' letters (``x3``, ``r2``), whose letters name nothing."""
    return [*DATA.tile_by_slug, "x", "r"]


VOCABULARY = Vocabulary(
    moves=words_of(word.msgid for word in MOVE_WORDS if word.msgid != "for"),
    others=words_of([*_identifiers(), "for", "society"]),
    verbs=VERBS,
)
"""Every word a move's line is written with: the words of the notation (``words.MOVE_WORDS``, which name every
card, space, tile, marker and step) name a move; a tile's id, ``for`` (``exchange b5 for pt3``) and the
``society`` of ``move society lady2 up`` are read too, but name nothing alone."""
