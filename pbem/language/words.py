"""A reader's language for the engines: their texts said from the catalogs, their notation in the reader's words.

The engines build what a player reads as :class:`engine.text.Text` message
ids with arguments, and read and write moves in English notation. This is the
one place the shell turns those into a language: :func:`words` gives the
:class:`engine.text.Words` of a game in a language, backed by the compiled
catalogs of ``pbem/language/locale`` (the game's own domain first, then pbem's
``messages``). A game's move words are entries with the context ``move``
in its catalog; a translation may give several forms separated by ``|``: the
first is the one the mails show, every one is read.
"""

from __future__ import annotations

import copy
from collections import Counter
import gettext
import tomllib
from collections.abc import Iterator, Mapping, Sequence, Set
from functools import lru_cache
from pathlib import Path
from typing import Any

import pymorphy3
import simplemma
import snowballstemmer
from anyascii import anyascii
from rapidfuzz.distance import OSA

import engine
from engine.protocol import reply_words
from engine.notation import APOSTROPHE, Vocabulary, words_of
from engine.text import TC, English, Lexicon, LexiconEntry, Reading, Text, fold, separator
from pbem.language.catalogs import LOCALE_DIR

SOURCE_LANGUAGE = "en"
"""The language the templates and the engines are written in; a language without a catalog falls back to it."""

MOVE_CONTEXT = "move"
"""The context of a game's move words in its catalog."""

TITLE_CONTEXT = "title"
"""The context of a game's title in its catalog (``TC("title", "China")``): the title its readers know."""

FORMS = "|"
"""What separates the forms of one move word in a translation (the first is shown)."""

OBJECT_CONTEXT = "move object"
"""The context of the form a move word is shown in as a verb's object (``TC("move object", "deck")``): one of
its forms, Russian «колоду» in «взять колоду»."""


