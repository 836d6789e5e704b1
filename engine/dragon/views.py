"""What a seat may see (``view``), the mail picture (``render``) and the question asked (``decision``).

Everything in this game is public (D-27, D-10: hands are deducible from the
discard pile) except two things: the deals of future months, which are not
drawn yet at the table, and a seat's standing release order, which is that
player's private instruction to the engine.
"""

from __future__ import annotations

import textwrap
from typing import Any

from engine.dragon import data
from engine.dragon.reasons import expected, free_persons, start_example
from engine.dragon.state import ACTION, BUILD, OVER, PERSON, POINT_LABELS, RELEASE, START, DragonState, Player
from engine.text import ENGLISH, Words
from engine.protocol import Decision, Result

WIDTH = 80
SHORT: dict[str, str] = {
    "craftsman": "Cra", "court_lady": "Lady", "tax_collector": "Tax", "pyrotechnist": "Pyro", "warrior": "War",
    "monk": "Monk", "healer": "Heal", "farmer": "Farm", "scholar": "Sch", "wild": "Wild",
}
_HINTS = {
    ACTION: "group 2 tax | group 1 privilege small | pass",
    BUILD: "build +2 palace1 +1 new",
    PERSON: "recruit old warrior palace2 | recruit monk palace1 with wild",
    RELEASE: "release farmer palace1 | release order: craftsman, farmer",
}


def decision(state: DragonState, seat: int) -> Decision | None:
    """The kind of question ``seat`` owes now, keyed for mail templates and subject lines."""
    if seat != state.actor:
        return None
    month = f"month {state.round}"
    if state.phase == START:
        title = "starting persons"
    elif state.phase == ACTION:
        title = f"{month}, actions"
    elif state.phase == BUILD:
        title = f"{month}, build {state.building} floor{'s' if state.building > 1 else ''}"
    elif state.phase == PERSON:
        title = f"{month}, persons"
    else:
        event = data.EVENT_NAMES[state.events[state.round - 1]]
        owed = state.owed[seat]
        title = f"{month}, {event}: release {owed} person{'s' if owed > 1 else ''}"
    if state.phase == START:
        return Decision(START, title, start_example(state), _start_choices(state))
    return Decision(state.phase, title, _HINTS[state.phase])


def _start_choices(state: DragonState) -> tuple[str, ...]:
    """The starting choice the way a player thinks of it: which persons, which pairs are gone, which palaces."""
    persons = ", ".join(kind.replace("_", " ") for kind in free_persons(state))
    lines = [f"two different persons from: {persons}"]
    if state.start_pairs:
        taken = "; ".join(f"{a.replace('_', ' ')} + {b.replace('_', ' ')}" for a, b in state.start_pairs)
        lines.append(f"not a pair already taken: {taken}")
    lines.append("each into palace1 or palace2 (one in each, or both in one)")
    return tuple(lines)


def short(code: int) -> str:
    kind = data.KINDS[code]
    assert kind is not None
    return ("o" if kind.old else "") + SHORT[kind.type_id]


def _player_view(state: DragonState, seat: int, player: Player, viewer: int | None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "seat": seat,
        "score": player.score,
        "person_track": player.track,
        "turn_position": state.turn_order().index(seat) + 1,
        "yuan": player.yuan,
        "rice": player.rice,
        "fireworks": player.fireworks,
        "privileges": {"small": player.small, "large": player.large},
        "palaces": [{"floors": floors, "persons": [data.LABEL[c] for c in persons]}
                    for floors, persons in player.palaces],
        "cards": {card: n for card, n in zip(data.CARDS, player.cards) if n},
        "points": dict(zip(POINT_LABELS, player.points)),
    }
    if viewer == seat:
        view["release_order"] = list(player.release_order)
    return view


