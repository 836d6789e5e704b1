"""The picture is drawn as strips kept from the pictures before (issue #33): what is kept must never show in a
picture what its own state, seat and reader would not, and the PNG it makes must be a sound one."""

from __future__ import annotations

import io
import random
import zlib
from unittest import mock

import pytest
from PIL import Image, ImageChops, ImageDraw

import engine
from engine.dragon import picture
from engine.drawing import Layers, Strips, adler32_joined
from pbem.language.words import named, words
from tests.dragon.test_languages import positions

GAME = engine.game("dragon")
LANGUAGES = ("en", "el", "hu", "ru")


def fresh(state: engine.State, seat: int | None, said: object) -> bytes:
    """The picture drawn with nothing kept: no strip, no layer, every prince's row drawn whole in place."""
    picture._strips.cache_clear()
    picture._layers.cache_clear()
    with mock.patch.object(picture, "_row", lambda *args: None):
        drawn = picture.draw(state, seat, said)  # type: ignore[arg-type]
    picture._strips.cache_clear()
    return drawn


def test_a_picture_of_kept_strips_is_the_picture_drawn_with_none_kept() -> None:
    """Pictures drawn one after the other, in four languages and for every kind of viewer, reuse the strips of
    the ones before, and put the rows, the order and the supply together from the layers kept from them; each
    must be byte for byte the picture drawn from nothing, every strip drawn whole. A strip or layer kept under
    a key that leaves out something it shows would bring an older state's drawing back here, and a layer
    pasted where it does not come out as drawn in place would differ."""
    # Tables of other names (layers that name no player are shared between them, the rest never).
    readers = [named(words(GAME, language), [f"{language}{table}.{n}" for n in range(5)])
               for table in range(3) for language in LANGUAGES]
    drawn = 0
    stacked = Layers.stacked
    composed: list[bool] = []

    def counted(self, base, layers):  # type: ignore[no-untyped-def]
        row = stacked(self, base, layers)
        composed.append(row is not None)
        return row

    with mock.patch.object(Layers, "stacked", counted):
        for i, (state, seat) in enumerate(positions()):
            said = readers[i % len(readers)]
            for viewer in {seat, None, ((seat or 0) + 1) % len(state.players)}:
                kept = picture.draw(state, viewer, said)
                assert kept == fresh(state, viewer, said), (state.phase, viewer)
                drawn += 1
                picture.draw(state, viewer, said)  # warm again for the next position
    assert drawn > 300
    assert sum(composed) > 0.9 * len(composed) > 300, "the rows were drawn whole, not put together from layers"


