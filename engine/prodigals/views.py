"""What a seat may see (``view``) and the plain-text picture for a mail (``render``).

Hands, deck and stack orders, and a political tile just drawn are private
(D-22, ``R-PBEM-4``); both functions read the state through one filter so a
picture can never show more than the view.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from engine.prodigals import boards, flow
from engine.prodigals.board_effects import DATA_BONUS, indicated_borough
from engine.prodigals.data import COMPETITION_NAMES, DATA, slug
from engine.prodigals.effects import describe, scores
from engine.prodigals.state import Player, Prompt, State
from engine.prodigals.moves import Done, Tile
from engine.prodigals.words import (BEATRICE, BONUS_TILES, BORDERS, BOROUGHS, CARD_SETS, COMPETITIONS, FINAL,
                                    MARKER_LETTERS, PHASES, SPACES, SYMBOLS, turn_order_space)
from engine.text import ENGLISH, Notation, T, Text, Words, seat_label, separator
from engine.protocol import Decision, Result

WIDTH = 78
_EDGE = {"blank": "-", "?": "?"}
_EDGE_WORDS = {"blank": T("blank (-)"), "?": T("any symbol (?)")}
"""A tile edge that is no symbol, in words, for the text that explains a placement."""
_KEEP = "\u00a0"
"""Joins the words of one item of a line (``hand 3``) so that wrapping never parts them."""


def _card(uid: str) -> str:
    return DATA.cards[uid].slug


def _possession(tile: str) -> str:
    p = DATA.possessions[tile]
    return f"{slug(tile)}:{p.symbol}{p.value}{p.borough[:3]}"


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` (None: an observer) may see, as plain data."""
    pending = state.pending
    view: dict[str, Any] = {
        "round": state.round,
        "phase": state.phase,
        "competitions": [COMPETITION_NAMES[c] for c in state.competitions],
        "order": state.order[:],
        "to_act": sorted({pending.seat} if pending else ({state.current} if state.phase != "over" else set())),
        "central_card": _card(state.central_card) if state.central_card else None,
        "card_sets": {slug(s): [_card(c) for c in cards] for s, cards in state.sets.items() if s not in state.taken},
        "set_tiles": {slug(s): slug(t) for s, t in state.set_tiles.items()},
        "taken": dict(state.taken),
        "bonus_tiles": [DATA_BONUS[t].slug for t in state.bonus_tiles],
        "renaissance_man_free": state.renaissance,
        "deck_sizes": {f"{c}-{b}": len(d) for (c, b), d in state.decks.items()},
    }
    if "P" in state.competitions:
        view["borough"] = indicated_borough(state)
        view["board_possessions"] = [_possession(t) for t in state.board_tiles]
    if "E" in state.competitions:
        view["canvass"] = [slug(t) for t in state.canvass]
        view["political_stack"] = len(state.political_stack)
    if "S" in state.competitions:
        view["dame_beatrice"] = str(_beatrice(state.beatrice)) if state.beatrice else None
    view["players"] = [_player_view(state, p, seat) for p in state.players]
    if pending is not None and pending.seat == seat:
        view["prompt"] = {
            "kind": pending.prompt.kind,
            "label": str(pending.prompt.label),
            "options": [str(m) for m in pending.prompt.options],
        }
    return view


def _player_view(state: State, player: Player, seat: int | None) -> dict[str, Any]:
    own = player.seat == seat
    shown: dict[str, Any] = {
        "seat": player.seat,
        "scores": {COMPETITION_NAMES[c]: v for c, v in scores(state, player).items()},
        "hand_size": len(player.hand),
        "board": [{"card": _card(u), "used": u in player.used} for u in player.board],
        "played": [_card(u) for u in player.played],
        "megaphones": player.megaphones,
        "errand_boys": player.boys,
        "spaces": player.spaces[:],
        "bonus_tiles": [DATA_BONUS[t].slug for t in player.bonus],
        "wild": player.wild[:] if player.wild is not None else None,
    }
    if "P" in state.competitions:
        shown["money"] = player.money
        shown["possessions"] = [_possession(t) for t in player.possessions]
    if "E" in state.competitions:
        shown["votes"] = player.votes
        shown["grid"] = [[x, y, slug(t), turn] for (x, y), (t, turn) in sorted(player.grid.items())]
        shown["circles"] = dict(player.circles)
    if "S" in state.competitions:
        shown["markers"] = {m: [DATA.rows[r], DATA.columns[c]] for m, (r, c) in player.markers.items()}
    if own:
        shown["hand"] = [_card(u) for u in player.hand]
        if player.drawn_tile:
            shown["drawn_tile"] = slug(player.drawn_tile)
        shown["standing_orders"] = {"up": player.up_order[:], "keep": player.keep[:]}
    return shown


