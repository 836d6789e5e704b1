"""The implementer decisions of rules section 14 that the worked examples do not already pin."""

from __future__ import annotations

from engine.china import flow
from engine.china.moves import Exchange, Place, Play
from engine.china.state import DRAW, PLACE


def test_d3_a_bare_fortress_does_not_open_a_province(china, scenario) -> None:
    sc = scenario(fortresses=True).fortress("lu-1", 2)
    state = sc.hand(0, "O O Y").to_move(0).state
    assert flow.is_empty(state, sc.province("lu"))
    china.apply(state, 0, Play(("orange", "orange")))
    assert not any(isinstance(m, Place) and m.province == "lu" for m in china.legal(state, 0))


def test_d3_the_empty_test_is_made_before_the_turns_first_piece(china, scenario) -> None:
    sc = scenario().hand(0, "O Y Y").to_move(0)
    assert Play(("orange", "yellow", "yellow")) not in china.legal(sc.state, 0), "Zhao and Lu are both empty"
    state = sc.pagoda("zhao-1", 2).state
    china.apply(state, 0, Play(("orange", "yellow", "yellow")))
    provinces = {m.province for m in china.legal(state, 0)}
    assert provinces == {"zhao"}, "two pieces may go to Zhao, never open Lu"


def test_d6_d15_a_fortress_may_be_paid_by_a_joker_and_does_not_fill_a_site(china, scenario) -> None:
    sc = scenario(fortresses=True).pagodas("lu", {1: 3})
    state = sc.hand(0, "G G Y").to_move(0).state
    china.apply(state, 0, Play(("green", "green")))
    china.apply(state, 0, Place("lu", "fortress", "lu-4"))
    assert state.phase == DRAW and not state.scored[sc.province("lu")] and state.free[sc.province("lu")] == 1


def test_d8_first_exhaustion_with_no_discards_is_the_second_at_once(scenario) -> None:
    state = scenario().state
    state.deck.clear()
    flow.exhaust_deck(state)
    assert state.exhaustions == 2 and state.end_triggered and not state.deck


def test_d9_after_the_second_exhaustion_short_hands_still_play(china, scenario) -> None:
    state = scenario().hand(1, "R").pagoda("wei-1", 0).to_move(1).state
    state.exhaustions, state.end_triggered = 2, True
    state.discard = [a + b for a, b in zip(state.discard, _all_deck(state))]
    for slot, card in enumerate(state.display):
        state.discard[card] += 1
        state.display[slot] = None
    china.apply(state, 1, Play(("red",)))
    china.apply(state, 1, Place("wei", "emissary"))
    assert sum(state.hands[1]) == 0 and china.to_act(state) == {2}


def _all_deck(state) -> list[int]:
    counts = [0] * len(flow.COLOURS)
    for card in state.deck:
        counts[card] += 1
    state.deck.clear()
    return counts


def test_d11_exchange_is_allowed_even_when_placing_is_possible(china, scenario) -> None:
    state = scenario().hand(0, "R R R").to_move(0).state
    legal = china.legal(state, 0)
    assert Play(("red",)) in legal and Exchange("red", "deck") in legal


def test_d12_cards_do_not_matter_for_the_nobody_can_place_test(scenario) -> None:
    state = scenario().hand(0, "Y Y Y").state
    assert flow.anyone_can_place(state)
    state.supply_pagodas = [0] * 4
    state.supply_emissaries = [0] * 4
    assert not flow.anyone_can_place(state)


def test_d4_placement_order_is_checked_piece_by_piece(china, scenario) -> None:
    state = scenario().pagoda("shu-1", 0).hand(0, "R R Y").to_move(0).state
    china.apply(state, 0, Play(("red", "red")))
    assert Place("shu", "emissary") in china.legal(state, 0)
    china.apply(state, 0, Place("shu", "emissary"))
    assert state.phase == PLACE and Place("shu", "emissary") not in china.legal(state, 0)
