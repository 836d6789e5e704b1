"""Seeded random games for 2-5 players and every competition combination, checked move by move."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from engine import IllegalMove, MoveError, bots
from engine.prodigals import boards
from engine.prodigals.data import DATA
from engine.prodigals.moves import Board, Done, Move, Place, Play, Use
from engine.prodigals.state import State
from tests.prodigals.scenario import COMBINATIONS, GAME

SEEDS = 63
"""Games per player count and combination: 4 x 4 x 63 = 1,008 games."""


@dataclass
class Record:
    players: int
    combo: list[str]
    seed: int
    log: list[tuple[int, Move]] = field(default_factory=list)
    final: State | None = None
    problems: list[str] = field(default_factory=list)
    played: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)


def expected_cards(state: State) -> Counter[str]:
    combo = DATA.central_combination(state.competitions)
    return Counter(
        uid for uid, card in DATA.cards.items()
        if card.deck in state.competitions or (card.deck == "C" and uid in _central_uids(combo))
    )


def _central_uids(combo: str) -> set[str]:
    return {u for key, uids in DATA.decks.items() if key[0] == "C" + combo for u in uids}


def card_piles(state: State) -> Counter[str]:
    found: Counter[str] = Counter()
    for pile in [*state.decks.values(), state.central_deck, *state.sets.values()]:
        found.update(pile)
    if state.central_card:
        found[state.central_card] += 1
    for p in state.players:
        found.update(p.hand)
        found.update(p.board)
        found.update(p.played)
    found.update(u for u in state.removed if u in DATA.cards)
    return found


def tile_piles(state: State) -> tuple[Counter[str], Counter[str]]:
    possessions: Counter[str] = Counter(state.board_tiles + state.possession_stack)
    political: Counter[str] = Counter(state.political_stack + state.canvass + list(state.set_tiles.values()))
    for p in state.players:
        possessions.update(p.possessions)
        political.update(t for t, _ in p.grid.values())
        if p.drawn_tile:
            political[p.drawn_tile] += 1
    possessions.update(t for t in state.removed if t in DATA.possessions)
    political.update(t for t in state.removed if t in DATA.political)
    return possessions, political


def violations(state: State) -> list[str]:
    found = []
    if card_piles(state) != expected_cards(state):
        found.append("cards not conserved")
    possessions, political = tile_piles(state)
    if "P" in state.competitions and possessions != Counter(list(DATA.possessions)):
        found.append("possession tiles not conserved")
    if "E" in state.competitions and political != Counter(list(DATA.political)):
        found.append("political tiles not conserved")
    for p in state.players:
        if p.votes > DATA.max_votes:
            found.append(f"seat {p.seat} has {p.votes} votes")
        places = list(p.markers.values())
        if len(set(places)) != len(places):
            found.append(f"seat {p.seat} has two markers on one space")
        if any(not (0 <= r < boards.ROWS and 0 <= c < boards.COLUMNS) for r, c in places):
            found.append(f"seat {p.seat} has a marker off the grid")
        if p.possessions and p.money < 0:
            found.append(f"seat {p.seat} is in debt while owning possessions")
        if len(p.board) > DATA.black_slots:
            found.append(f"seat {p.seat} has {len(p.board)} black cards on the board")
    return found


def playout(players: int, combo: list[str], seed: int) -> Record:
    record = Record(players, combo, seed)
    rng = random.Random(seed)
    state = GAME.new(players, seed, {"competitions": combo})
    for _ in range(20_000):
        due = GAME.to_act(state)
        if not due:
            break
        seat = min(due)
        move = bots.random(GAME, state, seat, rng)
        if isinstance(move, (Play, Board)):
            record.played.add(move.card)
        elif isinstance(move, Use):
            record.used.add(move.card)
        state = GAME.apply(state, seat, move)
        record.log.append((seat, move))
        for problem in violations(state):
            record.problems.append(f"after move {len(record.log)} ({move}): {problem}")
    record.final = state
    return record


@pytest.fixture(scope="module")
def games() -> list[Record]:
    return [
        playout(players, combo, seed)
        for players in range(2, 6)
        for combo in COMBINATIONS
        for seed in range(SEEDS)
    ]


def test_random_games_keep_every_invariant(games: list[Record]) -> None:
    problems = [f"{g.players}p {g.combo} seed {g.seed}: {p}" for g in games for p in g.problems]
    assert not problems, problems[:10]


def test_every_card_in_the_data_is_played(games: list[Record]) -> None:
    played = set().union(*(g.played for g in games))
    used = set().union(*(g.used for g in games))
    assert {c.slug for c in DATA.cards.values()} - played == set()
    with_action = {c.slug for c in DATA.cards.values() if c.border == "black" and c.action is not None}
    assert with_action - used == set()


def _replay_checking(record: Record, check) -> None:
    state = GAME.new(record.players, record.seed, {"competitions": record.combo})
    for seat, move in record.log:
        check(state, seat, move)
        state = GAME.apply(state, seat, move)


def test_illegal_moves_raise_and_change_nothing(games: list[Record]) -> None:
    strangers: list[Move] = [Done(), Place("no-such-space"), Play("no-such-card")]

    def check(state: State, seat: int, _: Move) -> None:
        before = [GAME.view(state, s) for s in range(state.players_count)]
        legal = set(GAME.legal(state, seat))
        for move in strangers:
            if move in legal:
                continue
            with pytest.raises(IllegalMove):
                GAME.apply(state, seat, move)
        other = (seat + 1) % state.players_count
        with pytest.raises(IllegalMove):
            GAME.apply(state, other, next(iter(legal)))
        assert [GAME.view(state, s) for s in range(state.players_count)] == before

    for g in games[::80]:
        _replay_checking(g, check)


def test_a_reply_with_a_bad_line_applies_nothing_and_names_the_line(games: list[Record]) -> None:
    g = games[5]
    state = GAME.new(g.players, g.seed, {"competitions": g.combo})
    seat, first = g.log[0]
    before = GAME.view(state, seat)
    with pytest.raises(MoveError) as info:
        GAME.parse(f"{GAME.format(first)}\nplay the-banjo", state, seat)
    assert info.value.line == "play the-banjo"
    assert GAME.view(state, seat) == before
