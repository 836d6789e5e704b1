"""A PNG of The Prodigals Club for a mail's HTML part: scores, errand spaces, personal boards and the seat's hand.

Pure computation from what ``views.view`` lets the seat see: other seats'
hands appear only as a count, and a drawn political tile, a hand or a
standing order only in its owner's picture. Every player is a colour *and*
a number (S1 …), every symbol a shape as well as a word in the legend, so
nothing is told by colour alone. The picture is 600 px wide for a phone, in
13 colours at 4 bits a pixel; what looks the same from one picture to the
next (discs, empty boards, a table's errand spaces, lines of text) is drawn
once and pasted, which keeps a picture near 10 ms and 30 KB.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from engine.drawing import fitted, font
from engine.prodigals import boards, flow
from engine.prodigals.board_effects import indicated_borough
from engine.prodigals.data import COMPETITION_NAMES, DATA
from engine.prodigals.effects import scores
from engine.prodigals.state import Player, State
from engine.prodigals.views import (_beatrice, bonus_tiles_line, decision, goods, space_name, tile_edges,
                                    turn_order)
from engine.prodigals.words import BOROUGHS, COMPETITIONS, MARKER_LETTERS, PHASES, SYMBOLS
from engine.text import ENGLISH, Notation, T, Words, seat_label, seat_name, separator

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Colour = tuple[int, int, int]

WIDTH = 600
MARGIN = 10
SEAT_COLOURS: tuple[Colour, ...] = ((0, 114, 178), (213, 94, 0), (0, 140, 100), (204, 80, 150), (110, 85, 20))
"""Okabe-Ito blue, vermilion, bluish green and reddish purple, and a brown: told apart by most colour-blind
readers, and each disc carries its seat number anyway."""
WHITE, BLACK, INK, GREY, PANEL, LINE = (255, 255, 255), (0, 0, 0), (40, 40, 40), (120, 120, 120), (238, 236, 228), (170, 165, 150)
TILE, DUE = (250, 244, 215), (200, 30, 30)
EXACT: tuple[Colour, ...] = (*SEAT_COLOURS, WHITE, BLACK, INK, GREY, PANEL, LINE, TILE, DUE)
"""Every colour drawn with, and the whole palette: nothing is anti-aliased (hinted DejaVu reads well without),
so the picture has these 13 colours only and is stored at 4 bits a pixel, a third of the size and time of
anti-aliased text on 256 colours."""
CANVAS = 2400
"""The height drawn on before the picture is cut to what was used."""


def draw(state: State, seat: int | None, words: Words = ENGLISH) -> bytes:
    """The picture for ``seat`` (None: a spectator), its labels in ``words``' language."""
    image = Image.new("RGB", (WIDTH, CANVAS), WHITE)
    pen = _Pen(image)
    y = _header(state, pen, words, MARGIN)
    y = _tracks(state, pen, words, y + 6)
    y = _players(state, pen, words, y + 6)
    y = _spaces(state, pen, words, y + 6)
    if "S" in state.competitions:
        y = _society(state, pen, words, y + 6)
    if "E" in state.competitions:
        y = _circles(state, pen, words, y + 6)
    if seat is not None:
        y = _own(state, state.players[seat], pen, words, y + 6)
    y = _due(state, seat, pen, words, y + 6)
    y = _legend(state, pen, words, y + 6)
    out = io.BytesIO()
    picture = image.crop((0, 0, WIDTH, y + MARGIN)).quantize(palette=_palette(), dither=Image.Dither.NONE)
    picture.save(out, format="PNG", bits=4, compress_level=4)
    return out.getvalue()


@cache
def _palette() -> Image.Image:
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for colour in EXACT for v in colour])
    return palette


# --- drawing helpers ------------------------------------------------------------------

