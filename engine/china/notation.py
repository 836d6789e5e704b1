"""China's notation: one canonical line per step, and a whole turn in one reply line.

A turn is written as segments separated by ``;``, for example
``play red red yellow; wei: pagoda 3, emissary; draw up2, deck`` or
``exchange green for up1``. Each segment becomes one or more step moves,
read in order against the state the earlier steps lead to, so a draw from
the display (``up2`` = the second face-up card, or a colour) is checked
against the display as it stands at that moment (D7).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.china import flow
from engine.china.moves import (DECK, EMISSARY, FORTRESS, PAGODA, Draw, Exchange, Move, Pass, Place, Play,
                                format_move)
from engine.china.state import ACT, OVER, PLACE, State
from engine.errors import AmbiguousMove, IllegalMove, MoveError
from engine.notation import Vocabulary, closest, words_of
from engine.text import ANO_TELEIA, Notation, T, Text

PIECE_WORDS = {PAGODA: PAGODA, "house": PAGODA, "palace": PAGODA, EMISSARY: EMISSARY, "envoy": EMISSARY,
               FORTRESS: FORTRESS, "fort": FORTRESS, "fortification": FORTRESS}
EXAMPLE_STEPS = 3
"""The most steps of a turn a prompt's example shows: a play, a piece, and the next step, enough to show the form."""
MOVE_WORDS = frozenset({"pass", "play", "draw", "take", "exchange", "swap", "discard"})
"""The words a step can start with (besides a piece or a province)."""
DECK_WORDS = (DECK, "d", "pile", "top")
SOURCE_WORDS = (*DECK_WORDS, "up", "display", "face-up")
"""How a draw or an exchange names where its card comes from (``_source``)."""
JOKER = "joker"
"""The rulebook's word for two cards of one colour played as one card of another (``engine.china.game``'s
``also_named``): read by meaning only."""
RIGHT = "rightmost"
"""The word a player names the face-up card lying furthest right by (:func:`rightmost`): read by meaning only."""
JOINING_WORDS = ("and", "then", "for", "in", "to", "on", "into")
"""Words between the parts of a segment: read, but naming nothing (``exchange green for up1``)."""
PLAY_LIMIT = 3
"""The most cards one play takes."""
SUGGESTION_LIMIT = 400
PROVINCES = next(iter(flow.BOARDS.sides.values())).provinces


def example_turn(state: State, seat: int) -> str:
    """A turn legal now, written as a reply: its first steps, each the first legal one (a play before an
    exchange), played on a copy. A player copies the example, so a fixed one (``play red red; wei: pagoda 3``)
    would be refused whenever the hand or the board does not allow it, and repeat itself in the refusal."""
    work, steps = state.copy(), []
    while seat == work.current and work.phase != OVER and len(steps) < EXAMPLE_STEPS:
        move = flow.legal(work, seat)[0]
        steps.append(format_move(move))
        if isinstance(move, (Draw, Exchange, Pass)):
            break  # the turn's last step: the deck's next card is nobody's to see, even on a copy
        flow.apply(work, seat, move)
    return "; ".join(steps)


def placing_example(state: State, seat: int) -> str:
    """The example turn (:func:`example_turn`) up to its first placement: how pieces are named, legal now."""
    steps = example_turn(state, seat).split("; ")
    placing = next((i for i, step in enumerate(steps) if ":" in step), len(steps) - 1)
    return "; ".join(steps[:placing + 1])


def expected(state: State, seat: int) -> Text:
    """What the game waits for from ``seat`` now, for a refusal's "expected now": every example is a move legal
    now, as the prompt's is (a fixed one, ``wei: pagoda 3``, was refused again where Wei was not funded)."""
    legal = flow.legal(state, seat)
    if state.phase == OVER:
        return T("nothing: the game is over")
    if not legal:
        return T("nothing until your turn")
    first = Notation(format_move(legal[0]))
    if state.phase == ACT:
        turn = example_turn(state, seat)
        exchange = next((format_move(m) for m in legal if isinstance(m, Exchange)), turn)
        if exchange == turn:
            return T("a turn such as '%(turn)s'", turn=Notation(turn))
        return T("a turn such as '%(turn)s' or '%(exchange)s'", turn=Notation(turn), exchange=Notation(exchange))
    if state.phase == PLACE:
        pieces = {m.piece: m for m in reversed(legal) if isinstance(m, Place)}  # the first legal of each piece
        if PAGODA in pieces and EMISSARY in pieces:
            return T("the next piece, such as '%(pagoda)s' or '%(emissary)s'",
                     pagoda=Notation(format_move(pieces[PAGODA])), emissary=Notation(format_move(pieces[EMISSARY])))
        return T("the next step, such as '%(example)s'", example=first)
    displayed = [f"draw up{state.display.index(flow.COLOURS.index(m.source)) + 1}" for m in legal
                 if isinstance(m, Draw) and m.source != DECK]
    if Draw(DECK) in legal and displayed:
        return T("the cards to draw, such as '%(deck)s' or '%(display)s' (a display card by place or colour)",
                 deck=Notation(format_move(Draw(DECK))), display=Notation(displayed[0]))
    return T("the cards to draw, such as '%(example)s'", example=first)


