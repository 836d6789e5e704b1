"""The words an engine gives a player: message ids with arguments, said in the reader's language by the shell.

The engines stay pure and know no catalog. A text a player reads is built as
a :class:`Text`: the English sentence as its message id (with ``%(name)s``
placeholders, as gettext writes them), its arguments, and, for a count, the
plural form. ``str(text)`` is the English sentence, so a log line or the
organiser's command line needs nothing more. A function that composes a
whole page (a game's ``render``) is handed a :class:`Words`, the reader's
language as an object: the shell's implementation (``pbem/language/words.py``) looks
each message id up in the game's catalog. There is no global locale state,
so two mails in two languages can be written at once.

Move notation is the other half. The notation is written and read in English
by the engines; a :class:`Lexicon` carries a language's words for the
notation's words (``recruit`` is ``στρατολόγησε`` in Greek), so the shell can
show every legal move in the reader's words and turn a reply written in them
(or in English, or in both) back into the notation the engine reads. Case,
accents, Greek final sigma and Russian ё do not matter to that reading.

The message ids are marked with :func:`T`, :func:`TN` and :func:`TC` so that
``python -m pbem.language.catalogs`` (Babel's extractor) finds them in the source.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any, Protocol


class Notation(str):
    """An argument that is move notation: the shell writes it in the reader's move words."""


@dataclass(frozen=True)
class Text:
    """One sentence a player reads: a message id, its arguments, and the plural form when a count decides."""

    msgid: str
    args: tuple[tuple[str, Any], ...] = ()
    plural: str = ""
    n: int | None = None
    context: str = ""

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.args)

    def __str__(self) -> str:
        return ENGLISH.say(self)

    def __contains__(self, words: str) -> bool:
        """Whether the English sentence holds ``words``: a check reads a text as the organiser would."""
        return words in str(self)


Said = Text | str
"""What an engine gives where a player reads it: a :class:`Text`, or a str that is already final (a name, a number)."""


def T(msgid: str, **args: Any) -> Text:
    """A sentence with its arguments."""
    return Text(msgid, tuple(args.items()))


def TN(singular: str, plural: str, n: int, **args: Any) -> Text:
    """A sentence whose form follows the count ``n`` (given to it as ``%(n)s`` too); Russian has three forms."""
    return Text(singular, tuple({"n": n, **args}.items()), plural=plural, n=n)


def TC(context: str, msgid: str, **args: Any) -> Text:
    """A word or sentence whose translation depends on where it stands (``"move"``: a word of the notation)."""
    return Text(msgid, tuple(args.items()), context=context)


class Words(Protocol):
    """A reader's language, as the engines use it: say a text, show notation, read a reply line."""

    language: str

    def say(self, text: Said) -> str:
        """``text`` in the reader's language (a str is returned as it is)."""
        ...

    def move(self, notation: str) -> str:
        """Move notation written in the reader's move words."""
        ...

    def english(self, line: str) -> str:
        """A reply line with the reader's move words turned into the notation's own (English) words."""
        ...

    def keys(self, word: str) -> frozenset[str]:
        """What a word is matched by when a reply is read by meaning (:mod:`engine.meaning`): its folded form
        and its stems or lemmas in the reader's language, so «красную» and «красная» share one."""
        ...

    def known(self, word: str, listed: bool = False) -> bool:
        """Whether ``word`` is a word of the reader's language (its dictionary knows it, or knows the lemma it is
        an inflected form of): only such a word, when it names nothing of the game, is passed over by a reading
        by meaning. ``listed``: only as the dictionary lists it, which is never taken for a slip (an inflected
        form found only by its lemma may be: «udvarhögy» is a slip of «udvarhölgy», not a form of «udvar»)."""
        ...

    def near(self, word: str, forms: Mapping[str, Set[str]]) -> set[str]:
        """The notation words of the one form in ``forms`` (folded form -> notation words) a word no key
        matched is a slip of: a typo, or the form typed in Latin letters; none when no form, or more than one
        meaning, is that close."""
        ...


ANO_TELEIA = ("\u00b7", "\u0387")
"""The Greek semicolon (ano teleia), as keyboards write it (U+00B7) and as its own code point (U+0387)."""


