"""Every worked example of the spec's section 16 (T-1 … T-24), one named test each.

Examples marked *(reconstructed)* in the spec depend on the reconstructed
component data; their tests say so in the docstring.
"""

from __future__ import annotations

from engine.prodigals import boards, flow
from engine.prodigals.data import DATA
from engine.prodigals.effects import Resolver, possessions_score, scores
from engine.prodigals.moves import (
    Board, Column, Done, Drop, Exchange, Lmt, Option, Place, Play, Sell, Shift, Stop, Tile, Trigger, Use,
)
from tests.prodigals.scenario import GAME, action_turn, card, give, markers, new, on_board, play, resolve


def _by_position(state):
    return [state.players[seat] for seat in state.order]


def test_t1_disadvantages_four_players_election_society() -> None:
    """T-1; society scores 33/33/32/32 are reconstructed (start total 32, lady_2 on row 5)."""
    first, second, third, fourth = _by_position(new(4, ["election", "society"]))
    votes = DATA.setup[4]["starting_votes"]
    assert [p.votes - votes for p in (first, second, third, fourth)] == [2, 1, 1, 0]
    assert [boards.society_score(p) for p in (first, second, third, fourth)] == [33, 33, 32, 32]
    assert DATA.rows[first.markers["lady2"][0]] == 6


def test_t1b_disadvantages_five_players_all_three() -> None:
    state = new(5, ["possessions", "election", "society"])
    table = DATA.setup[5]
    got = [
        (p.money - table["starting_pounds"], p.votes - table["starting_votes"], boards.society_score(p) - 32)
        for p in _by_position(state)
    ]
    assert got == [(2, 1, 1), (1, 1, 1), (1, 1, 0), (1, 0, 0), (0, 0, 0)]


def _possession_state():
    state = action_turn(4, ["possessions", "election", "society"])
    player = state.players[0]
    player.money = 0
    return state, player


def test_t2_exchange_with_limit_three_pays_the_excess() -> None:
    state, player = _possession_state()
    player.possessions = ["PT8"]  # value 6
    state.board_tiles = ["PT1", "PT3", "PT5", "PT6"]  # PT1 value 1
    before = possessions_score(player)
    resolve(state, 0, {"op": "exchange", "limit": 3}, Exchange("pt8", "pt1"))
    assert player.money == 2 and player.possessions == ["PT1"]
    assert possessions_score(player) - before == -3
    assert "PT8" in state.board_tiles


def test_t2_exchange_within_the_limit_pays_nothing() -> None:
    state, player = _possession_state()
    player.possessions = ["PT7"]  # value 4
    state.board_tiles = ["PT3", "PT1"]  # PT3 value 2
    resolve(state, 0, {"op": "exchange", "limit": 3}, Exchange("pt7", "pt3"))
    assert player.money == 0 and player.possessions == ["PT3"]


def _hyde(megaphones: list[int], round_: int):
    state = new(len(megaphones), ["election", "society"])
    state.round = round_
    for player, count in zip(state.players, megaphones):
        player.megaphones, player.votes = count, 30
    flow._hyde_park(state)
    return [p.votes - 30 for p in state.players]


def test_t3_hyde_park_all_tied_all_gain_one_vote() -> None:
    assert _hyde([2, 2, 2, 2], 1) == [1, 1, 1, 1]


def test_t4_hyde_park_round_four_shared_first_and_third() -> None:
    """T-4; the 3rd-place loss of 2 in round 4 is reconstructed."""
    assert _hyde([4, 4, 3, 1], 4) == [-4, -4, -2, 1]


def test_t4b_hyde_park_five_players_round_two() -> None:
    """T-4b; the round-2 losses 3 and 2 are reconstructed."""
    assert _hyde([5, 4, 4, 2, 2], 2) == [-3, -2, -2, 1, 1]


def test_t5_at_the_pub_three_together_lose_six() -> None:
    state = action_turn()
    give(state, 0, "E02", "E02", "E10")
    votes = state.players[0].votes
    state = play(state, 0, Play("at-the-pub", 3))
    assert state.players[0].votes == votes - 6


