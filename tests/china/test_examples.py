"""Every worked example of rules section 15, one named test each."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.china import flow
from engine.china.moves import Draw, Exchange, Pass, Place, Play
from engine.china.scoring import alliance_points, province_points, road_score
from engine.china.state import DRAW, OVER, PLACE

JENO, ANITA, PETER, KRISZTINA = 0, 1, 2, 3


def play(china, state, seat, *moves):
    for move in moves:
        china.apply(state, seat, move)
    return state


def is_legal(china, state, seat, *moves) -> bool:
    """Whether the steps can be taken one after another (tried on a copy)."""
    work = china.clone(state)
    for move in moves:
        if move not in china.legal(work, seat):
            return False
        china.apply(work, seat, move)
    return True


# --- 15.1 rulebook examples ---------------------------------------------------


def test_r1_opening_an_empty_province_allows_one_piece(china, scenario) -> None:
    sc = scenario().hand(JENO, "P R R").to_move(JENO)
    state = sc.state
    assert is_legal(china, state, JENO, Play(("red",)), Place("wei", "pagoda", "wei-1"))
    assert not is_legal(china, state, JENO, Play(("red",)), Place("wei", "emissary"))
    work = china.clone(state)
    china.apply(work, JENO, Play(("red", "red")))
    assert not any(isinstance(m, Place) and m.province == "wei" for m in china.legal(work, JENO))
    play(china, state, JENO, Play(("red",)), Place("wei", "pagoda", "wei-1"))
    assert state.phase == DRAW and sum(state.hands[JENO]) == 2
    china.apply(state, JENO, Draw("deck"))
    assert sum(state.hands[JENO]) == 3 and state.current == ANITA


def test_r2_joker_pays_for_the_second_piece(china, scenario) -> None:
    sc = scenario().pagoda("wei-1", JENO).hand(ANITA, "R G G").to_move(ANITA)
    state = sc.state
    cards = Play(("green", "green", "red"))
    pagoda2, pagoda3, emissary = (Place("wei", "pagoda", "wei-2"), Place("wei", "pagoda", "wei-3"),
                                  Place("wei", "emissary"))
    assert is_legal(china, state, ANITA, cards, pagoda2, pagoda3)
    assert is_legal(china, state, ANITA, cards, pagoda2, emissary)
    assert is_legal(china, state, ANITA, cards, emissary, pagoda2)
    assert not is_legal(china, state, ANITA, cards, emissary, emissary)


def test_r3_three_cards_but_room_for_two_pieces(china, scenario) -> None:
    sc = scenario().pagodas("chin", {ANITA: 2, KRISZTINA: 1}).pagodas("qi", {ANITA: 1, JENO: 1})
    state = sc.hand(PETER, "Y Y Y").to_move(PETER).state
    assert Play(("yellow", "yellow", "yellow")) not in china.legal(state, PETER)
    assert is_legal(china, state, PETER, Play(("yellow", "yellow")), Place("chin", "pagoda", "chin-4"),
                    Place("chin", "emissary"))
    assert is_legal(china, state, PETER, Play(("yellow", "yellow")), Place("qi", "emissary"),
                    Place("qi", "pagoda", "qi-3"))
    work = play(china, china.clone(state), PETER, Play(("yellow", "yellow")), Place("wei", "pagoda", "wei-1"))
    assert work.phase == DRAW, "a joker pays for one piece only"
    assert work.hands[PETER][flow.COLOUR_INDEX["yellow"]] == 1, "the unused yellow card stays in hand"
    work = play(china, china.clone(state), PETER, Play(("yellow", "yellow")), Place("chin", "pagoda", "chin-4"))
    assert work.phase == PLACE, "two yellow cards for Ch'in are two naturals, never a joker"


def test_r4_emissary_limit_is_the_largest_single_pagoda_count(scenario) -> None:
    sc = scenario().pagodas("zhao", {3: 3, 2: 2})
    assert sc.state.emissary_limit(sc.province("zhao")) == 3


def test_r5_emissaries_up_to_the_limit(china, scenario) -> None:
    sc = scenario().pagodas("chu", {ANITA: 4, PETER: 2}).emissaries("chu", PETER, 2)
    state = sc.hand(JENO, "P O O").to_move(JENO).state
    play(china, state, JENO, Play(("orange", "orange", "purple")), Place("chu", "emissary"), Place("chu", "emissary"))
    assert sum(state.emissaries_in[sc.province("chu")]) == 4
    assert state.pagodas_in[sc.province("chu")][JENO] == 0
    assert (flow.EMISSARY, -1) not in flow.candidate_pieces(state, ANITA, sc.province("chu"))


def test_r6_tied_leaders_set_the_limit(china, scenario) -> None:
    sc = scenario().pagodas("chin", {ANITA: 2, KRISZTINA: 2})
    state = sc.hand(JENO, "Y Y O").to_move(JENO).state
    cards = Play(("yellow", "yellow"))
    emissary, pagoda = Place("chin", "emissary"), Place("chin", "pagoda", "chin-5")
    assert is_legal(china, state, JENO, cards, emissary, emissary)
    assert is_legal(china, state, JENO, cards, emissary, pagoda)
    assert is_legal(china, state, JENO, cards, pagoda, emissary)
    assert is_legal(china, state, JENO, cards, pagoda, Place("chin", "pagoda", "chin-6"))


def test_r7_no_emissary_without_pagodas(china, scenario) -> None:
    state = scenario().hand(JENO, "P P R").to_move(JENO).state
    assert not is_legal(china, state, JENO, Play(("purple",)), Place("chu", "emissary"))
    with pytest.raises(IllegalMove, match="emissar"):
        play(china, china.clone(state), JENO, Play(("purple",)), Place("chu", "emissary"))


@pytest.mark.parametrize("side, sites", [
    ("side-3", ["chin-1", "chin-3", "chin-4", "shu-1", "shu-2", "chin-5"]),
    ("side-5", ["chin-2", "chin-3", "chin-4", "shu-1", "shu-2", "chin-5"]),
])
def test_r8_road_chain_with_a_branch_scores_five(scenario, side, sites) -> None:
    sc = scenario(side=side)
    for site in sites:
        sc.pagoda(site, KRISZTINA)
    assert flow.roads_of(sc.state, KRISZTINA).value == 5


def test_r9_fortress_and_pagoda_in_one_turn(china, scenario) -> None:
    sc = scenario(fortresses=True).pagoda("qi-1", ANITA)
    state = sc.hand(JENO, "Y Y Y").to_move(JENO).state
    assert Play(("yellow", "yellow", "yellow")) not in china.legal(state, JENO)
    play(china, state, JENO, Play(("yellow", "yellow")), Place("qi", "fortress", "qi-2"), Place("qi", "pagoda", "qi-2"))
    s = sc.site("qi-2")
    assert state.owner[s] == JENO and state.fortress[s] and state.supply_fortresses[JENO] == 0
    assert state.hands[JENO][flow.COLOUR_INDEX["yellow"]] == 1 and state.phase == DRAW


def test_r9_a_bare_fortress_may_be_topped_by_anyone(china, scenario) -> None:
    sc = scenario(fortresses=True).pagoda("qi-1", ANITA).fortress("qi-2", JENO)
    state = sc.hand(ANITA, "Y O O").to_move(ANITA).state
    play(china, state, ANITA, Play(("yellow",)), Place("qi", "pagoda", "qi-2"))
    assert flow.fortified_in(state, sc.province("qi"))[ANITA]


def test_r10_fortified_pagoda_doubles_province_and_chain(scenario) -> None:
    sc = scenario(fortresses=True).pagodas("han", {ANITA: 2, JENO: 1})
    sc.pagoda(sc.sites_of("han")[3], JENO, fortified=True)
    points = province_points(sc.state.pagodas_in[sc.province("han")], flow.fortified_in(sc.state, sc.province("han")))
    assert points[JENO] == 8 and points[ANITA] == 4


# --- 15.2 constructed vectors ---------------------------------------------------


def test_c1_province_scoring_with_ties() -> None:
    assert province_points([3, 3, 1, 1], [False] * 4) == [8, 8, 3, 3]


def test_c2_three_ranks_then_fortress() -> None:
    assert province_points([4, 2, 1], [False] * 3) == [7, 4, 2]
    assert province_points([4, 2, 1], [True, False, False]) == [14, 4, 2]
    assert province_points([4, 2, 1], [False, True, False]) == [7, 8, 2]


def test_c3_five_players() -> None:
    assert province_points([2, 2, 1, 1, 1], [False] * 5) == [7, 7, 2, 2, 2]


def test_c4_filling_mid_turn_scores_before_the_next_piece(china, scenario) -> None:
    a, b, c = 0, 1, 2
    sc = scenario().pagodas("han", {a: 2, b: 1, c: 1})
    state = sc.hand(b, "G G R").to_move(b).state
    han = sc.province("han")
    last = sc.sites_of("han")[4]
    play(china, state, b, Play(("green", "green")), Place("han", "pagoda", last))
    assert state.scored[han]
    assert state.points["provinces"][:3] == [5, 5, 2]
    china.apply(state, b, Place("han", "emissary"))
    assert state.emissaries_in[han][b] == 1


def test_c5_partly_filled_province_scores_pagodas_present(scenario) -> None:
    sc = scenario(players=3, side="side-3").pagodas("chu", {0: 2, 1: 1})
    flow.final_scoring(sc.state)
    assert sc.state.points["provinces"] == [3, 2, 0]


def test_c6_alliance_with_shared_majority() -> None:
    assert alliance_points([2, 2, 1], [1, 0, 1]) == [7, 0, 0]


def test_c7_empty_court_gives_nobody_the_alliance() -> None:
    assert alliance_points([1, 0], [0, 0]) == [0, 0]


def test_c8_several_alliances_from_one_province(scenario) -> None:
    sc = scenario().emissaries("wei", 0, 3).emissaries("wei", 1, 1).emissaries("chu", 0, 2).emissaries("lu", 0, 1)
    flow.final_scoring(sc.state)
    assert sc.state.points["alliances"] == [11, 0, 0, 0]


def _graph(edges: list[tuple[str, str]]) -> tuple[list[str], list[list[int]]]:
    names = sorted({v for e in edges for v in e})
    index = {n: i for i, n in enumerate(names)}
    neighbours: list[list[int]] = [[] for _ in names]
    for a, b in edges:
        neighbours[index[a]].append(index[b])
        neighbours[index[b]].append(index[a])
    return names, neighbours


def _greedy_longest_first(neighbours: list[list[int]], own: set[int]) -> int:
    """The wrong method the rules warn about: take the longest chain, remove it, repeat."""
    total, left = 0, set(own)
    while True:
        best: tuple[int, ...] = ()
        stack = [(v,) for v in sorted(left)]
        while stack:
            path = stack.pop()
            if len(path) > len(best):
                best = path
            stack.extend(path + (w,) for w in neighbours[path[-1]] if w in left and w not in path)
        if len(best) < 4:
            return total
        total += len(best)
        left -= set(best)


def _road_value(edges: list[tuple[str, str]], fortified: tuple[str, ...] = ()) -> tuple[int, int]:
    names, neighbours = _graph(edges)
    own = set(range(len(names)))
    exact = road_score(own, neighbours, [names.index(f) for f in fortified]).value
    return exact, _greedy_longest_first(neighbours, own)


def test_c9_two_rows_joined_by_a_cross_road_score_eight_where_greedy_gets_six() -> None:
    rows = [("a1", "a2"), ("a2", "a3"), ("a3", "a4"), ("b1", "b2"), ("b2", "b3"), ("b3", "b4"), ("a2", "b2")]
    assert _road_value(rows) == (8, 6)


def test_c10_star_scores_eleven_where_greedy_gets_eight() -> None:
    arms = [("h", "x1"), ("x1", "x2"), ("x2", "x3"), ("h", "y1"), ("y1", "y2"), ("y2", "y3"),
            ("h", "z1"), ("z1", "z2"), ("z2", "z3"), ("z3", "z4")]
    assert _road_value(arms) == (11, 8)


def test_c11_short_exact_cyclic_and_fortified_chains() -> None:
    path = [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")]
    assert _road_value(path[:2])[0] == 0
    assert _road_value(path[:3])[0] == 4
    assert _road_value(path + [("e", "a")])[0] == 5
    assert _road_value(path[:3], fortified=("b",))[0] == 8


def test_c12_fortress_changes_the_best_packing() -> None:
    row = [("f", "a"), ("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("x", "b")]
    assert _road_value(row, fortified=("x",))[0] == 10
    assert _road_value(row)[0] == 6


def test_c13_interrupted_row_scores_nothing(scenario) -> None:
    names, neighbours = _graph([("s1", "s2"), ("s2", "s3"), ("s3", "s4"), ("s4", "s5")])
    own = {names.index(s) for s in ("s1", "s2", "s4", "s5")}
    assert road_score(own, neighbours).value == 0


@pytest.mark.parametrize("cards, pieces", [
    ("R", 1), ("G G", 1), ("R R", 2), ("R P P", 2), ("R O O", 2),
    ("R R R", 0), ("R G", 0), ("G O", 0), ("P P P", 0),
])
def test_c14_funding_table_for_wei(cards, pieces) -> None:
    letters = {"Y": 0, "O": 1, "G": 2, "R": 3, "P": 4}
    played = tuple(sorted(flow.COLOUR_INDEX[flow.COLOURS[letters[c]]] for c in cards.split()))
    assert flow.pieces_funded(played, flow.COLOUR_INDEX["red"]) == pieces


def test_c14_two_reds_for_wei_are_two_pieces_never_one(china, scenario) -> None:
    state = scenario().pagoda("wei-1", 0).hand(1, "R R Y").to_move(1).state
    play(china, state, 1, Play(("red", "red")), Place("wei", "pagoda", "wei-2"))
    assert state.phase == PLACE, "no surplus card: R R for Wei must place a second piece"


def test_c15_emissary_order_matters(china, scenario) -> None:
    a, b = 0, 1
    base = scenario().pagoda("wei-1", a).emissaries("wei", 2, 1)
    state = base.hand(b, "R R Y").hand(a, "R R Y").state
    cards = Play(("red", "red"))
    as_b = china.clone(state)
    as_b.current = b
    with pytest.raises(IllegalMove):
        play(china, as_b, b, cards, Place("wei", "pagoda", "wei-2"), Place("wei", "emissary"))
    state.current = a
    assert is_legal(china, state, a, cards, Place("wei", "pagoda", "wei-2"), Place("wei", "emissary"))
    assert not is_legal(china, state, a, cards, Place("wei", "emissary"))


def _deck_of(state, n: int) -> None:
    """Leave n cards in the deck; the rest of it goes to the discard pile."""
    while len(state.deck) > n:
        state.discard[state.deck.pop()] += 1


def _discards_of(state, n: int) -> None:
    """Leave n cards on the discard pile; the rest leaves the game (counted as removed)."""
    for colour in range(len(state.discard)):
        while sum(state.discard) > n and state.discard[colour]:
            state.discard[colour] -= 1
            state.removed[colour] += 1


@pytest.mark.parametrize("deck_first", [False, True])
def test_c16_first_exhaustion_mid_draw_reshuffles_the_discards(china, scenario, deck_first) -> None:
    state = scenario(players=3, side="side-3").hand(1, "G G R").to_move(1).state
    _deck_of(state, 1)
    _discards_of(state, 10)
    play(china, state, 1, Play(("green", "green")), Place("wei", "pagoda", "wei-1"))
    assert sum(state.discard) == 12
    shown = next(flow.COLOURS[c] for c in state.display if c is not None)
    if deck_first:
        china.apply(state, 1, Draw("deck"))
        assert state.exhaustions == 1 and len(state.deck) == 12 and None not in state.display
        china.apply(state, 1, Draw(shown))
    else:
        china.apply(state, 1, Draw(shown))
        china.apply(state, 1, Draw("deck"))
    assert state.exhaustions == 1 and len(state.deck) == 11 and None not in state.display
    assert sum(state.discard) == 0 and sum(state.hands[1]) == 3


@pytest.mark.parametrize("trigger_seat, more_turns", [(1, [2, 3]), (3, []), (0, [1, 2, 3])])
def test_c17_second_exhaustion_finishes_the_round(china, scenario, trigger_seat, more_turns) -> None:
    state = scenario().to_move(trigger_seat).state
    state.exhaustions = 1
    _deck_of(state, 1)
    discard = next(flow.COLOURS[c] for c, n in enumerate(state.hands[trigger_seat]) if n)
    china.apply(state, trigger_seat, Exchange(discard, "deck"))
    assert state.exhaustions == 2 and state.end_triggered
    for seat in more_turns:
        assert china.to_act(state) == {seat}
        assert all(not (isinstance(m, (Exchange, Draw)) and "deck" in china.format(m)) for m in china.legal(state, seat))
        shown_before = [c for c in state.display if c is not None]
        move = next(m for m in china.legal(state, seat) if isinstance(m, Exchange))
        china.apply(state, seat, move)
        assert len([c for c in state.display if c is not None]) == len(shown_before) - 1, "no refill"
    assert china.to_act(state) == set() and state.phase == OVER
    assert china.result(state) is not None


@pytest.mark.parametrize("start_player, trigger_seat, more_turns", [(3, 3, [0, 1]), (3, 1, []), (2, 1, [2, 3, 0])])
def test_d19_the_final_round_ends_before_the_start_player_chosen(china, start_player, trigger_seat,
                                                                   more_turns) -> None:
    """C17 with the Emperor elsewhere: the round ends with the start player's right-hand neighbour."""
    state = china.new(4, 7, {"start_player": start_player})
    assert (state.start, china.to_act(state)) == (start_player - 1, {start_player - 1})
    state.current, state.exhaustions = trigger_seat, 1
    _deck_of(state, 1)
    discard = next(flow.COLOURS[c] for c, n in enumerate(state.hands[trigger_seat]) if n)
    china.apply(state, trigger_seat, Exchange(discard, "deck"))
    for seat in more_turns:
        assert china.to_act(state) == {seat}
        china.apply(state, seat, next(m for m in china.legal(state, seat) if isinstance(m, Exchange)))
    assert china.to_act(state) == set() and state.phase == OVER