def separator(reader: object) -> str:
    """What joins a reader's items on one line: "; ", but "· " in Greek, where an ASCII ";" reads as a question mark.

    ``reader`` is a :class:`Words` or a language code (``"el"``)."""
    language = reader if isinstance(reader, str) else getattr(reader, "language", None)
    return ANO_TELEIA[0] + " " if language == "el" else "; "


def format_text(pattern: str, values: Mapping[str, Any]) -> str:
    """``pattern`` with its ``%(name)s`` placeholders filled; a pattern without placeholders is returned whole."""
    return pattern % values if "%" in pattern else pattern


def seat_name(words: object, seat: int) -> str:
    """The name of the seat's player when the shell passed the table's names with the words (``Words.names``,
    data like the language), else ""."""
    names: Sequence[str] = getattr(words, "names", ())
    return names[seat] if 0 <= seat < len(names) else ""


def seat_tag(words: object, seat: int) -> str:
    """A seat as a board or picture names it: its number, and its player's name in brackets when known:
    ``2 (Bob)``."""
    name = seat_name(words, seat)
    return f"{seat + 1} ({name})" if name else str(seat + 1)


def seat_label(words: Words, seat: int) -> str:
    """A seat as a board's prose names it, in the reader's words: ``seat 2 (Bob)``, «Bob (2. ülőhely)»; the
    same sentences the mails' own lines name a seat with, so a board and its mail read alike."""
    name = seat_name(words, seat)
    said = T("seat %(seat)s (%(name)s)", seat=seat + 1, name=name) if name else T("seat %(seat)s", seat=seat + 1)
    return words.say(said)


class English:
    """The source language: a text is its own message id; the notation is already English.

    ``names``: the players' names by seat, for the boards and pictures (:func:`seat_tag`); the shell passes
    a table's names with a reader's words, an engine alone has none."""

    language = "en"
    names: tuple[str, ...] = ()

    def say(self, text: Said) -> str:
        if not isinstance(text, Text):
            return str(text)
        return format_text(self.pattern(text), {name: self.argument(value) for name, value in text.args})

    def pattern(self, text: Text) -> str:
        """The sentence ``text`` stands for, placeholders unfilled: here its own message id (or plural)."""
        return text.plural if text.plural and text.n != 1 else text.msgid

    def argument(self, value: Any) -> Any:
        """An argument as it goes into its sentence: texts said, notation shown, lists joined with commas."""
        if isinstance(value, Text):
            return self.say(value)
        if isinstance(value, Notation):
            return self.move(value)
        if isinstance(value, (list, tuple)):
            return ", ".join(str(self.argument(item)) for item in value)
        return value

    def move(self, notation: str) -> str:
        return notation

    def english(self, line: str) -> str:
        return line

    def keys(self, word: str) -> frozenset[str]:
        """The folded word alone: an engine by itself has no stemmer (the shell's words have one)."""
        return frozenset({fold(word)})

    def known(self, word: str, listed: bool = False) -> bool:
        """No word: an engine by itself has no dictionary, so it passes nothing over."""
        return False

    def near(self, word: str, forms: Mapping[str, Set[str]]) -> set[str]:
        return set()


ENGLISH = English()
"""The words every engine function takes by default."""


# --------------------------------------------------------------------------- move words

_WORD = re.compile(r"([^\W\d_]+)", re.UNICODE)
"""A run of letters: one word of the notation (digits, signs and spaces are kept as they are)."""


_ALTERNATIVES = re.compile(r"(\s*,?\s*\belse\b\s*)")
"""What stands between a line's alternatives as read (``tax, else pass``), kept by a split."""

_NUMBER_HYPHEN = re.compile(r"\d-$")
"""What stands before a number's suffix («3-ra», «e1-et»)."""

_TRAILING = re.compile(r"[\s,;:.!]+$")
"""What a line's last word read past leaves behind it."""

_PART_END = re.compile(r"[;:\u00b7\u0387]")
"""What ends a part of a line no verb before it governs (``play red; wei: pagoda 1``; the Greek «·» is a ";")."""


