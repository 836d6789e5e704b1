"""The picture is drawn as strips kept from the pictures before (issue #33), each kept under the piece it is
drawn from: what is kept must never show in a picture what its own state, seat and reader would not, and the
PNG must be a sound one."""

from __future__ import annotations

import dataclasses
import inspect
import io

from PIL import Image, ImageChops, ImageDraw

import engine
from engine.dragon import picture
from engine.dragon.state import OVER
from pbem.language.words import named, words
from tests.dragon.test_languages import positions

GAME = engine.game("dragon")
READERS = [named(words(GAME, language), [f"{language}{n}" for n in range(5)]) for language in ("en", "el", "hu", "ru")]


def fresh(state: engine.State, seat: int | None, said: object) -> bytes:
    """The picture drawn with nothing kept."""
    picture._strip.cache_clear()
    return picture.draw(state, seat, said)  # type: ignore[arg-type]


def test_a_picture_of_kept_strips_is_the_picture_drawn_with_none_kept() -> None:
    """Pictures drawn one after the other, in four languages and for every kind of viewer, reuse the strips of
    the ones before; each must be byte for byte the picture drawn from nothing. A strip kept under a key that
    leaves out something it shows would bring an older state's strip back here."""
    drawn = 0
    for i, (state, seat) in enumerate(positions()):
        said = READERS[i % len(READERS)]
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
    def in_place(pen, box, code, label):  # type: ignore[no-untyped-def]
        picture._draw_tile(pen, box, code, label)

    compared = 0
    for i, (state, seat) in enumerate(positions()):
        said = READERS[i % len(READERS)]
        stamped = fresh(state, seat, said)
        with monkeypatch.context() as patched:
            patched.setattr(picture, "_tile", in_place)
            assert stamped == fresh(state, seat, said), (state.phase, seat)
        compared += 1
    picture._strip.cache_clear()
    assert compared > 100 and picture._stamp.cache_info().hits > 1000


def test_the_table_names_and_the_language_are_never_taken_from_another_table() -> None:
    state, _ = positions()[40]
    first = named(words(GAME, "en"), ["Anna", "Bob", "Carla", "Dan"])
    second = named(words(GAME, "en"), ["Zoe", "Yann", "Xu", "Will"])
    greek = named(words(GAME, "el"), ["Anna", "Bob", "Carla", "Dan"])
    pictures = [picture.draw(state, 0, said) for said in (first, second, greek)]
    assert len(set(pictures)) == 3
    assert pictures[1] == fresh(state, 0, second) and pictures[2] == fresh(state, 0, greek)


def test_the_png_is_sound_and_shows_each_piece_s_strip_in_its_place() -> None:
    """Pillow reads and verifies the PNG, and from the top down it shows each piece as that piece alone is
    drawn and mapped onto the palette."""
    state, seat = next((s, seat) for s, seat in positions() if s.phase == "build")
    png = picture.draw(state, seat, READERS[1])
    Image.open(io.BytesIO(png)).verify()
    shown = Image.open(io.BytesIO(png)).convert("RGB")
    top = 0
    for piece in picture.pieces(state, seat, READERS[1]):
        alone = Image.new("RGB", (picture.WIDTH, piece.height), picture.WHITE)
        piece.paint(ImageDraw.Draw(alone))
        alone = alone.quantize(palette=picture._palette(), dither=Image.Dither.NONE).convert("RGB")
        placed = shown.crop((0, top, picture.WIDTH, top + piece.height))
        assert ImageChops.difference(placed, alone).getbbox() is None, piece
        top += piece.height
    assert top == shown.height


PLAIN = (str, int, bool, type(None))


def plain(value: object) -> bool:
    return isinstance(value, PLAIN) or isinstance(value, tuple) and all(plain(item) for item in value)


def test_a_strip_is_kept_under_exactly_what_its_painter_draws() -> None:
    """A strip is kept under its piece (``_strip`` takes nothing else), and the piece is also all its painter
    reads: a frozen record of words and numbers (no state, seat or reader it could look further into) whose
    ``paint`` takes the pen alone. So no key can leave out something its strip shows."""
    assert list(inspect.signature(picture._strip).parameters) == ["piece"]
    kinds = set()
    for i, (state, seat) in enumerate(positions()):
        for viewer in {seat, None}:
            for piece in picture.pieces(state, viewer, READERS[i % len(READERS)]):
                kind = type(piece)
                kinds.add(kind)
                assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]
                assert all(plain(getattr(piece, field.name)) for field in dataclasses.fields(piece)), piece
                assert list(inspect.signature(kind.paint).parameters) == ["self", "pen"], kind
    assert len(kinds) == 7


def test_a_strip_is_never_reused_across_seats_that_see_different_things() -> None:
    """Two seats see the same table but their own rows (tinted, with each one's release order): their
    pictures share every other strip and differ in those two, drawn for each from nothing. A change to one
    seat's release order, hidden from the other, changes that seat's pieces alone."""
    compared = 0
    for i, (state, _seat) in enumerate(positions()[::3]):
        if state.phase == OVER:
            continue
        said = READERS[i % len(READERS)]
        first, second = 0, len(state.players) - 1
        assert GAME.picture_audience(state, first) != GAME.picture_audience(state, second)
        mine, theirs = picture.pieces(state, first, said), picture.pieces(state, second, said)
        differ = [n for n, (a, b) in enumerate(zip(mine, theirs)) if a != b]
        rows = len(mine) - 1 - len(state.players)
        assert differ == [rows + first, rows + second], differ
        picture.draw(state, first, said)  # its strips kept
        assert picture.draw(state, second, said) == fresh(state, second, said)
        changed = GAME.clone(state)
        changed.players[first].release_order = () if state.players[first].release_order else ("old farmer",)
        assert picture.pieces(changed, second, said) == theirs
        assert picture.pieces(changed, first, said) != mine
        assert picture.draw(changed, first, said) != picture.draw(state, first, said)
        compared += 1
    assert compared > 10


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