def test_a_tile_pasted_from_its_stamp_is_the_tile_drawn_in_place(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Person tiles are pasted from kept stamps (``picture._stamp``), at every place a tile is drawn (palaces of
    every width, the supply), in four languages: each picture must be byte for byte the one with every tile drawn
    where it stands. A stamp whose mask left out a pixel the tile sets, or that rounded a coordinate otherwise,
    would differ here."""
    readers = [named(words(GAME, language), [f"{language}{n}" for n in range(5)]) for language in LANGUAGES]

    def in_place(pen, box, code, said):  # type: ignore[no-untyped-def]
        picture._draw_tile(pen, box, code, picture.short(code, said))

    compared = 0
    for i, (state, seat) in enumerate(positions()):
        said = readers[i % len(readers)]
        stamped = fresh(state, seat, said)
        with monkeypatch.context() as patched:
            patched.setattr(picture, "_tile", in_place)
            assert stamped == fresh(state, seat, said), (state.phase, seat)
        compared += 1
    picture._strips.cache_clear()
    assert compared > 100 and picture._stamp.cache_info().hits > 1000


def test_the_table_names_and_the_language_are_never_taken_from_another_table() -> None:
    state, _ = positions()[40]
    first = named(words(GAME, "en"), ["Anna", "Bob", "Carla", "Dan"])
    second = named(words(GAME, "en"), ["Zoe", "Yann", "Xu", "Will"])
    greek = named(words(GAME, "el"), ["Anna", "Bob", "Carla", "Dan"])
    pictures = [picture.draw(state, 0, said) for said in (first, second, greek)]
    assert len(set(pictures)) == 3
    assert pictures[1] == fresh(state, 0, second) and pictures[2] == fresh(state, 0, greek)


def test_the_png_is_sound_and_shows_the_strips_drawn_whole() -> None:
    """Pillow reads and verifies the joined PNG (chunk checksums, the one deflate stream and its Adler-32), and
    its pixels are those of the strips drawn on one image and mapped onto the palette."""
    palette = picture._palette()
    strips = Strips(40, palette, kept_bytes=10_000)
    colours = [(255, 255, 255), (200, 70, 0), (0, 90, 180)]
    stack, top = [], 0
    for n, (height, colour) in enumerate(zip((5, 8, 3), colours)):
        stack.append(strips.strip(("band", n), top, height,
                                  lambda pen, y, c=colour, h=height: pen.rectangle((2, y, 30, y + h - 1), fill=c),
                                  (255, 255, 255)))
        top += height
    png = strips.png(stack)
    Image.open(io.BytesIO(png)).verify()
    shown = Image.open(io.BytesIO(png)).convert("RGB")
    whole = Image.new("RGB", (40, 16), (255, 255, 255))
    for (y0, y1), colour in zip(((0, 4), (5, 12), (13, 15)), colours):
        whole.paste(colour, (2, y0, 31, y1 + 1))
    whole = whole.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    assert shown.size == (40, 16) and ImageChops.difference(shown, whole).getbbox() is None
    assert shown.getpixel((10, 7)) == colours[1]


def test_strips_kept_stay_within_their_bytes_and_an_unnamed_strip_is_never_kept() -> None:
    strips = Strips(200, picture._palette(), kept_bytes=3_000)
    rng = random.Random(1)
    for n in range(60):
        strips.strip(("noise", n), 0, 20, lambda pen, y: [pen.point((rng.randrange(200), y + rng.randrange(20)),
                                                                    fill=(0, 0, 0)) for _ in range(300)],
                     (255, 255, 255))
    assert 0 < strips._bytes <= 3_000 and len(strips._kept) < 60
    before = len(strips._kept)
    strips.strip(None, 0, 20, lambda pen, y: None, (255, 255, 255))
    assert len(strips._kept) == before


def test_adler32_of_joined_bytes() -> None:
    rng = random.Random(7)
    for _ in range(100):
        first = rng.randbytes(rng.randrange(0, 5000))
        second = rng.randbytes(rng.randrange(0, 5000))
        assert adler32_joined(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(first + second)


def unlike_drawn_anew(language: str) -> list[str]:
    """What, changed alone, the picture drawn right after the unchanged one (its strips and layers kept) fails
    to show as the picture drawn from nothing does: each prince's goods, palaces (floors, persons, how many, so
    many they narrow), cards and own release order, who is asked and who looks, and the table's supply, events,
    month, groups, dragons and order."""
    state = next(s for s, seat in positions() if s.phase == "action" and seat is not None and s.round > 2
                 and s.players[1].palaces and s.players[1].palaces[0][1])
    said = named(words(GAME, language), [f"{language}{n}" for n in range(5)])

    def first_palace(p, floors: int = 0, person: int | None = None) -> None:  # type: ignore[no-untyped-def]
        (have, persons), *rest = p.palaces
        p.palaces = [(have + floors, persons if person is None else (person, *persons[1:])), *rest]

    changes = {
        "yuan": lambda p: setattr(p, "yuan", p.yuan + 7), "rice": lambda p: setattr(p, "rice", p.rice + 1),
        "fireworks": lambda p: setattr(p, "fireworks", p.fireworks + 1),
        "score": lambda p: setattr(p, "score", p.score + 3), "track": lambda p: setattr(p, "track", p.track + 1),
        "small": lambda p: setattr(p, "small", p.small + 1), "large": lambda p: setattr(p, "large", p.large + 1),
        "palaces": lambda p: setattr(p, "palaces", [*p.palaces, (1, ())]),
        "palaces narrowed": lambda p: setattr(p, "palaces", [*p.palaces, *[(1, ())] * 7]),
        "floors": lambda p: first_palace(p, floors=-1 if p.palaces[0][0] > 1 else 1),
        "persons": lambda p: first_palace(p, person=next(c for c in (0, 2, 4) if c != p.palaces[0][1][0])),
        "no palaces": lambda p: setattr(p, "palaces", []),
        "cards": lambda p: setattr(p, "cards", [n + 1 for n in p.cards]),
        "one card fewer": lambda p: setattr(p, "cards", [max(0, n - 1) for n in p.cards]),
        "release order": lambda p: setattr(p, "release_order", ("old farmer", "craftsman")),
    }
    tables = {
        "supply": lambda s: setattr(s, "supply", [n + 1 for n in s.supply]),
        "events": lambda s: setattr(s, "events", tuple(reversed(s.events))),
        "month": lambda s: setattr(s, "round", s.round + 1),
        "dragons": lambda s: setattr(s, "dragons", [n + 1 for n in s.dragons]),
        "order": lambda s: setattr(s, "order", list(reversed(s.order))),
        "groups": lambda s: setattr(s, "groups", [list(reversed(g)) + ["monk"] for g in s.groups]),
        "asked": lambda s: setattr(s, "actor", (s.actor + 1) % len(s.players)),
    }
    viewer = 1
    unlike = []
    for looking in (viewer, 2):
        for name, change in [*((n, lambda s, c=c: c(s.players[viewer])) for n, c in changes.items()), *tables.items()]:
            changed = GAME.clone(state)
            change(changed)
            before = picture.draw(state, looking, said)  # type: ignore[arg-type]
            after = picture.draw(changed, looking, said)  # type: ignore[arg-type]
            private = name == "release order" and looking != viewer  # only its own prince sees it
            if (after == before) != private or after != fresh(changed, looking, said):
                unlike.append(f"{name} seen by {looking}")
    return unlike


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_change_to_anything_the_picture_shows_is_drawn_even_with_the_rest_kept(language: str) -> None:
    assert unlike_drawn_anew(language) == []


@pytest.mark.parametrize(("drawings", "left_out"), [
    ("_row_parts", "good"), ("_row_parts", "palace"), ("_row_parts", "cards"), ("_order_parts", "seat"),
    ("_order_parts", "space"), ("_supply_parts", "kind")])
def test_a_layer_kept_by_a_key_that_leaves_out_what_it_shows_is_caught(drawings: str, left_out: str) -> None:
    """The test above fails where a layer's key leaves out a value it shows: here the last part of the key of
    a good, a palace, the cards, a seat's chip, its track space or a supply tile (its number, persons, the
    cards held, whether it is asked, the space, the counts) is left out, and an older drawing comes back."""
    parts = getattr(picture, drawings)

    def incomplete(*args):  # type: ignore[no-untyped-def]
        frame, kept = parts(*args)
        return frame, [((*key[:-1], None) if key[0] == left_out else key, paint) for key, paint in kept]

    picture._layers.cache_clear()
    with mock.patch.object(picture, drawings, incomplete):
        assert unlike_drawn_anew("en") != []
    picture._layers.cache_clear()


def test_a_layer_is_pasted_only_where_it_comes_out_as_drawn_in_place() -> None:
    """A layer of shapes goes over anything; one that blends ink into its ground goes only where the strip
    beneath is still that ground, and elsewhere the strip is not put together (None): drawn whole instead."""
    strips = Strips(40, picture._palette())
    layers = Layers(strips)
    ground = picture.PANEL

    def panel(pen, y, square=False):  # type: ignore[no-untyped-def]
        pen.rectangle((0, y, 39, y + 19), fill=ground)
        if square:
            pen.rectangle((10, y + 4, 20, y + 14), fill=picture.ROOF)

    def box(pen, y):  # type: ignore[no-untyped-def]
        pen.rectangle((12, y + 6, 30, y + 12), fill=picture.FLOOR, outline=picture.BLACK)

    def ink(pen, y):  # type: ignore[no-untyped-def]
        picture._write(pen, (12, y + 9), "Ab", 12, False, picture.BLACK, "lm")

    def whole(*paints):  # type: ignore[no-untyped-def]
        image = Image.new("RGB", (40, 20), (255, 255, 255))
        for paint in paints:
            paint(ImageDraw.Draw(image), 0)
        return strips.mapped(image).tobytes()

    def marked_panel(pen, y):  # type: ignore[no-untyped-def]
        panel(pen, y, True)

    plain = layers.base("plain", 20, 0, (255, 255, 255), ground, panel)
    marked = layers.base("marked", 20, 0, (255, 255, 255), ground, marked_panel)
    shapes, text = layers.layer("box", 20, 0, ground, box), layers.layer("ink", 20, 0, ground, ink)
    assert shapes.reach is None and text.reach is not None  # the box blends nothing into its ground, the text does
    for base, under in ((plain, panel), (marked, marked_panel)):
        composed = layers.stacked(base, [shapes])
        assert composed is not None and composed.tobytes() == whole(under, box)
    composed = layers.stacked(plain, [text])
    assert composed is not None and composed.tobytes() == whole(panel, ink)
    assert layers.stacked(marked, [text]) is None  # the text over the roof colour would not come out as drawn there
    assert layers.stacked(plain, [shapes, text]) is None  # nor over the box
    # The canvases kept to draw layers on are left blank for the next: black, white, and the ground text was on.
    assert {colour: canvas.getcolors() for (_, _, colour), canvas in layers._blank.items()} == {
        colour: [(40 * 20, colour)] for colour in ((0, 0, 0), (255, 255, 255), ground)}


def test_kept_layers_are_bounded_by_their_bytes_whatever_the_tables() -> None:
    """A row's first drawing is two whole strips: however many tables draw, what is kept stays under its bytes,
    the least recently used going first, and a drawing kept again is counted once."""
    strips = Strips(200, picture._palette())
    layers = Layers(strips, kept_bytes=100_000)

    def panel(pen, y):  # type: ignore[no-untyped-def]
        pen.rectangle((0, y, 199, y + 99), fill=picture.PANEL)

    for table in range(20):  # each base: 200 x 100 on the palette, and its mask: 40,000 bytes
        layers.base(("table", table), 100, 0, (255, 255, 255), picture.PANEL, panel)
        assert layers._bytes <= 100_000
    assert list(layers._kept) == [("base", ("table", t), 100, 0, (255, 255, 255), picture.PANEL) for t in (18, 19)]
    layers.base(("table", 19), 100, 0, (255, 255, 255), picture.PANEL, panel)
    assert layers._bytes == 80_000
