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

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Hashable, Protocol

from engine.notation import Vocabulary
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
    again: bool = False
    """Whether the word names a thing named again in a later sentence ("Scholar and tax collector. Put the scholar
    in my first palace..."): for a move of several parts (a start's persons, each with its palace) it is one
    thing said twice, its first mention optional; for any other, as many things as are said ("Draw deck. Draw
    deck." is two draws, refused where one is owed)."""
    clause: int = 0
    """Which part of the line, between commas, colons, dashes or brackets, the word stands in: the words of one
    part go with one part of a move of several (``start tax collector palace1, healer palace2``)."""
    run: int = 0
    """Which run of the line, between the language's joining words ("and", «и»), the word stands in: a part of
    the line that fits no one part of a move runs on to the next only where such a word joins two runs ("a
    warrior in palace 1 and a healer in palace 2"), never inside one ("court lady in palace 2")."""


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
    also: dict[Move, Counter[str]] = field(default_factory=dict)
    """Per move of the decision last described, the words the game says it is also named by now (``also_named``):
    those of them the notation's vocabulary calls ``described`` are other names for it, so one left unsaid
    leaves no choice of the move unsaid ("Hyde Park" without "space", a marker without its place)."""
    tried: int = 0
    counted: bool = False
    """Whether the line says a word counting what it names ("both", «оба»; :attr:`Tokens.counted`)."""
    finished: dict[tuple[str, ...], bool] = field(default_factory=dict)
    """Per reading found, whether the seat owes no decision after it."""
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
    pieces = _SPLIT.split(line)
    written, between = pieces[1::2], pieces[0::2]
    if not written or len(written) > TOKENS_READ:
        return None
    dropped = False
    each: set[int] = set()
    index = _index(words, vocabulary)
    read: list[Token] = []
    count: int | None = None
    phrase: tuple[int, frozenset[str]] = (0, frozenset())  # the words left of a phrase read whole, its thing
    clause = run = sentence = 0
    counted = frozenset(fold(word) for word in vocabulary.counted)
    for at, word in enumerate(written):
        folded = fold(word)
        if at > 0 and _SENTENCE.search(between[at]):
            sentence += 1
        typed = reading.typed.get(folded) if folded.isascii() else None  # "kai", "ne": the language's own word
        if typed is not None and (typed in reading.negations or typed in reading.blocks or typed in reading.small
                                  or not index.concepts(word, words)):
            word = folded = typed
        if at > 0 and _CLAUSE.search(between[at]):
            clause += 1
        if folded in reading.joins or (at > 0 and _JOIN.search(between[at])):
            run += 1
        if phrase[0] == 0:
            phrase = index.phrase_at(at, written)
        if phrase[0] > 0:
            phrase = (phrase[0] - 1, phrase[1])
            if folded not in reading.small:
                read.append(Token(word, phrase[1], clause=clause, run=run, sentence=sentence))
            count = None
            continue
        if folded in reading.negations or folded in reading.blocks or folded in STOPS:
            return None
        if _ending(at, written, between, reading):
            continue
        if word.isdigit():  # with an ending («a 2-esbe»: into number 2) or after "in" («στο 2») it names a
            placed = _ending(at + 1, written, between, reading) or (  # numbered thing, as an ordinal does
                at > 0 and between[at].isspace() and fold(written[at - 1]) in reading.places)
            glued = at > 0 and between[at] == "" and written[at - 1].isalpha()  # ``d4``, ``gent1``: the number
            things = {fold(written[at - 1]), *index.concepts(written[at - 1], words)} if glued else set()
            said = ({f"{thing}={int(word)}" for thing in things} if glued  # of the thing written onto it,
                    else {str(int(word))} | ({f"{ORDINAL}{int(word)}"} if placed else set()))  # never a count
            read.append(Token(word, frozenset(said), near=_neighbours(at, written, between, reading),
                              clause=clause, run=run, sentence=sentence))
            continue
        number = _number(folded, reading, words)
        concepts = index.concepts(word, words, slips=number is None)  # «δευτερο»: second, no slip of a word
        if folded in reading.nothing:  # none of the choices: a choice of its own, never passed over
            read.append(Token(word, concepts | NONE, clause=clause, run=run, sentence=sentence))
            count = None
            continue
        small = folded in reading.small or folded in reading.pronouns or folded in reading.done
        if _listed(folded, reading.each, words):  # "both", «оба»: what the part says goes with each part of a
            each.add(clause)  # move of several; of a move of one ("each of my two palaces") it says what the
            dropped = True  # reader does not read, so it tells no two moves apart
            count = None
            continue
        if _listed(folded, reading.choosing, words):  # "take", «беру»: I choose, whatever the move's verb
            read.append(Token(word, concepts, optional=True, chose=True, clause=clause, run=run, sentence=sentence))
            count = None
            continue
        if number is not None and (concepts <= vocabulary.others - vocabulary.moves or folded in reading.numbers):
            count = number  # "first" is 1 where the notation reads it only as a word that makes no move; a
            # number word the language lists is one where the notation reads it only inside a name ("two" of
            # ``two-faced``: the reading's numbers keep those only)
            ordinal = _ordinal(folded, reading, words)
            said = {str(number)} | ({f"{ORDINAL}{ordinal}"} if ordinal is not None else set())
            counts = at > 0 and between[at].isspace() and bool(index.concepts(written[at - 1], words) & counted)
            read.append(Token(word, concepts | said, optional=small and not counts,  # "palace one": a number
                              near=_neighbours(at, written, between, reading), clause=clause, run=run,
                              sentence=sentence))
            continue
        if concepts:
            if count is not None and lexicon is not None and concepts & lexicon.repeated and read:
                read.pop()  # "two reds": the count stands for as many of the thing
                read += [Token(word, concepts, clause=clause, run=run, sentence=sentence)] * count
            else:
                read.append(Token(word, concepts, optional=small or concepts <= vocabulary.others - vocabulary.moves,
                                  clause=clause, run=run, sentence=sentence))
                if concepts in index.things:  # «γκέισα» says both words of ``court lady``: the other one read
                    read += [Token(word, concepts, optional=True, clause=clause, run=run, sentence=sentence)] * (len(concepts) - 1)  # too
        elif folded in reading.done and at == len(written) - 1 and DONE & vocabulary.moves:
            read.append(Token(word, DONE & vocabulary.moves, optional=True, clause=clause, run=run,
                              sentence=sentence))  # «…. Всё.»: the game's move of ending, where it is one
        elif not small:
            if not words.known(word) or _a_name(at, written, between):
                return None
            dropped = True
        count = None
    saying_none = [token for token in read if not token.optional and token.concepts & NONE]
    if len(saying_none) > 1:  # "nothing this round, pass": the one choice said twice, its nothing words optional
        read = [replace(token, optional=True) if token.concepts >= NONE else token for token in read]
    read = [replace(token, each=True) if token.clause in each else token for token in read]
    repeated = lexicon.repeated if lexicon is not None else frozenset()
    read = [replace(token, again=True) if not token.concepts & repeated and any(  # "Healer and monk. Healer in
        later.sentence > token.sentence and later.concepts == token.concepts and not later.optional  # palace 1":
        for later in read[at + 1:]) else token for at, token in enumerate(read)]  # one healer, said twice
    return Tokens(tuple(_paired(read)), dropped, bool(each))