def test_t5_at_the_pub_with_publicans_friend_lose_twelve() -> None:
    state = action_turn()
    give(state, 0, "E02", "E02", "E10")
    on_board(state, 0, "EB3")
    votes = state.players[0].votes
    state = play(state, 0, Play("at-the-pub", 3))
    assert state.players[0].votes == votes - 12


def _spend_with_lmt(effect, lmt_in_hand: int, added: int) -> tuple[int, int]:
    state, player = _possession_state()
    player.money = 20
    give(state, 0, *(["P01"] * min(lmt_in_hand, 3) + ["P09"] * max(0, lmt_in_hand - 3)))
    choices = (Lmt(added),) if lmt_in_hand else ()
    resolve(state, 0, effect, *choices)
    return 20 - player.money, len(player.hand)


def test_t6_a_little_more_time_on_the_personal_space() -> None:
    space = next(s for s in DATA.sides[("P", "4-5")].spaces if s.id == "P_spendthrift")
    assert _spend_with_lmt(space.effect, 0, 0) == (1, 0)
    assert _spend_with_lmt(space.effect, 2, 2) == (3, 0)  # both LMT cards are discarded


def test_t6_a_little_more_time_spend_two_plus_two() -> None:
    champagne = card("P06").effect
    assert _spend_with_lmt(champagne, 1, 1) == (4, 0)
    assert _spend_with_lmt(champagne, 3, 3) == (8, 0)
    assert _spend_with_lmt(champagne, 3, 1) == (4, 2)  # unused LMT cards stay in hand


def _sell(tiles: list[str], effect, *choices, indicated: str = "") -> int:
    state, player = _possession_state()
    player.possessions = list(tiles)
    if indicated:
        state.borough = DATA.boroughs.index(indicated)
    else:  # a borough none of the tiles is in
        used = {DATA.possessions[t].borough for t in tiles}
        state.borough = next(i for i, b in enumerate(DATA.boroughs) if b not in used)
    resolve(state, 0, effect, *choices)
    return player.money


def test_t7_sale_in_the_indicated_borough_with_discount_two() -> None:
    assert _sell(["A5", "A1"], {"op": "sell", "count": 1, "discount": 2}, Sell("a5"), indicated="Westminster") == 2


def test_t7_sale_price_never_below_zero() -> None:
    assert _sell(["A1", "A4"], {"op": "sell", "count": 1, "discount": 2}, Sell("a1")) == 0


def test_t7_sell_two_applies_the_discount_to_each_sale() -> None:
    # B5 (5) and B6 (5), in Chelsea and Mayfair; the borough marker elsewhere.
    assert _sell(["B5", "B6"], card("P11").effect, Sell("b5"), Sell("b6")) == 8
    assert _sell(["B5", "B6"], card("P11").effect, Sell("b5"), Stop()) == 4


def test_t8_no_debt_while_possessions_remain() -> None:
    state, player = _possession_state()
    player.money, player.possessions = 3, ["A1", "A2"]
    resolve(state, 0, {"op": "spend", "n": 4})
    assert player.money == 0


def test_t8_debt_without_possessions() -> None:
    state, player = _possession_state()
    player.money, player.possessions = 3, []
    resolve(state, 0, {"op": "spend", "n": 4})
    assert player.money == -1 and possessions_score(player) == -1


def test_t9_symbols_are_counted_once_before_moving() -> None:
    """T-9; the dog space on row 9 left is reconstructed."""
    state = action_turn(4, ["possessions", "society"])
    player = state.players[0]
    player.possessions = ["A1"]  # one dog
    markers(state, 0, gent1=(10, "left"), lady1=(12, "centre"), gent2=(12, "right"), lady2=(14, "right"))
    on_board(state, 0, "SB6")  # Scandal Sheet: 1 down move per dog
    state = play(state, 0, Use("scandal-sheet"), Shift("gent1", "down"))
    player = state.players[0]
    assert state.pending is None, "only one move: the dog gained by moving does not count"
    assert DATA.rows[player.markers["gent1"][0]] == 9
    assert Resolver(state, 0, ()).player is player and _dogs(player) == 2
    # Next round, still owning two dogs: two moves, the first may leave the dog space.
    player.used.clear()
    state = play(state, 0, Use("scandal-sheet"), Shift("gent1", "down"))
    assert state.pending is not None and Shift("gent1", "down") in state.pending.prompt.options


