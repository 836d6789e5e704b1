"""The one reply-reading loop every game shares: a reply's lines to moves, read against the game's state.

A game says only how one line reads (its notation's ``read_line`` and
vocabulary); how a reply's lines become decisions' entries, which of them are
greetings, moves, alternatives, answers kept for a later turn or a signature,
and how a line that cannot be played is refused, is the same for every game,
so it is written once here. :class:`engine.protocol.GameBase` holds a
:class:`Reader` and its ``read``, ``entries`` and ``ahead`` are the reader's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Hashable, Protocol

from engine.errors import AmbiguousMove, IllegalMove, MoveError
from engine.meaning import TOKEN, Meaning, courteous, meaning, readings, tokens
from engine.notation import APOSTROPHE, LINE_LIMIT, WORD, Vocabulary, normalise, reply_parts, shortened
from engine.text import ENGLISH, Said, T, TC, Text, TN, Words, fold

State = Any
"""A game's state, as :mod:`engine.protocol` names it."""

Move = Hashable
"""One move, as :mod:`engine.protocol` names it."""

ELSE = TC("move", "else")
"""The word between the alternatives of one line (``group 2 tax, else pass``), in every game's move words."""

_ELSE = re.compile(r"\s*,?\s*\belse\b\s*")
DONE = "end"
"""What a language's "done" word («готово», «kész», «τέλος» where it is no move) is read as (engine.text.Reading)."""
_DONE_AROUND = re.compile(rf"^(?:{DONE}\b[\s,;.!]*)+|(?:[\s,;.!]*\b{DONE})+[\s,;.!]*$")
"""Done words opening or closing a line («всё, готово», "pass, done", «всё, пас»): the reply's moves end with
that line."""


def reply_words(game: Any) -> tuple[Text, ...]:
    """Every word a reply in ``game`` is written with: the game's own ``MOVE_WORDS`` and :data:`ELSE`."""
    return (ELSE, *getattr(game, "MOVE_WORDS", ()))


@dataclass(frozen=True)
class Entry:
    """One decision's line of a reply: its moves in order of preference, the first one legal being played.

    ``written`` is the line as the player wrote it (with any following lines
    that start with "else"); ``alternatives`` are the normalised English
    lines, best first. A line longer than :data:`engine.notation.LINE_LIMIT`
    is ``too_long``: it has no alternatives, is never read, and ``written``
    holds its start only.
    """

    written: str
    alternatives: tuple[str, ...]
    too_long: bool = False

    @property
    def quoted(self) -> str:
        """The entry as a refusal quotes it: the player's own line (its "else" lines after it), never as read."""
        return self.written.replace("\n", " ")


@dataclass(frozen=True)
class Reading:
    """What a reply says: the moves it makes, in order, the lines it carried after them, and what it sends ahead.

    ``ignored`` holds the lines (as written) that are not written as moves and
    came once every decision the seat owed was made, or after the reply's last
    line written as a move: a greeting, a signature.
    ``ahead`` holds the lines (as written) that came then and are moves: the
    seat's answer for its next turn, kept unread until that turn comes.
    ``unseen`` holds the lines of a kept answer (read with ``kept``) from the
    first decision no kept answer may serve
    (:attr:`engine.protocol.Decision.not_ahead`) on: they were written before
    what that decision shows was seen, so they are not read (``moves`` are
    the lines before it).
    """

    moves: list[Move]
    ignored: tuple[str, ...] = ()
    ahead: tuple[str, ...] = ()
    unseen: tuple[str, ...] = ()