def read_line(line: str, state: State, seat: int) -> list[Move]:
    """The steps of one reply line for ``seat``, read on a copy so that ``state`` is left as it is."""
    return _line(line, state.copy(), seat)


def reply_text(text: str) -> str:
    """A reply as the notation reads it: lower case, the apostrophe out of a province's name (``Ch'in`` is
    written both ways). Any other apostrophe stays in its word, so a refusal quotes "don't" whole. The Greek
    ano teleia («·»), which joins a turn's steps in a Greek mail, reads as the ";" it stands for there."""
    text = text.lower()
    for mark in ANO_TELEIA:
        text = text.replace(mark, ";")
    for name in _APOSTROPHED:
        text = re.sub(rf"\b{_APOSTROPHE.sub(_ANY_APOSTROPHE, re.escape(name))}\b", _plain(name), text)
    return text


def suggest(state: State, seat: int, line: str = "") -> list[str]:
    """The whole turns to suggest for a reply line (an empty reply: none), nearest first."""
    return _suggest(line, state, seat)


def _line(line: str, work: State, seat: int) -> list[Move]:
    """The steps of one line, applied to ``work``; errors suggest whole turns from the line's start."""
    start = work.copy()
    moves: list[Move] = []
    province_hint: list[str] = []
    for segment in (s.strip().rstrip(".").strip() for s in line.split(";")):  # a sentence's full stop is none
        if not segment:
            continue
        for step in _segment(segment, start, seat, province_hint, line):
            if work.phase == "over" or work.current != seat:
                raise MoveError(T("your turn is already complete before '%(segment)s'; leave out the extra steps",
                                  segment=Notation(segment)), line=line, expected=T("nothing more this turn"))
            move = step(work)
            if move not in flow.legal(work, seat):
                raise IllegalMove(flow.why_illegal(work, seat, move), line=line, expected=expected(start, seat),
                                  suggestions=_suggest(line, start, seat))
            flow.apply(work, seat, move)
            moves.append(move)
    return moves


Step = Callable[[State], Move]
Fail = Callable[[Text], MoveError]


def _segment(segment: str, work: State, seat: int, hint: list[str], line: str) -> list[Step]:
    """The steps one segment stands for; each step is resolved against the state when its turn comes."""
    words = segment.replace(",", " , ").replace("+", " + ").split()
    head, rest = words[0], words[1:]

    def fail(message: Text) -> MoveError:
        return MoveError(message, line=line, expected=expected(work, seat), suggestions=_suggest(line, work, seat))

    if head == "pass":
        if rest:
            raise fail(T("'%(passing)s' takes nothing after it, but the line goes on with '%(rest)s'",
                         passing=Notation("pass"), rest=Notation(" ".join(rest))))
        return [lambda s: Pass()]
    if head == "play":
        return [_play_step(rest, hint, fail)]
    if head in ("draw", "take"):
        items = [w for w in " ".join(rest).replace(" , ", ",").split(",") for w in [w.strip()] if w]
        sources = [t for item in items for t in _split_sources(item)]
        if not sources:
            raise fail(T("say where to draw from: '%(deck)s', '%(first)s'..'%(last)s' or a display colour",
                         deck=Notation(DECK), first=Notation("up1"), last=Notation("up4")))
        return [_draw_step(src, fail) for src in sources]
    if head in ("exchange", "swap", "discard"):
        return [_exchange_step(rest, fail)]
    return _piece_steps(words, hint, fail, lambda: placing_example(work, seat))


