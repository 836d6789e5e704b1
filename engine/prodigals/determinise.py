"""A state one seat cannot tell from the real one, its hidden parts dealt again (the protocol's ``determinise``).

What a seat may not see (``views.view``): the other players' hands (their
sizes are seen), a political tile another player drew and has not placed, the
order of every deck and stack, the other players' standing orders, and what
left the game (``removed``, which the view does not show). Everything else
stays as it is.

The new deal is built only from what the seat sees, so two states that differ
in hidden parts alone give the same result for the same ``rng``: each family of
components (cards, political tiles, possession tiles, Dame Beatrice tiles)
has a known universe; what the seat cannot locate is that universe less what
it sees, sorted, and only then drawn from ``rng``. A deck or stack holds its
stages in order (stage I above stage II, R-SET) and is dealt from the top, so
the number of each stage's components still in it follows from its size; its
components are drawn from that stage's unlocated ones. Drawn tiles come from
the unlocated stack tiles, hands from every unlocated card, and the rest
leaves the game, so each component stays in exactly one place.

A unit stopped at a choice is resumed from its snapshot (the state when the
unit began), which holds hidden parts too. The snapshot is dealt again the same
way, from what the seat saw in it, and the unit replayed on it with its
choices; nothing pairs the new deal with the real hidden order, so a state and
its snapshot may be perturbed apart and still give the same deal. What the
unit has shown the seat since it began (a card drawn into the seat's own hand,
a tile turned up) keeps its slot in the snapshot: the rules took it from there
(the top of a deck), as the seat knows. A deal is kept only if the unit reaches
the point the seat sees (being asked at all can tell that a player holds some
card), else another is drawn. A discard or compensation unit, whose choices
name the cards or markers of that moment, is started afresh on a new deal of
the state for what it still owes.
"""

from __future__ import annotations

import random

from engine.prodigals import flow, views
from engine.prodigals.data import DATA
from engine.prodigals.state import Pending, Player, State

Stages = list[tuple[str, ...]]
"""A deck's or stack's stages, the top one first."""


ATTEMPTS = 2_000
"""New deals tried for a state stopped at another seat's choice before giving up (each is seen to fit or not)."""


def determinise(state: State, seat: int | None, rng: random.Random) -> State:
    """A new state ``seat`` (None: a spectator) cannot tell from ``state``; ``state`` is left unchanged.

    While a unit waits for a choice, the new deal must also lead that unit to
    the same visible point (a player asked whether to add A Little More Time
    cards holds one): deals are drawn until one does, which conditions the
    deal on what the seat sees and on nothing else.
    """
    if state.pending is None:
        dealt = state.clone()
        _deal(dealt, seat, rng, set())
        return dealt
    seen = views.view(state, seat)
    for _ in range(ATTEMPTS):
        dealt = _resumed(state, state.pending, seat, rng)
        if views.view(dealt, seat) == seen:
            return dealt
    who = "a spectator" if seat is None else f"seat {seat + 1}"
    raise ValueError(f"no new deal in {ATTEMPTS} leads the unit {state.pending.root} of seat {state.pending.seat + 1} "
                     f"to the point {who} sees")


def _resumed(state: State, pending: Pending, seat: int | None, rng: random.Random) -> State:
    """One new deal of a state stopped inside a unit, the unit replayed (or restarted) on it."""
    if pending.root[0] in ("discard", "compensate"):
        dealt = state.clone()
        _deal(dealt, seat, rng, set())
        return _restart(dealt, state, pending)
    # The snapshot is dealt again from what the seat saw when the unit began, never paired with the
    # real hidden order. What the unit has shown the seat since (a card drawn into its own hand, a tile
    # turned up) stays where the snapshot holds it, where the rules took it from (the top of a deck).
    snapshot = pending.snapshot.clone()
    _deal(snapshot, seat, rng, _located(state, seat) - _located(pending.snapshot, seat))
    resumed = flow.run_unit(snapshot.clone(), pending.seat, pending.root, pending.choices, snapshot)
    resumed.removed.sort()
    return resumed


# --- the new deal --------------------------------------------------------------------


def _deal(state: State, seat: int | None, rng: random.Random, pinned: set[str]) -> None:
    """Deal ``state``'s hidden parts again in place, leaving ``pinned`` components in their very slots.

    Only the seen places and ``pinned`` are read, never which hidden component
    lies where: the result is the same for every arrangement of the rest.
    """
    others = [p for p in state.players if p.seat != seat]
    unlocated = sorted(_universe(state) - _located(state, seat))
    if sorted(c for place in _hidden_places(state, others) for c in place) != unlocated:
        raise ValueError("the state's hidden places do not hold exactly the components its seen places leave out")
    free = set(unlocated) - pinned
    for (comp, border), deck in state.decks.items():
        deck[:] = _stack(rng, free, [DATA.decks.get((comp, border, st), ()) for st in ("I", "II")], deck, pinned)
    state.central_deck = _stack(rng, free, _central_stages(state), state.central_deck, pinned)
    if "E" in state.competitions:
        state.political_stack = _stack(rng, free, list(DATA.political_stages), state.political_stack, pinned)
        stack_tiles = sorted(free & {t for stage in DATA.political_stages for t in stage})
        drawing = [p for p in others if p.drawn_tile and p.drawn_tile not in pinned]
        for player, tile in zip(drawing, rng.sample(stack_tiles, len(drawing))):
            player.drawn_tile = tile
            free.discard(tile)
    if "P" in state.competitions:
        state.possession_stack = _stack(rng, free, list(DATA.possession_stages), state.possession_stack, pinned)
    if "S" in state.competitions:
        state.beatrice_stack = _stack(rng, free, [tuple(t.id for t in DATA.beatrice)], state.beatrice_stack, pinned)
    cards = sorted(free & set(DATA.cards))
    rng.shuffle(cards)
    for player in others:
        fresh = sum(c not in pinned for c in player.hand)
        player.hand, cards = _filled(player.hand, pinned, cards[:fresh]), cards[fresh:]
        free.difference_update(player.hand)
        player.up_order, player.keep = [], []
    state.removed = sorted(free | (pinned & set(state.removed)))


