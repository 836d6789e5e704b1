"""A PNG of the table for a mail's HTML part and a game's page, about 600 pixels wide for a phone.

Pure computation: the picture is built in memory and returned as bytes. It
shows what the text board shows (``views.render``) and nothing more: the
months' events, this month's action groups, the turn order on the person
track, the tile supply, and each prince's goods, palaces and cards left
(hands are public, D-27/D-10). The only private thing a seat has, its
standing release order, is drawn in that seat's own picture alone; the deals
of future months are never drawn.

Every colour stands beside a letter or a shape, for readers who cannot tell
the colours apart: a seat's colour carries its number, a person tile its
short name (an old one ``oWar``, square where a young one is rounded), an
event its name, the current month a thick frame and done months a tick.

The picture is a stack of full-width strips, each drawn from a *piece*: a
frozen record of exactly the words and numbers the strip shows, already in
the reader's language, from which its ``paint`` draws and nothing else. A
drawn strip is kept under its piece, so it is reused only where a picture
shows the very same thing: a game's next picture draws again only what its
move changed, and a seat's own row (tinted, with its release order) is never
the piece of anyone else's picture.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Protocol

from PIL import Image, ImageChops, ImageDraw

from engine.dragon import data
from engine.dragon.state import ACTION, BUILD, OVER, DragonState
from engine.dragon.views import heading, short, title
from engine.dragon.words import EVENTS_SHORT, PICTURE, SHORT, person
from engine.drawing import fitted, font
from engine.text import ENGLISH, T, Words, seat_label

Colour = tuple[int, int, int]

WIDTH = 600
MARGIN = 6
PERSON_COLOURS: dict[str, Colour] = {
    "craftsman": (226, 204, 160), "court_lady": (214, 160, 50), "tax_collector": (250, 222, 70),
    "pyrotechnist": (125, 70, 165), "warrior": (195, 35, 35), "monk": (115, 70, 35),
    "healer": (40, 95, 195), "farmer": (45, 135, 55), "scholar": (250, 250, 250),
}
"""The person tiles' colours on the board (section 2.1: beige, ochre, yellow, purple, red, brown, blue,
green, white); each tile shows its short name too."""
WILD_CARD = (235, 235, 235)
SEAT_COLOURS: tuple[Colour, ...] = ((0, 90, 180), (200, 70, 0), (0, 125, 95), (165, 55, 135), (40, 40, 40))
"""Dark enough for the white seat number on each, and apart from each other for most eyes."""
EVENT_TINTS: dict[str, Colour] = {
    "peace": (215, 235, 215), "tribute": (245, 225, 160), "drought": (235, 210, 180),
    "contagion": (220, 210, 240), "mongols": (245, 200, 195), "festival": (250, 215, 170),
}
BLACK, WHITE, GREY, LINE = (0, 0, 0), (255, 255, 255), (120, 120, 120), (90, 90, 90)
PANEL, OWN_PANEL, FLOOR, ROOF, DRAGON = (242, 242, 242), (255, 248, 215), (205, 190, 170), (150, 40, 30), (220, 30, 30)
FILLS: tuple[Colour, ...] = (WHITE, PANEL, OWN_PANEL, FLOOR, ROOF, DRAGON, WILD_CARD, GREY, LINE, BLACK,
                             *PERSON_COLOURS.values(), *SEAT_COLOURS, *EVENT_TINTS.values())
"""Every colour drawn with: shapes are drawn without anti-aliasing, so only text blends into its ground."""

TITLE_H, EVENT_H, ORDER_H, SUPPLY_H, PLAYER_H, OWN_EXTRA, NOW_H = 28, 30, 46, 50, 130, 16, 26
CARD_LINE = 14
"""The height of one line of an action group's cards."""
CARD_H = 22
"""The height of a card's box in a prince's row: two lines of the smallest type, for a name and its count."""
LEFT_W = 196
"""The width of a player's goods column; the palaces and cards take the rest of the row."""
SLOT_H, ROOF_H = 24, 9
NEAR = 12
"""A blend within this of a drawing colour is left out of the palette, as China's picture does: Pillow
looks a pixel up by its cache cell, where such a blend can be nearer than the drawing colour itself."""
STRIPS_KEPT = 512
"""Strips kept, least recently used dropped first: about 25 MB, a picture's strips for a few dozen games at
once."""