def view(state: DragonState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` (None: an observer) may see, as JSON-ready data."""
    actor = state.actor if state.actor >= 0 else None
    ask = decision(state, actor) if actor is not None else None
    return {
        "game": "dragon",
        "month": state.round,
        "phase": state.phase,
        "large_privilege_cost": state.large_cost,
        "events": [{"month": i + 1, "event": e, "done": i + 1 < state.round or state.phase == OVER}
                   for i, e in enumerate(state.events)],
        "action_groups": [{"group": g + 1, "cards": list(cards), "dragons": state.dragons[g]}
                          for g, cards in enumerate(state.groups)] if state.phase in (ACTION, BUILD) else [],
        "supply": {data.LABEL[c]: state.supply[c] for c in data.CODES},
        "left_game": {data.LABEL[c]: state.gone[c] for c in data.CODES if state.gone[c]},
        "starting_pairs": [list(pair) for pair in state.start_pairs],
        "turn_order": state.turn_order(),
        "to_act": actor,
        "decision": None if ask is None else {"kind": ask.kind, "title": ask.title, "hint": ask.hint},
        "owed_releases": [{"seat": s, "persons": n} for s, n in enumerate(state.owed) if n]
        if state.phase == RELEASE else [],
        "players": [_player_view(state, s, p, seat) for s, p in enumerate(state.players)],
    }


def _wrap(text: str, indent: str = "  ", width: int = WIDTH) -> list[str]:
    if len(text) <= width and "\n" not in text and "\t" not in text:  # most lines fit: skip textwrap's cost
        return [text.rstrip()] if text.strip() else [""]
    return textwrap.wrap(text, width, subsequent_indent=indent, break_long_words=False) or [""]


def _flow(head: str, cells: list[str], indent: str = "  ", width: int = WIDTH) -> list[str]:
    """``head`` then the cells, wrapped between cells only, never inside one."""
    lines = [head.rstrip()]
    for i, cell in enumerate(cells):
        piece = cell + ("," if i < len(cells) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) > width:
            lines.append(indent + piece)
        else:
            lines[-1] += " " + piece
    return lines


def _palaces(player: Player) -> str:
    parts = []
    for i, (floors, persons) in enumerate(player.palaces):
        inside = [short(c) for c in persons] + ["-"] * (floors - len(persons))
        parts.append(f"P{i + 1}[{' '.join(inside)}]")
    return " ".join(parts) or "no palaces"


def _cards(player: Player) -> str:
    held = []
    for card, n in zip(data.CARDS, player.cards):
        if n:
            held.append(SHORT[card] + (f"x{n}" if n > 1 else ""))
    return " ".join(held) or "none"


def _goods(player: Player) -> str:
    return (f"{player.score} VP, track {player.track}, {player.yuan} yuan, {player.rice} rice, "
            f"{player.fireworks} fireworks, privileges {player.small} small {player.large} large")


def _own(state: DragonState, seat: int) -> list[str]:
    player = state.players[seat]
    lines = [f"Your court (seat {seat + 1}):"]
    lines += _wrap("  " + _goods(player), "    ")
    for i, (floors, persons) in enumerate(player.palaces):
        names = [data.LABEL[c] for c in persons] + ["(free)"] * (floors - len(persons))
        lines += _wrap(f"  palace{i + 1}, {floors} floor{'s' if floors > 1 else ''}: {', '.join(names)}", "    ")
    if not player.palaces:
        lines.append("  no palaces")
    held = [f"{card.replace('_', ' ')}" + (f" x{n}" if n > 1 else "") for card, n in zip(data.CARDS, player.cards) if n]
    lines += _wrap("  cards left: " + (", ".join(held) or "none"), "    ")
    if state.phase != OVER:  # a standing order only matters while releases can still come
        lines += _wrap("  release order: " + (", ".join(player.release_order) or "none (you will be asked)"), "    ")
    return lines


def _other(state: DragonState, seat: int) -> list[str]:
    player = state.players[seat]
    head = (f"seat {seat + 1}: {player.score} VP, track {player.track}, {player.yuan}y {player.rice}r "
            f"{player.fireworks}fw, priv {player.small}s/{player.large}l")
    return _wrap(f"{head}; {_palaces(player)}; cards {_cards(player)}", "    ", WIDTH - 2)


def _events(state: DragonState) -> list[str]:
    cells = []
    for i, event in enumerate(state.events):
        name = data.EVENT_NAMES[event].split()[-1][:8]
        mark = "*" if i + 1 == state.round and state.phase != OVER else ("." if i + 1 < state.round else "")
        cells.append(f"{i + 1}{mark}{name}")
    return _wrap("Events: " + " ".join(cells) + "  (* now, . done)", "  ")


def _supply(state: DragonState) -> list[str]:
    cells = []
    for index, type_id in enumerate(data.TYPES):
        counts = [str(state.supply[c]) for c in data.kind_codes(index)]
        cells.append(f"{SHORT[type_id]} {'/'.join(counts)}")
    return _flow("Supply (young/old):", cells)


def _now(state: DragonState) -> list[str]:
    if state.phase == OVER:
        return ["The game is over."]
    ask = decision(state, state.actor)
    assert ask is not None
    return _wrap(f"Now: seat {state.actor + 1}, {ask.title}: {expected(state)}", "  ")


def _order(state: DragonState) -> list[str]:
    """The order seats are asked in now: this phase's fixed order (the start's is drawn, not the track's)."""
    if state.phase == OVER:
        return _flow("Final person track:", [f"seat {s + 1} ({state.players[s].track})" for s in state.turn_order()])
    marked = [f"seat {s + 1}{'*' if s == state.actor else ''}" for s in state.order]
    if state.phase == START:
        return _flow("Choosing order (* = asked now):", marked)
    return _flow("Turn order (* = asked now; track):",
                 [f"{cell} ({state.players[s].track})" for cell, s in zip(marked, state.order)])


def render(state: DragonState, seat: int | None, words: Words = ENGLISH) -> str:
    """A plain-text picture of the game for a mail, at most 80 columns wide."""
    head = "In the Year of the Dragon"
    head += " - the end" if state.phase == OVER else (
        " - starting persons" if state.phase == START else f" - month {state.round} of {data.ROUNDS}")
    lines = [head]
    lines += _events(state)
    if state.phase in (ACTION, BUILD):
        groups = [f"{g + 1}: {'+'.join(cards)}" + ("*" * state.dragons[g]) for g, cards in enumerate(state.groups)]
        lines += _flow("Action groups (* = a dragon):", groups)
    lines += _supply(state)
    lines += _order(state)
    if seat is not None:
        lines += [""] + _own(state, seat)
    lines += [""] + ["Others:" if seat is not None else "Players:"]
    for other in range(len(state.players)):
        if other != seat:
            lines += ["  " + line for line in _other(state, other)]
    lines += [""] + _now(state)
    return "\n".join(line[:WIDTH] for line in lines)


def result(state: DragonState) -> Result | None:
    """Scores, ranks (VP, then the person track, D-24) and where the points came from."""
    if state.phase != OVER:
        return None
    players = state.players
    ranking = sorted(range(len(players)), key=lambda s: (players[s].score, players[s].track, players[s].arrival),
                     reverse=True)
    ranks = [0] * len(players)
    for place, seat in enumerate(ranking):
        ranks[seat] = place + 1
    return Result(
        scores=[p.score for p in players],
        ranks=ranks,
        breakdown=[dict(zip(POINT_LABELS, p.points)) for p in players],
        lowest_wins=False,
    )