def _filled(place: list[str], pinned: set[str], new: list[str]) -> list[str]:
    """``place`` with its pinned components in their slots and the others, in order, from ``new``."""
    fresh = iter(new)
    return [c if c in pinned else next(fresh) for c in place]


def _stack(rng: random.Random, free: set[str], stages: Stages, old: list[str], pinned: set[str]) -> list[str]:
    """A stack as large as ``old``, the lowest stage's at the bottom, each stage shuffled; taken from ``free``.

    A stack is dealt from the top, so with ``len(old)`` left it still holds
    the bottom ``len(old)`` of its stages laid one on another. A ``pinned``
    component keeps its slot; the others of its stage fill the rest.
    """
    stack: list[str] = []
    for stage in reversed(stages):
        count = min(len(old) - len(stack), len(stage))
        slots = old[len(stack):len(stack) + count]
        pool = sorted(free.intersection(stage))
        needed = sum(c not in pinned for c in slots)
        if len(pool) < needed:
            raise ValueError(f"a stack of {len(old)} needs {needed} of its stage {stage[:3]}…, only {len(pool)} are unseen")
        part = rng.sample(pool, needed)
        free.difference_update(part)
        stack.extend(_filled(slots, pinned, part))
    if len(stack) < len(old):
        raise ValueError(f"a stack holds {len(old)} components, more than its stages have")
    return stack


def _central_stages(state: State) -> Stages:
    combo = "C" + DATA.central_combination(state.competitions)
    return [DATA.decks[(combo, "black", "central")], DATA.decks[(combo, "white", "central")]]


def _universe(state: State) -> set[str]:
    """Every component of this table's competitions."""
    found: set[str] = set()
    for comp, border in state.decks:
        for st in ("I", "II"):
            found.update(DATA.decks.get((comp, border, st), ()))
    for stage in _central_stages(state):
        found.update(stage)
    if "E" in state.competitions:
        found.update(DATA.political_starting)
        found.update(t for stage in DATA.political_stages for t in stage)
    if "P" in state.competitions:
        found.update(t for tiles in DATA.starting_sets.values() for t in tiles)
        found.update(t for stage in DATA.possession_stages for t in stage)
    if "S" in state.competitions:
        found.update(t.id for t in DATA.beatrice)
    return found


def _located(state: State, seat: int | None) -> set[str]:
    """The components ``seat``'s view places (``views.view``)."""
    seen: set[str] = {state.central_card, state.beatrice} - {""}
    seen.update(c for cards in state.sets.values() for c in cards)
    seen.update(state.set_tiles.values())
    seen.update(state.canvass)
    seen.update(state.board_tiles)
    for player in state.players:
        seen.update(player.board)
        seen.update(player.played)
        seen.update(player.possessions)
        seen.update(tile for tile, _ in player.grid.values())
        if player.seat == seat:
            seen.update(player.hand)
            seen.update({player.drawn_tile} - {""})
    return seen


def _hidden_places(state: State, others: list[Player]) -> list[list[str]]:
    """The hidden places, each as its components (to check they hold exactly what the seen places leave out)."""
    places = [p.hand for p in others] + [[p.drawn_tile] for p in others if p.drawn_tile]
    places += [state.decks[k] for k in sorted(state.decks)]
    places += [state.central_deck, state.political_stack, state.possession_stack, state.beatrice_stack]
    return [list(place) for place in places] + [sorted(state.removed)]


# --- a unit stopped at a choice --------------------------------------------------------


def _restart(dealt: State, state: State, pending: Pending) -> State:
    """A discard or compensation unit begun again on the new deal for what it still owes.

    Each of its steps stands alone (one card discarded, one marker moved up),
    so starting it afresh for the remaining steps plays the same as resuming it.
    """
    kind, owed = pending.root
    player, before = state.players[pending.seat], pending.snapshot.players[pending.seat]
    if kind == "discard":
        done = len(before.hand) - len(player.hand)
    else:
        done = sum(before.markers[m][0] - row for m, (row, _) in player.markers.items())
    dealt.pending = None
    return flow.start_unit(dealt, pending.seat, (kind, owed - done))
