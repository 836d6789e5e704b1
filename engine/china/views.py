"""What a seat may see (``view``), the plain-text board for a mail (``render``),
what it is being asked (``decision``) and the final result (``result``).

Hands are private to their owner and the deck order to nobody (D18); both are
stripped here, once, for every audience.
"""

from __future__ import annotations

from typing import Any

import textwrap

from engine.china import flow, notation
from engine.china import words as terms
from engine.china.data import BOARDS
from engine.china.scoring import majority
from engine.china.moves import DECK, Draw, Exchange, Move, Pass
from engine.china.state import ACT, OVER, PLACE, State
from engine.text import ENGLISH, Notation, T, TC, TN, Text, Words, seat_tag
from engine.protocol import Decision, Result

WIDTH = 78
"""The columns of a plain-text mail line."""


def view(state: State, seat: int | None) -> dict[str, Any]:
    side = state.side
    colours = flow.COLOURS
    return {
        "board": side.id,
        "board_status": BOARDS.status,
        "fortress_variant": state.fortresses,
        "players": state.players,
        "start_player": state.start,
        "turn": state.turn,
        "to_act": None if state.phase == OVER else state.current,
        "phase": state.phase,
        "played": [colours[c] for c in state.played],
        "province_this_turn": side.provinces[state.province].id if state.province >= 0 else None,
        "deck": len(state.deck),
        "exhaustions": state.exhaustions,
        "end_triggered": state.end_triggered,
        "display": [colours[c] if c is not None else None for c in state.display],
        "discard": {colours[c]: n for c, n in enumerate(state.discard) if n},
        "hand_sizes": [sum(h) for h in state.hands],
        "hand": _hand(state, seat) if seat is not None else None,
        "sites": {side.sites[s]: _site_view(state, s) for s in range(len(side.sites))},
        "provinces": {
            p.id: {
                "pagodas": list(state.pagodas_in[i]),
                "emissaries": list(state.emissaries_in[i]),
                "emissary_limit": state.emissary_limit(i),
                "scored": state.scored[i],
            }
            for i, p in enumerate(side.provinces)
        },
        "supply": [
            {"pagodas": state.supply_pagodas[s], "emissaries": state.supply_emissaries[s],
             "fortresses": state.supply_fortresses[s]}
            for s in range(state.players)
        ],
        "scores": [state.total(s) for s in range(state.players)],
        "score_cards": [state.total(s) // 50 for s in range(state.players)],
        "track": [state.total(s) % 50 for s in range(state.players)],
    }


def _hand(state: State, seat: int) -> list[str]:
    return [flow.COLOURS[c] for c, n in enumerate(state.hands[seat]) for _ in range(n)]


def _site_view(state: State, site: int) -> dict[str, Any]:
    return {"pagoda": state.owner[site] if state.owner[site] >= 0 else None, "fortress": state.fortress[site]}


def _site_mark(state: State, site: int) -> str:
    """``.`` free, ``f`` bare fortress, ``2`` seat 2's pagoda, ``2F`` seat 2's fortified pagoda."""
    owner = state.owner[site]
    if owner < 0:
        return "f" if state.fortress[site] else "."
    return f"{owner + 1}F" if state.fortress[site] else str(owner + 1)


def render(state: State, seat: int | None, words: Words = ENGLISH) -> str:
    """The board in ``words``' language; every line is laid out after it is said, so it fits a mail's width."""
    say = words.say
    side = state.side
    deck = [TN("Deck: %(n)s card", "Deck: %(n)s cards", len(state.deck)),
            T("deck run out: %(times)s of 2", times=state.exhaustions)]
    if state.end_triggered:
        deck.append(T("last round"))
    display = " ".join(f"up{i + 1} {flow.COLOURS[c] if c is not None else '-'}" for i, c in enumerate(state.display))
    lines = [
        say(T("China, %(side)s. %(status)s", side=terms.side(side.name), status=_status(state, words))),
        ", ".join(say(part) for part in deck),
        say(T("Display: %(cards)s", cards=Notation(display))),
        say(T("Discards: %(cards)s", cards=flow.hand_text(state.discard))),
        "",
        *_supply_table(state, words),
    ]
    if state.played:
        cards = Notation(" ".join(flow.COLOURS[c] for c in state.played))
        if state.phase != PLACE:
            lines.append(say(T("Played this turn: %(cards)s", cards=cards)))
        elif state.province < 0:
            lines.append(say(T("Played this turn: %(cards)s; the first piece chooses the province", cards=cards)))
        else:
            lines.append(say(TN("Played this turn: %(cards)s; %(province)s: %(n)s piece still to place",
                                "Played this turn: %(cards)s; %(province)s: %(n)s pieces still to place",
                                state.pieces_left, cards=cards,
                                province=terms.province(side.provinces[state.province].name))))
    if seat is not None:
        lines.append(say(T("Your hand (seat %(seat)s): %(cards)s", seat=seat + 1,
                           cards=flow.hand_text(state.hands[seat]))))
    lines += ["", say(T("Sites: . free, f bare fortress, 2 seat 2's pagoda, 2F on a fortress"))]
    lines += _province_lines(state, words)
    lines += ["", say(T("Alliances (majority holders now):"))]
    lines += _alliance_lines(state, words)
    lines += ["", say(T("Roads:"))] + _wrap([words.move(f"{side.sites[a]}/{side.sites[b]}") for a, b in side.roads])
    return "\n".join(fitted for line in lines for fitted in _fit(line))


def drawn(state: State, seat: int, moves: list[Move]) -> Text | None:
    """The cards the seat's ``moves``, played from ``state``, take into its hand, in the order taken, as the
    rulebook names them by colour ("You drew: red, purple."); None when they take none. ``state`` is unchanged.

    A card from the deck is seen by its drawer alone, who plans its next turn
    from it: the confirmation of the reply says it plainly above the new hand.
    """
    work, cards = state.copy(), []
    for move in moves:
        source = move.source if isinstance(move, Draw) else move.take if isinstance(move, Exchange) else None
        if source is not None:
            cards.append(flow.COLOURS[work.deck[-1]] if source == DECK else source)
        flow.apply(work, seat, move)
    return T("You drew: %(cards)s.", cards=Notation(", ".join(cards))) if cards else None


def _status(state: State, words: Words) -> Text:
    if state.phase == OVER:
        return T("Game over after turn %(turn)s.", turn=state.turn)
    seat = seat_tag(words, state.current)
    if state.phase == ACT:
        return T("Turn %(turn)s: seat %(seat)s plays cards or exchanges one.", turn=state.turn, seat=seat)
    if state.phase == PLACE:
        return T("Turn %(turn)s: seat %(seat)s places pieces.", turn=state.turn, seat=seat)
    return T("Turn %(turn)s: seat %(seat)s draws cards.", turn=state.turn, seat=seat)


def _supply_table(state: State, words: Words) -> list[str]:
    """Each seat's points, cards and pieces in hand, under column heads as wide as their translation."""
    heads = [TC("column", "seat"), TC("column", "points"), TC("column", "cards"), TC("column", "pagodas"),
             TC("column", "emissaries"), TC("column", "roads now")]
    if state.fortresses:
        heads.append(TC("column", "fortress"))
    rows = []
    for s in range(state.players):
        row = [f"{seat_tag(words, s)}{'*' if s == state.start else ''}", state.total(s), sum(state.hands[s]),
               state.supply_pagodas[s], state.supply_emissaries[s], flow.roads_of(state, s).value]
        if state.fortresses:
            row.append(state.supply_fortresses[s])
        rows.append([str(cell) for cell in row])
    said = [words.say(head) for head in heads]
    widths = [max(len(head), *(len(row[i]) for row in rows)) for i, head in enumerate(said)]
    table = ["  ".join(head.ljust(w) if i == 0 else head.rjust(w) for i, (head, w) in enumerate(zip(said, widths)))]
    table += ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
              for row in rows]
    return [line.rstrip() for line in table] + [words.say(T("* the start player, who holds the Emperor"))]


