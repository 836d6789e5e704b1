"""The flow of a game: who decides what, the legal moves, and what a move does.

One seat acts at a time (``state.actor``). After each move the game runs on by
itself through everything that needs no choice (dealing, events, forced
releases with no real choice, decay, scoring) until the next decision.
"""

from __future__ import annotations

from engine.dragon import data, events
from engine.dragon.legal import distinct_persons, is_legal, legal  # noqa: F401  (legal: the game reads it here)
from engine.dragon.moves import (
    Action, Build, Discard, DragonMove, Pass, PlayCard, Recruit, Release, ReleaseOrder, Replace, Start,
)
from engine.dragon.state import ACTION, BUILD, OVER, PERSON, RELEASE, RESEARCH, DragonState, Player
from engine.errors import IllegalMove
from engine.text import Notation, T


def to_act(state: DragonState) -> set[int]:
    """One seat decides at a time; nobody once the game is over."""
    return {state.actor} if state.actor >= 0 else set()


# --------------------------------------------------------------------------- flow


def begin_round(state: DragonState, month: int) -> None:
    state.round = month
    state.groups = state.deals[month - 1]
    state.dragons = [0] * len(state.groups)
    state.order = state.turn_order()
    state.turn = 0
    state.phase = ACTION
    state.actor = state.order[0]


def _next_start(state: DragonState) -> None:
    state.turn += 1
    if state.turn < len(state.players):
        state.actor = state.seat_order[state.turn]
    else:
        begin_round(state, 1)


def _next_action(state: DragonState) -> None:
    state.turn += 1
    state.phase = ACTION
    if state.turn < len(state.players):
        state.actor = state.order[state.turn]
    elif state.round < data.ROUNDS:
        state.phase = PERSON
        state.order = state.turn_order()
        state.turn = 0
        state.actor = state.order[0]
    else:
        begin_event(state)


def _next_person(state: DragonState) -> None:
    state.turn += 1
    if state.turn < len(state.players):
        state.actor = state.order[state.turn]
    else:
        begin_event(state)


def begin_event(state: DragonState) -> None:
    state.phase = RELEASE
    state.order = state.turn_order()
    state.turn = 0
    events.resolve_event(state)
    _next_release(state)


def _next_release(state: DragonState) -> None:
    """The next seat in turn order that still has a choice to make, or the end of the round."""
    while state.turn < len(state.players):
        seat = state.order[state.turn]
        _settle(state, seat)
        if state.owed[seat]:
            state.actor = seat
            return
        state.turn += 1
    _end_round(state)


def _end_round(state: DragonState) -> None:
    for player in state.players:
        events.decay(player)
    for player in state.players:
        events.score_round(player)
    if state.round < data.ROUNDS:
        begin_round(state, state.round + 1)
        return
    for player in state.players:
        events.score_final(player)
    state.phase = OVER
    state.actor = -1


# --------------------------------------------------------------------------- releases


def _remove_person(state: DragonState, player: Player, index: int, code: int) -> None:
    """The tile leaves the game for good (section 8); the palace stays until decay."""
    floors, persons = player.palaces[index]
    at = persons.index(code)
    player.palaces[index] = (floors, persons[:at] + persons[at + 1:])
    state.gone[code] += 1


def _release(state: DragonState, seat: int, index: int, code: int) -> None:
    _remove_person(state, state.players[seat], index, code)
    state.owed[seat] -= 1
    unfed = state.unfed[seat]
    if unfed is not None:
        state.unfed[seat] = tuple(i for i in unfed if i != index)


def _release_all(state: DragonState, seat: int) -> None:
    """No choice left: every eligible person goes (D-14), or one from each unfed palace."""
    player = state.players[seat]
    unfed = state.unfed[seat]
    for index, (_, persons) in enumerate(player.palaces):
        if unfed is not None and index not in unfed:
            continue
        for code in persons:
            _remove_person(state, player, index, code)
    state.owed[seat] = 0
    state.unfed[seat] = None


def _no_choice(state: DragonState, seat: int) -> bool:
    """Every person that may go must go (D-14), or one from each unfed palace holding just one."""
    player = state.players[seat]
    unfed = state.unfed[seat]
    if unfed is None:
        return state.owed[seat] >= player.persons()
    return state.owed[seat] >= len(unfed) and all(len(player.palaces[i][1]) == 1 for i in unfed)


def standing_choice(state: DragonState, seat: int) -> tuple[int, int] | None:
    """The release the seat's standing order picks now, if any entry applies.

    Within an entry the tile with fewer symbols goes first (young before
    old), then the one from the palace with the most persons (so no palace is
    emptied needlessly), then the leftmost palace.
    """
    player = state.players[seat]
    options = distinct_persons(player.palaces, state.unfed[seat])
    for entry in player.release_order:
        wanted = entry_codes(entry)
        fits = [(index, code) for index, code in options if code in wanted]
        if fits:
            return min(fits, key=lambda ic: (data.SYMBOLS[ic[1]], -len(player.palaces[ic[0]][1]), ic[0]))
    return None


def entry_codes(entry: str) -> tuple[int, ...]:
    """Kind codes a release-order entry names: ``"farmer"`` both levels, ``"old farmer"`` one."""
    if entry in data.CODE_OF_LABEL:
        return (data.CODE_OF_LABEL[entry],)
    return data.kind_codes(data.TYPE_INDEX[entry])


def _settle(state: DragonState, seat: int) -> None:
    """Apply every release of ``seat`` that needs no question: when all must go, when only one
    kind of person in one palace may go, or when the standing order names one."""
    while state.owed[seat]:
        if _no_choice(state, seat):
            _release_all(state, seat)
            break
        options = distinct_persons(state.players[seat].palaces, state.unfed[seat])
        choice = options[0] if len(options) == 1 else standing_choice(state, seat)
        if choice is None:
            break
        _release(state, seat, *choice)
    if not state.owed[seat]:
        state.unfed[seat] = None