class Rules(Protocol):
    """What the reader asks of a game: the part of :class:`engine.protocol.GameBase` that reading a reply uses.

    A protocol here rather than ``GameBase`` itself, because the protocol module builds on this one: naming
    ``GameBase`` would close a circle of imports.
    """

    NOTATION: ModuleType

    def reply_text(self, text: str) -> str: ...

    def entries(self, text: str, words: Words = ENGLISH) -> tuple[list[Entry], tuple[str, ...]]: ...

    def expected(self, state: State, seat: int) -> Said: ...

    def suggestions(self, state: State, seat: int) -> list[str]: ...

    def clone(self, state: State) -> State: ...

    def to_act(self, state: State) -> set[int]: ...

    def decision(self, state: State, seat: int) -> Any: ...

    def is_move_line(self, line: str) -> bool: ...

    def read_line(self, line: str, state: State, seat: int) -> Sequence[Move]: ...

    def legal(self, state: State, seat: int) -> list[Move]: ...

    def format(self, move: Move) -> str: ...

    def closest_moves(self, line: str, state: State, seat: int) -> list[str]: ...

    def apply(self, state: State, seat: int, move: Move) -> State: ...


class Reader:
    """Reads replies for one game, asking the game (``game``) only what the protocol says a game answers:
    its state's seats to act and decisions, its lines' moves and words, what it expects and suggests."""

    def __init__(self, game: Rules) -> None:
        self.game = game

    def entries(self, text: str, words: Words = ENGLISH) -> tuple[list[Entry], tuple[str, ...]]:
        """A reply's lines as decisions' entries: each line's alternatives (``tax, else build``) in order; and
        the lines after its done word (a line ``end``, «готово», "pass, done"), as written, which are not read.

        A line that starts with "else" adds alternatives to the line before it.
        Each line is read in ``words``' move words and in English, whichever the
        player wrote.
        """
        entries: list[Entry] = []
        lines, after = reply_parts(text)
        for at, (written, _) in enumerate(lines):
            if len(written) > LINE_LIMIT:
                entries.append(Entry(shortened(written), (), too_long=True))
                continue
            read = normalise(words.english(normalise(self.game.reply_text(written))))
            moves = _DONE_AROUND.sub("", read)
            pieces = _ELSE.split(moves)
            alternatives = tuple(piece for piece in pieces if piece)
            if alternatives and not pieces[0] and entries and not entries[-1].too_long:  # "else …" goes on
                before = entries.pop()  # with the line before it
                joined = f"{before.written}\n{written}"
                entries.append(Entry(joined, before.alternatives + alternatives) if len(joined) <= LINE_LIMIT
                               else Entry(shortened(joined), (), too_long=True))
            elif alternatives:
                entries.append(Entry(written, alternatives))
            if moves != read:  # «готово», «kész», "pass, done": the player's moves end here, and what follows
                return entries, (*(line for line, _ in lines[at + 1:]), *after)  # is listed as not read
        return entries, tuple(after)

    def read(self, text: str, state: State, seat: int, words: Words = ENGLISH, kept: bool = False) -> Reading:
        """A reply's lines to moves, each line read against the state the lines before it lead to.

        The lines are played on a clone, so a reply can carry every decision
        the seat owes before anyone else acts; of a line's alternatives the
        first that can be played is. Once the seat owes nothing more, a line
        that is not written as a move is ignored and reported, and the lines
        that are moves are the seat's answer for its next turn (``ahead``),
        left unread until then. The lines after the reply's last line written
        as a move that are not moves (a signature with no ``--`` above it)
        are ignored and reported too, even while the seat still owes a
        decision (a standing release order discharges none): read as moves,
        they would refuse the reply. Nothing is applied to ``state``. An
        answer ``kept`` from before the turn is read up to a decision its
        lines cannot have seen (R-PBEM-4: a drawn tile is placed once seen):
        the lines from there are ``unseen``, read by no one.
        """
        entries, after = self.game.entries(text, words)
        written_as_moves = [i for i, entry in enumerate(entries) if self._kept_ahead(entry)]
        start, end = _moves_span(self.game, entries, written_as_moves[-1] + 1 if written_as_moves else len(entries),
                                 words)
        if end <= start:
            raise MoveError(T("the reply holds no move"), expected=self.game.expected(state, seat),
                            suggestions=self.game.suggestions(state, seat))
        work = self.game.clone(state)
        moves: list[Move] = []
        ignored: list[str] = [entry.written for entry in entries[:start]]
        ahead: list[str] = []
        unseen: list[str] = []
        joined = 0  # lines read with the line before them (one move said over two lines)
        for at, entry in enumerate(entries[start:end], start):
            if joined:
                joined -= 1
                continue
            if unseen or (kept and moves and seat in self.game.to_act(work) and self._unseen(work, seat)):
                unseen.append(entry.written)
                continue
            if ahead or seat not in self.game.to_act(work):
                if not moves:
                    raise self._nothing_owed(work, seat, entry.quoted)
                if self.game.to_act(work) and self._kept_ahead(entry, words):
                    self._check_kept(entry, words)
                    ahead.append(entry.written)
                else:  # a greeting, a signature; or anything once the game is over
                    ignored.append(entry.written)
                continue
            if entry.too_long:
                raise MoveError(T("this line is too long to be a move: a move line has at most %(limit)s characters",
                                  limit=LINE_LIMIT), line=entry.written, expected=self.game.expected(work, seat))
            try:
                work, played = self._read_entry(entry, work, seat, words)
            except MoveError as err:  # quoted as the player wrote it, never as read (half in English notation)
                found = _joined(self.game, entries[at:end], work, seat, words)
                if found is None:
                    raise err.at(entry.quoted) from None
                work, played, joined = found
            moves += played
        if moves and end < len(entries) and seat in self.game.to_act(work) and _closes_turn(entries[end], words):
            try:  # "…\nThat's all.": the turn's end on its own line after the moves, where ending is a move
                work, played = self._read_entry(entries[end], work, seat, words)
                moves, end = moves + played, end + 1
            except MoveError:  # no move where the game has none: a sign-off, listed as not read
                pass
        ignored += [entry.written for entry in entries[end:]]
        return Reading(moves, (*ignored, *after), tuple(ahead), tuple(unseen))

    def _unseen(self, state: State, seat: int) -> bool:
        """Whether the seat's decision now is one a kept answer may not serve
        (:attr:`engine.protocol.Decision.not_ahead`)."""
        decision = self.game.decision(state, seat)
        return decision is not None and decision.not_ahead is not None

    def ahead(self, text: str, words: Words = ENGLISH) -> Reading:
        """A reply sent before the seat's turn: its move lines kept unread for that turn
        (see :meth:`engine.protocol.Game.ahead`).

        A move line holding a word the notation does not read raises :class:`engine.MoveError` at once."""
        kept: list[str] = []
        ignored: list[str] = []
        entries, after = self.game.entries(text, words)
        for entry in entries:
            if self._kept_ahead(entry, words):
                self._check_kept(entry, words)
                kept.append(entry.written)
            else:
                ignored.append(entry.written)
        return Reading([], (*ignored, *after), tuple(kept))

    def _check_kept(self, entry: Entry, words: Words = ENGLISH) -> None:
        """Refuse now a line kept for a later turn whose every alternative holds a word the notation does not
        read and that cannot be read by meaning either (no word of the game in it, or a word that stops such a
        reading): it could never be played then, and the player would learn it only when the turn came. (An
        alternative with such a word beside one without is judged at the turn, as in a line read now; so is a
        line that names the game's things in the player's own words, read by meaning when its turn comes.)"""
        unknown = [self.game.NOTATION.VOCABULARY.unknown(line) for line in entry.alternatives]
        if all(word is not None for word in unknown) and not self._names_the_game(entry, words):
            raise MoveError(T("'%(word)s' is not a word of this game's moves, and a line is played only when "
                              "every word in it is read", word=unknown[0]), line=entry.quoted)

    def _names_the_game(self, entry: Entry, words: Words) -> bool:
        """Whether a line names something of the game in words a reading by meaning takes (#43): sent ahead,
        it is kept for its turn like a line of notation."""
        found = tokens(entry.written, words, self.game.NOTATION.VOCABULARY)
        return found is not None and any(not token.optional for token in found.read)

    def _kept_ahead(self, entry: Entry, words: Words | None = None) -> bool:
        """Whether an entry past the owed decisions is written as moves (kept for a later turn), not prose: in
        notation, or (given the player's ``words``) naming the game's things as a reading by meaning takes them."""
        if entry.too_long:
            return False
        return (all(self.game.is_move_line(line) for line in entry.alternatives)
                or (words is not None and len(entry.alternatives) == 1 and self._names_the_game(entry, words)))

    def _unknown_word(self, line: str, word: str, work: State, seat: int) -> MoveError:
        """The refusal of ``line`` for ``word``: the game's own where its reader refuses the line quoting that
        word alone (it says what would do there: "'blue' is not a card colour; card colours are …"), else
        one that says the word is none of the game's."""
        try:
            self.game.read_line(line, work, seat)
        except MoveError as err:
            if word in _named(err.reason):
                return err.at(err.line or line, self.game.expected(work, seat), self.game.closest_moves(line, work, seat))
        return MoveError(T("'%(word)s' is not a word of this game's moves, and a line is played only when every "
                           "word in it is read", word=word),
                         line=line, expected=self.game.expected(work, seat), suggestions=self.game.closest_moves(line, work, seat))

    def _read_entry(self, entry: Entry, work: State, seat: int, words: Words) -> tuple[State, list[Move]]:
        """The state after the entry's first alternative that can be played, and that alternative's moves.

        A line of one alternative that the notation cannot play is then read by meaning among the legal moves
        (:mod:`engine.meaning`), when it holds a word the notation does not read or does not start as a move
        (a line of the notation's own words, read as a move, keeps the notation's reason: "one person per
        line"; so does a move the rules refuse now, or an abbreviation the notation found several moves for):
        played when exactly one move or sequence fits every word of the game in it, asked about
        (:class:`AmbiguousMove`, the candidates as suggestions) when several fit, and refused as the notation
        refused it, the moves the rest of the line would be as the closest, when one fits with a word left over
        or none fits.
        Of several alternatives ("… else …"), a later one is tried only where each before it was read and is not
        legal now: one the notation cannot read may have been the player's first choice, and legal."""
        if len(entry.alternatives) == 1:
            try:
                return self._play_line(entry.alternatives[0], work, seat)
            except MoveError as err:
                return self._by_meaning(entry, work, seat, words, err)
        refused: list[tuple[str, Said]] = []
        understood = True
        for line in entry.alternatives:
            try:
                return self._play_line(line, self.game.clone(work), seat)
            except MoveError as err:
                refused.append((line, err.reason))
                understood = understood and err.understood
                if not err.understood:  # "parade if you can, else tax": the first choice unread, never passed by
                    break  # for the fallback, played only where each choice before it was read and is not legal now
        raise (IllegalMove if understood else MoveError)(
            T("none of the line's alternatives can be played now"), line=entry.quoted,
            expected=self.game.expected(work, seat), refused=tuple(refused))

    def _by_meaning(self, entry: Entry, work: State, seat: int, words: Words,
                    refused: MoveError) -> tuple[State, list[Move]]:
        vocabulary, line = self.game.NOTATION.VOCABULARY, entry.alternatives[0]
        if isinstance(refused, AmbiguousMove):
            raise refused  # the notation found several: its reason is the answer
        found = meaning(self.game, entry.written, work, seat, words, vocabulary)
        if _rules_reason_stands(found, refused, vocabulary, line):
            raise refused
        if found.left_over:  # the moves the rest would be are closest
            raise _without_one_word(found, refused)
        if found.candidates:
            raise AmbiguousMove(T("this could be more than one move; which one did you mean?"), line=entry.quoted,
                                expected=self.game.expected(work, seat), suggestions=list(readings(found)))
        state = self.game.clone(work)
        for move in found.moves:
            state = self.game.apply(state, seat, move)
        return state, list(found.moves)

    def _play_line(self, line: str, work: State, seat: int) -> tuple[State, list[Move]]:
        """The state after one line (one alternative of an entry) and its moves.

        A line is played only when every word of it is read: a word left out
        could be the one that changes what the line means (a negation, «не
        пас», "don't pass"; the person in "play my healer card"), so a line
        holding a word the notation does not read is refused, naming the word.
        """
        word = self.game.NOTATION.VOCABULARY.unknown(line)
        if word is not None:
            raise self._unknown_word(line, word, work, seat)
        moves = list(self._read_line(line, work, seat))
        for move in moves:
            try:
                work = self.game.apply(work, seat, move)
            except IllegalMove as exc:
                raise IllegalMove(exc.reason, line=line, expected=self.game.expected(work, seat)) from None
        return work, moves

    def _read_line(self, line: str, work: State, seat: int) -> Sequence[Move]:
        try:
            return self.game.read_line(line, work, seat)
        except MoveError as err:
            if err.line:
                raise
            raise err.at(line, self.game.expected(work, seat)) from None

    def _nothing_owed(self, work: State, seat: int, line: str) -> MoveError:
        due = sorted(self.game.to_act(work))
        if not due:
            return MoveError(T("the game is over; no more moves are accepted"), line=line)
        waiting = ", ".join(str(s + 1) for s in due)
        return MoveError(TN("you owe no decision now; waiting for seat %(seats)s",
                            "you owe no decision now; waiting for seats %(seats)s", len(due), seats=waiting),
                         line=line, expected=T("nothing more from you until the others have played"))


