"""A reply of only a number: the move of that number in the decision the mail it answers showed.

Every mail that shows a decision numbers its legal moves in the order of
``engine.Game.legal`` (:class:`pbem.play.shown.Listed`), so a player may answer
"3" (or "3.", "#3", "(3)") instead of writing the move. A number means
something only against the decision it was read from: the mail it answers
(``In-Reply-To``, or the decision its reply address names, for a client or a
link that sends no ``In-Reply-To``) must be one that listed the seat's open
decision, which must still be open. Moves of other seats since then may have
changed the list; the number is then read in the list the mail showed, and
played only when the open decision has exactly one move written the same, so
a number never plays a move other than the one it was shown beside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Row
from sqlmodel import select

import engine
from engine.meaning import STOPS, TOKEN, said_number
from engine.notation import Vocabulary
from engine.text import Words, fold
from pbem.ops.db import Outbox
from pbem.play.arrival import Reply
from pbem.play.postbox import NOTICE_KINDS
from pbem.play.store import replay

NUMBERED_KINDS = (*NOTICE_KINDS, "refusal")
"""The mails that list the seat's open decision's moves with their numbers."""

_NUMBER = re.compile(r"^[#№(]?\s*(\d{1,4})\s*[.)]?$")

OPTION_WORDS = 8
"""The most words of a reply naming a numbered entry in words ("I'll take option number 3, please")."""


@dataclass(frozen=True)
class Numbered:
    """What a number names in the decision it answers: the open decision's move (None: there is no move of that
    number) and how many moves the decision listed."""

    move: engine.Move | None
    count: int


def reads_as(rules: Any, state: Any, seat: int, said: Words, text: str) -> list[str] | None:
    """The moves (notation) ``text`` reads as among the seat's legal ones, or the several it could mean (asked
    about); None where it reads as none: what :func:`number` asks (as ``legal``) of a line naming a list's entry
    that is also the game's own move («Επιλογή 1» where Prodigals offers option 1)."""
    try:
        return [rules.format(move) for move in rules.read(text, rules.clone(state), seat, said).moves]
    except engine.AmbiguousMove as asked:
        return list(asked.suggestions)
    except engine.MoveError:
        return None


def _own_move(english: str, read: Sequence[str] | None, vocabulary: Vocabulary) -> bool:
    """Whether the moves a line reads as (their notation) include one its move words name ("option" of
    ``option 2``): a line reading as some other move (a number of its own) never names the game's option."""
    named = {word for word in TOKEN.findall(english.lower()) if vocabulary.names_a_move(word)}
    return read is not None and any(named & set(TOKEN.findall(move.lower())) for move in read)


def number(text: str, said: Words | None = None, vocabulary: Vocabulary | None = None,
           legal: Callable[[str], Sequence[str] | None] | None = None) -> int | None:
    """The number a reply's new text is, when it is nothing else ("3", "3.", "#3", "(3)"), else None.

    In the reader's words (``said``) it may also name the list's entry ("option 3", «вариант 3», «Την επιλογή
    νούμερο δύο», "A 12-es lehetőséget választom"): one number (a digit, a number word or an ordinal, inflected
    too), a word of the language's ``options``, and nothing but the language's small words ("the very first
    option on the list"), where the game's notation (``vocabulary``) reads no move word
    in the line (Prodigals' ``option 2`` is a move of its own); a negation, or a word making the line a choice
    ("or"), is never passed over. Where the line also reads as the game's own option move, it is that move when
    ``legal`` (the notation of the moves legal now the line reads as, or could mean; None where it reads as
    none) gives a move the line's move word names, or when no ``legal`` is given; else («Επιλογή 12» where
    Prodigals offers no option 12; «Την επιλογή νούμερο τρία», which reads as no option but as turn order 3) it
    names the list's entry."""
    found = _NUMBER.match(text.strip())
    if found:
        return int(found[1])
    reading = getattr(getattr(said, "lexicon", None), "reading", None)
    if said is None or vocabulary is None or reading is None or "\n" in text.strip():
        return None
    written = TOKEN.findall(text)
    if not written or len(written) > OPTION_WORDS:
        return None
    numbers: list[int] = []
    option = False
    options = frozenset(key for each in reading.options for key in said.keys(each))
    for word in written:
        folded = fold(word)
        if folded in reading.negations or folded in reading.blocks or folded in STOPS:
            return None  # "not the third option", "the third or the fourth"
        if word.isdigit():
            numbers.append(int(word))
        elif numbers and folded in reading.pronouns:  # "the third one": a pronoun after the number, no number
            continue
        elif said.keys(word) & options:
            option = True
        elif (n := said_number(folded, reading, said)) is not None:  # «την τέταρτη», "a harmadikat"
            numbers.append(n)
        elif not (folded in reading.small or folded in reading.choosing or folded in reading.number_suffixes
                  or folded in reading.pronouns):
            return None  # a word of no list: a name, a move word, a number word the language's table lacks
            # («двадцать третий» is 23, never 3)
    if not option or len(numbers) != 1:
        return None
    # Only a line that names a list's entry is read as the game's own move too: reading is the costly step,
    # and most replies are moves, not entries.
    english = said.english(text)
    if vocabulary.names_a_move(english) and (legal is None or _own_move(english, legal(text), vocabulary)):
        return None
    return numbers[0]


def chosen(reply: Reply, number: int) -> Numbered | None:
    """The move ``number`` names in the decision the reply answers, or None when that decision is no longer open
    (answered, replaced by a newer one, or not one the answered mail listed)."""
    game, seat = reply.game, reply.seat
    rules, row = game.rules, game.seats[seat]
    asked = _shown_at(reply)
    if (asked is None or asked < row.prompted_seq or not row.awaiting or reply.arrival.transaction.retried
            or seat not in rules.to_act(game.state)):
        return None
    log = (*game.log, *game.played)
    since = [move for move in log if move.seq > asked]
    if any(move.seat == seat for move in since):
        return None
    state = game.state if not since else replay(
        rules, len(game.seats), game.row.seed, game.row.options,
        ((move.seat, move.notation) for move in log if move.seq <= asked))
    then = rules.legal(state, seat)
    if not 1 <= number <= len(then):
        return Numbered(None, len(then))
    if not since:
        return Numbered(then[number - 1], len(then))
    written = rules.format(then[number - 1])
    now = [move for move in rules.legal(game.state, seat) if rules.format(move) == written]
    return Numbered(now[0], len(then)) if len(now) == 1 else None


def _shown_at(reply: Reply) -> int | None:
    """The moves in the log when the mail the reply answers was sent, if that mail listed numbered moves: found
    from ``In-Reply-To``/``References``, else from the decision the reply address names (a link sends neither
    header)."""
    ours = answered(reply)
    if ours is not None:
        return ours.seq if ours.kind in NUMBERED_KINDS else None
    target = reply.arrival.target
    return target.asked if target is not None else None


def answered(reply: Reply) -> Row[Any] | None:
    """Our mail to the reply's seat that the reply answers, by ``In-Reply-To``/``References``: its kind and its
    ``seq`` (the moves in the log when it was sent); None when the reply names none of them."""
    mail = reply.mail
    for message_id in filter(None, [mail.in_reply_to, *reversed(mail.references)]):
        with reply.session.no_autoflush:  # the mail it answers was committed before; this step's changes wait
            ours = reply.session.exec(
                select(Outbox.kind, Outbox.seq, Outbox.seat, Outbox.game_id)
                .where(Outbox.message_id == f"<{message_id}>")
            ).first()
        if ours is not None and ours.game_id == reply.game.id and ours.seat == reply.seat:
            return ours
    return None
