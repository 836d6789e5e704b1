"""A PNG of the board for a mail's HTML part, drawn from the board data's layout.

Pure computation: the picture is built in memory and returned as bytes.
Provinces are tinted by card colour, pagodas are discs in the owner's colour
with the seat number, a fortress is a black square under its site, and each
court shows one numbered disc per player with emissaries there.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from engine.china import flow
from engine.china.data import Side
from engine.china.geometry import Point, inside, point_segment_distance
from engine.china.state import State
from engine.china import words as names
from engine.drawing import fitted, font
from engine.text import ENGLISH, T, TN, Words, seat_name

CARD_TINTS = {"yellow": (247, 230, 140), "orange": (246, 190, 130), "green": (170, 215, 150),
              "red": (236, 150, 140), "purple": (200, 170, 220)}
SEAT_COLOURS = [(25, 65, 190), (20, 20, 20), (215, 0, 150), (0, 125, 135), (120, 65, 15)]
"""Seat colours chosen to stand out against every province tint and each other."""
WATER = (190, 215, 235)
PLAIN_TINT = (220, 220, 220)
"""A province whose card colour has no tint of its own."""
BLACK, WHITE, OUTLINE, ROAD = (0, 0, 0), (255, 255, 255), (60, 60, 60), (110, 80, 50)
EMPTY_SITE, EMPTY_SITE_INK, SEAL, SEAL_INK = (250, 250, 245), (120, 120, 120), (250, 240, 200), (150, 20, 20)
INKS = (BLACK, WHITE, OUTLINE, ROAD, EMPTY_SITE, EMPTY_SITE_INK, SEAL, SEAL_INK)
"""Every colour drawn with besides the tints, water and seat colours: the palette holds each exactly."""
SITE_RADIUS = 18
LEGEND_HEIGHT = 86
CLEAR_ENOUGH = 40
INSIDE_BONUS = 8
"""Distance (units) from sites, names and roads beyond which an emissary row's placement is good enough."""
PALETTE_COLOURS = 256
NEAR = 12
"""A blend within this of a drawing colour (in every channel) is left out of the palette: Pillow looks a
pixel up by the corner of its 4x4x4 cache cell, where such a blend can be nearer than the colour itself."""



def draw(state: State, words: Words = ENGLISH) -> bytes:
    """The board as a PNG: the side's fixed layer (drawn once a language), then sites, courts and the legend,
    its words in ``words``' language."""
    layer = _layer(state.side, words)
    image = layer.board.copy()
    pen = ImageDraw.Draw(image)
    small, medium = font(16), font(20)
    _sites(state, pen, medium)
    _courts(state, pen, small, layer)
    _scores(state, pen, medium, layer.board.height - LEGEND_HEIGHT, words)
    out = io.BytesIO()
    # Mapped onto the side's palette and saved at level 3, a picture takes ~5 ms and ~45 KB; the optimised
    # RGB save this replaces took 0.15 s (more than the whole move) for ~70 KB.
    image.quantize(palette=layer.palette, dither=Image.Dither.NONE).save(out, format="PNG", compress_level=3)
    return out.getvalue()


@dataclass
class _Layer:
    """What never changes on one side of the board: provinces, roads, alliance numbers, the sites empty and
    the legend's key, and where each court's row of emissary diamonds fits best (by province and number of
    players present)."""

    board: Image.Image
    obstacles: tuple[list[Point], list[tuple[Point, Point]]]
    palette: Image.Image
    """256 colours: every colour drawn with exactly, then the anti-aliased edges of the side's pictures."""
    rows: dict[tuple[int, int], list[Point]] = field(default_factory=dict)


_LAYERS: dict[tuple[int, str], tuple[Side, _Layer]] = {}


def _layer(side: Side, words: Words) -> _Layer:
    key = (id(side), words.language)
    found = _LAYERS.get(key)
    if found is None or found[0] is not side:  # the side is kept with its layer, so its id is not reused
        found = (side, _draw_layer(side, words))
        _LAYERS[key] = found
    return found[1]


def _draw_layer(side: Side, words: Words) -> _Layer:
    layout = side.layout
    width, height = layout["size"]
    image = Image.new("RGB", (width, height + LEGEND_HEIGHT), WATER)
    pen = ImageDraw.Draw(image)
    _provinces(side, pen, font(26), words)
    _roads(side, pen)
    small, medium = font(16), font(20)
    for number in layout["alliances"]:
        x, y = number["point"]
        pen.ellipse((x - 12, y - 12, x + 12, y + 12), fill=WHITE, outline=BLACK, width=2)
        pen.text((x, y), str(number["number"]), fill=BLACK, font=small, anchor="mm")
    for site in side.sites:
        _site(pen, layout["sites"][site], site, -1, False, medium)
    _key(side, pen, medium, height, words)
    return _Layer(image, _obstacles(side), _palette(side, image))