def _rules_reason_stands(found: Meaning | None, refused: MoveError, vocabulary: Vocabulary, line: str) -> bool:
    """Whether the notation's refusal is the answer to a line read by meaning: no legal move fits every word, or
    the rules refuse the move the notation read and no legal move fits every word (a move of the player's words
    read as one legal move is played, though the notation read them as another: «Κίτρινη στο Τσιν (παγόδα 6) και
    τραβάω», its verb put first), or the line is the notation's own words, read as a move it refuses (its reason
    names what is wrong) unless only a step before that move is unsaid (:func:`_means_unsaid`)."""
    if found is None or (not found.read and not found.candidates):
        return True
    if found.read or _means_unsaid(found):
        return False
    return refused.understood or (vocabulary.unknown(line) is None and vocabulary.starts_a_move(line))


def _without_one_word(found: Meaning, refused: MoveError) -> MoveError:
    """The refusal of a line read only without one word, the moves the rest would be offered: its reason names
    that word, as the notation's does where it is that word ("three errand boys to Hyde Park": 'three', not the
    plural the notation never reads). Where the notation said the word is none of the game's, that reason is
    replaced: the reading by meaning read it as the game's ("one errand boy on the central card", which takes two
    now: a count), so the word fits no legal move, which the closest moves then show."""
    reason = refused.reason
    unknown = isinstance(reason, Text) and reason.msgid.startswith("'%(word)s' is not a word of this game's moves")
    if found.left_over not in _named(reason) or unknown:
        reason = T("'%(word)s' fits none of the moves legal now, and a line is played only when every word in it "
                   "is read", word=found.left_over)
    return type(refused)(reason, line=refused.line, expected=refused.expected, suggestions=list(readings(found)),
                         refused=refused.refused)


