"""What the games' board pictures share: a font that has every letter a player's language writes.

Pillow's built-in font has Latin letters only, so a Greek or Russian label
would come out as boxes. DejaVu Sans (Debian's ``fonts-dejavu-core``, in the
base image and installed by ``.ci/servers``) has Greek, Cyrillic and
Hungarian's ő and ű; without it the pictures fall back to Pillow's font,
and a label outside Latin is then drawn as boxes, never as an error.
"""

from __future__ import annotations

import itertools
import struct
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Callable, Hashable, Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFont

FONT_FILES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/TTF/DejaVuSans.ttf"),
    Path("/usr/local/share/fonts/DejaVuSans.ttf"),
)
BOLD_FILES = tuple(path.with_name("DejaVuSans-Bold.ttf") for path in FONT_FILES)


@cache  # loading a font is a tenth of drawing a picture
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font of ``size`` pixels for a picture's labels, in every language pbem writes."""
    for path in BOLD_FILES if bold else FONT_FILES:
        if path.is_file():
            return ImageFont.truetype(str(path), size)
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has one fixed size only
        return ImageFont.load_default()


def fitted(text: str, width: float, size: int, bold: bool = False, smallest: int = 9,
           lines: int = 1) -> tuple[list[str], int]:
    """``text`` laid out to fit ``width`` pixels: on one line at ``size`` or the largest smaller size down to
    ``smallest``; else, where the box takes ``lines`` lines, broken at spaces (or before a count ``×2``) at
    the largest size that fits; else, where it may take two lines, on two lines a little smaller, a line too
    long cut with "…"; else cut with "…" at ``smallest``. A label never leaves its box, and is never shrunk
    past reading (a long Greek event, «στρατιωτική παρέλαση», goes on two lines instead; a long name
    «Βασιλική Παπαδοπούλου-Αθανασίου» in a narrow box keeps its first name whole)."""
    def fits(candidate: list[str], at: int) -> bool:
        face = font(at, bold)
        return all(face.getlength(line) <= width for line in candidate)

    broken = _broken(text) if lines > 1 else []
    readable = max(smallest, size - 2) if broken else smallest  # where it may wrap, it wraps before it shrinks far
    for at in range(size, readable - 1, -1):
        if fits([text], at):
            return [text], at
    for at in range(size, smallest - 1, -1):
        if broken and fits(broken, at):
            return broken, at
    for at in range(readable - 1, smallest - 1, -1):
        if fits([text], at):
            return [text], at
    if broken:  # two lines still readable, the one too long cut, rather than one line cut at the smallest size
        return [_cut(line, font(readable, bold), width) for line in broken], readable
    return [_cut(text, font(smallest, bold), width)], smallest


def _cut(text: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: float) -> str:
    """``text``, or as much of it as fits ``width`` followed by "…"."""
    if face.getlength(text) <= width:
        return text
    cut = text
    while cut and face.getlength(cut + "…") > width:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def _broken(text: str) -> list[str]:
    """``text`` on two lines, broken at the space (or before the "×" of a count) nearest its middle; [] if
    it has neither."""
    breaks = [i for i, c in enumerate(text) if c == " "] + [i for i, c in enumerate(text) if c == "×" and i]
    if not breaks:
        return []
    at = min(breaks, key=lambda i: abs(i - len(text) / 2))
    return [text[:at].rstrip(), text[at:].lstrip()]


@dataclass(frozen=True)
class Strip:
    """A full-width strip of a palette picture as it goes into the PNG: its rows (a filter byte, then a palette
    index a pixel) compressed on their own and ended on a byte boundary, with their length and Adler-32, so
    that strips drawn for other pictures are joined into a new one without drawing or compressing them again."""

    height: int
    deflated: bytes
    adler: int
    length: int


