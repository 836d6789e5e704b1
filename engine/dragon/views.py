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
from engine.dragon.reasons import expected, free_persons, legal_example, start_example
from engine.dragon.state import ACTION, BUILD, OVER, PERSON, POINT_LABELS, RELEASE, START, DragonState, Player
from engine.dragon.words import CARDS, EVENTS, EVENTS_SHORT, SHORT, person
from engine.text import ENGLISH, Notation, T, TC, Text, TN, Words, seat_label, seat_tag, separator
from engine.protocol import Decision, Result

WIDTH = 78
"""The widest board line in any language: a mail's text part keeps to 78 columns."""
_HINTS_AFTER = {
    ACTION: " | pass",
    RELEASE: " | release order: craftsman, farmer",
}
"""What a decision's hint offers after its example move legal now (:func:`engine.dragon.reasons.legal_example`):
the other answer a player may give (a pass, a standing release order)."""


def title(state: DragonState, seat: int) -> Text:
    """The few words a subject line shows for the decision ``seat`` owes now."""
    month = state.round
    if state.phase == START:
        return T("starting persons")
    if state.phase == ACTION:
        return T("month %(month)s, actions", month=month)
    if state.phase == BUILD:
        return TN("month %(month)s, build %(n)s floor", "month %(month)s, build %(n)s floors", state.building,
                  month=month)
    if state.phase == PERSON:
        return T("month %(month)s, persons", month=month)
    return TN("month %(month)s, %(event)s: release %(n)s person", "month %(month)s, %(event)s: release %(n)s persons",
              state.owed[seat], month=month, event=EVENTS[state.events[state.round - 1]])


def decision(state: DragonState, seat: int) -> Decision | None:
    """The kind of question ``seat`` owes now, keyed for mail templates and subject lines.

    Every one may be answered ahead: what a decision depends on is public when
    it is asked (D-27: the action cards, persons, events and tracks lie open),
    and a kept answer is checked against the state when the turn comes, so it
    is played only if it is legal then; a release is also covered by the
    seat's standing release order.
    """
    if seat != state.actor:
        return None
    if state.phase == START:
        return Decision(START, title(state, seat), start_example(state), _start_choices(state))
    return Decision(state.phase, title(state, seat), legal_example(state) + _HINTS_AFTER.get(state.phase, ""))


def _start_choices(state: DragonState) -> tuple[Text, ...]:
    """The starting choice the way a player thinks of it: which persons, which pairs are gone, which palaces."""
    lines = [T("two different persons from: %(persons)s", persons=[person(kind) for kind in free_persons(state)])]
    if state.start_pairs:
        taken = [T("%(first)s + %(second)s", first=person(a), second=person(b)) for a, b in state.start_pairs]
        lines.append(T("not a pair already taken: %(pairs)s", pairs=taken))
    lines.append(T("each into %(first)s or %(second)s (one in each, or both in one)",
                   first=Notation("palace1"), second=Notation("palace2")))
    return tuple(lines)


def short(code: int, words: Words = ENGLISH) -> str:
    """A person tile in a few letters; an old one is marked before its short name (``oWar``)."""
    kind = data.KINDS[code]
    assert kind is not None
    name = words.say(SHORT[kind.type_id])
    # TRANSLATORS: an old person's tile on the others' lines: one letter for "old" before the short name.
    return words.say(TC("short", "o%(person)s", person=name)) if kind.old else name


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
        "decision": None if ask is None else {"kind": ask.kind, "title": str(ask.title), "hint": ask.hint},
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


def _palaces(player: Player, words: Words) -> str:
    parts = []
    for i, (floors, persons) in enumerate(player.palaces):
        inside = [short(c, words) for c in persons] + ["-"] * (floors - len(persons))
        # TRANSLATORS: a palace on the others' lines: its number after a one-letter "palace", its persons inside.
        parts.append(words.say(T("P%(palace)s[%(persons)s]", palace=i + 1, persons=" ".join(inside))))
    return " ".join(parts) or words.say(T("no palaces"))


def _cards(player: Player, words: Words) -> str:
    held = []
    for card, n in zip(data.CARDS, player.cards):
        if n:
            held.append(words.say(SHORT[card]) + (f"x{n}" if n > 1 else ""))
    return " ".join(held) or words.say(T("none"))


def _goods(player: Player) -> Text:
    return T("%(vp)s VP, track %(track)s, %(yuan)s yuan, %(rice)s rice, %(fireworks)s fireworks, "
             "privileges %(small)s small %(large)s large", vp=player.score, track=player.track, yuan=player.yuan,
             rice=player.rice, fireworks=player.fireworks, small=player.small, large=player.large)