def _dogs(player) -> int:
    from engine.prodigals.effects import owned_symbols

    return owned_symbols(player, "dog")


def test_t10_no_card_between_the_moves_of_one_effect() -> None:
    state = action_turn()
    give(state, 0, "S01", "S05")  # Rude Remark (3 down), Kennel Gossip (per dog)
    state = play(state, 0, Play("rude-remark"), Shift("gent1", "down"))
    kinds = {type(m) for m in GAME.legal(state, 0)}
    assert kinds == {Shift, Stop}
    state = play(state, 0, Stop())
    assert Play("kennel-gossip") in GAME.legal(state, 0)


def _grid(*cells):
    return {(x, y): (tile, turn) for x, y, tile, turn in cells}


def test_t11_political_matching() -> None:
    """T-11 with reconstructed tiles: PC_S3 shows dog on its east edge."""
    grid = _grid((0, 0, "PC_S3", 0))
    assert boards.fit(grid, "PC_I3", 1, 0, 0) == ["dog"]  # west '?' against dog
    assert boards.fit(grid, "PC_II6", 1, 0, 0) == ["dog"]  # west dog against dog
    assert boards.fit(grid, "PC_I1", 1, 0, 0) is None  # west blank against dog
    question = _grid((0, 0, "PC_S1", 0))  # east '?'
    assert boards.fit(question, "PC_I3", 1, 0, 0) is None  # '?' against '?'
    blank = _grid((0, 0, "PC_I1", 0))  # east blank
    assert boards.fit(blank, "PC_I1", 1, 0, 0) == []  # blank against blank: legal, nothing


def _votes_after_closing(cells, last, *choices):
    state = action_turn()
    player = state.players[0]
    player.grid = _grid(*cells)
    votes = player.votes
    resolver = Resolver(state, 0, (Tile(*last),) + tuple(choices))
    resolver.place_tile("PC_II11")
    assert resolver.used == 1 + len(choices)
    return votes - player.votes


def test_t12_closed_circle_gives_two_benefits() -> None:
    cells = [(0, 0, "PC_II11", 0), (1, 0, "PC_II11", 1), (0, 1, "PC_II11", 3)]
    assert _votes_after_closing(cells, (1, 1, 2), Option(1), Option(1)) == 2


def test_t12_a_three_by_two_rectangle_closes_two_circles() -> None:
    cells = [
        (0, 0, "PC_II11", 0), (1, 0, "PC_II11", 1), (2, 0, "PC_II11", 1),
        (0, 1, "PC_II11", 3), (2, 1, "PC_II11", 2),
    ]
    assert _votes_after_closing(cells, (1, 1, 3), *[Option(1)] * 4) == 4


def _beatrice(tile, **where):
    state = new(4, ["election", "society"])
    markers(state, 0, **where)
    blocked = flow.beatrice_move(state.players[0], tile)
    rows = {m: DATA.rows[r] for m, (r, _) in state.players[0].markers.items()}
    return state, rows, blocked


def test_t13_same_row_moves_all_four_up() -> None:
    _, rows, blocked = _beatrice(
        "DB_same_row", gent1=(10, "left"), lady1=(10, "right"), gent2=(7, "left"), lady2=(7, "centre")
    )
    assert rows == {"gent1": 11, "lady1": 11, "gent2": 8, "lady2": 8} and blocked == 0


