"""The Prodigals Club in Greek, Hungarian and Russian: every legal move shown in the reader's words reads back as
that move, every word of the notation has its translation, and the board and decisions hold no English sentence."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine.errors import IllegalMove, MoveError
from engine.protocol import reply_words
from engine.prodigals import boards, flow, words
from engine.prodigals.data import COMPETITION_NAMES, DATA, slug
from engine.prodigals.effects import describe
from engine.prodigals.state import State
from engine.text import Lexicon, LexiconEntry, Text, fold
from pbem.language.words import CatalogWords
from pbem.language.words import words as words_of

GAME = engine.game("prodigals")
LANGUAGES = ("el", "hu", "ru")
SCRIPTS = {"el": re.compile("[\u0370-\u03ff]"), "ru": re.compile("[\u0400-\u04ff]"), "hu": re.compile("[őűáéíóöúü]")}
COMBINATIONS = (["election", "society"], ["possessions", "election"], ["possessions", "society"],
                ["possessions", "election", "society"])
LETTERS = re.compile(r"[^\W\d_]+")
IDENTIFIER = re.compile(r"^(?:[rx]\d+|" + "|".join(map(re.escape, sorted(DATA.tile_by_slug, key=len, reverse=True)))
                        + r")$")
"""A token of the notation that names a tile (``pt3``, ``pc-ii4``) or counts (``r2``, ``x3``): no word to translate."""


def played(players: int, seed: int, competitions: list[str], every: int = 1) -> Iterator[tuple[State, int]]:
    """Every ``every``-th state of a greedy game with the seat to act, then the finished game (seat -1)."""
    state = GAME.new(players, seed, {"competitions": competitions})
    rng = random.Random(seed)
    step = 0
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        if step % every == 0:
            yield state, seat
        state = GAME.apply(state, seat, GAME.greedy(state, seat, rng))
        step += 1
    yield state, -1


TABLES = [(players, seed, COMBINATIONS[(players + seed) % len(COMBINATIONS)]) for players in (2, 3, 4, 5)
          for seed in (1, 2)]


def unaccented(line: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", line) if not unicodedata.combining(ch))


def notation_words(notation: str) -> list[str]:
    """The letter runs of a line of notation that are words (not a tile's id or a count)."""
    return [word for token in re.split(r"[\s;·,…]+", notation) if token and not IDENTIFIER.match(token)
            for word in LETTERS.findall(token)]


class Checked(CatalogWords):
    """A reader's words that note every text the game's catalog has no entry for."""

    def __init__(self, language: str) -> None:
        said = words_of(GAME, language)
        super().__init__(language, said.catalog, said.lexicon)
        self.missing: list[str] = []

    def pattern(self, text: Text) -> str:
        key = f"{text.context}\x04{text.msgid}" if text.context else text.msgid
        catalog, wanted = self.catalog, (key if not text.plural else (key, 0))
        while catalog is not None and wanted not in catalog._catalog:  # type: ignore[attr-defined]
            catalog = catalog._fallback  # type: ignore[attr-defined]  # the engines' shared texts: pbem's catalog
        if catalog is None:
            self.missing.append(text.msgid)
        return super().pattern(text)


# ----------------------------------------------------------------- every name of the data has its entry


def test_every_name_of_the_data_is_a_declared_term_or_move_word() -> None:
    move_words = {word.msgid for word in words.MOVE_WORDS}
    spaces = {re.sub(r"-?\d+$", "", key) for side in ("2-3", "4-5") for players in (2, 3, 4, 5)
              for key in flow.space_table(side, ("P", "E", "S"), players)}
    named = {
        "card": {card.slug for card in DATA.cards.values()},
        "space": spaces,
        "bonus tile": {tile.slug for tile in DATA.bonus_tiles},
        "marker": {re.sub(r"\d+$", "", marker.slug) for marker in DATA.markers},
        "step": set(boards.STEPS),
        "column": set(DATA.columns),
    }
    for kind, names in named.items():
        assert names - move_words == set(), f"{kind} names without a move word in engine/prodigals/words.py"
    assert set(COMPETITION_NAMES.values()) == set(words.COMPETITIONS)
    assert {space for space in spaces if not space.endswith("-set")} - {"turn-order"} == set(words.SPACES)
    assert named["bonus tile"] == set(words.BONUS_TILES)
    assert {label.msgid for label in words.SCORE_LABELS} == {*COMPETITION_NAMES.values(), words.FINAL}
    assert set(DATA.symbols) == set(words.SYMBOLS)
    assert set(DATA.boroughs) == set(words.BOROUGHS)
    assert {m.kind for m in DATA.markers} == set(words.MARKER_LETTERS)
    assert {tile.kind for tile in DATA.beatrice} - {"columns", "rows"} == set(words.BEATRICE)
    assert set(boards.DIRECTIONS) >= set(words.DIRECTIONS)


def effects_of(raw: Any) -> Iterator[dict[str, Any]]:
    if isinstance(raw, dict):
        if "op" in raw:
            yield raw
        for value in raw.values():
            yield from effects_of(value)
    elif isinstance(raw, list):
        for value in raw:
            yield from effects_of(value)


def test_every_effect_a_choice_lists_is_described_with_declared_terms() -> None:
    """What a card's choice, a conversion or a set's extra benefit offers (a new ``who`` or ``dir`` fails here)."""
    said = Checked("el")
    offered = [option for effect in effects_of(DATA.raw) if effect["op"] in ("choose", "convert")
               for key in ("options", "undo_options", "do_options") for option in effect.get(key, ())]
    offered += [e for e in effects_of(DATA.raw) if e["op"] == "choose"]
    assert offered
    for effect in offered:
        assert said.say(describe(effect))
    assert said.missing == []


# ----------------------------------------------------------------- move words


def test_the_move_words_cover_every_word_the_notation_writes() -> None:
    marked = Lexicon(LexiconEntry(word.msgid, ("§",)) for word in words.MOVE_WORDS)
    for players, seed, competitions in TABLES:
        for state, seat in played(players, seed, competitions, every=3):
            if seat < 0:
                continue
            decision = GAME.decision(state, seat)
            for notation in [GAME.format(move) for move in GAME.legal(state, seat)] + [decision.hint]:
                assert notation_words(marked.show(notation)) == [], notation


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_word_is_translated_and_no_form_reads_as_another_word(language: str) -> None:
    lexicon = words_of(GAME, language).lexicon
    assert sorted(entry.english for entry in lexicon.entries) == sorted(word.msgid for word in reply_words(GAME))
    assert lexicon.clashes() == []
    english = {tuple(fold(w) for w in LETTERS.findall(word.msgid)): word.msgid for word in words.MOVE_WORDS}
    for entry in lexicon.entries:
        for form in entry.forms:
            meaning = english.get(tuple(fold(w) for w in LETTERS.findall(form)), entry.english)
            assert meaning == entry.english, f"{language} {form!r} for {entry.english!r} reads as {meaning!r}"
            assert not IDENTIFIER.match(form), form


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_legal_move_shown_in_the_readers_words_reads_back_as_that_move(language: str) -> None:
    said = words_of(GAME, language)
    localized = {fold(word) for entry in said.lexicon.entries for form in entry.forms
                 for word in LETTERS.findall(form)}
    for players, seed, competitions in TABLES:
        for state, seat in played(players, seed, competitions, every=5):
            if seat < 0:
                continue
            decision = GAME.decision(state, seat)
            for word in notation_words(said.move(decision.hint)):
                assert fold(word) in localized, (language, decision.hint, word)
            for move in GAME.legal(state, seat):
                notation = GAME.format(move)
                shown = said.move(notation)
                for word in notation_words(shown):
                    assert fold(word) in localized, (language, shown, word)
                verb, _, rest = notation.partition(" ")
                for line in (shown, shown.upper(), unaccented(shown), notation,
                             f"{said.move(verb)} {rest}", f"{verb} {said.move(rest)}"):
                    assert GAME.read(line, state, seat, said).moves == [move], (language, notation, line)


# ----------------------------------------------------------------- the board, decisions and refusals


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_and_the_decisions_are_said_in_the_readers_language_within_78_columns(language: str) -> None:
    said = Checked(language)
    finished = 0
    for players, seed, competitions in TABLES:
        for state, seat in played(players, seed, competitions, every=9):
            for viewer in (None, *range(players)):
                board = GAME.render(state, viewer, said)
                lines = board.splitlines()
                assert [line for line in lines if len(line) > 78] == [], language
                assert SCRIPTS[language].search(lines[0]), lines[0]
            if seat < 0:
                finished += 1
                assert said.say(words.PHASES["over"]) in board
                continue
            decision = GAME.decision(state, seat)
            for text in (decision.title, *decision.choices):
                assert SCRIPTS[language].search(said.say(text)) or not isinstance(text, Text), text
    assert finished == len(TABLES)
    assert sorted(set(said.missing)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_is_said_in_the_readers_language(language: str) -> None:
    said = Checked(language)
    state = GAME.new(3, 4)
    seat = min(GAME.to_act(state))
    with pytest.raises(MoveError) as bad:
        GAME.read("flibbertigibbet", state, seat, said)
    other = (seat + 1) % 3
    with pytest.raises(IllegalMove) as illegal:
        GAME.apply(state, other, GAME.legal(state, seat)[0])
    with pytest.raises(MoveError) as late:
        GAME.read(GAME.format(GAME.legal(state, seat)[0]), state, other, said)
    for reason in (bad.value.reason, illegal.value.reason):
        assert isinstance(reason, Text)
        assert said.say(reason) != str(reason) and SCRIPTS[language].search(said.say(reason)), said.say(reason)
    assert late.value.reason
    assert said.missing == []
