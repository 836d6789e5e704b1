"""Natural replies are read as the moves they mean, in every game and language (#29).

``tests/engine/corpus/GAME.LANG.toml`` holds replies written the way players write them (inflected, first
person, articles and prepositions, adjective first, a number as a word, a greeting before and "done" after),
each with the state it is sent in (one of :data:`STATES`, built the way the games' own tests build them) and
the moves it means in English notation; and replies that must be refused (a negation, a word pbem does not
read). A reply is read through the real words of the language (the catalogs and
``pbem/language/reading.toml``), as a mail is.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import IllegalMove, MoveError
from pbem.language.words import words

CORPUS = Path(__file__).with_name("corpus")
LANGUAGES = ("en", "el", "hu", "ru")


def _dragon_states() -> dict[str, Callable[[], tuple[Any, int]]]:
    from tests.dragon.scenario import court, month_one, person_phase
    game = engine.game("dragon")

    def start() -> tuple[Any, int]:
        state = game.new(3, 1)
        return state, state.actor

    def action() -> tuple[Any, int]:
        state = month_one(3, 1)
        return state, state.actor

    def build() -> tuple[Any, int]:
        state = month_one(3, 1)
        seat = state.actor
        return game.apply(state, seat, game.parse("group 2 build", state, seat)[0]), seat

    def person() -> tuple[Any, int]:
        state = person_phase(month_one(3, 1))
        court(state, state.actor, (2, []), (2, []))  # two alike palaces: a person needs no palace named
        return state, state.actor

    def release() -> tuple[Any, int]:
        state, rng = game.new(3, 7), random.Random(7)
        while state.phase != "release":
            (seat,) = game.to_act(state)
            state = game.apply(state, seat, game.greedy(state, seat, rng))
        (seat,) = game.to_act(state)
        return state, seat

    return {"start": start, "action": action, "build": build, "person": person, "release": release}


def _china_states() -> dict[str, Callable[[], tuple[Any, int]]]:
    from tests.china.conftest import Scenario
    game = engine.game("china")

    def act() -> tuple[Any, int]:
        state = game.new(3, 7)
        Scenario(state).hand(0, "O Y R")  # the display shows orange, red, purple
        return state, 0

    def place() -> tuple[Any, int]:
        state, seat = act()
        return game.apply(state, seat, game.parse("play red", state, seat)[0]), seat

    def draw() -> tuple[Any, int]:
        state, seat = place()
        return game.apply(state, seat, game.parse("wei: pagoda 1", state, seat)[0]), seat

    def court() -> tuple[Any, int]:
        state = game.new(3, 7)
        Scenario(state).pagoda("shu-1", 1).hand(0, "R R Y")  # Shu holds a pagoda: its court takes an emissary
        return state, 0

    def envoy() -> tuple[Any, int]:
        state, seat = court()
        return game.apply(state, seat, game.parse("play red", state, seat)[0]), seat

    def joker() -> tuple[Any, int]:
        state, seat = court()  # two reds pay for one piece in any province
        return game.apply(state, seat, game.parse("play red red", state, seat)[0]), seat

    return {"act": act, "place": place, "draw": draw, "court": court, "envoy": envoy, "joker": joker}


def _prodigals_states() -> dict[str, Callable[[], tuple[Any, int]]]:
    from tests.prodigals.scenario import action_turn, give, new, on_board
    game = engine.game("prodigals")
    three = ["possessions", "election", "society"]

    def errands() -> tuple[Any, int]:
        state = new()
        return state, min(game.to_act(state))

    def errands3() -> tuple[Any, int]:
        state = new(comps=three)
        return state, min(game.to_act(state))

    def actions() -> tuple[Any, int]:
        return action_turn(), 0

    def hand() -> tuple[Any, int]:
        state = action_turn(comps=three)
        # at-the-pub x2, insult-the-vicar, pamphlet-fiasco, rude-remark, row-of-shame, gentlemens-walkout,
        # leapfrog, tory-baiter (black), property-swap, champagne-for-everyone, lavish-dinner, a-little-more-time
        give(state, 0, "E02", "E02", "E03", "E08", "S01", "S11", "S13", "S14", "EB1", "P05", "P06", "P02", "P01")
        on_board(state, 0, "SB1", "PB1")  # town-crier, land-steward
        for tile in ("BT_S_moves", "BT_P_sell"):
            state.bonus_tiles.remove(tile)
            state.players[0].bonus.append(tile)
        return state, 0

    def discard() -> tuple[Any, int]:
        state, seat = hand()
        return game.apply(state, seat, game.parse("done", state, seat)[0]), seat

    return {"errands": errands, "errands3": errands3, "actions": actions, "hand": hand, "discard": discard}


STATES: dict[str, Callable[[], dict[str, Callable[[], tuple[Any, int]]]]] = {
    "dragon": _dragon_states, "china": _china_states, "prodigals": _prodigals_states}
"""Per game, the named states the corpus sends its replies in."""


@cache
def state(game: str, name: str) -> tuple[Any, int]:
    return STATES[game]()[name]()


def corpus(kind: str) -> list[Any]:
    cases = []
    for path in sorted(CORPUS.glob("*.toml")):
        game, language = path.stem.split(".")
        for i, case in enumerate(tomllib.loads(path.read_text(encoding="utf-8")).get(kind, [])):
            cases.append(pytest.param(game, language, case, id=f"{game}-{language}-{i}"))
    return cases


def read(game: str, language: str, case: dict[str, Any]) -> tuple[list[Any], Any, int]:
    rules = engine.game(game)
    position, seat = state(game, case["state"])
    return rules.read(case["text"], rules.clone(position), seat, words(rules, language)).moves, position, seat


@pytest.mark.parametrize(("game", "language", "case"), corpus("reply"))
def test_a_natural_reply_means_its_moves(game: str, language: str, case: dict[str, Any]) -> None:
    rules = engine.game(game)
    position, seat = state(game, case["state"])
    meant = rules.read("\n".join(case["means"]), rules.clone(position), seat).moves
    assert meant, case
    moves, _, _ = read(game, language, case)
    assert [rules.format(m) for m in moves] == [rules.format(m) for m in meant], case["text"]


@pytest.mark.parametrize(("game", "language", "case"), corpus("not_yet"))
def test_a_natural_reply_not_read_yet_is_refused_never_misread(game: str, language: str, case: dict[str, Any]) -> None:
    """Replies players write that pbem does not read yet (each says why): refused today, and never played as
    another move; once one reads right, move it to ``[[reply]]``."""
    rules = engine.game(game)
    position, seat = state(game, case["state"])
    meant = [rules.format(m) for m in rules.read("\n".join(case["means"]), rules.clone(position), seat).moves]
    try:
        moves, _, _ = read(game, language, case)
    except (MoveError, IllegalMove):
        return
    assert [rules.format(m) for m in moves] == meant, case["text"]


@pytest.mark.parametrize(("game", "language", "case"), corpus("refused"))
def test_a_negated_or_unread_reply_is_refused(game: str, language: str, case: dict[str, Any]) -> None:
    with pytest.raises((MoveError, IllegalMove)):
        moves, _, _ = read(game, language, case)
        print(moves)


@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_every_language_has_a_corpus(game: str) -> None:
    for language in LANGUAGES:
        assert (CORPUS / f"{game}.{language}.toml").is_file(), language


@pytest.mark.parametrize(("game", "language", "text", "means", "not_read"), [
    ("dragon", "en", "pass\ndone\ngroup 1 harvest\nBob", "pass", ("group 1 harvest", "Bob")),
    ("dragon", "en", "pass\nend\nThanks, Anna", "pass", ("Thanks, Anna",)),
    ("dragon", "el", "πάσο\nτέλος\nσυγκομιδή από την ομάδα 1", "pass", ("συγκομιδή από την ομάδα 1",)),
    ("dragon", "hu", "passz, kész\naratás\nÜdv, Péter", "pass", ("aratás", "Üdv, Péter")),
    ("dragon", "ru", "пас\nвсё, готово\nсбор урожая из группы 1", "pass", ("сбор урожая из группы 1",)),
    ("china", "ru", "беру из колоды\nготово\nберу красную", "draw deck", ("беру красную",)),
    ("dragon", "ru", "всё, пас\nСаша", "pass", ("Саша",)),
    ("prodigals", "ru", "всё, готово\nпас", "done", ("пас",)),
])
def test_lines_after_a_done_word_are_listed_as_not_read(game: str, language: str, text: str, means: str,
                                                          not_read: tuple[str, ...]) -> None:
    """A done word ends the reply's moves; the lines after it, moves or not, are neither played nor dropped
    unsaid: the reading lists them as not read, as it lists a signature after the last move, and the mail
    says so. Sent before the turn, they are listed the same way."""
    rules = engine.game(game)
    position, seat = state(game, {"china": "draw", "dragon": "action", "prodigals": "actions"}[game])
    said = words(rules, language)
    reading = rules.read(text, rules.clone(position), seat, said)
    assert [rules.format(move) for move in reading.moves] == [means]
    assert reading.ignored == not_read
    assert rules.ahead(text, said).ignored == not_read


def test_the_verb_anywhere_is_read_first_in_each_alternative() -> None:
    """Hungarian, Greek and Russian put the verb anywhere («a pirosat játszom», «την κόκκινη παίζω»): each alternative of a line is read verb first on
    its own, so "tax, else I pass" stays two alternatives; a line of two verbs or of parts is left as written."""
    def read(game: str, language: str, line: str) -> str:
        return " ".join(words(engine.game(game), language).english(line).split())

    assert read("dragon", "hu", "adót, különben passzolok") == "tax, else pass"
    assert read("dragon", "hu", "passz, különben egy harcost felveszek") == "pass, else recruit warrior"
    assert read("dragon", "hu", "egy harcost felveszek, elbocsátom a szerzetest") == "warrior recruit, release monk"
    assert read("china", "hu", "su: pagoda 1, húzok") == "shu: pagoda 1, draw"
    assert read("dragon", "el", "τη συγκομιδή παίρνω") == "take harvest"  # Greek and Russian too
    assert read("china", "el", "την κόκκινη παίζω") == "play red"
    assert read("china", "ru", "красную играю, потом вэй: пагода 1") == "red play, потом wei: pagoda 1"  # parts
