"""No move form is read as a move word where the player's language puts a common word of its own (#29).

The move words are read wherever they stand in a line, so a form that is
also a word every reply in the language is full of turned the player's
sentence into notation they never meant: the preverb of «tedd le» ("put
down") read as ``down``, «на» of «поставь на …» ("place on …") read as
``for``, «πάρε κανένα» ("take any one") read as ``take none``. The place
such words stand is right after a verb (``pbem/language/after_a_verb.toml``
lists them: preverbs, prepositions, articles, pronouns, quantifiers); there
a reply's word is read as the player's own, or the verb and it as one form
of the verb («tedd le»: place). The read-back tests of each game's
languages check that no move a prompt shows puts such a word there.
"""

from __future__ import annotations

import pytest

import engine
from engine.text import fold
from engine.notation import normalise
from engine.protocol import reply_words
from pbem.language.words import after_a_verb, read_alone, words

LANGUAGES = ("el", "hu", "ru")
GAMES = ("dragon", "china", "prodigals")


def verb_forms(name: str, language: str) -> list[str]:
    """Every form of the game's verbs in the language."""
    said = words(engine.game(name), language)
    verbs = engine.game(name).NOTATION.VOCABULARY.verbs  # type: ignore[attr-defined]
    assert verbs
    return [form for entry in said.lexicon.entries if entry.english in verbs for form in entry.forms]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_a_common_word_right_after_a_verb_is_never_read_as_a_move_word(name: str, language: str) -> None:
    said = words(engine.game(name), language)
    common = after_a_verb(language)
    assert len(common) >= 20
    clashes = []
    for verb in verb_forms(name, language):
        alone = said.english(verb)
        for word in common:
            read = said.english(f"{verb} {word}")
            if read not in (f"{alone} {word}", alone):
                clashes.append(f"{verb} {word} -> {read}")
    assert clashes == [], "\n".join(clashes)


def test_a_verb_with_its_preverb_or_preposition_reads_as_the_verb() -> None:
    prodigals = engine.game("prodigals")
    hungarian, russian = words(prodigals, "hu"), words(prodigals, "ru")
    space = hungarian.move("central-card")
    assert hungarian.english(f"tedd le {space}") == "place central-card"
    assert russian.english(f"поставь на {russian.move('central-card')}") == "place central-card"
    assert russian.english("обменяй b5 на pt3") == "exchange b5 for pt3"  # «на» is "for" where the notation puts it


def test_take_none_in_greek_is_no_longer_take_any_one() -> None:
    greek = words(engine.game("prodigals"), "el")
    assert greek.english("πάρε κανένα") == "take κανένα"  # "take any one": refused, naming «κανένα»
    assert greek.english(greek.move("take none")) == "take none"
    assert "κανένα" not in greek.move("take none")


COMMON_AND_A_FORM = {
    ("dragon", "ru", "нет"): "«нет» is 'none' in a release order («порядок ухода: нет»); elsewhere a negation",
    ("china", "el", "με"): "«με» is 'for' where China puts it («άλλαξε κίτρινο με τράπουλα»); elsewhere 'with'",
    ("prodigals", "el", "με"): "«με» is 'for' where Prodigals puts it; elsewhere 'with'",
    ("prodigals", "el", "τελοσ"): "«τέλος» is Prodigals' own 'done': the same meaning",
    ("prodigals", "hu", "kesz"): "«kész» is Prodigals' own 'done': the same meaning",
    ("prodigals", "ru", "готово"): "«готово» is Prodigals' own 'done': the same meaning",
    ("prodigals", "ru", "закончил"): "«закончил» is Prodigals' own 'done': the same meaning",
    ("prodigals", "hu", "vegeztem"): "«végeztem» is Prodigals' own 'done': the same meaning",
    ("prodigals", "el", "τελειωσα"): "«τελείωσα» is Prodigals' own 'done': the same meaning",
    ("prodigals", "ru", "пас"): "«пас» is Prodigals' own 'done': the same meaning",
    ("dragon", "ru", "пас"): "«пас» is Dragon's own 'pass': the turn ended, the same meaning",
    ("dragon", "ru", "пасую"): "«пасую» is Dragon's own 'pass': the turn ended, the same meaning",
    ("china", "ru", "пас"): "«пас» is China's own 'pass': the turn ended, the same meaning",
    ("china", "ru", "пасую"): "«пасую» is China's own 'pass': the turn ended, the same meaning",
}
"""The words both a move form and one of the language's common words (pbem/language/reading.toml), each with why
the form is right where the notation puts it; any other such word fails the test below."""


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
@pytest.mark.parametrize("name", GAMES)
def test_no_move_form_is_a_word_the_language_reads_past(name: str, language: str) -> None:
    """A word read past (an article, a preposition, "please"), a number word, a "done" word or a negation that
    is also a move form would be read as the move word wherever it stands (#29): «ход» ("turn") of «мой ход:
    пас» read as Prodigals' ``move``. English: a word the notation itself reads alone is a form (a word found only
    inside a phrase, the "the" of ``at-the-pub``, is read with its phrase: see the test below)."""
    rules = engine.game(name)
    said = words(rules, language)
    reading = said.lexicon.reading
    common = reading.pass_over | frozenset(reading.numbers) | reading.done | reading.negations
    assert common, language
    if language == "en":
        forms = set(read_alone(reply_words(rules), rules.NOTATION.VOCABULARY.moves))  # type: ignore[attr-defined]
    else:
        forms = {fold(form) for entry in said.lexicon.entries for form in entry.forms if " " not in form}
    clashes = sorted(word for word in common & forms if (name, language, word) not in COMMON_AND_A_FORM)
    assert clashes == [], clashes
    stale = [key for key in COMMON_AND_A_FORM if key[:2] == (name, language) and key[2] not in common & forms]
    assert stale == [], stale


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_a_negation_is_never_read_past(language: str) -> None:
    """Whatever a language lists, a negation stays a word no notation reads: the line holding it is refused."""
    reading = words(engine.game("dragon"), language).lexicon.reading
    assert reading.negations
    assert not reading.negations & (reading.pass_over | frozenset(reading.numbers) | reading.done)


@pytest.mark.parametrize(("written", "read"), [
    ("play at the pub x2", "play at-the-pub x2"),
    ("place on the turn order two", "place turn-order 2"),
    ("play a little more time", "play a-little-more-time"),
    ("play gentlemen's walkout", "play gentlemens-walkout"),
    ("play two faced", "play two-faced"),
    ("discard the tile", "discard tile"),
])
def test_an_english_phrase_is_read_whole_before_its_words_are_read_past(written: str, read: str) -> None:
    """"the", "at", "a", "two" and "turn" are the player's own in "place on the turn order two", and words of a
    card or a space in "at the pub", "a little more time", "two faced", "turn order" (#29)."""
    assert normalise(words(engine.game("prodigals"), "en").english(normalise(written))) == read
