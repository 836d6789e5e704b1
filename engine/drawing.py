"""What the games' board pictures share: a font that has every letter a player's language writes.

Pillow's built-in font has Latin letters only, so a Greek or Russian label
would come out as boxes. DejaVu Sans (Debian's ``fonts-dejavu-core``, in the
base image and installed by ``.ci/servers``) has Greek, Cyrillic and
Hungarian's ő and ű; without it the pictures fall back to Pillow's font,
and a label outside Latin is then drawn as boxes, never as an error.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Callable, Hashable, Sequence

from PIL import Image, ImageDraw, ImageFont

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
              draw: Callable[[ImageDraw.ImageDraw, int], None], ground: tuple[int, int, int]) -> Strip:
        """The strip ``key`` names, ``height`` rows from ``top``: kept, or drawn by ``draw(pen, y)`` with
        ``y`` standing for ``top`` on a ``ground`` background. ``key`` must name everything the strip shows
        (None: nothing can name it, and it is drawn for this picture alone)."""
        shift = top % 2
        key = None if key is None else (key, shift, height)
        with self._lock:
            kept = self._kept.get(key) if key is not None else None
            if kept is not None:
                self._kept.move_to_end(key)
                return kept
        image = Image.new("RGB", (self.width, height + shift), ground)
        draw(ImageDraw.Draw(image), shift)
        if shift:
            image = image.crop((0, shift, self.width, height + shift))
        # Mapped onto the palette without dithering (what ``Image.quantize`` does, without copying the palette
        # each time), one column to the right of a column of zeros: each row's PNG filter byte, "none".
        rows = Image.new("P", (self.width + 1, height), 0)
        rows.im.paste(image.im.convert("P", Image.Dither.NONE, self.palette.im), (1, 0, self.width + 1, height))
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


_ADLER_BASE = 65521


def adler32_joined(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's (zlib's ``adler32_combine``)."""
    a = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER_BASE
    b = ((first >> 16) + (second >> 16) + second_length * ((first & 0xFFFF) - 1)) % _ADLER_BASE
    return (b << 16) | a


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def words_key(words: object) -> Hashable:
    """What a picture's labels depend on in ``words``: its kind and everything it holds (language, catalog,
    lexicon, the table's names), so strips are shared by readers of one language at one table; None when it
    holds something that cannot be a key (its strips are then drawn for that picture alone)."""
    held = (type(words), getattr(words, "language", None), getattr(words, "names", ()),
            tuple(sorted(getattr(words, "__dict__", {}).items())))
    try:
        hash(held)
    except TypeError:
        return None
    return held
