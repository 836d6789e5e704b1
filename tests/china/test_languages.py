"""China in Greek, Hungarian and Russian: every move shown in a player's words reads back as that move, the
board and the decisions are said with no English left, and every name of the board has its term."""

from __future__ import annotations

import random
import re
import unicodedata
from functools import lru_cache
from typing import Any

import pytest

import engine
from engine import ELSE, IllegalMove, MoveError
from engine.china import flow, notation, words as terms
from engine.china.data import BOARDS
from engine.china.moves import Draw, Pass, Play
from engine.china.state import OVER
from engine.text import Text, fold
from pbem.language.words import CatalogWords, words

LANGUAGES = ("el", "hu", "ru")
WIDTH = 78
SCRIPTS = {"el": re.compile("[\u0370-\u03ff]"), "ru": re.compile("[\u0400-\u04ff]"), "hu": re.compile("[őűáéíóöúü]")}
WORD = re.compile(r"[^\W\d_]+")
GAME = engine.game("china")
READ_ONLY_WORDS = {"take", "swap", "discard", "d", "pile", "top", "display", "face", "and", "then", "in", "to",
                   "on", "into"}
"""English words the notation reads besides the ones it writes (the verbs, pieces and aliases come from it)."""


class Recording(CatalogWords):
    """A language's words that note every message its catalog lacks (a text that would reach a player in English)."""

    def __init__(self, base: CatalogWords) -> None:
        super().__init__(base.language, base.catalog, base.lexicon)
        self.missing: list[str] = []

    def pattern(self, text: Text) -> str:
        key: Any = f"{text.context}\x04{text.msgid}" if text.context else text.msgid
        if text.plural:
            key = (key, 0)
        if not _knows(self.catalog, key):
            self.missing.append(text.msgid)
        return super().pattern(text)


def _knows(catalog: Any, key: Any) -> bool:
    while catalog is not None:
        if key in getattr(catalog, "_catalog", {}):
            return True
        catalog = getattr(catalog, "_fallback", None)
    return False


def _english_left(said: str, text: Text) -> set[str]:
    """The words of the English sentence (not its arguments, not move words) that the said sentence still has."""
    sentence = re.sub(r"%\(\w+\)s", " ", text.msgid)
    move_words = {word.msgid for word in terms.MOVE_WORDS}
    english = {word for word in WORD.findall(sentence) if len(word) > 2 and word not in move_words}
    return english & set(WORD.findall(said))


