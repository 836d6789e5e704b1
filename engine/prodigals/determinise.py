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

A unit stopped at a choice is resumed from its snapshot, which holds hidden
parts too. The snapshot is dealt again by the same relabelling (each hidden
place's old component to its new one) and the unit replayed with its choices
(a tile they name renamed too); a discard or compensation unit, whose choices
name the cards or markers of that moment, is started afresh for what it still
owes. What the unit took from places seen when it began stays where it went,
and a deal is kept only if the unit reaches the point the seat sees (being
asked at all can tell that a player holds some card), else another is drawn.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Iterable

from engine.prodigals import flow, views
from engine.prodigals.data import DATA, slug
from engine.prodigals.moves import Exchange, Move, Sell, Take
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
    dealt = state.clone()
    if pending.root[0] in ("discard", "compensate"):
        _deal(dealt, seat, rng, set())
        return _restart(dealt, state, pending)
    # What the unit took from places the seat saw when it began (a set's cards, a sold possession)
    # stays where it went: the unit's visible results so far depend on it.
    relabel = _deal(dealt, seat, rng, _located(pending.snapshot, seat))
    snapshot = _relabelled(pending.snapshot, relabel)
    for player in snapshot.players:
        if player.seat != seat:
            player.up_order, player.keep = [], []
    choices = tuple(_relabelled_choice(c, relabel) for c in pending.choices)
    resumed = flow.run_unit(snapshot.clone(), pending.seat, pending.root, choices, snapshot)
    resumed.removed.sort()
    return resumed


# --- the new deal --------------------------------------------------------------------


def _deal(state: State, seat: int | None, rng: random.Random, pinned: set[str]) -> dict[str, str]:
    """Deal ``state``'s hidden parts again in place, leaving ``pinned`` components where they lie.

    Returns the relabelling old component -> new, hidden place by hidden place.
    """
    others = [p for p in state.players if p.seat != seat]
    before = _hidden_places(state, others)
    unlocated = sorted(_universe(state) - _located(state, seat))
    if sorted(c for place in before for c in place) != unlocated:
        raise ValueError("the state's hidden places do not hold exactly the components its seen places leave out")
    free = set(unlocated) - pinned
    kept = set(unlocated) & pinned
    for (comp, border), deck in state.decks.items():
        deck[:] = _stack(rng, free, [DATA.decks.get((comp, border, st), ()) for st in ("I", "II")], len(deck))
    state.central_deck = _stack(rng, free, _central_stages(state), len(state.central_deck))
    if "E" in state.competitions:
        state.political_stack = _stack(rng, free, list(DATA.political_stages), len(state.political_stack))
        stack_tiles = sorted(free & {t for stage in DATA.political_stages for t in stage})
        drawing = [p for p in others if p.drawn_tile and p.drawn_tile not in kept]
        for player, tile in zip(drawing, rng.sample(stack_tiles, len(drawing))):
            player.drawn_tile = tile
            free.discard(tile)
    if "P" in state.competitions:
        state.possession_stack = _stack(rng, free, list(DATA.possession_stages), len(state.possession_stack))
    if "S" in state.competitions:
        state.beatrice_stack = _stack(rng, free, [tuple(t.id for t in DATA.beatrice)], len(state.beatrice_stack))
    cards = sorted(free & set(DATA.cards))
    rng.shuffle(cards)
    for player in others:
        stay = [c for c in player.hand if c in kept]
        size = len(player.hand) - len(stay)
        player.hand, cards = stay + cards[:size], cards[size:]
        free.difference_update(player.hand)
        player.up_order, player.keep = [], []
    state.removed = sorted(free | (kept & set(state.removed)))
    after = _hidden_places(state, others)
    relabel = {c: c for c in kept}
    for was, now in zip(before, after):
        relabel.update(zip([c for c in was if c not in kept], [c for c in now if c not in kept]))
    return relabel


def _stack(rng: random.Random, free: set[str], stages: Stages, size: int) -> list[str]:
    """``size`` components of the stages, the lowest stage's at the bottom, each stage shuffled; taken from ``free``.

    A stack is dealt from the top, so with ``size`` left it still holds the
    bottom ``size`` of its stages laid one on another.
    """
    stack: list[str] = []
    left = size
    for stage in reversed(stages):
        count = min(left, len(stage))
        pool = sorted(free.intersection(stage))
        if len(pool) < count:
            raise ValueError(f"a stack of {size} needs {count} of its stage {stage[:3]}…, only {len(pool)} are unseen")
        part = rng.sample(pool, count)
        free.difference_update(part)
        stack.extend(part)
        left -= count
    if left:
        raise ValueError(f"a stack holds {size} components, more than its stages have")
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
    """The hidden places in a fixed order, each as its components, so old and new can be paired place by place."""
    places = [p.hand for p in others] + [[p.drawn_tile] for p in others if p.drawn_tile]
    places += [state.decks[k] for k in sorted(state.decks)]
    places += [state.central_deck, state.political_stack, state.possession_stack, state.beatrice_stack]
    return [list(place) for place in places] + [sorted(state.removed)]


# --- a unit stopped at a choice --------------------------------------------------------


def _relabelled(snapshot: State, relabel: dict[str, str]) -> State:
    """A copy of ``snapshot`` with every component replaced by its new one (a seen one maps to itself)."""
    new = snapshot.clone()

    def each(items: Iterable[str]) -> list[str]:
        return [relabel.get(c, c) for c in items]

    new.decks = {k: each(v) for k, v in new.decks.items()}
    new.central_deck = each(new.central_deck)
    new.central_card = relabel.get(new.central_card, new.central_card)
    new.sets = {k: each(v) for k, v in new.sets.items()}
    new.set_tiles = {k: relabel.get(t, t) for k, t in new.set_tiles.items()}
    new.board_tiles = each(new.board_tiles)
    new.possession_stack = each(new.possession_stack)
    new.political_stack = each(new.political_stack)
    new.canvass = each(new.canvass)
    new.beatrice_stack = each(new.beatrice_stack)
    new.beatrice = relabel.get(new.beatrice, new.beatrice)
    new.removed = sorted(each(new.removed))
    for player in new.players:
        player.hand = each(player.hand)
        player.board = each(player.board)
        player.used = each(player.used)
        player.played = each(player.played)
        player.possessions = each(player.possessions)
        player.grid = {cell: (relabel.get(t, t), turn) for cell, (t, turn) in player.grid.items()}
        player.drawn_tile = relabel.get(player.drawn_tile, player.drawn_tile)
    return new


def _relabelled_choice(choice: Move, relabel: dict[str, str]) -> Move:
    """A recorded answer naming a tile (taken from the canvass, sold, exchanged) by its new tile."""
    def new(tile_slug: str) -> str:
        tile = DATA.tile_by_slug.get(tile_slug)
        return slug(relabel.get(tile, tile)) if tile is not None else tile_slug

    if isinstance(choice, (Take, Sell)):
        return replace(choice, tile=new(choice.tile))
    if isinstance(choice, Exchange):
        return replace(choice, give=new(choice.give), take=new(choice.take))
    return choice


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
