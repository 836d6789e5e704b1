"""Why a move is not legal now, in words a player can act on.

``apply`` raises ``IllegalMove`` with this text; the mail loop sends it back
unchanged, so each reason names what was wrong and what would be right.
"""

from __future__ import annotations

from engine.dragon import data
from engine.dragon.legal import legal
from engine.dragon.moves import (
    Action, Build, Discard, DragonMove, PlayCard, Recruit, Release, ReleaseOrder, Replace, Start, format_move,
)
from engine.dragon.state import ACTION, BUILD, OVER, PERSON, RELEASE, START, DragonState
from engine.dragon.words import CARDS, person
from engine.text import Notation, T, Text, TN

EXPECTED: dict[str, Text] = {
    OVER: T("nothing: the game is over"),
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


SHAPES: dict[str, tuple[type | tuple[type, ...], str]] = {
    ACTION: (Action, "group 2 tax"),
    BUILD: (Build, "build +2 palace1 +1 new"),
    PERSON: ((Recruit, Replace, Discard, PlayCard), "recruit old warrior palace2"),
    RELEASE: (Release, "release farmer palace1"),
}
"""Each phase's move and the form it is written in, shown when no move of it is legal now."""
START_SHAPE = "start farmer palace1, scholar palace2"
"""The form of a starting pair, shown when no starting pair is asked now."""


def legal_example(state: DragonState) -> Notation:
    """A move of the decision asked now, legal now, written as a reply: a player copies an example, so one that
    is not legal (``group 2 tax`` when tax lies in group 3) would mislead; the phase's form when no move of its
    kind is legal."""
    kind, shape = SHAPES[state.phase]
    move = next((m for m in legal(state, state.actor) if isinstance(m, kind)), None)
    return Notation(format_move(move) if move is not None else shape)


def example_of(state: DragonState, phase: str) -> Notation:
    """An example of the move ``phase`` asks for, written as a reply, for a refusal of a line that names that kind
    of move but is not written right: a move legal now when the decision asked is of that kind (a player copies
    it), the form of such a move when it is not (no move of the kind is legal then; the refusal's "expected now"
    gives the move that is)."""
    if phase == START:
        return Notation(start_example(state) if state.phase == START else START_SHAPE)
    return legal_example(state) if state.phase == phase else Notation(SHAPES[phase][1])


def palace_names(indexes: tuple[int, ...] | list[int]) -> list[Notation]:
    """Palaces by 0-based index as the notation names them (``palace2``)."""
    return [Notation(f"palace{i + 1}") for i in indexes]


def expected(state: DragonState) -> Text:
    """What the acting seat is being asked, in words."""
    if state.phase == START:
        return T("your two starting persons, e.g. '%(example)s'", example=Notation(start_example(state)))
    if state.phase == ACTION:
        return T("an action, e.g. '%(example)s', or '%(passing)s'",
                 example=legal_example(state), passing=Notation("pass"))
    if state.phase == PERSON:
        return T("a person card, e.g. '%(example)s'", example=legal_example(state))
    if state.phase == BUILD:
        return TN("where your %(n)s new floor goes, e.g. '%(example)s'",
                  "where your %(n)s new floors go, e.g. '%(example)s'", state.building, example=legal_example(state))
    if state.phase == RELEASE:
        owed, unfed = state.owed[state.actor], state.unfed[state.actor]
        if unfed is not None:
            return TN("one person from %(n)s unfed palace among %(palaces)s, e.g. '%(example)s'",
                      "one person from each of %(n)s unfed palaces among %(palaces)s, e.g. '%(example)s'", owed,
                      palaces=palace_names(unfed),
                      example=legal_example(state))
        return TN("%(n)s more person to release, e.g. '%(example)s'",
                  "%(n)s more persons to release, e.g. '%(example)s'", owed,
                  example=legal_example(state))
    return EXPECTED[state.phase]


def why_illegal(state: DragonState, seat: int, move: DragonMove) -> Text:
    """A sentence saying why ``move`` cannot be played by ``seat`` now."""
    if not isinstance(move, (*_PHASE_OF, ReleaseOrder)):
        return T("%(move)s is not an In the Year of the Dragon move", move=repr(move))
    if state.phase == OVER:
        return T("the game is over; no more moves are accepted")
    if not 0 <= seat < len(state.players):
        return T("there is no seat index %(seat)s; this game has seat indexes 0-%(last)s",
                 seat=seat, last=len(state.players) - 1)
    if seat != state.actor:
        return T("seat %(seat)s owes no decision now; waiting for seat %(actor)s: %(expected)s",
                 seat=seat + 1, actor=state.actor + 1, expected=expected(state))
    text = Notation(format_move(move))
    if _PHASE_OF.get(type(move), state.phase) != state.phase:
        return T("'%(move)s' is not a move for now; expected %(expected)s", move=text, expected=expected(state))
    player = state.players[seat]
    detail: Text | None = None
    if isinstance(move, Action):
        detail = _action_reason(state, seat, move)
    elif isinstance(move, Build):
        detail = _build_reason(state, seat, move)
    elif isinstance(move, (Recruit, Replace, Discard, PlayCard)):
        index = data.CARD_INDEX.get(move.card)
        if index is None or player.cards[index] == 0:
            card = CARDS.get(move.card)
            detail = (T("you hold no %(card)s card", card=card) if card is not None
                      else T("%(card)s is not a person card", card=repr(move.card)))
        elif not isinstance(move, PlayCard) and state.supply[data.CODE_OF_LABEL.get(move.person, 0)] == 0:
            detail = T("no %(person)s tile is left", person=person(move.person))
        elif isinstance(move, (Replace, Discard)) and _has_room(state, seat):
            detail = T("a palace has a free floor, so the person must go there "
                       "(replace or discard only when all are full)")
        elif isinstance(move, Recruit) and not _has_room(state, seat):
            detail = T("all your palaces are full: replace a person or discard the new tile")
    elif isinstance(move, Start):
        detail = _start_reason(state, seat, move)
    elif isinstance(move, Release) and state.unfed[seat] is not None:
        detail = T("in a Drought you release one person from each unfed palace; still open: %(palaces)s",
                   palaces=palace_names(state.unfed[seat] or ()))
    if detail is not None:
        return T("'%(move)s' is not legal now: %(detail)s", move=text, detail=detail)
    return T("'%(move)s' is not legal now; expected %(expected)s", move=text, expected=expected(state))


def _has_room(state: DragonState, seat: int) -> bool:
    return any(len(persons) < floors for floors, persons in state.players[seat].palaces)


def _action_reason(state: DragonState, seat: int, move: Action) -> Text | None:
    yuan = state.players[seat].yuan
    if not 1 <= move.group <= len(state.groups):
        return T("there are groups 1-%(last)s this month", last=len(state.groups))
    group = state.groups[move.group - 1]
    if move.card not in group:
        return T("group %(group)s holds %(cards)s", group=move.group, cards=[Notation(card) for card in group])
    fee = data.OCCUPIED_FEE if state.dragons[move.group - 1] else 0
    if yuan < fee:
        return T("group %(group)s is occupied: joining costs %(fee)s yuan and you have %(yuan)s",
                 group=move.group, fee=fee, yuan=yuan)
    if move.card == data.PRIVILEGE_ACTION:
        cost = {"small": data.SMALL_COST, "large": state.large_cost}.get(move.privilege)
        if cost is None:
            return T("say which privilege: %(small)s or %(large)s", small=Notation("small"), large=Notation("large"))
        if yuan < fee + cost:
            costs = (T("a small privilege here costs %(cost)s yuan and you have %(yuan)s", cost=fee + cost, yuan=yuan)
                     if move.privilege == "small" else
                     T("a large privilege here costs %(cost)s yuan and you have %(yuan)s", cost=fee + cost, yuan=yuan))
            return costs
        return None
    if move.privilege:
        return T("only the Privilege action takes %(small)s or %(large)s", small=Notation("small"), large=Notation("large"))
    return None


def _build_reason(state: DragonState, seat: int, move: Build) -> Text | None:
    placed = sum(n for _, n in move.onto) + sum(move.new)
    if placed != state.building:
        return TN("place exactly %(n)s floor, not %(placed)s", "place exactly %(n)s floors, not %(placed)s",
                  state.building, placed=placed)
    palaces = state.players[seat].palaces
    for palace, floors in move.onto:
        if not 1 <= palace <= len(palaces):
            return T("you have palaces 1-%(last)s", last=len(palaces))
        if palaces[palace - 1][0] + floors > data.MAX_FLOORS:
            return T("%(palace)s would have more than %(most)s floors", palace=Notation(f"palace{palace}"),
                     most=data.MAX_FLOORS)
    if any(not 1 <= n <= data.MAX_FLOORS for n in move.new):
        return T("a new palace has 1-%(most)s floors", most=data.MAX_FLOORS)
    return None


def _start_reason(state: DragonState, seat: int, move: Start) -> Text | None:
    if move.first == move.second or move.first not in data.TYPE_INDEX or move.second not in data.TYPE_INDEX:
        return T("take two young persons of two different types")
    if tuple(sorted((move.first, move.second), key=data.TYPE_INDEX.__getitem__)) in state.start_pairs:
        return T("an earlier player took that pair of types; choose another pair")
    palaces = state.players[seat].palaces
    if not all(1 <= p <= len(palaces) for p in (move.first_palace, move.second_palace)):
        return T("you have palaces 1-%(last)s", last=len(palaces))
    return None
