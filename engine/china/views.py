"""What a seat may see (``view``), the plain-text board for a mail (``render``),
what it is being asked (``decision``) and the final result (``result``).

Hands are private to their owner and the deck order to nobody (D18); both are
stripped here, once, for every audience.
"""

from __future__ import annotations

from typing import Any

from engine.china import flow, notation
from engine.china.data import BOARDS
from engine.china.scoring import majority
from engine.china.moves import Pass
from engine.china.state import ACT, DRAW, OVER, PLACE, State
from engine.text import ENGLISH, Words
from engine.protocol import Decision, Result

WIDTH = 80


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
    side = state.side
    lines = [
        f"China, board {side.id} ({side.name}), "
        f"{'game over' if state.phase == OVER else f'turn {state.turn}, seat {state.current + 1} to {state.phase}'}",
        f"Deck {len(state.deck)}, exhausted {state.exhaustions}x"
        f"{' (last round)' if state.end_triggered else ''}. Display: "
        + " ".join(f"up{i + 1} {flow.COLOURS[c] if c is not None else '-'}" for i, c in enumerate(state.display)),
        "Discards: " + (", ".join(f"{n} {flow.COLOURS[c]}" for c, n in enumerate(state.discard) if n) or "none"),
        "",
        "seat  points  cards  pagodas  emissaries  roads now" + ("  fortress" if state.fortresses else ""),
    ]
    for s in range(state.players):
        mark = "*" if s == state.start else " "
        row = (f"{s + 1}{mark}    {state.total(s):5d}  {sum(state.hands[s]):5d}  "
               f"{state.supply_pagodas[s]:7d}  {state.supply_emissaries[s]:10d}  {flow.roads_of(state, s).value:9d}")
        if state.fortresses:
            row += f"  {state.supply_fortresses[s]:8d}"
        lines.append(row)
    if state.played:
        cards = ", ".join(flow.COLOURS[c] for c in state.played)
        if state.phase != "place":
            lines.append(f"Played this turn: {cards}")
        elif state.province < 0:
            lines.append(f"Played this turn: {cards}; the first piece chooses the province")
        else:
            lines.append(f"Played this turn: {cards}; {state.pieces_left} more piece in "
                         f"{side.provinces[state.province].name}")
    if seat is not None:
        lines.append(f"Your hand (seat {seat + 1}): " + (", ".join(_hand(state, seat)) or "empty"))
    lines += ["", "Sites: . free, f bare fortress, 2 seat 2's pagoda, 2F on a fortress"]
    for p, province in enumerate(side.provinces):
        sites = " ".join(
            f"{side.sites[s].removeprefix(province.id + '-')}:{_site_mark(state, s)}" for s in side.province_sites[p]
        )
        emissaries = ",".join(f"{s + 1}x{n}" for s, n in enumerate(state.emissaries_in[p]) if n) or "none"
        tag = " SCORED" if state.scored[p] else ""
        lines.append(f"{province.name:7} {flow.COLOURS[province.colour]:6} {sites}{tag}")
        lines.append(f"{'':15}emissaries {sum(state.emissaries_in[p])}/{state.emissary_limit(p)}: {emissaries}")
    lines += ["", "Alliances (majority holders now):"]
    lines += _alliance_lines(state)
    lines += ["", "Roads:"] + _wrap([f"{side.sites[a]}/{side.sites[b]}" for a, b in side.roads])
    return "\n".join(line[:WIDTH] for line in lines)


def _alliance_lines(state: State) -> list[str]:
    side = state.side
    cells = []
    for alliance in side.alliances:
        a, b = alliance.provinces
        holders = majority(state.emissaries_in[a]) & majority(state.emissaries_in[b])
        who = "+".join(str(s + 1) for s in sorted(holders)) or "-"
        cells.append(f"{alliance.number:2d} {side.provinces[a].id}-{side.provinces[b].id}: {who}")
    return ["  ".join(f"{c:24}" for c in cells[i:i + 3]).rstrip() for i in range(0, len(cells), 3)]


def _wrap(words: list[str]) -> list[str]:
    lines, current = [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > WIDTH:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return lines + ([current] if current else [])


def decision(state: State, seat: int) -> Decision | None:
    """The step of the turn ``seat`` is at, or None when it is not the seat's turn."""
    if state.phase == OVER or seat != state.current:
        return None
    legal = flow.legal(state, seat)
    if state.phase == ACT and legal == [Pass()]:
        return Decision("pass", f"turn {state.turn}: pass", "you can neither place nor exchange: reply 'pass'")
    if state.phase == ACT:
        return Decision("turn", f"turn {state.turn}: play or exchange", notation.EXPECTED[ACT])
    if state.phase == PLACE:
        return Decision("place", f"turn {state.turn}: place", notation.EXPECTED[PLACE])
    return Decision("draw", f"turn {state.turn}: draw", notation.EXPECTED[DRAW])


def result(state: State) -> Result | None:
    """Points, then the most pieces left in the supply break a tie (section 10)."""
    if state.phase != OVER:
        return None
    totals = [state.total(s) for s in range(state.players)]
    spare = [flow.pieces_left(state, s) for s in range(state.players)]
    keys = list(zip(totals, spare))
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    breakdown = [
        {**{kind: state.points[kind][s] for kind in flow.POINT_KINDS}, "pieces left (tie-break)": spare[s]}
        for s in range(state.players)
    ]
    return Result(scores=totals, ranks=ranks, breakdown=breakdown, lowest_wins=False)