def _joins(between: str) -> bool:
    """Whether what stands between two words keeps them one phrase: ``court lady``, ``court_lady``,
    ``at-the-pub``."""
    return between in ("_", "-") or (between != "" and between.isspace())


_APOSTROPHES = "'\u2019\u02bc"
"""An apostrophe inside a word, as written or as a normalised line keeps it (``engine.notation.APOSTROPHE``)."""


def fold(word: str) -> str:
    """A word as a reply is matched: no case, no accents (Greek tonos, Hungarian ő, Russian ё), no final sigma,
    no apostrophe ("gentlemen's walkout" reads as the notation's ``gentlemens-walkout``)."""
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and ch not in _APOSTROPHES)


@dataclass(frozen=True)
class LexiconEntry:
    """One word or phrase of the notation and how a language writes it: the first form is shown, all are read.

    ``governed``: one of the forms, shown where the word is a verb's object (Russian «сыграть красную», not
    «сыграть красная»); empty where the language writes it as the first form there too."""

    english: str
    forms: tuple[str, ...]
    governed: str = ""


LINES_SHOWN_KEPT = 20_000
"""Notations a :class:`Lexicon` keeps shown, a few MB at most: a game's legal moves are a few thousand
notations, so a server's lexicons stop growing early; past this they start again empty."""


