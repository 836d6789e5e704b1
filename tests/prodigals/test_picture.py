"""The Prodigals Club's board picture: a small PNG a phone shows whole, that follows the state, is in the
reader's language and never shows another seat's hand, drawn tile or standing orders."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

import engine
from engine.prodigals.data import DATA
from engine.prodigals.state import State
from pbem.language.words import words as words_of
from tests.engine.greedy import greedy_states

GAME = engine.game("prodigals")
COMBINATIONS = (["election", "society"], ["possessions", "election"], ["possessions", "society"],
                ["possessions", "election", "society"])
LIMIT = 60 * 1024


def played(players: int, competitions: list[str], seed: int = 3, every: int = 15) -> Iterator[State]:
    """Every ``every``-th state of a greedy game, then the finished game."""
    return greedy_states(GAME, players, seed, {"competitions": competitions}, every)


def with_hands(state: State) -> State:
    """A state from the actions phase of a greedy game, where every seat holds cards."""
    for later in played(state.players_count, list(state.competitions), every=1):
        if later.phase == "actions" and all(p.hand for p in later.players):
            return later
    raise AssertionError("no action phase with every hand full")


def other_hands_changed(state: State, seat: int) -> State:
    """The same table with every other seat's hidden things different: the cards in hand (as many as before),
    a political tile just drawn, the standing orders."""
    changed = GAME.clone(state)
    spare = [u for deck in changed.decks.values() for u in deck]
    tiles = list(DATA.political)
    for player in changed.players:
        if player.seat == seat:
            continue
        swapped = [spare.pop() for _ in player.hand]
        assert swapped != player.hand
        player.hand = swapped
        player.drawn_tile = next(t for t in tiles if t != player.drawn_tile)
        player.up_order = list(reversed([*player.markers]))
        player.keep = swapped[:1]
    return changed


def open_png(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.mark.parametrize("competitions", COMBINATIONS, ids="+".join)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_picture_is_a_small_palette_png_600_wide(players: int, competitions: list[str]) -> None:
    greek = words_of(GAME, "el")
    for state in played(players, competitions, every=40):
        for seat in (None, 0, players - 1):
            for words in (engine.text.ENGLISH, greek):
                png = GAME.picture(state, seat, words)
                image = open_png(png)
                assert image.mode == "P" and image.width == 600
                assert len(png) <= LIMIT, (players, competitions, state.round, state.phase, len(png))


@pytest.mark.parametrize("competitions", COMBINATIONS, ids="+".join)
def test_the_picture_follows_the_state(competitions: list[str]) -> None:
    pictures = [GAME.picture(state, 0) for state in played(4, competitions, every=10)]
    assert all(a != b for a, b in zip(pictures, pictures[1:]))


def test_a_society_marker_moved_changes_the_picture() -> None:
    state = GAME.new(3, 1, {"competitions": ["election", "society"]})
    moved = GAME.clone(state)
    marker, (row, column) = next(iter(moved.players[2].markers.items()))
    moved.players[2].markers[marker] = (row + 3, column)
    assert GAME.picture(moved, 0) != GAME.picture(state, 0)


@pytest.mark.parametrize("competitions", COMBINATIONS, ids="+".join)
@pytest.mark.parametrize("players", [2, 5])
def test_no_seat_sees_another_seats_hidden_things(players: int, competitions: list[str]) -> None:
    state = with_hands(GAME.new(players, 3, {"competitions": competitions}))
    for seat in range(players):
        changed = other_hands_changed(state, seat)
        assert GAME.picture(changed, seat) == GAME.picture(state, seat)
    everyone = other_hands_changed(state, -1)
    assert GAME.picture(everyone, None) == GAME.picture(state, None)


def test_a_seat_sees_its_own_hand_and_drawn_tile() -> None:
    """The test above could not fail if hands were never drawn: the owner's own picture does change."""
    state = with_hands(GAME.new(4, 3, {"competitions": ["possessions", "election", "society"]}))
    changed = other_hands_changed(state, 1)  # every seat but 1, so seat 0's own hand is different
    assert GAME.picture(changed, 0) != GAME.picture(state, 0)
    drawn = GAME.clone(state)
    drawn.players[0].drawn_tile = next(iter(DATA.political))
    assert GAME.picture(drawn, 0) != GAME.picture(state, 0)
    assert GAME.picture(drawn, 1) == GAME.picture(state, 1)


def test_the_labels_are_in_the_readers_language() -> None:
    state = with_hands(GAME.new(3, 3, {"competitions": ["possessions", "election", "society"]}))
    english = GAME.picture(state, 0)
    for language in ("el", "hu", "ru"):
        assert GAME.picture(state, 0, words_of(GAME, language)) != english
    assert GAME.picture(state, 0, words_of(GAME, "en")) == english
