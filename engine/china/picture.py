"""A PNG of the board for a mail's HTML part, drawn from the board data's layout.

Pure computation: the picture is built in memory and returned as bytes.
Provinces are tinted by card colour, pagodas are discs in the owner's colour
with the seat number, a fortress is a black square under its site, and each
court shows one numbered disc per player with emissaries there.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from engine.china import rules
from engine.china.state import State

CARD_TINTS = {"yellow": (247, 230, 140), "orange": (246, 190, 130), "green": (170, 215, 150),
              "red": (236, 150, 140), "purple": (200, 170, 220)}
SEAT_COLOURS = [(25, 65, 190), (20, 20, 20), (215, 0, 150), (0, 125, 135), (120, 65, 15)]
"""Seat colours chosen to stand out against every province tint and each other."""
WATER = (190, 215, 235)
SITE_RADIUS = 18
LEGEND_HEIGHT = 70


def _font(size: int) -> ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has one fixed size only
        return ImageFont.load_default()


def draw(state: State) -> bytes:
    layout = state.side.layout
    width, height = layout["size"]
    image = Image.new("RGB", (width, height + LEGEND_HEIGHT), WATER)
    pen = ImageDraw.Draw(image)
    small, medium, large = _font(16), _font(20), _font(26)
    _provinces(state, pen, large)
    _roads(state, pen)
    for number in layout["alliances"]:
        x, y = number["point"]
        pen.ellipse((x - 12, y - 12, x + 12, y + 12), fill=(255, 255, 255), outline=(0, 0, 0), width=2)
        pen.text((x, y), str(number["number"]), fill=(0, 0, 0), font=small, anchor="mm")
    _sites(state, pen, medium)
    _courts(state, pen, small)
    _legend(state, pen, medium, height)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _provinces(state: State, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont) -> None:
    shapes = state.side.layout["provinces"]
    for p, province in enumerate(state.side.provinces):
        shape = shapes[province.id]
        tint = CARD_TINTS.get(rules.COLOURS[province.colour], (220, 220, 220))
        pen.polygon([tuple(pt) for pt in shape["outline"]], fill=tint, outline=(60, 60, 60), width=3)
        pen.text(tuple(shape["label"]), province.name, fill=(0, 0, 0), font=font, anchor="mm")


def _roads(state: State, pen: ImageDraw.ImageDraw) -> None:
    points = state.side.layout["sites"]
    for a, b in state.side.roads:
        pen.line([tuple(points[state.side.sites[a]]), tuple(points[state.side.sites[b]])], fill=(110, 80, 50), width=5)


def _sites(state: State, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont) -> None:
    points = state.side.layout["sites"]
    r = SITE_RADIUS
    for s, site in enumerate(state.side.sites):
        x, y = points[site]
        if state.fortress[s]:
            pen.rectangle((x - r - 5, y - r - 5, x + r + 5, y + r + 5), fill=(0, 0, 0))
        owner = state.owner[s]
        if owner >= 0:
            pen.ellipse((x - r, y - r, x + r, y + r), fill=SEAT_COLOURS[owner], outline=(255, 255, 255), width=2)
            pen.text((x, y), str(owner + 1), fill=(255, 255, 255), font=font, anchor="mm")
        else:
            pen.ellipse((x - r, y - r, x + r, y + r), fill=(250, 250, 245), outline=(60, 60, 60), width=2)
            pen.text((x, y), site.rsplit("-", 1)[-1], fill=(120, 120, 120), font=font, anchor="mm")


def _courts(state: State, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont) -> None:
    """The dragon seal, ringed by a disc per player showing that player's emissary count."""
    shapes = state.side.layout["provinces"]
    for p, province in enumerate(state.side.provinces):
        x, y = shapes[province.id]["seal"]
        pen.rectangle((x - 20, y - 20, x + 20, y + 20), fill=(250, 240, 200), outline=(150, 20, 20), width=3)
        pen.text((x, y), f"{sum(state.emissaries_in[p])}/{state.emissary_limit(p)}", fill=(150, 20, 20),
                 font=font, anchor="mm")
        if state.scored[p]:
            pen.ellipse((x - 36, y - 12, x - 24, y), fill=(0, 0, 0))
        present = [(s, n) for s, n in enumerate(state.emissaries_in[p]) if n]
        for i, (seat, n) in enumerate(present):
            cx, cy = x - 19 * (len(present) - 1) + 38 * i, y - 42
            pen.polygon([(cx, cy - 20), (cx + 18, cy), (cx, cy + 20), (cx - 18, cy)], fill=SEAT_COLOURS[seat],
                        outline=(255, 255, 255), width=2)
            pen.text((cx, cy), str(n), fill=(255, 255, 255), font=font, anchor="mm")


def _legend(state: State, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont, top: int) -> None:
    pen.rectangle((0, top, state.side.layout["size"][0], top + LEGEND_HEIGHT), fill=(255, 255, 255))
    for seat in range(state.players):
        x = 10 + 190 * seat
        pen.ellipse((x, top + 8, x + 24, top + 32), fill=SEAT_COLOURS[seat])
        pen.text((x + 30, top + 20), f"seat {seat + 1}: {state.total(seat)} points", fill=(0, 0, 0), font=font,
                 anchor="lm")
    pen.text((10, top + 52), "disc: pagoda (seat), black square: fortress, diamond: emissaries, "
             "seal: emissaries/limit, dot: scored", fill=(0, 0, 0), font=font, anchor="lm")
