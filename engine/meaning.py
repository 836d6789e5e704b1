"""Reading a reply by meaning: its words matched against the moves legal now, never against the notation's grammar.

A player who writes «кладу пагоду в Вэй на второе место» or "the orange one,
then wei 2 and I'll take the deck" names the same things a legal move names,
in another order, inflected, with words around them that choose nothing. At
every decision the legal moves are known (a few dozen, ~150 at most), so a
reply is read as the legal move, or the sequence of moves through the seat's
decisions, whose words account for every word of the reply that names
something of the game. The reader never guesses between two moves: when more
than one fits, or one fits only once a word of the reply is left out, nothing
is played and the player is asked which they meant (:class:`Unsure`).

Each legal move is described by its notation's words (``exchange yellow for
deck``). A reply's word is a *concept* of the game when one of the
language's forms of a notation word (the catalogs' move words, through
:class:`engine.text.Lexicon`) or the notation word itself shares a key with
it: its stems as the language's stemmer and lemmatiser give them
(``Words.keys``), or, for a typo or a word typed in Latin letters, the one
closest form within a small edit distance (``Words.near``). A word that is no
concept of the game (a filler, a courtesy, "the site", "the card") chooses
nothing and is passed over; a negation or a word that makes the line a
condition or a choice ("or", "if", "instead") stops the reading, since
passing it over could change the move.

The moves' own words are English notation, so the reader sees every
language the same way; what a language adds (its stems, its small words, its
number and ordinal words) comes from :class:`engine.text.Words`, filled by the
shell from the catalogs and ``pbem/language/reading.toml``.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Hashable, Protocol

from engine.errors import MoveError
from engine.notation import APOSTROPHE, Vocabulary
from engine.text import Lexicon, Reading, Words, fold

State = Any
Move = Hashable

TOKEN = re.compile(r"[^\W\d_]+(?:['\u2019\u02bc][^\W\d_]+)*|\d+")
"""A word or a number of a reply or of a move's notation: ``palace2`` and «откр2» are two tokens each."""

_SPLIT = re.compile(f"({TOKEN.pattern})")

PARSES_KEPT = 8
"""Distinct readings collected before the reader stops looking: two already make it ask."""

STATES_TRIED = 400
"""Decisions the reader may step through for one line, over all its readings (with a word left out too): a
bound on the work a hostile line can cause."""

UNSAID, UNNAMED, WHOLE, NAMED = -1, 0, 1, 2
"""How well a chunk of a line named its move (:func:`_chosen`): leaving one of its choices unsaid; wholly, as
one of several; wholly, but with a word of the line passed over; or named."""


TOKENS_READ = 40
"""The most tokens of one line read by meaning; a longer line is left to the notation's own refusal."""


class MeaningRules(Protocol):
    """What reading by meaning asks of a game (a part of :class:`engine.protocol.GameBase`)."""

    def legal(self, state: State, seat: int) -> list[Move]: ...

    def format(self, move: Move) -> str: ...

    def also_named(self, state: State, seat: int, move: Move) -> str: ...

    def apply(self, state: State, seat: int, move: Move) -> State: ...

    def clone(self, state: State) -> State: ...

    def to_act(self, state: State) -> set[int]: ...

    def shorter(self, move: Move) -> list[str]: ...

    def read_line(self, line: str, state: State, seat: int) -> Sequence[Move]: ...


@dataclass(frozen=True)
class Token:
    """One word of a reply as read: the notation words it may stand for (``concepts``); ``optional`` when it
    is one of the language's small words, which may stand for a notation word («на»: "for") or for nothing."""

    written: str
    concepts: frozenset[str]
    optional: bool = False
    near: tuple[str, ...] = ()
    chose: bool = False
    """Whether the word is a verb of choosing ("take", «беру»): it stands for the move's verb or for nothing, so a
    part of the line holding it may mean moves of two kinds ("take red": played, or taken in exchange?), though
    never two moves of one kind."""
    each: bool = False
    """Whether the word stands in a part of the line said of each part of the move ("both in palace 2", «оба во
    второй дворец»): its words are matched within every part of a move of several."""
    sentence: int = 0
    """Which sentence of the line the word stands in."""
    thing: bool = False
    """Whether the token stands for another word of a thing the language says in one word («γκέισα»: ``court`` of
    ``court lady``): optional, yet it may cover a word that makes a choice, which a small word never does."""
    closing: bool = False
    """Whether the word is one of the language's "done" words that is a form of a move of the game ("done",
    «τέλος» in Prodigals): read as that move where it is legal after the rest, else as closing the line."""
    again: bool = False
    """Whether the word names a thing named again in a later sentence ("Scholar and tax collector. Put the scholar
    in my first palace..."): for a move of several parts (a start's persons, each with its palace) it is one
    thing said twice, its first mention optional; for any other, as many things as are said ("Draw deck. Draw
    deck." is two draws, refused where one is owed)."""
    clause: int = 0
    """Which part of the line, between commas, colons, dashes or brackets, the word stands in: the words of one
    part go with one part of a move of several (``start tax collector palace1, healer palace2``)."""
    inside: bool = False
    """Whether the word continues a phrase of the game read whole ("Shame" of "Row of Shame"): a phrase names one
    thing, so no move ends inside it and the next begins there."""
    same: bool = False
    """Whether the word is a thing said again by a count that makes the move before again ("down twice", «три
    шага вниз»: the one marker moved down, then again): where it begins a move, that move is the one before."""
    run: int = 0
    """Which run of the line, between the language's joining words ("and", «и»), the word stands in: a part of
    the line that fits no one part of a move runs on to the next only where such a word joins two runs ("a
    warrior in palace 1 and a healer in palace 2"), never inside one ("court lady in palace 2")."""
    other: bool = False
    """Whether the word says "the other one" (:attr:`engine.text.Reading.other`): optional, yet first read as a word
    of the move (:data:`OTHER`), where the game names a thing so."""
    numbered: bool = False
    """Whether an ordinal stands right before the word ("the second lady", «δεύτερη κυρία», «вторую даму»): the
    word names the thing the ordinal numbers, so where it is also a word of another thing's name (Dame Beatrice,
    «Κυρία Beatrice», «Дама Беатриса») it stands for the numbered thing only, when a legal move numbers it."""


@dataclass(frozen=True)
class Tokens:
    """A line read as tokens: those standing for the game's words, and whether a word of the language that
    names nothing of the game was passed over (``dropped``): then two moves that both fit are never told apart
    by which names more, since the word passed over might have been what told them apart."""

    read: tuple[Token, ...]
    dropped: bool
    counted: bool = False
    """Whether the line says a word of the language's that counts what it names ("both", «оба»): read for a move
    of several parts only, and elsewhere passed over though it may have made more moves of what it names."""
    read_count: bool = False
    """Whether every word of the line's that counts ("both") was read as that many of the thing after it ("both At
    the Pubs": two of them): no count was passed over that might have asked for more moves than those read."""
    listed: bool = False
    """Whether the line says a word naming an entry of a numbered list ("option", «вариант»): an ordinal in it
    may number the list's entry, not the move's numbered thing ("the second option")."""
    passed: frozenset[tuple[int, int]] = frozenset()
    """The parts of the line (sentence, clause) holding a word of the language passed over ("skip" in «Чехарду
    пропускаю»): there it may be what says which move is meant."""


@dataclass(frozen=True)
class Meaning:
    """What a line means among the legal moves: the moves played (one reading), or the candidates when it could
    mean several (``candidates``, each a sequence of notation lines) or fits only without ``left_over``."""

    moves: tuple[Move, ...] = ()
    candidates: tuple[tuple[str, ...], ...] = ()
    left_over: str = ""

    @property
    def read(self) -> bool:
        return bool(self.moves)


@dataclass
class _Search:
    rules: MeaningRules
    seat: int
    vocabulary: Vocabulary = field(default_factory=lambda: Vocabulary(frozenset()))
    sure: bool = True
    """Whether every word of the line was accounted for (none passed over)."""
    named: dict[tuple[str, ...], int] = field(default_factory=dict)
    """Per reading found, whether each of its chunks named its move (:func:`_chosen`); one that did not is
    asked about, never played."""
    descriptions: dict[str, Counter[str]] = field(default_factory=dict)
    split: dict[str, list[Counter[str]]] = field(default_factory=dict)
    aliases: dict[str, Counter[str]] = field(default_factory=dict)
    """Per move's notation, the words the game says it is also named by now (``also_named``): another name for
    what the move names ("play my scholar card"), so leaving one unsaid leaves no choice unsaid; but a place or
    position (a numbered thing, China's ``up2``) stays a choice, as it tells apart moves the notation names
    alike."""
    partial: dict[str, frozenset[str]] = field(default_factory=dict)
    """Per move's notation, the words it is also named by only as a word of a name of several ("snub" of
    ``snub-the-hostess``, a card in a set): a word said alone names a move whose own name it is before such a one
    (:func:`_by_its_own_name`)."""
    owned: set[str] = field(default_factory=set)
    """The moves (as notation) a chunk named by :func:`_by_its_own_name` only: a reading holding one is played only
    where no other reading goes the same way up to it (:func:`_playable`)."""
    tried: int = 0
    counted: bool = False
    """Whether the line says a word counting what it names ("both", «оба»; :attr:`Tokens.counted`)."""
    fillers: frozenset[str] = frozenset()
    """The notation's small words inside its names (:attr:`engine.text.Lexicon.fillers`): never a choice left unsaid."""
    listed: bool = False
    """Whether the line names an entry of a numbered list (:attr:`Tokens.listed`)."""
    passed: frozenset[tuple[int, int]] = frozenset()
    """The parts of the line where a word was passed over (:attr:`Tokens.passed`)."""
    finished: dict[tuple[str, ...], bool] = field(default_factory=dict)
    """Per reading found, whether the seat owes no decision after it."""
    again: dict[tuple[str, ...], bool] = field(default_factory=dict)
    """Per reading found, whether the seat may make one of its moves again next: a count the reader passed over
    ("both At the Pub cards go", «mindkét») may have asked for it twice."""
    found: dict[tuple[str, ...], tuple[Move, ...]] = field(default_factory=dict)