class Strips:
    """Pictures drawn as strips stacked top to bottom, each kept by what it shows (a few thousand, least
    recently used first) and shared by every picture that shows the same: the next picture of a game
    redraws only the strips whose part of the game changed, and costs little more than joining them.

    A strip is drawn at its own place's parity (``top`` odd or even): its coordinates then round as they
    would in the whole picture, so a picture of strips is pixel for pixel the picture drawn at once.
    """

    def __init__(self, width: int, palette: Image.Image, kept_bytes: int = 8 << 20) -> None:
        self.width, self.palette, self.kept_bytes = width, palette, kept_bytes
        palette.load()
        colours = palette.getpalette() or []
        self._plte = bytes(colours)
        self._kept: OrderedDict[Hashable, Strip] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def strip(self, key: Hashable, top: int, height: int,
              draw: Callable[[ImageDraw.ImageDraw, int], None], ground: tuple[int, int, int],
              composed: Callable[[int], Image.Image | None] | None = None) -> Strip:
        """The strip ``key`` names, ``height`` rows from ``top``: kept, or drawn by ``draw(pen, y)`` with
        ``y`` standing for ``top`` on a ``ground`` background. ``key`` must name everything the strip shows
        (None: nothing can name it, and it is drawn for this picture alone). ``composed(shift)``, when given,
        may return the strip already on the palette, put together from kept :class:`Layers` (None: it could
        not be, and ``draw`` draws it)."""
        shift = top % 2
        key = None if key is None else (key, shift, height)
        with self._lock:
            kept = self._kept.get(key) if key is not None else None
            if kept is not None:
                self._kept.move_to_end(key)
                return kept
        mapped = composed(shift) if composed is not None else None
        if mapped is None:
            image = Image.new("RGB", (self.width, height + shift), ground)
            draw(ImageDraw.Draw(image), shift)
            if shift:
                image = image.crop((0, shift, self.width, height + shift))
            mapped = self.mapped(image)
        # One column to the right of a column of zeros: each row's PNG filter byte, "none".
        rows = Image.new("P", (self.width + 1, height), 0)
        rows.im.paste(mapped.im, (1, 0, self.width + 1, height))
        compressor = zlib.compressobj(3, zlib.DEFLATED, -15)
        raw = rows.tobytes()
        made = Strip(height, compressor.compress(raw) + compressor.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(raw), len(raw))
        with self._lock:
            if key is not None and key not in self._kept:
                self._kept[key] = made
                self._bytes += len(made.deflated)
                while self._bytes > self.kept_bytes and len(self._kept) > 1:
                    self._bytes -= len(self._kept.popitem(last=False)[1].deflated)
        return made

    def mapped(self, image: Image.Image) -> Image.Image:
        """``image`` mapped onto the palette without dithering (what ``Image.quantize`` does, without copying
        the palette each time). Each pixel is mapped by its colour alone, so a part mapped on its own is the
        same part of the whole mapped."""
        return image._new(image.im.convert("P", Image.Dither.NONE, self.palette.im))

    def png(self, strips: Sequence[Strip]) -> bytes:
        """The palette PNG of ``strips`` stacked in order."""
        height = sum(strip.height for strip in strips)
        adler = 1
        for strip in strips:
            adler = adler32_joined(adler, strip.adler, strip.length)
        data = b"".join([b"\x78\x5e", *(strip.deflated for strip in strips), b"\x03\x00", struct.pack(">I", adler)])
        return b"".join([
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", self._plte),
            _chunk(b"IDAT", data),
            _chunk(b"IEND", b""),
        ])


Box = tuple[int, int, int, int]
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Base:
    """The first drawing of a strip, on the palette (``image``), with the pixels it left other than exactly
    ``under``, the ground its layers (:class:`Layer`) are drawn on (``other``, an "L" mask of 0 and 255)."""

    image: Image.Image
    other: Image.Image
    under: Colour
    fits: dict[Hashable, bool] = field(default_factory=dict, compare=False)
    """Whether each layer (by its key) goes over this base: its blended ink falls only on the ground."""