def _province_lines(state: State, words: Words) -> list[str]:
    """A line a province: name, colour, each site's mark; then its court's emissaries, once a pagoda there
    lets any come."""
    side = state.side
    names = [words.say(terms.province(p.name)) for p in side.provinces]
    colours = [words.move(flow.COLOURS[p.colour]) for p in side.provinces]
    name_width, colour_width = max(map(len, names)), max(map(len, colours))
    lines = []
    for p, province in enumerate(side.provinces):
        sites = " ".join(
            f"{side.sites[s].removeprefix(province.id + '-')}:{_site_mark(state, s)}" for s in side.province_sites[p]
        )
        tag = " " + words.say(TC("board", "SCORED")) if state.scored[p] else ""
        lines.append(f"{names[p]:{name_width}} {colours[p]:{colour_width}} {sites}{tag}")
        placed, limit = sum(state.emissaries_in[p]), state.emissary_limit(p)
        if not placed and not limit:  # no pagoda, so no emissary yet: "0 of at most 0" would say nothing
            continue
        by_seat = " ".join(f"{s + 1}:{n}" for s, n in enumerate(state.emissaries_in[p]) if n)
        court = T("emissaries %(placed)s of at most %(limit)s; by seat: %(seats)s", placed=placed,
                  limit=limit, seats=by_seat or T("none"))
        lines.append(" " * (name_width + 1) + words.say(court))
    return lines