def render(state: State, seat: int | None, words: Words = ENGLISH) -> str:
    """A compact picture, at most 78 columns wide in any language: each line is said first, then wrapped.

    What lies on the table is named as the rulebook names it (a tile by its edges, a card set by its competition,
    a seat in the reader's words), never by the codes a reply may type for it. The seats due are named last,
    but not the reader's own decision: every mail that shows the board states it once, with its choices."""
    say = words.say
    lines: list[str] = []
    lines.extend(_wrap(say(T("The Prodigals Club, round %(round)s of %(rounds)s, %(phase)s; %(competitions)s",
                             round=state.round, rounds=DATA.rounds, phase=PHASES[state.phase],
                             competitions=tuple(COMPETITIONS[COMPETITION_NAMES[c]] for c in state.competitions)))))
    labels = [seat_label(words, p.seat) for p in state.players]
    lines.extend(_wrap(say(turn_order(state, words)), labels))
    top: list[Text] = []
    if state.central_card:
        top.append(T("central card %(card)s", card=Notation(_card(state.central_card))))
    if "P" in state.competitions:
        top.append(T("borough %(borough)s", borough=BOROUGHS[indicated_borough(state)]))
    if "S" in state.competitions and state.beatrice:
        top.append(T("Dame Beatrice %(tile)s", tile=_beatrice(state.beatrice)))
    lines.extend(_wrap(separator(words).join(say(t) for t in top)))
    for set_id, cards in state.sets.items():
        if set_id in state.taken:
            continue
        parts = [say(T("%(set)s: %(cards)s", set=card_set(set_id), cards=Notation(", ".join(_card(c) for c in cards))))]
        if set_id in state.set_tiles:
            parts.append(say(T("+tile %(tile)s", tile=tile_edges(state.set_tiles[set_id]))))
        if set_id in state.set_benefit:
            parts.append("+" + say(describe(state.set_benefit[set_id])))
        lines.extend(_wrap(" ".join(parts)))
    if "P" in state.competitions and state.board_tiles:
        lines.extend(_wrap(say(T("possessions board: %(tiles)s",
                                 tiles=", ".join(say(possession_words(t)) for t in state.board_tiles)))))
    if "E" in state.competitions and state.canvass:
        lines.extend(_wrap(say(T("canvass: %(tiles)s", tiles=" ".join(say(tile_edges(t)) for t in state.canvass)))))
    if state.bonus_tiles:
        lines.extend(_wrap(say(bonus_tiles_line(state.bonus_tiles))))
    if state.taken:
        lines.extend(_wrap(say(T("taken: %(sets)s", sets=_taken(state, words))), labels))
    lines.append("")
    for player in state.players:
        lines.extend(_player_lines(state, player, words))
    if "E" in state.competitions:
        lines.extend(_wrap(say(EDGES_LEGEND)))
    if "S" in state.competitions:
        lines.append("")
        lines.extend(_society(state, words))
    if seat is not None:
        lines.append("")
        lines.extend(_own_lines(state, state.players[seat], words))
    due = sorted(flow.to_act(state))
    lines.append("")
    if not due:
        lines.append(say(T("Game over.")))
    for s in due:
        asked = decision(state, s) if s != seat else None  # the reader's own decision: the mail states it, once
        if asked is not None:
            lines.extend(_wrap(say(T("Due: %(seat)s, %(title)s", seat=labels[s], title=asked.title)), labels))
    return "\n".join(line[:WIDTH] for line in lines).rstrip("\n")


def turn_order(state: State, words: Words) -> Text:
    """The seats in turn order, each with its player's name when the table's names are known (``seat 2 (Bob)``):
    the text board and the picture say the same."""
    return T("Turn order: %(seats)s", seats=", ".join(seat_label(words, s) for s in state.order))


def _taken(state: State, words: Words) -> str:
    """The exclusive spaces and sets taken, by seat, each seat named once:
    ``seat 1 (Ann): election set 1, s-row; seat 3 …``."""
    by_seat: dict[int, list[str]] = {}
    for key, seat in state.taken.items():
        by_seat.setdefault(seat, []).append(space_name(words, key))
    return separator(words).join(f"{seat_label(words, seat)}: {', '.join(keys)}" for seat, keys in sorted(by_seat.items()))