class _Pen(ImageDraw.ImageDraw):
    """A pen that knows its picture, so a piece drawn once can be pasted into it."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image
        self.fontmode = "1"  # no anti-aliasing: see EXACT

    def write(self, xy: tuple[float, float], text: str, typeface: Font, fill: Colour = INK, anchor: str = "la") -> None:
        """``text`` as ``text()`` draws it, from a stencil made the first time it was written: most lines (a
        player's, a heading, the legend) are the same in the next picture, and laying out a line is most of
        the time a picture takes."""
        key = (text, typeface, anchor)
        found = _STENCILS.get(key)
        if found is None:
            if len(_STENCILS) >= STENCILS:
                _STENCILS.clear()
            left, top, right, bottom = typeface.getbbox(text, anchor=anchor)
            stencil = Image.new("1", (max(1, int(right - left)), max(1, int(bottom - top))), 0)
            stencil_pen = ImageDraw.Draw(stencil)
            stencil_pen.fontmode = "1"
            stencil_pen.text((-left, -top), text, fill=1, font=typeface, anchor=anchor)
            found = _STENCILS[key] = (stencil, int(left), int(top))
        stencil, left, top = found
        self.bitmap((round(xy[0]) + left, round(xy[1]) + top), stencil, fill=fill)


STENCILS = 4096
"""Lines kept as stencils; beyond this many the store starts again (a long-running server stays small)."""
_STENCILS: dict[tuple[str, Font, str], tuple[Image.Image, int, int]] = {}


_PIECES: dict[tuple[object, ...], Image.Image] = {}
"""What is drawn the same in many pictures (a disc, an empty grid, the spaces of a table in one language),
drawn once and pasted: drawing a label is most of a picture's time."""


def _piece(key: tuple[object, ...], make: Callable[[], Image.Image]) -> Image.Image:
    found = _PIECES.get(key)
    if found is None:
        found = _PIECES[key] = make()
    return found


def _paste(image: Image.Image, piece: Image.Image, x: float, y: float) -> None:
    image.paste(piece, (round(x), round(y)), piece if piece.mode == "RGBA" else None)


def _lines(text: str, typeface: Font, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` pixels (kept, like the stencils: measuring
    a line word by word takes as long as drawing it)."""
    key = (text, typeface, width)
    found = _BROKEN.get(key)
    if found is None:
        if len(_BROKEN) >= STENCILS:
            _BROKEN.clear()
        found = _BROKEN[key] = _break(text, typeface, width)
    return found


_BROKEN: dict[tuple[str, Font, float], list[str]] = {}


def _break(text: str, typeface: Font, width: float) -> list[str]:
    if typeface.getlength(text) <= width:
        return [text]
    lines: list[str] = []
    for word in text.split(" "):
        if lines and typeface.getlength(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _text(pen: _Pen, x: float, y: float, text: str, typeface: Font, fill: Colour = INK,
          width: float = WIDTH - 2 * MARGIN) -> int:
    """Wrapped text from (x, y); the y below its last line."""
    step = typeface.size + 4 if isinstance(typeface, ImageFont.FreeTypeFont) else 14
    for line in _lines(text, typeface, width - (x - MARGIN)):
        pen.write((x, y), line, typeface, fill)
        y += step
    return int(y)


def _disc(pen: _Pen, x: float, y: float, seat: int, r: int = 10, label: str | None = None) -> None:
    """A seat's marker: a disc of its colour with its number (or ``label``) in white."""
    text = label or str(seat + 1)
    _paste(pen.image, _piece(("disc", seat, r, text), lambda: _disc_piece(seat, r, text)), x - r, y - r)


def _disc_piece(seat: int, r: int, label: str) -> Image.Image:
    piece = Image.new("RGBA", (2 * r + 1, 2 * r + 1), (0, 0, 0, 0))
    pen = _Pen(piece)
    pen.ellipse((0, 0, 2 * r, 2 * r), fill=SEAT_COLOURS[seat], outline=WHITE, width=1)
    pen.text((r, r), label, fill=WHITE, font=font(max(10, r + 2), True), anchor="mm")
    return piece


def _symbol(pen: _Pen, x: float, y: float, symbol: str, r: float = 6, fill: Colour = INK) -> None:
    """A symbol as a shape (dog disc, horse triangle, wine diamond, cards square, art star), as the legend says."""
    if symbol == "dog":
        pen.ellipse((x - r, y - r, x + r, y + r), fill=fill)
    elif symbol == "horse":
        pen.polygon([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)], fill=fill)
    elif symbol == "wine":
        pen.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=fill)
    elif symbol == "cards":
        pen.rectangle((x - r * 0.8, y - r * 0.8, x + r * 0.8, y + r * 0.8), fill=fill)
    else:
        points = []
        for k in range(10):
            radius = r if k % 2 == 0 else r * 0.45
            angle = math.pi / 5 * k - math.pi / 2
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        pen.polygon(points, fill=fill)


def _heading(pen: _Pen, y: int, text: str) -> int:
    pen.rectangle((0, y, WIDTH, y + 22), fill=PANEL)
    pen.write((MARGIN, y + 11), text, font(15, True), INK, "lm")
    return y + 28


# --- sections -------------------------------------------------------------------------


def _header(state: State, pen: _Pen, words: Words, y: int) -> int:
    say = words.say
    title = say(T("The Prodigals Club, round %(round)s of %(rounds)s, %(phase)s; %(competitions)s",
                  round=state.round, rounds=DATA.rounds, phase=PHASES[state.phase],
                  competitions=tuple(COMPETITIONS[COMPETITION_NAMES[c]] for c in state.competitions)))
    y = _text(pen, MARGIN, y, title, font(16, True))
    y = _text(pen, MARGIN, y + 2, say(turn_order(state, words)), font(15))
    top = []
    if state.central_card:
        top.append(say(T("central card %(card)s", card=Notation(DATA.cards[state.central_card].slug))))
    if "P" in state.competitions:
        top.append(say(T("borough %(borough)s", borough=BOROUGHS[indicated_borough(state)])))
    if "S" in state.competitions and state.beatrice:
        top.append(say(T("Dame Beatrice %(tile)s", tile=_beatrice(state.beatrice))))
    if top:
        y = _text(pen, MARGIN, y + 2, separator(words).join(top), font(15))
    return y


def _tracks(state: State, pen: _Pen, words: Words, y: int) -> int:
    """One score track per competition in play, each seat's disc at its score (stacked where scores meet)."""
    per_seat = [scores(state, p) for p in state.players]
    for comp in state.competitions:
        values = [s[comp] for s in per_seat]
        low = min(0, min(values) // 10 * 10)
        high = max(40, -(-max(values) // 10) * 10)
        label = words.say(COMPETITIONS[COMPETITION_NAMES[comp]])
        pen.write((MARGIN, y), label, font(14, True))
        left, right = MARGIN + 12, WIDTH - MARGIN - 12
        levels = _levels(values)
        base = y + 50 + 21 * max(0, max(levels) - 1)
        _paste(pen.image, _piece(("track", low, high), lambda: _track_piece(low, high)), 0, base - 6)

        def at(value: int) -> float:
            return left + (value - low) * (right - left) / (high - low)

        for seat, level in enumerate(levels):
            cx, cy = at(values[seat]), base - 12 - 21 * level
            pen.line((cx, base - 3, cx, cy), fill=SEAT_COLOURS[seat], width=1)
            _disc(pen, cx, cy, seat)
            _label(pen, cx + 12, cy, str(values[seat]))
        y = base + 26
    return y


def _levels(values: list[int]) -> list[int]:
    """Each seat's height on a track: discs of scores within 2 points of each other would overlap, so the
    higher score stands on the lower."""
    stacked: dict[int, int] = {}
    levels = [0] * len(values)
    for seat in sorted(range(len(values)), key=lambda s: values[s]):
        key = next((k for k in stacked if abs(k - values[seat]) <= 2), values[seat])
        levels[seat] = stacked.get(key, 0)
        stacked[key] = levels[seat] + 1
    return levels


def _track_piece(low: int, high: int) -> Image.Image:
    """A score track from ``low`` to ``high``: a tick every 5 points, a number every 10."""
    piece = Image.new("RGB", (WIDTH, 24), WHITE)
    pen = _Pen(piece)
    left, right, base = MARGIN + 12, WIDTH - MARGIN - 12, 6
    pen.line((left, base, right, base), fill=LINE, width=3)
    for tick in range(low, high + 1, 5):
        x = left + (tick - low) * (right - left) / (high - low)
        tall = 6 if tick % 10 == 0 else 3
        pen.line((x, base - tall, x, base + tall), fill=GREY, width=1)
        if tick % 10 == 0:
            pen.text((x, base + 8), str(tick), fill=GREY, font=font(12), anchor="mt")
    return piece


def _players(state: State, pen: _Pen, words: Words, y: int) -> int:
    """Each player in turn order: what lies in front of him (his hand only as a count)."""
    say = words.say
    body = font(14)
    for index, seat in enumerate(state.order):
        player = state.players[seat]
        top = y
        _disc(pen, MARGIN + 12, y + 12, seat, 12)
        parts = goods(state, player, words)
        x = MARGIN + 30
        y = _text(pen, x, y + 3, f"{seat_label(words, seat)}: " + " · ".join(parts), body)
        if player.board:
            used = say(T("(used)"))
            cards = " ".join(words.move(DATA.cards[u].slug) + (used if u in player.used else "") for u in player.board)
            y = _text(pen, x, y, say(T("black cards %(n)s/%(slots)s: %(cards)s", n=len(player.board),
                                       slots=DATA.black_slots, cards=cards)), body)
        if player.played:
            y = _text(pen, x, y, say(T("played %(cards)s", cards=Notation(" ".join(
                DATA.cards[u].slug for u in player.played)))), body)
        if "P" in state.competitions and player.possessions:
            y = _possessions(pen, x, y + 2, player.possessions, words) + 2
        if seat in flow.to_act(state):
            pen.write((2, top + 12), "▶", font(14, True), DUE, "lm")
        y = max(y, top + 26) + 4
        if index < len(state.order) - 1:
            pen.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=PANEL, width=1)
    return y


def _possessions(pen: _Pen, x: int, y: int, tiles: list[str], words: Words) -> int:
    """Possession tiles in a row: the symbol's shape, the printed value, the borough's first letters."""
    for tile in tiles:
        piece = _piece(("possession", tile, words.language), lambda: _possession_piece(tile, words))
        if x + piece.width > WIDTH - MARGIN:
            x, y = MARGIN + 30, y + 22
        _paste(pen.image, piece, x, y)
        x += piece.width + 4
    return y + 20


def _possession_piece(tile: str, words: Words) -> Image.Image:
    small = font(12)
    p = DATA.possessions[tile]
    label = f"{p.value} {words.say(BOROUGHS[p.borough])[:3]}"
    width = 24 + int(small.getlength(label))
    piece = Image.new("RGB", (width + 1, 20), TILE)
    pen = _Pen(piece)
    pen.rectangle((0, 0, width, 19), fill=TILE, outline=LINE)
    _symbol(pen, 10, 10, p.symbol, 6)
    pen.text((19, 10), label, fill=INK, font=small, anchor="lm")
    return piece


def _label(pen: _Pen, x: float, y: float, text: str) -> None:
    """A short label (a score, a count) at its left middle, in the small font: drawn once, pasted after."""
    piece = _piece(("label", text), lambda: _label_piece(text))
    _paste(pen.image, piece, x, y - piece.height / 2)


def _label_piece(text: str) -> Image.Image:
    small = font(12)
    piece = Image.new("RGBA", (int(small.getlength(text)) + 2, 16), (0, 0, 0, 0))
    _Pen(piece).text((0, 8), text, fill=INK, font=small, anchor="lm")
    return piece


def _holders(state: State, key: str, kind: str, data: object) -> list[int]:
    """The seats whose errand boys stand on a space: one on an exclusive space, any number on a personal one."""
    if kind == "space" and data.personal:  # type: ignore[attr-defined]
        return [p.seat for p in state.players if data.id in p.spaces]  # type: ignore[attr-defined]
    taken_as = data.id if kind in ("set", "space") else key  # type: ignore[attr-defined]
    holder = state.taken.get(taken_as)
    return [] if holder is None else [holder]


SPACE_COLUMNS, SPACE_GAP, SPACE_HEIGHT = 4, 6, 38
SPACE_WIDTH = (WIDTH - 2 * MARGIN - SPACE_GAP * (SPACE_COLUMNS - 1)) // SPACE_COLUMNS


def _space_layout(state: State) -> tuple[list[tuple[str, int, int]], list[tuple[str, int]], int]:
    """Where each errand space's box goes (key, x, top), each competition board's heading (id, top), and the
    height of them all: the central board's spaces first, then each competition's."""
    table = flow.space_table(state.side, state.competitions, state.players_count)
    boards_of: dict[str, list[str]] = {}
    for key, (kind, _) in table.items():
        boards_of.setdefault(key[0].upper() if kind in ("set", "space") else "C", []).append(key)
    boxes, headings, y = [], [], 0
    for board, keys in boards_of.items():
        if board in COMPETITION_NAMES:
            headings.append((board, y))
            y += 19
        for i, key in enumerate(keys):
            boxes.append((key, (i % SPACE_COLUMNS) * (SPACE_WIDTH + SPACE_GAP) + MARGIN,
                          y + (i // SPACE_COLUMNS) * SPACE_HEIGHT))
        y += SPACE_HEIGHT * (-(-len(keys) // SPACE_COLUMNS)) + 2
    return boxes, headings, y


def _spaces_piece(state: State, words: Words) -> Image.Image:
    """The table's errand spaces empty, each named by :func:`space_label`."""
    boxes, headings, height = _space_layout(state)
    piece = Image.new("RGB", (WIDTH, height), WHITE)
    pen = _Pen(piece)
    for board, top in headings:
        pen.text((MARGIN, top), words.say(COMPETITIONS[COMPETITION_NAMES[board]]), fill=INK, font=font(13, True))
    for key, x, top in boxes:
        pen.rectangle((x, top, x + SPACE_WIDTH, top + SPACE_HEIGHT - 4), fill=WHITE, outline=LINE)
        shown, at = space_label(words, key)
        pen.text((x + 4, top + 3), shown[0], fill=INK, font=font(at))
    return piece


def space_label(words: Words, key: str) -> tuple[list[str], int]:
    """An errand space's name as its box shows it (:func:`engine.prodigals.views.space_name`: a card set in words,
    another space as a reply names it), shrunk a little or cut with "…" to the box's width
    (:func:`engine.drawing.fitted`)."""
    return fitted(space_name(words, key), SPACE_WIDTH - 8, 12, smallest=10)


def _spaces(state: State, pen: _Pen, words: Words, y: int) -> int:
    """Every errand space of the table, board by board, with the discs of the errand boys on it and what lies there."""
    table = flow.space_table(state.side, state.competitions, state.players_count)
    piece = _piece(("spaces", state.side, state.competitions, state.players_count, words.language),
                   lambda: _spaces_piece(state, words))
    _paste(pen.image, piece, 0, y)
    boxes, _, height = _space_layout(state)
    for key, x, top in boxes:
        kind, data = table[key]
        top += y
        cx = x + 14
        for seat in _holders(state, key, kind, data):
            _disc(pen, cx, top + 24, seat, 8)
            cx += 19
        if kind == "set" and data.id not in state.taken:  # type: ignore[attr-defined]
            cards = len(state.sets.get(data.id, []))  # type: ignore[attr-defined]
            pen.rectangle((cx - 8, top + 17, cx + 3, top + 31), fill=WHITE, outline=INK)
            _label(pen, cx + 7, top + 24, f"×{cards}")
            if data.id in state.set_tiles:  # type: ignore[attr-defined]
                _tile(pen, cx + 40, top + 26, state.set_tiles[data.id], 0, 9)  # type: ignore[attr-defined]
        if key == "e-canvass":
            for k, tile in enumerate(state.canvass):
                _tile(pen, cx + 22 * k, top + 26, tile, 0, 9)
    y += height
    if "P" in state.competitions and state.board_tiles:
        label = words.say(T("possessions board: %(tiles)s", tiles=""))
        pen.write((MARGIN, y + 10), label, font(13), INK, "lm")
        y = _possessions(pen, MARGIN + 16 + int(font(13).getlength(label)), y, state.board_tiles, words) + 4
    if state.bonus_tiles:
        y = _text(pen, MARGIN, y, words.say(bonus_tiles_line(state.bonus_tiles)), font(13))
    return y


CELL, ROW_LABEL = 15, 24
"""A society space's side and the width of the row values left of a grid (pixels)."""


def _society_piece() -> Image.Image:
    """One empty society board: its rows' values and its symbol spaces."""
    piece = Image.new("RGB", (ROW_LABEL + boards.COLUMNS * CELL + 1, len(DATA.rows) * CELL + 1), WHITE)
    pen = _Pen(piece)
    small = font(11)
    for r, value in enumerate(DATA.rows):
        top = r * CELL
        pen.text((ROW_LABEL - 4, top + CELL / 2), str(value), fill=GREY, font=small, anchor="rm")
        for c in range(boards.COLUMNS):
            x = ROW_LABEL + c * CELL
            pen.rectangle((x, top, x + CELL, top + CELL), fill=WHITE, outline=LINE)
            if (r, c) in DATA.society_symbols:
                _symbol(pen, x + CELL / 2, top + CELL / 2, DATA.society_symbols[(r, c)], 4, GREY)
    return piece


def _society(state: State, pen: _Pen, words: Words, y: int) -> int:
    """Each player's society board: rows by value, symbol spaces as shapes, markers as seat discs lettered G/g, L/l."""
    y = _heading(pen, y, words.say(COMPETITIONS["society"]))
    letters = {kind: words.say(MARKER_LETTERS[kind])[:1] for kind in MARKER_LETTERS}
    names = {m.slug: (letters[m.kind] if m.slug.endswith("1") else letters[m.kind].lower()) for m in DATA.markers}
    grid = _piece(("society",), _society_piece)
    for player, (left, right) in zip(state.players, slots(state.players_count)):
        _seat_name(pen, words, player.seat, left, right, y)
        _paste(pen.image, grid, left, y + NAME_H)
        for marker, (r, c) in player.markers.items():
            _disc(pen, left + ROW_LABEL + c * CELL + CELL / 2, y + NAME_H + r * CELL + CELL / 2, player.seat, 7,
                  names[marker])
    return y + NAME_H + grid.height + 4


NAME_H, NAME_SIZE = 26, 12
"""The height of the row that heads each seat's board in the society and election panels (its disc and its
player's name, on two lines if need be) and the name's largest type size."""


def slots(players: int) -> list[tuple[float, float]]:
    """Each seat's share of the width in the society and election panels: (left, right) pixels."""
    share = (WIDTH - 2 * MARGIN) / players
    return [(MARGIN + share * i, MARGIN + share * (i + 1) - 4) for i in range(players)]


def name_label(words: Words, seat: int, width: float) -> tuple[tuple[str, ...], int]:
    """A seat's player's name laid out for ``width`` pixels beside its disc (:func:`engine.drawing.fitted`:
    shrunk, then on two lines, then cut with "…", never past its slot); no lines when the names are unknown."""
    name = seat_name(words, seat)
    return _fitted_name(name, int(width)) if name else ((), NAME_SIZE)


@lru_cache(maxsize=1024)
def _fitted_name(name: str, width: int) -> tuple[tuple[str, ...], int]:
    """Kept: a long name is measured at several sizes (near a millisecond), and comes back in every picture."""
    shown, at = fitted(name, width, NAME_SIZE, smallest=8, lines=2)
    return tuple(shown), at


def _seat_name(pen: _Pen, words: Words, seat: int, left: float, right: float, top: float) -> None:
    """A seat's disc and its player's name, in the row heading its board from ``left`` to ``right``."""
    middle = top + NAME_H / 2
    _disc(pen, left + 10, middle, seat, 9)
    shown, at = name_label(words, seat, right - left - 24)
    for i, line in enumerate(shown):
        pen.write((left + 24, middle + (at + 1) * (i - (len(shown) - 1) / 2)), line, font(at), INK, "lm")


def _tile(pen: _Pen, x: float, y: float, tile: str, turn: int, half: int) -> None:
    """A political circle tile centred on (x, y)."""
    _paste(pen.image, _piece(("tile", tile, turn, half), lambda: _tile_piece(tile, turn, half)), x - half, y - half)


def _tile_piece(tile: str, turn: int, half: int) -> Image.Image:
    """Each edge's symbol as its shape, ``?`` as a question mark, a blank edge empty."""
    piece = Image.new("RGB", (2 * half + 1, 2 * half + 1), TILE)
    pen = _Pen(piece)
    pen.rectangle((0, 0, 2 * half, 2 * half), fill=TILE, outline=INK)
    inset = half * 0.55
    for (dx, dy), edge in zip(((0, -1), (1, 0), (0, 1), (-1, 0)), boards.edges(tile, turn)):
        ex, ey = half + dx * inset, half + dy * inset
        if edge == "?":
            pen.text((ex, ey), "?", fill=INK, font=font(max(9, half - 2), True), anchor="mm")
        elif edge != "blank":
            _symbol(pen, ex, ey, edge, max(3, half / 3))
    return piece


def _circles(state: State, pen: _Pen, words: Words, y: int) -> int:
    """Each player's grid of political circle tiles and the circles he has entered."""
    y = _heading(pen, y, words.say(COMPETITIONS["election"]))
    bottom = y = y + NAME_H
    for player, (left, right) in zip(state.players, slots(state.players_count)):
        _seat_name(pen, words, player.seat, left, right, y - NAME_H)
        block = int(right + 4 - left)
        cx = left + 2
        for symbol, count in sorted(player.circles.items()):
            _symbol(pen, cx + 5, y + 10, symbol, 5)
            _label(pen, cx + 12, y + 10, str(count))
            cx += 26
        if not player.grid:
            continue
        xs = [x for x, _ in player.grid]
        ys = [y_ for _, y_ in player.grid]
        size = min(28, (block - 8) // (max(xs) - min(xs) + 1))
        for (gx, gy), (tile, turn) in player.grid.items():
            _tile(pen, left + (gx - min(xs)) * size + size / 2, y + 24 + (gy - min(ys)) * size + size / 2,
                  tile, turn, size // 2 - 1)
        bottom = max(bottom, y + 24 + (max(ys) - min(ys) + 1) * size)
    return max(bottom, y + 24) + 4


def _own(state: State, player: Player, pen: _Pen, words: Words, y: int) -> int:
    """What only this seat sees: his hand, his black-card slots and a political tile he has just drawn."""
    say = words.say
    pen.rectangle((0, y, WIDTH, y + 4), fill=SEAT_COLOURS[player.seat])
    y += 8
    body = font(14)
    hand = " ".join(words.move(DATA.cards[u].slug) for u in player.hand)
    y = _text(pen, MARGIN, y, say(T("Your hand: %(cards)s", cards=hand or T("empty"))), body)
    used = say(T("(used)"))
    slots = [words.move(DATA.cards[u].slug) + (" " + used if u in player.used else "") for u in player.board]
    slots += ["-"] * (DATA.black_slots - len(slots))
    y = _text(pen, MARGIN, y, say(T("Your black-card slots: %(slots)s",
                                    slots=", ".join(f"{i}:{c}" for i, c in enumerate(slots, 1)))), body)
    if player.drawn_tile:
        label = say(T("Drawn political tile: %(tile)s", tile=tile_edges(player.drawn_tile)))
        y = _text(pen, MARGIN, y + 4, label, body)
        y = _turns(pen, words, player.drawn_tile, y + 2)
        y = _placing(pen, words, player, y + 4)
    return y


def _turns(pen: _Pen, words: Words, tile: str, y: int) -> int:
    """The drawn tile in each of its four turns, each named as a reply names it (r0 as drawn … r3), and
    which edge is which."""
    half, x = 18, MARGIN + 4
    small = font(12, True)
    for turn in range(4):
        _tile(pen, x + half, y + half, tile, turn, half)
        pen.write((x + half, y + 2 * half + 4), f"r{turn}", small, INK, "mt")
        x += 2 * half + 18
    explained = words.say(T("rN: N quarter turns clockwise. Edges north/east/south/west, clockwise from the top."))
    bottom = _text(pen, x + 4, y + 2, explained, font(12))
    return max(bottom, y + 2 * half + 20)


GRID_CELL = 54
"""The side of a cell of the enlarged grid a tile is placed in (pixels), before it shrinks to fit."""


def _placing(pen: _Pen, words: Words, player: Player, y: int) -> int:
    """The seat's grid enlarged, every cell with its coordinates (x east, y south, the first tile at 0,0),
    and every cell the drawn tile may go to outlined, with its coordinates and the turns that fit there:
    what ``tile X,Y rN`` names, read off the picture."""
    fits: dict[tuple[int, int], list[int]] = {}
    for x, y_, turn in boards.placements(player.grid, player.drawn_tile):
        fits.setdefault((x, y_), []).append(turn)
    y = _text(pen, MARGIN, y, words.say(T("Your grid: where the drawn tile fits (outlined), with the turns that "
                                           "fit there; write it as '%(form)s'.", form=Notation("tile X,Y rN"))),
              font(13, True))
    cells = [*player.grid, *fits]
    left, top = min(x for x, _ in cells), min(y_ for _, y_ in cells)
    columns = max(x for x, _ in cells) - left + 1
    rows = max(y_ for _, y_ in cells) - top + 1
    size = max(40, min(GRID_CELL, (WIDTH - 2 * MARGIN) // columns))
    small, bold = font(11), font(12, True)
    for (gx, gy) in cells:
        x0, y0 = MARGIN + (gx - left) * size, y + 2 + (gy - top) * size
        name = f"{gx},{gy}"
        if (gx, gy) in player.grid:
            tile, turn = player.grid[(gx, gy)]
            pen.rectangle((x0, y0, x0 + size - 2, y0 + size - 2), fill=PANEL)
            _tile(pen, x0 + size / 2 - 1, y0 + size / 2 - 7, tile, turn, size // 2 - 11)
            pen.write((x0 + size / 2 - 1, y0 + size - 4), name, small, GREY, "md")
        else:
            _dashed(pen, x0 + 1, y0 + 1, x0 + size - 3, y0 + size - 3)
            pen.write((x0 + size / 2 - 1, y0 + size / 2 - 8), name, bold, DUE, "mm")
            turns = " ".join(f"r{turn}" for turn in fits[(gx, gy)])
            shown, at = fitted(turns, size - 6, 11, smallest=8)
            pen.write((x0 + size / 2 - 1, y0 + size / 2 + 9), shown[0], font(at), INK, "mm")
    return y + 2 + rows * size + 4


def _dashed(pen: _Pen, x0: float, y0: float, x1: float, y1: float, dash: int = 5) -> None:
    """A rectangle outlined in dashes of the colour of what is due: a cell a tile may go to, not one it is in."""
    for start in range(int(x0), int(x1), 2 * dash):
        pen.line((start, y0, min(start + dash, x1), y0), fill=DUE, width=2)
        pen.line((start, y1, min(start + dash, x1), y1), fill=DUE, width=2)
    for start in range(int(y0), int(y1), 2 * dash):
        pen.line((x0, start, x0, min(start + dash, y1)), fill=DUE, width=2)
        pen.line((x1, start, x1, min(start + dash, y1)), fill=DUE, width=2)


def _due(state: State, seat: int | None, pen: _Pen, words: Words, y: int) -> int:
    """The seats due, but not the reader's own decision: the mail the picture goes with states it, once, with its
    choices (as the text board does)."""
    due = sorted(flow.to_act(state))
    if not due:
        return _text(pen, MARGIN, y, words.say(T("Game over.")), font(15, True))
    for s in due:
        asked = decision(state, s) if s != seat else None
        if asked is not None:
            pen.write((MARGIN, y + 8), "▶", font(14, True), DUE, "lm")
            y = _text(pen, MARGIN + 18, y, words.say(T("Due: %(seat)s, %(title)s", seat=seat_label(words, s), title=asked.title)),
                      font(15, True))
    return y


def _legend(state: State, pen: _Pen, words: Words, y: int) -> int:
    """The symbols' shapes, each beside its name."""
    piece = _piece(("legend", words.language), lambda: _legend_piece(words))
    _paste(pen.image, piece, 0, y)
    return y + piece.height


def _legend_piece(words: Words) -> Image.Image:
    piece = Image.new("RGB", (WIDTH, 60), WHITE)
    pen = _Pen(piece)
    x, y = MARGIN, 0
    small = font(13)
    for symbol in DATA.symbols:
        name = words.say(SYMBOLS[symbol])
        width = 18 + int(small.getlength(name)) + 14
        if x + width > WIDTH - MARGIN:
            x, y = MARGIN, y + 20
        _symbol(pen, x + 6, y + 9, symbol, 6)
        pen.text((x + 16, y + 9), name, fill=INK, font=small, anchor="lm")
        x += width
    return piece.crop((0, 0, WIDTH, y + 20))