def test_t13_same_row_spares_distinct_rows() -> None:
    _, rows, blocked = _beatrice(
        "DB_same_row", gent1=(10, "left"), lady1=(9, "right"), gent2=(8, "left"), lady2=(7, "centre")
    )
    assert rows == {"gent1": 10, "lady1": 9, "gent2": 8, "lady2": 7} and blocked == 0


def test_t14_dame_beatrice_blocked_marker_owes_another_move_up() -> None:
    state = new(4, ["election", "society"])
    markers(state, 0, gent1=(12, "left"), lady1=(14, "left"), lady2=(8, "right"), gent2=(2, "centre"))
    for seat in range(1, 4):
        state.players[seat].spaces.append("S_beatrice")  # the other seats are immune
    state.beatrice = "DB_rows_6_12"
    flow._dame_beatrice(state)
    player = state.players[0]
    assert DATA.rows[player.markers["lady2"][0]] == 9 and DATA.rows[player.markers["gent1"][0]] == 12
    assert state.owed == {0: 1}
    state.phase, state.turn = "compensation", -1
    flow._next_owed(state)
    options = set(GAME.legal(state, 0))
    assert {Shift("gent2", "up"), Shift("lady2", "up")} <= options and Shift("gent1", "up") not in options
    state = play(state, 0, Shift("gent2", "up"))
    assert DATA.rows[state.players[0].markers["gent2"][0]] == 3


def test_t15_turn_order_claims_then_previous_order() -> None:
    yellow, green, red, blue = 0, 1, 2, 3
    assert flow.next_turn_order([yellow, green, red, blue], {1: red, 2: blue}) == [red, blue, yellow, green]


def test_t16_a_score_that_rises_again_does_not_end_the_game() -> None:
    state = new(4, ["election", "society"])
    for player in state.players:
        player.megaphones = 2
    state.players[0].votes, state.players[0].megaphones = 0, 0
    flow._hyde_park(state)
    assert state.players[0].votes == 1
    assert not flow.game_over(state)


def test_t17_final_score_tie_broken_by_second_highest() -> None:
    state = new(2, ["possessions", "election", "society"])
    a, b = state.players
    a.money, a.possessions, a.votes = 10, [], 12
    b.money, b.possessions, b.votes = 12, [], 5
    markers(state, 0, gent1=(5, "left"), lady1=(2, "left"), gent2=(1, "left"), lady2=(0, "left"))  # 8
    markers(state, 1, gent1=(5, "left"), lady1=(3, "left"), gent2=(2, "left"), lady2=(1, "left"))  # 11
    assert scores(state, a) == {"P": 10, "E": 12, "S": 8} and scores(state, b) == {"P": 12, "E": 5, "S": 11}
    state.phase = "over"
    result = GAME.result(state)
    assert result.scores == [12, 12] and result.ranks == [1, 2] and result.lowest_wins


def test_t18_central_card_two_errand_boys_one_placed_last() -> None:
    state = new(2, ["election", "society"])
    a, b = state.order
    assert state.players[a].boys == 5
    placers = []
    state = play(state, a, Place("central-card"))
    placers.append(a)
    assert state.players[a].boys == 3 and state.players[a].hand
    while state.phase == "errands":
        seat = next(iter(GAME.to_act(state)))
        if state.pending is None:
            placers.append(seat)
            move = GAME.legal(state, seat)[0]
        else:
            options = GAME.legal(state, seat)
            move = next((m for m in options if isinstance(m, Stop)), options[-1])
        state = GAME.apply(state, seat, move)
    assert placers == [a, b, a, b, a, b, a, b, b, a]
    assert len(state.players[a].spaces) == 5 and len(state.players[b].spaces) == 5


def test_t19_repeated_choice_may_repeat_a_no_op_option() -> None:
    """T-19 with the reconstructed Gaudy Party (x3: spend 2 | 1 down move)."""
    state = action_turn(4, ["possessions", "society"])
    player = state.players[0]
    player.money = 1
    give(state, 0, "C_PS_W1")
    society = boards.society_score(player)
    state = play(state, 0, Play("gaudy-party"), Option(1), Option(1), Option(2), Shift("gent1", "down"))
    player = state.players[0]
    assert player.money == 0 and boards.society_score(player) == society - 1 and state.pending is None


