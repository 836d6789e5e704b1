"""In the Year of the Dragon in Greek, Hungarian and Russian: the notation shown in a player's words reads back,
the board and the questions hold no English left, and every name of the game's data has its term."""

from __future__ import annotations

import random
import re
import unicodedata
from functools import cache

import pytest

import engine
from engine import IllegalMove, MoveError
from engine.protocol import reply_words
from engine.dragon import data, notation, words
from engine.dragon.moves import Action, PlayCard, Release, ReleaseOrder
from engine.dragon.state import OVER, POINT_LABELS, DragonState
from engine.dragon.views import WIDTH
from engine.text import Said, Text, fold
from pbem.language.catalogs import DOMAINS, read
from pbem.language.words import CatalogWords, translations, words as words_of

GAME = engine.game("dragon")
LANGUAGES = ("el", "hu", "ru")
SCRIPTS = {"el": re.compile("[\u0370-\u03ff]"), "ru": re.compile("[\u0400-\u04ff]"), "hu": re.compile("[őűáéíóöúü]")}
"""Letters only the language's own script (or, for Hungarian, its accents) has."""
LETTERS = re.compile(r"[^\W\d_]+")


@cache
def positions() -> tuple[tuple[DragonState, int | None], ...]:
    """States of greedy games for 2-5 players, every phase reached, each with the seat asked (None at the end)."""
    found: list[tuple[DragonState, int | None]] = []
    for players, seed in ((2, 1), (3, 7), (4, 2), (5, 11)):
        state = GAME.new(players, seed)
        rng = random.Random(seed)
        step = 0
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            if step % 9 == 0 or state.phase in ("build", "release"):
                found.append((GAME.clone(state), seat))
            state = GAME.apply(state, seat, GAME.greedy(state, seat, rng))
            step += 1
        found.append((state, None))
    phases = {state.phase for state, _ in found}
    assert phases == {"start", "action", "build", "person", "release", OVER}, phases
    return tuple(found)