_CLAUSE = re.compile(r"[,;:]")
"""What ends a part of a line: a comma, semicolon or colon. A dash, an arrow or brackets pair what they stand
between within one part ("tax collector — palace 2, warrior — palace 1", «пиротехник (дворец 1)»)."""

_JOIN = re.compile(r"[+&]")
"""What joins two things written in a row as "and" does ("monk + scholar", "monk & scholar")."""

_SENTENCE = re.compile(r"[.!?]\s")
"""What ends a sentence: a full stop, or a question or exclamation mark, and a space ("1.palace" is no end)."""

_QUOTES = "\"'«»“”„‘’"
_SENTENCE_END = ".!?:;\n"


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
"""What a done word closing a line («всё», "finished") stands for in a game whose notation has a move of ending its
turn (Prodigals' ``done``): read so where the line can end with it (:func:`_closing`)."""

_LINKING = frozenset({"the", "a", "an", "at", "of", "for", "to", "in", "on", "and", "with", "from"})
"""The English notation's articles and prepositions inside its names (``insult-the-vicar``): a word of another
language's form of the name stands for the name's other words, never for these, which other names share."""

STOPS = frozenset({"not", "or", "if"})
"""English words that stop a reading by meaning in every language (a reply half in English)."""


def _neighbours(at: int, written: list[str], between: list[str], reading: Reading) -> tuple[str, ...]:
    """The words a number stands next to with only spaces between (``palace 2``, «2 дворец»), folded: the
    thing it may number. Across a comma or a dash it numbers nothing ("new palace, 2 floors"); the number's
    own ending is passed («a 2-es palotába»)."""
    found = []
    if at > 0 and between[at].isspace():
        found.append(written[at - 1])
    after = at + 2 if _ending(at + 1, written, between, reading) else at + 1
    if after < len(written) and between[after].isspace():
        found.append(written[after])
    return tuple(found)


