"""Every label of the China picture fits its box in every language (issue 32), as Dragon's do: each text's
box is measured with Pillow's ``textbbox`` in the font the picture draws it with, where the picture draws it,
and must lie inside the shape it stands in (a province's name in its province, a number in its disc, seal or
diamond, the key in the legend) and inside the picture. The scores row names each seat's player inside the
seat's share of the width however long the name, and a long name is cut, never the points."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

import engine
from engine.china import picture
from engine.china.geometry import inside
from engine.china.state import State
from engine.drawing import font
from engine.text import seat_name
from pbem.language.words import named, words
from tests.engine.greedy import greedy_states

GAME = engine.game("china")
LANGUAGES = ("en", "el", "hu", "ru")
NAMES = ("Βασιλική Παπαδοπούλου-Αθανασίου", "Ann", "Александра Константиновна", "Αικατερινοπουλοπούλου",
         "Kovácsné Szőke-Győri Éva")
"""A long Greek name, a short one, a Cyrillic one, a Greek one of 21 letters without a space to break it at,
and a Hungarian one with ő and ű."""

Box = tuple[float, float, float, float]


class Recording(ImageDraw.ImageDraw):
    """A pen keeping the box of every text it writes and the outline of every shape it draws, with the image it
    draws on (kept alive till the recording is read, so no image's id is reused)."""

    texts: list[tuple[str, Box, Image.Image, int]] = []
    shapes: list[tuple[str, Any, Image.Image]] = []

    def __init__(self, image: Image.Image, mode: str | None = None) -> None:
        super().__init__(image, mode)
        self.image = image

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs) -> None:  # type: ignore[no-untyped-def, override]
        Recording.texts.append((text, self.textbbox(xy, text, font=font, anchor=anchor), self.image,
                                len(Recording.shapes)))
        super().text(xy, text, fill, font, anchor, *args, **kwargs)

    def rectangle(self, xy, *args, **kwargs) -> None:  # type: ignore[no-untyped-def, override]
        Recording.shapes.append(("rectangle", tuple(xy), self.image))
        super().rectangle(xy, *args, **kwargs)

    def ellipse(self, xy, *args, **kwargs) -> None:  # type: ignore[no-untyped-def, override]
        Recording.shapes.append(("ellipse", tuple(xy), self.image))
        super().ellipse(xy, *args, **kwargs)

    def polygon(self, xy, *args, **kwargs) -> None:  # type: ignore[no-untyped-def, override]
        Recording.shapes.append(("polygon", [tuple(point) for point in xy], self.image))
        super().polygon(xy, *args, **kwargs)


def record(draw) -> list[tuple[str, Box, Image.Image, int]]:  # type: ignore[no-untyped-def]
    Recording.texts, Recording.shapes = [], []
    draw()
    return Recording.texts


def holds(kind: str, shape: Any, point: tuple[float, float]) -> bool:
    x, y = point
    if kind == "polygon":
        return inside(point, shape)
    left, top, right, bottom = shape
    if kind == "rectangle":
        return left <= x <= right and top <= y <= bottom
    cx, cy, rx, ry = (left + right) / 2, (top + bottom) / 2, (right - left) / 2, (bottom - top) / 2
    return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1


def in_their_shapes() -> None:
    """Each text lies inside the picture, and wholly inside the shape it is written on: the last drawn before it
    on the same image that holds its middle (a disc, a seal, a diamond, a province, the legend's band)."""
    for text, (x0, y0, x1, y1), image, drawn in Recording.texts:
        assert 0 <= x0 and x1 <= image.width and 0 <= y0 and y1 <= image.height, (text, (x0, y0, x1, y1))
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        around = [(kind, shape) for kind, shape, on in Recording.shapes[:drawn]
                  if on is image and holds(kind, shape, middle)]
        if not around:
            continue
        kind, shape = around[-1]
        corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        assert all(holds(kind, shape, corner) for corner in corners), (text, (x0, y0, x1, y1), kind, shape)


def played(players: int, every: int) -> Iterator[State]:
    """States of a greedy game (pagodas, fortresses and emissaries filling up), then its end."""
    return greedy_states(GAME, players, 5, every=every)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_label_lies_inside_its_shape(language: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole pictures through ``draw``, the side's layer drawn anew: province names, site and alliance numbers,
    seals, diamonds, the key and the scores."""
    monkeypatch.setattr(picture.ImageDraw, "Draw", Recording)
    monkeypatch.setattr(picture, "_LAYERS", {})
    said = named(words(GAME, language), NAMES[:players])
    for state in played(players, every=30):  # the first picture draws (and records) the side's layer
        texts = record(lambda: picture.draw(state, said))
        assert texts
        in_their_shapes()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_seat_s_score_names_its_player_inside_its_share(language: str, players: int) -> None:
    state = GAME.new(players, 1)
    said = named(words(GAME, language), NAMES[:players])
    width = state.side.layout["size"][0]
    pen = Recording(Image.new("RGB", (width, picture.LEGEND_HEIGHT), picture.WHITE))
    texts = record(lambda: picture._scores(state, pen, font(20), 0, said))
    share = (width - 20) / players
    labels = [(text, box) for text, box, _, _ in texts if ":" in text]
    assert len(labels) == players
    for seat, (text, (x0, y0, x1, y1)) in enumerate(labels):
        assert 10 + share * seat + 28 <= x0 and x1 <= 10 + share * (seat + 1), (text, x0, x1, seat)
        name, points = text.rsplit(": ", 1)
        assert points == said.say(picture.TN("%(n)s point", "%(n)s points", state.total(seat)))
        full = seat_name(said, seat)
        assert name == full or (name.endswith("…") and full.startswith(name[:-1].rstrip())), (full, name)
    assert any(text.startswith("Ann: ") for text, _ in labels)  # a name that fits is written whole


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_seal_count_fits_its_seal(language: str) -> None:
    """The seal shows the emissaries placed and the limit: both at most the sites a province has."""
    most = max(len(sites) for sites in GAME.new(5, 1).side.province_sites)
    pen = Recording(Image.new("RGB", (60, 60), picture.WHITE))
    record(lambda: [picture._seal(pen, (30, 30), f"{placed}/{limit}", font(16))
                    for limit in range(most + 1) for placed in range(limit + 1)])
    in_their_shapes()