def draw(state: DragonState, seat: int | None, words: Words = ENGLISH) -> bytes:
    """The table as ``seat`` (None: a spectator) sees it, as a palette PNG: its pieces' strips, each kept or
    drawn (:func:`_strip`), stacked top to bottom."""
    strips = [_strip(piece) for piece in pieces(state, seat, words)]
    image = Image.new("P", (WIDTH, sum(strip.height for strip in strips)))
    image.putpalette(_palette().getpalette() or [])
    top = 0
    for strip in strips:
        image.paste(strip, (0, top))
        top += strip.height
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


class Piece(Protocol):
    """A strip of the picture, as the values it shows: a frozen record of words and numbers alone, so that
    two pieces are equal exactly when their strips are; ``paint`` reads nothing but the piece."""

    @property
    def height(self) -> int: ...

    def paint(self, pen: ImageDraw.ImageDraw) -> None:
        """The strip drawn from its top-left corner on white."""


def pieces(state: DragonState, seat: int | None, words: Words = ENGLISH) -> list[Piece]:
    """What ``seat`` (None: a spectator) sees of ``state`` in ``words``' language, strip by strip from the top:
    title, months, this month's groups, order, supply, a row per prince, the line of who is asked."""
    shown: list[Piece] = [_Title(words.say(heading(state))), _months(state, words)]
    if state.phase in (ACTION, BUILD):
        shown.append(_groups(state, words))
    shown += [_order(state, words), _supply(state, words)]
    shown += [_row(state, s, seat, words) for s in range(len(state.players))]
    shown.append(_Now(_now_line(state, words), _asked(state) is not None))
    return shown


@lru_cache(maxsize=STRIPS_KEPT)
def _strip(piece: Piece) -> Image.Image:
    """``piece`` drawn and mapped onto the palette without dithering. Kept under the piece itself, which holds
    all its strip shows: a game's next picture draws again only the pieces its move changed, and a strip is
    never shown to a seat whose piece differs in anything (its own row, another language or table)."""
    image = Image.new("RGB", (WIDTH, piece.height), WHITE)
    piece.paint(ImageDraw.Draw(image))
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


@cache
def _palette() -> Image.Image:
    """The drawing colours exactly, then four steps of text ink over each ground it is written on."""
    blends: list[Colour] = []
    for ground in FILLS:
        inks = [WHITE] if _dark(ground) else [BLACK, GREY]
        for ink in inks:
            for step in (1, 2, 3, 4):
                blends.append(tuple(round(g + (i - g) * step / 5) for g, i in zip(ground, ink)))  # type: ignore
    exact = list(dict.fromkeys(FILLS))
    kept = [b for b in dict.fromkeys(blends) if all(max(abs(x - y) for x, y in zip(b, c)) > NEAR for c in exact)]
    colours = (exact + kept)[:256]
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in colours for value in colour])
    return palette


def _asked(state: DragonState) -> int | None:
    """The seat that owes a decision now, or None once the game is over."""
    return state.actor if state.phase != OVER and state.actor >= 0 else None


def _dark(colour: Colour) -> bool:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


def _ink(ground: Colour) -> Colour:
    return WHITE if _dark(ground) else BLACK


@lru_cache(maxsize=4096)
def _fitted_size(text: str, width: int, size: int, bold: bool) -> int:
    """``size`` or, for a longer word of some language, the largest smaller size that fits in ``width``."""
    while size > 8 and _length(text, size, bold) > width:
        size -= 1
    return size