def _ending(at: int, written: list[str], between: list[str], reading: Reading) -> bool:
    """Whether word ``at`` is the ending of the number before it, after a hyphen («2-es», «1-esbe», «3-ra»): one
    of the language's number endings, or two of them in a row."""
    if at == 0 or at >= len(written) or not written[at - 1].isdigit() or between[at] != "-":
        return False
    folded = fold(written[at])
    return folded in reading.number_suffixes or any(
        folded[:cut] in reading.number_suffixes and folded[cut:] in reading.number_suffixes
        for cut in range(1, len(folded)))


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


def _ordinal(folded: str, reading: Reading, words: Words) -> int | None:
    """The number an ordinal word says («вторую», "second", «δευτερο», «másodikba»), by the language's keys."""
    if folded in reading.ordinals:
        return reading.ordinals[folded]
    keys = words.keys(folded)
    return next((n for said, n in reading.ordinals.items() if len(said) >= 4 and keys & words.keys(said)), None)


def _number(folded: str, reading: Reading, words: Words) -> int | None:
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
        self.moves = frozenset(fold(word) for word in vocabulary.moves)
        pairs: list[tuple[str, str]] = []
        for entry in (lexicon.entries if lexicon is not None else ()):
            notation = frozenset(fold(word) for word in TOKEN.findall(entry.english))
            for form in entry.forms:  # a word of the form that is a word of the notation stands for itself alone
                pairs += [(word, concept) for word in TOKEN.findall(form)  # a word never stands for a letter
                          for concept in ({fold(word)} if fold(word) in notation else notation)  # («t-lépések»:
                          if (len(concept) > 1 or len(word) == 1)  # «lépések» is moves, not the s of s-moves;
                          and (concept not in _LINKING or fold(word) == concept)]  # «викария», not its "the")
                phrase = tuple(fold(word) for word in TOKEN.findall(form))
                if len(phrase) > 1:
                    self.phrases[phrase] = self.phrases.get(phrase, frozenset()) | notation
                elif len(notation) > 1:
                    self.things.add(notation)
        pairs += [(word, fold(word)) for word in vocabulary.words]
        same = dict(vocabulary.same)
        pairs = [(word, same.get(concept, concept)) for word, concept in pairs]
        for word, concept in pairs:
            self.learn(word, concept, words)

    def learn(self, word: str, concept: str, words: Words) -> None:
        if word.isdigit():
            return
        for key in words.keys(word):
            self.by_key.setdefault(key, set()).add(concept)
        self.forms.setdefault(fold(word), set()).add(concept)

    def phrase_at(self, at: int, written: list[str]) -> tuple[int, frozenset[str]]:
        """The longest phrase of the game starting at word ``at``: its length and its thing's notation words."""
        for length in range(min(4, len(written) - at), 1, -1):
            found = self.phrases.get(tuple(fold(word) for word in written[at:at + length]))
            if found is not None:
                return length, found
        return 0, frozenset()

    def concepts(self, word: str, words: Words, slips: bool = True) -> frozenset[str]:
        """The notation words ``word`` stands for: by its keys; or as a form with one of the language's endings
        («Suba»: Shu with "into"); or (``slips``) as a slip of one form.

        A word spelled as a form of a thing that makes a move is that thing, not also the thing of a form its
        stem cut short spells: Hungarian «Csin» is Ch'in, though it stems to «csi», Qi's form."""
        keys = words.keys(word)
        folded = fold(word)
        own = self.forms.get(folded, set())
        cut = own and own <= self.moves
        found: set[str] = set(own)
        for key in keys:
            if not (cut and folded.startswith(key)):
                found |= self.by_key.get(key, set())
        if found or not slips or words.known(word, listed=True):  # a word of the language is never a slip
            return frozenset(found)
        ending = self.ending(fold(word), words)
        if ending:
            return ending
        return frozenset(words.near(word, self.forms))

    def ending(self, folded: str, words: Words) -> frozenset[str]:
        """The thing of the form a word no dictionary knows is, with one of the language's endings after it."""
        lexicon: Lexicon | None = getattr(words, "lexicon", None)
        endings = lexicon.reading.endings if lexicon is not None else frozenset()
        return frozenset(concept for end in map(fold, endings) if folded.endswith(end) and len(folded) - len(end) >= 2
                         for concept in self.forms.get(folded[:-len(end)], ()))


