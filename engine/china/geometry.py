"""The board drawing's geometric checks (spec 4.1), run when the board file is loaded.

The layout is a reconstruction kept as data, so a corrected transcription may
come in a new ``boards.json`` without code changes; these checks make sure
such a file still draws a readable board: outlines are simple and touch
exactly where the alliances say provinces border, pagoda sites sit inside
their province without overlapping, roads neither cross each other nor run
over other sites, and alliance numbers sit on a shared border. Each problem
is named with the side, the thing and the measure it misses.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import combinations

Point = tuple[float, float]
Segment = tuple[Point, Point]

SITE_RADIUS = 18
"""The drawn site circle: it must fit inside its province, and no road may pass nearer to another site."""
APART = 30
"""Outlines of provinces that do not border keep at least this far apart."""


def layout_problems(side: str, outlines: dict[str, Sequence[Sequence[float]]], sites: dict[str, Sequence[float]],
                    site_province: dict[str, str], roads: Iterable[tuple[str, str]],
                    borders: dict[frozenset[str], int], alliance_points: dict[int, Sequence[float]]) -> list[str]:
    """Every way the layout of ``side`` breaks spec 4.1's drawing rules; empty when it draws cleanly.

    ``borders`` maps each bordering pair of province ids to its alliance number.
    """
    polygons = {p: [(float(x), float(y)) for x, y in outline] for p, outline in outlines.items()}
    centres = {s: (float(point[0]), float(point[1])) for s, point in sites.items()}
    problems = [f"{side}: the outline of {p} crosses itself" for p, poly in polygons.items() if not _simple(poly)]
    problems += _touching(side, polygons, borders)
    for site, centre in centres.items():
        poly = polygons[site_province[site]]
        within = inside(centre, poly)
        room = min(point_segment_distance(centre, a, b) for a, b in _edges(poly))
        if not within or room < SITE_RADIUS:
            where = f"{room:.0f} units from its outline" if within else "outside it"
            problems.append(f"{side}: site {site} must lie {SITE_RADIUS} units inside {site_province[site]}, "
                            f"it is {where}")
    for (s, p), (t, q) in combinations(centres.items(), 2):
        if math.dist(p, q) < 2 * SITE_RADIUS:
            problems.append(f"{side}: the circles of sites {s} and {t} overlap ({math.dist(p, q):.0f} units apart)")
    lines = [((a, b), (centres[a], centres[b])) for a, b in roads]
    for ((a, b), one), ((c, d), other) in combinations(lines, 2):
        if not {a, b} & {c, d} and _segment_distance(one, other) == 0:
            problems.append(f"{side}: roads {a}-{b} and {c}-{d} cross")
    for (a, b), (p, q) in lines:
        for site, centre in centres.items():
            if site not in (a, b) and point_segment_distance(centre, p, q) < SITE_RADIUS:
                problems.append(f"{side}: road {a}-{b} runs over site {site} "
                                f"({point_segment_distance(centre, p, q):.0f} units from its centre)")
    for pair, number in borders.items():
        first, second = sorted(pair)
        point = tuple(float(v) for v in alliance_points.get(number, (math.nan, math.nan)))
        if point not in polygons[first] or point not in polygons[second]:
            problems.append(f"{side}: alliance {number}'s number must sit on a corner of both {first} and {second}")
    return problems


def _touching(side: str, polygons: dict[str, list[Point]], borders: dict[frozenset[str], int]) -> list[str]:
    problems = []
    for p, q in combinations(sorted(polygons), 2):
        gap = _polygon_distance(polygons[p], polygons[q])
        if frozenset((p, q)) in borders and gap > 0:
            problems.append(f"{side}: {p} and {q} share alliance {borders[frozenset((p, q))]} but their outlines do "
                            f"not touch ({gap:.0f} units apart)")
        elif frozenset((p, q)) not in borders and gap < APART:
            problems.append(f"{side}: {p} and {q} do not border, so their outlines must stay {APART} units apart "
                            f"({gap:.0f})")
    return problems


def _edges(poly: list[Point]) -> list[Segment]:
    return list(zip(poly, poly[1:] + poly[:1]))


def _simple(poly: list[Point]) -> bool:
    edges = _edges(poly)
    count = len(edges)
    for i, j in combinations(range(count), 2):
        if j - i in (1, count - 1):
            continue  # neighbours share a corner by construction
        if _segment_distance(edges[i], edges[j]) == 0:
            return False
    return True


def inside(point: Point, poly: list[Point]) -> bool:
    """Whether ``point`` lies inside the polygon (even-odd rule)."""
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in _edges(poly):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def _polygon_distance(first: list[Point], second: list[Point]) -> float:
    """The outlines' distance, 0 when they touch; anything from APART on is reported as APART."""
    if set(first) & set(second):
        return 0.0  # a shared corner: bordering provinces are drawn with the same vertices
    if not _boxes_near(first, second, APART):
        return APART
    near = [(e, f) for e in _edges(first) for f in _edges(second) if _boxes_near(list(e), list(f), APART)]
    return min([APART, *(_segment_distance(e, f) for e, f in near)])


def _boxes_near(first: list[Point], second: list[Point], margin: float) -> bool:
    (ax0, ay0), (ax1, ay1) = _box(first)
    (bx0, by0), (bx1, by1) = _box(second)
    return ax0 - margin <= bx1 and bx0 - margin <= ax1 and ay0 - margin <= by1 and by0 - margin <= ay1


def _box(points: list[Point]) -> tuple[Point, Point]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys)), (max(xs), max(ys))


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _segment_distance(one: Segment, other: Segment) -> float:
    """0 when the segments meet (cross or touch), else the shortest distance between them."""
    (a, b), (c, d) = one, other
    if _cross(a, b, c, d):
        return 0.0
    return min(point_segment_distance(a, c, d), point_segment_distance(b, c, d), point_segment_distance(c, a, b), point_segment_distance(d, a, b))


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def turn(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return (turn(a, b, c) * turn(a, b, d) < 0) and (turn(c, d, a) * turn(c, d, b) < 0)
