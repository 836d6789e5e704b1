"""What the games' board pictures share: a font that has every letter a player's language writes.

Pillow's built-in font has Latin letters only, so a Greek or Russian label
would come out as boxes. DejaVu Sans (Debian's ``fonts-dejavu-core``, in the
base image and installed by ``.ci/servers``) has Greek, Cyrillic and
Hungarian's ő and ű; without it the pictures fall back to Pillow's font,
and a label outside Latin is then drawn as boxes, never as an error.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

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