_INDEXES: dict[tuple[str, int, int], tuple[object, Vocabulary, _Index]] = {}
"""The index of each game's lexicon in each language, made once: a table's words are copies sharing their game's
lexicon."""


def _index(words: Words, vocabulary: Vocabulary) -> _Index:
    lexicon = getattr(words, "lexicon", None)
    key = (words.language, id(lexicon), id(vocabulary))
    kept = _INDEXES.get(key)
    if kept is None or kept[0] is not lexicon or kept[1] is not vocabulary:
        kept = _INDEXES[key] = (lexicon, vocabulary, _Index(words, vocabulary))
    return kept[2]


_NUMBERED = re.compile(r"([^\W\d_]+)(\d+)")
"""A notation word with its number joined on (``palace1``, ``gent2``, ``up2``): a numbered thing."""


def parts(notation: str) -> list[Counter[str]]:
    """A move's words by the parts its notation separates with commas (``start tax collector palace1, healer
    palace2``: each person with its palace)."""
    return [describe(part) for part in notation.split(",")]


def describe(notation: str) -> Counter[str]:
    """A move's words: its notation's tokens, folded, a numbered thing as its word and ``word=n`` (``recruit old
    monk palace1`` -> recruit, old, monk, palace, palace=1); a word and the number after it are a numbered thing
    too (``wei: pagoda 2``: pagoda=2, "the second site")."""
    words: Counter[str] = Counter()
    before = ""
    for piece in notation.split():
        for thing, digits in _NUMBERED.findall(piece):
            words[f"{fold(thing)}={int(digits)}"] += 1
        for token in TOKEN.findall(_NUMBERED.sub(r"\1", piece)):
            words[fold(token) if not token.isdigit() else str(int(token))] += 1
        if piece.isdigit() and before.isalpha():
            words[f"{fold(before)}={int(piece)}"] += 1
        before = piece
    return words


def meaning(rules: MeaningRules, line: str, state: State, seat: int, words: Words,
            vocabulary: Vocabulary) -> Meaning | None:
    """What ``line`` means among the seat's legal moves, from ``state`` on; None when it cannot be read by
    meaning at all (a negation, no word of the game, a line too long). ``vocabulary`` is the notation's."""
    found = tokens(line, words, vocabulary)
    if found is None or not found.read or all(token.optional for token in found.read):
        return None
    read = found.read
    search = _Search(rules, seat, vocabulary, sure=not found.dropped, counted=found.counted)
    closing = _closing(read, words, vocabulary)
    if closing is not None:  # "…, lady down. Finished.": the game's own move of ending, where it can be played
        _parse(search, rules.clone(state), closing, ())
        if not search.found:
            search = _Search(rules, seat, vocabulary, sure=not found.dropped, counted=found.counted,
                             tried=search.tried)
    if not search.found:
        _parse(search, rules.clone(state), tuple(read), ())
    chosen = _playable(search)
    if chosen is not None:
        return Meaning(moves=search.found[chosen])
    if search.found:
        return Meaning(candidates=tuple(search.found))
    for at, token in enumerate(read):  # one word left over: the moves it would be, asked about
        if token.optional:
            continue
        rest = (*read[:at], *read[at + 1:])
        if not rest or all(other.optional for other in rest):
            continue
        if search.tried >= STATES_TRIED:
            break  # the line's budget is spent: a hostile line costs no more than one reading
        search = _Search(rules, seat, vocabulary, sure=False, tried=search.tried)
        _parse(search, rules.clone(state), rest, ())
        if search.found:
            return Meaning(candidates=tuple(search.found), left_over=token.written)
    return Meaning()