@dataclass(frozen=True)
class Layer:
    """A later drawing of a strip, drawn once and kept: its pixels on the palette in ``box`` (None: it draws
    nothing), those it sets (``touched``), and of those the ones whose colour depends on what was beneath
    (``blended``: ink blended into its ``ground``; masks of 0 and 255). Pasted over a strip whose pixels under
    ``blended`` are still exactly its ground, it leaves the strip as drawing it there would."""

    key: Hashable
    box: Box | None
    image: Image.Image | None = None
    touched: Image.Image | None = None
    blended: Image.Image | None = None
    ground: Colour | None = None
    """What it was drawn on, for the ink it blends; None: it blends nothing, and goes over any ground."""
    reach: Box | None = None
    """Where in the strip its blended pixels are (None: it has none)."""


class Layers:
    """Strips put together from drawings kept by exactly what each shows: a prince's row is its frame, goods,
    palaces and cards, and a move changes one or two of them; the others are pasted as drawn before, already
    on the palette, instead of drawn and mapped again.

    A layer is drawn on a whole strip at its parity (as :class:`Strips` draws), so it rounds as in place, and on
    black and on white. A pixel that comes out the same on both was set whatever was beneath (Pillow blends
    monotonically in what is beneath); one that stays black on black and white on white was not drawn on (ink
    of any weight moves 0 or 255 in some channel); any other is ink blended into what was beneath, taken from
    the layer drawn on its ground, and right only over that ground. A stack whose blended pixels would fall on
    anything but the ground is not put together (None): the strip is then drawn whole, so a picture of layers
    is byte for byte the picture drawn in place."""

    def __init__(self, strips: Strips, kept: int = 4096, kept_bytes: int = 24 << 20) -> None:
        self.strips, self.kept, self.kept_bytes = strips, kept, kept_bytes
        self._kept: OrderedDict[Hashable, Base | Layer] = OrderedDict()
        self._bytes = 0
        self._blank: dict[tuple[int, int, Colour], Image.Image] = {}
        self._lock = threading.Lock()

    def base(self, key: Hashable, height: int, shift: int, ground: Colour, under: Colour,
             draw: Callable[[ImageDraw.ImageDraw, int], None]) -> Base:
        """The first drawing of a strip ``height`` rows high at parity ``shift``, on ``ground``, as ``key``
        names it; ``under`` is the ground of the layers to go over it."""
        def made() -> Base:
            drawn = self._drawn(height, shift, ground, draw)
            return Base(self.strips.mapped(drawn), _differs(drawn, under), under)
        named = ("base", key, height, shift, ground, under)
        kept = self._kept_one(named)
        if kept is not None:
            assert isinstance(kept, Base)
            return kept
        return self._keep(named, made())

    def layer(self, key: Hashable, height: int, shift: int, ground: Colour,
              draw: Callable[[ImageDraw.ImageDraw, int], None]) -> Layer:
        """The drawing ``draw(pen, y)`` over a strip ``height`` rows high at parity ``shift``, as ``key`` names
        it (everything it shows but its ground), drawn on ``ground``; one that blends nothing into its ground
        (shapes, and ink on them) is kept for every ground."""
        free, grounded = ("layer", key, height, shift, None), ("layer", key, height, shift, ground)
        kept = self._kept_one(free) or self._kept_one(grounded)
        if kept is not None:
            assert isinstance(kept, Layer)
            return kept
        black, white = (self._canvas(height, shift, colour, draw) for colour in ((0, 0, 0), (255, 255, 255)))
        strip = (0, shift, self.strips.width, height + shift)
        boxes = [box for box in ((black.crop(strip) if shift else black).getbbox(),
                                 ImageChops.invert(white.crop(strip) if shift else white).getbbox()) if box is not None]
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
               max(b[3] for b in boxes)) if boxes else None
        drawn = None if box is None else (box[0], box[1] + shift, box[2], box[3] + shift)
        on_black, on_white = (self._blanked(canvas, colour, drawn, shift)
                              for canvas, colour in ((black, (0, 0, 0)), (white, (255, 255, 255))))
        if box is None:
            return self._keep(free, Layer(free, None))
        assert on_black is not None and on_white is not None
        # Untouched, a pixel is 255 apart on black and white in every channel; set whatever was beneath, 0 apart.
        apart = ImageChops.difference(on_black, on_white).split()
        touched = _mapped(ImageChops.darker(ImageChops.darker(apart[0], apart[1]), apart[2]), _TOUCHED)
        blended = ImageChops.darker(touched, _anywhere(apart))
        inked = blended.getbbox()
        if inked is None:  # nothing depends on the ground: as drawn on black
            return self._keep(free, Layer(free, box, self.strips.mapped(on_black), touched))
        on_ground = self._blanked(self._canvas(height, shift, ground, draw), ground, drawn, shift)
        assert on_ground is not None
        reach = (box[0] + inked[0], box[1] + inked[1], box[0] + inked[2], box[1] + inked[3])
        return self._keep(grounded, Layer(grounded, box, self.strips.mapped(on_ground), touched, blended, ground, reach))

    def _canvas(self, height: int, shift: int, colour: Colour, draw: Callable[[ImageDraw.ImageDraw, int], None]
                ) -> Image.Image:
        """``draw`` on a whole strip of ``colour`` at parity ``shift``: a canvas kept blank between layers (filling
        a new one was a fifth of drawing a layer), the caller's until :meth:`_blanked` gives it back."""
        with self._lock:
            canvas = self._blank.pop((height, shift, colour), None)
        if canvas is None:
            canvas = Image.new("RGB", (self.strips.width, height + shift), colour)
        draw(ImageDraw.Draw(canvas), shift)
        return canvas

    def _blanked(self, canvas: Image.Image, colour: Colour, drawn: Box | None, shift: int) -> Image.Image | None:
        """What ``canvas`` shows in ``drawn`` (where every pixel a layer changed is), then the canvas blank again
        and kept for the next layer (the whole of it at odd parity, where a row above the strip may be drawn)."""
        shown = None if drawn is None else canvas.crop(drawn)
        canvas.paste(colour, None if shift else drawn)
        with self._lock:
            self._blank[(canvas.height - shift, shift, colour)] = canvas
        return shown

    def stacked(self, base: Base, layers: Sequence[Layer]) -> Image.Image | None:
        """``base`` with ``layers`` pasted over it in order, on the palette; None where a layer's blended ink
        would fall on anything but its ground (drawing it there would blend it into something else)."""
        canvas = base.image.copy()
        pasted = canvas.im.paste
        below: list[Layer] = []
        for layer in layers:
            if layer.box is None:
                continue
            assert layer.image is not None and layer.touched is not None
            fits = True if layer.reach is None else base.fits.get(layer.key)
            if fits is None:
                fits = layer.ground in (None, base.under) and not _meet(base.other, (0, 0), layer)
                if len(base.fits) >= self.kept:
                    base.fits.clear()
                base.fits[layer.key] = fits
            if not fits:
                return None
            if layer.reach is not None:
                x0, y0, x1, y1 = layer.reach
                if any(_meet(other.touched, other.box[:2], layer) for other in below  # type: ignore[arg-type,index]
                       if other.box[0] < x1 and other.box[1] < y1 and other.box[2] > x0 and other.box[3] > y0):  # type: ignore[index]
                    return None
            pasted(layer.image.im, layer.box, layer.touched.im)
            below.append(layer)
        return canvas

    def _drawn(self, height: int, shift: int, ground: Colour,
               draw: Callable[[ImageDraw.ImageDraw, int], None]) -> Image.Image:
        image = Image.new("RGB", (self.strips.width, height + shift), ground)
        draw(ImageDraw.Draw(image), shift)
        return image.crop((0, shift, self.strips.width, height + shift)) if shift else image

    def _kept_one(self, key: Hashable) -> Base | Layer | None:
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
            return kept

    def _keep(self, key: Hashable, made: Base | Layer) -> Any:
        """Keep ``made`` under ``key``; the least recently used go once more than ``kept`` are kept or their
        pixels pass ``kept_bytes`` (a row's first drawing is two whole strips: a count alone would let a league
        of many tables keep hundreds of megabytes)."""
        with self._lock:
            old = self._kept.pop(key, None)
            self._bytes += _pixels(made) - (_pixels(old) if old is not None else 0)
            self._kept[key] = made
            while len(self._kept) > 1 and (len(self._kept) > self.kept or self._bytes > self.kept_bytes):
                self._bytes -= _pixels(self._kept.popitem(last=False)[1])
        return made