def tokens(line: str, words: Words, vocabulary: Vocabulary) -> Tokens | None:
    """The line's tokens as concepts of the game; None when a word forbids reading it by meaning (a negation,
    "or", "if"), or when the line is too long to read so.

    A token is optional (it may stand for a word of the move, or for nothing) when it is one of the language's
    small words, or stands only for notation words that make no move (``vocabulary.others`` that are not also
    ``moves``: "with", "the").
    A word that names nothing of the game is passed over only when it is a word of the reader's language
    (``Words.known``: "kindly", «пожалуйста», "site"); anything else (a foreign word, a slip no form is near)
    stops the reading, so the notation's refusal names it. A number next to a word (``palace 2``, «2-й дворец»)
    may also stand for that word's numbered thing (``palace2``)."""
    reading: Reading = getattr(getattr(words, "lexicon", None), "reading", None) or Reading()
    lexicon: Lexicon | None = getattr(words, "lexicon", None)
    index = _index(words, vocabulary)
    without = _courtesies(line, reading, words, index)
    if without is None:  # «Спасибо всем!»: a courtesy, though «всем» is a word of a card's name
        return None
    line = without
    line = _without_reasons(line, reading, words, index, vocabulary)
    pieces = _SPLIT.split(line)
    written, between = pieces[1::2], pieces[0::2]
    if not written or len(written) > TOKENS_READ:
        return None
    dropped = False
    passed: set[tuple[int, int]] = set()  # the parts of the line (sentence, clause) where a word was passed over
    each: set[tuple[int, int]] = set()  # the parts (sentence, clause) said of each part of a move
    for at in range(len(written) - 2, 0, -1):  # "palace number 2", «дворец номер один»: the thing's number
        if (fold(written[at]) in reading.options and between[at].isspace() and between[at + 1].isspace()
                and (written[at + 1].isdigit() or said_number(fold(written[at + 1]), reading, words) is not None)
                and index.concepts(written[at - 1], words, slips=False)):
            del written[at], between[at + 1]
    units = _units(vocabulary)
    enumerated = _enumerated(written, between, reading, words, lambda word: bool(
        index.concepts(word, words) & frozenset(fold(counted) for counted in vocabulary.counted)))
    written, between, compound = _compounds(written, between, reading, words, index, units)  # «kétszintes»
    written, between = _spread(written, between, reading, words, index)  # "two moves down: gent 2 and lady 2"
    read: list[Token] = []
    count: int | None = None
    count_at = 0  # where the count's own token ends the tokens read (-1: "both", which has none)
    both: tuple[int, int] | None = None  # the part of a "both" not yet known to count a thing
    saw_each = False
    each_said = each_read = 0  # the words of ``each`` said, and those read as a count of the thing they stand before
    units_counted: list[Token] = []  # "both floors": the count of a unit said by "both"
    moves_counted: list[tuple[int, int, int, bool]] = []  # each count said: where its part of the tokens begins,
    # the count, where it stands in the line, whether it is a token of its own (:func:`_on_one_piece`)
    phrase: tuple[int, frozenset[str]] = (0, frozenset())  # the words left of a phrase read whole, its thing
    clause = run = sentence = phrased = ended = 0
    part_from = 0  # where the part of the line now read began: a label is all of its part ("Palace 1:")
    ending_move = DONE & vocabulary.moves
    counted = frozenset(fold(word) for word in vocabulary.counted)
    fillers = lexicon.fillers if lexicon is not None else frozenset()
    repeated = lexicon.repeated if lexicon is not None else frozenset()
    numbering = -1  # where the last ordinal was said
    grouped = False  # whether a group chosen from was counted: "of the two …, one" is the one chosen
    restated: list[Token] = []  # the words a bracket may name again: "Csere (swap)", «Скандал (s-scandal)»
    for at, word in enumerate(written):
        folded = fold(word)
        if "(" in between[at]:
            restated = [token for token in read if not token.optional]
        elif ")" in between[at]:
            restated = []
        labelled = (":" in between[at] and at - part_from == 2  # "Palace 1: healer", «1. palota: harcos»
                    and _a_label(read, clause, sentence, counted))
        if at > 0 and _SENTENCE.search(between[at]) and not _dotted(at - 1, written, between, reading) and not labelled:
            sentence += 1
            part_from = at
        typed = reading.typed.get(folded) if folded.isascii() else None  # "kai", "ne": the language's own word
        if typed is not None and (typed in reading.negations or typed in reading.blocks or typed in reading.small
                                  or typed in reading.done  # "vsyo", "pas": «всё», «пас», the turn ended
                                  or typed in reading.choosing  # "pairnw": «παίρνω», a verb of choosing, never
                                  or not index.concepts(word, words, slips=not _counting(typed, reading))):  # the
            word = folded = written[at] = typed  # move form its Latin letters near; "vtoroj" is «второй», "vo" «во»
        if not folded.isdigit() and not words.known(word) and not index.concepts(word, words):
            slip = _listed_slip(word, words, reading)  # "nothign", "thnaks": the language's own word, mistyped
            if slip is not None:
                word = folded = slip
        if at > 0 and _CLAUSE.search(between[at]) and not labelled:
            clause += 1
            part_from = at
            count = None
        suffix = at > 0 and between[at] == "-" and written[at - 1].isdigit() and folded in reading.number_suffixes
        if (folded in reading.joins and not suffix) or (at > 0 and _JOIN.search(between[at])):
            run += 1  # «a 2-es»: the ending of a number, no «és» (and) however it folds
        if ended:  # a word of a done phrase already read ("that's it")
            ended -= 1
            continue
        if word.casefold() in reading.unfolded_blocks:  # «ή» (or), never «η» (the): a choice between two
            return None
        if word.casefold() in reading.unfolded_small:  # «hát» (well), «őt» (her): never «hat», «öt» (six, five)
            continue
        if phrase[0] == 0 and (first := _phrase(at, written, between, reading, reading.firsts)) and all(
                token.optional or (token.clause, token.sentence) == (clause, sentence) for token in read):
            ended = first - 1  # «в первую очередь»: first of all, said of the line's first part, read first anyway
            continue  # (said of a later part it turns the order round, and is read as its words)
        if phrase[0] == 0 and (joined := _phrase(at, written, between, reading, reading.joins)):
            ended, run = joined - 1, run + 1  # «вместе с»: "together with", a join of two things, never "both"
            continue
        if phrase[0] == 0 and _phrase(at, written, between, reading, reading.each):  # «και οι δύο»: "both"
            ended = _phrase(at, written, between, reading, reading.each) - 1  # in words of its own
            both, saw_each, each_said = (sentence, clause), True, each_said + 1
            if _phrase(at, written, between, reading, reading.both):
                count, count_at = 2, -1
                moves_counted.append((len(read), 2, at + ended, False))
            continue
        if phrase[0] == 0 and _last_said(at, written, between, reading):  # «και τέλος η πρώτη κυρία κάτω»:
            ended = _phrase(at, written, between, reading, reading.lastly) - 1  # "finally", no end of the turn
            continue
        if phrase[0] == 0 and ending_move:
            ended = _done_phrase(at, written, between, reading, words)
            if ended:  # "that's it", "end of turn", "no more": the game's move of ending, as a done word is
                read.append(Token(word, ending_move, clause=clause, run=run, sentence=sentence, closing=True))
                ended -= 1
                count = None
                continue
        if phrase[0] == 0:
            phrase = index.phrase_at(at, written, words)
            phrased = 0  # the phrase's words read so far: one per word of its thing, the rest optional
        if phrase[0] > 0:
            phrase = (phrase[0] - 1, phrase[1])
            if folded not in reading.small:  # «játszom ki»: one "play", its second word a part of that one
                chose = phrased == 0 and _listed(folded, reading.choosing, words)  # «veszek fel»: "I take"
                thing = phrase[1] - fillers or phrase[1]  # «восхваление работного дома»: three words for two
                naming_nothing = phrase[1] <= vocabulary.others - vocabulary.moves - vocabulary.telling  # "errand
                # boy": no move's word; «туда же» (the same place) is one that tells a move from others
                restating = thing <= {concept for said in restated if said.clause == clause  # "Heir's Lawyer
                                      for concept in said.concepts}  # (Az örökös ügyvédje)": the name again
                said = Token(word, thing, optional=chose or naming_nothing or phrased >= len(thing) or restating,
                             chose=chose, clause=clause, run=run, sentence=sentence, inside=phrased > 0)
                counts = count is not None and not said.optional and bool(thing & repeated) and count_at in (
                    -1, len(read))
                if counts and count_at == len(read):  # "two At the Pubs": the count's own word, the name's now
                    read.pop()
                each_read += counts and count_at == -1
                read += [said, *[replace(said, same=True)] * (count - 1 if counts and count else 0)]  # "both At
                phrased += 1  # the Pubs": the name's own word said as often as counted
                count = None
            continue
        if folded in reading.conditions:  # "if Dame Beatrice needs a marker up, …": a word only the game's
            read.append(Token(word, frozenset({CONDITION}), clause=clause, run=run, sentence=sentence))  # move
            count = None  # named by the condition it answers reads (:data:`CONDITION`); for any other, a block
            continue
        if folded in reading.negations and _concord(at, written, between, reading):
            continue  # «δεν κάνω τίποτα», «nem csinálok semmit», «ничего не делаю»: one "nothing", said twice
        if folded in reading.negations or folded in STOPS or (
                folded in reading.blocks and not index.forms.get(folded, set()) & vocabulary.given_for):
            return None  # a word of choosing between two ("instead") that the game's catalog gives as its
            # exchange's "for" («helyett»: "X helyett Y" is X given for Y) is that word, said in its order
        if _taken_ending(at, written, between, read, reading):  # «a d1-et a pt5-re cserélem»: "for pt5"
            read.insert(len(read) - 2, Token(word, vocabulary.given_for, optional=True, clause=clause, run=run,
                                             sentence=sentence))
            continue
        if _ending(at, written, between, reading):
            continue
        if _particle(at, written, between, read, lexicon):
            continue
        if folded in reading.whole and _before_a_count(at, written, between, reading, words):
            continue  # "all three moves", "the full two spaces": the count says how many, this that it is all
        if folded in reading.twice:
            if read and not read[-1].optional and read[-1].concepts & repeated and (
                    read[-1].clause, read[-1].sentence) == (clause, sentence):
                read.append(replace(read[-1], same=True))  # "draw deck twice": the deck said again
            else:
                count, count_at, dropped = 2, -1, True  # «kétszer a pakliból»: twice what follows, as "both"
                # counts it; else a word passed over, which may have counted what the reader does not read
            continue
        if folded in reading.again and (referred := _referred(at, written, between, read, reading, index, words,
                                                              repeated)):
            read += [replace(token, clause=clause, run=run, sentence=sentence, optional=False, numbered=token.numbered)
                     for token in referred]  # «вторую даму влево, потом её же дважды вниз»: her, the second lady
            continue
        again = _count_after(at, written, between, read, reading, repeated)
        if again:  # "down three spaces", "down 2 times": the step just said, as often as counted
            read += [replace(read[-1], same=True)] * (again - 1)
            ended = 1  # the unit after the count
            continue
        if (between[at] == "-" and folded in reading.suffixes and written[at - 1].isdigit() and read
                and read[-1].written == written[at - 1]):  # «a pt4-ért»: "for pt4", the ending's word first
            glued = len(read) > 1 and between[at - 1] == "" and read[-2].written == written[at - 2]
            where = len(read) - (2 if glued else 1)
            read.insert(where, Token(word, index.concepts(word, words) or frozenset({reading.suffixes[folded]}),
                                     clause=clause, run=run, sentence=sentence))
            continue
        if _a_time(at, written, between, reading, words):  # "Contagion comes in month 4": when, no move's number
            continue
        if at in enumerated or _an_entry(at, written, between, reading, words, index, vocabulary) and all(
                token.optional or token.clause != clause for token in read):
            continue  # "First person: scholar, …", «Δεύτερος: αγρότης», "1) harcos": which entry, no palace
        if word.isdigit() and _counts_what_follows(at, written, between, read, index, words, vocabulary):
            count, count_at = int(word), len(read) + 1  # "2 reds", «τις 2 κόκκινες»: a count of what follows
            read.append(Token(word, frozenset({str(int(word))}) | _count_sign(at, int(word), written, between, read, vocabulary.verbs),
                              near=_neighbours(at, written, between, reading),
                              clause=clause, run=run, sentence=sentence))
            continue
        if word.isdigit() and at + 1 < len(written) and between[at + 1].isspace() and (
                spent := _spent(at, written, between, index, words)):  # "1 errand boy": how many a move spends, no place
            read.append(Token(word, frozenset(f"{thing}{SPENT}{int(word)}" for thing in spent), clause=clause,
                              run=run, sentence=sentence))
            continue
        if word.isdigit():  # with an ending («a 2-esbe»: into number 2) or after "in" («στο 2») it names a
            placed = _ending(at + 1, written, between, reading) or (  # numbered thing, as an ordinal does
                at > 0 and between[at].isspace() and fold(written[at - 1]) in reading.places) or _dotted(
                    at, written, between, reading)  # «a 2. palotába»: the second palace
            glued = at > 0 and between[at] == "" and written[at - 1].isalpha()  # ``d4``, ``gent1``: the number
            things = {fold(written[at - 1]), *index.concepts(written[at - 1], words)} if glued else set()
            said = ({f"{thing}={int(word)}" for thing in things} if glued  # of the thing written onto it,
                    else {str(int(word))} | ({f"{ORDINAL}{int(word)}"} if placed else set()))  # never a count
            said |= _count_sign(at, int(word), written, between, read, vocabulary.verbs) if not (glued or placed) else set()
            tagged_onto = index.concepts(written[at - 1], words) if at > 0 else frozenset()
            if not glued and not placed and _tagged(at, written, between, reading):  # "farmer 1, healer 2":
                kind = COUNTED_TAG if tagged_onto & (counted | repeated | units) else TAGGED  # the place each goes
                said = said | {f"{kind}{thing}={int(word)}" for thing in tagged_onto}  # ("new 2": maybe a count)
            read.append(Token(word, frozenset(said), near=_neighbours(at, written, between, reading),
                              clause=clause, run=run, sentence=sentence))
            if at in compound:  # «δύο ορόφους … διώροφο»: one count said twice, as "both floors, two storeys high"
                units_counted.append(read[-1])
            continue
        number = said_number(folded, reading, words)
        if (number is not None and number > 1 and _ordinal(folded, reading, words) is None
                and _of_a_group(at, written, between, reading)):
            grouped = True
            continue  # "the first of my two palaces": the group's size chooses nothing («από έναν»: one each)
        if number == 1 and at + 1 < len(written) and between[at + 1].isspace() and _ordinal(
                folded, reading, words) is None and reading.typed.get(fold(written[at + 1]), fold(
                    written[at + 1])) in reading.partitive:  # "one of the old monks", «одну из дам»: the one of a
            if spent := _spent(at, written, between, index, words):  # group the words after it name, no count of its
                read.append(Token(word, frozenset(f"{thing}{SPENT}1" for thing in spent), clause=clause, run=run,
                                  sentence=sentence))  # own, but for what a move spends ("one of my errand boys")
            continue
        if number is not None and _ordinal(folded, reading, words) is not None and at + 1 < len(written) and (
                between[at + 1].isspace() and index.concepts(written[at + 1], words) & (units | repeated)):
            dropped = dropped or not index.concepts(written[at + 1], words) <= units  # "the second floor": which
            continue  # floor it is chooses nothing; «второй новый дворец», a second new palace, is asked about
        concepts = index.concepts(word, words, slips=number is None)  # «δευτερο»: second, no slip of a word
        if concepts and concepts <= repeated and at + 1 < len(written) and between[at + 1].isspace() and (
                index.concepts(written[at + 1], words) & units):  # «a két új emeletből»: the floors are new, no
            continue  # palace is: a count before it counts the floors
        if not concepts and _listed(folded, reading.other, words) and _a_place(at, written, between, reading, words,
                                                                              index):  # "in the other one"
            read.append(Token(word, frozenset({OTHER}), optional=True, other=True, clause=clause, run=run,
                              sentence=sentence))
            continue
        if folded in reading.nothing:  # none of the choices: a choice of its own, never passed over
            read.append(Token(word, concepts | NONE, clause=clause, run=run, sentence=sentence))
            count = None
            continue
        closing = folded in reading.closing and bool((concepts | DONE) & vocabulary.moves)  # "done", «τέλος», «всё»
        ended_word = closing or (concepts <= DONE and concepts and _listed(folded, reading.closing, words))
        if ended_word and _in_time(at, written, between, reading):  # "at the end of the round", «Στο τέλος του
            dropped = True  # γύρου», «в конце раунда» (a done word's case after a place word): when, not the
            continue  # turn's end
        if closing:  # in a game with a move of ending: that move, where the line can end with it
            concepts = concepts | (DONE & vocabulary.moves)
        small = folded in reading.small or folded in reading.pronouns or (folded in reading.done and not closing)
        if _phrase(at, written, between, reading, reading.together):
            continue  # «μαζί με», «μαζί της»: "with", said of one thing; no "both"
        if _listed(folded, reading.each, words):  # "both", «оба»: what the part says goes with each part of a
            both, saw_each, each_said = (sentence, clause), True, each_said + 1  # move of several; of a move of one ("each of my two palaces") it says what the
            if _listed(folded, reading.both, words):  # reader does not read, so it tells no two moves apart; before
                count, count_at = 2, -1  # a thing a count stands before, "both" says two of them ("both reds")
                moves_counted.append((len(read), 2, at, False))
            continue
        if _listed(folded, reading.choosing, words):  # "take", «беру»: I choose, whatever the move's verb
            read.append(Token(word, concepts, optional=True, chose=True, clause=clause, run=run, sentence=sentence))
            count = None
            continue
        if number is not None and _first_of_all(at, written, between, read, reading, words, (clause, sentence)):
            continue  # "Tory Baiter on my board first, then …": when, of a part said first already, no thing
        if number is not None and (concepts <= vocabulary.others - vocabulary.moves or folded in reading.numbers):
            ordinal = _ordinal(folded, reading, words)  # "first" is 1 where the notation reads it only as a
            # word that makes no move; a number word the language lists is one where the notation reads it only
            # inside a name ("two" of ``two-faced``: the reading's numbers keep those only); an ordinal counts
            # no more than one after it («второй — новый дворец» is one new palace, the second floor's)
            count, count_at = (number if ordinal is None else 1), len(read) + 1
            if ordinal is None:
                moves_counted.append((len(read), number, at, True))
            said = {str(number)} if ordinal is None else {f"{ORDINAL}{ordinal}"}  # "first" is no count: never "+1"
            said |= _count_sign(at, number, written, between, read, vocabulary.verbs) if ordinal is None else set()
            numbering = at if ordinal is not None else -1  # "the second lady": the word after it (:attr:`Token.numbered`)
            if ordinal is not None and at + 1 < len(written) and between[at + 1].isspace():
                counting = index.concepts(written[at + 1], words) & counted  # «a harmadik csoport első kártyája»:
                if counting:  # the third is the group's number, never the card's
                    said = {f"{thing}={ordinal}" for thing in counting}
            counts = at > 0 and between[at].isspace() and bool(index.concepts(written[at - 1], words) & counted)
            counts = counts or (at + 1 < len(written) and between[at + 1].isspace()  # "one floor", «έναν όροφο»:
                                and bool(index.concepts(written[at + 1], words) & units))  # a count said
            if counts and ordinal is None and number > 1 and _counts_a_list(at, written, between, index, words):
                counts = False  # «Suba két bábu: …»: how many things the list after the colon says, no site
            pronoun = folded in reading.pronouns  # "one errand boy": before a word, a count, never "the red one"
            if not (counts or (small and not pronoun) or ordinal is not None) and _counts_no_move_word(
                    at, written, between, index, words):
                spent = _spent(at, written, between, index, words)  # «két küldöncöt», «двух посыльных»: how many errand
                if spent:  # boys go, which no move chooses but a move spends: the count must be the move's own
                    read.append(Token(word, frozenset(f"{thing}{SPENT}{number}" for thing in spent), clause=clause,
                                      run=run, sentence=sentence))
                    continue
                small = True
            elif not (counts or small or ordinal is not None) and number > 1 and _counts_things(
                    at, written, between, reading, index, words, counted):
                small = dropped = True  # "two pagodas", «két bábu»: how many, each then said by its place
            elif number == 1 and ordinal is None and (grouped or _one_unit(at, written, between, reading)):
                small = True  # «на одну клетку», "one step": a move's one step, which the move says already
            ahead = ordinal is not None or _listed(folded, reading.numbering, words) or (  # «в один дворец»: into
                at + 1 < len(written) and bool(index.concepts(written[at + 1], words) & units))  # one palace, no id
            read.append(Token(word, concepts | said, optional=small and not counts,  # "palace one": a number
                              near=_neighbours(at, written, between, reading, ahead), clause=clause, run=run,
                              sentence=sentence))
            continue
        if concepts and count is not None and count_at == len(read) and folded in reading.small and not (
                concepts & (repeated | vocabulary.verbs)) and read and read[-1].written == written[at - 1]:
            continue  # "two spaces down": the unit the count says its steps in, no space of the board
        if concepts and count is not None and count_at in (-1, len(read)) and not concepts & repeated and (
                _kind_of_name(at, written, between, index, words, repeated - fillers)):
            continue  # «обе карты «В пабе»», "two cards At the Pub": what the things are; the count counts the name
        if concepts and count is not None and concepts <= fillers:
            continue  # «mindkét At the Pub-ot», "two At the Pubs": a name's "the" tells nothing, the count counts
        if concepts:  # the name's own word
            if count is not None and lexicon is not None and concepts & lexicon.repeated and not small and (
                    count_at == -1 or count_at == len(read)):  # "two reds", «δύο από την τράπουλα»: the count
                if count_at == len(read):  # stands for as many of the thing, the words passed over between
                    read.pop()
                else:
                    both, each_read = None, each_read + 1
                read += [Token(word, concepts, clause=clause, run=run, sentence=sentence, same=again > 0)
                         for again in range(count)]
            else:
                over = count is not None and ((count_at == len(read) and read[-1].optional  # «két lapot húzok a
                                               and concepts <= vocabulary.verbs)  # pakliból»: a verb between
                                              or (count_at == -1 and concepts <= counted - repeated))  # "both
                if over and count_at == len(read):  # face-up reds": a word saying what the things are
                    read.pop()  # the count's own word, passed over already (:func:`_counts_things`)
                restating = any(said.clause == clause and concepts <= said.concepts for said in restated)
                read.append(Token(word, concepts, optional=small or restating  # a bracket naming its word again
                                  or concepts <= vocabulary.others - vocabulary.moves - vocabulary.telling,
                                  clause=clause, run=run, sentence=sentence, closing=closing,
                                  numbered=numbering == at - 1 and between[at].isspace()))
                if concepts in index.things:  # «γκέισα» says both words of ``court lady``: the other one read
                    read += [Token(word, concepts, optional=True, clause=clause, run=run, sentence=sentence,
                                   thing=True)] * (len(concepts) - 1)  # too
                if over and concepts <= units and count_at == -1:  # "both floors", «оба этажа»: the count is
                    read[-1] = Token(word, frozenset({str(count)}), clause=clause, run=run, sentence=sentence)
                    units_counted.append(read[-1])  # how many floors (``+2``), never two new palaces after them
                    count = None
                    continue
                if over:
                    count_at = -1
                    continue
        elif not small:
            if not words.known(word) or _a_name(at, written, between):
                return None
            dropped = True
            passed.add((sentence, clause))
            continue  # a word passed over: a count before it still counts what follows ("two cards of the deck")
        else:
            continue
        if both is not None:
            each.add(both)
            both = None
        count = None
    if both is not None:
        each.add(both)
    for start, number, at, own in reversed(moves_counted):
        on_one = _on_one_piece(read, start, number, own, at, written, between, reading, words, index)
        if on_one is not None:
            each.discard((read[start].sentence, read[start].clause))
            each_read += not own
            read = on_one
    dropped = dropped or bool(each)  # a "both" the reader did not read as a count: it may have made more moves
    read = [replace(token, optional=True) if any(token is said for said in units_counted) and any(  # "both floors
        other is not token and not other.optional and token.concepts <= other.concepts for other in read)  # …, two
            else token for token in read]  # storeys high": one count said twice
    saying_none = [token for token in read if not token.optional and token.concepts & NONE]
    if len(saying_none) > 1:  # "nothing this round, pass": the one choice said twice, its nothing words optional
        read = [replace(token, optional=True) if token.concepts >= NONE else token for token in read]
    required = [at for at, token in enumerate(read) if not token.optional]
    for before, after in zip(required, required[1:]):  # "nothing to play", "I play nothing": the verb of what
        for nothing, verb in ((before, after), (after, before)):  # none is chosen of, no move of its own
            if (read[nothing].concepts >= NONE and read[verb].concepts and read[verb].concepts <= vocabulary.verbs
                    and (read[nothing].clause, read[nothing].sentence) == (read[verb].clause, read[verb].sentence)):
                read[verb] = replace(read[verb], optional=True)
    ending = [at for at, token in enumerate(read) if not token.optional and token.concepts and token.concepts <= DONE]
    for first, second in zip(ending, ending[1:]):  # "finished, pass", «τελείωσα, πάσο»: one end of the turn, said
        if read[first].sentence == read[second].sentence and all(  # by two of its words in a row
                token.optional for token in read[first + 1:second]):
            read[first] = replace(read[first], optional=True)
    closing_at = [at for at, token in enumerate(read) if token.closing and not token.optional]
    read = [replace(token, optional=True) if at in closing_at[:-1] else token  # "that's it, I'm done", «ennyi
            for at, token in enumerate(read)]  # volt, végeztem»: the turn ends once, its done words said twice
    verbs = frozenset(fold(verb) for verb in vocabulary.verbs)
    read = [replace(token, each=True) if (token.sentence, token.clause) in each and not (
        token.concepts and token.concepts <= verbs) else token for token in read]  # «mindkét kezdő ember»: both
    # starting persons, the start said once of the move, its persons each with the place
    read = [replace(token, optional=True) if at and _said_twice(_required_before(read, at), token) else token
            for at, token in enumerate(read)]  # "the top of the deck", "top card of the pile", «набор s-set2»:
    # one thing, two words, with only small words between
    read = [replace(token, optional=True) if _named_again(read, at, repeated | counted | vocabulary.repeated) else token
            for at, token in enumerate(read)]  # «Rizst aratok, … kérem a betakarítást»: one harvest, two words
    read = [replace(token, again=True) if not token.concepts & repeated and any(  # "Healer and monk. Healer in
        later.sentence > token.sentence and _restates(later, token)  # palace 1": one healer, said twice; "the
        for later in read[at + 1:]) else token for at, token in enumerate(read)]  # Court Lady. The lady goes..."
    read = _one_name(read)
    read = _sequence_word(read)
    if any(SPENT in concept for token in read for concept in token.concepts) and all(
            token.optional or token.concepts <= verbs or all(SPENT in concept for concept in token.concepts)
            for token in read):
        return None  # «Két emberemet küldöm», "I send two errand boys": how many, and no place, which the count
        # never says (though one place takes two)
    listed = any(_listed(fold(word), reading.options, words) for word in written)
    return Tokens(tuple(_paired(read)), dropped, saw_each, listed=listed, read_count=saw_each and each_read >= each_said,
                  passed=frozenset(passed))


