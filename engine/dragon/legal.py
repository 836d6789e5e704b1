"""The legal moves of the decision asked now, by phase: what ``flow`` accepts, and what an example shows.

Apart from the flow that plays moves, so that the words that explain a decision (``reasons``: why a move is
refused, and an example legal now) can list the legal moves without importing the flow that calls them.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.dragon import data
from engine.dragon.moves import (
    PASS, DragonMove, make_action, make_build, make_discard, make_play_card, make_recruit, make_release, make_replace,
    make_start,
)
from engine.dragon.state import ACTION, BUILD, PERSON, RELEASE, START, DragonState

WILD_INDEX = data.CARD_INDEX[data.WILD]


def _start_moves(state: DragonState, seat: int) -> list[DragonMove]:
    player = state.players[seat]
    room = [floors - len(persons) for floors, persons in player.palaces]
    places = [(a, b) for a in range(len(room)) for b in range(len(room))
              if (room[a] >= 2 if a == b else room[a] >= 1 and room[b] >= 1)]
    # Default first (one person per palace, D-2), so that a reply may leave palaces out.
    places.sort(key=lambda ab: (ab[0] == ab[1], ab))
    moves: list[DragonMove] = []
    for i, first in enumerate(data.TYPES):
        for second in data.TYPES[i + 1:]:
            if (first, second) in state.start_pairs:
                continue
            if not (state.supply[2 * i] and state.supply[2 * data.TYPE_INDEX[second]]):
                continue
            moves += [make_start(first, second, a + 1, b + 1) for a, b in places]
    return moves


def _action_moves(state: DragonState, seat: int) -> list[DragonMove]:
    """Pass, and every card of every group the purse allows (D-6, D-7)."""
    yuan = state.players[seat].yuan
    moves: list[DragonMove] = [PASS]
    for g, group in enumerate(state.groups):
        fee = data.OCCUPIED_FEE if state.dragons[g] else 0
        if yuan < fee:
            continue
        for card in group:
            if card != data.PRIVILEGE_ACTION:
                moves.append(make_action(g + 1, card))
                continue
            if yuan - fee >= data.SMALL_COST:
                moves.append(make_action(g + 1, card, "small"))
            if yuan - fee >= state.large_cost:
                moves.append(make_action(g + 1, card, "large"))
    return moves


@cache
def partitions(floors: int) -> tuple[tuple[int, ...], ...]:
    """Ways to start new palaces with ``floors`` floors: heights 1-3, tallest first."""
    if floors == 0:
        return ((),)
    found = []
    for first in range(min(data.MAX_FLOORS, floors), 0, -1):
        found += [(first, *rest) for rest in partitions(floors - first) if not rest or rest[0] <= first]
    return tuple(found)


def build_moves(palaces: list, floors: int) -> list[DragonMove]:
    """Every way to place all ``floors`` new floors (D-8)."""
    rooms = [(i + 1, data.MAX_FLOORS - height) for i, (height, _) in enumerate(palaces) if height < data.MAX_FLOORS]
    moves: list[DragonMove] = []

    def place(k: int, left: int, onto: tuple[tuple[int, int], ...]) -> None:
        if k == len(rooms):
            moves.extend(make_build(onto, new) for new in partitions(left))
            return
        palace, room = rooms[k]
        for added in range(min(room, left), -1, -1):
            place(k + 1, left - added, onto + ((palace, added),) if added else onto)

    place(0, floors, ())
    return moves


def _build_moves(state: DragonState, seat: int) -> list[DragonMove]:
    return build_moves(state.players[seat].palaces, state.building)


def distinct_persons(palaces: list, eligible: tuple[int, ...] | None = None) -> list[tuple[int, int]]:
    """(palace index, kind code) once for each kind present in each (eligible) palace."""
    found = []
    for index, (_, persons) in enumerate(palaces):
        if eligible is not None and index not in eligible:
            continue
        last = -1
        for code in persons:
            if code != last:
                found.append((index, code))
                last = code
    return found


@lru_cache(maxsize=4096)
def _card_moves(index: int, kinds_left: tuple[int, ...], free: tuple[int, ...],
                present: tuple[tuple[int, int], ...]) -> tuple[DragonMove, ...]:
    """The moves of card ``index``, given the kinds left in the supply and the room in the palaces.

    Memoised: the same supplies and court shapes recur all game long (about
    two calls in five hit), and these are the largest lists the engine builds.
    """
    card = data.CARDS[index]
    available = kinds_left if index == WILD_INDEX else tuple(code for code in kinds_left if code >> 1 == index)
    if not available:
        return (make_play_card(card),)
    moves: list[DragonMove] = []
    for code in available:
        label = data.LABEL[code]
        if free:
            moves += [make_recruit(card, label, palace) for palace in free]
        else:
            moves += [make_replace(card, label, data.LABEL[old], i + 1) for i, old in present]
            moves.append(make_discard(card, label))
    return tuple(moves)


def _person_moves(state: DragonState, seat: int) -> list[DragonMove]:
    player = state.players[seat]
    free = tuple(i + 1 for i, (floors, persons) in enumerate(player.palaces) if len(persons) < floors)
    present = () if free else tuple(distinct_persons(player.palaces))
    supply = state.supply
    kinds_left = tuple(code for code in data.CODES if supply[code])
    moves: list[DragonMove] = []
    for index, count in enumerate(player.cards):
        if count:
            moves += _card_moves(index, kinds_left, free, present)
    return moves


def _release_moves(state: DragonState, seat: int) -> list[DragonMove]:
    player = state.players[seat]
    return [make_release(data.LABEL[code], i + 1)
            for i, code in distinct_persons(player.palaces, state.unfed[seat])]


_GENERATE = {
    START: _start_moves,
    ACTION: _action_moves,
    BUILD: _build_moves,
    PERSON: _person_moves,
    RELEASE: _release_moves,
}


def legal(state: DragonState, seat: int) -> list[DragonMove]:
    """Every move that advances the game for ``seat`` now (never a standing order)."""
    if seat != state.actor:
        return []
    moves = state.legal_cache
    if moves is None:
        moves = state.legal_cache = _GENERATE[state.phase](state, seat)
    return list(moves)


def is_legal(state: DragonState, seat: int, move: DragonMove) -> bool:
    if seat != state.actor:
        return False
    moves = state.legal_cache
    if moves is None:
        moves = state.legal_cache = _GENERATE[state.phase](state, seat)
    for candidate in moves:
        if candidate is move:
            return True
    return move in moves