def test_d19_start_player_random_is_drawn_from_the_seed_and_bad_choices_are_refused(china) -> None:
    starts = {china.new(5, seed, {"start_player": "random"}).start for seed in range(40)}
    assert starts == set(range(5))
    assert china.new(5, 11, {"start_player": "random"}).start == china.new(5, 11, {"start_player": "random"}).start
    for bad in (0, 5, "first", True):
        with pytest.raises(ValueError, match="start_player must be a seat from 1 to 4 or 'random'"):
            china.new(4, 1, {"start_player": bad})


def test_c18_exchange_with_an_empty_deck_takes_from_the_display(china, scenario) -> None:
    state = scenario().to_move(2).state
    state.exhaustions, state.end_triggered = 2, True
    _deck_of(state, 0)
    state.discard[state.display[0]] += 1
    state.discard[state.display[1]] += 1
    state.display[0] = state.display[1] = None
    takes = {m.take for m in china.legal(state, 2) if isinstance(m, Exchange)}
    assert takes == {flow.COLOURS[c] for c in state.display if c is not None}
    for slot in (2, 3):
        state.discard[state.display[slot]] += 1
        state.display[slot] = None
    assert Pass() not in china.legal(state, 2), "a placement is still possible, so no pass"
    state.supply_pagodas[2] = state.supply_emissaries[2] = 0
    assert china.legal(state, 2) == [Pass()]
    china.apply(state, 2, Pass())
    assert china.to_act(state) == {3}