def _on_one_piece(read: list[Token], start: int, number: int, own: bool, at: int, written: list[str],
                  between: list[str], reading: Reading, words: Words, index: "_Index") -> list[Token] | None:
    """The tokens with a count of moves said of one piece (``Vocabulary.moved``) read as that piece's words said as
    often ("all three moves on my top gentleman", "both Town Crier moves go to my gentleman on 10", «mindkét
    lépést a második úriemberrel», «обоими опускаю вторую даму»): each move names the piece again. None where
    the count is no such count: of one to five only; said of its part of the line (up to its comma) naming one
    piece, no two joined ("both moves: gent 1 and lady 2"), no other later in its sentence ("three moves down -
    gent 1, gent 2": a list) and nothing said again already; with a word between
    the count and the piece, a place word or a word of the game ("both my gentlemen" counts two pieces, each
    moved once)."""
    if not 2 <= number <= 5 or start >= len(read) or (own and read[start].written != written[at]):
        return None
    part = (read[start].clause, read[start].sentence)
    end = next((later for later in range(start, len(read)) if (read[later].clause, read[later].sentence) != part),
               len(read))
    block = read[start + own:end]
    said = [token for token in block if not token.optional]
    pieces = [token for token in said if token.concepts & index.vocabulary.moved]
    later = [token for token in read[end:] if token.sentence == read[start].sentence and not token.optional]
    if len(pieces) != 1 or len({token.run for token in said}) > 1 or any(token.same for token in block) or any(
            token.concepts & index.vocabulary.moved for token in later):  # "three moves down - gent 1, gent 2":
        return None  # a list the count goes with, each piece moved once
    piece = next((later for later in range(at + 1, len(written)) if written[later] == pieces[0].written), None)
    if piece is None or not any(fold(word) in reading.places or index.concepts(word, words, slips=False)
                                for word in written[at + 1:piece]):
        return None
    steps, after = _steps_after(read, end, number, index.vocabulary)
    moves = [[*block, step] for step in steps] or [block] * number  # "both Town Crier moves go to my top
    # gentleman, down twice": each move its step; each move's words one move's, as a phrase's are, and each
    # after the first the move before again (the piece said again, :attr:`Token.same`), never another move the
    # words name once the piece has moved ("my top gentleman" is the other one after three moves down)
    again = replace(pieces[0], optional=True, same=True, numbered=False, inside=False)
    return [*read[:start], *[replace(token, inside=True) if at else token for later, move in enumerate(moves)
                             for at, token in enumerate([again] * (later > 0) + move)], *read[after if steps else end:]]


def _steps_after(read: list[Token], end: int, number: int, vocabulary: Vocabulary) -> tuple[list[Token], int]:
    """The steps said right after a part of the line counting moves of one piece, one per move counted ("…, down
    twice", "…: down and down again"), as many as counted and nothing else to their sentence's end, and where the
    tokens after them begin; else none."""
    if not 0 < end < len(read) or read[end].sentence > read[end - 1].sentence + 1:
        return [], end
    after = next((at for at in range(end, len(read)) if read[at].sentence != read[end].sentence), len(read))
    said = [token for token in read[end:after] if not token.optional]  # its sentence's, or the next one's after
    if not said or len(said) != number or not all(  # a colon: "both on my top gentleman: down and down again"
            token.concepts and token.concepts <= vocabulary.repeated for token in said):
        return [], end
    return [replace(token, same=False) for token in said], after


_LISTS = re.compile(r"[:\u2013\u2014]|\s-\s")
"""What opens a list of the things a count and its words go with: a colon or a dash ("two down: gent 2 and lady 2",
«три хода вниз — джентльмен 1, …»)."""

_ITEMS = re.compile(r"[,;+&]")
"""What parts two things of such a list, besides the language's joining words."""


def _spread(written: list[str], between: list[str], reading: Reading, words: Words,
            index: "_Index") -> tuple[list[str], list[str]]:
    """The line with a count and the words after it said once for a list of as many things ("two moves down:
    gent 2 and lady 2", «три хода вниз — джентльмен 1, джентльмен 2, дама 2», «két lépés lefelé: …») as those
    words said after each thing ("gent 2 moves down and lady 2 moves down"): each thing's move, made once.

    Only where the count opens its part of the line (no thing's number: "lady 2 down: …"), its words are at most
    three, none a number, a place word, a unit or what a turn is made with (China's card colours), and the list
    after the colon or dash, to the sentence's end, has exactly as many things as counted, each said by its
    number: else the line stays as written, and a count left unread refuses it."""
    for at, word in enumerate(written):
        folded = fold(word)
        count = int(word) if word.isdigit() else said_number(folded, reading, words)
        if count is None or not 2 <= count <= 5 or (not word.isdigit() and _ordinal(folded, reading, words)):
            continue
        if at > 0 and not _CLAUSE.search(between[at]) and not _SENTENCE.search(between[at]):
            before = index.concepts(written[at - 1], words, slips=False)
            verbs = index.vocabulary.verbs
            if not between[at].isspace() or (before and not before <= verbs
                                              and fold(written[at - 1]) not in reading.small):
                continue  # "lady 2 down: …": the 2 numbers the lady
        end = at + 1
        while end < len(written) and end - at <= 3 and between[end].isspace():
            end += 1
        if end == at + 1 or end >= len(written) or not _LISTS.search(between[end]):
            continue
        said = written[at + 1:end]
        things = _units(index.vocabulary) | index.vocabulary.said_after  # floors, card colours: what it counts
        if any(one.isdigit() or said_number(fold(one), reading, words) is not None or fold(one) in reading.places
               or index.concepts(one, words) & things for one in said):
            continue  # «δύο κόκκινες στο Σου: παγόδα … και έναν απεσταλμένο»: the cards played, no list's count
        stop = next((later for later in range(end + 1, len(written)) if _SENTENCE.search(between[later])
                     and not _dotted(later - 1, written, between, reading) and not _LISTS.search(between[later])),
                    len(written))
        starts = [end] + [later for later in range(end + 1, stop)
                          if _ITEMS.search(between[later]) or fold(written[later]) in reading.joins]
        if len(starts) != count or not all(any(  # each thing by its number ("gent 2", «первый джентльмен»):
                one.isdigit() or said_number(fold(one), reading, words) is not None for one in written[first:last])
                for first, last in zip(starts, [*starts[1:], stop])):  # «δύο κόκκινες: παγόδα … και
            continue  # απεσταλμένος εκεί» counts the cards it names, no list of things
        out_words, out_gaps = written[:at], between[:at]
        for first, last in zip(starts, [*starts[1:], stop]):
            out_gaps += [between[at] if first == end else between[first], *between[first + 1:last]]
            out_words += written[first:last]
            out_gaps += [" "] * len(said)
            out_words += said
        return out_words + written[stop:], out_gaps + between[stop:]
    return written, between


def _compounds(written: list[str], between: list[str], reading: Reading, words: Words, index: "_Index",
               units: frozenset[str]) -> tuple[list[str], list[str], frozenset[int]]:
    """The line's words with each one writing a count of units in one word («kétszintes», «двухэтажный»,
    «διώροφο»: :attr:`Reading.compounds`) as the count's digit and the unit's word, as "2 floors" is written: the
    count is then the build's floors, as the number before "floors" is; a word naming something of the game
    itself is never split. Also where the counts stand, a count said again of what the line counted already."""
    if not reading.compounds:
        return written, between, frozenset()
    out: list[str] = []
    gaps: list[str] = []
    counts: set[int] = set()
    for word, gap in zip(written, between):
        folded = fold(word)
        split = None if index.concepts(word, words, slips=False) else next((
            (n, word[len(prefix):]) for prefix, n in reading.compounds.items()
            if folded.startswith(prefix) and len(folded) - len(prefix) >= 4
            and index.concepts(word[len(prefix):], words, slips=False) & units), None)
        if split is None:
            out.append(word)
            gaps.append(gap)
        else:
            counts.add(len(out))
            out += [str(split[0]), split[1]]
            gaps += [gap, " "]
    return out, [*gaps, *between[len(written):]], frozenset(counts)


_SEGMENT = re.compile(r"(?<=[,;:.!?])\s+|\s+(?=[\u2013\u2014-]\s)")
"""Where a line's parts end for :func:`_courtesies`: after a comma, colon, full stop, question or exclamation mark,
and before a dash standing alone ("Hi everyone - I'd like …")."""


def courteous(line: str, words: Words, vocabulary: Vocabulary) -> bool:
    """Whether the line is only a courtesy ("Спасибо всем!", «Всего доброго!», "Köszi, Anna"): parts of only the
    language's greetings, sign-offs and small words, whom they greet, and names that are no word of the game.
    Such a line chooses nothing, though a word of it may be a word of a card's name («всем», «всего»: Champagne
    for Everyone), so it is never read as a move: after the moves it is the mail's close, like a signature."""
    reading: Reading = getattr(getattr(words, "lexicon", None), "reading", None) or Reading()
    kinds = _part_kinds(_SEGMENT.split(line.strip()), reading, words, _index(words, vocabulary))
    return _only_courtesies(line, kinds, reading, words)


def _only_courtesies(line: str, kinds: list[str], reading: Reading, words: Words) -> bool:
    """:func:`courteous`, the kinds of the line's parts known (:func:`_part_kinds`)."""
    for word in TOKEN.findall(line):  # "Nothing this turn, thanks.", "Nothign …": the choice of none, said with a
        said = fold(word)  # courtesy; a negation («Спасибо, не надо») is no courtesy either
        said = said if words.known(word) else _listed_slip(word, words, reading) or said
        if said in reading.nothing or said in reading.done or said in reading.negations:
            return False
    return "courtesy" in kinds and all(said in ("courtesy", "name", "small", "empty", "addressed") for said in kinds)


def _courtesies(line: str, reading: Reading, words: Words, index: _Index) -> str | None:
    """The line without a greeting at its start ("Szia Peti, …", «Добрый день, коллеги. …») and a sign-off at its
    end ("… Köszi, Anna", «… Всего хорошего, Марина»), written on the line of the moves: parts of only the
    language's greetings, sign-offs and small words, and names that are no word of the game; and without a part
    that is only a courtesy said as a condition (", if possible,", «, ha lehet,»: :attr:`Reading.polite`). They
    choose nothing and are no words passed over that might have told two moves apart. None for a line of
    courtesies only (:func:`courteous`): no move at all."""
    parts = _SEGMENT.split(line.strip())
    kinds = _part_kinds(parts, reading, words, index)
    if _only_courtesies(line, kinds, reading, words):
        return None
    start = 0
    if kinds and kinds[0] == "courtesy" and fold(TOKEN.findall(parts[0])[0]) in reading.greetings:
        while start < len(parts) and kinds[start] in ("courtesy", "name", "small", "empty", "addressed"):
            start += 1
    end = len(parts)
    while end > start and kinds[end - 1] in ("name", "empty", "small"):
        end -= 1
    if end > start and kinds[end - 1] == "courtesy":
        while end > start and kinds[end - 1] in ("courtesy", "name", "small", "empty"):
            end -= 1
    else:
        end = len(parts)
    if start >= end:
        return line
    return " ".join(part for part, said in zip(parts[start:end], kinds[start:end]) if said != "polite") or line


def _part_kinds(parts: list[str], reading: Reading, words: Words, index: _Index) -> list[str]:
    """What each part of a line is to :func:`_courtesies`: "courtesy", "name", "small", "empty", "addressed",
    "polite" or "move"."""
    courteous = reading.greetings | reading.signoffs

    def kind(part: str) -> str:
        written = TOKEN.findall(part)
        if not written:
            return "empty"
        def named(word: str) -> bool:
            return word[:1].isupper() and not word.isdigit() and not index.concepts(word, words, slips=False)

        def courtesy(word: str) -> bool:  # «kösz mindenkinak», «удачии»: a courtesy mistyped is one, though a
            return fold(word) in courteous or _courtesy_slip(word, words, courteous, index)  # name of the game's
            # is near it too («Pezsgőt mindenkinek»)

        if " ".join(fold(word) for word in written) in reading.polite:
            return "polite"  # ", if possible,": a courtesy, no condition on the move
        if " ".join(_apostrophe(fold(word)) for word in written) in reading.closing:
            return "move"  # "That's all.": the turn's end, though "all" closes a mail too ("Thanks all")
        if all(fold(word) in reading.addressed or fold(word) in reading.small for word in written) and any(
                fold(word) in reading.addressed for word in written):
            return "addressed"  # "gentlemen", after a greeting: whom it greets
        if all(fold(word) in reading.small or courtesy(word) or named(word) or fold(word) in reading.addressed
               for word in written):
            if any(courtesy(word) for word in written):  # "Hello ladies and gentlemen": whom it greets too
                return "courtesy"  # "Thanks, Anna", "Szia Peti,"
            return "small" if all(fold(word) in reading.small for word in written) else "name"
        return "move"

    return [kind(part) for part in parts]


_ORDINAL_DOT = re.compile(r"\d\.\s+$")
"""A number and its ordinal's dot, before a word in small letters (:attr:`Reading.ordinal_dot`)."""

_PIECE = re.compile(r"(?<=[,;:.!?])\s+|\s+(?=[\u2013\u2014-]\s)|(?<=\s[\u2013\u2014-])\s+")
"""Where a line is cut into the parts a reason may fill: after a stop or comma, and around a dash standing alone."""


def _without_reasons(line: str, reading: Reading, words: Words, index: "_Index", vocabulary: Vocabulary) -> str:
    """The line without its parts that only give a move's reason ("The drought hits in month 3 and I've got no
    rice, so I harvest"; "I harvest because the drought is next"): each names one of the game's reasons
    (``vocabulary.reasons``: an event, the goods a move is for) and no word of any move, no number but a time's
    ("in month 3"), and no word making the line a choice or a condition ("if the drought hits, harvest" stays a
    condition). Its words, a negation of the reason ("no rice") or a word of no dictionary ("hits") among them,
    are passed over whole; a part naming a move keeps each of its words, so "the drought hits, so no harvest"
    still refuses. Parts are cut at punctuation, a dash, and before a word of ``reading.because``. A game with no
    reasons (China, Prodigals) has no such part: every line is read as written, at no cost."""
    if not vocabulary.reasons:
        return line
    reasons = frozenset(fold(word) for word in vocabulary.reasons)
    cuts = {0, len(line)} | {found.end() for found in _PIECE.finditer(line) if not (  # «a 4. hónapban»: an
        reading.ordinal_dot and line[found.end():found.end() + 1].islower()
        and _ORDINAL_DOT.search(line, 0, found.end()))} | {  # ordinal's dot ends no part
        found.start() for found in TOKEN.finditer(line)
        if found.start() > 0 and line[found.start() - 1].isspace() and fold(found.group()) in reading.because}
    bounds = sorted(cuts)
    pieces = [line[start:end] for start, end in zip(bounds, bounds[1:])]
    kept = [piece for piece in pieces if not _a_reason(piece, reading, words, index, reasons)]
    if len(kept) == len(pieces) or not any(TOKEN.search(piece) for piece in kept):
        return line
    return "".join(kept).strip()


def _without_empty(line: str, words: Words, vocabulary: Vocabulary) -> tuple[str, frozenset[str]]:
    """The line without its parts saying a numbered place stays empty ("Palace 2 stays empty for now", «Το παλάτι 1
    μένει άδειο», «az egyes palota üresen marad»: :attr:`Reading.empty`), and those places (``palace=2``): such a
    part names no thing of a move but the place and a number, and no reading may put anything there. A line of
    nothing else is left whole (its word for "stays" then blocks it)."""
    reading: Reading = getattr(getattr(words, "lexicon", None), "reading", None) or Reading()
    if not reading.empty:
        return line, frozenset()
    index = _index(words, vocabulary)
    places = frozenset(fold(word) for word in vocabulary.counted)
    bounds = sorted({0, len(line)} | {found.end() for found in _PIECE.finditer(line)})
    kept: list[str] = []
    emptied: set[str] = set()
    for piece in (line[start:end] for start, end in zip(bounds, bounds[1:])):
        written = [fold(word) for word in TOKEN.findall(piece)]
        things = {concept for word in written for concept in index.concepts(word, words) & places}
        numbers = {int(word) if word.isdigit() else said_number(word, reading, words) for word in written
                   if word.isdigit() or said_number(word, reading, words) is not None}
        naming = [word for word in written if not word.isdigit() and word not in reading.small
                  and index.concepts(word, words) & index.moves]
        if (any(word in reading.empty for word in written) and len(things) == 1 and len(numbers) == 1
                and all(index.concepts(word, words) <= things for word in naming)
                and not any(word in reading.negations for word in written)):
            emptied.add(f"{next(iter(things))}={next(iter(numbers))}")
        else:
            kept.append(piece)
    rest = "".join(kept).strip()
    return (rest, frozenset(emptied)) if emptied and TOKEN.search(rest) else (line, frozenset())


def _a_reason(piece: str, reading: Reading, words: Words, index: "_Index", reasons: frozenset[str]) -> bool:
    """Whether a part of a line names only a move's reason (:func:`_without_reasons`; ``reasons`` folded)."""
    pieces = _SPLIT.split(piece)
    written, between = [fold(word) for word in pieces[1::2]], pieces[0::2]
    said = False
    for at, folded in enumerate(written):
        if folded in reading.blocks or folded in reading.conditions or folded in STOPS:
            return False
        if folded.isdigit() or said_number(folded, reading, words) is not None:
            if (at == 0 or written[at - 1] not in reading.times) and not _before_a_time(
                    at, written, between, reading):  # "in month 3", "in the 3rd month": when, no choice
                return False
            continue
        concepts = index.concepts(folded, words)
        if concepts & index.moves:
            return False
        said = said or bool(concepts) and concepts <= reasons
    return said


_CLAUSE = re.compile(r"[,;:]")
"""What ends a part of a line: a comma, semicolon or colon. A dash, an arrow or brackets pair what they stand
between within one part ("tax collector — palace 2, warrior — palace 1", «пиротехник (дворец 1)»)."""

_JOIN = re.compile(r"[+&]")
"""What joins two things written in a row as "and" does ("monk + scholar", "monk & scholar")."""

_SENTENCE = re.compile(r"[.!?:]\s")
"""What ends a sentence: a full stop, a question or exclamation mark, or a colon that opens what the words before it
list ("warrior and healer: the warrior in palace 2, …"), and a space ("1.palace" is no end)."""

_QUOTES = "\"'«»“”„‘’"
_SENTENCE_END = ".!?:;\n"


_LISTED: dict[int, tuple[Reading, dict[str, set[str]]]] = {}
"""Each language's listed words as forms (word -> itself), made once per :class:`Reading`."""


def _courtesy_slip(word: str, words: Words, courteous: frozenset[str], index: "_Index") -> bool:
    """Whether a word is a slip of one of the language's courtesies (greetings, sign-offs) of five letters or more,
    and of no other, and no form of the game as written: a short word is too near too many others to say so."""
    folded = fold(word)
    if len(folded) < 5 or folded in courteous or folded in index.forms:
        return False
    found = words.near(word, {said: {said} for said in courteous if len(said) >= 5})
    return len(found) == 1


def _listed_slip(word: str, words: Words, reading: Reading) -> str | None:
    """The one word of the language's lists (small words, "nothing" and "done" words, negations, numbers) a word
    no dictionary knows and no form of the game is near is a slip of: read as that word, so a mistyped negation
    still stops the reading and a mistyped courtesy is still passed over."""
    kept = _LISTED.get(id(reading))
    if kept is None or kept[0] is not reading:
        listed = (reading.negations | reading.blocks | reading.small | reading.pronouns | reading.done
                  | reading.nothing | reading.choosing | reading.each | reading.joins | set(reading.numbers)
                  | set(reading.ordinals))
        kept = _LISTED[id(reading)] = (reading, {said: {said} for said in listed  # a phrase ("that's it") is
                                                 if len(said) >= 4 and " " not in said})  # no word's slip
    found = words.near(word, kept[1])
    return next(iter(found)) if len(found) == 1 else None