@lru_cache(maxsize=4096)
def _length(text: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(text)


def _text(pen: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, width: float, size: int,
          bold: bool = False, fill: Colour = BLACK, anchor: str = "lm", lines: int = 1) -> None:
    """A label in a box ``width`` wide (up to ``lines`` lines high), centred on ``xy``'s height: shrunk,
    broken or cut to fit it (:func:`engine.drawing.fitted`), never past its edge."""
    shown, at = _layout(text, round(width), size, bold, lines)
    x, y = xy
    for i, line in enumerate(shown):
        _write(pen, (x, y + (at + 1) * (i - (len(shown) - 1) / 2)), line, at, bold, fill, anchor)


@lru_cache(maxsize=4096)
def _layout(text: str, width: int, size: int, bold: bool, lines: int) -> tuple[tuple[str, ...], int]:
    shown, at = fitted(text, width, size, bold, smallest=8, lines=lines)
    return tuple(shown), at


def _write(pen: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, bold: bool, fill: Colour,
           anchor: str) -> None:
    """``text`` pasted in ``fill`` through its glyphs' mask, kept from the last pictures: most labels come back
    in every picture, and rendering them was half of a picture's time."""
    mask, (left, top) = _mask(text, size, bold, anchor)
    x, y = xy
    pen.im.paste(fill, (round(x) + left, round(y) + top, round(x) + left + mask.width, round(y) + top + mask.height),
                 mask.im)


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    face = font(size, bold)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)))
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=face, anchor=anchor)
    return mask, (int(left), int(top))


def _chip(pen: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int, radius: int = 11,
          due: bool = False) -> None:
    """A seat's colour as a disc with its number; the seat asked now has a black ring round it."""
    x, y = centre
    if due:
        pen.ellipse((x - radius - 3, y - radius - 3, x + radius + 3, y + radius + 3), fill=BLACK)
    pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=SEAT_COLOURS[seat], outline=WHITE, width=1)
    _write(pen, (x, y), str(seat + 1), radius + 3, True, WHITE, "mm")


