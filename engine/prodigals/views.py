"""What a seat may see (``view``) and the plain-text picture for a mail (``render``).

Hands, deck and stack orders, and a political tile just drawn are private
(D-22, ``R-PBEM-4``); both functions read the state through one filter so a
picture can never show more than the view.
"""

from __future__ import annotations

import textwrap
from typing import Any

from engine.prodigals import boards, flow
from engine.prodigals.data import COMPETITION_NAMES, DATA, slug
from engine.prodigals.effects import DATA_BONUS, describe, indicated_borough, scores
from engine.prodigals.state import Player, State
from engine.text import ENGLISH, Words
from engine.protocol import Decision, Result

WIDTH = 80
_EDGE = {"blank": "-", "?": "?"}


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
        view["dame_beatrice"] = _beatrice(state.beatrice) if state.beatrice else None
    view["players"] = [_player_view(state, p, seat) for p in state.players]
    if pending is not None and pending.seat == seat:
        view["prompt"] = {
            "kind": pending.prompt.kind,
            "label": pending.prompt.label,
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
    """A compact picture, at most 80 columns wide."""
    lines: list[str] = []
    comps = ", ".join(COMPETITION_NAMES[c] for c in state.competitions)
    lines.append(f"The Prodigals Club, round {state.round} of {DATA.rounds}, {state.phase}; {comps}")
    lines.append("Turn order: " + " ".join(f"S{s + 1}" for s in state.order))
    top = []
    if state.central_card:
        top.append(f"central card {_card(state.central_card)}")
    if "P" in state.competitions:
        top.append(f"borough {indicated_borough(state)}")
    if "S" in state.competitions and state.beatrice:
        top.append(f"Dame Beatrice {_beatrice(state.beatrice)}")
    lines.extend(_wrap("; ".join(top)))
    for set_id, cards in state.sets.items():
        if set_id in state.taken:
            continue
        extra = f" +tile {slug(state.set_tiles[set_id])}" if set_id in state.set_tiles else ""
        if set_id in state.set_benefit:
            extra += f" +{describe(state.set_benefit[set_id])}"
        lines.extend(_wrap(f"{slug(set_id)}: " + ", ".join(_card(c) for c in cards) + extra))
    if "P" in state.competitions and state.board_tiles:
        lines.extend(_wrap("possessions board: " + " ".join(_possession(t) for t in state.board_tiles)))
    if "E" in state.competitions and state.canvass:
        lines.extend(_wrap("canvass: " + " ".join(_tile(t) for t in state.canvass)))
    if state.bonus_tiles:
        lines.extend(_wrap("bonus tiles: " + " ".join(DATA_BONUS[t].slug for t in state.bonus_tiles)))
    if state.taken:
        lines.extend(_wrap("taken: " + " ".join(f"{slug(k)}=S{v + 1}" for k, v in state.taken.items())))
    lines.append("")
    for player in state.players:
        lines.extend(_player_lines(state, player))
    if "S" in state.competitions:
        lines.append("")
        lines.extend(_society(state))
    if seat is not None:
        lines.append("")
        lines.extend(_own_lines(state, state.players[seat]))
    due = sorted(flow.to_act(state))
    lines.append("")
    if not due:
        lines.append("Game over.")
    for s in due:
        asked = decision(state, s)
        if asked is not None:
            lines.extend(_wrap(f"Due: S{s + 1}, {asked.title}"))
            if s == seat:
                lines.extend(_wrap(f"  {asked.hint}"))
    return "\n".join(line[:WIDTH] for line in lines)


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_on_hyphens=False) or [""]


def _beatrice(tile_id: str) -> str:
    tile = next(t for t in DATA.beatrice if t.id == tile_id)
    if tile.kind == "columns":
        return "columns " + "+".join(DATA.columns[c] for c in tile.columns)
    if tile.kind == "rows":
        return f"rows {tile.min_value}-{tile.max_value}"
    return tile.kind.replace("_", " ")


def _tile(tile: str) -> str:
    return f"{slug(tile)}[" + "/".join(_EDGE.get(e, e) for e in DATA.political[tile].edges) + "]"


