"""Every label of the Dragon picture fits its box in every language (issue 32): measured with Pillow in the
font the picture draws with, at the size and on the lines the picture lays it out on. A long Greek event
(«στρατιωτική παρέλαση») goes on two lines instead of shrinking past reading, a count («Джок×2») is never
clipped, and a seat's header holds its player's name."""

from __future__ import annotations

import pytest

import engine
from engine.dragon import data, picture
from engine.dragon.views import short
from engine.dragon.words import EVENTS_SHORT, SHORT
from engine.drawing import font
from engine.text import seat_label
from pbem.language.words import named, words

RULES = engine.game("dragon")
LANGUAGES = ("en", "el", "hu", "ru")
LONG_NAME = "Βασιλική Παπαδοπούλου-Αθανασίου"


def fits(text: str, width: float, height: float, size: int, bold: bool, lines: int) -> tuple[str, ...]:
    shown, at = picture._layout(text, round(width), size, bold, lines)
    face = font(at, bold)
    assert all(face.getlength(line) <= width for line in shown), (text, shown, at, width)
    assert len(shown) * (at + 1) <= height, (text, shown, at, height)
    assert at >= 8, (text, at)
    assert all(line.rstrip("…").replace(" ", "") in text.replace(" ", "") for line in shown), (text, shown)
    return shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_fits_its_month_box(language: str) -> None:
    said = words(RULES, language)
    box = (picture.WIDTH - 2 * picture.MARGIN) / 6
    for month in (1, 12):
        number = f"{month}\u2713"
        room = box - (6 + picture._length(number, 13, True) + 4) - 6
        for event in EVENTS_SHORT:
            for bold in (False, True):  # the month now is written bold
                fits(said.say(EVENTS_SHORT[event]), room, picture.EVENT_H - 4, 12, bold, 2)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_with_its_count_fits_the_narrowest_card_box(language: str) -> None:
    """A hand of every card, each held several times: the boxes are then at their narrowest."""
    said = words(RULES, language)
    left = picture.MARGIN + picture.LEFT_W
    label = said.say(picture.PICTURE["cards"])
    x = left + picture._length(label, picture._fitted_size(label, 80, 12, False), False) + 6
    width = min(48.0, (picture.WIDTH - picture.MARGIN - 8 - x) / len(data.CARDS))
    for card in data.CARDS:
        for count in (1, 2, 4):
            shown = fits(picture.card_label(said, card, count), width - 7, picture.CARD_H, 10, True, 2)
            assert count == 1 or shown[-1].endswith(f"\u00d7{count}"), shown  # a count is never cut off


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_person_tile_and_group_card_fits(language: str) -> None:
    said = words(RULES, language)
    for code, kind in enumerate(data.KINDS):
        if kind is not None:
            fits(short(code, said), 35 - 6, 22, 11, True, 1)
    room = (picture.WIDTH - 2 * picture.MARGIN) / 4 - 34 - 12 * 2  # four groups, two dragons on one
    for card in SHORT:
        for line in picture._layout(said.move(card), round(room), 12, False, 2)[0]:
            assert picture._length(line, 12, False) <= room or font(8).getlength(line) <= room, line


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_seat_header_names_its_player_and_fits(language: str) -> None:
    said = named(words(RULES, language), ["Ann", LONG_NAME, "Джок", "Éva"])
    for seat in range(4):
        header = seat_label(said, seat)
        assert said.names[seat].split()[0] in header
        fits(header, picture.LEFT_W - 48, 30, 14, True, 2)


def test_the_picture_names_every_seat_s_player() -> None:
    """Drawn through the protocol with a table's names: the picture is made (its labels laid out as above)."""
    state = RULES.new(4, 3, {})
    said = named(words(RULES, "ru"), ["Ann", LONG_NAME, "Джок", "Éva"])
    assert RULES.picture(state, 0, said) != RULES.picture(state, 0, words(RULES, "ru"))
    assert "Джок" in RULES.render(state, 0, said)