class Lexicon:
    """A language's words for one game's notation, in both directions, phrase by phrase (longest first).

    ``verbs`` are the notation's verbs and ``after_a_verb`` the language's words that follow a verb in
    everyday writing (``le``, ``на``, ``κανένα``): right after a verb written in the language such a word is
    read as the player's own, never as the move word it also spells («tedd le» is not "place down"); a
    phrase of the verb and that word that is itself a form («tedd le»: place) is still read as one. After
    an English verb (``order fel úr1``, a line half in English) the word is read as usual.
    """

    def __init__(self, entries: Iterable[LexiconEntry], verbs: Iterable[str] = (),
                 after_a_verb: Iterable[str] = (), reading: Reading | None = None,
                 moves: Iterable[str] = (), counted: Iterable[str] = (), repeated: Iterable[str] = (),
                 fillers: Iterable[str] = ()) -> None:
        self.entries = tuple(entries)
        self.fillers = frozenset(fold(word) for word in fillers)
        """The notation's words found only inside its names of several words, in more than one (``the``, ``at``
        of ``at-the-pub`` and ``cheat-at-whist``): read by meaning, a form of one name never stands for them
        alone (else «в пабе» would match the ``the`` of ``insult-the-vicar``), and a move leaves them unsaid
        without leaving a choice unsaid."""
        self.verbs = frozenset(verbs)
        self.moves, self.counted, self.repeated = frozenset(moves), frozenset(counted), frozenset(repeated)
        """The notation's words that name a move, those a number goes with, and those a count stands before
        (engine.notation.Vocabulary)."""
        self.after_a_verb = frozenset(fold(word) for word in after_a_verb)
        self.reading = reading or Reading()
        self._shown: dict[tuple[str, ...], str] = {}
        self._read: dict[tuple[str, ...], str] = {}
        self._governed = {_key(entry.english): entry.governed for entry in self.entries if entry.governed}
        """The form each word is shown in after a verb of its part of the line (:class:`LexiconEntry`)."""
        for entry in self.entries:
            self._shown[_key(entry.english)] = entry.forms[0]
            for form in entry.forms:
                self._read.setdefault(_key(form), entry.english)
        self._longest = max((len(key) for key in (*self._shown, *self._read)), default=1)
        self._lines_shown: dict[str, str] = {}
        """Notation already shown (:meth:`show`): a prompt lists every legal move, twice (to see whether it fits
        its line, then to show it), and the next prompt lists most of them again."""

    def __bool__(self) -> bool:
        return bool(self.entries)

    def common(self) -> frozenset[str]:
        """The language's own words a reply is read past (:class:`Reading`), folded: none may be a move form."""
        return self.reading.pass_over | frozenset(self.reading.numbers) | self.reading.done

    def clashes(self) -> list[str]:
        """Forms that read as two different notation words: each would make a reply mean the wrong move."""
        seen: dict[tuple[str, ...], str] = {}
        clashes = []
        for entry in self.entries:
            for form in entry.forms:
                key = _key(form)
                if seen.setdefault(key, entry.english) != entry.english:
                    clashes.append(f"{form!r} reads as both {seen[key]!r} and {entry.english!r}")
        return clashes

    def show(self, notation: str) -> str:
        """English notation in this language's words."""
        shown = self._lines_shown.get(notation)
        if shown is None:
            if len(self._lines_shown) >= LINES_SHOWN_KEPT:
                self._lines_shown.clear()
            shown = self._lines_shown[notation] = self._swap(notation, self._shown)
        return shown

    def english(self, line: str) -> str:
        """A line in this language's words (or English, or both) as English notation."""
        read = self._swap(line, self._read, self.after_a_verb, self.reading)
        return self._verb_first(read) if self.reading.verb_anywhere else read

    def _verb_first(self, line: str) -> str:
        """A line whose one verb stands after other words («a pirosat játszom», "the red I play") with the verb
        first, as the notation reads it, alternative by alternative («adót, különben passzolok»); a line of
        several verbs or of several parts (``wei: pagoda 1``, ``play red; …``) is left as it is."""
        if ":" in line or ";" in line:
            return line
        alternatives = _ALTERNATIVES.split(line)
        for at in range(0, len(alternatives), 2):
            tokens = alternatives[at].split(" ")
            verbs = [i for i, token in enumerate(tokens) if token.rstrip(",.!") in self.verbs]
            if len(verbs) == 1 and verbs[0] > 0:
                verb = tokens.pop(verbs[0])
                alternatives[at] = " ".join([verb.rstrip(",.!"), *tokens])
        return "".join(alternatives)

    def negates(self, line: str) -> bool:
        """Whether a line (as read) holds one of the language's negations, or English "not"."""
        return any(fold(word) in self.reading.negations or fold(word) == "not" for word in _WORD.findall(line))

    def _swap(self, text: str, table: Mapping[tuple[str, ...], str], after_a_verb: frozenset[str] = frozenset(),
              reading: Reading | None = None) -> str:
        if not table and not reading:
            return text
        pieces = _WORD.split(text)  # even indexes: what lies between words; odd: the words
        out: list[str] = [pieces[0]]
        verb_before = False
        governed = self._governed if table is self._shown else {}
        governing = False  # showing: a verb stands before, in this part of the line ("play red red", "draw up2, deck")
        kept = ""  # the last word kept, as read
        i = 1
        while i < len(pieces):
            if governing and _PART_END.search(pieces[i - 1]):
                governing = False
            for length in range(min(self._longest, (len(pieces) - i + 1) // 2), 0, -1):
                words = pieces[i:i + 2 * length:2]
                joins = pieces[i + 1:i + 2 * length - 1:2]
                key = tuple(fold(word) for word in words)
                if verb_before and length == 1 and key[0] in after_a_verb:
                    continue  # the player's own word after a verb: kept as written
                if all(_joins(join) for join in joins):
                    swapped = table.get(key)
                    if swapped is not None:
                        if governing:
                            swapped = governed.get(key, swapped)
                        governing = governing or bool(governed) and " ".join(key) in self.verbs
                        out += [swapped, pieces[i + 2 * length - 1]]
                        verb_before = swapped in self.verbs and _joins(pieces[i + 2 * length - 1])
                        kept = swapped
                        i += 2 * length
                        break
            else:  # a word of no form (English, or the player's own): what follows it is read as usual
                word = fold(pieces[i])
                own = verb_before and word in after_a_verb  # the player's own word after a verb
                following = [fold(later) for later in pieces[i + 2::2]]
                last = reading is not None and all(later in reading.pass_over for later in following)
                joined = (  # a word of an identifier: a-little-more-time, a1, p2 (but «2-es» is the number's suffix)
                    (i > 1 and pieces[i - 1] in ("-", "_")) or pieces[i + 1] in ("-", "_")
                    or pieces[i + 1][:1].isdigit() or pieces[i - 1][-1:].isdigit())
                suffixed = None if reading is None or joined else self._suffixed(word, table, reading)
                if suffixed is not None:  # «pakliért»: "for deck"
                    out += [suffixed, pieces[i + 1]]
                    verb_before, kept = False, suffixed.rsplit(" ", 1)[-1]
                    i += 2
                    continue
                after = following[0] if following else ""
                count = reading is not None and word in reading.numbers and self._count(
                    kept, self._read.get((after,), after), last, own, word in reading.pass_over)
                suffix = reading is not None and word in reading.number_suffixes and _NUMBER_HYPHEN.search(pieces[i - 1])
                said = (None if reading is None or joined else "" if suffix or own and word in reading.pass_over
                        and not count else None if own and not count else reading.said(word, count, self._named(kept)))
                if said == "":  # a word of the language passed over; what stands after it (a number, a sign) stays
                    if out[-1].endswith("-"):  # a number's suffix, «3-ra»: the number stays, the hyphen goes
                        out[-1] = out[-1][:-1]
                    first = not "".join(out).strip()  # "ok, done": no comma left at the start
                    out.append(pieces[i + 1].lstrip(",;:.! ") if first else pieces[i + 1])
                    i += 2
                    if i >= len(pieces):  # "exchange yellow for deck, thanks": no comma left at the end
                        out.append(_TRAILING.sub("", "".join(out)))
                        del out[:-1]
                    continue
                verb_before = False
                out += [said or pieces[i], pieces[i + 1]]
                kept = said or fold(pieces[i])
                i += 2
        return "".join(out).strip() if reading else "".join(out)

    def _count(self, before: str, after: str, last: bool, own: bool, article: bool) -> bool:
        """Whether a number word between the kept word ``before`` and the word ``after`` (both as read) is a
        number there: next to a word the notation counts with ("palace two", «группы один», "build one floor",
        «a kettes csoport»), but not before one where it is also an article (``article``: «ένα παλάτι» is "a
        palace"); else after any word but a verb («κάλεσε ένα» is "recruit a"), or last on the line («группа
        один»), but never right after a thing the notation names without a number ("the purple one"), nor where
        it is one of the language's words that follow a verb (``own``: «κάλεσε ένα» is "recruit a"), unless that
        verb is one the notation counts with and a word follows («строю один этаж», «χτίσε ένα όροφο»: build one
        floor; «строю один» alone stays the player's word). Right before a word a count stands before ("two
        reds", «играю две красные»), and is no article, it is a number wherever it stands."""
        if after in self.repeated and not article:
            return True
        if not before:  # first on the line: only before a word counted with ("two floors on palace 1")
            return after in self.counted and not article
        if own:
            return before in self.counted and not last
        if before in self.counted or (after in self.counted and not article):
            return True
        if self.counted and before in self.moves and before not in self.verbs:
            return False
        return before not in self.verbs or last

    def _named(self, before: str) -> bool:
        """Whether the kept word ``before`` names a thing of the notation, that a pronoun ("one") may stand for."""
        return before in self.moves and before not in self.verbs

    def _suffixed(self, word: str, table: Mapping[tuple[str, ...], str], reading: Reading) -> str | None:
        """A folded word of no form that is a form with one of the language's endings that are a notation word
        of their own (Hungarian «-ért»: "for"): «pakliért» is "for deck"; None for any other word."""
        for ending, english in reading.suffixes.items():
            stem = table.get((word[:-len(ending)],)) if word.endswith(ending) and len(word) > len(ending) else None
            if stem is not None:
                return f"{english} {stem}"
        return None


@dataclass(frozen=True)
class Reading:
    """A language's own small words in a reply, as data (``pbem/language/reading.toml``), read where no move
    form is: each is named there, never "any word", so a word not listed (a negation) still refuses a line.

    ``pass_over``: articles, prepositions, pronouns and politeness read past (``the``, «την», «пожалуйста»);
    ``numbers``: number words, read as their digit after a word that is not a verb (``palace two``; «κάλεσε ένα»
    is "recruit a") or last on the line («группа один»); ``negations``: «не», «όχι», "nem", "not": words no
    notation reads, kept as written (a line holding one is refused, naming it), and a line holding one is never
    passed over as a greeting; ``done``: words saying the reply's moves are over («готово», «kész»), read as ``end``.
    """

    pass_over: frozenset[str] = frozenset()
    numbers: Mapping[str, int] = field(default_factory=dict)
    done: frozenset[str] = frozenset()
    negations: frozenset[str] = frozenset()
    pronouns: frozenset[str] = frozenset()
    """Words standing for the thing just named ("the purple one"): passed over right after a word naming one."""
    twice: frozenset[str] = frozenset()
    """Words saying the thing just named is meant twice ("deck twice", «дважды», «kétszer»): read by meaning, as
    that thing said again, right after a thing a count stands before (:attr:`Lexicon.repeated`)."""
    suffixes: Mapping[str, str] = field(default_factory=dict)
    """Folded endings that are a notation word of their own, read as that word before the form they end (Hungarian
    «-ért», "for": «a pakliért» is "for deck")."""
    unfolded_small: frozenset[str] = frozenset()
    """Small words, case-folded with their accents kept, that fold (:func:`fold`) onto a number word (Hungarian
    «hát», well, and «őt», her: «hat», six, and «öt», five): written with their accents they choose nothing and
    are passed over, never counted; typed without them they are the number word still."""
    taken_endings: frozenset[str] = frozenset()
    """Folded endings saying the thing of a code they end («pt5-re») is what an exchange takes (Hungarian «-ra»,
    «-re»: «a d1-et a pt5-re cserélem»), as the notation's "for" before it says."""
    number_suffixes: frozenset[str] = frozenset()
    """Folded endings written after a number and a hyphen («3-ra», «2-es», «e1-et»): passed over there only, since
    alone they may be words (Hungarian «öt», five, folds to the ending «-öt»)."""
    small: frozenset[str] = frozenset()
    """The language's small words as listed (``pass_over`` before the notation's own words are taken out of it):
    read by meaning, each may stand for a word of the move ("for", «на») or for nothing."""
    nothing: frozenset[str] = frozenset()
    """Words for none of the choices («ничего», «τίποτα», "semmit"): read by meaning as a move of passing,
    stopping or choosing none, where one is legal."""
    ordinals: Mapping[str, int] = field(default_factory=dict)
    """Ordinal words («третью», "second", «második»), as the number of the option they name (read by meaning)."""
    blocks: frozenset[str] = frozenset()
    """Words that make a line a choice or a condition ("or", "if", "instead", «или», «ή», "vagy"): a line holding
    one is never read by meaning, since passing the word over could change the move."""
    conditions: frozenset[str] = frozenset()
    """The words of ``blocks`` that make a line a condition ("if", «αν», "ha", «если»): read by meaning only where
    the game names a move by the condition it answers (:data:`engine.meaning.CONDITION`: "if Dame Beatrice needs a
    marker moved up, use the lower gentleman" restates the order decision itself); a block everywhere else."""
    options: frozenset[str] = frozenset()
    """Words naming an entry of the numbered list a mail shows ("option", «вариант», «επιλογή», "lehetőség"): "option
    3", «вариант 3» is the reply "3" (``pbem.play.numbered``), where the game's notation has no such word."""
    choosing: frozenset[str] = frozenset()
    """Verbs saying only "I choose" ("take", "pick", «беру», «παίρνω», "kérem"): read by meaning, passed over
    (standing for a word of the move where one fits), and, like any word passed over, never what tells two
    moves apart."""
    endings: frozenset[str] = frozenset()
    """Case endings the language puts on a word (Hungarian «Su» -> «Suba», «kártya» -> «kártyával»), as written:
    read by meaning, a word no dictionary lists that is a move form with one of them after it is that form, and
    one that is a listed word with one or two of them after it is a word of the language."""
    latin: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The letters (or pairs) of a language written in another script that players type in Latin letters more
    than one way («ц»: "c", "ts"; «ω»: "o", "w"), to those ways."""
    typed: Mapping[str, str] = field(default_factory=dict)
    """The language's listed words as typed in Latin letters, to the words ("kai": «και», "ne": «не»): read by
    meaning as those words."""
    lengthened: Mapping[str, str] = field(default_factory=dict)
    """A stem's last vowel as an ending lengthens it, to the vowel it is without one (Hungarian «á»: «a»)."""
    places: frozenset[str] = frozenset()
    """Words putting a thing in a place ("in", «στο», «во»): read by meaning, a number right after one names the
    numbered place («τον μοναχό στο 1»: palace 1), as an ordinal does; a number alone ("healer 2") does not."""
    each: frozenset[str] = frozenset()
    """Words saying what a part of a line says goes with each thing named ("both", «оба», «κάθε», "mindkettő"):
    read by meaning, that part is matched within every part of a move of several ("both in palace 2")."""
    signoffs: frozenset[str] = frozenset()
    """Words that close a mail ("thanks", "cheers", «спасибо», "köszi"): read by meaning, a part at the end of a
    line of only these, small words and names ("… Thanks, Anna") is the mail's close, no part of its moves."""
    closing: frozenset[str] = frozenset()
    """Every "done" word of the language as listed, those the game's notation reads too ("done" in Prodigals): read
    by meaning, one that is a form of a move ("done", «τέλος», «готово») plays that move where it is legal after
    the rest of the line, and closes the line where it is not."""
    both: frozenset[str] = frozenset()
    """The words of ``each`` that count two ("both", «обе», "mindkét"): "both reds" is two reds, as "two reds" is."""
    other: frozenset[str] = frozenset()
    """Words for "the other one" ("other", «άλλο», "másik", «другой»): read by meaning as a place (after a word of
    ``places``, before a word of the game, or with an ending of ``place_endings``: "in the other one", "the other
    palace", «a másikba»), a word of the move where the game names a thing by being other than one named beside
    it (:data:`engine.meaning.OTHER`: a start's second palace), and passed over where no one move reads so."""
    place_endings: frozenset[str] = frozenset()
    empty: frozenset[str] = frozenset()
    """Words saying a place stays empty ("empty", «άδειο», "üresen", «пустой»): read by meaning, a part of a line
    naming only a numbered place and one of these ("Palace 2 stays empty for now") puts no one there; it is passed
    over, and a reading that puts anything on that place is refused."""
    times: frozenset[str] = frozenset()
    """Words naming a time by its number ("month", «μήνα», «месяц»): read by meaning, a number right after one
    ("Contagion comes in month 4") says when, never a thing a move numbers, so it is passed over."""
    """Endings putting a thing in a place (Hungarian «-ba», «-ra»: «a másikba», into the other one)."""
    because: frozenset[str] = frozenset()
    """Words opening a reason or what follows from one ("because", "so", «mert», «поэтому»): read by meaning, a
    line is cut into parts before one too, so a part that is only a move's reason is passed over whole."""
    partitive: frozenset[str] = frozenset()
    """Words choosing one of a group ("of", «из», «από»): read by meaning, a count right after one (its small
    words between) counts the group chosen from ("the first of my two palaces", «первый из двух дворцов»), so it
    chooses nothing and is passed over."""
    joins: frozenset[str] = frozenset()
    """Words joining two things said in a row ("and", «и», «και», "és"): read by meaning, a part of a line may run
    on from one part of a move to the next only where one stands ("a warrior in palace 1 and a healer in palace
    2")."""
    greetings: frozenset[str] = frozenset()
    """Words that open a mail and those it greets ("hi", "all", «привет», «всем», "sziasztok", «γεια»): a line
    before a reply's first move that starts with one and names no move once they are set aside ("Hi all," where
    "all" is a word of the game) is a greeting, passed over."""
    whole: frozenset[str] = frozenset()
    """Words saying a count is the whole of something ("all", "full": "all three moves", "the full two spaces"):
    read by meaning, right before a count they are passed over, the count saying how many."""
    addressed: frozenset[str] = frozenset()
    """Words a mail greets its readers by that may also be words of a game ("gentlemen", "ladies"): read by
    meaning, a part of only these after a line's opening greeting ("Good evening, gentlemen.") is part of that
    greeting; never alone, where "Ladies, both down." names the markers moved."""
    ordinal_dot: bool = False
    """Whether the language writes an ordinal as a number with a dot after it (Hungarian «a 2. palotába»: the
    second palace): read by meaning, such a number names the numbered thing after it, and ends no sentence."""
    compounds: Mapping[str, int] = field(default_factory=dict)
    """Folded number prefixes a count of units is written with in one word, to the count (Hungarian «két»:
    «kétszintes», Russian «двух»: «двухэтажный», Greek «δι»: «διώροφο»): read by meaning, a word of one of them
    and a form of a unit the notation counts («szintes», «этажный», «ώροφο») is that count and that unit."""
    polite: frozenset[str] = frozenset()
    """Courtesy phrases said as a condition ("if possible", «ha lehet», «αν γίνεται», «если можно»), folded, their
    words joined by a space: read by meaning, such a phrase set apart by punctuation asks nothing of the move, so it
    is passed over there; anywhere else its condition word still blocks the line."""
    firsts: frozenset[str] = frozenset()
    """Phrases saying "first of all" («в первую очередь», «первым делом»), folded: read by meaning, one said in the
    line's first part naming anything is passed over (that part is read first anyway), never read as an ordinal;
    said of a later part, it would turn the order round, so its words are read as ever."""
    again: frozenset[str] = frozenset()
    """Pronouns standing for a thing named before («её», «его»: her, him): read by meaning, where the line named one
    numbered thing before («вторую даму влево, потом её же дважды вниз»), the pronoun names it again; elsewhere it
    is a word passed over as the language's own."""
    unfolded_blocks: frozenset[str] = frozenset()
    """Words of ``blocks`` told from a small word by their accents only (Greek «ή», or: «η», the), as written, in
    small letters: a line holding one so written is never read by meaning."""
    lastly: frozenset[str] = frozenset()
    """Phrases saying "finally" whose last word is a done word («και τέλος»), folded, their words joined by a space:
    read by meaning, where more words follow in their sentence they are passed over, no end of the turn."""
    done_with: frozenset[str] = frozenset()
    """Words after a done word saying what is done with («τέλος για», «τέλος με»), folded: a ``lastly`` phrase
    before one is the end of the turn, as said."""
    together: frozenset[str] = frozenset()
    """Phrases opening with a word of ``each`` that say "with" («μαζί με», «μαζί της»: together with), folded, their
    words joined by a space: read by meaning, that word is passed over there, no "both" of what the part says."""
    purpose: frozenset[str] = frozenset()
    """Words opening a clause of purpose («για να», «ώστε να»; one word only right after a comma: «, να»), folded,
    their words joined by a space: read by meaning, where the line is read only without such a clause (up to the
    next punctuation), and what it is read as is how every reading with it begins, the clause only says why
    ("… the renaissance man, so as to have the wild symbols"), and is passed over."""
    numbering: frozenset[str] = frozenset()
    """Number words that number the thing after them («egyes palota», «a kettesbe»: palace one, into number two),
    folded: read by meaning, any other number word before a thing that is no unit counts it («в один дворец», "one
    palace": into one palace, the same one), and only a number after its thing ("palace one") or in digits
    ("1 palace") numbers it."""
    verb_anywhere: bool = False
    """Whether the language puts a move's verb anywhere in the line (Hungarian «a pirosat játszom»): a line's one
    verb is then read first."""

    def __bool__(self) -> bool:
        return bool(self.pass_over or self.numbers or self.done or self.negations)

    def said(self, word: str, count: bool, named: bool = False) -> str | None:
        """What the folded ``word`` of no move form is read as: a digit where a number word is a number
        (``count``), ``end``, "" (passed over, as a pronoun where it follows a thing ``named``), or None (the
        word itself)."""
        if word in self.numbers and count:
            return str(self.numbers[word])
        if word in self.done:
            return "end"
        if word in self.pass_over or (named and word in self.pronouns):
            return ""
        return None


def _key(phrase: str) -> tuple[str, ...]:
    return tuple(fold(word) for word in _WORD.findall(phrase))