def _means_unsaid(found: Meaning) -> bool:
    """Whether every reading of a line the rules refuse is one move said, made legal by a step before it the line
    leaves unsaid, and the step differs between them ("sell my dog": by the Land Steward, or by the bonus tile):
    then they are asked about, where the rules' reason ("sell only by a card or a tile") would leave the player
    to find the step. A reading fitting only without a word is no such case."""
    candidates = found.candidates
    return (not found.left_over and len(candidates) > 1 and all(len(lines) > 1 for lines in candidates)
            and len({lines[-1] for lines in candidates}) == 1)


def _named(text: Said) -> set[str]:
    """The arguments of a text (and of the texts among them) as said: what the text names by itself, such as
    the one word a reader's refusal quotes ("'%(word)s' is not a card colour")."""
    if not isinstance(text, Text):
        return set()
    named: set[str] = set()
    for _, value in text.args:
        named |= _named(value) if isinstance(value, Text) else {str(value)}
    return named


def _joined(game: Rules, entries: Sequence[Entry], work: State, seat: int,
            words: Words) -> tuple[State, list[Move], int] | None:
    """A move said over two lines ("Craftsman -> palace 2" and "Monk -> palace 1": a start's two persons),
    read by meaning as one line of two parts: the state after it, its moves and the lines joined after the
    first; None when the first line with the next reads as nothing more sure, or there is no next line.

    Only a line that could mean several moves by meaning is joined with the next: one that means none keeps
    its reason, and the next line alone may be the next decision's."""
    if len(entries) < 2 or entries[1].too_long:
        return None
    first, following = entries[0], entries[1]
    alone = meaning(game, first.written, work, seat, words, game.NOTATION.VOCABULARY)
    if alone is None or not alone.candidates or alone.left_over:
        return None
    written = f"{first.written.rstrip(' ,;:.')}; {following.written}"
    found = meaning(game, written, work, seat, words, game.NOTATION.VOCABULARY)
    if found is None or not found.read:
        return None
    state = game.clone(work)
    for move in found.moves:
        state = game.apply(state, seat, move)
    return state, list(found.moves), 1