def card_set(set_id: str) -> Text:
    """A card set as the rulebook names it, by its competition and number (``election set 1``), not by the
    notation a reply names it with (``e-set1``)."""
    competition, number = set_id.split("_set")
    return CARD_SETS[competition](int(number))


CARD_SET_IDS: dict[str, str] = {slug(card_set.id): card_set.id for side in DATA.sides.values()
                                 for card_set in side.card_sets}
"""Each card set's id by the name a reply gives its space (``e-set1`` -> ``E_set1``)."""


def space_words(key: str) -> Text:
    """An errand space or card set, by its id or the name a reply gives it (``E_canvass``, ``e-set1``,
    ``turn-order-2``), as the rulebook names it (``canvass``, ``election set 1``, ``turn order 2``): the board and
    the picture show a space by this, never by the reply's hyphenated name."""
    key = slug(key)
    set_id = CARD_SET_IDS.get(key)
    if set_id:
        return card_set(set_id)
    position = key.removeprefix("turn-order-")
    return turn_order_space(int(position)) if position != key else SPACES[key]


def space_name(words: Words, key: str) -> str:
    """An errand space or card set as the board and the picture name it (:func:`space_words`), in ``words``."""
    return words.say(space_words(key))


def bonus_words(tiles: Iterable[str]) -> tuple[Text, ...]:
    """Bonus action tiles, by their ids, as the board names them (``megaphones``), never by the reply's
    hyphenated name (``e-megaphones``)."""
    return tuple(BONUS_TILES[DATA_BONUS[tile].slug] for tile in tiles)


def bonus_tiles_line(tiles: Iterable[str]) -> Text:
    """The bonus action tiles left on the central board, as the text board and the picture both list them."""
    return T("bonus tiles: %(tiles)s", tiles=bonus_words(tiles))


def _wrap(text: str, whole: Iterable[str] = ()) -> list[str]:
    """``text`` in lines of at most ``WIDTH``; an item joined by ``_KEEP``, or any of ``whole`` (a seat's label,
    «bob (2. ülőhely)»), is never parted."""
    for item in whole:
        text = text.replace(item, item.replace(" ", _KEEP))
    return [line.replace(_KEEP, " ") for line in textwrap.wrap(text, WIDTH, subsequent_indent="  ",
                                                              break_on_hyphens=False)] or [""]


def possession_words(tile: str) -> Text:
    """A possession tile by what is printed on it (its symbol, value and borough: ``wine £3 Mayfair``), as the
    picture draws it; a reply names it by its id (``pt13``), which the board does not show."""
    p = DATA.possessions[tile]
    return T("%(symbol)s £%(value)s %(borough)s", symbol=SYMBOLS[p.symbol], value=p.value, borough=BOROUGHS[p.borough])


def tile_words(tile: str) -> Text:
    """Any tile a move names by its id, by what is printed on it: a possession or a political circle tile."""
    if tile in DATA.possessions:
        return possession_words(tile)
    return T("political circle tile %(edges)s", edges=tile_edges(tile))


def _tiles_named(prompt: Prompt) -> tuple[Text, ...]:
    """Each tile a prompt's options name by their id (``sell c1``, ``take pc-ii8``), with what is printed on it:
    the board shows a tile by that alone, so the menu says which id is which."""
    named = dict.fromkeys(getattr(move, field) for move in prompt.options for field in ("tile", "give", "take")
                          if getattr(move, field, None) in DATA.tile_by_slug)
    return tuple(T("%(option)s = %(effect)s", option=Notation(key), effect=tile_words(DATA.tile_by_slug[key]))
                 for key in named)


def _beatrice(tile_id: str) -> Text:
    tile = next(t for t in DATA.beatrice if t.id == tile_id)
    if tile.kind == "columns":
        return T("columns %(columns)s", columns=Notation("+".join(DATA.columns[c] for c in tile.columns)))
    if tile.kind == "rows":
        return T("rows %(low)s-%(high)s", low=tile.min_value, high=tile.max_value)
    return BEATRICE[tile.kind]


EDGES_LEGEND = T("A political circle tile is written [north/east/south/west]: its edges clockwise from the top, "
                 "each a symbol, ? (any symbol) or - (blank).")
"""Said once under the players' grids: how to read the tiles the board lists by their edges."""


def tile_edges(tile: str, turn: int = 0) -> Text:
    """A political circle tile by what is printed on it, its edges north, east, south, west as they lie after
    ``turn`` quarter turns (``[dog/-/horse/?]``): a player sees the tile, never its id."""
    north, east, south, west = (_EDGE.get(e) or SYMBOLS[e] for e in boards.edges(tile, turn))
    return T("[%(north)s/%(east)s/%(south)s/%(west)s]", north=north, east=east, south=south, west=west)