# --------------------------------------------------------------------------- moves


def _place(state: DragonState, seat: int, index: int, code: int) -> None:
    player = state.players[seat]
    floors, persons = player.palaces[index]
    player.palaces[index] = (floors, tuple(sorted((*persons, code))))
    state.advance_marker(seat, data.VALUE[code])


def _take(state: DragonState, player: Player, card: str, person: str) -> int:
    player.cards[data.CARD_INDEX[card]] -= 1
    code = data.CODE_OF_LABEL[person]
    state.supply[code] -= 1
    return code


def _do_start(state: DragonState, seat: int, move: Start) -> None:
    for person, palace in ((move.first, move.first_palace), (move.second, move.second_palace)):
        code = 2 * data.TYPE_INDEX[person]
        state.supply[code] -= 1
        _place(state, seat, palace - 1, code)
    state.start_pairs.append((move.first, move.second))
    _next_start(state)


def _do_pass(state: DragonState, seat: int, move: Pass) -> None:
    player = state.players[seat]
    player.yuan = max(player.yuan, data.PASS_TOPS_UP_TO)
    _next_action(state)


def _do_action(state: DragonState, seat: int, move: Action) -> None:
    player = state.players[seat]
    group = move.group - 1
    if state.dragons[group]:
        player.yuan -= data.OCCUPIED_FEE
    state.dragons[group] += 1
    card = move.card
    if card == data.PRIVILEGE_ACTION:
        if move.privilege == "large":
            player.yuan -= state.large_cost
            player.large += 1
        else:
            player.yuan -= data.SMALL_COST
            player.small += 1
        _next_action(state)
        return
    gained = data.ACTION_BASE[card] + player.symbols(data.ACTION_BONUS_TYPE[card])
    if card == "build":
        state.building = gained
        state.phase = BUILD
        return
    if card == "tax":
        player.yuan += gained
    elif card == "harvest":
        player.rice += gained
    elif card == "fireworks":
        player.fireworks += gained
    elif card == "parade":
        state.advance_marker(seat, gained)
    elif card == "research":
        player.gain(RESEARCH, gained)
    _next_action(state)


def _do_build(state: DragonState, seat: int, move: Build) -> None:
    player = state.players[seat]
    for palace, floors in move.onto:
        height, persons = player.palaces[palace - 1]
        player.palaces[palace - 1] = (height + floors, persons)
    player.palaces += [(floors, ()) for floors in move.new]
    state.building = 0
    _next_action(state)


def _do_recruit(state: DragonState, seat: int, move: Recruit) -> None:
    code = _take(state, state.players[seat], move.card, move.person)
    _place(state, seat, move.palace - 1, code)
    _next_person(state)


def _do_replace(state: DragonState, seat: int, move: Replace) -> None:
    player = state.players[seat]
    code = _take(state, player, move.card, move.person)
    _remove_person(state, player, move.palace - 1, data.CODE_OF_LABEL[move.released])
    _place(state, seat, move.palace - 1, code)
    _next_person(state)


def _do_discard(state: DragonState, seat: int, move: Discard) -> None:
    code = _take(state, state.players[seat], move.card, move.person)
    state.gone[code] += 1
    _next_person(state)


def _do_play_card(state: DragonState, seat: int, move: PlayCard) -> None:
    state.players[seat].cards[data.CARD_INDEX[move.card]] -= 1
    _next_person(state)


def _do_release(state: DragonState, seat: int, move: Release) -> None:
    _release(state, seat, move.palace - 1, data.CODE_OF_LABEL[move.person])
    _settle(state, seat)
    if not state.owed[seat]:
        state.turn += 1
        _next_release(state)


def _do_release_order(state: DragonState, seat: int, move: ReleaseOrder) -> None:
    state.players[seat].release_order = move.order
    if state.phase == RELEASE:
        _next_release(state)


_APPLY = {
    Start: _do_start,
    Pass: _do_pass,
    Action: _do_action,
    Build: _do_build,
    Recruit: _do_recruit,
    Replace: _do_replace,
    Discard: _do_discard,
    PlayCard: _do_play_card,
    Release: _do_release,
    ReleaseOrder: _do_release_order,
}


def apply(state: DragonState, seat: int, move: DragonMove) -> DragonState:
    """Play ``move`` for ``seat`` in place; IllegalMove (state untouched) if it is not legal now."""
    if type(move) is ReleaseOrder:
        check_release_order(state, seat, move)
    elif not is_legal(state, seat, move):
        from engine.dragon.reasons import why_illegal

        raise IllegalMove(why_illegal(state, seat, move))
    state.legal_cache = None
    _APPLY[type(move)](state, seat, move)
    return state


def check_release_order(state: DragonState, seat: int, move: ReleaseOrder) -> None:
    """A standing order may come with any decision the seat owes; its entries must name persons."""
    if not 0 <= seat < len(state.players) or seat != state.actor:
        from engine.dragon.reasons import why_illegal

        raise IllegalMove(why_illegal(state, seat, move))
    for entry in move.order:
        if entry not in data.CODE_OF_LABEL and entry not in data.TYPE_INDEX:
            raise IllegalMove(T("%(order)s: %(entry)s is not a person; name types such as %(examples)s or %(last)s",
                                order=Notation("release order"), entry=repr(entry),
                                examples=[Notation("farmer"), Notation("old farmer")], last=Notation("court_lady")))
    if len(set(move.order)) != len(move.order):
        raise IllegalMove(T("%(order)s: each person may be named only once", order=Notation("release order")))