def translations(language: str, domain: str = "messages", locale_dir: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The compiled catalog ``domain`` of ``language``; English, or a language with none, translates nothing."""
    mo = locale_dir / language / "LC_MESSAGES" / f"{domain}.mo"
    if language == SOURCE_LANGUAGE or not mo.is_file():
        return gettext.NullTranslations()
    with mo.open("rb") as compiled:
        return gettext.GNUTranslations(compiled)


class CatalogWords(English):
    """The :class:`engine.text.Words` of one game in one language."""

    def __init__(self, language: str, catalog: gettext.NullTranslations, lexicon: Lexicon) -> None:
        self.language, self.catalog, self.lexicon = language, catalog, lexicon

    def pattern(self, text: Text) -> str:
        catalog = self.catalog
        if text.plural:
            n = text.n if text.n is not None else 1
            return (catalog.npgettext(text.context, text.msgid, text.plural, n) if text.context
                    else catalog.ngettext(text.msgid, text.plural, n))
        return catalog.pgettext(text.context, text.msgid) if text.context else catalog.gettext(text.msgid)

    def move(self, notation: str) -> str:
        """Notation in the reader's move words; steps or moves joined with "; " (a China turn, a list of moves)
        joined with the reader's :func:`engine.text.separator`, which the games read back as ";"."""
        return self.lexicon.show(notation).replace("; ", separator(self))

    def english(self, line: str) -> str:
        return self.lexicon.english(line)

    def keys(self, word: str) -> frozenset[str]:
        return keys(self.language, word)

    def known(self, word: str, listed: bool = False) -> bool:
        return known(self.language, word, listed)

    def near(self, word: str, forms: Mapping[str, Set[str]]) -> set[str]:
        return near(self.language, word, forms)


STEMMERS = {"en": "english", "el": "greek", "hu": "hungarian", "ru": "russian"}
"""Each language's Snowball stemmer (snowballstemmer): one algorithm per language, kept by the Snowball project."""

SHORTEST_STEM = {"el": 4}
"""The shortest stem kept as a key (3 elsewhere): Greek Snowball cuts deep («δεύτερη» -> «δε»), and a short stem
would make two words of the game one."""


@lru_cache(maxsize=None)
def _stemmer(language: str) -> Any:
    return snowballstemmer.stemmer(STEMMERS[language])


@lru_cache(maxsize=None)
def _morph() -> Any:
    return pymorphy3.MorphAnalyzer()


def _lemma(language: str, word: str) -> str:
    """The dictionary form of a word: pymorphy3 for Russian (its cases and verb forms), simplemma elsewhere."""
    if language == "ru":
        return str(_morph().parse(word)[0].normal_form)
    return str(simplemma.lemmatize(word, lang=language))


@lru_cache(maxsize=1 << 16)
def keys(language: str, word: str) -> frozenset[str]:
    """A word's keys for reading by meaning (engine.meaning): folded, its lemma, and both stemmed, so the forms
    a language inflects one word into share a key («красную», «красная»; «pirosat», «piros»)."""
    lower = word.lower()
    found = {fold(word)}
    if language not in STEMMERS or not any(ch.isalpha() for ch in word):
        return frozenset(found)
    lemma = _lemma(language, lower)
    stemmer = _stemmer(language)
    shortest = SHORTEST_STEM.get(language, 3)
    found.add(fold(lemma))
    for stem in (stemmer.stemWord(lower), stemmer.stemWord(lemma.lower())):
        if len(stem) >= shortest:
            found.add(fold(stem))
    return frozenset(found)


@lru_cache(maxsize=1 << 16)
def known(language: str, word: str, listed: bool = False) -> bool:
    """Whether a word is in the language's dictionary: simplemma's word lists, and pymorphy3's for Russian; or
    (unless ``listed``) an inflected form the lists lack whose lemma they hold («kártyával»: kártya)."""
    if language not in STEMMERS:
        return False
    lower = word.lower()
    if language == "ru" and _morph().word_is_known(lower):
        return True
    if simplemma.is_known(lower, lang=language):
        return True
    if listed:
        return False
    table = reading(language)
    if any(known(language, stem, listed=True) for stem in _stems(lower, table.endings, table.lengthened)):
        return True
    return any(known(language, written, listed=True) for written in _as_written(language, lower))


UNACCENTED = {"el": {"α": "ά", "ε": "έ", "η": "ή", "ι": "ί", "ο": "ό", "υ": "ύ", "ω": "ώ"},
              "hu": {"a": "á", "e": "é", "i": "í", "o": "óöő", "u": "úüű"}}
"""The accented letters each vowel stands for in a word typed without accents (Greek «θεση» is «θέση»; Hungarian
"mezo" is «mező»): Greek puts one accent on a word, Hungarian any number."""

AS_WRITTEN_KEPT = 256
"""The most spellings :func:`_as_written` tries for one word, a bound on the work a long hostile word can cause."""


def _as_written(language: str, lower: str) -> Iterator[str]:
    """The ways a word typed without accents or in Latin letters may be written in the language's own letters
    and accents ("mesto": «место»; "thesi": «θέση»; «κλειστη»: «κλειστή»): a word of the language typed so is
    still a word of the language, passed over where it names nothing of the game."""
    native = _from_latin(language, lower) if lower.isascii() and language in LATIN_TYPED else [lower]
    accents = UNACCENTED.get(language)
    tried = 0
    for word in native:
        variants = [word]
        if accents and language == "el":
            variants += [word[:at] + accents[ch] + word[at + 1:] for at, ch in enumerate(word) if ch in accents]
        elif accents:
            for at, ch in enumerate(word):
                if ch in accents:
                    variants = [done[:at] + way + done[at + 1:] for done in variants for way in (ch, *accents[ch])]
                    variants = variants[:AS_WRITTEN_KEPT]
        for variant in variants:
            if variant != lower:
                yield variant
            tried += 1
            if tried >= AS_WRITTEN_KEPT:
                return


LONGEST_WORD = 24
"""The longest word typed in Latin letters read back into the language's letters: longer, it is no word of theirs."""

ALPHABETS = {"el": "αβγδεζηθικλμνξοπρστυφχψω", "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"}


@lru_cache(maxsize=None)
def _latin_letters(language: str) -> tuple[tuple[str, str], ...]:
    """Each letter (or pair) of the language with each Latin spelling players type it in, longest spelling first."""
    table = reading(language).latin
    pairs = {(letters, way) for letters, ways in table.items() for way in ways if way}
    pairs |= {(letter, way) for letter in ALPHABETS.get(language, "") for way in (latin(letter),) if way}
    return tuple(sorted(pairs, key=lambda pair: -len(pair[1])))


def _from_latin(language: str, lower: str) -> list[str]:
    """The ways a word typed in Latin letters may be the language's letters, at most :data:`AS_WRITTEN_KEPT`; none
    for a word longer than any the language's dictionaries hold."""
    if len(lower) > LONGEST_WORD:
        return []
    found: dict[int, list[str]] = {0: [""]}
    for at in range(len(lower)):
        for done in found.pop(at, []):
            for letters, way in _latin_letters(language):
                if lower.startswith(way, at):
                    later = found.setdefault(at + len(way), [])
                    if len(later) < AS_WRITTEN_KEPT:
                        later.append(done + letters)
    return [word.replace("σ", "ς") if word.endswith("σ") else word for word in found.get(len(lower), [])]


def _stems(lower: str, endings: frozenset[str], lengthened: Mapping[str, str], depth: int = 2) -> Iterator[str]:
    """What a word may be with one or two of the language's endings taken off («kártyával»: «kártya», its last
    vowel lengthened before the ending shortened again; «kirakottak»: «kirakott»)."""
    for ending in endings:
        if lower.endswith(ending) and len(lower) - len(ending) >= 3:
            stem = lower[:-len(ending)]
            for each in (stem, stem[:-1] + lengthened[stem[-1]]) if stem[-1] in lengthened else (stem,):
                yield each
                if depth > 1:
                    yield from _stems(each, endings, lengthened, depth - 1)


def latin(word: str) -> str:
    """A word in Latin letters (anyascii): «колоду» -> "kolodu", «παλάτι» -> "palati", as players type Greek
    and Russian on a Latin keyboard."""
    return "".join(ch for ch in anyascii(fold(word)).lower() if ch.isalpha())


SPELLINGS_KEPT = 32
"""The most Latin spellings of one word made (a long word of many letters typed several ways stops there)."""


@lru_cache(maxsize=1 << 14)
def spellings(language: str, word: str) -> frozenset[str]:
    """The ways players type a word in Latin letters: anyascii's, and each letter (or pair) the language's
    ``latin`` table spells several ways («дворец»: "dvorets", "dvorec"; «μωβ»: "mov", "mwv")."""
    return _spelled(reading(language).latin, word)


def _spelled(table: Mapping[str, Sequence[str]], word: str) -> frozenset[str]:
    folded = "".join(ch if ch in table else fold(ch) for ch in word.casefold())  # «всё»: "vsyo", a letter of
    # its own where the table spells it (fold reads it as «е»)
    found = [""]
    at = 0
    while at < len(folded):
        pair = folded[at:at + 2]
        letters = pair if len(pair) == 2 and pair in table else folded[at]
        ways = table.get(letters) or [latin(letters)]
        found = list(dict.fromkeys(done + way for done in found for way in ways))[:SPELLINGS_KEPT]
        at += len(letters)
    return frozenset(spelled for spelled in found if spelled) | {latin(word)}


LATIN_TYPED = ("el", "ru")
"""The languages written in another script, which players also type in Latin letters."""


def near(language: str, word: str, forms: Mapping[str, Set[str]]) -> set[str]:
    """The notation words of the one form a word is a slip of (engine.text.Words.near): within one edit for a
    word of up to 6 letters, two for a longer one, compared as written and in Latin letters; nothing for a
    word under 4 letters, and nothing when two forms of different meanings are as close.

    Two letters typed the other way round are one edit, not two (optimal string alignment, rapidfuzz's
    ``OSA``): the slip a fast typist makes most ("purpel", "Zaho", «δευετρο»)."""
    folded = fold(word)
    typed_latin = folded.isascii() and language in LATIN_TYPED
    if typed_latin and len(folded) >= 2:  # a form as players type it in Latin letters is that form, however short
        exact = {frozenset(concepts) for form, concepts in forms.items() if folded in spellings(language, form)}
        if len(exact) == 1:
            return set(next(iter(exact)))
    if len(folded) < 4:
        return set()
    bound = 1 if len(folded) <= 6 else 2
    best, meanings = bound + 1, set()
    for form, concepts in forms.items():
        for spelled in {form, *spellings(language, form)} if typed_latin else {form}:
            if abs(len(spelled) - len(folded)) > bound:
                continue
            distance = OSA.distance(folded, spelled, score_cutoff=bound)
            if distance > bound:  # past the cutoff rapidfuzz answers cutoff + 1: no slip of this form
                continue
            if distance < best:
                best, meanings = distance, {frozenset(concepts)}
            elif distance == best:
                meanings.add(frozenset(concepts))
    return set(next(iter(meanings))) if len(meanings) == 1 else set()


AFTER_A_VERB = Path(__file__).with_name("after_a_verb.toml")
"""Each language's words that follow a verb in everyday writing, read as the player's own there (the file says why)."""


@lru_cache(maxsize=None)
def after_a_verb(language: str) -> tuple[str, ...]:
    """The words of ``language`` that follow a verb in everyday writing (none for a language not listed)."""
    return tuple(tomllib.loads(AFTER_A_VERB.read_text(encoding="utf-8")).get(language, ()))


READING = Path(__file__).with_name("reading.toml")
"""Each language's small words a reply is read past: pass-over words, number words, "done" words (the file says how)."""


@lru_cache(maxsize=None)
def reading(language: str, notation_words: frozenset[str] = frozenset()) -> Reading:
    """``language``'s words read past the move words; a word the game's notation reads (``notation_words``,
    English) keeps its meaning there ("for" in China, "done" in Prodigals)."""
    table = tomllib.loads(READING.read_text(encoding="utf-8")).get(language, {})

    def folded(words: list[str]) -> frozenset[str]:
        return frozenset(fold(word.replace("'", APOSTROPHE)) for word in words) - notation_words

    letters = {fold(letters): tuple(ways) for letters, ways in table.get("latin", {}).items()}
    return Reading(pass_over=folded(table.get("pass_over", [])),
                   small=frozenset(fold(word.replace("'", APOSTROPHE))
                                   for word in (*table.get("pass_over", []), *table.get("around", []))),
                   nothing=folded(table.get("nothing", [])),
                   joins=frozenset(fold(word) for word in table.get("joins", [])),
                   each=frozenset(fold(word) for word in (*table.get("each", []), *table.get("both", []))),
                   both=frozenset(fold(word) for word in table.get("both", [])),
                   partitive=frozenset(fold(word) for word in table.get("partitive", [])),
                   because=frozenset(fold(word) for word in table.get("because", [])),
                   other=folded(table.get("other", [])), place_endings=folded(table.get("place_endings", [])),
                   times=frozenset(fold(word) for word in table.get("times", [])),
                   empty=frozenset(fold(word) for word in table.get("empty", [])),
                   places=frozenset(fold(word) for word in table.get("places", [])),
                   endings=frozenset(word.lower() for word in table.get("endings", [])),
                   lengthened=dict(table.get("lengthened", {})),
                   latin=letters, typed=(_typed(table, letters) if language in LATIN_TYPED
                                         else _unaccented(table) if language in UNACCENTED else {}),
                   options=folded(table.get("options", [])),
                   choosing=frozenset(fold(word.replace("'", APOSTROPHE)) for word in table.get("choosing", [])),
                   ordinals={fold(word): n for word, n in table.get("ordinals", {}).items()},
                   blocks=folded(table.get("blocks", [])), conditions=folded(table.get("conditions", [])),
                   numbers={fold(word): n for word, n in table.get("numbers", {}).items()
                            if fold(word) not in notation_words},
                   done=folded(table.get("done", [])), negations=folded(table.get("negations", [])),
                   closing=frozenset(fold(word) for word in table.get("done", [])),
                   pronouns=folded(table.get("pronouns", [])), twice=folded(table.get("twice", [])),
                   suffixes={fold(ending): english for ending, english in table.get("suffixes", {}).items()},
                   number_suffixes=folded(table.get("number_suffixes", [])),
                   taken_endings=folded(table.get("taken_endings", [])),
                   unfolded_small=frozenset(word.casefold() for word in table.get("unfolded_small", [])),
                   greetings=frozenset(fold(word) for word in table.get("greetings", [])),
                   signoffs=frozenset(fold(word) for word in table.get("signoffs", [])),
                   addressed=frozenset(fold(word) for word in table.get("addressed", [])),
                   whole=frozenset(fold(word) for word in table.get("whole", [])),
                   compounds={fold(prefix): n for prefix, n in table.get("compounds", {}).items()},
                   ordinal_dot=table.get("ordinal_dot", False),
                   polite=frozenset(" ".join(fold(word) for word in phrase.split()) for phrase in table.get("polite", [])),
                   firsts=frozenset(" ".join(fold(word) for word in phrase.split()) for phrase in table.get("firsts", [])),
                   again=frozenset(fold(word) for word in table.get("again", [])),
                   lastly=frozenset(" ".join(fold(word) for word in phrase.split())
                                    for phrase in table.get("lastly", [])),
                   unfolded_blocks=frozenset(word.casefold() for word in table.get("unfolded_blocks", [])),
                   done_with=folded(table.get("done_with", [])),
                   together=frozenset(" ".join(fold(word) for word in phrase.split())
                                      for phrase in table.get("together", [])),
                   purpose=frozenset(" ".join(fold(word) for word in phrase.split())
                                     for phrase in table.get("purpose", [])),
                   numbering=frozenset(fold(word) for word in table.get("numbering", [])),
                   verb_anywhere=table.get("verb_anywhere", False))


LISTED = ("negations", "blocks", "pass_over", "around", "done", "nothing", "pronouns", "choosing", "each", "joins",
          "numbers", "ordinals")
"""The lists of a language's own words in reading.toml, the first ones first where two spell alike in Latin letters
(a negation typed "ne" is «не», whatever else it could be)."""


def _typed(table: Mapping[str, Any], letters: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Each of the language's listed words as players type it in Latin letters, to the word ("kai": «και»)."""
    typed: dict[str, str] = {}
    for name in LISTED:
        for word in table.get(name, []):
            for spelled in _spelled(letters, word):
                typed.setdefault(spelled, fold(word))
    for name in LISTED:  # each word of an entry of several ("khod propuskayu": «ход пропускаю»), after every
        for word in table.get(name, []):  # entry of one word, which keeps its own way typed
            for part in word.split() if " " in word else ():
                for spelled in _spelled(letters, part):
                    typed.setdefault(spelled, fold(part))
    return typed


def _unaccented(table: Mapping[str, Any]) -> dict[str, str]:
    """Each of the language's listed words as players type it without accents ("aztan": «aztán»), to the word;
    never a spelling that is a listed word itself ("meg" stays «meg», never «még»)."""
    listed = {fold(word) for name in LISTED for word in table.get(name, [])}
    typed: dict[str, str] = {}
    for name in LISTED:
        for word in table.get(name, []):
            plain = latin(word)
            if plain != fold(word) and plain not in listed:
                typed.setdefault(plain, fold(word))
    return typed


def move_lexicon(catalog: gettext.NullTranslations, move_words: tuple[Text, ...],
                 vocabulary: Vocabulary | None = None, language: str = SOURCE_LANGUAGE) -> Lexicon:
    """The language's forms of each of a game's move words; a word left untranslated stays English.

    Right after one of the ``vocabulary``'s verbs the language's everyday words that follow a verb are read as
    its own; a number word is read as a number next to a word the notation counts with. In English a phrase of
    the notation is its own form (``at the pub``, ``turn order``), so that its words are read as the phrase
    before any of them is read past as the player's own ("the", "at", "turn")."""
    entries = []
    for word in move_words:
        translated = catalog.pgettext(MOVE_CONTEXT, word.msgid)
        forms = tuple(form.strip() for form in translated.split(FORMS) if form.strip())
        governed = catalog.pgettext(OBJECT_CONTEXT, word.msgid).strip()
        if translated != word.msgid and forms:  # an object form is one of the forms read: reading stays the same
            entries.append(LexiconEntry(word.msgid, forms, governed if governed in forms[1:] else ""))
        elif language == SOURCE_LANGUAGE and len(words_of([word.msgid])) > 1:
            entries.append(LexiconEntry(word.msgid, (word.msgid,)))
    vocabulary = vocabulary or Vocabulary(frozenset())
    notation_words = read_alone(move_words, vocabulary.moves) if language == SOURCE_LANGUAGE else frozenset()
    return Lexicon(entries, vocabulary.verbs, after_a_verb(language), reading(language, notation_words),
                   vocabulary.moves, vocabulary.counted, vocabulary.repeated - fillers(move_words),  # "both At the
                   fillers(move_words))  # Pub": the count stands before the name's own word, never its "the"


def fillers(move_words: tuple[Text, ...]) -> frozenset[str]:
    """The English small words (``reading("en").small``: "the", "at", "of") a game's notation has only inside its
    names of several words, in two or more of them (``at-the-pub``, ``insult-the-vicar``): a name's own words
    tell it apart, these never do."""
    names = [words_of([word.msgid]) for word in move_words]
    alone = frozenset().union(*(name for name in names if len(name) == 1))
    inside = Counter(word for name in names if len(name) > 1 for word in name)
    small = reading(SOURCE_LANGUAGE).small
    return frozenset(word for word, n in inside.items() if n > 1 and word not in alone and word in small)


def read_alone(move_words: tuple[Text, ...], notation_words: frozenset[str]) -> frozenset[str]:
    """The words of an English notation that it reads by themselves: every word but those found only inside its
    phrases ("the" of ``at-the-pub``), which the phrase reads (see :func:`move_lexicon`) and which elsewhere
    are the player's own."""
    phrases = [word.msgid for word in move_words]
    inside = words_of(phrase for phrase in phrases if len(words_of([phrase])) > 1)
    alone = words_of(phrase for phrase in phrases if len(words_of([phrase])) == 1)
    return notation_words - (inside - alone)


@lru_cache(maxsize=None)
def words(rules: engine.Game | None, language: str, locale_dir: Path = LOCALE_DIR) -> CatalogWords:
    """The words of the game ``rules`` (None: pbem's own texts only) in ``language``, made once and shared.

    The game's catalog is the domain named after it; its move words are the
    ``MOVE_WORDS`` it declares (a game without them is read and shown in English).
    """
    catalog = translations(language, "messages", locale_dir)
    move_words: tuple[Text, ...] = ()
    vocabulary: Vocabulary | None = None
    if rules is not None:
        own = translations(language, rules.name, locale_dir)
        own.add_fallback(catalog)
        catalog = own
        move_words = reply_words(rules)
        vocabulary = getattr(getattr(rules, "NOTATION", None), "VOCABULARY", None)
    return CatalogWords(language, catalog, move_lexicon(catalog, move_words, vocabulary, language))


@lru_cache(maxsize=None)
def _pbem_catalog(language: str) -> gettext.NullTranslations:
    return translations(language)


def nameless(number: int, language: str) -> str:
    """How a player registered without a name is called, in ``language``: "Player N", as on the pages.

    Their address, or the part of it before the @, is theirs to give out: a table-mate never reads it.
    """
    return _pbem_catalog(language).gettext("Player %(number)s") % {"number": number}


def game_title(rules: engine.Game, language: str) -> str:
    """The game's title in ``language``: the published one where the catalog has it (Kína, В год дракона)."""
    return words(rules, language).say(TC(TITLE_CONTEXT, rules.title))


def named(said: CatalogWords, names: Sequence[str]) -> CatalogWords:
    """``said`` carrying a table's names by seat, so its boards and pictures name each seat's player
    (:func:`engine.text.seat_tag`): a copy, the shared words stay nameless."""
    table = copy.copy(said)
    table.names = tuple(names)
    return table
