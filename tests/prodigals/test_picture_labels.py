"""Every label of the Prodigals picture fits its box in every language (issue 32), as Dragon's do: each text's
box is measured with Pillow's ``textbbox`` in the font the picture draws it with, where the picture draws it.
The society and election panels head each seat's board with its player's name, inside that seat's share of
the width, however long the name; an errand space's name stays inside its box; nothing leaves the picture."""

from __future__ import annotations

import pytest
from PIL import Image

import engine
from engine.drawing import font
from engine.prodigals import flow, picture
from engine.prodigals.state import State
from engine.prodigals.views import CARD_SET_IDS, space_name
from engine.text import seat_name
from pbem.language.words import named, words
from tests.prodigals.test_picture import played, with_hands

GAME = engine.game("prodigals")
LANGUAGES = ("en", "el", "hu", "ru")
NAMES = ("Ann", "Βασιλική Παπαδοπούλου-Αθανασίου", "Александра Константиновна", "Αικατερινοπουλοπούλου",
         "Kovácsné Szőke-Győri Éva")
"""A short name, a long Greek one, a Cyrillic one, a Greek one of 21 letters without a space to break it at,
and a Hungarian one with ő and ű."""
ALL = ["possessions", "election", "society"]

Box = tuple[float, float, float, float]


class Recording(picture._Pen):
    """The picture's pen, keeping the box of every text it writes and of every rectangle it draws, with the
    image it draws on (the picture, or a piece pasted into it)."""

    boxes: list[tuple[str, Box, tuple[int, int]]] = []
    frames: list[tuple[Box, int]] = []
    texts: list[tuple[str, Box, int]] = []

    def write(self, xy, text, typeface, fill=picture.INK, anchor="la") -> None:  # type: ignore[no-untyped-def]
        self.keep(text, self.textbbox(xy, text, font=typeface, anchor=anchor))
        super().write(xy, text, typeface, fill, anchor)

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs) -> None:  # type: ignore[no-untyped-def, override]
        self.keep(text, self.textbbox(xy, text, font=font, anchor=anchor))
        super().text(xy, text, fill, font, anchor, *args, **kwargs)

    def rectangle(self, xy, *args, **kwargs) -> None:  # type: ignore[no-untyped-def, override]
        Recording.frames.append((tuple(xy), id(self.image)))  # type: ignore[arg-type]
        super().rectangle(xy, *args, **kwargs)

    def keep(self, text: str, box: Box) -> None:
        Recording.boxes.append((text, box, self.image.size))
        Recording.texts.append((text, box, id(self.image)))


def recorded(draw) -> list[tuple[str, Box, tuple[int, int]]]:  # type: ignore[no-untyped-def]
    """What ``draw()`` wrote; ``draw`` keeps the images it draws on alive till it returns."""
    Recording.boxes, Recording.frames, Recording.texts = [], [], []
    draw()
    return Recording.boxes


def in_their_frames() -> None:
    """Each text recorded whose middle lies in a rectangle drawn on the same image (an errand space's box, a
    possession tile, a grid's cell, the heading's band) lies wholly inside it."""
    for text, (x0, y0, x1, y1), image in Recording.texts:
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        for (left, top, right, bottom), on in Recording.frames:
            if on == image and left <= middle[0] <= right and top <= middle[1] <= bottom:
                assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom, \
                    (text, (x0, y0, x1, y1), (left, top, right, bottom))


def table(players: int, language: str):  # type: ignore[no-untyped-def]
    return named(words(GAME, language), NAMES[:players])


def the_state(players: int) -> State:
    """A table in its actions phase, every competition in play, seats holding cards and boards."""
    return with_hands(GAME.new(players, 3, {"competitions": ALL}))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("panel", ["society", "election"])
def test_each_seat_s_board_is_headed_by_its_player_s_name_inside_its_share(language: str, players: int,
                                                                          panel: str) -> None:
    state = the_state(players)
    said = table(players, language)
    pen = Recording(Image.new("RGB", (picture.WIDTH, 800), picture.WHITE))
    draw = picture._society if panel == "society" else picture._circles
    boxes = recorded(lambda: draw(state, pen, said, 0))
    heading, names = boxes[0], boxes[1:]
    assert heading[0] == said.say(picture.COMPETITIONS[panel])
    top = picture._heading(Recording(Image.new("RGB", (picture.WIDTH, 40))), 0, heading[0])
    row = (top, top + picture.NAME_H)  # the row under the heading, over the seats' boards
    written: dict[int, str] = {}
    for text, (x0, y0, x1, y1), _ in names:
        index = next(i for i, (left, right) in enumerate(picture.slots(players)) if left <= x0 < right)
        left, right = picture.slots(players)[index]
        assert x1 <= right, (text, x1, right)
        assert row[0] <= y0 and y1 <= row[1], (text, y0, y1, row)
        written[index] = (written.get(index, "") + " " + text).strip()
    for index, player in enumerate(state.players):
        name = seat_name(said, player.seat)
        shown = written[index]
        assert shown == name or (shown.endswith("…") and shown[:-1].replace(" ", "") in name.replace(" ", "")), \
            (name, shown)


def test_without_names_the_panels_show_the_discs_alone() -> None:
    state = the_state(3)
    pen = Recording(Image.new("RGB", (picture.WIDTH, 800), picture.WHITE))
    boxes = recorded(lambda: picture._society(state, pen, words(GAME, "en"), 0))
    assert [text for text, _, _ in boxes] == ["society"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_errand_space_s_name_fits_its_box(language: str) -> None:
    said = words(GAME, language)
    for players in (2, 5):
        state = GAME.new(players, 3, {"competitions": ALL})
        for key in flow.space_table(state.side, state.competitions, players):
            shown, size = picture.space_label(said, key)
            x0, _, x1, _ = font(size).getbbox(shown[0])
            assert x1 - min(x0, 0) <= picture.SPACE_WIDTH - 6, (key, shown, size)
            assert size >= 10 and (shown[0] == space_name(said, key) or shown[0].endswith("…")), (key, shown)
            assert shown[0] != said.move(key) or key not in CARD_SET_IDS, (key, shown)  # a card set in words


@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_written_leaves_the_picture(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole pictures through ``draw``, every piece drawn anew: every text lies inside what it is drawn on,
    and inside the picture's margins."""
    monkeypatch.setattr(picture, "_Pen", Recording)
    monkeypatch.setattr(picture, "_PIECES", {})
    for players in (2, 5):
        said = table(players, language)
        states = [*played(players, ALL, every=60), the_state(players)]
        for state in states:
            for seat in (None, 0):
                boxes = recorded(lambda: picture.draw(state, seat, said))
                assert boxes
                for text, (x0, y0, x1, y1), (width, height) in boxes:
                    assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, (text, (x0, y0, x1, y1))
                    if width == picture.WIDTH:
                        assert x1 <= picture.WIDTH - picture.MARGIN / 2, (text, x1)
                in_their_frames()  # one picture at a time: an image's id is reused once it is freed


def test_the_picture_names_every_seat_s_player_in_both_panels() -> None:
    state = the_state(4)
    said = table(4, "ru")
    assert GAME.picture(state, 0, said) != GAME.picture(state, 0, words(GAME, "ru"))
    pen = Recording(Image.new("RGB", (picture.WIDTH, 800), picture.WHITE))
    boxes = recorded(lambda: picture._circles(state, pen, said, 0))
    assert "Ann" in [text for text, _, _ in boxes]