def _play_step(words: list[str], hint: list[str], fail: Fail) -> Step:
    """``play red red``, or with a count before a colour (``play 2 red``, "play my two reds"): that many cards
    of it; a count that names no card, or more cards than a play takes, is refused."""
    colours: list[str] = []
    count: int | None = None
    tail = [w for w in words if w not in (",", "+", "and")]
    for i, word in enumerate(tail):
        if word in ("for", "in", "to", "on", "into"):
            if i + 1 >= len(tail):
                raise fail(T("name the province after '%(word)s'", word=Notation(word)))
            hint.append(_province(" ".join(tail[i + 1:]).rstrip(":"), fail))
            break
        if word.isdigit() and count is None and int(word) >= 1:
            count = int(word)
            continue
        colours += [_colour(word, fail)] * min(count or 1, PLAY_LIMIT + 1)  # more than a play takes is refused
        count = None
    if count is not None or not 1 <= len(colours) <= PLAY_LIMIT:
        raise fail(T("play 1 to 3 cards, named by colour (%(colours)s)", colours=Notation(", ".join(flow.COLOURS))))
    order = {c: i for i, c in enumerate(flow.COLOURS)}
    cards = tuple(sorted(colours, key=order.__getitem__))
    return lambda s: Play(cards)


def _split_sources(item: str) -> list[str]:
    """One comma-separated draw item: ``up 2`` / ``display red`` stay whole (``red display`` too: "the red from
    the display"), ``deck deck`` is two draws."""
    words = item.replace("display:", "display ").split()
    if len(words) == 2 and words[0] in ("up", "display", "face-up"):
        return [" ".join(words)]
    if len(words) == 2 and words[1] in ("display", "face-up"):
        return [f"display {words[0]}"]
    return words


def _draw_step(source: str, fail: Fail) -> Step:
    return lambda s: Draw(_source(source, s, fail))


def _exchange_step(words: list[str], fail: Fail) -> Step:
    if "for" not in words or words.index("for") != 1 or len(words) < 3:
        raise fail(T("write an exchange as '%(exchange)s <colour> %(for)s <%(deck)s, %(first)s..%(last)s or a "
                     "display colour>'", exchange=Notation("exchange"), deck=Notation(DECK),
                     first=Notation("up1"), last=Notation("up4"), **{"for": Notation("for")}))
    discard = _colour(words[0], fail)
    take = " ".join(words[2:])
    return lambda s: Exchange(discard, _source(take, s, fail))


def display_places(state: State, move: Move) -> str:
    """The places (``up2``) of the display cards a draw or an exchange may take, as the notation reads them."""
    taken = move.source if isinstance(move, Draw) else move.take if isinstance(move, Exchange) else None
    return " ".join(f"up{slot}" for slot, card in enumerate(state.display, 1)
                    if card is not None and flow.COLOURS[card] == taken)


def rightmost(state: State) -> str:
    """The place (``up4``) of the face-up card lying furthest right now (cards taken this turn leave gaps)."""
    return next((f"up{slot}" for slot in range(len(state.display), 0, -1) if state.display[slot - 1] is not None), "")


def _source(word: str, state: State, fail: Fail) -> str:
    """``deck``, a display colour, ``upN`` / ``display N`` (the N-th face-up card), or ``display red``."""
    word = word.replace("display ", "up ").replace("face-up ", "up ").strip()
    if word in DECK_WORDS:
        return DECK
    match = re.fullmatch(r"up\s*(\d)", word)
    if match:
        slot = int(match.group(1))
        if not 1 <= slot <= len(state.display):
            raise fail(T("the display has places %(first)s to %(last)s, not '%(word)s'", first=Notation("up1"),
                         last=Notation(f"up{len(state.display)}"), word=Notation(word)))
        card = state.display[slot - 1]
        if card is None:
            raise fail(T("%(place)s is empty now; taken cards are not replaced until the end of the turn",
                         place=Notation(word)))
        return flow.COLOURS[card]
    return _colour(word.removeprefix("up ").strip(), fail)


