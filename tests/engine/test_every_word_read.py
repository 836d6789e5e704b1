"""A reply line is played only when every word of it is read, in every game and every language (#29).

A reader that skipped a word it did not know played «не пас» ("don't pass")
as ``pass``, and one that cut words at accented letters quoted "ldm" back to
a Hungarian player. Here, for each game and each language, on a real state
where the move is legal: a negated move line is refused naming the negation;
a legal line with one word more is refused naming that word, whole (a
Hungarian word with its accents); the refusal is said in the player's
language; and a signature after the last move is passed over, even while the
seat still owes a decision, and the move before it is played.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

import engine
from engine import MoveError
from pbem.language.words import words
from tests.dragon.test_notation import _action_state as dragon_action_state
from tests.prodigals.scenario import action_turn as prodigals_action_turn

LANGUAGES = ("en", "el", "hu", "ru")
SCRIPTS = {"el": re.compile("[\u0370-\u03ff]"), "ru": re.compile("[\u0400-\u04ff]"), "hu": re.compile("[őűáéíóöúü]")}
NEGATIONS = {"en": ("not", "don't", "never"), "el": ("όχι", "μην", "δεν"), "hu": ("nem", "ne", "soha"),
             "ru": ("не", "нельзя", "никогда")}
"""How a player of each language says "not" or "don't" before a move."""
POLITE = {"en": "maybe", "el": "ίσως", "hu": "talán", "ru": "наверное"}
"""A word a player may add to a move line that no notation reads: a hedge ("please" and its like are read past
since #29 item 2, pbem/language/reading.toml; a hedge is not, as "pass maybe" is no decision)."""
ACCENTED = ("mégsem", "különöskés", "ügyeskedősdi", "áldozatosdi")
"""Hungarian words with accented letters inside and at the start: quoted whole, never "ldozatosdi" or "ülönöskés".
(«elbocsátom», «udvarhölgyet» were here: since #29 item 2 they are Dragon's forms of release and court lady.
«különösen», «ügyesen», «áldozat» were here: since #43 a word of the player's language that names nothing of the
game is passed over, read by meaning; a negation, «mégsem», and a word no dictionary knows still refuse.)"""
SIGNATURES = {"en": ("Joe XXX", "Thanks, Anna"), "el": ("Γιώργος", "Ευχαριστώ, Άννα"),
              "hu": ("Kovács Péter", "Köszönöm, Anna"), "ru": ("Иван П.", "Спасибо, Анна")}


@dataclass(frozen=True)
class Case:
    """A game, a real state with the seat to act, a move legal there, and a move after which the seat still
    owes a decision (so a line after it is read while the seat owes one)."""

    game: str
    state: Callable[[], Any]
    seat: int
    move: str
    owes_more: str


CASES = (
    Case("dragon", dragon_action_state, 0, "pass", "group 1 build"),
    Case("china", lambda: engine.game("china").new(3, 7), 0, "play green", "play green"),
    Case("prodigals", prodigals_action_turn, 0, "done", "order up gent1"),
)
PARAMETERS = [pytest.param(case, language, id=f"{case.game}-{language}") for case in CASES for language in LANGUAGES]


def refusal(case: Case, language: str, line: str) -> tuple[str, MoveError]:
    """The refusal of ``line`` (in the player's words), as the player reads its reason, and the error."""
    rules, said = engine.game(case.game), words(engine.game(case.game), language)
    state = case.state()
    before = [rules.format(move) for move in rules.legal(state, case.seat)]
    with pytest.raises(MoveError) as refused:
        rules.read(line, state, case.seat, said)
    assert [rules.format(move) for move in rules.legal(state, case.seat)] == before
    return said.say(refused.value.reason), refused.value


def said_in(language: str, reason: str, error: MoveError) -> None:
    """The reason is in the player's language and the refusal offers the closest legal moves."""
    if language != "en":
        assert SCRIPTS[language].search(reason), reason
    assert error.suggestions, reason


def shown(case: Case, language: str, notation: str) -> str:
    """``notation`` as the player's mail shows it (and so as the player copies it), checked to read as itself."""
    rules, said = engine.game(case.game), words(engine.game(case.game), language)
    line = said.move(notation)
    state = case.state()
    assert [rules.format(move) for move in rules.read(line, state, case.seat, said).moves][:1] == [notation]
    return line


@pytest.mark.parametrize(("case", "language"), PARAMETERS)
def test_a_negated_move_is_refused_naming_the_negation_and_never_played(case: Case, language: str) -> None:
    line = shown(case, language, case.move)
    for negation in NEGATIONS[language]:
        reason, error = refusal(case, language, f"{negation} {line}")
        assert re.sub("['’]", "\u02bc", negation) in reason, reason
        said_in(language, reason, error)


@pytest.mark.parametrize(("case", "language"), PARAMETERS)
def test_a_word_no_notation_reads_refuses_a_legal_line_and_is_named(case: Case, language: str) -> None:
    line = shown(case, language, case.move)
    first, _, rest = line.partition(" ")
    polite = POLITE[language]
    for written in (f"{line} {polite}", f"{polite} {line}", f"{first} {polite} {rest}".strip()):
        reason, error = refusal(case, language, written)
        assert polite in reason, (written, reason)
        said_in(language, reason, error)


@pytest.mark.parametrize(("case", "language"), PARAMETERS)
def test_a_hungarian_word_is_quoted_whole_with_its_accents(case: Case, language: str) -> None:
    line = shown(case, language, case.move)
    for word in ACCENTED:
        for written in (f"{line} {word}", f"{word} {line}"):
            reason, error = refusal(case, language, written)
            assert word in reason, (written, reason)
            said_in(language, reason, error)


@pytest.mark.parametrize(("case", "language"), PARAMETERS)
def test_a_signature_after_the_last_move_is_passed_over_and_the_move_is_played(case: Case, language: str) -> None:
    rules, said = engine.game(case.game), words(engine.game(case.game), language)
    for notation in (case.move, case.owes_more):
        line = shown(case, language, notation)
        for signature in SIGNATURES[language]:
            state = case.state()
            reading = rules.read(f"{line}\n{signature}", state, case.seat, said)
            assert [rules.format(move) for move in reading.moves] == [notation], (line, signature)
            assert reading.ignored == (signature,) and reading.ahead == ()
    after = rules.apply(case.state(), case.seat, rules.read(shown(case, language, case.owes_more), case.state(),
                                                            case.seat, said).moves[0])
    assert case.seat in rules.to_act(after), "the second move leaves the seat a decision to make"


@pytest.mark.parametrize("name", ["dragon", "china", "prodigals"])
def test_every_word_the_notation_writes_is_a_word_it_reads(name: str) -> None:
    """The vocabulary the reply loop holds a line to covers the notation's own words (``MOVE_WORDS``)."""
    rules = engine.game(name)
    vocabulary = rules.NOTATION.VOCABULARY  # type: ignore[attr-defined]
    written = {word for text in rules.MOVE_WORDS for word in re.findall(r"[^\W\d_]+", text.msgid)}
    assert {word for word in written if not vocabulary.knows(word)} == set()


@pytest.mark.parametrize(("case", "language"), PARAMETERS)
def test_a_line_kept_for_a_later_turn_with_a_word_no_notation_reads_is_refused_at_once(case: Case, language: str
                                                                                     ) -> None:
    """A kept line is read when its turn comes; one with a word that is never read could never be played then."""
    rules, said = engine.game(case.game), words(engine.game(case.game), language)
    line = shown(case, language, case.move)
    polite = POLITE[language]
    kept = rules.ahead(f"{line}\n{SIGNATURES[language][0]}", said)
    assert kept.ahead == (line,) and kept.ignored == (SIGNATURES[language][0],)
    for ahead in (lambda text: rules.ahead(text, said),
                  lambda text: rules.read(f"{line}\n{text}", case.state(), case.seat, said)):
        with pytest.raises(MoveError) as refused:
            ahead(f"{line} {polite}")
        assert polite in said.say(refused.value.reason)