def _done_phrase(at: int, written: list[str], between: list[str], reading: Reading, words: Words | None = None) -> int:
    """How many words a done phrase of the language starting at word ``at`` has ("that's it", "end of turn",
    "no more": a "done" entry of several words), its words with only spaces between; 0 where none starts there.
    With ``words``, a long word of the phrase may be mistyped («τελίωσα τη σειρά μου»: :func:`_phrase`)."""
    return _phrase(at, written, between, reading, reading.closing, words)


def _last_said(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether a phrase saying "finally" (:attr:`Reading.lastly`: «και τέλος») starts at word ``at`` with more words
    after it in its sentence: the last of the moves comes, and its done word ends nothing; but not where the word
    after it says what is done with («και τέλος για την κυρία 2»: :attr:`Reading.done_with`)."""
    size = _phrase(at, written, between, reading, reading.lastly)
    return (bool(size) and at + size < len(written) and not _SENTENCE_END_AT.search(between[at + size])
            and reading.typed.get(fold(written[at + size]), fold(written[at + size])) not in reading.done_with)


_SENTENCE_END_AT = re.compile(r"[.!?;\n\u00b7\u0387]")
"""What ends a sentence between two words: after it a "finally" phrase has nothing more to say."""


SLIPPED_IN_PHRASE = 5
"""The fewest letters a word of a phrase has that may be mistyped and still be read as that word («τελίωσα»)."""


def _phrase(at: int, written: list[str], between: list[str], reading: Reading, listed: frozenset[str],
            words: Words | None = None) -> int:
    """How many words an entry of several words of one of the language's lists (``listed``) starting at word
    ``at`` has, its words with only spaces between, as written or typed in Latin letters ("kai oi dyo": «και οι
    δύο»); 0 where none starts there. With ``words``, a word of the entry of :data:`SLIPPED_IN_PHRASE` letters or
    more is also read where the word written is a slip of it alone (``Words.near``: «τελίωσα» for «τελείωσα»)."""
    def same(word: str, part: str) -> bool:
        typed = reading.typed.get(_apostrophe(fold(word)), _apostrophe(fold(word)))
        return typed == part or (words is not None and len(part) >= SLIPPED_IN_PHRASE
                                 and words.near(word, {part: {part}}) == {part})

    for said in sorted(listed, key=lambda said: -len(said.split())):  # the longest first
        phrase = said.split()
        if len(phrase) > 1 and at + len(phrase) <= len(written) and all(
                same(word, part) for word, part in zip(written[at:], phrase)) and all(
                between[at + n].isspace() for n in range(1, len(phrase))):
            return len(phrase)
    return 0


def _apostrophe(word: str) -> str:
    """A word with its apostrophe as the language's lists write it ("that's", "that’s": «thatʼs»)."""
    return re.sub("['\u2019]", APOSTROPHE, word)


def _kind_of_name(at: int, written: list[str], between: list[str], index: "_Index", words: Words,
                  repeated: frozenset[str]) -> bool:
    """Whether word ``at`` says what kind of thing the name right after it is («две карты «В пабе»», "both cards
    At the Pub"): the name is written as one (quoted or capitalised) and is a thing a count stands before, so a
    count before the kind word counts the name, never the kind word."""
    after = at + 1
    if after >= len(written) or not between[after].strip(" " + _QUOTES) == "" or not _a_name(after, written, between):
        return False
    length, thing = index.phrase_at(after, written, words)
    return bool((thing if length else index.concepts(written[after], words)) & repeated)


def _referred(at: int, written: list[str], between: list[str], read: list[Token], reading: Reading, index: "_Index",
              words: Words, repeated: frozenset[str]) -> list[Token]:
    """The tokens naming the one numbered thing the line named before the pronoun at ``at`` (:attr:`Reading.again`:
    «вторую даму влево, потом её же дважды вниз», her: the second lady), which the pronoun names again; none where
    the line named two numbered things before it (which one it stands for is the player's to say), or none, or
    where the pronoun stands before a thing it is said of («её поле»: her space, a possessive)."""
    after = at + 1
    while after < len(written) and between[after].isspace() and fold(written[after]) in reading.small:
        after += 1  # «её же»: the same her
    if after < len(written) and between[after].isspace():  # what is said of it: a step, a count, or nothing
        folded = fold(written[after])  # more; never a thing («её поле», «её соседа»: hers, another)
        concepts = index.concepts(written[after], words, slips=False)
        if not (concepts and concepts <= repeated) and said_number(folded, reading, words) is None and (
                folded not in reading.twice):
            return []
    named: dict[frozenset[str], list[Token]] = {}
    for at_token, token in enumerate(read[1:], start=1):
        before = read[at_token - 1]
        if token.optional or before.optional:
            continue
        ordinal = token.numbered and any(concept.startswith(ORDINAL) for concept in before.concepts)
        tagged = any("=" in concept and concept.split("=")[0] in before.concepts for concept in token.concepts) or (
            any(concept.isdigit() for concept in token.concepts) and not before.concepts <= repeated)  # «даму 1»
        if ordinal or tagged:
            named.setdefault(before.concepts | token.concepts, [before, token])
    return next(iter(named.values())) if len(named) == 1 else []


def _a_name(at: int, written: list[str], between: list[str]) -> bool:
    """Whether a word is written as a name: capitalised inside a sentence, or within quotes («В пабе», "Rowdy
    Rally"). A name is never passed over, though its words are the language's: it may name a card."""
    before = "".join(between[:at + 1])
    quoted = sum(before.count(mark) for mark in _QUOTES) % 2 == 1 or any(mark in between[at] for mark in "«“„")
    starts = at == 0 or any(mark in between[at] for mark in _SENTENCE_END)
    return quoted or (written[at][:1].isupper() and not starts)


NONE = frozenset({"pass", "done", "none"})
"""What "nothing", «ничего», «τίποτα», "semmit" stand for: the move of choosing none, stopping or passing."""

DONE = frozenset({"done"})
"""What a done word of the language («всё», "finished") stands for in a game whose notation has a move of ending
its turn (Prodigals' ``done``), besides what its forms say: played where the line can end with it."""

STOPS = frozenset({"not", "or", "if", "dont", "never", "unless", "instead", "except"})
"""English words that stop a reading by meaning in every language (a reply half in English)."""


def _concord(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether the negation ``at`` goes with a "nothing" word in its own part of the line, as Greek, Hungarian and
    Russian say "nothing" («δεν κάνω τίποτα», «nem csinálok semmit», «ничего не делаю»: I do nothing): the two
    say one "nothing", which the reader reads as the move of choosing none; a negation said of anything else
    still refuses its line."""
    start = at
    while start > 0 and not _PART.search(between[start]):
        start -= 1
    end = at + 1
    while end < len(written) and not _PART.search(between[end]):
        end += 1
    return any(fold(word) in reading.nothing for word in written[start:end])


_PART = re.compile(r"[,;:.!?\n]")
"""What ends the part of a line a negation is said in, for :func:`_concord`."""


def _a_label(read: list[Token], clause: int, sentence: int, counted: frozenset[str]) -> bool:
    """Whether the part of the line read so far (two words) is a place's label, a counted word and its number
    ("Palace 1", «1. palota»): a colon after it names what goes there ("Palace 1: healer"), one part of the move, where a colon
    after other words opens what they list ("warrior and healer: the warrior in palace 2, ...")."""
    said = [token for token in read if (token.clause, token.sentence) == (clause, sentence) and not token.optional]
    return (len(said) == 2 and any(token.concepts & counted for token in said)
            and any(concept.isdigit() for token in said for concept in token.concepts))


def _dotted(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether word ``at`` is a number the language writes as an ordinal with a dot after it (Hungarian «a 2.
    palotába», «1. palota»: :attr:`Reading.ordinal_dot`): a word in small letters follows, so no sentence ends."""
    return (reading.ordinal_dot and written[at].isdigit() and at + 1 < len(written)
            and between[at + 1].startswith(".") and between[at + 1][1:].isspace() and written[at + 1][:1].islower())


def _counting(folded: str, reading: Reading) -> bool:
    """Whether a word is one of the language's number or ordinal words: typed in Latin letters ("vtoroj",
    "odnu") it is that word, never a slip of a move form it is near ("novyj")."""
    return folded in reading.numbers or folded in reading.ordinals


def _counts_what_follows(at: int, written: list[str], between: list[str], read: list[Token], index: "_Index",
                         words: Words, vocabulary: Vocabulary) -> bool:
    """Whether the number ``at`` counts the thing right after it ("2 reds", «τις 2 κόκκινες», "play 2 reds"): a
    word a count stands before follows with only a space between, and no word before it in its part of the line
    names a thing the number could number ("Shu 3 red" numbers Shu's site)."""
    lexicon: Lexicon | None = getattr(words, "lexicon", None)
    if lexicon is None or at + 1 >= len(written) or not between[at + 1].isspace():
        return False
    if at > 0 and between[at].isspace() and fold(written[at - 1]) in lexicon.reading.places:
        return False  # "my gentleman on 10 down": the place it stands on, numbered, and the step after it
    if not index.concepts(written[at + 1], words) & lexicon.repeated or fold(written[at + 1]) in lexicon.reading.small:
        return False  # «στη θέση 1 της σειράς»: a small word after it is counted by nothing
    return not at or not between[at].isspace() or not read or read[-1].written != written[at - 1] or not (
        read[-1].concepts - vocabulary.verbs - NONE) or read[-1].chose


def _counts_things(at: int, written: list[str], between: list[str], reading: Reading, index: "_Index",
                   words: Words, counted: frozenset[str]) -> bool:
    """Whether the number word ``at`` counts the things named right after it ("two pagodas", «δύο παγόδες»,
    «két bábu»: pieces, or a word of the language naming none of the game's), not a thing's number: it tells
    how many, which the moves then say one by one, so it is passed over (and the line read as unsure)."""
    if at + 1 >= len(written) or not between[at + 1].isspace():
        return False
    after, folded = written[at + 1], fold(written[at + 1])
    if folded in reading.small or folded in reading.pronouns or folded in reading.done or after.isdigit():
        return False
    concepts = index.concepts(after, words)
    lexicon: Lexicon | None = getattr(words, "lexicon", None)
    repeated = lexicon.repeated if lexicon is not None else frozenset()
    if not concepts:  # a word of the language: a count of things the line then lists («két bábu: …»), or of a
        if not words.known(after):  # thing it names after the verb («két lapot húzok a pakliból»); else a count
            return False  # of what it does not read ("két fontot költök", two pounds) stays to refuse the line
        if at + 2 < len(written) and ":" in between[at + 2]:
            return True
        verbs = lexicon.verbs if lexicon is not None else frozenset()
        for later in range(at + 2, len(written)):
            if _CLAUSE.search(between[later]) or _SENTENCE.search(between[later]):
                return False
            named = index.concepts(written[later], words)
            if named & repeated:
                return True
            if named and not named <= verbs:
                return False
        return False
    return concepts <= counted and not concepts & repeated


def _counts_no_move_word(at: int, written: list[str], between: list[str], index: "_Index", words: Words) -> bool:
    """Whether the number word ``at`` counts the word right after it that names nothing a move chooses (Prodigals'
    errand boy: «két küldöncöt a központi kártyára», «двух посыльных»): how many of them a placement puts is the
    place's cost, said by the place, so the count chooses nothing."""
    counted = _counted_word(at, written, between, words)
    if counted is None:
        return False
    concepts = index.concepts(written[counted], words, slips=False)
    return bool(concepts) and concepts <= index.naming_nothing - {"for"}


def _counted_word(at: int, written: list[str], between: list[str], words: Words) -> int | None:
    """Where the word a count ``at`` counts stands: right after it, or after a word choosing from a group and the
    language's small words ("two of my errand boys"); None where a mark parts them."""
    reading: Reading = getattr(getattr(words, "lexicon", None), "reading", None) or Reading()
    after = at + 1
    if after < len(written) and between[after].isspace() and fold(written[after]) in reading.partitive:
        after += 1
        while after < len(written) and between[after].isspace() and fold(written[after]) in reading.small:
            after += 1
    return after if after < len(written) and between[after].isspace() else None


def _before_a_count(at: int, written: list[str], between: list[str], reading: Reading, words: Words) -> bool:
    """Whether the word ``at`` stands right before a count (a number, or a number word that is no ordinal)."""
    after = at + 1
    if after >= len(written) or not between[after].isspace():
        return False
    folded = fold(written[after])
    return written[after].isdigit() or (said_number(folded, reading, words) is not None
                                        and _ordinal(folded, reading, words) is None)


def _count_sign(at: int, number: int, written: list[str], between: list[str], read: list[Token],
                verbs: frozenset[str]) -> frozenset[str]:
    """The count sign (:data:`COUNT`) a number ``at`` says besides its digit where it counts what stands after it
    ("the space that gives three moves", "the set with 3 cards", "sell one possession", "my two-moves tile"): a word
    follows it (a space or a hyphen between), and it
    is no number of a thing named right before it ("election set 3 please", "society 3"), which numbers that
    thing; a verb right before it numbers nothing."""
    joined = at + 1 < len(written) and (between[at + 1].isspace() or (  # "two-moves"; never «2-й», «2-es»: the
        between[at + 1] == "-" and not written[at].isdigit()))  # ending of a number in digits
    if not joined or written[at + 1].isdigit():
        return frozenset()
    numbers_before = at > 0 and between[at].isspace() and bool(read) and read[-1].written == written[at - 1] and (
        not read[-1].optional) and bool(read[-1].concepts - verbs)
    return frozenset() if numbers_before else frozenset({f"{COUNT}={number}"})


def _spent(at: int, written: list[str], between: list[str], index: "_Index", words: Words) -> frozenset[str]:
    """The words of what a move spends (:attr:`Vocabulary.spent`) the number word ``at`` counts: the count must then
    be the move's own (``boy×2``: "two errand boys on the central card"), never passed over as choosing nothing,
    and never a number an ordinal or another count could take ("the first place" is no errand boy's)."""
    spent = frozenset(fold(word) for word in index.vocabulary.spent)
    at = _counted_word(at, written, between, words) or at + 1  # "two of my errand boys"
    counted = index.concepts(written[at], words, slips=False) if at < len(written) else frozenset()  # the errand boy's own word, not a small word
    return spent if spent and counted and counted <= spent else frozenset()  # it stands in for («2 на», "on")


def _sequence_word(read: list[Token]) -> list[Token]:
    """The tokens with an ordinal that opens a sentence alone in its part ("Second, move the lady up", "On second
    thought, …", «Во-первых, …») made a word of nothing: it counts the steps of the reply (or a word the game does
    not know), never the thing of a later part, which the reply then names by itself or is asked about."""
    required = [at for at, token in enumerate(read) if not token.optional]
    opening = {at for before, at, then in zip([None, *required], required, [*required[1:], None])
               if (before is None or read[before].sentence != read[at].sentence) and then is not None
               and read[at].concepts and all(concept.startswith(ORDINAL) for concept in read[at].concepts)
               and (read[at].sentence, read[at].clause) != (read[then].sentence, read[then].clause)}
    twice = {at for at, then, number in zip(required, required[1:], required[2:])
             if read[at].concepts and all(concept.startswith(ORDINAL) for concept in read[at].concepts)
             and read[then].numbered and len({(read[each].sentence, read[each].clause) for each in (at, then, number)}) == 1
             and number == then + 1 and any(concept.isdigit() for concept in read[number].concepts)}
    opening |= {at for at in twice if at == 0 or (read[at].sentence, read[at].clause) != (
        read[at - 1].sentence, read[at - 1].clause)}
    # "First lady 2 up": a thing numbered twice, by the ordinal before it and the number after; opening its part,
    # the ordinal counts the reply's steps; inside one ("move the first lady 2 up": lady 1 two steps, or lady 2?)
    # it stands for nothing the game knows, and the line is refused
    return [replace(token, concepts=frozenset(), optional=True) if at in opening
            else replace(token, concepts=frozenset()) if at in twice else token for at, token in enumerate(read)]


def _one_name(read: list[Token]) -> list[Token]:
    """The words of a name of several words read one by one, as a slip in one of them keeps the name from being
    read whole («Λίγο Περισότερος Χρόνος», each word standing for the whole name): in a row of different words
    each standing for the same things, as many are required as the name has words, the rest are optional."""
    out: list[Token] = []
    row: list[Token] = []
    for token in read:
        if row and (token.optional or token.concepts != row[0].concepts or len(token.concepts) < 2
                    or (token.clause, token.sentence) != (row[0].clause, row[0].sentence)
                    or any(fold(said.written) == fold(token.written) for said in row)):
            row = []
        if not token.optional and len(token.concepts) > 1:
            if len(row) >= len(token.concepts):
                token = replace(token, optional=True)
            row.append(token)
        out.append(token)
    return out


def _particle(at: int, written: list[str], between: list[str], read: list[Token], lexicon: Lexicon | None) -> bool:
    """Whether word ``at`` is the particle of the verb of choosing right before it («veszem fel», "I pick up"),
    one of the language's words that follow a verb (:attr:`Lexicon.after_a_verb`): the verb's, naming no thing
    of the game, unless a number follows it («fel 2»: the second face-up card)."""
    if lexicon is None or at == 0 or not read or not read[-1].chose or not between[at].isspace():
        return False
    if read[-1].written != written[at - 1] or fold(written[at]) not in lexicon.after_a_verb:
        return False
    return not (at + 1 < len(written) and written[at + 1].isdigit())


def _counts_a_list(at: int, written: list[str], between: list[str], index: "_Index", words: Words) -> bool:
    """Whether the number word ``at`` counts the things a colon after it lists, with only words of the language
    naming nothing of the game between («Suba két dolog megy: pagoda …, egy követ»): no number of the thing
    said before it."""
    later = at + 1
    while later < len(written) and between[later].isspace():
        if index.concepts(written[later], words) or not words.known(written[later]):
            return False
        later += 1
        if later < len(written) and ":" in between[later]:
            return True
    return False


def _count_after(at: int, written: list[str], between: list[str], read: list[Token], reading: Reading,
                 repeated: frozenset[str]) -> int:
    """How often the count ``at`` says the thing right before it is meant, where a unit the language reads past
    follows ("down three spaces", "down 2 times": the step made again); 0 where it is no such count (an ordinal,
    a number a thing is named by, a count before the thing it counts)."""
    if not read or at == 0 or at + 1 >= len(written) or not between[at].isspace() or not between[at + 1].isspace():
        return 0
    before = read[-1]
    if before.optional or before.written != written[at - 1] or not before.concepts & repeated:
        return 0
    folded = fold(written[at])
    number = int(folded) if folded.isdigit() else reading.numbers.get(folded)
    unit = fold(written[at + 1])
    if number is None or not 1 <= number <= 10 or unit not in reading.small or unit in reading.pronouns:
        return 0
    return number if at + 2 >= len(written) or not written[at + 2].isdigit() else 0


def _one_unit(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether the number word ``at`` (one) stands right before a unit the language reads past ("one step",
    «одну клетку»): a move of one step, said as such, which an optional count may stand for or not."""
    if at + 1 >= len(written) or not between[at + 1].isspace():
        return False
    folded = fold(written[at + 1])
    return folded in reading.small and folded not in reading.pronouns and folded not in reading.done and not (
        at + 2 < len(written) and written[at + 2].isdigit())


def _required_before(read: list[Token], at: int) -> Token:
    """The last token before ``at`` that is no small word, or the one right before it where all before are small:
    a thing named by two words may have small words between ("the top of the deck", «набор s-set2», whose "s"
    Russian reads as «с»)."""
    before = at - 1
    while before > 0 and read[before].optional:
        before -= 1
    return read[before]


def _said_twice(before: Token, token: Token) -> bool:
    """Whether ``token`` names again the thing the token right before it named, by another word of it, in the
    same part of the line ("the top of the deck": one deck; "deck, deck" and "deck and deck" are two)."""
    return (not before.optional and not token.optional and before.concepts == token.concepts
            and len(token.concepts) == 1  # a phrase's words ("rowdy rally") are its thing's several words
            and fold(before.written) != fold(token.written) and not any(word.isdigit() for word in (
                before.written, token.written)) and (before.clause, before.run, before.sentence) == (
                token.clause, token.run, token.sentence))


def _named_again(read: list[Token], at: int, many: frozenset[str]) -> bool:
    """Whether token ``at`` names again, by another word, the one thing a part before it in its sentence named
    ("I harvest, group 1's harvest card": «Rizst aratok, … kérem a betakarítást»): one thing, said by a verb and
    by a noun. Never a thing a line may name several of (``many``: a card colour, the deck, a palace, a new
    palace), where two words are two of them."""
    token = read[at]
    if token.optional or len(token.concepts) != 1 or token.concepts & many or token.written.isdigit():
        return False
    return any(not before.optional and before.concepts == token.concepts and before.sentence == token.sentence
               and before.clause != token.clause and fold(before.written) != fold(token.written)
               and _alone_in_its_part(read, before) for before in read[:at])


def _restates(later: Token, token: Token) -> bool:
    """Whether ``later`` names again the thing ``token`` named: by the same word, or by one word of the name of
    several words ``token`` stands in ("the Court Lady. The lady goes into palace 1"); a number never restates."""
    if later.optional or not later.concepts or later.written.isdigit() or token.written.isdigit():
        return False
    return later.concepts == token.concepts or (len(token.concepts) > 1 and later.concepts < token.concepts)


def _alone_in_its_part(read: list[Token], token: Token) -> bool:
    """Whether ``token`` is the only word of its part of the line that must be read («Rizst aratok,»): a part
    naming the thing alone, which a later part names again with what goes with it; a part saying more
    ("a monk in palace 1, a monk in palace 2") names a thing of its own."""
    return all(other is token or other.optional or (other.clause, other.sentence) != (token.clause, token.sentence)
               for other in read)


def _neighbours(at: int, written: list[str], between: list[str], reading: Reading,
                ahead: bool = True) -> tuple[str, ...]:
    """The words a number stands next to with only spaces between (``palace 2``, «2 дворец»), folded: the
    thing it may number. Across a comma or a dash it numbers nothing ("new palace, 2 floors"); the number's
    own ending is passed («a 2-es palotába»). Not ``ahead``, only the word before it: a number word before a
    thing counts it («в один дворец», "one palace": into one palace), unless the language numbers so
    (:attr:`Reading.numbering`) or the thing is a unit its count describes ("two mortars")."""
    found = []
    if at > 0 and between[at].isspace():
        found.append(written[at - 1])
        if at > 1 and between[at - 1].isspace() and not written[at - 1].isdigit() and not {  # «σετ κοινωνίας 4»:
                fold(written[at - 2]), fold(written[at - 1])} & reading.small:  # the thing numbered, said
            found.append(written[at - 2])  # before what it is of (never across a small word: "card of group 3")
    after = at + 2 if _ending(at + 1, written, between, reading) else at + 1
    if ahead and after < len(written) and between[after].isspace():
        found.append(written[after])
    return tuple(found)


def _taken_ending(at: int, written: list[str], between: list[str], read: list[Token], reading: Reading) -> bool:
    """Whether word ``at`` is an ending saying its thing is what an exchange takes (:attr:`Reading.taken_endings`,
    Hungarian «-ra», «-re»: «a d1-et a pt5-re cserélem», d1 given for pt5), after a hyphen on a thing's code (a
    number glued to its letters, ``pt5``) just read. It reads as the notation's word between the sides, where
    the line may leave it out: a move giving nothing for anything passes it over, and a move that exchanges
    reads its sides' order by it (:func:`_in_order`), never by where the thing stands alone."""
    return (0 < at - 1 and between[at] == "-" and fold(written[at]) in reading.taken_endings
            and written[at - 1].isdigit() and between[at - 1] == "" and written[at - 2].isalpha()
            and len(read) > 1 and read[-1].written == written[at - 1] and read[-2].written == written[at - 2])


def _ending(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether word ``at`` is the ending of the number before it, after a hyphen («2-es», «1-esbe», «3-ra») or glued
    on («1es», "2nd", «2.-ba» where the language writes an ordinal with a dot): one
    of the language's number endings, or two of them in a row; or a case ending a name written in another
    language takes after a hyphen («At the Pub-ot», «Fiasco-s»), which its stem carries, not a word of its own."""
    if at == 0 or at >= len(written) or between[at] not in ("-", "", ".-"):
        return False
    folded = fold(written[at])
    if between[at] == "-" and written[at - 1].isalpha() and len(written[at - 1]) > 1 and written[at].islower():
        return folded in reading.number_suffixes or folded in {fold(end) for end in reading.endings}
    if not written[at - 1].isdigit() or (between[at] == ".-" and not reading.ordinal_dot):
        return False  # glued on («1es palota», "the 2nd"), or after an ordinal's dot («a 2.-ba»: into the second)
    return folded in reading.number_suffixes or any(
        folded[:cut] in reading.number_suffixes and folded[cut:] in reading.number_suffixes
        for cut in range(1, len(folded)))


def _of_a_group(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether word ``at`` stands after a word choosing one of a group, with only the language's small words
    between ("of my two", «из двух», «από τους δύο»), and before a word: it counts the group chosen from."""
    before = at - 1
    while before >= 0 and at - before <= 3 and fold(written[before]) not in reading.partitive \
            and fold(written[before]) in reading.small:
        before -= 1
    return (before >= 0 and at - before <= 3 and fold(written[before]) in reading.partitive
            and at + 1 < len(written) and not written[at + 1].isdigit()
            and all(not mark.strip().strip(_QUOTES) for mark in between[before + 1:at + 2]))  # «из двух «В пабе»»


def _paired(read: list[Token]) -> list[Token]:
    """Numbers given the numbered things they stand next to as concepts too (``palace=2``)."""
    out = []
    for at, token in enumerate(read):
        if token.near:
            things = {concept for other in read if other.written in token.near and other is not token
                      for concept in other.concepts if not concept.isdigit()}
            digits = {concept for concept in token.concepts if concept.isdigit()}
            token = replace(token, concepts=token.concepts | {f"{thing}={digit}" for thing in things for digit in digits},
                            near=())
        out.append(token)
    return out


def _listed(folded: str, listed: frozenset[str], words: Words) -> bool:
    """Whether a word is one of a list of the language's words, or an inflected form of one (by the keys of
    both, for a listed word of four letters or more: «возьму», «беру» of «брать»)."""
    if folded in listed:
        return True
    keys = words.keys(folded)
    return any(len(said) >= 4 and keys & words.keys(said) for said in listed)


ORDINAL = "*="
"""What an ordinal stands for besides its number: ``*=2`` is any numbered thing of number 2 ("the scholar in the
second": ``palace=2``), the thing said before or left unsaid."""

TAGGED = "?"
"""A number written after a word and ending its part ("farmer 1, healer 2"), before the legal moves are known:
``?farmer=1`` is made the place of that number by :func:`_numbering` where a legal move's notation has the word
and numbers no such thing, else dropped."""
COUNTED_TAG = "?+"
"""A :data:`TAGGED` number after a word a number may count ("new 2", "palace 1 and …"): only the number of that
thing where a legal move numbers it (``palace=1``, never the count ``+1`` of a build), else a number as before."""


def _tagged(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether the number at ``at`` is tagged onto the word before it, a space between, and ends its part (the line,
    a comma, semicolon or dash after it, or a joining word: "farmer 1 and healer 2", «αγρότης 1, γιατρός 2»); never
    a count ("2 floors"), said before its thing, nor a number after a small word ("one of 2"). Small words after it
    are passed ("scholar 2 please")."""
    if at == 0 or not between[at].isspace() or not written[at - 1].isalpha() or fold(written[at - 1]) in reading.small:
        return False
    after = at + 1
    while after < len(written) and between[after].isspace() and fold(written[after]) in reading.small - reading.joins:
        after += 1
    return after == len(written) or any(mark in between[after] for mark in ",;–—") or (
        between[after].isspace() and fold(written[after]) in reading.joins)


def _first_of_all(at: int, written: list[str], between: list[str], read: list[Token], reading: Reading,
                  words: Words, part: tuple[int, int]) -> bool:
    """Whether word ``at`` is "first" said of when the part before it is done ("Tory Baiter on my board first,
    then …", "the lady on 9 first."): the ordinal 1 right after a word that is no small word, ending its part of
    the line, in the line's first part naming anything. That part is read first anyway, so the word is passed
    over; said of a later part ("…, then Tory Baiter first") it would turn the order round, and is read as ever,
    and so is "the first", "first gentleman" (a thing numbered). Right after a number ("lady 1 first for the
    raise") it numbers nothing more, though words follow it in its part."""
    if _ordinal(fold(written[at]), reading, words) != 1 or at == 0 or not between[at].isspace():
        return False
    if fold(written[at - 1]) in reading.small or fold(written[at - 1]) in reading.pronouns:
        return False
    closes = at + 1 == len(written) or bool(_CLAUSE.search(between[at + 1]) or set(between[at + 1]) & set(".!?\n"))
    closes = closes or written[at - 1].isdigit()  # «Κυρία 1 πρώτη για ανέβασμα»: after its thing's number, "first"
    start = next(before for before in range(at, -1, -1) if before == 0 or set(between[before]) & set(",;:.!?\n"))
    earlier = {(token.clause, token.sentence) for token in read if not token.optional} - {part}
    headed = ":" in between[start] and len(earlier) == 1 and ":" not in "".join(between[:start])  # "Penalty
    numbered = any((token.clause, token.sentence) == part and any(  # order: the lady on 9 first": what the part
        concept.startswith(ORDINAL) or concept.isdigit() for concept in token.concepts) for token in read)  # after
    return closes and (not earlier or headed or numbered)  # the colon says; "my first lady up first": its thing
    # numbered already, a part's closing "first" numbers nothing more


def _ordinal(folded: str, reading: Reading, words: Words) -> int | None:
    """The number an ordinal word says («вторую», "second", «δευτερο», «másodikba»), by the language's keys; never
    for a number word the language lists, though its stem be an ordinal's («шесть», six: «шестой», sixth), unless
    that ordinal is listed as a number too (Hungarian «egyesre»: «egyes», number one)."""
    if folded in reading.ordinals:
        return reading.ordinals[folded]
    keys = words.keys(folded)
    return next((n for said, n in reading.ordinals.items() if len(said) >= 4 and keys & words.keys(said)
                 and (folded not in reading.numbers or said in reading.numbers)), None)


def said_number(folded: str, reading: Reading, words: Words) -> int | None:
    """The number a word says: a number word or an ordinal («третью», "second"), by the language's keys."""
    if folded in reading.numbers:
        return reading.numbers[folded]
    if folded in reading.ordinals:
        return reading.ordinals[folded]
    keys = words.keys(folded)
    for table in (reading.ordinals, reading.numbers):
        for said, n in table.items():
            if len(said) >= 4 and keys & words.keys(said):
                return n
    return None


def _unclaimed(form: str, notation: frozenset[str], alone: dict[str, str]) -> frozenset[str]:
    """The notation words a word of ``form`` stands for when it is none of them itself: those no other word of the
    form stands for alone («ανταλλαγή-προς-τα-κάτω», ``swap down``: «κάτω» is ``down``, so «ανταλλαγή» is
    ``swap`` only, and never names a marker's step down); all of them where the others claim every one."""
    claimed = {fold(word) if fold(word) in notation else alone.get(fold(word), "") for word in TOKEN.findall(form)}
    return (notation - claimed) or notation


class _Index:
    """The game's concepts in a language: each key of each form and notation word, to the notation words it
    stands for."""

    def __init__(self, words: Words, vocabulary: Vocabulary) -> None:
        self.by_key: dict[str, set[str]] = {}
        self.forms: dict[str, set[str]] = {}
        self.things: set[frozenset[str]] = set()
        """The notation words of the things a language says in one word the notation says in several
        («γκέισα», «udvarhölgy»: ``court lady``)."""
        self.phrases: dict[tuple[str, ...], frozenset[str]] = {}
        """Forms of several words (``rowdy rally``, «придворная дама»), folded, to the notation words of their
        one thing: read whole before their words are read one by one."""
        lexicon: Lexicon | None = getattr(words, "lexicon", None)
        self.vocabulary = vocabulary
        self.moves = frozenset(fold(word) for word in vocabulary.moves)
        self.naming_nothing = frozenset(fold(word) for word in vocabulary.others) - self.moves
        """The notation's words that name no move (the errand boy a placement puts): a form spelled as one of
        their forms («emberemet», «человека»: the player's own man) is that word, never also the thing its stem
        names («ember» of «reneszánsz-ember»)."""
        fillers = lexicon.fillers if lexicon is not None else frozenset()
        pairs: list[tuple[str, str]] = []
        # each one-word form of a one-word notation word: in a form of several words it stands for that word alone
        # («вниз-влево»: «вниз» is ``down``, «влево» ``left``, neither both)
        alone = {fold(form): fold(entry.english) for entry in (lexicon.entries if lexicon is not None else ())
                 for form in entry.forms if len(TOKEN.findall(entry.english)) == len(TOKEN.findall(form)) == 1}
        for entry in (lexicon.entries if lexicon is not None else ()):
            notation = frozenset(fold(word) for word in TOKEN.findall(entry.english))
            for form in entry.forms:  # a word of the form that is a word of the notation stands for itself alone
                rest = _unclaimed(form, notation, alone)
                pairs += [(word, concept) for word in TOKEN.findall(form)  # a word never stands for a letter
                          for concept in ({fold(word)} if fold(word) in notation else {alone[fold(word)]}
                                          if alone.get(fold(word)) in notation else rest)  # («t-lépések»:
                          if (len(concept) > 1 or len(word) == 1)  # «lépések» is moves, not the s of s-moves;
                          and (concept not in fillers or fold(word) == concept)]  # «викария», not its "the"
                phrase = tuple(fold(word) for word in TOKEN.findall(form))
                if len(phrase) > 1:
                    self.phrases[phrase] = self.phrases.get(phrase, frozenset()) | notation
                elif len(notation - fillers) > 1:  # its words as a reply's word reads them: no filler
                    self.things.add(frozenset(notation - fillers))  # («szégyensor»: ``row-of-shame``'s row, shame)
        notation = {fold(word) for word in vocabulary.words}
        pairs += [(word, fold(word)) for word in vocabulary.words]
        same: dict[str, list[str]] = {}
        for word, meant in vocabulary.same:  # a word may be read as two ("lose": a card, or votes)
            same.setdefault(word, []).append(meant)
        pairs = [(word, meant) for word, concept in pairs for meant in same.get(concept, [concept])]
        for word, concept in pairs:
            self.learn(word, concept, words, alone=word in notation and getattr(words, "language", "en") != "en")

    def learn(self, word: str, concept: str, words: Words, alone: bool = False) -> None:
        """Index ``word`` as ``concept`` by its keys; ``alone``, by itself: an English word of the notation in
        another language's reply, which that language's stemmer would cut to a stem of its own words
        (Hungarian «valakit», someone, and ``valet`` both stem to «val»)."""
        if word.isdigit():
            return
        for key in {fold(word)} if alone else words.keys(word):
            self.by_key.setdefault(key, set()).add(concept)
        self.forms.setdefault(fold(word), set()).add(concept)

    def phrase_at(self, at: int, written: list[str], words: Words | None = None) -> tuple[int, frozenset[str]]:
        """The longest phrase of the game starting at word ``at``: its length and its thing's notation words; with
        ``words``, also a phrase one of whose words is mistyped (:meth:`_slipped`)."""
        for length in range(min(4, len(written) - at), 1, -1):
            said = tuple(fold(word) for word in written[at:at + length])
            found = self.phrases.get(said)
            if found is None and words is not None:
                found = self._slipped(said, words) or self._in_latin(said, words)
            if found is not None:
                return length, found
        return 0, frozenset()

    def _in_latin(self, said: tuple[str, ...], words: Words) -> frozenset[str] | None:
        """The thing of the one phrase ``said`` types in Latin letters ("'V pabe'": «В пабе», "Oskorbit' vikarija"),
        each word as the phrase writes it or typed so (:meth:`engine.text.Words.near`); none where no phrase, or
        phrases of two things, are typed so."""
        if not any(word.isascii() and word.isalpha() for word in said):
            return None
        found = {thing for phrase, thing in self.phrases.items() if len(phrase) == len(said) and all(
            word == form or (word.isascii() and not form.isascii() and form in words.near(word, {form: {form}}))
            for word, form in zip(said, phrase))}
        return next(iter(found)) if len(found) == 1 else None

    def _slipped(self, said: tuple[str, ...], words: Words) -> frozenset[str] | None:
        """The thing of the one phrase ``said`` is with one word mistyped, every other written as the phrase has
        it, one of them of four letters or more ("Lavish Diner", «Роскошный ужн», «Адвакатом наследника»): a
        word of a name read whole may be a slip too short, or inflected, or a word of the language, yet the rest
        of the name says which it is; or with every word typed in Latin letters ("sbor nalogov": «сбор налогов»).
        None where no phrase, or phrases of two things, are so near."""
        found: set[frozenset[str]] = set()
        for phrase, thing in self.phrases.items():
            if len(phrase) != len(said):
                continue
            other = [at for at, (word, form) in enumerate(zip(said, phrase)) if word != form]
            if (len(other) == 1 and any(len(word) >= 4 for at, word in enumerate(said) if at != other[0])
                    and _a_slip(said[other[0]], phrase[other[0]], words)):
                found.add(thing)
            elif (len(other) == len(said) and all(word.isascii() and not form.isascii() and _a_slip(word, form, words)
                                                  for word, form in zip(said, phrase))):
                found.add(thing)  # "sbor nalogov": every word of «сбор налогов» typed in Latin letters
        return next(iter(found)) if len(found) == 1 else None

    def concepts(self, word: str, words: Words, slips: bool = True) -> frozenset[str]:
        """The notation words ``word`` stands for: by its keys; or as a form with one of the language's endings
        («Suba»: Shu with "into"); or (``slips``) as a slip of one form.

        A word spelled as a form of a thing that makes a move is that thing, not also the thing of a form its
        stem cut short spells: Hungarian «Csin» is Ch'in, though it stems to «csi», Qi's form."""
        keys = words.keys(word)
        folded = fold(word)
        own = self.forms.get(folded, set())
        cut = own and (own <= self.moves or own <= self.naming_nothing)
        found: set[str] = set(own)
        for key in keys:
            if not (cut and folded.startswith(key)):
                found |= self.by_key.get(key, set())
        spelled = self.ending(folded, words) if len(found) > 1 and not own else frozenset()
        if len(spelled) == 1 and spelled < found and spelled <= self.moves:  # «Csibe»: Qi's «csi» with "into", not also
            found = set(spelled)  # Ch'in's «csin», which its stem «csi» shares
        if found or not slips or words.known(word, listed=True):  # a word of the language is never a slip
            return frozenset(found)
        ending = self.ending(fold(word), words)
        if ending:
            return ending
        return frozenset(words.near(word, self.forms) or self._slip_ending(folded, words))

    def _slip_ending(self, folded: str, words: Words) -> set[str]:
        """The thing of the one form a word no dictionary knows is a slip of with one of the language's endings
        after it (Hungarian «Frinedet»: "friend" mistyped, with «-et»); none where endings cut differently name
        different things."""
        lexicon: Lexicon | None = getattr(words, "lexicon", None)
        endings = lexicon.reading.endings if lexicon is not None else frozenset()
        found = {frozenset(words.near(folded[:-len(end)], self.forms)) for end in map(fold, endings)
                 if folded.endswith(end) and len(folded) - len(end) >= 4} - {frozenset()}
        return set(next(iter(found))) if len(found) == 1 else set()

    def ending(self, folded: str, words: Words) -> frozenset[str]:
        """The thing of the form a word no dictionary knows is, with one of the language's endings after it."""
        lexicon: Lexicon | None = getattr(words, "lexicon", None)
        endings = lexicon.reading.endings if lexicon is not None else frozenset()
        return frozenset(concept for end in map(fold, endings) if folded.endswith(end) and len(folded) - len(end) >= 2
                         for concept in self.forms.get(folded[:-len(end)], ()))


def _a_slip(word: str, form: str, words: Words) -> bool:
    """Whether ``word`` is a slip of ``form`` (:meth:`engine.text.Words.near`), measured from the longer of the
    two («ужн» of «ужин»), or a slip of it with an inflection (their stems: «адвакатом» of «адвокат»)."""
    pairs = [(word, form)] + [(key, stem) for key in words.keys(word) for stem in words.keys(form)
                              if key != word or stem != form]
    return any(words.near(longer, {shorter: {form}}) for one, other in pairs
               for longer, shorter in ((one, other) if len(one) >= len(other) else (other, one),))


_INDEXES: dict[tuple[str, int, int], tuple[object, Vocabulary, _Index]] = {}
"""The index of each game's lexicon in each language, made once: a table's words are copies sharing their game's
lexicon."""


@functools.cache
def _units(vocabulary: Vocabulary) -> frozenset[str]:
    """The notation's words of things counted that name no move of their own (a floor, a game's money): a count
    says how many of them ("two floors", "6 yuan"), an ordinal never which one. Kept per vocabulary (a game's,
    frozen): the search asks for them at every move it fits, tens of thousands of times a reply."""
    return frozenset(fold(word) for word in vocabulary.counted) - frozenset(fold(word) for word in vocabulary.moves)


def _index(words: Words, vocabulary: Vocabulary) -> _Index:
    lexicon = getattr(words, "lexicon", None)
    key = (words.language, id(lexicon), id(vocabulary))
    kept = _INDEXES.get(key)
    if kept is None or kept[0] is not lexicon or kept[1] is not vocabulary:
        kept = _INDEXES[key] = (lexicon, vocabulary, _Index(words, vocabulary))
    return kept[2]


SPENT = "×"
"""Joins what a move spends to how many (``boy×2``): a word no reply writes, matched only by a count said of it."""
COUNT = SPENT
"""A move's count sign alone (``×3``, described ``×=3``: what a space gives, "three moves"): a numbered word no
reply writes, matched only by a count said before a word (:func:`_count_sign`), never by a number said after a
thing ("election 3") or an ordinal ("the third")."""
_COUNT_SIGN = re.compile(rf"{COUNT}(\d+)")
_SPENT = re.compile(rf"[^\W\d_]+{SPENT}\d+")
_NUMBERED = re.compile(r"([^\W\d_]+)(\d+)")
"""A notation word with its number joined on (``palace1``, ``gent2``, ``up2``): a numbered thing."""


def parts(notation: str) -> list[Counter[str]]:
    """A move's words by the parts its notation separates with commas (``start tax collector palace1, healer
    palace2``: each person with its palace)."""
    return [describe(part) for part in notation.split(",")]


def describe(notation: str) -> Counter[str]:
    """A move's words: its notation's tokens, folded, a numbered thing as its word and ``word=n`` (``recruit old
    monk palace1`` -> recruit, old, monk, palace, palace=1); a word and the number after it are a numbered thing
    too (``wei: pagoda 2``: pagoda=2, "the second site"); how many of a thing a move spends is one word
    (``boy×2``, see :attr:`Vocabulary.spent`)."""
    return Counter(_description(notation))


@functools.lru_cache(maxsize=16384)
def _description(notation: str) -> dict[str, int]:
    """:func:`describe`'s words, made once per notation: a reply's search describes each legal move at every
    decision it tries, tens of thousands of times a reply, and callers change the copy they are given."""
    words: Counter[str] = Counter()
    before = ""
    for piece in notation.split():
        if counted := _COUNT_SIGN.fullmatch(piece):
            words[f"{COUNT}={int(counted.group(1))}"] += 1
            continue
        if _SPENT.fullmatch(piece):
            words[fold(piece)] += 1
            continue
        for thing, digits in _NUMBERED.findall(piece):
            words[f"{fold(thing)}={int(digits)}"] += 1
        for token in TOKEN.findall(_NUMBERED.sub(r"\1", piece)):
            words[fold(token) if not token.isdigit() else str(int(token))] += 1
        if piece.isdigit() and before.isalpha():
            words[f"{fold(before)}={int(piece)}"] += 1
        before = piece
    return dict(words)


def meaning(rules: MeaningRules, line: str, state: State, seat: int, words: Words,
            vocabulary: Vocabulary) -> Meaning | None:
    """What ``line`` means among the seat's legal moves, from ``state`` on; None when it cannot be read by
    meaning at all (a negation, no word of the game, a line too long). ``vocabulary`` is the notation's.

    A line read as no moves with its clauses of purpose («…, για να έχω τα δύο σύμβολα»: :attr:`Reading.purpose`)
    is read without them; that reading stands where every reading with them began with it (they only say why, or
    what a later decision will be without choosing it), and where no word of theirs is a negation or a block."""
    found = _meaning(rules, line, state, seat, words, vocabulary)
    if found is not None and found.read:
        return found
    reading: Reading = getattr(getattr(words, "lexicon", None), "reading", None) or Reading()
    aimless = _without_purpose(line, reading)
    if aimless is None:
        return found
    meant = _meaning(rules, aimless, state, seat, words, vocabulary)
    if meant is None or not meant.read:
        return found
    begun = tuple(rules.format(move) for move in meant.moves)
    if found is not None and any(tuple(said[:len(begun)]) != begun for said in found.candidates):
        return found
    return meant


_PURPOSE_END = re.compile(r"[,;:.!?()\n\u00b7\u0387]")
"""What ends a clause of purpose: the next punctuation."""


def _without_purpose(line: str, reading: Reading) -> str | None:
    """The line without its clauses of purpose (:attr:`Reading.purpose`), each from its first word to the next
    punctuation; None when it has none, when one opens the line (no move is said before it), or when one holds a
    negation, a block or a condition ("…, για να μην …"), which passing it over could turn round."""
    spans = [(match.start(), match.end(), match.group()) for match in TOKEN.finditer(line)]
    if any(word.casefold() in reading.unfolded_blocks for _, _, word in spans):
        return None
    said = [reading.typed.get(fold(word), fold(word)) for _, _, word in spans]
    stopping = reading.negations | reading.blocks | reading.conditions | STOPS
    cuts: list[tuple[int, int]] = []
    at = 1
    while at < len(spans):
        size = next((len(phrase.split()) for phrase in sorted(reading.purpose, key=lambda p: -len(p.split()))
                     if _purpose_at(at, phrase.split(), said, spans, line)), 0)
        if not size:
            at += 1
            continue
        stop = _PURPOSE_END.search(line, spans[at][0])
        end = stop.start() if stop else len(line)
        inside = [word for (start, _, _), word in zip(spans, said) if spans[at][0] <= start < end]
        if any(word in stopping for word in inside):
            return None
        cuts.append((spans[at][0], end))
        at = next((n for n, (start, _, _) in enumerate(spans) if start >= end), len(spans))
    if not cuts:
        return None
    kept, last = [], 0
    for start, end in cuts:
        kept.append(line[last:start])
        last = end
    kept.append(line[last:])
    return "".join(kept)


def _purpose_at(at: int, phrase: list[str], said: list[str], spans: list[tuple[int, int, str]], line: str) -> bool:
    """Whether a clause of purpose of the words ``phrase`` opens at word ``at``: its words in a row with spaces
    between, and one word alone only right after a comma or a dash («…, να πουλήσω …»), where it can open no
    clause saying the move itself («θέλω να πάω»)."""
    if said[at:at + len(phrase)] != phrase or any(
            not line[spans[n - 1][1]:spans[n][0]].isspace() for n in range(at + 1, at + len(phrase))):
        return False
    return len(phrase) > 1 or line[spans[at - 1][1]:spans[at][0]].strip() in (",", "-", "\u2013", "\u2014")


def _meaning(rules: MeaningRules, line: str, state: State, seat: int, words: Words,
             vocabulary: Vocabulary) -> Meaning | None:
    """:func:`meaning`, its clauses of purpose read as said."""
    line, emptied = _without_empty(line, words, vocabulary)
    found = tokens(line, words, vocabulary)
    if found is None or not found.read or all(token.optional for token in found.read):
        return None
    read = found.read
    fillers = getattr(getattr(words, "lexicon", None), "fillers", frozenset())
    search = _Search(rules, seat, vocabulary, sure=not found.dropped, counted=found.counted and not found.read_count,
                     fillers=fillers, listed=found.listed, passed=found.passed)
    _parse(search, rules.clone(state), tuple(read), ())
    if not search.found and any(token.closing for token in read) and _closes(read):  # "Insult the Vicar, done"
        read = tuple(replace(token, optional=True) if token.closing else token for token in read)  # where no
        # "done" is legal; never "gent 1 up, done, lady 1 stays": the words after a done word are no move of it
        search = replace(search, tried=search.tried, named={}, finished={}, again={}, found={})  # after it: the line ends
        _parse(search, rules.clone(state), read, ())
    if not search.found:
        for moved in _said_first(read, vocabulary):  # "Zhao 2 with the orange card": the card played first
            _parse(search, rules.clone(state), moved, ())
    if not search.found and (standing := _order_before_done(read)) is not None:  # "That's my turn. Should
        ordered = replace(search, tried=search.tried, named={}, finished={}, again={}, found={})  # Dame Beatrice
        _parse(ordered, rules.clone(state), standing, ())  # need …, use …": the order, then the end
        if _orders_only(rules, state, seat, ordered.found):
            search = ordered
    if not search.found:
        told = _thing_first(line, words, vocabulary)  # "The dog possession - sell it": what is done said first
        if told is not None:
            _parse(search, rules.clone(state), told, ())
    chosen = _playable(search)
    if chosen is None and any(token.other for token in read):
        chosen = _told_by_other(search, state, read)
    if chosen is None and found.counted:
        chosen = _of_each(rules, state, seat, search.found, search.named, read)
    if chosen is None and search.sure:
        chosen = _implied(rules, state, seat, search.found, read)
    if emptied:  # "palace 2 stays empty": no reading puts anything there
        search.found = {key: moves for key, moves in search.found.items()
                        if not any(describe(notation).keys() & emptied for notation in key)}
        chosen = chosen if chosen in search.found else None
    if chosen is not None:
        return Meaning(moves=search.found[chosen])
    if search.found:
        return Meaning(candidates=tuple(search.found))
    if any(token.concepts == {CONDITION} for token in read):
        return None  # "if …, play Leapfrog": no move's condition, a line read by meaning never
    for at, token in enumerate(read):  # one word left over: the moves it would be, asked about
        if token.optional:
            continue
        rest = (*read[:at], *read[at + 1:])
        if not rest or all(other.optional for other in rest):
            continue
        if search.tried >= STATES_TRIED:
            break  # the line's budget is spent: a hostile line costs no more than one reading
        search = _Search(rules, seat, vocabulary, sure=False, tried=search.tried, fillers=fillers, listed=found.listed,
                         passed=found.passed)
        _parse(search, rules.clone(state), rest, ())
        if search.found:
            return Meaning(candidates=tuple(search.found), left_over=token.written)
    return Meaning()


def _a_place(at: int, written: list[str], between: list[str], reading: Reading, words: Words, index: "_Index") -> bool:
    """Whether the word at ``at`` (one for "the other one") is said as a place: after a word putting a thing in a
    place with only small words between ("in the other one", «στο άλλο», «в другой»), right before a word of the
    game ("the other palace"), or with an ending putting a thing there (Hungarian «a másikba»); not "the other one
    too", a thing said as the other of two."""
    folded = fold(written[at])
    if any(folded.endswith(ending) and _listed(folded[:-len(ending)], reading.other, words)
           for ending in reading.place_endings):
        return True
    after = fold(written[at + 1]) if at + 1 < len(written) and between[at + 1].isspace() else ""
    if after and index.concepts(after, words) and after not in reading.small | reading.pronouns and said_number(
            after, reading, words) is None:  # "the other palace", never "the other one"
        return True
    before = at - 1
    while before >= 0 and fold(written[before]) in reading.small and fold(written[before]) not in reading.places:
        before -= 1
    return before >= 0 and fold(written[before]) in reading.places


def _told_by_other(search: _Search, state: State, read: Sequence[Token]) -> tuple[str, ...] | None:
    """Of the readings found, the one the line names once its words for "the other one" are read as the game's
    :data:`OTHER` ("the scholar in the first palace, the healer in the other": the healer's palace not the
    scholar's); None where that names no one reading, or one the line did not read already, which the word for
    "the other" would then have chosen alone ("the other floor on a new palace" is no floor on the other palace)."""
    other = replace(search, named={}, finished={}, again={}, found={}, tried=0)
    _parse(other, search.rules.clone(state), tuple(replace(token, optional=False) if token.other else token
                                                   for token in read), ())
    chosen = _playable(other)
    return chosen if chosen in search.found and search.found[chosen] == other.found[chosen] else None


def _implied(rules: MeaningRules, state: State, seat: int, found: dict[tuple[str, ...], tuple[Move, ...]],
             read: Sequence[Token]) -> tuple[str, ...] | None:
    """The one reading the game's notation itself settles, where every reading is one move and each of them
    shortens to a notation they share, which the notation reads as one of them (``recruit young farmer``: the
    palace and card the state implies, "a young farmer, with the drought coming"). Only for a line with no word
    passed over, which might have told them apart, and none naming what the shortened notation leaves out ("into
    the other palace" says a palace: which one the notation would pick is not what it asks)."""
    if len(found) < 2 or any(len(reading) != 1 for reading in found):
        return None
    common: set[str] | None = None
    for reading in found:
        forms = {reading[0], *rules.shorter(found[reading][0])}
        common = forms if common is None else common & forms
    said = set().union(*(token.concepts for token in read if not token.optional))
    named = set().union(*(describe(reading[0]) for reading in found))
    for form in sorted(common or (), key=len):
        if said & (named - set(describe(form))):
            continue
        try:
            moves = list(rules.read_line(form, rules.clone(state), seat))
        except MoveError:
            continue
        chosen = [reading for reading in found if len(moves) == 1 and found[reading][0] == moves[0]]
        if len(chosen) == 1:
            return chosen[0]
    return None


CONDITION = "if"
"""What a game says a move is also named by (``also_named``) where the move is a decision made beforehand for a
case that may come (Prodigals' order for Dame Beatrice: "if she needs a marker moved up, use the lower
gentleman"): a condition word («αν», "ha", «если») reads only as that word of such a move, said in the same
chunk as another part of the line that names the move (the condition restates the decision, never gates
another move); a line with a condition word that reads no other way is not read by meaning at all."""


def _conditioned_alone(chunk: Sequence[Token]) -> bool:
    """Whether a chunk holding a condition word (:data:`CONDITION`) names its move in the condition's own part of
    the line only ("if Dame Beatrice moves my lower gentleman, play Leapfrog": the condition is the first part,
    the play it gates the second), so that the move it would be is the case, never the decision."""
    conditions = [at for at, token in enumerate(chunk) if token.concepts == {CONDITION}]
    return bool(conditions) and not any(  # a word before the condition in its part, or in another part
        not token.optional and token.concepts != {CONDITION} and all(
            at < condition or (token.clause, token.sentence) != (chunk[condition].clause, chunk[condition].sentence)
            for condition in conditions)
        for at, token in enumerate(chunk))


OTHER = "other"
"""What a game says a move is also named by (``also_named``) where a thing of it is the one other than a thing of
its kind named beside it (Dragon's start of two persons in two palaces: "the scholar in the first palace, the
healer in the other"): a word of the language's for "the other one" reads as that word where a line then reads as
one move, and is passed over where it does not ("the other floor")."""


EACH = "each"
"""What a game says a move is also named by (``also_named``) where it does the same to every one of the seat's
things of a kind (Dragon's build of one floor on each palace): a line saying "each" (:attr:`Tokens.counted`)
means that move."""


def _of_each(rules: MeaningRules, state: State, seat: int, found: dict[tuple[str, ...], tuple[Move, ...]],
             named: dict[tuple[str, ...], int], read: Sequence[Token]) -> tuple[str, ...] | None:
    """The one reading, of one move, that the game names by "each", among those a line saying "each" fits ("one
    floor on each palace", «по одному этажу в каждый дворец»): each of them leaves its things unsaid, which the
    "each" says; None where no one move is so named. A line that numbers some of the things ("a floor each on
    palace 1 and palace 2", "each of my first two palaces") says "each" of those only: the move is played only
    where the line numbers every thing it covers, else asked about."""
    each = [reading for reading, moves in found.items()
            if sum(EACH in describe(rules.also_named(state, seat, move)) for move in moves) == 1]
    if len(each) > 1:  # "both At the Pubs together. Done.": the group played, then the turn ended, every move
        each = [reading for reading in each if named[reading] == NAMED]  # named; not a word left to name another
    if len(each) != 1:
        return None
    covered = {word for move in found[each[0]] if EACH in describe(rules.also_named(state, seat, move))
               for word in describe(rules.format(move)) if "=" in word}  # palace=1, palace=2 …
    said = {concept for token in read if not token.optional for concept in token.concepts}
    numbering = any(concept.startswith(ORDINAL) or concept in covered or (
        "=" in concept and concept.split("=")[0] in {word.split("=")[0] for word in covered}) for concept in said)
    return each[0] if not numbering or covered <= said else None


def _closes(read: Sequence[Token]) -> bool:
    """Whether the line's done words close it ("Insult the Vicar, done", "…, that's it."): after them it names
    nothing more. A done word before things named ("gent 1 up, no more for lady 1", "done with gent 1, lady 2
    up") may be what keeps those things from being moved, so it is never read past."""
    first = next(at for at, token in enumerate(read) if token.closing)
    return all(token.optional or token.closing or (token.concepts and token.concepts <= DONE)  # «всё, заканчиваю»
               for token in read[first + 1:])


def _in_time(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether the done word ``at`` is the end a place word puts something at ("at the end of the round", «Στο
    τέλος του γύρου κρατάω …», «в конце раунда»): a time, no end of the turn."""
    before = at - 1
    if before > 0 and fold(written[before]) in reading.small and fold(written[before]) not in reading.places:
        before -= 1  # "at the end": its article
    return before >= 0 and all(gap.isspace() for gap in between[before + 1:at + 1]) and (
        fold(written[before]) in reading.places)


def _a_time(at: int, written: list[str], between: list[str], reading: Reading, words: Words) -> bool:
    """Whether the word ``at`` is a number right after a word naming a time by its number (``Reading.times``:
    "in month 4", «στον μήνα 4»): the time a reason names, never a palace, a group or a count."""
    folded = fold(written[at])
    if not written[at].isdigit() and said_number(folded, reading, words) is None:
        return False
    return (at > 0 and between[at].isspace() and fold(written[at - 1]) in reading.times) or _before_a_time(
        at, written, between, reading)


_ENTRY_MARK = re.compile(r"\s*[:)\u2013\u2014]")
"""What follows a list entry's number or ordinal: a colon, a bracket or a dash ("First: …", "1) …", «Вторым — …»)."""


def _an_entry(at: int, written: list[str], between: list[str], reading: Reading, words: Words, index: "_Index",
              vocabulary: Vocabulary) -> bool:
    """Whether the word ``at`` numbers an entry of the player's own list, opening its sentence or line: an ordinal
    or a list's mark (a number or one letter opening the line) right before a colon, bracket or dash, or an ordinal and a
    word naming nothing of the game before one ("First person: scholar, into palace 2", «Δεύτερος: αγρότης»,
    "1) harcos", «β) γιατρό»). Its number orders the list, never a thing of the move (a palace)."""
    folded = fold(written[at])
    ordinal = _ordinal(folded, reading, words) is not None
    mark = (at == 0 or bool(re.search(r"[;\n]\s*$", between[at]))) and (  # opening the line, or one joined to it
        written[at].isdigit() or len(written[at]) == 1) and at + 1 < len(written) and between[at + 1].startswith(")")
    if mark:
        return True
    opening = at
    while opening > 0 and not re.search(r"[.!?;\n]", between[opening]) and fold(written[opening - 1]) in reading.small:
        opening -= 1  # "The second: …"
    if not ordinal or at + 1 >= len(written) or (opening > 0 and not re.search(r"[.!?;\n]", between[opening])):
        return False  # «…, το δεύτερο: …»: the second palace, said after a comma, numbers a thing
    if _ENTRY_MARK.match(between[at + 1]) and not between[at + 1].isspace():
        return True
    naming_nothing = vocabulary.others - vocabulary.moves - vocabulary.telling
    after = index.concepts(written[at + 1], words)
    return (at + 2 < len(written) and between[at + 1].isspace() and bool(after) and after <= naming_nothing
            and bool(_ENTRY_MARK.match(between[at + 2])) and not between[at + 2].isspace())


def _enumerated(written: list[str], between: list[str], reading: Reading, words: Words,
                numbers_a_thing: Callable[[str], bool]) -> frozenset[int]:
    """Where the line numbers its sentences as a list's entries: an ordinal opening each of them (its small words
    before), first, second, … in turn («Az első emberem a tudós … A második az udvarhölgy …», «Первым беру …
    Вторым …»), and not before a word of a thing numbered (``numbers_a_thing``: "First palace: …" names the
    palace). Their numbers order what the player says, never a thing of a move (a palace)."""
    opening: list[tuple[int, int]] = []
    begins = True
    for at, word in enumerate(written):
        if at > 0 and re.search(r"[.!?;:\n]", between[at]):
            begins = True
        folded = fold(word)
        if not begins:
            continue
        ordinal = None if folded.isdigit() else _ordinal(folded, reading, words)
        if ordinal is not None and not (at + 1 < len(written) and numbers_a_thing(written[at + 1])):
            opening.append((at, ordinal))
        if folded not in reading.small or ordinal is not None:
            begins = False
    listed = 0
    while listed < len(opening) and opening[listed][1] == listed + 1:
        listed += 1  # "first …, second …"; a later "First palace stays empty" is no entry
    return frozenset(at for at, _ in opening[:listed]) if listed > 1 else frozenset()


def _before_a_time(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether the number at ``at`` stands right before a word naming a time, its ending or ordinal dot between
    ("the 4th month", «τον 4ο μήνα», «a 4. hónapban», «a 3-as hónapban», «в 3-м месяце»): when, as "month 4" is."""
    then = at + 1
    if (then < len(written) and between[then] in ("", "-", ".-") and len(written[then]) <= 3
            and fold(written[then]) not in reading.times):
        then += 1  # the number's ending
    return (then < len(written) and between[then] != "" and between[then].strip() in ("", ".")
            and fold(written[then]) in reading.times)


def _said_first(read: Sequence[Token], vocabulary: Vocabulary) -> Iterator[tuple[Token, ...]]:
    """The line with one run of words naming what a turn's first move is made with (:attr:`Vocabulary.said_after`,
    one thing said once or counted: "my two reds") put first, for each such run not first already: a player
    names the cards after the pieces they pay for. Every reordering is read into one search, so two that read
    differently are asked about, never played."""
    at = 0
    while at < len(read):
        token = read[at]
        end = at + 1
        if token.optional or not token.concepts or not token.concepts <= vocabulary.said_after:
            at = end
            continue
        while end < len(read) and read[end].concepts == token.concepts and not read[end].optional:
            end += 1
        if any(not other.optional for other in read[:at]):
            yield (*read[at:end], *read[:at], *read[end:])
        at = end


def _order_before_done(read: Sequence[Token]) -> tuple[Token, ...] | None:
    """The line with its done word put last, where it is all its line's first sentence names and a condition
    word (:data:`CONDITION`) follows: "That's my turn. If Dame Beatrice needs a marker moved up, use the lower
    gentleman" ends the turn and gives an order for a case that may come, which the game takes before the turn's
    end; a condition word reads only as such an order, so no move of the turn is put past its end. None where
    the line is not so shaped."""
    required = [at for at, token in enumerate(read) if not token.optional]
    if not required or not read[required[0]].concepts & DONE:
        return None
    ending = [at for at in required if read[at].sentence == read[required[0]].sentence]
    rest = [at for at in required if at not in ending]
    if len(ending) != 1 or not rest or not any(read[at].concepts == {CONDITION} for at in rest):
        return None  # "Nothing from me this turn. For Dame Beatrice, if …": the end, then the order
    return (*read[:ending[0]], *read[ending[0] + 1:], read[ending[0]])


def _orders_only(rules: MeaningRules, state: State, seat: int, found: dict[tuple[str, ...], tuple[Move, ...]]) -> bool:
    """Whether every reading found of a line with its done word put last (:func:`_order_before_done`) is orders
    for a case that may come (moves the game also names by :data:`CONDITION`) and that end: "That's all. If
    Dame Beatrice needs one up, …, and play At the Pub" would put a move of the turn past its end."""
    for moves in found.values():
        position = rules.clone(state)
        for move in moves[:-1]:
            if CONDITION not in describe(rules.also_named(position, seat, move)):
                return False
            position = rules.apply(position, seat, move)
    return bool(found)


_DASHED = re.compile(r"^(?P<thing>[^,;:.!?\n]+?)\s+[-–—]\s+(?P<done>[^.!?\n]+?)(?P<rest>[.!?].*)?$", re.S)
"""A line opening with a thing named, a spaced dash, and what is done with it ("The dog possession - sell it",
«Картину за 2 из Челси — на аукцион»), up to the end of its first sentence."""


def _thing_first(line: str, words: Words, vocabulary: Vocabulary) -> tuple[Token, ...] | None:
    """The tokens of ``line`` with what is done said before the thing it is done with, where the line names a
    thing, then after a dash what is done with it (:data:`_DASHED`): a player names the thing first and points
    back at it ("sell it", «её»), while the moves run verb first. None where the line is not so shaped, or the
    words before the dash name a move of their own (a verb of the notation): then the dash pairs two moves said
    in order ("play Leapfrog – jump lady 1"), which are never turned round."""
    shaped = _DASHED.match(line.strip())
    if shaped is None or re.search(r"\s[-–—]\s", shaped["done"]):
        return None
    thing = tokens(shaped["thing"], words, vocabulary)
    if thing is None or any(token.concepts & vocabulary.verbs for token in thing.read if not token.optional):
        return None
    told = tokens(f"{shaped['done']}, {shaped['thing']}{shaped['rest'] or ''}", words, vocabulary)
    return None if told is None else told.read


def _playable(search: _Search) -> tuple[str, ...] | None:
    """The reading to play: the one reading (or the one every other extends) if it names its moves; else the one
    reading that names them where every other leaves a choice unsaid ("Shu, pagoda on 3": site 3, not a site
    unsaid and the third display card drawn), unless the line counts what it names («оба»: both of a card) and
    the seat would owe more after it: the other readings may be the ones that counted.

    A reading names its moves when each chunk named its move (:data:`NAMED`), or when it runs through several
    decisions, each chunk naming its move wholly (:data:`WHOLE`), reads no other way, and leaves the seat owing
    nothing more: a word passed over might have counted the moves ("draw deck twice", «оба»)."""

    def names(reading: tuple[str, ...]) -> bool:
        return search.named[reading] == NAMED or (search.named[reading] == WHOLE and len(reading) > 1
                                                  and search.finished[reading])

    chosen = _shortest(search.found)
    if chosen is not None:  # "both At the Pub cards go" read as one discard of two owed: the count not read
        return chosen if names(chosen) and not (search.counted and search.again[chosen]) else None
    named = [reading for reading in search.found if names(reading)]
    if (len(named) == 1 and (search.finished[named[0]] or not search.counted)
            and all(search.named[reading] == UNSAID for reading in search.found if reading != named[0])
            and not _owned_and_shared(search, named[0])):
        return named[0]
    return None


def _owned_and_shared(search: _Search, reading: tuple[str, ...]) -> bool:
    """Whether the reading holds a move named only by its own name over a longer name's word (:attr:`_Search.owned`)
    and another reading goes the same way up to that move: then the rest of the line read two ways, and the name
    told nothing apart ("s-rowdy: the second lady left, then her twice down", the lady passed over in the end)."""
    at = next((n for n, notation in enumerate(reading) if notation in search.owned), None)
    return at is not None and any(other != reading and other[:at + 1] == reading[:at + 1] for other in search.found)


def _shortest(found: dict[tuple[str, ...], tuple[Move, ...]]) -> tuple[str, ...] | None:
    """The one reading, or the reading every other one only extends ("group two, build": ``group 2 build``, not
    that and a build of the next decision made of the same words); None when the readings differ."""
    if not found:
        return None
    first = min(found, key=len)
    if all(other[:len(first)] == first for other in found):
        return first
    return None


def _parse(search: _Search, state: State, rest: tuple[Token, ...], played: tuple[tuple[str, Move], ...],
           named: int = NAMED, before: Token | None = None) -> None:
    """Every way the tokens ``rest`` read as moves from ``state`` on, each chunk one decision's move, into
    ``search.found``; ``before`` is the last word of the chunk read before that names something."""
    if len(search.found) >= PARSES_KEPT or search.tried >= STATES_TRIED:
        return
    search.tried += 1
    if all(token.optional for token in rest):
        if played:
            key = tuple(notation for notation, _ in played)
            search.found.setdefault(key, tuple(move for _, move in played))
            search.named[key] = max(search.named.get(key, UNSAID), named)
            search.finished[key] = search.seat not in search.rules.to_act(state)
            search.again[key] = not search.finished[key] and any(
                search.rules.format(move) in key for move in search.rules.legal(state, search.seat))
        if not rest:
            return
    if search.seat not in search.rules.to_act(state):
        return
    legal = search.rules.legal(state, search.seat)
    described = [(move, _described(search, state, move)) for move in legal]
    own: Counter[str] = Counter()
    for move in legal:
        own.update(_description(search.rules.format(move)))
    rest = _numbering(rest, {word.split("=")[0] for _, words in described for word in words if "=" in word}, own)
    for end in range(len(rest), 0, -1):
        chunk, after = rest[:end], rest[end:]
        if all(token.optional for token in chunk) or (after and (after[0].inside or after[0].numbered)) or (
                _conditioned_alone(chunk)):  # "the second | lady": one thing, as a phrase is
            continue
        fits = [(move, uncovered) for move, words in described
                if (uncovered := _fit(chunk, words, search.split.get(search.rules.format(move)),
                                      lambda word: not _choice(search, word), _units(search.vocabulary))) is not None
                and _in_order(chunk, search.rules.format(move), search.vocabulary) >= 0]
        fits = _carried(search, chunk, [(move, left) for move, left in fits
                                        if _whole_things(search, chunk, after, move, described_words(move, described))],
                        played, before)
        unordered = {move for move, _ in fits if not _in_order(chunk, search.rules.format(move), search.vocabulary)}
        chosen = _chosen(search, chunk, fits, described) if not chunk[0].same else [  # "down twice": the second
            (move, NAMED) for move, _ in fits if played and search.rules.format(move) == played[-1][0]]  # down,
        unsaid = {move for move, left in fits if played and played[-1][0] in DONE
                  and (+left).keys() & search.vocabulary.never_unsaid}
        for move, names in chosen:  # beginning a move, makes the one before again, named as that one was
            if move in unsaid:  # "I pass on Leapfrog", "done, Leapfrog": past the turn's end, a discard is never
                names = UNSAID  # named by its card alone, only the one asked for now is
            if move in unordered:
                names = min(names, UNNAMED)  # given and taken said with no word between: asked about
            try:
                following = search.rules.apply(search.rules.clone(state), search.seat, move)
            except ValueError:
                continue
            _parse(search, following, after, (*played, (search.rules.format(move), move)), min(named, names),
                   next(token for token in reversed(chunk) if not token.optional))


def _whole_things(search: _Search, chunk: Sequence[Token], after: Sequence[Token], move: Move,
                  words: Counter[str]) -> bool:
    """Whether the move says the whole of each thing the chunk names in one word («опускаю»: ``move down``) that
    its notation names none of: such a word then stands for the move only by the words it is also named by
    (``words``), which must say the whole thing (a drop is also named "move down"), never a part of it (an order
    for Dame Beatrice, also named by her "move", is no marker lowered). The word's copy standing for its other
    word may begin the tokens ``after`` the chunk."""
    notation = describe(search.rules.format(move))
    return all(said.concepts <= words.keys() or said.concepts & notation.keys() for said in chunk
               if not said.optional and any(token.thing and token.written == said.written
                                            and token.concepts == said.concepts for token in (*chunk, *after[:1])))


def _carried(search: _Search, chunk: Sequence[Token], fits: list[tuple[Move, Counter[str]]],
             played: tuple[tuple[str, Move], ...], before: Token | None) -> list[tuple[Move, Counter[str]]]:
    """The moves a chunk fits, where it goes on a list after a joining word or a comma and says no verb of its own
    ("keep Leapfrog and Row of Shame", "keep Leapfrog, Row of Shame", «оставляю «Чехарду» и «Ряд позора»»): the move before's verb and its way
    (``order keep``: a word never left unsaid) said once for the whole list, so only a move of that verb and way
    is meant, its verb and way said. Any other chunk, one no move of that verb fits, or one beside a word passed
    over («Чехарду пропускаю»: skipped, which may be what says the move), is left as it is."""
    required = [token for token in chunk if not token.optional]
    if (before is None or not played or not required or (required[0].sentence, required[0].clause) in search.passed
            or required[0].sentence != before.sentence
            or (required[0].clause, required[0].run) <= (before.clause, before.run)  # a later item: "and", or a
            or any(token.concepts <= search.vocabulary.verbs for token in required)):  # comma ("keep A, B")
        return fits
    way = search.vocabulary.verbs | search.vocabulary.never_unsaid
    carried = Counter({word: n for word, n in describe(played[-1][0]).items() if word in way})
    kept = [(move, left - carried) for move, left in fits if not (+left).keys() & way - carried.keys()]
    return kept or fits


def _numbering(rest: tuple[Token, ...], things: set[str], own: Counter[str] | None = None) -> tuple[Token, ...]:
    """The tokens with each word an ordinal numbers (:attr:`Token.numbered`) standing only for the numbered
    ``things`` of the legal moves it may be ("the second lady": ``lady``, never the Dame of Dame Beatrice, whose
    Greek and Russian names begin with the word for a lady); a word naming none of them is left as it is. A number
    tagged onto a word (:data:`TAGGED`) is read by :func:`_untagged` against ``own``, the words of the legal moves'
    notations."""
    return tuple(_untagged(replace(token, concepts=token.concepts & things)
                           if token.numbered and token.concepts & things else token, things, own or Counter())
                 for token in rest)


def _untagged(token: Token, things: set[str], own: Counter[str]) -> Token:
    """The token with its :data:`TAGGED` concepts made the numbered things of that number the notations number
    (``palace=1``), where a notation has the word it is tagged onto and no
    legal move numbers that word ("farmer 1": the farmer goes to palace 1); else dropped: "group 1" names the group,
    "harvest 2" no card's place in its group (a number no notation has), "craftsman 2" in a build no palace (the
    craftsman is no word of a build's notation, only of its palace's name)."""
    tagged = {concept for concept in token.concepts if concept.startswith(TAGGED)}
    if not tagged:
        return token
    kept = token.concepts - tagged
    onto = {concept.lstrip(COUNTED_TAG).split("=")[0] for concept in tagged}
    if not onto & things and not onto & set(own):  # "Build action. … on palace 1, …": a thing of a later decision
        return token  # only, told when that decision is read (never the count of its floors meanwhile)
    if onto & things:  # "palace 1 and one on palace 2": palace 1's number, never a count of the floors after it
        return replace(token, concepts=frozenset(concept for concept in kept if not concept.isdigit()))
    if any(concept.startswith(COUNTED_TAG) for concept in tagged):
        return replace(token, concepts=frozenset(kept))
    if onto & set(own):
        numbered = {word.split("=")[0] for word in own if "=" in word}
        numbers = {concept.split("=")[1] for concept in tagged}
        kept = kept | {f"{thing}={number}" for thing in numbered for number in numbers}
    return replace(token, concepts=frozenset(kept))


def _in_order(chunk: Sequence[Token], notation: str, vocabulary: Vocabulary) -> int:
    """Whether a chunk says what a move gives and what it takes in the notation's order (:attr:`Vocabulary.given_for`):
    1 where it does, with the word between ("purple for orange", «фиолетовую на оранжевую»: ``exchange purple for
    orange``) or for a move that gives nothing for anything; -1 where it says them the other way round, which
    never names the move ("swap purple for orange" is never ``exchange orange for purple``); 0 where it says both
    with no such word between ("the yellow goes and I take the purple"): then only the notation's own verbs for
    each side tell them apart (:attr:`Vocabulary.given_by`, ``taken_by``: "discard the yellow, draw from the deck"
    is 1, a side said after the other side's verb -1), else the move is asked about, never played. A word naming both sides ("orange for
    orange") or a thing the notation does not name (a display place) stands on neither."""
    words = notation.split()
    at = next((i for i, word in enumerate(words) if fold(word) in vocabulary.given_for), None)
    if at is None:
        return 1
    given, taken = set(describe(" ".join(words[1:at]))), set(describe(" ".join(words[at + 1:])))
    said = ""
    verbs: dict[tuple[int, int], list[str]] = {}  # per part and run of the line, the sides its verbs say and
    things: dict[tuple[int, int], list[str]] = {}  # the sides it names
    for token in chunk:
        if token.concepts & vocabulary.given_for and not token.concepts & (given | taken):
            said += "f"
        elif token.concepts & (vocabulary.given_by | vocabulary.taken_by) and not token.concepts & (given | taken):
            verbs.setdefault((token.clause, token.run), []).append(
                "g" if token.concepts & vocabulary.given_by else "t")
        elif not token.optional and bool(token.concepts & given) != bool(token.concepts & taken):
            said += "g" if token.concepts & given else "t"
            things.setdefault((token.clause, token.run), []).append(said[-1])
    paired = [(verbs[part][0], things[part][0]) for part in verbs  # "a sárgát eldobom, és elveszem a lilát":
              if len(verbs[part]) == 1 and len(things.get(part, ())) == 1]  # a part's one verb, its one thing
    if any(verb != thing for verb, thing in paired):
        return -1
    if "f" not in said and {thing for _, thing in paired} == {"g", "t"} and len(said) == 2:
        return 1  # each side said with its own verb: "discard the yellow, draw from the deck"
    if "f" in said:
        before, after = said[:said.index("f")], said[said.rindex("f") + 1:]
        return 1 if "t" not in before and "g" not in after else -1
    if said == "gt" and paired:
        return 1  # the given side first, a verb saying the side of one: "the yellow goes and I take the purple"
    if "g" in said and "t" in said:
        return 0 if said.index("g") < said.index("t") else -1
    return 1


def _described(search: _Search, state: State, move: Move) -> Counter[str]:
    """A move's words: its notation's, and those the game says it is also named by now (China's display card by
    its place, ``up2``: "the second face-up card"); where those are said part by part, as many parts as the
    notation's split by commas, each part's go with that part ("young, young": a start's two persons)."""
    notation = search.rules.format(move)
    also = search.rules.also_named(state, search.seat, move)
    said = f"{notation} {also}".strip()
    found = search.descriptions.get(said)
    if found is None:
        found = search.descriptions[said] = describe(said)
        split, named = parts(notation), also.split(",")
        search.split[notation] = ([part + describe(more) for part, more in zip(split, named)]
                                  if len(split) == len(named) > 1 else split)  # each part's own other names
    alias = describe(also)
    alone = {fold(word) for word in also.split() if "-" not in word}
    search.partial[notation] = frozenset(fold(word) for name in also.split() if "-" in name
                                         for word in TOKEN.findall(name) if fold(word) not in alone)
    written = search.vocabulary.moves | search.vocabulary.others | search.vocabulary.counted
    numbered = {word.split("=")[0] for word in alias if "=" in word  # a place (``up2``) tells moves apart; a
                and word.split("=")[0] in written} - _units(search.vocabulary)  # number of a word no line writes
    search.aliases[notation] = Counter({word: n for word, n in alias.items()  # (a row's value) is another name,
                                        if word.split("=")[0] not in numbered})  # and a count of a unit (``yuan3``)
    # what the move costs or gives: no choice left unsaid
    return found


def _fit(chunk: Sequence[Token], words: Counter[str], split: list[Counter[str]] | None = None,
         may: Callable[[str], bool] = lambda word: True, units: frozenset[str] = frozenset()) -> Counter[str] | None:
    """The move's words left uncovered once every required token of ``chunk`` is matched to one of them (an
    optional token where it can, to a word it ``may`` cover: never a choice, which a small word cannot make,
    though it may be a form of a name's word: Hungarian «a» of «A kocsmában»); None when a required token
    matches none. For a move of several parts (``split``), the required words of one part of the line are
    matched within one part of the move. An ordinal never numbers one of the ``units`` (a price in ``yuan6``: "the
    second card" is no 2 yuan)."""
    several = split is not None and len(split) > 1
    chunk = [replace(token, optional=True) if several and token.again else token for token in chunk]
    required = [token for token in chunk if not token.optional]
    if not all(_may_match(token.concepts, words) for token in required) or not _counted_whole(required, words):
        return None
    if split is not None and len(split) > 1:
        left = _assign_clauses(_clauses(required), [Counter(part) for part in split], units=units)
    else:
        left = _assign(sorted(required, key=lambda token: len(token.concepts)), Counter(words), units)
    if left is None:
        return None
    for token in chunk:
        if token.optional:
            used = next((concept for concept in sorted(token.concepts, key=lambda concept: (-left[concept], concept))
                         if left[concept] > 0 and (token.thing or may(concept))), None)  # the word most left
            # first: «γκέισα» twice is court and lady
            if used is not None:
                left[used] -= 1
    return +left


def _may_match(concepts: frozenset[str], words: Counter[str]) -> bool:
    """Whether one of a token's concepts is among the move's words at all (an ordinal: any thing of its number),
    what :func:`_assign` needs first: most legal moves share no word with a part of the line, and are let go
    before the matching tries them word by word."""
    return any(words[concept] > 0 if not concept.startswith(ORDINAL) else any(
        word.endswith(concept[len(ORDINAL) - 1:]) for word in words) for concept in concepts)


def _counted_whole(required: Sequence[Token], words: Counter[str]) -> bool:
    """Whether a name of several words that a count says several times ("two A Little More Time", "Rude Remark
    twice": the name's token and its copies, :attr:`Token.same`) is named as often by the move: one of its words
    there as many times. Else the copies would take the name's other words ("little", then "more") and the
    count would read as one card."""
    counted = {token.concepts for token in required if token.same and len(token.concepts) > 1}
    said = Counter(token.concepts for token in required if token.concepts in counted)
    return all(any(words[word] >= n for word in concepts) for concepts, n in said.items())


def _clauses(required: Sequence[Token]) -> list[list[Token]]:
    """The required tokens by the part of the line they stand in: a sentence's end parts it too, so "Palace 1:
    pyrotechnist. Palace 2: healer." never pairs the pyrotechnist with the palace of the sentence after."""
    found: dict[tuple[int, int, bool], list[Token]] = {}
    for token in required:  # a verb in a part said of each ("both starting persons") is said once, of one part
        found.setdefault((token.sentence, token.clause, token.each), []).append(token)
    return _placed_after(list(found.values()))


def _a_place_only(clause: list[Token]) -> bool:
    """Whether a part of a line says only a numbered place ("into palace 2", "in the second"): each word a number
    of a thing, or the thing such a number numbers."""
    numbered = {concept.split("=")[0].split("+")[-1] for token in clause for concept in token.concepts
                if "=" in concept}
    return bool(numbered) and all(any("=" in concept for concept in token.concepts) or token.concepts <= numbered
                                  for token in clause)


def _placed_after(clauses: list[list[Token]]) -> list[list[Token]]:
    """The parts of a line, where every other one says only a place after one that says a thing and no place, in
    one sentence ("scholar, into palace 2; craftsman, into palace 1"), each thing with the place after it: the
    place said of the thing before it, never of the next. Any other order (a place first) is left as it is."""
    if len(clauses) < 4 or len(clauses) % 2:
        return clauses
    pairs = list(zip(clauses[::2], clauses[1::2]))
    if not all(_a_place_only(place) and not _a_place_only(thing) and not any(
            "=" in concept for token in thing for concept in token.concepts)
               and thing[0].sentence == place[0].sentence and not thing[0].each and not place[0].each
               for thing, place in pairs):
        return clauses
    return [thing + place for thing, place in pairs]


def _assign_clauses(clauses: list[list[Token]], split: list[Counter[str]],
                    used: frozenset[int] = frozenset(), units: frozenset[str] = frozenset()) -> Counter[str] | None:
    """Each clause's tokens matched within one part of the move (parts are used up as they are matched); a
    clause that fits no one part may run on over the next ones, its words in order ("a warrior in palace 1 and
    a healer in palace 2": each run of its words within one part, never one part twice: ``used``)."""
    if not clauses:
        total: Counter[str] = Counter()
        for part in split:
            total += part
        return total
    first, rest = clauses[0], clauses[1:]
    if first[0].each:  # "both in palace 2": in every part
        parts = [_assign(sorted(first, key=lambda token: len(token.concepts)), Counter(part), units) for part in split]
        return None if any(part is None for part in parts) else _assign_clauses(
            rest, parts, units=units)  # type: ignore[arg-type]
    cuts = [at for at in range(1, len(first)) if first[at].run != first[at - 1].run]
    if cuts:  # "a monk and a healer in palace 1": the last run's words after its thing said of every run
        for runs in _shared_ends(first, cuts):
            done = _assign_runs(runs, rest, split, used, units)
            if done is not None:
                return done
    for cut in (len(first), *cuts):  # the whole clause in one part first; else its first runs, then on
        head, tail = first[:cut], first[cut:]
        for at, part in enumerate(split):
            if at in used:
                continue
            left = _assign(sorted(head, key=lambda token: len(token.concepts)), Counter(part), units)
            if left is None:
                continue
            moved = [*split[:at], left, *split[at + 1:]]
            done = (_assign_clauses([tail, *rest], moved, used | {at}, units) if tail
                    else _assign_clauses(rest, moved, units=units))
            if done is not None:
                return done
    return None


def _shared_ends(clause: list[Token], cuts: list[int]) -> Iterator[list[list[Token]]]:
    """A clause of several runs ("a monk and a healer in the first palace") with what its last run says after its
    first word said of every run too, the longest end first: the place after a list of things is each thing's
    place. Where a run before says its own (a monk in palace 2 and a healer in palace 1), the end fits no part with
    it, and the runs go each their own way (:func:`_assign_clauses`)."""
    bounds = [0, *cuts, len(clause)]
    runs = [clause[start:end] for start, end in zip(bounds, bounds[1:])]
    last = runs[-1]
    for start in range(1, len(last)):
        end = last[start:]
        yield [*(run + end for run in runs[:-1]), last]


def _assign_runs(runs: list[list[Token]], rest: list[list[Token]], split: list[Counter[str]], used: frozenset[int],
                 units: frozenset[str]) -> Counter[str] | None:
    """Each run matched within a part of its own (never one part twice), then the clauses after them."""
    if not runs:
        return _assign_clauses(rest, split, units=units)
    for at, part in enumerate(split):
        if at in used:
            continue
        left = _assign(sorted(runs[0], key=lambda token: len(token.concepts)), Counter(part), units)
        if left is not None:
            done = _assign_runs(runs[1:], rest, [*split[:at], left, *split[at + 1:]], used | {at}, units)
            if done is not None:
                return done
    return None


def _assign(required: Sequence[Token], left: Counter[str], units: frozenset[str] = frozenset()) -> Counter[str] | None:
    if not required:
        return left
    first, rest = required[0], required[1:]
    for matched in sorted(_matches(first.concepts, left, units), key=lambda matched: -left[matched[0]]):  # the word most
        # left first: "Tax collector" takes ``tax`` and ``collector``, not ``collector`` twice of a move that also
        # names them (``play tax collector card``), which would leave its ``tax`` unsaid
        if all(left[word] > 0 for word in matched):
            left.subtract(matched)
            done = _assign(rest, left, units)
            if done is not None:
                return done
            left.update(matched)
    return None


def _matches(concepts: frozenset[str], left: Counter[str], units: frozenset[str] = frozenset()) -> list[tuple[str, ...]]:
    """The move's words a token's concepts may match, each a tuple of the words it takes: each concept; and for
    an ordinal's ``*=n`` any numbered thing of that number the move still has, with the thing's word where the
    move has it ("the second": ``palace=2`` and ``palace``; «a 2-esbe»), else alone."""
    found = [(concept,) for concept in sorted(concepts) if not concept.startswith(ORDINAL)]
    for concept in sorted(concepts):
        if concept.startswith(ORDINAL):
            numbered = sorted(word for word, n in left.items() if n > 0 and word.endswith(concept[len(ORDINAL) - 1:])
                              and word.split("=")[0] not in units | {COUNT})  # "the third" is no count
            found += [(word, word.split("=")[0]) for word in numbered if left[word.split("=")[0]] > 0]
            found += [(word,) for word in numbered]
    return found


def _names_a_choice(chunk: Sequence[Token], move: Move, described: list[tuple[Move, Counter[str]]],
                    ordinals: bool = True) -> bool:
    """Whether the chunk says a word that tells ``move`` from another legal move of its kind (a province, a
    site, a colour), not only words every move of its kind has ("play", "card"); an ordinal tells it by its
    numbered thing ("the second card": ``up=2``), unless (``ordinals`` false) it may number a list's entry."""
    kind = [words for other, words in described if type(other) is type(move)]
    told = {word for words in kind for word in words if any(word not in others for others in kind)}
    return any(not token.optional and (token.concepts & told or ordinals and any(  # ``up=2``
        word.endswith(concept[len(ORDINAL) - 1:]) for concept in token.concepts if concept.startswith(ORDINAL)
        for word in told & set(described_words(move, described)))) for token in chunk)


def described_words(move: Move, described: list[tuple[Move, Counter[str]]]) -> Counter[str]:
    """The words ``move`` is described by among ``described``."""
    return next((words for other, words in described if other == move), Counter())


def _choice(search: _Search, word: str) -> bool:
    """Whether a word of a move's notation makes a choice (a card, a place, a colour), not only its kind (its verb,
    the notation's small words, a name's fillers)."""
    vocabulary = search.vocabulary
    if word in vocabulary.never_unsaid:
        return True
    if word in search.fillers or word in vocabulary.given_for:  # "for" joins what is given and taken, or stands
        return False  # inside a name ("Champagne for Everyone"): it tells no move from another
    return word not in vocabulary.verbs and (word not in vocabulary.others or word in vocabulary.moves)


def _a_number(token: Token) -> bool:
    """Whether a token says a count and nothing else of the game (``2``, "two"), not an ordinal ("the second",
    which names a place)."""
    if any(concept.startswith(ORDINAL) for concept in token.concepts):
        return False
    return all(concept.isdigit() or "=" in concept for concept in token.concepts) or token.written.isdigit()


def _chosen(search: _Search, chunk: Sequence[Token], fits: list[tuple[Move, Counter[str]]],
            described: list[tuple[Move, Counter[str]]]) -> list[tuple[Move, int]]:
    """The move a chunk names (:data:`NAMED`); or every move it fits, the one it names wholly though a word was
    passed over :data:`WHOLE`, the others :data:`UNNAMED` (the reader asks).

    A move is named when it is the one the chunk names wholly (every choice said, only its verb, the
    notation's small words and the words it is also named by (:attr:`_Search.aliases`) left out: "red" is
    ``play red``, not ``play red red``), or the one move the chunk fits at all, if the chunk names one of its choices ("wei 1" is ``wei: pagoda 1``, the emissary taking no
    site). A chunk of a verb alone names no move, however few are legal ("play card" is no card's play,
    whichever card is the one legal). Where a word of the line was passed over, a move is named only when the
    line fits no other: the word passed over might have been what told two apart ("the card with the
    question mark": the wild); unless the line reads as moves of several decisions one way only, each named
    wholly ("my yellow goes to Qi, site 3; then draw from the deck"), since a word passed over that told two
    moves of one decision apart would have left the rest of the line read no other way."""
    whole = [move for move, left in fits
             if not any(_choice(search, word) for word in left - search.aliases.get(search.rules.format(move), Counter()))]
    chose = any(token.chose for token in chunk)
    told = search.sure and (not chose or len({type(move) for move, _ in fits}) == 1)
    if not search.sure and all(_a_number(token) for token in chunk if not token.optional):
        return [(move, UNNAMED) for move, _ in fits]  # «χάσω τις 2 ψήφους»: the 2 may count the word passed over
    if len(whole) == 1 and (told or len(fits) == 1):
        return [(whole[0], NAMED)]
    if len(fits) == 1 and (_names_a_choice(chunk, fits[0][0], described, ordinals=not search.listed)
                           or _alone_of_its_kind(search, fits[0], described)):
        return [(fits[0][0], NAMED)]
    own = _by_its_own_name(search, chunk, fits) if search.sure and not chose and len(fits) > 1 else None
    if own is not None:
        search.owned.add(search.rules.format(own))
        return [(move, NAMED if move == own else UNSAID) for move, _ in fits]
    return [(move, UNSAID if move not in whole else WHOLE if len(whole) == 1 else UNNAMED) for move, _ in fits]


def _by_its_own_name(search: _Search, chunk: Sequence[Token], fits: list[tuple[Move, Counter[str]]]) -> Move | None:
    """The one move the chunk names by a word of its own notation ("Snub": ``place s-snub``) that every other move
    it fits is named by only as a word of a longer name (a set holding the card "Snub the Hostess"); None where
    no such move is one. A name said whole is the thing it names, never a part of another's name."""
    required = [token for token in chunk if not token.optional]

    def own(move: Move) -> set[str]:
        return {word for word in describe(search.rules.format(move)) if _choice(search, word)}

    named = [move for move, _ in fits if any(token.concepts & own(move) for token in required)]
    if len(named) != 1:
        return None
    words = own(named[0])
    for move, _ in fits:
        partial = search.partial.get(search.rules.format(move), frozenset())
        if move != named[0] and not any(token.concepts & words and not token.concepts & own(move)
                                        and token.concepts & partial for token in required):
            return None
    return named[0]


def _alone_of_its_kind(search: _Search, fit: tuple[Move, Counter[str]],
                       described: list[tuple[Move, Counter[str]]]) -> bool:
    """Whether the move of ``fit``, the one legal move of its kind, is named but for a count ("the first lady
    jumps down": the one jump legal, of one leap): every word of its notation said but its number, which
    :func:`_names_a_choice` never finds telling it from another of its kind, as there is none. A word it is
    only also named by ("gent 1 jumps": the gentleman the lady leaps over) names no choice of it."""
    move, left = fit
    if sum(type(other) is type(move) for other, _ in described) != 1:
        return False
    unsaid = left - search.aliases.get(search.rules.format(move), Counter())
    if unsaid.keys() & search.vocabulary.verbs:
        return False  # "the jumps for the lady" as Leapfrog's option: "for the lady" is no jump, its verb unsaid
    return all(word.isdigit() or "=" in word for word in unsaid if _choice(search, word))  # "lady 1": its 1 read
    # as the count, ``lady=1`` left: the lady's number, said


def readings(found: Meaning) -> Iterator[str]:
    """The candidates of an unsure reading as lines of notation, a sequence's moves joined by "; "."""
    for candidate in found.candidates:
        yield "; ".join(candidate)