def _pixels(kept: Base | Layer) -> int:
    """The bytes of a kept drawing's images: what it costs to keep."""
    images = (kept.image, kept.other) if isinstance(kept, Base) else (kept.image, kept.touched, kept.blended)
    return sum(image.width * image.height * len(image.getbands()) for image in images if image is not None)


def _meet(mask: Image.Image, at: tuple[int, int], layer: Layer) -> bool:
    """Whether ``mask`` (whose top left is at ``at`` in the strip) sets a pixel under ``layer``'s blended ink."""
    assert layer.box is not None and layer.blended is not None
    x, y = at
    x0, y0, x1, y1 = layer.box
    if x0 >= x + mask.width or y0 >= y + mask.height or x1 <= x or y1 <= y:
        return False
    beneath = Image.new("L", (x1 - x0, y1 - y0), 0)
    beneath.paste(mask, (x - x0, y - y0))
    return ImageChops.darker(beneath, layer.blended).getbbox() is not None


_NONZERO = [0] + [255] * 255


_TOUCHED = [255] * 255 + [0]


def _mapped(image: Image.Image, table: list[int]) -> Image.Image:
    """An "L" ``image`` with each value looked up in ``table`` (``Image.point`` without checking the table each time)."""
    return image._new(image.im.point(table, None))