def _pointer(pen: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A black triangle pointing right, at the seat asked now."""
    pen.polygon([(x, y - 6), (x + 8, y), (x, y + 6)], fill=BLACK)


def _tile(pen: ImageDraw.ImageDraw, box: tuple[float, float, float, float], code: int, label: str) -> None:
    """A person tile: its colour and short name ``label``; a young one rounded, an old one square (``oWar``).

    Pasted from a kept stamp of the same tile (:func:`_stamp`): drawing a rounded tile and its name was a
    third of redrawing a prince's row, and the same few tiles come back in every picture."""
    x0, y0, x1, y1 = box
    left, top = x0 - x0 % 2, y0 - y0 % 2  # even: Pillow rounds halves to even, so the stamp rounds as here
    stamp, shape = _stamp(code, label, (x0 - left, y0 - top, x1 - left, y1 - top))
    pen.im.paste(stamp.im, (int(left), int(top), int(left) + stamp.width, int(top) + stamp.height), shape.im)


@lru_cache(maxsize=1024)
def _stamp(code: int, label: str, box: tuple[float, float, float, float]) -> tuple[Image.Image, Image.Image]:
    """The tile ``_draw_tile`` draws in ``box``, as an image and the mask of the pixels it sets: drawn on
    black and on white, the pixels that come out the same are the tile's (no shape is anti-aliased)."""
    size = (int(box[2]) + 2, int(box[3]) + 2)
    black, white = Image.new("RGB", size, BLACK), Image.new("RGB", size, WHITE)
    for ground in (black, white):
        _draw_tile(ImageDraw.Draw(ground), box, code, label)
    same = ImageChops.difference(black, white).point(lambda v: 0 if v else 255).split()
    return black, ImageChops.darker(ImageChops.darker(same[0], same[1]), same[2])


def _draw_tile(pen: ImageDraw.ImageDraw, box: tuple[float, float, float, float], code: int, label: str) -> None:
    kind = data.KINDS[code]
    assert kind is not None
    colour = PERSON_COLOURS[kind.type_id]
    if kind.old:
        pen.rectangle(box, fill=colour, outline=BLACK, width=2)
    else:
        pen.rounded_rectangle(box, radius=(box[3] - box[1]) / 2, fill=colour, outline=BLACK, width=1)
    x0, y0, x1, y1 = box
    _text(pen, ((x0 + x1) / 2, (y0 + y1) / 2), label, x1 - x0 - 6, 11, True, _ink(colour), "mm")


@dataclass(frozen=True)
class _Title:
    line: str

    height = TITLE_H

    def paint(self, pen: ImageDraw.ImageDraw) -> None:
        _text(pen, (MARGIN, TITLE_H / 2), self.line, WIDTH - 2 * MARGIN, 16, True)


@dataclass(frozen=True)
class _Months:
    """The twelve months in two rows of six: the month now framed thick, the months done ticked and grey."""

    months: tuple[tuple[str, str, bool, bool], ...]
    """Each month's event, its short name in the reader's words, whether it is now and whether it is done."""

    height = 2 * EVENT_H + 8

    def paint(self, pen: ImageDraw.ImageDraw) -> None:
        width = (WIDTH - 2 * MARGIN) / 6
        for i, (event, name, now, done) in enumerate(self.months):
            x = MARGIN + width * (i % 6)
            y = (EVENT_H + 4) * (i // 6)
            pen.rectangle((x + 1, y + 1, x + width - 2, y + EVENT_H - 2), fill=EVENT_TINTS[event],
                          outline=BLACK if now else LINE, width=3 if now else 1)
            ink = GREY if done else BLACK
            number = f"{i + 1}\u2713" if done else str(i + 1)
            _write(pen, (x + 6, y + EVENT_H / 2), number, 13, True, ink, "lm")
            left = 6 + _length(number, 13, True) + 4
            _text(pen, (x + left, y + EVENT_H / 2), name, width - left - 6, 12, now, ink, lines=2)


def _months(state: DragonState, words: Words) -> _Months:
    over = state.phase == OVER
    return _Months(tuple((event, words.say(EVENTS_SHORT[event]), i + 1 == state.round and not over,
                          i + 1 < state.round or over) for i, event in enumerate(state.events)))


@dataclass(frozen=True)
class _Groups:
    """This month's action groups: their cards in the notation's words and a diamond per dragon placed."""

    heading: str
    groups: tuple[tuple[tuple[str, ...], int], ...]
    """Each group's lines of cards and its number of dragons."""

    @property
    def height(self) -> int:
        return 26 + CARD_LINE * max(len(lines) for lines, _dragons in self.groups)

    def paint(self, pen: ImageDraw.ImageDraw) -> None:
        _text(pen, (MARGIN, 8), self.heading, WIDTH - 2 * MARGIN, 12, True)
        width = (WIDTH - 2 * MARGIN) / len(self.groups)
        y0, y1 = 17, self.height - 3
        for g, (lines, dragons) in enumerate(self.groups):
            x0 = MARGIN + width * g
            pen.rectangle((x0 + 1, y0, x0 + width - 3, y1), fill=PANEL, outline=LINE)
            centre = (y0 + y1) / 2
            pen.ellipse((x0 + 5, centre - 9, x0 + 23, centre + 9), fill=LINE)
            _write(pen, (x0 + 14, centre), str(g + 1), 12, True, WHITE, "mm")
            first = centre - CARD_LINE * (len(lines) - 1) / 2
            for i, line in enumerate(lines):
                _text(pen, (x0 + 28, first + CARD_LINE * i), line, _card_room(width, dragons), 12)
            for d in range(dragons):
                dx = x0 + width - 12 - 12 * d
                pen.polygon([(dx, centre - 7), (dx + 5, centre), (dx, centre + 7), (dx - 5, centre)], fill=DRAGON,
                            outline=BLACK)


def _groups(state: DragonState, words: Words) -> _Groups:
    """Each group's cards in the notation's words: on one line when they fit, else one card a line (a long
    card on two)."""
    room = (WIDTH - 2 * MARGIN) / len(state.groups)
    groups = []
    for cards, dragons in zip(state.groups, state.dragons):
        joined = words.move("+".join(cards))
        fits = _length(joined, 12, False) <= _card_room(room, dragons)
        lines = (joined,) if fits else tuple(
            line for card in cards for line in _layout(words.move(card), round(_card_room(room, dragons)), 12, False, 2)[0])
        groups.append((lines, dragons))
    return _Groups(words.say(PICTURE["groups"]), tuple(groups))


def _card_room(width: float, dragons: int) -> float:
    """The width left for a group's cards in its box ``width`` wide, beside its number and its dragons."""
    return width - 34 - 12 * dragons


@dataclass(frozen=True)
class _Order:
    """The seats in the order they are asked this phase, each with its space on the person track."""

    heading: str
    track: str
    seats: tuple[tuple[int, int], ...]
    """Each seat in order, with its space on the person track."""
    asked: int | None

    height = ORDER_H

    def paint(self, pen: ImageDraw.ImageDraw) -> None:
        _text(pen, (MARGIN, 12), self.heading, 150, 12, True)
        _text(pen, (MARGIN, 30), self.track, 150, 11)
        for i, (s, space) in enumerate(self.seats):
            x = 180 + 82 * i
            if s == self.asked:
                _pointer(pen, x - 22, 15)
            _chip(pen, (x, 15), s, due=s == self.asked)
            _write(pen, (x, 37), str(space), 12, False, BLACK, "mm")


def _order(state: DragonState, words: Words) -> _Order:
    seats = state.turn_order() if state.phase == OVER else state.order
    return _Order(words.say(PICTURE["order"]), words.say(PICTURE["track"]),
                  tuple((s, state.players[s].track) for s in seats), _asked(state))


@dataclass(frozen=True)
class _Supply:
    """The person tiles left, young/old per type (one count for a type of one level)."""

    heading: str
    types: tuple[tuple[int, str, str], ...]
    """Each type's first tile, that tile's short name and the counts left."""

    height = SUPPLY_H

    def paint(self, pen: ImageDraw.ImageDraw) -> None:
        _text(pen, (MARGIN, 8), self.heading, WIDTH - 2 * MARGIN, 12, True)
        width = (WIDTH - 2 * MARGIN) / len(self.types)
        for index, (code, label, counts) in enumerate(self.types):
            x = MARGIN + width * index
            _tile(pen, (x + 1, 20, x + 36, 42), code, label)
            _text(pen, (x + 39, 31), counts, width - 40, 12)


def _supply(state: DragonState, words: Words) -> _Supply:
    types = []
    for index in range(len(data.TYPES)):
        codes = data.kind_codes(index)
        types.append((codes[0], short(codes[0], words), "/".join(str(state.supply[c]) for c in codes)))
    return _Supply(words.say(T("Supply (young/old):")), tuple(types))


@dataclass(frozen=True)
class _Row:
    """One prince: goods on the left; palaces (floors bottom up, persons in them) and cards left on the right.
    The viewer's own row is tinted and, while releases can still come, shows its standing release order."""

    seat: int
    own: bool
    due: bool
    header: str
    goods: tuple[tuple[str, str], ...]
    """Each good's name and number."""
    palaces: tuple[tuple[int, tuple[tuple[int, str], ...]], ...]
    """Each palace's floors and its persons from the ground floor up, each a tile and its short name."""
    no_palaces: str
    cards: str
    held: tuple[tuple[str, str], ...]
    """Each person card in hand and its label (``War×2``)."""
    release: str | None
    """The viewer's own standing release order; None on any other row, and once the game is over."""

    @property
    def height(self) -> int:
        return PLAYER_H + (OWN_EXTRA if self.release is not None else 0)

    def paint(self, pen: ImageDraw.ImageDraw) -> None:
        pen.rectangle((MARGIN, 0, WIDTH - MARGIN, self.height - 4), fill=OWN_PANEL if self.own else PANEL,
                      outline=BLACK if self.due else LINE, width=3 if self.due else 1)
        if self.due:
            _pointer(pen, MARGIN + 4, 16)
        _chip(pen, (MARGIN + 26, 16), self.seat)
        _text(pen, (MARGIN + 42, 16), self.header, LEFT_W - 48, 14, True, lines=2)
        self._goods(pen, 36)
        self._palaces(pen)
        self._cards(pen, 113)
        if self.release is not None:
            _text(pen, (MARGIN + 8, 130), self.release, WIDTH - 2 * MARGIN - 16, 12)

    def _goods(self, pen: ImageDraw.ImageDraw, top: int) -> None:
        """A small table: each good's name, its number right-aligned beside it."""
        right = MARGIN + LEFT_W - 8
        for i, (label, value) in enumerate(self.goods):
            y = top + 13 * i
            size = _fitted_size(value, LEFT_W - 70, 12, True)
            _write(pen, (right, y), value, size, True, BLACK, "rm")
            room = LEFT_W - 18 - _length(value, size, True)
            _text(pen, (MARGIN + 8, y), label, room, 12)

    def _palaces(self, pen: ImageDraw.ImageDraw) -> None:
        """Each palace a column of its floors under a roof, its persons from the ground floor up, its number
        below."""
        left = MARGIN + LEFT_W
        room = WIDTH - MARGIN - 6 - left
        if not self.palaces:
            _text(pen, (left, 50), self.no_palaces, room, 12)
            return
        width = min(58.0, room / len(self.palaces))
        base = 6 + ROOF_H + SLOT_H * data.MAX_FLOORS
        for p, (floors, persons) in enumerate(self.palaces):
            x0, x1 = left + width * p + 2, left + width * (p + 1) - 2
            roof = base - SLOT_H * floors
            pen.polygon([(x0 - 1, roof), (x0 + 5, roof - ROOF_H), (x1 - 5, roof - ROOF_H), (x1 + 1, roof)],
                        fill=ROOF)
            for f in range(floors):
                y1 = base - SLOT_H * f
                pen.rectangle((x0, y1 - SLOT_H, x1, y1), fill=FLOOR, outline=LINE)
                if f < len(persons):
                    _tile(pen, (x0 + 2, y1 - SLOT_H + 2, x1 - 2, y1 - 2), *persons[f])
            _write(pen, ((x0 + x1) / 2, base + 8), str(p + 1), 11, True, BLACK, "mm")

    def _cards(self, pen: ImageDraw.ImageDraw, top: int) -> None:
        """The person cards still in hand (public, D-10), each in its type's colour with its short name."""
        left = MARGIN + LEFT_W
        size = _fitted_size(self.cards, 80, 12, False)
        _write(pen, (left, top), self.cards, size, False, BLACK, "lm")
        x = left + _length(self.cards, size, False) + 6
        if not self.held:
            _write(pen, (x, top), "-", 12, False, BLACK, "lm")
            return
        width = min(48.0, (WIDTH - MARGIN - 8 - x) / len(self.held))
        for card, label in self.held:
            colour = PERSON_COLOURS.get(card, WILD_CARD)
            pen.rectangle((x, top - CARD_H / 2, x + width - 3, top + CARD_H / 2), fill=colour, outline=BLACK)
            _text(pen, (x + (width - 3) / 2, top), label, width - 7, 10, True, _ink(colour), "mm", lines=2)
            x += width


def _row(state: DragonState, s: int, viewer: int | None, words: Words) -> _Row:
    player = state.players[s]
    goods = (
        (words.say(PICTURE["vp"]), player.score), (words.say(PICTURE["track"]), player.track),
        (words.say(PICTURE["yuan"]), player.yuan), (words.say(PICTURE["rice"]), player.rice),
        (words.move("fireworks"), player.fireworks), (words.move("privilege small"), player.small),
        (words.move("privilege large"), player.large),
    )
    palaces = tuple((floors, tuple((code, short(code, words)) for code in persons))
                    for floors, persons in player.palaces)
    held = tuple((card, card_label(words, card, n)) for card, n in zip(data.CARDS, player.cards) if n)
    release = None
    if s == viewer and state.phase != OVER:
        order = (", ".join(words.say(person(entry)) for entry in player.release_order)
                 or words.say(T("none (you will be asked)")))
        release = words.say(T("release order: %(order)s", order=order))
    return _Row(s, s == viewer, s == _asked(state), seat_label(words, s),
                tuple((label, str(value)) for label, value in goods), palaces, words.say(T("no palaces")),
                words.say(PICTURE["cards"]), held, release)


def card_label(words: Words, card: str, n: int) -> str:
    """A card in hand as its box names it: the short name, and how many when more than one (``War×2``)."""
    return words.say(SHORT[card]) + (f"\u00d7{n}" if n > 1 else "")


@dataclass(frozen=True)
class _Now:
    """The line of who is asked now, a pointer before it while someone is."""

    line: str
    pointed: bool

    height = NOW_H

    def paint(self, pen: ImageDraw.ImageDraw) -> None:
        if self.pointed:
            _pointer(pen, MARGIN, NOW_H / 2)
        _text(pen, (MARGIN + 12, NOW_H / 2), self.line, WIDTH - 2 * MARGIN - 12, 13, True)


def _now_line(state: DragonState, words: Words) -> str:
    """Who is asked now and for what (the mail's subject words), or that the game is over."""
    if _asked(state) is None:
        return words.say(T("The game is over."))
    who = seat_label(words, state.actor)
    return f"{who}: {words.say(title(state, state.actor))}"
