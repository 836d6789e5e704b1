"""A PNG of the board for a mail's HTML part, drawn from the board data's layout.

Pure computation: the picture is built in memory and returned as bytes.
Provinces are tinted by card colour, pagodas are discs in the owner's colour
with the seat number, a fortress is a black square under its site, and each
court shows one numbered disc per player with emissaries there.
"""

from __future__ import annotations

import io
import math

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
CLEAR_ENOUGH = 40
INSIDE_BONUS = 8
"""Distance (units) from sites, names and roads beyond which an emissary row's placement is good enough."""


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
    """The dragon seal (emissaries/limit), tied to a diamond per player showing that player's emissaries."""
    shapes = state.side.layout["provinces"]
    obstacles = _obstacles(state)
    for p, province in enumerate(state.side.provinces):
        x, y = shapes[province.id]["seal"]
        present = [(s, n) for s, n in enumerate(state.emissaries_in[p]) if n]
        outline = [tuple(pt) for pt in shapes[province.id]["outline"]]
        row = _clearest_row((x, y), len(present), outline, obstacles, state.side.layout["size"]) if present else []
        if row:
            pen.line([(x, y), ((row[0][0] + row[-1][0]) / 2, row[0][1])], fill=(150, 20, 20), width=2)
        pen.rectangle((x - 20, y - 20, x + 20, y + 20), fill=(250, 240, 200), outline=(150, 20, 20), width=3)
        pen.text((x, y), f"{sum(state.emissaries_in[p])}/{state.emissary_limit(p)}", fill=(150, 20, 20),
                 font=font, anchor="mm")
        if state.scored[p]:
            pen.ellipse((x - 36, y - 12, x - 24, y), fill=(0, 0, 0))
        for (cx, cy), (seat, n) in zip(row, present):
            pen.polygon([(cx, cy - 20), (cx + 18, cy), (cx, cy + 20), (cx - 18, cy)], fill=SEAT_COLOURS[seat],
                        outline=(255, 255, 255), width=2)
            pen.text((cx, cy), str(n), fill=(255, 255, 255), font=font, anchor="mm")


Point = tuple[float, float]


def _obstacles(state: State) -> tuple[list[Point], list[tuple[Point, Point]]]:
    """Points (sites, names, alliance numbers) and segments (roads) the emissary diamonds should keep clear of."""
    layout = state.side.layout
    sites = [tuple(layout["sites"][s]) for s in state.side.sites]
    points = sites + [tuple(v["label"]) for v in layout["provinces"].values()]
    points += [tuple(a["point"]) for a in layout["alliances"]]
    roads = [(sites[a], sites[b]) for a, b in state.side.roads]
    return points, roads  # type: ignore[return-value]


def _clearest_row(seal: Point, count: int, outline: list[Point],
                  obstacles: tuple[list[Point], list[tuple[Point, Point]]], size: tuple[int, int]) -> list[Point]:
    """A row of ``count`` diamonds near the seal, clear of sites, names and roads.

    Rows are tried on rings around the seal, nearest first. Clearance counts
    most; a row inside the seal's own province earns a bonus, and a line to the
    seal keeps a row drawn outside it readable.
    """
    x, y = seal
    step = 38
    points, roads = obstacles
    points = points + [(x - 30, y - 6)]  # the scoring marker
    best: tuple[float, list[Point]] = (-1.0, [(x - step * (count - 1) / 2 + step * i, y - 46) for i in range(count)])
    for distance in (46, 62, 78, 94):
        for angle in range(0, 360, 30):
            cx = x + distance * math.cos(math.radians(angle))
            cy = y + distance * math.sin(math.radians(angle))
            row = [(cx - step * (count - 1) / 2 + step * i, cy) for i in range(count)]
            corners = [(a + dx, b + dy) for a, b in row for dx, dy in ((0, -22), (20, 0), (0, 22), (-20, 0))]
            if not all(0 <= a <= size[0] and 0 <= b <= size[1] for a, b in corners):
                continue
            score = min(min(_clearance(c, points, roads) for c in row), CLEAR_ENOUGH)
            score += INSIDE_BONUS if all(_inside(c, outline) for c in corners) else 0
            if score > best[0]:
                best = (score, row)
    return best[1]


def _inside(point: Point, outline: list[Point]) -> bool:
    """Even-odd rule point-in-polygon test."""
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def _clearance(centre: Point, points: list[Point], roads: list[tuple[Point, Point]]) -> float:
    near = min(math.dist(centre, p) for p in points)
    return min([near] + [_to_segment(centre, a, b) + 12 for a, b in roads])


def _to_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _legend(state: State, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont, top: int) -> None:
    pen.rectangle((0, top, state.side.layout["size"][0], top + LEGEND_HEIGHT), fill=(255, 255, 255))
    for seat in range(state.players):
        x = 10 + 190 * seat
        pen.ellipse((x, top + 8, x + 24, top + 32), fill=SEAT_COLOURS[seat])
        pen.text((x + 30, top + 20), f"seat {seat + 1}: {state.total(seat)} points", fill=(0, 0, 0), font=font,
                 anchor="lm")
    pen.text((10, top + 52), "disc: pagoda (seat), black square: fortress, diamond: emissaries, "
             "seal: emissaries/limit, dot: scored", fill=(0, 0, 0), font=font, anchor="lm")