def _anywhere(channels: Sequence[Image.Image]) -> Image.Image:
    """An "L" mask: 255 where any of three ``channels`` is not 0."""
    red, green, blue = channels
    return _mapped(ImageChops.lighter(ImageChops.lighter(red, green), blue), _NONZERO)


def _differs(image: Image.Image, other: Colour) -> Image.Image:
    """An "L" mask, 255 where ``image`` differs from the colour ``other`` in any channel."""
    return _anywhere(ImageChops.difference(image, Image.new(image.mode, image.size, other)).split())


_ADLER_BASE = 65521


def adler32_joined(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's (zlib's ``adler32_combine``)."""
    a = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER_BASE
    b = ((first >> 16) + (second >> 16) + second_length * ((first & 0xFFFF) - 1)) % _ADLER_BASE
    return (b << 16) | a


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def words_key(words: object, names: bool = True) -> Hashable:
    """What a picture's labels depend on in ``words``: its kind and everything it holds (language, catalog,
    lexicon, the table's names), so strips are shared by readers of one language at one table; None when it
    holds something that cannot be a key (its strips are then drawn for that picture alone). Without
    ``names``: all that but the table's names (``Words.names``, read by :func:`engine.text.seat_tag` alone), for
    drawings that name no player, shared by every table of one language.

    Given as a number standing for all that (never given to other words, even once forgotten): a picture
    looks up some fifty kept drawings, and hashing the words' whole content for each was a tenth of it."""
    held = (type(words), getattr(words, "language", None), getattr(words, "names", ()) if names else (),
            tuple(sorted((name, value) for name, value in getattr(words, "__dict__", {}).items()
                         if names or name != "names")))
    try:
        hash(held)
    except TypeError:
        return None
    with _WORDS_LOCK:
        number = _WORDS.get(held)
        if number is None:
            number = _WORDS[held] = next(_WORDS_COUNT)
            while len(_WORDS) > 4096:
                _WORDS.popitem(last=False)
        _WORDS.move_to_end(held)
    return number


_WORDS: OrderedDict[Hashable, int] = OrderedDict()
_WORDS_COUNT = itertools.count()
_WORDS_LOCK = threading.Lock()