def goods(state: State, player: Player, words: Words) -> list[str]:
    """What a player holds that everyone sees (money, hand size, errand boys, megaphones, bonus tiles, wild
    symbols), each a short item: the text board and the picture show the same."""
    say = words.say
    parts = []
    if "P" in state.competitions:
        parts.append(f"£{player.money}")
    parts.append(say(T("hand %(n)s", n=len(player.hand))))
    parts.append(say(T("errand boys %(n)s", n=player.boys)))
    if "E" in state.competitions:
        parts.append(say(T("megaphones %(n)s", n=player.megaphones)))
    if player.bonus:
        parts.append(say(T("bonus %(tiles)s", tiles=bonus_words(player.bonus))))
    if player.wild is not None:
        fixed = ",".join(say(SYMBOLS[w]) for w in player.wild)
        parts.append(say(T("wild %(symbols)s", symbols=fixed or T("unfixed"))))
    return parts


def _player_lines(state: State, player: Player, words: Words) -> list[str]:
    say = words.say
    parts = [f"{seat_label(words, player.seat)}:"]
    for comp, value in scores(state, player).items():
        parts.append(say(T("%(competition)s %(score)s", competition=COMPETITIONS[COMPETITION_NAMES[comp]], score=value)))
    parts += goods(state, player, words)
    lines = _wrap(" ".join(part.replace(" ", _KEEP) for part in parts))
    if "P" in state.competitions:
        owned = ", ".join(say(possession_words(t)) for t in player.possessions)
        lines.extend(_wrap("  " + say(T("owns %(possessions)s", possessions=owned or T("nothing")))))
    if "E" in state.competitions:
        grid = " ".join(f"{x},{y}:{say(tile_edges(t, turn))}" for (x, y), (t, turn) in sorted(player.grid.items()))
        circles = ",".join(f"{say(SYMBOLS[s])}{n}" for s, n in sorted(player.circles.items()))
        lines.extend(_wrap("  " + say(T("circles %(circles)s; grid %(grid)s", circles=circles or T("none"), grid=grid))))
    if player.board:
        used = say(T("(used)"))
        slots = " ".join(words.move(_card(u)) + (used if u in player.used else "") for u in player.board)
        lines.extend(_wrap("  " + say(T("black cards %(n)s/%(slots)s: %(cards)s", n=len(player.board),
                                        slots=DATA.black_slots, cards=slots))))
    if player.played:
        lines.extend(_wrap("  " + say(T("played %(cards)s", cards=Notation(" ".join(_card(u) for u in player.played))))))
    return lines


def _society(state: State, words: Words) -> list[str]:
    """All society grids side by side, each headed by its seat's number, the seats named in full on the line
    above (a player's name never cut to a grid's width): G/g gentlemen, L/l ladies, * a symbol space."""
    letters = {kind: words.say(MARKER_LETTERS[kind])[:1] for kind in MARKER_LETTERS}
    row = words.say(T("row"))
    width = max(3, len(row))
    column = boards.COLUMNS
    labels = [seat_label(words, p.seat) for p in state.players]
    lines = _wrap(words.say(T("Society grids, left to right: %(seats)s", seats=", ".join(labels))), labels)
    head = f"{row:<{width}} " + " ".join(f"{p.seat + 1:<{column}}" for p in state.players)
    pairs = {kind: f"{letter}/{letter.lower()}" for kind, letter in letters.items()}
    legend = words.say(T("(%(gentleman)s gentlemen, %(lady)s ladies, * symbol space)", gentleman=pairs["gentleman"],
                         lady=pairs["lady"]))
    lines += [head.rstrip() + "  " + legend] if len(head) + 2 + len(legend) <= WIDTH else [head.rstrip(), *_wrap(legend)]
    names = {m.slug: (letters[m.kind] if m.slug.endswith("1") else letters[m.kind].lower()) for m in DATA.markers}
    for r, value in enumerate(DATA.rows):
        cells = []
        for player in state.players:
            where = {pos: names[m] for m, pos in player.markers.items()}
            cells.append("".join(where.get((r, c), "*" if (r, c) in DATA.society_symbols else ".")
                                 for c in range(boards.COLUMNS)))
        lines.append(f"{value:>{width}} " + " ".join(f"{cell:<{column}}" for cell in cells).rstrip())
    return lines