def _alliance_lines(state: State, words: Words) -> list[str]:
    """The 15 alliances in as many columns as the said cells allow."""
    side = state.side
    cells = []
    for alliance in side.alliances:
        a, b = alliance.provinces
        holders = majority(state.emissaries_in[a]) & majority(state.emissaries_in[b])
        who = "+".join(str(s + 1) for s in sorted(holders)) or "-"
        cells.append(f"{alliance.number:2d} {words.move(f'{side.provinces[a].id}-{side.provinces[b].id}')}: {who}")
    width = max(map(len, cells)) + 2
    per_line = max(1, (WIDTH + 2) // width)
    return ["".join(f"{c:{width}}" for c in cells[i:i + per_line]).rstrip() for i in range(0, len(cells), per_line)]


def _wrap(words: list[str]) -> list[str]:
    lines, current = [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > WIDTH:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return lines + ([current] if current else [])


def _fit(line: str) -> list[str]:
    """A said line as it fits the width: wrapped at spaces (a translation may be longer than the English)."""
    if len(line) <= WIDTH:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False)


def decision(state: State, seat: int) -> Decision | None:
    """The step of the turn ``seat`` is at, or None when it is not the seat's turn.

    Every step may be answered ahead: a turn plays only cards from the seat's
    own hand, which no other player can change, onto a board all can see (D18),
    and a kept answer is read against the board when the turn comes; a draw
    from the face-down deck comes last in the turn, so nothing a kept line
    names is unseen when it is written.
    """
    if state.phase == OVER or seat != state.current:
        return None
    legal = flow.legal(state, seat)
    if state.phase == ACT and legal == [Pass()]:
        return Decision("pass", T("turn %(turn)s: pass", turn=state.turn), notation.format_move(Pass()),
                        (T("you can neither place nor exchange: reply '%(pass)s'",
                           **{"pass": Notation(notation.format_move(Pass()))}),))
    if state.phase == ACT:
        return Decision("turn", T("turn %(turn)s: play or exchange", turn=state.turn),
                        notation.example_turn(state, seat))
    if state.phase == PLACE:
        return Decision("place", T("turn %(turn)s: place", turn=state.turn), notation.format_move(legal[0]))
    return Decision("draw", T("turn %(turn)s: draw", turn=state.turn), notation.format_move(legal[0]))


def result(state: State) -> Result | None:
    """Points, then the most pieces left in the supply break a tie (section 10)."""
    if state.phase != OVER:
        return None
    totals = [state.total(s) for s in range(state.players)]
    spare = [flow.pieces_left(state, s) for s in range(state.players)]
    keys = list(zip(totals, spare))
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    breakdown = [
        {**{kind: state.points[kind][s] for kind in flow.POINT_KINDS}, terms.TIE_BREAK: spare[s]}
        for s in range(state.players)
    ]
    return Result(scores=totals, ranks=ranks, breakdown=breakdown, lowest_wins=False)