def _closing(read: Sequence[Token], words: Words, vocabulary: Vocabulary) -> tuple[Token, ...] | None:
    """The tokens with the line's closing done word required, where it is one of the game's moves too
    ("Finished." where Prodigals' ``done`` ends the turn); None when the line closes otherwise. A done word is one
    of the language's small words, which may stand for nothing: read so only where it cannot be the move."""
    reading: Reading = getattr(getattr(words, "lexicon", None), "reading", None) or Reading()
    last = read[-1] if read else None
    if last is None or not last.optional or fold(last.written) not in reading.done or not last.concepts & vocabulary.moves:
        return None
    return (*read[:-1], replace(last, optional=False, concepts=last.concepts | (DONE & vocabulary.moves)))


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
    if chosen is not None:
        return chosen if names(chosen) else None
    named = [reading for reading in search.found if names(reading)]
    if (len(named) == 1 and (search.finished[named[0]] or not search.counted)
            and all(search.named[reading] == UNSAID for reading in search.found if reading != named[0])):
        return named[0]
    return None


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
           named: int = NAMED) -> None:
    """Every way the tokens ``rest`` read as moves from ``state`` on, each chunk one decision's move, into
    ``search.found``."""
    if len(search.found) >= PARSES_KEPT or search.tried >= STATES_TRIED:
        return
    search.tried += 1
    if all(token.optional for token in rest):
        if played:
            key = tuple(notation for notation, _ in played)
            search.found.setdefault(key, tuple(move for _, move in played))
            search.named[key] = max(search.named.get(key, UNSAID), named)
            search.finished[key] = search.seat not in search.rules.to_act(state)
        if not rest:
            return
    if search.seat not in search.rules.to_act(state):
        return
    legal = search.rules.legal(state, search.seat)
    described = [(move, _described(search, state, move)) for move in legal]
    also = {move: search.also[move] for move in legal}  # this decision's: deeper ones overwrite search.also
    for end in range(len(rest), 0, -1):
        chunk, after = rest[:end], rest[end:]
        if all(token.optional for token in chunk):
            continue
        fits = [(move, uncovered) for move, words in described
                if (uncovered := _fit(chunk, words, search.split.get(search.rules.format(move)))) is not None]
        for move, names in _chosen(search, chunk, fits, described, also):
            try:
                following = search.rules.apply(search.rules.clone(state), search.seat, move)
            except ValueError:
                continue
            _parse(search, following, after, (*played, (search.rules.format(move), move)), min(named, names))


def _described(search: _Search, state: State, move: Move) -> Counter[str]:
    """A move's words: its notation's, and those the game says it is also named by now (China's display card by
    its place, ``up2``: "the second face-up card")."""
    notation = search.rules.format(move)
    also = search.rules.also_named(state, search.seat, move)
    said = f"{notation} {also}".strip()
    search.also[move] = describe(also) if also else Counter()
    found = search.descriptions.get(said)
    if found is None:
        found = search.descriptions[said] = describe(said)
        search.split[notation] = parts(notation)
    return found


def _fit(chunk: Sequence[Token], words: Counter[str], split: list[Counter[str]] | None = None) -> Counter[str] | None:
    """The move's words left uncovered once every required token of ``chunk`` is matched to one of them (an
    optional token where it can be); None when a required token matches none. For a move of several parts
    (``split``), the required words of one part of the line are matched within one part of the move."""
    several = split is not None and len(split) > 1
    chunk = [replace(token, optional=True) if several and token.again else token for token in chunk]
    required = [token for token in chunk if not token.optional]
    if split is not None and len(split) > 1:
        left = _assign_clauses(_clauses(required), [Counter(part) for part in split])
    else:
        left = _assign(sorted(required, key=lambda token: len(token.concepts)), Counter(words))
    if left is None:
        return None
    for token in chunk:
        if token.optional:
            used = next((concept for concept in token.concepts if left[concept] > 0), None)
            if used is not None:
                left[used] -= 1
    return +left


def _clauses(required: Sequence[Token]) -> list[list[Token]]:
    found: dict[int, list[Token]] = {}
    for token in required:
        found.setdefault(token.clause, []).append(token)
    return list(found.values())


def _assign_clauses(clauses: list[list[Token]], split: list[Counter[str]],
                    used: frozenset[int] = frozenset()) -> Counter[str] | None:
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
        parts = [_assign(sorted(first, key=lambda token: len(token.concepts)), Counter(part)) for part in split]
        return None if any(part is None for part in parts) else _assign_clauses(rest, parts)  # type: ignore[arg-type]
    cuts = [at for at in range(1, len(first)) if first[at].run != first[at - 1].run]
    for cut in (len(first), *cuts):  # the whole clause in one part first; else its first runs, then on
        head, tail = first[:cut], first[cut:]
        for at, part in enumerate(split):
            if at in used:
                continue
            left = _assign(sorted(head, key=lambda token: len(token.concepts)), Counter(part))
            if left is None:
                continue
            moved = [*split[:at], left, *split[at + 1:]]
            done = (_assign_clauses([tail, *rest], moved, used | {at}) if tail
                    else _assign_clauses(rest, moved))
            if done is not None:
                return done
    return None