def test_t20_triggers_fire_after_the_card() -> None:
    """T-20 with reconstructed cards Whig Baiter, Rabble-Rouser, Town Crier, Champion the Mill Owners."""
    state = action_turn()
    on_board(state, 0, "EB2", "EB8", "SB1")
    give(state, 0, "E13")
    votes = state.players[0].votes
    state = play(state, 0, Play("champion-the-mill-owners"))
    assert state.players[0].votes == votes - 2 and state.players[0].megaphones == 1  # the card first
    state = play(state, 0, Trigger("whig-baiter"), Trigger("rabble-rouser"), Shift("gent1", "down"))
    player = state.players[0]
    assert player.votes == votes - 4 and player.megaphones == 1 and state.pending is None


def test_t20_town_crier_silent_when_the_megaphone_option_was_not_chosen() -> None:
    state = action_turn()
    on_board(state, 0, "EB2", "EB8", "SB1")
    give(state, 0, "E08")
    votes = state.players[0].votes
    state = play(state, 0, Play("pamphlet-fiasco"), Option(1))
    assert state.pending is None and state.players[0].votes == votes - 3 and state.players[0].megaphones == 0


def test_t21_two_gentlemen_in_one_column_move_lowest_first() -> None:
    state = action_turn()
    markers(state, 0, gent1=(9, "centre"), gent2=(8, "centre"), lady1=(10, "left"), lady2=(4, "right"))
    give(state, 0, "S13")
    before = boards.society_score(state.players[0])
    state = play(state, 0, Play("gentlemens-walkout"), Column("centre"))
    assert state.pending.prompt.options[0] == Drop("gent2", 2)  # the lower one asks first
    state = play(state, 0, Drop("gent2", 2), Drop("gent1", 2))
    rows = {m: DATA.rows[r] for m, (r, _) in state.players[0].markers.items()}
    assert rows["gent2"] == 6 and rows["gent1"] == 7
    assert boards.society_score(state.players[0]) == before - 4


def test_t22_a_white_card_for_its_trigger_only() -> None:
    state = action_turn()
    markers(state, 0, gent1=(10, "left"), lady1=(12, "centre"), gent2=(12, "right"), lady2=(14, "right"))
    state.players[0].circles = {}
    on_board(state, 0, "EB2")
    give(state, 0, "E06")
    votes = state.players[0].votes
    assert Play("ridiculous-promise") in GAME.legal(state, 0)
    state = play(state, 0, Play("ridiculous-promise"))
    assert state.players[0].votes == votes - 1


def test_t23_conversion_at_the_vote_cap() -> None:
    state = action_turn()
    state.players[0].votes = DATA.max_votes
    on_board(state, 0, "C_ES_B3")
    state = play(state, 0, Use("double-life"))
    # Only "move a marker up, then lose 2 votes" remains, so no option is asked: the up move is.
    assert {type(m) for m in GAME.legal(state, 0)} == {Shift}
    assert all(m.direction == "up" for m in GAME.legal(state, 0))
    state = play(state, 0, GAME.legal(state, 0)[0])
    assert state.players[0].votes == DATA.max_votes - 2


def test_t24_black_cards_give_no_symbols() -> None:
    state = action_turn(4, ["possessions", "election", "society"])
    player = state.players[0]
    player.possessions, player.circles = ["A1"], {}  # one dog
    markers(state, 0, gent1=(10, "left"), lady1=(12, "centre"), gent2=(12, "right"), lady2=(14, "right"))
    on_board(state, 0, "EB1")
    give(state, 0, "S05")
    state = play(state, 0, Play("kennel-gossip"), Shift("gent1", "down"))
    assert state.pending is None  # one move only
    assert Done() in GAME.legal(state, 0) and Board("kennel-gossip") not in GAME.legal(state, 0)
