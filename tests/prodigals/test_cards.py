"""Card and tile mechanics beyond the worked examples: wild symbols, bonus tiles, sale triggers."""

from __future__ import annotations

from engine.prodigals import boards
from engine.prodigals.data import DATA
from engine.prodigals.effects import Resolver, owned_symbols
from engine.prodigals.moves import Bonus, Option, Play, Sell, Shift, Stop, Tile, Wild
from tests.prodigals.scenario import GAME, action_turn, give, markers, on_board, play

OPEN = dict(gent1=(10, "left"), lady1=(12, "centre"), gent2=(12, "right"), lady2=(14, "right"))
"""Markers on spaces without a symbol, each free to move down."""


def test_wild_symbols_are_fixed_when_first_counted() -> None:
    state = action_turn()
    markers(state, 0, **OPEN)
    state.players[0].circles = {}
    state.players[0].wild = []  # holds the renaissance man
    give(state, 0, "S05", "S06")  # Kennel Gossip (per dog), Ride Through the Garden Party (per horse)
    state = play(state, 0, Play("kennel-gossip"), Wild(2), Shift("gent1", "down"), Shift("gent1", "down"))
    player = state.players[0]
    assert player.wild == ["dog", "dog"] and owned_symbols(player, "dog") == 2
    assert state.pending is None
    state = play(state, 0, Play("ride-through-the-garden-party"))
    assert state.pending is None and owned_symbols(state.players[0], "horse") == 0  # nothing left to fix


def test_closed_circle_bonus_tile_gives_five_benefits_once() -> None:
    state = action_turn()
    player = state.players[0]
    tile = next(t.id for t in DATA.bonus_tiles if t.passive)
    state.bonus_tiles.remove(tile)
    player.bonus = [tile]
    player.grid = {(0, 0): ("PC_II11", 0), (1, 0): ("PC_II11", 1), (0, 1): ("PC_II11", 3)}
    votes = player.votes
    resolver = Resolver(state, 0, (Tile(1, 1, 2), *[Option(1)] * 5))
    resolver.place_tile("PC_II11")
    assert resolver.used == 6 and player.votes == votes - 5
    assert player.bonus == [] and tile in state.bonus_tiles


def test_bonus_tile_is_used_in_the_action_turn_and_returned() -> None:
    state = action_turn()
    markers(state, 0, **OPEN)
    tile = next(t for t in DATA.bonus_tiles if t.slug == "s-moves")
    state.bonus_tiles.remove(tile.id)
    state.players[0].bonus = [tile.id]
    before = boards.society_score(state.players[0])
    state = play(state, 0, Bonus("s-moves"), Shift("gent1", "down"), Stop())
    assert boards.society_score(state.players[0]) == before - 1
    assert state.players[0].bonus == [] and tile.id in state.bonus_tiles
    assert Bonus("s-moves") not in GAME.legal(state, 0)


def test_sale_triggers_discount_the_sale_then_fire() -> None:
    """Land Steward: -2 on sales in the indicated borough; Compulsive Gambler: spend 1 after any sale."""
    state = action_turn(4, ["possessions", "election", "society"])
    player = state.players[0]
    player.possessions, player.money = ["A5", "A4"], 0  # A5: art 5 Westminster
    state.borough = DATA.boroughs.index("Westminster")
    on_board(state, 0, "PB1", "PB5")
    give(state, 0, "P03")  # Hasty Sale: sell 1, no discount
    state = play(state, 0, Play("hasty-sale"), Sell("a5"))
    assert state.players[0].money == 5 - 1 - 2 - 1  # borough -1, Land Steward -2, then Gambler spends 1