def _palette(side: Side, board: Image.Image) -> Image.Image:
    """The exact drawing colours, then the most frequent blends of a sample: the empty board above the
    board with every site a pagoda of one seat (every third a fortress) and a diamond by every seal."""
    sample = Image.new("RGB", (board.width, board.height * (len(SEAT_COLOURS) + 1)))
    sample.paste(board, (0, 0))
    small, medium = font(16), font(20)
    for seat in range(len(SEAT_COLOURS)):
        image = board.copy()
        pen = ImageDraw.Draw(image)
        for index, site in enumerate(side.sites):
            _site(pen, side.layout["sites"][site], site, seat, index % 3 == 0, medium)
        for province in side.provinces:
            x, y = side.layout["provinces"][province.id]["seal"]
            _seal(pen, (x, y), "3/4", small)
            pen.line([(x, y), (x + 50, y)], fill=SEAL_INK, width=2)
            _diamond(pen, (x + 50, y), seat, 2, small)
        sample.paste(image, (0, board.height * (seat + 1)))
    exact = [*CARD_TINTS.values(), PLAIN_TINT, *SEAT_COLOURS, WATER, *INKS]
    found = sample.quantize(PALETTE_COLOURS - len(exact), method=Image.Quantize.MEDIANCUT).getpalette() or []
    blends = [tuple(found[i:i + 3]) for i in range(0, 3 * (PALETTE_COLOURS - len(exact)), 3)]
    # A blend this close to a drawing colour would take that colour's pixels (white became 252, 252, 252).
    blends = [b for b in blends if all(max(abs(x - y) for x, y in zip(b, c)) > NEAR for c in exact)]
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in exact + blends for value in colour])
    return palette


def _provinces(side: Side, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont, words: Words) -> None:
    shapes = side.layout["provinces"]
    for province in side.provinces:
        shape = shapes[province.id]
        tint = CARD_TINTS.get(flow.COLOURS[province.colour], PLAIN_TINT)
        pen.polygon([tuple(pt) for pt in shape["outline"]], fill=tint, outline=OUTLINE, width=3)
        pen.text(tuple(shape["label"]), words.say(names.province(province.name)), fill=BLACK, font=font,
                 anchor="mm")


def _roads(side: Side, pen: ImageDraw.ImageDraw) -> None:
    points = side.layout["sites"]
    for a, b in side.roads:
        pen.line([tuple(points[side.sites[a]]), tuple(points[side.sites[b]])], fill=ROAD, width=5)


def _sites(state: State, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont) -> None:
    """The sites that are no longer empty (the layer has every site empty): pagodas and fortresses."""
    points = state.side.layout["sites"]
    for s, site in enumerate(state.side.sites):
        if state.owner[s] >= 0 or state.fortress[s]:
            _site(pen, points[site], site, state.owner[s], state.fortress[s], font)


def _site(pen: ImageDraw.ImageDraw, point: list[int], site: str, owner: int, fortress: bool,
          font: ImageFont.ImageFont) -> None:
    x, y = point
    r = SITE_RADIUS
    if fortress:
        pen.rectangle((x - r - 5, y - r - 5, x + r + 5, y + r + 5), fill=BLACK)
    if owner >= 0:
        pen.ellipse((x - r, y - r, x + r, y + r), fill=SEAT_COLOURS[owner], outline=WHITE, width=2)
        pen.text((x, y), str(owner + 1), fill=WHITE, font=font, anchor="mm")
    else:
        pen.ellipse((x - r, y - r, x + r, y + r), fill=EMPTY_SITE, outline=OUTLINE, width=2)
        pen.text((x, y), site.rsplit("-", 1)[-1], fill=EMPTY_SITE_INK, font=font, anchor="mm")