def _player_lines(state: State, player: Player) -> list[str]:
    parts = [f"S{player.seat + 1}:"]
    for comp, value in scores(state, player).items():
        parts.append(f"{COMPETITION_NAMES[comp][:4]} {value}")
    if "P" in state.competitions:
        parts.append(f"£{player.money}")
    parts.append(f"hand {len(player.hand)}")
    parts.append(f"boys {player.boys}")
    if "E" in state.competitions:
        parts.append(f"mega {player.megaphones}")
    if player.bonus:
        parts.append("bonus " + ",".join(DATA_BONUS[t].slug for t in player.bonus))
    if player.wild is not None:
        parts.append("wild " + (",".join(player.wild) or "unfixed"))
    lines = _wrap(" ".join(parts))
    if "P" in state.competitions:
        lines.extend(_wrap("  owns " + (" ".join(_possession(t) for t in player.possessions) or "nothing")))
    if "E" in state.competitions:
        grid = " ".join(f"{x},{y}:{_tile(t)}r{turn}" for (x, y), (t, turn) in sorted(player.grid.items()))
        circles = ",".join(f"{s}{n}" for s, n in sorted(player.circles.items())) or "none"
        lines.extend(_wrap(f"  circles {circles}; grid {grid}"))
    if player.board:
        slots = " ".join(_card(u) + ("(used)" if u in player.used else "") for u in player.board)
        lines.extend(_wrap(f"  black cards {len(player.board)}/{DATA.black_slots}: {slots}"))
    if player.played:
        lines.extend(_wrap("  played " + " ".join(_card(u) for u in player.played)))
    return lines


def _society(state: State) -> list[str]:
    """All society grids side by side: G/g gentlemen, L/l ladies, * a symbol space."""
    head = "row " + " ".join(f"S{p.seat + 1} " for p in state.players)
    lines = [head + "  (G/g gentlemen, L/l ladies, * symbol space)"]
    names = {m.slug: (m.kind[0].upper() if m.slug.endswith("1") else m.kind[0]) for m in DATA.markers}
    for r, value in enumerate(DATA.rows):
        cells = []
        for player in state.players:
            where = {pos: names[m] for m, pos in player.markers.items()}
            cells.append("".join(where.get((r, c), "*" if (r, c) in DATA.society_symbols else ".")
                                 for c in range(boards.COLUMNS)))
        lines.append(f"{value:>3} " + " ".join(cells))
    return lines


def _own_lines(state: State, player: Player) -> list[str]:
    hand = [f"{_card(u)}({'b' if DATA.cards[u].border == 'black' else 'w'})" for u in player.hand]
    lines = _wrap(f"Your hand: {' '.join(hand) or 'empty'}")
    slots = [_card(u) + (" (used)" if u in player.used else "") for u in player.board]
    slots += ["-"] * (DATA.black_slots - len(slots))
    lines.extend(_wrap("Your black-card slots: " + ", ".join(f"{i}:{c}" for i, c in enumerate(slots, 1))))
    if player.drawn_tile:
        lines.extend(_wrap(f"Drawn political tile: {_tile(player.drawn_tile)}"))
    return lines


def decision(state: State, seat: int) -> Decision | None:
    """What ``seat`` is asked now: a card's pending choice, an errand placement, or its action turn."""
    if seat not in flow.to_act(state):
        return None
    pending = state.pending
    if pending is not None:
        prompt = pending.prompt
        shown = [
            f"{m} = {d}" if d else str(m)
            for m, d in zip(prompt.options, prompt.descriptions or [""] * len(prompt.options))
        ]
        hint = "; ".join(shown[:6]) + (" …" if len(shown) > 6 else "")
        return Decision(prompt.kind, f"round {state.round}: {prompt.label}", hint)
    if state.phase == "errands":
        what = "place the central errand boy" if state.retrieval else "place errand boy"
        spaces = " ".join(m.space for m in flow.legal_places(state, seat))  # type: ignore[attr-defined]
        return Decision("errand", f"round {state.round}: {what}", f"place <space>, free: {spaces}")
    steps = [str(m) for m in flow.legal(state, seat)]
    shown = "; ".join(steps[:6]) + (" …" if len(steps) > 6 else "")
    return Decision("action", f"round {state.round}: action turn", f"one step a line, then done: {shown}")


def result(state: State) -> Result | None:
    """The lowest highest-competition score wins; ties go to the lower next-highest score, and so on."""
    if state.phase != "over":
        return None
    per_seat = [scores(state, p) for p in state.players]
    ordered = [sorted(s.values(), reverse=True) for s in per_seat]
    ranks = [1 + sum(1 for other in ordered if other < mine) for mine in ordered]
    breakdown = [
        {COMPETITION_NAMES[c]: v for c, v in s.items()} | {"final (the worst of the three)": max(s.values())} for s in per_seat
    ]
    return Result([o[0] for o in ordered], ranks, breakdown, lowest_wins=True)
