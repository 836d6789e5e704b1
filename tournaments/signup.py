"""Whether a tournament takes a sign-up by mail now, and which tournament a player's words name.

Both are decisions on plain data the shell hands in (the date, the counts, the
tournaments' names), so they are tested without a clock or a database. The
shell answers strangers only with the one confirmation mail, so these reasons
are for the organiser's eyes (the stored mail's reason, the CLI) and for a
player who has already proved their address.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from tournaments.definition import Definition

CLOSED, PAST, FULL, STARTED = "closed", "past", "full", "started"
"""Why a sign-up is not taken: the file keeps it closed, its closing date has passed, the cap is reached, or no
round is left that a newcomer may join."""


@dataclass(frozen=True)
class Shut:
    """Why a tournament takes no sign-up now: a code (:data:`CLOSED`, …) and the organiser's words."""

    code: str
    detail: str


def shut(definition: Definition, today: date, rounds_started: int, taken: int) -> Shut | None:
    """Why the tournament takes no sign-up on ``today`` (UTC), or None when it takes one.

    ``taken`` counts the players entered and not dropped plus the sign-ups awaiting the organiser: a cap
    counts both, so approving every waiting sign-up never goes over it.
    """
    rules = definition.signup
    if not rules.open:
        return Shut(CLOSED, "sign-up by mail is closed (signup.open is false)")
    next_round = rounds_started + 1
    last = min(definition.rounds, definition.registration.late_until_round)
    if next_round > last:
        return Shut(STARTED, f"no round is left to join: round {rounds_started} has started and players may join "
                             f"until round {last} (registration.late_until_round, rounds)")
    if rules.closes is not None and today > rules.closes:
        return Shut(PAST, f"sign-up closed after {rules.closes.isoformat()} (signup.closes)")
    if rules.cap is not None and taken >= rules.cap:
        return Shut(FULL, f"full: {taken} players entered or awaiting approval, signup.cap is {rules.cap}")
    return None


@dataclass(frozen=True)
class Named:
    """Which tournament a player's words name: its id, or 0 and why none (``unknown`` or ``ambiguous``)."""

    tournament_id: int
    why: str = ""
    candidates: tuple[str, ...] = ()


SIMILAR = 0.8
"""How close (difflib's ratio) misspelt words must be to a name to name it: a letter or two wrong in a short name."""

CLEAR_LEAD = 0.1
"""How far the closest name must lead the next for a misspelling to name it: never a coin toss between two."""


def plain_words(text: str) -> tuple[str, ...]:
    """Words as a name is matched: lower case, accents and punctuation gone ("Spring-Cup!" is spring, cup)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return tuple(re.findall(r"\w+", bare))


def named(words: str, tournaments: Sequence[tuple[int, str]]) -> Named:
    """The one tournament of ``tournaments`` (id, name) that ``words`` name, or why none.

    By its id (``3``, ``#3``), its name whatever the case, accents and punctuation, its name among other words
    (``join the Spring Cup please``), or a misspelling close to one name only. Two names that fit equally are
    never guessed between.
    """
    given = plain_words(words)
    if not given:
        return Named(0, "unknown")
    if len(given) == 1 and given[0].isdigit():
        found = [tid for tid, _ in tournaments if str(tid) == given[0]]
        return Named(found[0]) if found else Named(0, "unknown")
    names = {tid: plain_words(name) for tid, name in tournaments}
    for rule in (lambda name: name == given, lambda name: _within(name, given) or _within(given, name)):
        fits = [tid for tid, name in names.items() if name and rule(name)]
        if len(fits) == 1:
            return Named(fits[0])
        if fits:
            return Named(0, "ambiguous", tuple(" ".join(names[tid]) for tid in fits))
    joined = " ".join(given)
    scores = sorted(((difflib.SequenceMatcher(None, joined, " ".join(name)).ratio(), tid)
                     for tid, name in names.items()), reverse=True)
    if scores and scores[0][0] >= SIMILAR:
        if len(scores) == 1 or scores[0][0] - scores[1][0] >= CLEAR_LEAD:
            return Named(scores[0][1])
        return Named(0, "ambiguous", tuple(" ".join(names[tid]) for score, tid in scores if score >= SIMILAR))
    return Named(0, "unknown")


def _within(part: tuple[str, ...], whole: tuple[str, ...]) -> bool:
    """Whether ``part`` is a run of whole words of ``whole``."""
    return any(whole[start:start + len(part)] == part for start in range(len(whole) - len(part) + 1))
