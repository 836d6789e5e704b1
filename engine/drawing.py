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