def _closes_turn(entry: Entry, words: Words) -> bool:
    """Whether an entry is only one of the language's phrases that end a turn ("That's all.", "Nothing else."),
    which no notation line is, so the moves' last line is read as the one before it."""
    lexicon = getattr(words, "lexicon", None)
    closing = lexicon.reading.closing if lexicon is not None else frozenset()
    said = " ".join(re.sub("['\u2019]", APOSTROPHE, word) for word in TOKEN.findall(fold(entry.written)))
    return not entry.too_long and said in closing


def _moves_span(game: Rules, entries: Sequence[Entry], end: int, words: Words) -> tuple[int, int]:
    """Where a reply's moves begin and end among its entries, ``end`` past its last line of notation: greetings
    before them and courtesies after them («Всего доброго!», though «всего» is a word of a card's name) are
    passed over and listed, like a signature. An empty span: the reply holds no move."""
    lexicon = getattr(words, "lexicon", None)
    negates = getattr(lexicon, "negates", lambda line: "not" in WORD.findall(line))
    greetings = lexicon.reading.greetings if lexicon is not None else frozenset()
    start = next((i for i, entry in enumerate(entries[:end]) if not _greeting(game, entry, negates, greetings)), 0)
    while end > start and courteous(entries[end - 1].written, words, game.NOTATION.VOCABULARY):
        end -= 1
    return start, end


def _greeting(game: Rules, entry: Entry, negates: Callable[[str], bool], greetings: frozenset[str] = frozenset()) -> bool:
    """Whether an entry before a reply's first move holds no word that names a move ("Hi Anna,"), or none
    besides the language's ``greetings`` when it starts with one ("Hi all,", where "all" is a word of the
    game): it is passed over and listed, like a signature after the last move. A line with any other move
    word («не пас», "Hi, pass") is read."""
    if entry.too_long or any(negates(line) for line in entry.alternatives):
        return False
    written = WORD.findall(fold(entry.written))
    if written and written[0] in greetings:
        rest = " ".join(word for word in written if word not in greetings)
        return not game.NOTATION.VOCABULARY.names_a_move(rest)
    return not any(game.NOTATION.VOCABULARY.names_a_move(line) for line in entry.alternatives)