def _courts(state: State, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont, layer: _Layer) -> None:
    """The dragon seal (emissaries/limit), tied to a diamond per player showing that player's emissaries."""
    shapes = state.side.layout["provinces"]
    for p, province in enumerate(state.side.provinces):
        x, y = shapes[province.id]["seal"]
        present = [(s, n) for s, n in enumerate(state.emissaries_in[p]) if n]
        row = layer.rows.get((p, len(present))) if present else []
        if row is None:
            outline = [tuple(pt) for pt in shapes[province.id]["outline"]]
            row = layer.rows[p, len(present)] = _clearest_row((x, y), len(present), outline, layer.obstacles,
                                                                state.side.layout["size"])
        if row:
            pen.line([(x, y), ((row[0][0] + row[-1][0]) / 2, row[0][1])], fill=SEAL_INK, width=2)
        _seal(pen, (x, y), f"{sum(state.emissaries_in[p])}/{state.emissary_limit(p)}", font)
        if state.scored[p]:
            pen.ellipse((x - 36, y - 12, x - 24, y), fill=BLACK)
        for centre, (seat, n) in zip(row, present):
            _diamond(pen, centre, seat, n, font)


def _seal(pen: ImageDraw.ImageDraw, centre: Point, text: str, font: ImageFont.ImageFont) -> None:
    x, y = centre
    pen.rectangle((x - 20, y - 20, x + 20, y + 20), fill=SEAL, outline=SEAL_INK, width=3)
    pen.text((x, y), text, fill=SEAL_INK, font=font, anchor="mm")


def _diamond(pen: ImageDraw.ImageDraw, centre: Point, seat: int, count: int, font: ImageFont.ImageFont) -> None:
    cx, cy = centre
    pen.polygon([(cx, cy - 20), (cx + 18, cy), (cx, cy + 20), (cx - 18, cy)], fill=SEAT_COLOURS[seat],
                outline=WHITE, width=2)
    pen.text((cx, cy), str(count), fill=WHITE, font=font, anchor="mm")



def _obstacles(side: Side) -> tuple[list[Point], list[tuple[Point, Point]]]:
    """Points (sites, names, alliance numbers) and segments (roads) the emissary diamonds should keep clear of."""
    layout = side.layout
    sites = [tuple(layout["sites"][s]) for s in side.sites]
    points = sites + [tuple(v["label"]) for v in layout["provinces"].values()]
    points += [tuple(a["point"]) for a in layout["alliances"]]
    roads = [(sites[a], sites[b]) for a, b in side.roads]
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
            score += INSIDE_BONUS if all(inside(c, outline) for c in corners) else 0
            if score > best[0]:
                best = (score, row)
    return best[1]


def _clearance(centre: Point, points: list[Point], roads: list[tuple[Point, Point]]) -> float:
    near = min(math.dist(centre, p) for p in points)
    return min([near] + [point_segment_distance(centre, a, b) + 12 for a, b in roads])


def _key(side: Side, pen: ImageDraw.ImageDraw, font: ImageFont.ImageFont, top: int, words: Words) -> None:
    width = side.layout["size"][0]
    pen.rectangle((0, top, width, top + LEGEND_HEIGHT), fill=WHITE)
    key = words.say(T("disc: pagoda (seat), black square: fortress, diamond: emissaries, "
                      "seal: emissaries/limit, dot: scored"))
    lines = [key]
    if pen.textlength(key, font=font) > width - 20:  # a longer language takes two lines, split at a comma
        parts = key.split(", ")
        half = (len(parts) + 1) // 2
        lines = [", ".join(parts[:half]) + ",", ", ".join(parts[half:])]
    for row, line in enumerate(lines):
        pen.text((10, top + 58 + 22 * row - 11 * (len(lines) - 1)), line, fill=BLACK, font=font, anchor="lm")


def _scores(state: State, pen: ImageDraw.ImageDraw, face: ImageFont.ImageFont, top: int, words: Words) -> None:
    """Each seat's colour, its number in it (as on the pagodas), its player's name and its points, in a row:
    each seat's label shrunk, or its name cut, to its share of the width."""
    x = 10
    share = (pen.im.size[0] - 20) / state.players
    size = getattr(face, "size", 20)
    for seat in range(state.players):
        pen.ellipse((x, top + 6, x + 28, top + 34), fill=SEAT_COLOURS[seat])
        pen.text((x + 14, top + 20), str(seat + 1), fill=WHITE, font=face, anchor="mm")
        points = words.say(TN("%(n)s point", "%(n)s points", state.total(seat)))
        name = seat_name(words, seat)
        label = f"{name}: {points}" if name else points
        room = share - 40
        shown, at = fitted(label, room, size, smallest=16)
        if name and shown[0] != label:  # a long name is cut, never the points
            cut = fitted(name, room - font(at).getlength(f": {points}"), at, smallest=at)[0][0]
            shown = [f"{cut}: {points}"]
        pen.text((x + 34, top + 20), shown[0], fill=BLACK, font=font(at), anchor="lm")
        x += share