def _plain(text: str) -> str:
    """What a player without accents on the keyboard writes."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def _play(players: int, seed: int, fortresses: bool) -> list[Any]:
    """The states of one greedy game, from setup to game over."""
    state = GAME.new(players, seed, {"fortresses": fortresses})
    rng = random.Random(seed)
    states = [GAME.clone(state)]
    while state.phase != OVER:
        seat = next(iter(GAME.to_act(state)))
        GAME.apply(state, seat, GAME.greedy(state, seat, rng))
        states.append(GAME.clone(state))
    return states


@lru_cache(maxsize=None)
def _states() -> tuple[Any, ...]:
    """Every state of greedy games with 3, 4 and 5 players, with and without fortresses."""
    found: list[Any] = []
    for players, seed, fortresses in ((3, 1, False), (4, 2, True), (5, 3, True), (4, 4, False)):
        found += _play(players, seed, fortresses)
    return tuple(found)


def _sampled(step: int) -> list[Any]:
    states = _states()
    return [*states[::step], states[-1]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_legal_move_shown_in_the_players_words_reads_back_as_that_move(language: str) -> None:
    w = words(GAME, language)
    checked = 0
    for state in _sampled(7):
        for seat in GAME.to_act(state):
            for move in GAME.legal(state, seat):
                english = GAME.format(move)
                shown = w.move(english)
                for written in (shown, shown.upper(), _plain(shown), _plain(shown.upper()), english):
                    assert GAME.read(written, state, seat, w).moves == [move], (language, written)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_verb_s_object_is_shown_in_one_of_the_forms_a_reply_is_read_in(language: str) -> None:
    """A move word shown as a verb's object (Russian «взять колоду») is one of the forms its catalog gives it, so
    a move reads the same whichever form a reply writes; move_lexicon leaves out one that is not."""
    w = words(GAME, language)
    for word in terms.OBJECT_WORDS:
        governed = w.catalog.pgettext("move object", word.msgid)
        assert governed in w.catalog.pgettext("move", word.msgid).split("|"), (language, word.msgid, governed)


def test_a_russian_move_shows_a_verb_s_object_declined_and_reads_both_forms() -> None:
    """Issue 44: the legal moves read «обмен жёлтая на колода», undeclined; a verb's object is now in the
    accusative, and a reply in the old forms is read as before."""
    w = words(GAME, "ru")
    assert w.move("exchange yellow for deck") == "обменять жёлтую на колоду"
    assert w.move("play red red; wei: pagoda 1; draw up2, deck") == \
        "сыграть красную красную; вэй: пагода 1; взять откр2, колоду"
    assert w.move("draw purple") == "взять фиолетовую"
    for written in ("обменять жёлтую на колоду", "обмен жёлтая на колода", "обмен жёлтую на колоду"):
        assert w.english(written) == "exchange yellow for deck", written
    assert w.english("сыграть красная красная; вэй: пагода 1; взять откр2, колода") == \
        "play red red; wei: pagoda 1; draw up2, deck"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_turn_reads_in_the_players_words_mixed_with_english(language: str) -> None:
    w = words(GAME, language)
    state = GAME.new(3, 7)
    hand = [flow.COLOURS[c] for c, n in enumerate(state.hands[0]) for _ in range(n)]
    turn = next(line for line in notation.whole_turns(state, 0) if line.startswith("play"))
    steps = GAME.parse(turn + "; draw deck", state, 0)
    shown = w.move(turn + "; draw deck")
    assert GAME.parse(shown, state, 0, w) == steps
    verb, rest = shown.split(" ", 1)
    assert GAME.parse("play " + rest, state, 0, w) == steps, "an English verb among the player's own words"
    assert GAME.parse(f"{turn}; {w.move('draw')} deck", state, 0, w) == steps, "an English word after the player's"
    assert GAME.parse(f"{turn}; {w.move('draw').upper()} {_plain(w.move('deck'))}", state, 0, w) == steps
    assert isinstance(steps[0], Play) and set(steps[0].cards) <= set(hand) and isinstance(steps[-1], Draw)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_move_words_cover_the_notation_and_no_english_word_is_left_in_a_shown_move(language: str) -> None:
    w = words(GAME, language)
    written = {word.msgid for word in terms.MOVE_WORDS}
    assert all(_knows(w.catalog, f"move\x04{word}") for word in written), "every move word is translated"
    same = {word for word in written if w.catalog.pgettext("move", word) == word}  # Hungarian Han and Lu
    forms = {fold(form) for entry in w.lexicon.entries for form in entry.forms} | same
    assert {entry.english for entry in w.lexicon.entries} | same == written | {ELSE.msgid}  # "else" is every game's
    notations: list[str] = []
    for state in _sampled(5):
        for seat in GAME.to_act(state):
            decision = GAME.decision(state, seat)
            assert decision is not None
            notations += [decision.hint, *(GAME.format(move) for move in GAME.legal(state, seat))]
            notations += [str(arg) for _, arg in notation.expected(state, seat).args]  # a refusal's examples
    for english in notations:
        assert set(WORD.findall(english)) <= written, f"{english!r} writes a word MOVE_WORDS lacks"
        shown = w.move(english)
        assert all(fold(word) in forms for word in WORD.findall(shown)), (language, shown)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_move_word_reads_as_two_words_or_as_an_english_word_of_another_meaning(language: str) -> None:
    w = words(GAME, language)
    assert w.lexicon.clashes() == []
    english = {fold(word.msgid) for word in terms.MOVE_WORDS} | READ_ONLY_WORDS | set(notation.PIECE_WORDS) | {
        fold(alias) for province in notation.PROVINCES for alias in province.aliases}
    for entry in w.lexicon.entries:
        for form in entry.forms:
            for word in WORD.findall(form):
                assert fold(word) not in english or fold(word) == fold(entry.english), (language, form, entry.english)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_and_the_decisions_are_said_with_nothing_left_in_english_and_fit_78_columns(
        language: str) -> None:
    said = Recording(words(GAME, language))
    states = _sampled(3)
    assert states[-1].phase == OVER
    for state in states:
        for seat in (None, *range(state.players)):
            board = GAME.render(state, seat, said)
            wide = [line for line in board.splitlines() if len(line) > WIDTH]
            assert wide == [], (language, wide)
            assert SCRIPTS[language].search(board)
        for seat in GAME.to_act(state):
            decision = GAME.decision(state, seat)
            assert decision is not None
            title = said.say(decision.title)
            assert title != str(decision.title) and SCRIPTS[language].search(title), title
            for choice in decision.choices:
                said.say(choice)
            said.say(GAME.expected(state, seat))
    assert said.missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_is_said_in_the_players_language(language: str) -> None:
    said = Recording(words(GAME, language))
    state = GAME.new(4, 2)
    lines = ["play blue", "wei: pagoda 3", "exchange green", "draw up9", "hello there", "pass", "play red; c: pagoda 1"]
    reasons = []
    for line in lines:
        with pytest.raises(MoveError) as info:
            GAME.read(said.move(line), state, 0, said)
        reasons.append(info.value)
    with pytest.raises(IllegalMove) as illegal:
        GAME.apply(GAME.clone(state), 1, Pass())
    for error in (*reasons, illegal.value):
        expected = getattr(error, "expected", "")
        for text in (error.reason, *([expected] if isinstance(expected, Text) else [])):
            assert _english_left(said.say(text), text) == set(), (language, said.say(text))
    assert said.missing == []


def test_every_name_of_the_board_data_and_every_score_label_has_its_term() -> None:
    sides = BOARDS.sides.values()
    provinces = {province.name for side in sides for province in side.provinces}
    assert provinces == set(terms.PROVINCES)
    assert {side.name for side in sides} == set(terms.SIDES)
    ids = {province.id for side in sides for province in side.provinces}
    move_words = {word.msgid for word in terms.MOVE_WORDS}
    assert ids | set(flow.COLOURS) <= move_words
    over = _states()[-1]
    result = GAME.result(over)
    assert result is not None and all(set(labels) == set(terms.SCORES) for labels in result.breakdown)
    for language in LANGUAGES:
        said = Recording(words(GAME, language))
        for label in terms.SCORES.values():
            said.say(label)
        assert said.missing == []