def _own_lines(state: State, player: Player, words: Words) -> list[str]:
    say = words.say
    hand = [f"{words.move(_card(u))}({say(BORDERS[DATA.cards[u].border])})" for u in player.hand]
    lines = _wrap(say(T("Your hand: %(cards)s", cards=" ".join(hand) or T("empty"))))
    used = say(T("(used)"))
    slots = [words.move(_card(u)) + (" " + used if u in player.used else "") for u in player.board]
    slots += ["-"] * (DATA.black_slots - len(slots))
    lines.extend(_wrap(say(T("Your black-card slots: %(slots)s", slots=", ".join(f"{i}:{c}" for i, c in enumerate(slots, 1))))))
    if player.drawn_tile:
        lines.extend(_wrap(say(T("Drawn political tile: %(tile)s", tile=tile_edges(player.drawn_tile)))))
    return lines


def decision(state: State, seat: int) -> Decision | None:
    """What ``seat`` is asked now: a card's pending choice, an errand placement, or its action turn.

    The hint is notation only (a few legal moves), so the shell can write it in
    the reader's move words; what a choice means goes into ``choices``.
    """
    if seat not in flow.to_act(state):
        return None
    pending = state.pending
    if pending is not None:
        prompt = pending.prompt
        hint = str(prompt.options[0])  # one move: the whole menu is listed under the legal moves
        meant = tuple(T("%(option)s = %(effect)s", option=Notation(str(m)), effect=d)
                      for m, d in zip(prompt.options, prompt.descriptions) if d)
        placing = next((m for m in prompt.options if isinstance(m, Tile)), None)
        if prompt.kind == "tile" and placing is not None:
            meant += (tile_placement_words(state.players[seat].drawn_tile, placing),)
        meant += _tiles_named(prompt)
        # R-PBEM-4: the rules let a player place a drawn political tile after seeing it, so no answer kept from
        # before the draw may place it.
        unseen = T("a drawn political tile is placed once it has been seen (R-PBEM-4)") if prompt.kind == "tile" else None
        return Decision(prompt.kind, T("round %(round)s: %(asked)s", round=state.round, asked=prompt.label), hint, meant,
                        not_ahead=unseen)
    if state.phase == "errands":
        what = T("place the central errand boy") if state.retrieval else T("place errand boy")
        places = flow.legal_places(state, seat)
        # each space as the board names it, with the name a reply types for it: the legal moves list only a few
        spaces = tuple(T("%(space)s (%(reply)s)", space=space_words(m.space), reply=Notation(m.space))  # type: ignore[attr-defined]
                       for m in places)
        return Decision("errand", T("round %(round)s: %(asked)s", round=state.round, asked=what), str(places[0]),
                        (T("free spaces: %(spaces)s", spaces=spaces),))
    steps = [str(m) for m in flow.legal(state, seat)]
    example = next((step for step in steps if step != str(Done())), steps[0])  # one step: the menu is listed apart
    return Decision("action", T("round %(round)s: action turn", round=state.round), example,
                    (T("one step a line, then %(done)s", done=Notation(str(Done()))),))


def tile_placement_words(tile: str, example: Tile) -> Text:
    """What a tile placement's words mean, with ``example`` (a legal placement) spelt out: the coordinates,
    the rotation and which edge is which, so a first placement can be worked out from the mail alone."""
    north = boards.edges(tile, example.turn)[0]
    return T("'%(form)s': X,Y is a cell of your grid, X counted east (right) and Y south (down) from your first "
             "tile at 0,0; rN turns the tile N quarter turns clockwise (r0 as drawn). A tile is written "
             "[north/east/south/west], its edges clockwise from the top. Example: '%(example)s' puts "
             "%(tile)s at column %(x)s, row %(y)s, turned %(turn)s quarter turns: its north edge is then %(north)s.",
             form=Notation("tile X,Y rN"), example=Notation(str(example)), tile=tile_edges(tile),
             x=example.x, y=example.y, turn=example.turn, north=_EDGE_WORDS.get(north) or SYMBOLS[north])


def result(state: State) -> Result | None:
    """The lowest highest-competition score wins; ties go to the lower next-highest score, and so on."""
    if state.phase != "over":
        return None
    per_seat = [scores(state, p) for p in state.players]
    ordered = [sorted(s.values(), reverse=True) for s in per_seat]
    ranks = [1 + sum(1 for other in ordered if other < mine) for mine in ordered]
    breakdown = [
        {COMPETITION_NAMES[c]: v for c, v in s.items()} | {FINAL: max(s.values())} for s in per_seat
    ]
    return Result([o[0] for o in ordered], ranks, breakdown, lowest_wins=True)
