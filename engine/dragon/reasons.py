"""Why a move is not legal now, in words a player can act on.

``apply`` raises ``IllegalMove`` with this text; the mail loop sends it back
unchanged, so each reason names what was wrong and what would be right.
"""

from __future__ import annotations

from engine.dragon import data
from engine.dragon.moves import (
    Action, Build, Discard, DragonMove, PlayCard, Recruit, Release, ReleaseOrder, Replace, Start, format_move,
)
from engine.dragon.state import ACTION, BUILD, OVER, PERSON, RELEASE, START, DragonState

EXPECTED = {
    START: "your two starting persons, e.g. 'start farmer palace1, scholar palace2'",
    ACTION: "an action, e.g. 'group 2 tax', or 'pass'",
    BUILD: "where your new floors go, e.g. 'build +2 palace1 +1 new'",
    PERSON: "a person card, e.g. 'recruit old warrior palace2'",
    RELEASE: "a person to release, e.g. 'release farmer palace1'",
    OVER: "nothing: the game is over",
}

_PHASE_OF = {
    Start: START, Action: ACTION, Build: BUILD, Recruit: PERSON, Replace: PERSON, Discard: PERSON,
    PlayCard: PERSON, Release: RELEASE,
}


def free_persons(state: DragonState) -> list[str]:
    """The person types a starting pair may still take: those with a young tile left in the supply."""
    return [kind for index, kind in enumerate(data.TYPES) if state.supply[2 * index]]


def start_example(state: DragonState) -> str:
    """A starting pair that is legal now, written as a reply: two free persons, one in each palace."""
    free = free_persons(state)
    pairs = [(a, b) for i, a in enumerate(free) for b in free[i + 1:] if (a, b) not in state.start_pairs]
    first, second = pairs[-1] if pairs else (free[0], free[-1])
    return f"start {first.replace('_', ' ')} palace1, {second.replace('_', ' ')} palace2"


def expected(state: DragonState) -> str:
    """What the acting seat is being asked, in words."""
    if state.phase == START:
        return f"your two starting persons, e.g. '{start_example(state)}'"
    if state.phase == BUILD:
        return f"where your {state.building} new floor(s) go, e.g. 'build +2 palace1 +1 new'"
    if state.phase == RELEASE and state.actor >= 0:
        unfed = state.unfed[state.actor]
        if unfed is not None:
            palaces = ", ".join(f"palace{i + 1}" for i in unfed)
            return (f"one person from each of {state.owed[state.actor]} unfed palace(s) among {palaces}, "
                    f"e.g. 'release farmer palace{unfed[0] + 1}'")
        return f"{state.owed[state.actor]} more person(s) to release, e.g. 'release farmer palace1'"
    return EXPECTED[state.phase]


def why_illegal(state: DragonState, seat: int, move: DragonMove) -> str:
    """A sentence saying why ``move`` cannot be played by ``seat`` now."""
    if not isinstance(move, (*_PHASE_OF, ReleaseOrder)):
        return f"{move!r} is not an In the Year of the Dragon move"
    if state.phase == OVER:
        return "the game is over; no more moves are accepted"
    if not 0 <= seat < len(state.players):
        return f"there is no seat index {seat}; this game has seat indexes 0-{len(state.players) - 1}"
    if seat != state.actor:
        return f"seat {seat + 1} owes no decision now; waiting for seat {state.actor + 1}: {expected(state)}"
    text = format_move(move)
    if _PHASE_OF.get(type(move), state.phase) != state.phase:
        return f"'{text}' is not a move for now; expected {expected(state)}"
    player = state.players[seat]
    detail = ""
    if isinstance(move, Action):
        detail = _action_reason(state, seat, move)
    elif isinstance(move, Build):
        detail = _build_reason(state, seat, move)
    elif isinstance(move, (Recruit, Replace, Discard, PlayCard)):
        index = data.CARD_INDEX.get(move.card)
        if index is None or player.cards[index] == 0:
            detail = f"you hold no {move.card.replace('_', ' ')} card"
        elif not isinstance(move, PlayCard) and state.supply[data.CODE_OF_LABEL.get(move.person, 0)] == 0:
            detail = f"no {move.person} tile is left"
        elif isinstance(move, (Replace, Discard)) and _has_room(state, seat):
            detail = "a palace has a free floor, so the person must go there (replace or discard only when all are full)"
        elif isinstance(move, Recruit) and not _has_room(state, seat):
            detail = "all your palaces are full: replace a person or discard the new tile"
    elif isinstance(move, Start):
        detail = _start_reason(state, seat, move)
    elif isinstance(move, Release) and state.unfed[seat] is not None:
        unfed = ", ".join(f"palace{i + 1}" for i in state.unfed[seat] or ())
        detail = f"in a Drought you release one person from each unfed palace; still open: {unfed}"
    reason = f"'{text}' is not legal now"
    return f"{reason}: {detail}" if detail else f"{reason}; expected {expected(state)}"


def _has_room(state: DragonState, seat: int) -> bool:
    return any(len(persons) < floors for floors, persons in state.players[seat].palaces)


def _action_reason(state: DragonState, seat: int, move: Action) -> str:
    yuan = state.players[seat].yuan
    if not 1 <= move.group <= len(state.groups):
        return f"there are groups 1-{len(state.groups)} this month"
    group = state.groups[move.group - 1]
    if move.card not in group:
        return f"group {move.group} holds {', '.join(group)}"
    fee = data.OCCUPIED_FEE if state.dragons[move.group - 1] else 0
    if yuan < fee:
        return f"group {move.group} is occupied: joining costs {fee} yuan and you have {yuan}"
    if move.card == data.PRIVILEGE_ACTION:
        cost = {"small": data.SMALL_COST, "large": state.large_cost}.get(move.privilege)
        if cost is None:
            return "say which privilege: small or large"
        if yuan < fee + cost:
            return f"a {move.privilege} privilege here costs {fee + cost} yuan and you have {yuan}"
    elif move.privilege:
        return "only the Privilege action takes small or large"
    return ""


def _build_reason(state: DragonState, seat: int, move: Build) -> str:
    placed = sum(n for _, n in move.onto) + sum(move.new)
    if placed != state.building:
        return f"place exactly {state.building} floor(s), not {placed}"
    palaces = state.players[seat].palaces
    for palace, floors in move.onto:
        if not 1 <= palace <= len(palaces):
            return f"you have palaces 1-{len(palaces)}"
        if palaces[palace - 1][0] + floors > data.MAX_FLOORS:
            return f"palace{palace} would have more than {data.MAX_FLOORS} floors"
    if any(not 1 <= n <= data.MAX_FLOORS for n in move.new):
        return f"a new palace has 1-{data.MAX_FLOORS} floors"
    return ""


def _start_reason(state: DragonState, seat: int, move: Start) -> str:
    if move.first == move.second or move.first not in data.TYPE_INDEX or move.second not in data.TYPE_INDEX:
        return "take two young persons of two different types"
    if tuple(sorted((move.first, move.second), key=data.TYPE_INDEX.__getitem__)) in state.start_pairs:
        return "an earlier player took that pair of types; choose another pair"
    palaces = state.players[seat].palaces
    if not all(1 <= p <= len(palaces) for p in (move.first_palace, move.second_palace)):
        return f"you have palaces 1-{len(palaces)}"
    return ""