def test_c18_no_exchange_but_a_placement_is_not_a_pass(china, scenario) -> None:
    state = scenario().hand(2, "R Y O").to_move(2).state
    _deck_of(state, 0)
    for slot in range(4):
        state.discard[state.display[slot]] += 1
        state.display[slot] = None
    assert Pass() not in china.legal(state, 2) and Play(("red",)) in china.legal(state, 2)


def test_c19_nobody_can_place_ends_the_game_at_once(china, scenario) -> None:
    sc = scenario()
    state = sc.state
    seat = 0
    sites = list(state.side.sites)
    for site in sites[:-1]:
        sc.pagoda(site, seat)
        if state.supply_pagodas[seat] == 0:
            seat += 1
    last = sites[-1]
    province = state.side.provinces[state.side.site_province[-1]]
    colour = flow.COLOURS[province.colour][0].upper()
    state.supply_emissaries = [0] * state.players
    sc.hand(3, f"{colour} {colour} {colour}").to_move(3)
    assert len(state.deck) > 10
    play(china, state, 3, Play((flow.COLOURS[province.colour],)), Place(province.id, "pagoda", last))
    china.apply(state, 3, Draw("deck"))
    assert state.phase == OVER and china.result(state) is not None


def test_c20_tie_break_by_pieces_left(china, scenario) -> None:
    state = scenario(players=3, side="side-3", fortresses=True).state
    state.points["provinces"] = [61, 61, 58]
    state.supply_pagodas = [3, 2, 0]
    state.supply_emissaries = [1, 0, 0]
    state.supply_fortresses = [0, 1, 0]
    state.phase = OVER
    assert china.result(state).ranks == [1, 2, 3]
    state.supply_emissaries = [0, 0, 0]
    assert china.result(state).ranks == [1, 1, 3]


def test_c21_score_track_and_score_cards(china, scenario) -> None:
    state = scenario().state
    state.points["provinces"][0] = 53
    view = china.view(state, None)
    assert (view["track"][0], view["score_cards"][0]) == (3, 1)
    state.points["alliances"][0] = 49
    view = china.view(state, None)
    assert (view["track"][0], view["score_cards"][0]) == (2, 2)