def _piece_steps(words: list[str], hint: list[str], fail: Fail, example: Callable[[], str]) -> list[Step]:
    """The placements a segment names (``wei: pagoda 3, emissary``); ``example`` gives a turn legal now up to its
    first placement, for a refusal of a segment that names no piece."""
    text = " ".join(words)
    province: str | None = hint[-1] if hint else None
    if ":" in text:
        before, text = text.split(":", 1)
        province = _province(before.strip(), fail)
    pieces = [p.strip() for p in re.split(r"\s*(?:,|\+|\band\b|\bthen\b)\s*", text) if p.strip()]
    if not pieces:
        raise fail(T("name the pieces to place, such as '%(example)s'", example=Notation(example())))
    steps = []
    for piece in pieces:
        tokens = piece.split()
        if tokens[0] not in PIECE_WORDS and len(tokens) > 1 and tokens[1] in PIECE_WORDS:
            province = _province(tokens[0], fail)
            tokens = tokens[1:]
        if tokens[0] not in PIECE_WORDS:
            raise fail(T("'%(piece)s' is not understood: a turn is '%(play)s <cards>', then '<province>: <pieces>' "
                         "(%(pagoda)s <site>, %(emissary)s, %(fortress)s <site>), then '%(draw)s <%(deck)s or "
                         "%(first)s-%(last)s>'; or '%(exchange)s <colour> %(for)s <%(deck)s or %(first)s-%(last)s>', "
                         "or '%(pass)s'", piece=Notation(piece), **{word: Notation(word) for word in (
                             "play", "pagoda", "emissary", "fortress", "draw", "deck", "exchange", "for", "pass")},
                         first=Notation("up1"), last=Notation("up4")))
        kind = PIECE_WORDS[tokens[0]]
        tokens = [tokens[0], *(token for token in tokens[1:] if token not in JOINING_WORDS)]
        if len(tokens) > 1 and tokens[1] in _PROVINCE_NAMES:  # "pagoda in wei 2": the province after the piece
            province = _province(tokens[1], fail)
            tokens = [tokens[0], *tokens[2:]]
        site = " ".join(tokens[1:]) or None
        if kind == EMISSARY and site is not None:
            raise fail(T("an emissary goes to the province's court, not to a site: write just '%(emissary)s'",
                         emissary=Notation(EMISSARY)))
        steps.append(_place_step(province, kind, site, fail))
    return steps


def _place_step(province: str | None, kind: str, site: str | None, fail: Fail) -> Step:
    def resolve(state: State) -> Move:
        placing = [m for m in flow.legal(state, state.current) if isinstance(m, Place)]
        options = [m for m in placing if m.piece == kind]
        chosen_province = province
        if chosen_province is None and state.province >= 0:
            chosen_province = state.side.provinces[state.province].id
        if chosen_province is not None:
            options = [m for m in options if m.province == chosen_province]
        if site is not None:
            wanted = site.replace(" ", "-")
            options = [m for m in options if m.site in (wanted, f"{m.province}-{wanted}")]
            if chosen_province is not None and not options:
                target = wanted if "-" in wanted else f"{chosen_province}-{wanted}"
                return Place(chosen_province, kind, target)
        if len(options) == 1:
            return options[0]
        if not options:
            if chosen_province is not None:
                return Place(chosen_province, kind, site)
            # the example is a placement legal now, never the shape just refused nor a province not funded
            example = next(iter([m for m in placing if m.piece == kind] or placing), None)
            raise fail(T("no %(piece)s can be placed as written; name the province, such as '%(example)s'",
                         piece=Notation(kind),
                         example=Notation(format_move(example) if example else f"wei: {kind}")))
        raise AmbiguousMove(
            T("'%(piece)s' fits several moves; name the province and site",
              piece=Notation(kind + (" " + site if site else ""))),
            line="", expected=T("one piece"), suggestions=[format_move(m) for m in options],
        )

    return resolve


def _colour(word: str, fail: Fail) -> str:
    return _unique(word, {c: [c, PLURALS[c]] for c in flow.COLOURS}, COLOUR_NAMES, fail)


PLURALS = {colour: colour + "s" for colour in flow.COLOURS}
"""A colour in the plural, as a count of cards names it ("two reds")."""


def _province(word: str, fail: Fail) -> str:
    """A province by id, printed name or alias (every side shares the same provinces)."""
    names = {p.id: sorted({p.id, _plain(p.name), *(_plain(a) for a in p.aliases)}) for p in PROVINCES}
    return _unique(word, names, PROVINCE_NAMES, fail)


def _province_names() -> list[str]:
    return [name for p in PROVINCES for name in (p.id, _plain(p.name), *(_plain(a) for a in p.aliases))]


_APOSTROPHE = re.compile("['\u2019]")
_ANY_APOSTROPHE = "['\u2019]"
_APOSTROPHED = sorted({name.lower() for p in PROVINCES for name in (p.name, *p.aliases) if _APOSTROPHE.search(name)})
"""The province names written with an apostrophe (``ch'in``)."""


def _plain(name: str) -> str:
    return name.lower().replace("'", "").replace("\u2019", "")