def unaccented(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_legal_move_shown_in_a_players_words_reads_back_as_that_move(language: str) -> None:
    said = words_of(GAME, language)
    for state, seat in positions():
        if seat is None:
            continue
        for i, move in enumerate(GAME.legal(state, seat)):
            english = GAME.format(move)
            shown = said.move(english)
            assert shown != english or not LETTERS.search(english), english
            written = [shown, english]
            if i % 3 == 0:  # the other spellings on a third of the moves keep the test quick
                written += [shown.upper(), unaccented(shown)]
            for line in written:
                assert GAME.read(line, state, seat, said).moves == [move], (language, line)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_line_mixing_english_and_a_players_words_reads(language: str) -> None:
    said = words_of(GAME, language)
    for state, seat in positions()[::3]:
        if seat is None:
            continue
        for move in GAME.legal(state, seat)[::4]:
            verb, _, rest = GAME.format(move).partition(" ")
            for line in (f"{said.move(verb)} {rest}", f"{verb} {said.move(rest)}"):
                assert GAME.read(line, state, seat, said).moves == [move], (language, line)


def localized_words(said: CatalogWords) -> set[str]:
    return {fold(word) for entry in said.lexicon.entries for form in entry.forms for word in LETTERS.findall(form)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_the_shown_moves_and_hints_is_a_word_of_the_players_language(language: str) -> None:
    said = words_of(GAME, language)
    own = localized_words(said)
    english = {fold(word) for text in words.MOVE_WORDS for word in LETTERS.findall(text.msgid)}
    for state, seat in positions():
        if seat is None:
            continue
        decision = GAME.decision(state, seat)
        assert decision is not None
        shown = [said.move(GAME.format(move)) for move in GAME.legal(state, seat)] + [said.move(decision.hint)]
        for text in shown:
            for word in LETTERS.findall(text):
                assert fold(word) in own and fold(word) not in english, (language, word, text)


def english_notation_words() -> set[str]:
    """Every word the English notation reads (verbs, cards, persons, levels, fillers: the reader's vocabulary) and
    the move words."""
    return {fold(word) for word in notation.VOCABULARY.words} | {
        fold(word) for text in words.MOVE_WORDS for word in LETTERS.findall(text.msgid)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_move_word_reads_as_two_words_or_as_an_english_word(language: str) -> None:
    said = words_of(GAME, language)
    assert said.lexicon.clashes() == []
    assert {entry.english for entry in said.lexicon.entries} == {text.msgid for text in reply_words(GAME)}
    english = english_notation_words()
    for word in localized_words(said):
        assert not any(known.startswith(word) for known in english), (language, word)


class Recording(CatalogWords):
    """A language's words that note every text its catalogs do not translate."""

    def __init__(self, language: str, translated: set[tuple[str, str]]) -> None:
        plain = words_of(GAME, language)
        super().__init__(language, plain.catalog, plain.lexicon)
        self.translated = translated
        self.missing: set[str] = set()

    def say(self, text: Said) -> str:
        if isinstance(text, Text) and (text.context, text.msgid) not in self.translated:
            self.missing.add(text.msgid)
        return super().say(text)


def recording(language: str) -> Recording:
    translated = set()
    for domain in (DOMAINS[0], next(d for d in DOMAINS if d.name == "dragon")):
        for message in read(domain.po(language), language):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.id and all(forms):
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                translated.add((message.context or "", msgid))
    return Recording(language, translated)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_and_the_questions_are_all_in_the_players_language_and_fit_the_mail(language: str) -> None:
    said = recording(language)
    for state, seat in positions():
        for viewer in {seat, None, 0}:
            board = GAME.render(state, viewer, said)
            assert SCRIPTS[language].search(board)
            long = [line for line in board.splitlines() if len(line) > WIDTH]
            assert long == [], (language, long)
        if seat is not None:
            decision = GAME.decision(state, seat)
            assert decision is not None
            for text in (decision.title, *decision.choices, GAME.expected(state, seat)):
                assert isinstance(text, Text) and SCRIPTS[language].search(said.say(text)), text
    assert said.missing == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_final_scores_are_labelled_in_the_players_language(language: str) -> None:
    said = recording(language)
    end = positions()[-1][0]
    result = GAME.result(end)
    assert result is not None
    for breakdown in result.breakdown:
        for label in breakdown:
            term = words.SCORES[label]
            assert said.say(term) != str(term) == label, label
    assert said.missing == set()


def refusals(state: DragonState, seat: int) -> list[Said]:
    """The reasons a few bad replies and an illegal move get."""
    reasons: list[Said] = []
    for line in ("fly to the moon", "group 9 tax", "recruit monk palace1", "release order: dragon",
                 "release order: farmer, farmer", "start farmer", "pass now please", "build +9 palace1"):
        with pytest.raises(MoveError) as refused:
            GAME.read(line, state, seat)
        reasons.append(refused.value.reason)
    with pytest.raises(IllegalMove) as illegal:
        GAME.apply(GAME.clone(state), seat, Action(1, "privilege", "huge"))
    reasons.append(illegal.value.reason)
    return reasons


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_is_said_in_the_players_language(language: str) -> None:
    said = recording(language)
    state, seat = next((state, seat) for state, seat in positions() if state.phase == "action")
    assert seat is not None
    for reason in refusals(state, seat):
        assert isinstance(reason, Text), reason
        text = said.say(reason)
        assert text != str(reason) and SCRIPTS[language].search(text), text
    assert said.missing == set()


def test_every_name_of_the_data_has_its_term_and_the_terms_say_the_rulebook_names_in_english() -> None:
    labels = {label for label in data.LABEL if label} | {kind.replace("_", " ") for kind in data.TYPES}
    assert set(words.PERSONS) == labels
    assert set(words.CARDS) == set(data.CARDS) and set(words.SHORT) == set(data.CARDS)
    assert set(words.EVENTS) == set(data.EVENTS) == set(words.EVENTS_SHORT)
    assert {event: str(term) for event, term in words.EVENTS.items()} == data.EVENT_NAMES
    assert list(words.SCORES) == list(POINT_LABELS)
    for language in LANGUAGES:
        catalog = translations(language, "dragon")
        for terms in (words.PERSONS, words.CARDS, words.EVENTS, words.EVENTS_SHORT, words.SHORT, words.SCORES):
            for term in terms.values():
                assert catalog.pgettext(term.context, term.msgid) != term.msgid, term



@pytest.mark.parametrize("language", LANGUAGES)
def test_a_person_has_one_name_in_the_boards_and_in_the_move_lists(language: str) -> None:
    """The prose and the boards name a person by its ``person`` term, the move lists by the move words' first
    forms: they are one name, so a player copies back what the board calls the person (issue 29: Greek showed
    «γηραιός πυροτέχνης» in the moves but the rulebook's «μεγαλύτερος πυροτεχνουργός» everywhere else)."""
    said = words_of(GAME, language)
    assert {label: said.move(label) for label in words.PERSONS} == {
        label: said.say(term) for label, term in words.PERSONS.items()}


def test_greek_moves_show_the_rulebooks_person_words_and_still_read_the_others() -> None:
    said = words_of(GAME, "el")
    assert said.move("recruit old pyrotechnist palace1") == "πάρε μεγαλύτερος πυροτεχνουργός παλάτι1"
    assert said.english("πάρε γηραιό πυροτέχνη παλάτι1") == "recruit old pyrotechnist palace1"
    assert said.english("πάρε γηραιός πυροτέχνης παλάτι1") == "recruit old pyrotechnist palace1"


def court_lady_card_only() -> tuple[DragonState, int]:
    """The person phase with no court lady tile left: the court lady card may be played alone (and is the only
    card that may), the seat holding every card, the healer's too."""
    from tests.dragon.test_notation import _person_state
    state, seat = _person_state((2, ["farmer"]))
    for code in data.kind_codes(data.COURT_LADY):
        state.supply[code] = 0
    state.legal_cache = None
    assert [GAME.format(move) for move in GAME.legal(state, seat) if isinstance(move, PlayCard)] == [
        "play court lady card"]
    return state, seat


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_a_card_played_alone_is_played_only_when_the_line_names_it(language: str) -> None:
    said = words_of(GAME, language)
    state, seat = court_lady_card_only()
    named = said.move("play court lady card")
    assert GAME.read(named, state, seat, said).moves == [PlayCard("court_lady")]
    for line in (said.move("play card"), said.move("card"), said.move("play healer card")):
        with pytest.raises(MoveError):
            GAME.read(line, state, seat, said)


def test_i_just_play_my_healer_card_in_greek_is_refused_not_played_as_the_court_ladys() -> None:
    said = words_of(GAME, "el")
    state, seat = court_lady_card_only()
    with pytest.raises(MoveError) as refused:
        GAME.read("παίζω απλώς την κάρτα του γιατρού", state, seat, said)
    # «παίζω» ("I play") is a form of play since #29 item 2; a healer may still be taken with the wild card, so
    # that is asked about, never the court lady's card
    suggestions = getattr(refused.value, "suggestions", [])
    assert "απλώς" in said.say(refused.value.reason) or suggestions
    assert not any("court lady" in suggestion for suggestion in suggestions)


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_a_signature_after_a_standing_release_order_or_a_release_is_passed_over(language: str) -> None:
    """A release order discharges no decision, and a release may leave more to release: the signature after
    either is no move, so it is listed, not read as a person to release."""
    from tests.dragon.test_notation import _action_state, _contagion_state
    said = words_of(GAME, language)
    order = said.move("release order: craftsman, farmer")
    reading = GAME.read(f"{order}\nJoe XXX", _action_state(), 0, said)
    assert reading.moves == [ReleaseOrder(("craftsman", "farmer"))] and reading.ignored == ("Joe XXX",)
    release = said.move("release monk")
    state = _contagion_state(None)
    assert state.owed[0] == 3
    reading = GAME.read(f"{release}\nJoe XXX\nThanks, Anna", state, 0, said)
    assert reading.moves == [Release("young monk", 1)] and reading.ignored == ("Joe XXX", "Thanks, Anna")
    with pytest.raises(MoveError) as refused:  # between two releases, the same line is refused: it is no move
        GAME.read(f"{release}\nJoe XXX\n{said.move('release farmer')}", state, 0, said)
    assert "joe" in said.say(refused.value.reason)
