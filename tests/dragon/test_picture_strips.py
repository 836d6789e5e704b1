"""The picture is drawn as strips kept from the pictures before (issue #33): what is kept must never show in a
picture what its own state, seat and reader would not, and the PNG it makes must be a sound one."""

from __future__ import annotations

import io
import random
import zlib

from PIL import Image, ImageChops

import engine
from engine.dragon import picture
from engine.drawing import Strips, adler32_joined
from pbem.language.words import named, words
from tests.dragon.test_languages import positions

GAME = engine.game("dragon")


def fresh(state: engine.State, seat: int | None, said: object) -> bytes:
    """The picture drawn with nothing kept."""
    picture._strips.cache_clear()
    return picture.draw(state, seat, said)  # type: ignore[arg-type]


def test_a_picture_of_kept_strips_is_the_picture_drawn_with_none_kept() -> None:
    """Pictures drawn one after the other, in four languages and for every kind of viewer, reuse the strips of
    the ones before; each must be byte for byte the picture drawn from nothing. A strip kept under a key that
    leaves out something it shows would bring an older state's strip back here."""
    readers = [named(words(GAME, language), [f"{language}{n}" for n in range(5)]) for language in ("en", "el", "hu", "ru")]
    drawn = 0
    for i, (state, seat) in enumerate(positions()):
        said = readers[i % len(readers)]
        for viewer in {seat, None, ((seat or 0) + 1) % len(state.players)}:
            kept = picture.draw(state, viewer, said)
            assert kept == fresh(state, viewer, said), (state.phase, viewer)
            drawn += 1
            picture.draw(state, viewer, said)  # warm again for the next position
    assert drawn > 300


def test_a_tile_pasted_from_its_stamp_is_the_tile_drawn_in_place(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Person tiles are pasted from kept stamps (``picture._stamp``), at every place a tile is drawn (palaces of
    every width, the supply), in four languages: each picture must be byte for byte the one with every tile drawn
    where it stands. A stamp whose mask left out a pixel the tile sets, or that rounded a coordinate otherwise,
    would differ here."""
    readers = [named(words(GAME, language), [f"{language}{n}" for n in range(5)]) for language in ("en", "el", "hu", "ru")]

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


def test_a_change_to_anything_the_picture_shows_is_drawn_even_with_the_rest_kept() -> None:
    """Each prince's goods, palaces, cards and own release order, and the table's supply, events, month,
    groups, dragons and order, changed one at a time: the picture drawn right after the unchanged one
    (its strips kept) shows the change, and is the picture drawn from nothing."""
    state = next(s for s, seat in positions() if s.phase == "action" and seat is not None and s.round > 2)
    changes = {
        "yuan": lambda p: setattr(p, "yuan", p.yuan + 7), "rice": lambda p: setattr(p, "rice", p.rice + 1),
        "fireworks": lambda p: setattr(p, "fireworks", p.fireworks + 1),
        "score": lambda p: setattr(p, "score", p.score + 3), "track": lambda p: setattr(p, "track", p.track + 1),
        "small": lambda p: setattr(p, "small", p.small + 1), "large": lambda p: setattr(p, "large", p.large + 1),
        "palaces": lambda p: setattr(p, "palaces", [*p.palaces, (1, ())]),
        "cards": lambda p: setattr(p, "cards", [n + 1 for n in p.cards]),
        "release order": lambda p: setattr(p, "release_order", ("old farmer", "craftsman")),
    }
    tables = {
        "supply": lambda s: setattr(s, "supply", [n + 1 for n in s.supply]),
        "events": lambda s: setattr(s, "events", tuple(reversed(s.events))),
        "month": lambda s: setattr(s, "round", s.round + 1),
        "dragons": lambda s: setattr(s, "dragons", [n + 1 for n in s.dragons]),
        "order": lambda s: setattr(s, "order", list(reversed(s.order))),
        "groups": lambda s: setattr(s, "groups", [list(reversed(g)) + ["monk"] for g in s.groups]),
    }
    viewer = 1
    for name, change in [*((n, lambda s, c=c: c(s.players[viewer])) for n, c in changes.items()), *tables.items()]:
        changed = GAME.clone(state)
        change(changed)
        before = picture.draw(state, viewer, words(GAME, "en"))
        after = picture.draw(changed, viewer, words(GAME, "en"))
        assert after != before, name
        assert after == fresh(changed, viewer, words(GAME, "en")), name
