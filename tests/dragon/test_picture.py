"""The board picture: a small PNG for a phone, drawn from what the seat may see and nothing else.

The speed target (20 ms a picture) is measured by a benchmark, never here.
"""

from __future__ import annotations

import io
import random
import pytest
from PIL import Image

import engine
from engine.dragon import data
from engine.dragon.picture import PERSON_COLOURS, SEAT_COLOURS, WIDTH
from engine.dragon.state import ACTION, BUILD, OVER, deal
from pbem.language.words import words as words_of
from tests.dragon.test_languages import positions

GAME = engine.game("dragon")
MOST_BYTES = 60 * 1024


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def test_every_picture_is_a_small_png_about_a_phone_wide() -> None:
    for state, seat in positions():
        for viewer in {seat, None, 0}:
            png = GAME.picture(state, viewer)
            assert png is not None and len(png) <= MOST_BYTES, (state.phase, len(png))
            drawn = image(png)
            assert drawn.format == "PNG" and drawn.size[0] == WIDTH and 400 < drawn.size[1] < 1100


def test_the_picture_changes_with_every_move_and_is_the_same_for_the_same_state() -> None:
    state = GAME.new(4, 3)
    rng = random.Random(3)
    before = GAME.picture(state, 0)
    for _ in range(40):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.greedy(state, seat, rng))
        after = GAME.picture(state, 0)
        assert after != before, state.phase
        assert GAME.picture(GAME.clone(state), 0) == after
        before = after


def test_another_seats_release_order_never_shows_and_ones_own_does() -> None:
    checked = 0
    order = ("old farmer", "craftsman")
    for i, (state, seat) in enumerate(positions()[::2]):
        if state.phase == OVER:
            continue
        other = (i + 1) % len(state.players)
        changed = GAME.clone(state)
        changed.players[other].release_order = () if state.players[other].release_order else order
        for viewer in (None, (other + 1) % len(state.players), (other - 1) % len(state.players)):
            assert GAME.picture(changed, viewer) == GAME.picture(state, viewer)
        assert GAME.picture(changed, other) != GAME.picture(state, other)
        checked += 1
    assert checked > 20


def test_the_deals_of_months_to_come_never_show() -> None:
    for state, seat in positions():
        if state.phase == OVER or state.round == data.ROUNDS:
            continue
        changed = GAME.clone(state)
        rng = random.Random(99)
        changed.deals = state.deals[:state.round] + tuple(deal(rng, len(state.players))
                                                          for _ in range(data.ROUNDS - state.round))
        assert changed.deals != state.deals
        for viewer in (seat, None):
            assert GAME.picture(changed, viewer) == GAME.picture(state, viewer)


def test_the_hands_are_public_so_every_seat_sees_a_change_in_another_hand() -> None:
    """D-10: the cards left are deducible at the table, so the picture shows them to everyone."""
    state = next(state for state, _ in positions() if state.phase == ACTION and state.round > 2)
    changed = GAME.clone(state)
    played = next(card for card, n in enumerate(changed.players[1].cards) if n)
    changed.players[1].cards[played] -= 1
    for viewer in (None, 0, 1):
        assert GAME.picture(changed, viewer) != GAME.picture(state, viewer)


def test_the_action_groups_show_in_the_action_phase_only() -> None:
    state = next(state for state, _ in positions() if state.phase == ACTION)
    other = GAME.clone(state)
    other.groups = tuple(reversed(state.groups))
    assert GAME.picture(other, None) != GAME.picture(state, None)
    taller = image(GAME.picture(state, None)).size[1]
    later = next(s for s, _ in positions() if s.phase not in (ACTION, BUILD, OVER) and len(s.players) == len(
        state.players))
    assert image(GAME.picture(later, None)).size[1] < taller


def test_every_seat_and_person_colour_is_drawn_exactly() -> None:
    """The palette keeps each drawing colour exact, so a colour never drifts towards a neighbour's."""
    state = next(s for s, _ in reversed(positions()) if s.phase != OVER and len(s.players) == 5)
    colours = {colour for _count, colour in image(GAME.picture(state, 0)).convert("RGB").getcolors(1 << 16)}
    present = {data.KINDS[code].type_id for player in state.players for _f, persons in player.palaces
               for code in persons}
    assert set(SEAT_COLOURS) <= colours
    assert {PERSON_COLOURS[type_id] for type_id in present} <= colours


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
def test_the_labels_are_in_the_readers_language(language: str) -> None:
    said = words_of(GAME, language)
    for state, seat in positions()[::7]:
        english, translated = GAME.picture(state, seat), GAME.picture(state, seat, said)
        assert translated != english
        assert len(translated) <= MOST_BYTES and image(translated).size[0] == image(english).size[0]