def _assign(required: Sequence[Token], left: Counter[str]) -> Counter[str] | None:
    if not required:
        return left
    first, rest = required[0], required[1:]
    for matched in _matches(first.concepts, left):
        if all(left[word] > 0 for word in matched):
            left.subtract(matched)
            done = _assign(rest, left)
            if done is not None:
                return done
            left.update(matched)
    return None


def _matches(concepts: frozenset[str], left: Counter[str]) -> list[tuple[str, ...]]:
    """The move's words a token's concepts may match, each a tuple of the words it takes: each concept; and for
    an ordinal's ``*=n`` any numbered thing of that number the move still has, with the thing's word where the
    move has it ("the second": ``palace=2`` and ``palace``; «a 2-esbe»), else alone."""
    found = [(concept,) for concept in sorted(concepts) if not concept.startswith(ORDINAL)]
    for concept in sorted(concepts):
        if concept.startswith(ORDINAL):
            numbered = sorted(word for word, n in left.items() if n > 0 and word.endswith(concept[len(ORDINAL) - 1:]))
            found += [(word, word.split("=")[0]) for word in numbered if left[word.split("=")[0]] > 0]
            found += [(word,) for word in numbered]
    return found


def _names_a_choice(chunk: Sequence[Token], move: Move, described: list[tuple[Move, Counter[str]]]) -> bool:
    """Whether the chunk says a word that tells ``move`` from another legal move of its kind (a province, a
    site, a colour), not only words every move of its kind has ("play", "card")."""
    kind = [words for other, words in described if type(other) is type(move)]
    told = {word for words in kind for word in words if any(word not in others for others in kind)}
    return any(not token.optional and token.concepts & told for token in chunk)


def _chosen(search: _Search, chunk: Sequence[Token], fits: list[tuple[Move, Counter[str]]],
            described: list[tuple[Move, Counter[str]]],
            also: dict[Move, Counter[str]] | None = None) -> list[tuple[Move, int]]:
    """The move a chunk names (:data:`NAMED`); or every move it fits, the one it names wholly though a word was
    passed over :data:`WHOLE`, the others :data:`UNNAMED` (the reader asks).

    A move is named when it is the one the chunk names wholly (every choice said, only its verb, the
    notation's small words and the words it is also named by (``also``, :attr:`Vocabulary.described`) left out: "red" is ``play red``, not
    ``play red red``), or the one move the chunk
    fits at all, if the chunk names one of its choices ("wei 1" is ``wei: pagoda 1``, the emissary taking no
    site). A chunk of a verb alone names no move, however few are legal ("play card" is no card's play,
    whichever card is the one legal). Where a word of the line was passed over, a move is named only when the
    line fits no other: the word passed over might have been what told two apart ("the card with the
    question mark": the wild); unless the line reads as moves of several decisions one way only, each named
    wholly ("my yellow goes to Qi, site 3; then draw from the deck"), since a word passed over that told two
    moves of one decision apart would have left the rest of the line read no other way."""
    vocabulary = search.vocabulary

    def choice(word: str) -> bool:
        if word in vocabulary.never_unsaid:
            return True
        return word not in vocabulary.verbs and (word not in vocabulary.others or word in vocabulary.moves)

    def unsaid(move: Move, left: Counter[str]) -> bool:  # a choice of the notation's own left unsaid; a word the
        other = (also or {}).get(move, Counter())  # move is also named by is another name for it, never owed
        return any(choice(word) and left[word] > (other[word] if word in vocabulary.described else 0)
                   for word in +left)

    whole = [move for move, left in fits if not unsaid(move, left)]
    chose = any(token.chose for token in chunk)
    told = search.sure and (not chose or len({type(move) for move, _ in fits}) == 1)
    if len(whole) == 1 and (told or len(fits) == 1):
        return [(whole[0], NAMED)]
    if len(fits) == 1 and _names_a_choice(chunk, fits[0][0], described):
        return [(fits[0][0], NAMED)]
    return [(move, UNSAID if move not in whole else WHOLE if len(whole) == 1 else UNNAMED) for move, _ in fits]


def readings(found: Meaning) -> Iterator[str]:
    """The candidates of an unsure reading as lines of notation, a sequence's moves joined by "; "."""
    for candidate in found.candidates:
        yield "; ".join(candidate)
