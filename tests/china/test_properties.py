"""Seeded random games: invariants after every step, replay, notation round trip, refusals."""

from __future__ import annotations

import random

import pytest

from engine import IllegalMove, bots
from engine.china import flow
from engine.china.data import BOARDS
from engine.china.moves import Draw, Exchange, Pass, Place, Play

CONFIGS = [(3, "side-3"), (4, "side-3"), (4, "side-5"), (5, "side-5")]
GAMES_PER_CONFIG = 250


def check_invariants(state) -> None:
    comp = BOARDS.components
    side = state.side
    for colour, boxed in enumerate(comp.cards):
        held = sum(h[colour] for h in state.hands)
        shown = sum(1 for c in state.display if c == colour)
        assert held + state.deck.count(colour) + shown + state.discard[colour] + state.removed[colour] == boxed
    for seat in range(state.players):
        placed = sum(1 for o in state.owner if o == seat)
        assert state.supply_pagodas[seat] + placed == comp.pagodas
        assert state.supply_emissaries[seat] + sum(e[seat] for e in state.emissaries_in) == comp.emissaries
        assert 0 <= sum(state.hands[seat]) <= comp.hand_size
    expected_forts = comp.fortresses * state.players if state.fortresses else 0
    assert sum(state.fortress) + sum(state.supply_fortresses) == expected_forts
    for p, sites in enumerate(side.province_sites):
        owners = [state.owner[s] for s in sites]
        assert state.pagodas_in[p] == [owners.count(seat) for seat in range(state.players)]
        assert state.free[p] == owners.count(-1)
        assert sum(state.emissaries_in[p]) <= max(state.pagodas_in[p]), "emissary limit exceeded"
        assert state.scored[p] == (state.free[p] == 0) or state.phase == "over"
    if None in state.display and state.phase == "act":
        assert not state.deck, "the display is refilled at the end of every turn while the deck lasts"
    assert state.exhaustions <= 2


def decisions(china, players: int, seed: int, options: dict, greedy_seats: tuple[int, ...] = ()):
    """A seeded game, yielding (state, seat) before every step; then the seat's bot takes the step."""
    rng = random.Random(seed)
    state = china.new(players, seed, options)
    while china.to_act(state):
        (seat,) = china.to_act(state)
        yield state, seat
        bot = bots.greedy if seat in greedy_seats else bots.random
        china.apply(state, seat, bot(china, state, seat, rng))


def play_checked(china, players, side, seed, fortresses):
    rng = random.Random(seed)
    state = china.new(players, seed, {"side": side, "fortresses": fortresses})
    log = []
    while china.to_act(state):
        (seat,) = china.to_act(state)
        move = bots.random(china, state, seat, rng)
        china.apply(state, seat, move)
        log.append((seat, move))
        check_invariants(state)
        assert len(log) < 2000
    return state, log


@pytest.mark.parametrize("fortresses", [False, True])
@pytest.mark.parametrize("players, side", CONFIGS)
def test_random_games_keep_every_invariant(china, players, side, fortresses) -> None:
    for seed in range(GAMES_PER_CONFIG):
        state, _ = play_checked(china, players, side, seed, fortresses)
        outcome = china.result(state)
        assert outcome is not None and len(outcome.scores) == players
        assert sorted(outcome.ranks)[0] == 1
        assert outcome.scores == [sum(v for k, v in b.items() if "tie-break" not in k) for b in outcome.breakdown]


def _fabricated(state, rng) -> list:
    colours = list(flow.COLOURS)
    side = state.side
    site = rng.choice(side.sites)
    province = side.provinces[side.site_province[side.sites.index(site)]].id
    return [
        Play(tuple(sorted(rng.sample(colours, rng.randint(1, 3)), key=colours.index))),
        Place(province, rng.choice(["pagoda", "fortress"]), site),
        Place(rng.choice(side.provinces).id, "emissary"),
        Draw(rng.choice(colours + ["deck"])),
        Exchange(rng.choice(colours), rng.choice(colours + ["deck"])),
        Pass(),
    ]


def test_illegal_steps_raise_and_change_nothing(china) -> None:
    refused = 0
    for seed in range(12):
        rng = random.Random(seed + 1000)
        for state, seat in decisions(china, 4, seed, {"fortresses": True}):
            legal = china.legal(state, seat)
            other = (seat + 1) % state.players
            for move in _fabricated(state, rng) + [legal[0]]:
                for who in (seat, other):
                    if who == seat and move in legal:
                        continue
                    before = china.clone(state)
                    with pytest.raises(IllegalMove) as info:
                        china.apply(state, who, move)
                    assert str(info.value)
                    assert state == before
                    refused += 1
    assert refused > 1000


def _placeable(state, seat, p) -> list[tuple[str, int]]:
    """Pieces one at a time, straight from rule A4 (independent of the engine's count shortcuts)."""
    sites = state.side.province_sites[p]
    found = []
    if state.supply_pagodas[seat]:
        found += [("pagoda", s) for s in sites if state.owner[s] < 0]
    if state.supply_emissaries[seat] and sum(state.emissaries_in[p]) + 1 <= max(state.pagodas_in[p]):
        found.append(("emissary", -1))
    if state.supply_fortresses[seat]:
        found += [("fortress", s) for s in sites if state.owner[s] < 0 and not state.fortress[s]]
    return found


def _put(state, seat, p, piece, site):
    after = state.copy()
    if piece == "pagoda":
        after.owner[site] = seat
        after.pagodas_in[p][seat] += 1
        after.free[p] -= 1
        after.supply_pagodas[seat] -= 1
    elif piece == "emissary":
        after.emissaries_in[p][seat] += 1
        after.supply_emissaries[seat] -= 1
    else:
        after.fortress[site] = True
        after.supply_fortresses[seat] -= 1
    return after


def _brute_first_pieces(state, seat, cards) -> set[tuple[str, str, str | None]]:
    found = set()
    for p, province in enumerate(state.side.provinces):
        count = flow.pieces_funded(cards, province.colour)
        if count == 0 or (count == 2 and flow.is_empty(state, p)):
            continue
        for piece, site in _placeable(state, seat, p):
            if count == 1 or _placeable(_put(state, seat, p, piece, site), seat, p):
                found.add((province.id, piece, state.side.sites[site] if site >= 0 else None))
    return found


def test_legal_plays_and_first_pieces_match_a_brute_force_search(china) -> None:
    checked = 0
    for seed in range(25):
        # greedy seats fill the board further than random ones
        for state, seat in decisions(china, 4, seed, {"fortresses": True}, greedy_seats=(0, 2)):
            if state.phase == "act":
                legal = china.legal(state, seat)
                for cards in flow.hand_choices(state.hands[seat]):
                    brute = _brute_first_pieces(state, seat, cards)
                    play = Play(tuple(flow.COLOURS[c] for c in cards))
                    assert (play in legal) == bool(brute)
                    if brute:
                        after = china.apply(china.clone(state), seat, play)
                        engine_first = {(m.province, m.piece, m.site) for m in china.legal(after, seat)}
                        assert engine_first == brute
                        checked += 1
    assert checked > 500