def _own(state: DragonState, seat: int, words: Words) -> list[str]:
    player = state.players[seat]
    lines = [words.say(T("Your court (seat %(seat)s):", seat=seat + 1))]
    lines += _wrap("  " + words.say(_goods(player)), "    ")
    for i, (floors, persons) in enumerate(player.palaces):
        names = [words.say(person(data.LABEL[c])) for c in persons] + [words.say(T("(free)"))] * (floors - len(persons))
        head = words.say(TN("%(palace)s, %(n)s floor", "%(palace)s, %(n)s floors", floors,
                            palace=Notation(f"palace{i + 1}")))
        lines += _wrap(f"  {head}: {', '.join(names)}", "    ")
    if not player.palaces:
        lines.append("  " + words.say(T("no palaces")))
    held = [words.say(CARDS[card]) + (f" x{n}" if n > 1 else "") for card, n in zip(data.CARDS, player.cards) if n]
    lines += _wrap("  " + words.say(T("cards left: %(cards)s", cards=", ".join(held) or words.say(T("none")))), "    ")
    if state.phase != OVER:  # a standing order only matters while releases can still come
        order = (", ".join(words.say(person(entry)) for entry in player.release_order)
                 or words.say(T("none (you will be asked)")))
        lines += _wrap("  " + words.say(T("release order: %(order)s", order=order)), "    ")
    return lines


def _other(state: DragonState, seat: int, words: Words) -> list[str]:
    player = state.players[seat]
    head = words.say(T("seat %(seat)s: %(vp)s VP, track %(track)s, %(yuan)sy %(rice)sr %(fireworks)sfw, "
                       "priv %(small)ss/%(large)sl", seat=seat_tag(words, seat), vp=player.score, track=player.track,
                       yuan=player.yuan, rice=player.rice, fireworks=player.fireworks, small=player.small,
                       large=player.large))
    cards = words.say(T("cards %(cards)s", cards=_cards(player, words)))
    return _wrap(separator(words).join((head, _palaces(player, words), cards)), "    ", WIDTH - 2)


def _events(state: DragonState, words: Words) -> list[str]:
    cells = []
    for i, event in enumerate(state.events):
        mark = "*" if i + 1 == state.round and state.phase != OVER else ("." if i + 1 < state.round else "")
        cells.append(f"{i + 1}{mark}{words.say(EVENTS_SHORT[event])}")
    return _wrap(words.say(T("Events: %(events)s  (* now, . done)", events=" ".join(cells))), "  ")


def _supply(state: DragonState, words: Words) -> list[str]:
    cells = []
    for index, type_id in enumerate(data.TYPES):
        counts = [str(state.supply[c]) for c in data.kind_codes(index)]
        cells.append(f"{words.say(SHORT[type_id])} {'/'.join(counts)}")
    return _flow(words.say(T("Supply (young/old):")), cells)


def _now(state: DragonState, words: Words) -> list[str]:
    if state.phase == OVER:
        return [words.say(T("The game is over."))]
    now = T("Now: seat %(seat)s, %(title)s: %(expected)s", seat=seat_tag(words, state.actor),
            title=title(state, state.actor), expected=expected(state))
    return _wrap(words.say(now), "  ")


def _order(state: DragonState, words: Words) -> list[str]:
    """The order seats are asked in now: this phase's fixed order (the start's is drawn, not the track's)."""
    if state.phase == OVER:
        return _flow(words.say(T("Final person track:")),
                     [words.say(T("seat %(seat)s (%(track)s)", seat=seat_tag(words, s), track=state.players[s].track))
                      for s in state.turn_order()])
    marked = [seat_label(words, s) + ("*" if s == state.actor else "")
              for s in state.order]
    if state.phase == START:
        return _flow(words.say(T("Choosing order (* = asked now):")), marked)
    return _flow(words.say(T("Turn order (* = asked now; track):")),
                 [f"{cell} ({state.players[s].track})" for cell, s in zip(marked, state.order)])


def heading(state: DragonState) -> Text:
    """The board's first line, in the text and on the picture alike: the game and how far it is."""
    if state.phase == OVER:
        return T("In the Year of the Dragon - the end")
    if state.phase == START:
        return T("In the Year of the Dragon - starting persons")
    return T("In the Year of the Dragon - month %(month)s of %(months)s", month=state.round, months=data.ROUNDS)


def render(state: DragonState, seat: int | None, words: Words = ENGLISH) -> str:
    """A plain-text picture of the game for a mail, at most ``WIDTH`` columns wide (each line wrapped once said)."""
    lines = [words.say(heading(state))]
    lines += _events(state, words)
    if state.phase in (ACTION, BUILD):
        groups = [f"{g + 1}: {words.move('+'.join(cards))}" + ("*" * state.dragons[g])
                  for g, cards in enumerate(state.groups)]
        lines += _flow(words.say(T("Action groups (* = a dragon):")), groups)
    lines += _supply(state, words)
    lines += _order(state, words)
    if seat is not None:
        lines += [""] + _own(state, seat, words)
    lines += [""] + [words.say(T("Others:") if seat is not None else T("Players:"))]
    for other in range(len(state.players)):
        if other != seat:
            lines += ["  " + line for line in _other(state, other, words)]
    lines += [""] + _now(state, words)
    return "\n".join(lines)


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