_PROVINCE_NAMES = frozenset(_province_names())
"""Every name a reply may give a province by."""


@dataclass(frozen=True)
class Kind:
    """What a name names, as the refusals say it: the player's word and the names are arguments of its sentences."""

    ambiguous: Callable[[Notation, Notation], Text]
    unknown: Callable[[Notation, Notation], Text]
    expected: Text


COLOUR_NAMES = Kind(
    lambda word, names: T("'%(word)s' could be the card colour %(names)s", word=word, names=names),
    lambda word, names: T("'%(word)s' is not a card colour; card colours are %(names)s", word=word, names=names),
    T("a card colour"))
PROVINCE_NAMES = Kind(
    lambda word, names: T("'%(word)s' could be the province %(names)s", word=word, names=names),
    lambda word, names: T("'%(word)s' is not a province; provinces are %(names)s", word=word, names=names),
    T("a province"))


def _unique(word: str, names: dict[str, list[str]], kind: Kind, fail: Fail) -> str:
    """The one name whose spelling equals ``word`` or starts with it; ambiguity and misses are errors."""
    exact = [key for key, spellings in names.items() if word in spellings]
    if exact:
        return exact[0]
    found = [key for key, spellings in names.items() if any(s.startswith(word) for s in spellings)]
    if len(found) == 1:
        return found[0]
    if found:
        raise AmbiguousMove(kind.ambiguous(Notation(word), Notation(" / ".join(found))),
                            expected=kind.expected, suggestions=found)
    raise fail(kind.unknown(Notation(word), Notation(", ".join(names))))


# --- suggestions ---------------------------------------------------------------


def _suggest(text: str, state: State, seat: int) -> list[str]:
    """The nearest legal turns, at most one per pattern (turns that differ only in site numbers)."""
    seen: set[str] = set()
    varied = []
    for line in whole_turns(state, seat):
        pattern = re.sub(r"\d+", "#", line)
        if pattern not in seen:
            seen.add(pattern)
            varied.append(line)
    return closest(text, varied)


def whole_turns(state: State, seat: int) -> list[str]:
    """Lines that complete the seat's current turn up to its draws, for 'closest legal turns' suggestions."""
    lines: list[str] = []

    def walk(current: State, prefix: list[str], segment: list[str]) -> None:
        if len(lines) >= SUGGESTION_LIMIT:
            return
        if current.phase != "place" or current.current != seat:
            lines.append("; ".join(prefix + ([", ".join(segment)] if segment else [])))
            return
        for move in flow.legal(current, seat):
            after = flow.apply(current.copy(), seat, move)
            text = format_move(move) if not segment else format_move(move).split(": ", 1)[1]
            walk(after, prefix, segment + [text])

    for move in flow.legal(state, seat):
        after = flow.apply(state.copy(), seat, move)
        if isinstance(move, Play):
            walk(after, [format_move(move)], [])
        elif isinstance(move, Place):
            walk(after, [], [format_move(move)])
        else:
            lines.append(format_move(move))
    return lines


VOCABULARY = Vocabulary(
    moves=words_of([*MOVE_WORDS, *PIECE_WORDS, *SOURCE_WORDS, *flow.COLOURS, *PLURALS.values(), JOKER, RIGHT,
                    *_province_names()]),
    others=words_of(JOINING_WORDS),
    shortened=words_of([*flow.COLOURS, *_province_names()]),
    verbs=MOVE_WORDS,
    counted=words_of([*PIECE_WORDS, "up", "display", *_province_names()]),
    repeated=words_of([*flow.COLOURS, *PLURALS.values(), DECK]),
    given_for=frozenset({"for"}), given_by=frozenset({"discard"}), taken_by=frozenset({"draw", "take"}),
    said_after=frozenset(flow.COLOURS),
    same=(*((word, piece) for word, piece in PIECE_WORDS.items() if word != piece), ("swap", "exchange"),
          *((word, DECK) for word in DECK_WORDS if word != DECK), *((plural, colour) for colour, plural in PLURALS.items()),
          *((name, p.id) for p in PROVINCES for name in map(_plain, (p.name, *p.aliases)) if name != p.id)),
)
"""Every word the reader above reads: the verbs, pieces, sources, colours and provinces name a move; the
colours and provinces are read by any beginning that fits one alone (``_unique``). A site's number goes with
its piece or province ("pagoda two", "wei 2"), a display place's with ``up``; a province's printed name and
aliases are the province (``qin``: ``chin``)."""
