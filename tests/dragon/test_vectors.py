"""The spec's worked examples, one test each: TV-01..TV-18 (rulebook) and DV-01..DV-16 (decisions)."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.dragon import data, events
from engine.dragon.moves import Action, Release
from engine.dragon.state import (
    ACTION, FESTIVAL, LADIES, MONEY, MONGOLS, MONKS, OVER, PALACES, PERSONS, PRIVILEGES, RELEASE, DragonState,
)
from tests.dragon.scenario import GAME, court, event, month_one, person_phase, play, restart_month

ALL_GROUPS_4 = (("tax", "build"), ("harvest", "fireworks"), ("parade", "research"), ("privilege",))


def _first(state: DragonState, seat: int, *palaces: tuple[int, list[str]], **goods: int) -> DragonState:
    """``seat`` furthest ahead on the person track, with this court, in a fresh action phase."""
    court(state, seat, *palaces, track=100, **goods)
    return restart_month(state, ALL_GROUPS_4 if len(state.players) == 4 else None)


def _persons(state: DragonState, seat: int) -> int:
    return state.players[seat].persons()


# --------------------------------------------------------------------------- rulebook examples


def test_tv01_starting_recruitment_and_stacking() -> None:
    state = GAME.new(4, seed=5)
    anna, vasilis, katerina, fourth = state.seat_order
    play(state, anna, "start tax collector, young scholar")
    assert state.players[anna].track == 7
    play(state, vasilis, "start tax collector, young farmer")
    assert state.players[vasilis].track == 7
    play(state, katerina, "start young scholar + young farmer")
    assert state.players[katerina].track == 8
    pairs = {(m.first, m.second) for m in GAME.legal(state, fourth)}
    for taken in (("tax_collector", "scholar"), ("tax_collector", "farmer"), ("farmer", "scholar")):
        assert taken not in pairs
    assert ("craftsman", "court_lady") in pairs
    play(state, fourth, "start craftsman court lady")
    assert state.phase == ACTION and state.round == 1
    assert state.order == [katerina, vasilis, anna, fourth]


def test_tv02_occupied_group_costs_a_flat_three() -> None:
    state = month_one(5)
    state = restart_month(state, (("research", "tax"), ("build",), ("harvest",), ("fireworks", "parade"),
                                  ("privilege",)))
    seat = state.actor
    court(state, seat, (2, []), yuan=10)
    state.dragons[0] = 2
    assert {m for m in GAME.legal(state, seat) if isinstance(m, Action) and m.group == 1} == {
        Action(1, "research"), Action(1, "tax")}
    play(state, seat, "group 1 research")
    assert state.players[seat].yuan == 7 and state.players[seat].score == 1
    assert state.dragons[0] == 3


def test_tv03_pass_tops_up_to_three() -> None:
    state = month_one(4)
    seat = state.actor
    court(state, seat, (2, ["monk"]), yuan=1)
    play(state, seat, "pass")
    assert state.players[seat].yuan == 3
    assert state.dragons == [0, 0, 0, 0]


def test_tv04_taxes_with_and_without_tax_collectors() -> None:
    state = month_one(4)
    giannis, maria = 0, 1
    court(state, giannis, (2, ["farmer"]), yuan=6, track=30)
    court(state, maria, (2, ["tax collector", "tax collector"]), yuan=5, track=29)
    restart_month(state, ALL_GROUPS_4)
    play(state, giannis, "group 1 tax")
    assert state.players[giannis].yuan == 8
    play(state, maria, "group 1 tax")
    assert state.players[maria].yuan == 5 - 3 + 8


def test_tv05_build_places_every_floor_at_once() -> None:
    state = _first(month_one(4), 0, (1, ["craftsman"]), (2, ["craftsman", "young farmer"]))
    play(state, 0, "group 1 build")
    assert state.building == 3
    play(state, 0, "build +2 palace1 +1 new")
    assert [floors for floors, _ in state.players[0].palaces] == [3, 2, 1]


def test_tv06_harvest() -> None:
    state = _first(month_one(4), 0, (2, ["young farmer", "old farmer"]), rice=0)
    play(state, 0, "group 2 harvest")
    assert state.players[0].rice == 4


def test_tv07_military_parade() -> None:
    state = _first(month_one(4), 0, (2, ["old warrior", "old warrior"]))
    before = state.players[0].track
    play(state, 0, "group 3 parade")
    assert state.players[0].track == before + 5


def test_tv08_research() -> None:
    state = _first(month_one(4), 0, (2, ["young scholar", "old scholar"]))
    before = state.players[0].score
    play(state, 0, "group 3 research")
    assert state.players[0].score == before + 6


@pytest.mark.parametrize("cost", [6, 7])
def test_tv09_privilege_prices_one_per_action(cost: int) -> None:
    state = _first(month_one(4, large_privilege_cost=cost), 0, (2, ["monk"]), yuan=20)
    offered = [m for m in GAME.legal(state, 0) if isinstance(m, Action) and m.card == "privilege"]
    assert offered == [Action(4, "privilege", "small"), Action(4, "privilege", "large")]
    small = GAME.apply(GAME.clone(state), 0, Action(4, "privilege", "small"))
    assert (small.players[0].yuan, small.players[0].small) == (18, 1)
    large = GAME.apply(state, 0, Action(4, "privilege", "large"))
    assert (large.players[0].yuan, large.players[0].large) == (20 - cost, 1)


def test_tv10_imperial_tribute_releases_per_missing_yuan() -> None:
    state = month_one(4)
    court(state, 0, (2, ["monk", "farmer"]), (2, ["healer"]), yuan=2)
    for seat in (1, 2, 3):
        court(state, seat, (2, ["monk"]), yuan=10)
    event(state, "tribute")
    assert state.players[0].yuan == 0
    assert state.phase == RELEASE and GAME.to_act(state) == {0}
    assert GAME.decision(state, 0).kind == "release"
    play(state, 0, "release monk\nrelease healer")
    assert _persons(state, 0) == 1
    assert [p.yuan for p in state.players[1:]] == [6, 6, 6]


def test_tv11_drought() -> None:
    state = month_one(4)
    anna, giannis = 0, 1
    court(state, anna, (1, ["monk"]), (2, ["farmer"]), (3, ["healer"]), (2, []), rice=4, track=30)
    court(state, giannis, (2, ["monk", "farmer"]), (2, ["healer", "scholar"]), (2, ["warrior", "craftsman"]),
          rice=0, track=20)
    for seat in (2, 3):
        court(state, seat, (2, ["monk"]), rice=5, track=1)
    event(state, "drought")
    assert state.players[anna].rice == 1 and _persons(state, anna) == 3
    assert GAME.to_act(state) == {giannis}
    assert {m.palace for m in GAME.legal(state, giannis)} == {1, 2, 3}
    play(state, giannis, "release farmer")
    assert {m.palace for m in GAME.legal(state, giannis)} == {2, 3}
    play(state, giannis, "release scholar\nrelease craftsman")
    assert _persons(state, giannis) == 3
    assert [floors for floors, _ in state.players[anna].palaces] == [1, 2, 3, 1]  # the empty one decayed


def test_tv11_drought_without_choice_releases_at_once() -> None:
    state = month_one(4)
    court(state, 1, (2, ["monk"]), (2, ["healer"]), (2, ["warrior"]), rice=0)
    for seat in (0, 2, 3):
        court(state, seat, (2, ["monk"]), rice=5)
    event(state, "drought")
    assert state.phase == ACTION and _persons(state, 1) == 0


def _festival(fireworks: list[int]) -> DragonState:
    state = month_one(len(fireworks))
    for seat, count in enumerate(fireworks):
        court(state, seat, (2, ["monk"]), fireworks=count)
    return event(state, "festival")


def test_tv12_dragon_festival() -> None:
    state = _festival([3, 3, 2, 1])
    assert [p.points[FESTIVAL] for p in state.players] == [6, 6, 3, 0]
    assert [p.fireworks for p in state.players] == [1, 1, 1, 1]


def test_tv13_mongol_invasion() -> None:
    state = month_one(5)
    anna, maria, vasilis, katerina, giannis = range(5)
    court(state, anna, (2, ["old warrior", "young warrior"]), track=50)
    court(state, maria, (2, ["old warrior", "young warrior"]), track=40)
    court(state, vasilis, (2, ["old warrior", "farmer"]), track=30)
    court(state, katerina, (2, ["young warrior", "farmer"]), track=10)
    court(state, giannis, (2, ["young warrior", "monk"]), track=20)
    event(state, "mongols")
    assert [p.points[MONGOLS] for p in state.players] == [3, 3, 2, 1, 1]
    assert GAME.to_act(state) == {giannis}
    play(state, giannis, "release warrior")
    assert GAME.to_act(state) == {katerina}
    play(state, katerina, "release farmer")
    assert [_persons(state, s) for s in range(5)] == [2, 2, 2, 1, 1]


def test_tv14_contagion_healers_protect_and_may_go() -> None:
    state = month_one(4)
    court(state, 0, (2, ["young healer", "young healer"]), (2, ["farmer", "monk"]))
    for seat in (1, 2, 3):
        court(state, seat, (3, ["healer", "healer", "healer"]))
    event(state, "contagion")
    assert GAME.to_act(state) == {0} and state.owed[0] == 1
    assert Release("young healer", 1) in GAME.legal(state, 0)
    play(state, 0, "release healer")
    assert _persons(state, 0) == 3 and state.phase == ACTION


def test_tv15_round_scoring() -> None:
    state = month_one(4)
    court(state, 0, (2, ["court lady", "farmer"]), (1, ["court lady"]), (3, ["monk"]))
    state.players[0].large = 1
    before = list(state.players[0].points)
    event(state, "peace")
    gained = [state.players[0].points[i] - before[i] for i in (PALACES, LADIES, PRIVILEGES)]
    assert gained == [3, 2, 2] and sum(gained) == 7


MARIA = ((2, ["young monk", "farmer"]), (3, ["old monk", "craftsman", "court lady"]), (2, ["warrior", "healer"]))


def test_tv16_final_scoring() -> None:
    state = month_one(4)
    court(state, 0, *MARIA, rice=1, fireworks=2, yuan=4)
    assert events.final_points(state.players[0]) == (14, 8, 3)
    state.round = 12
    restart_month(state)
    event(state, "peace")
    points = state.players[0].points
    assert state.phase == OVER and (points[PERSONS], points[MONKS], points[MONEY]) == (14, 8, 3)


def test_tv17_pointless_empty_palace_decays_before_scoring() -> None:
    state = _first(month_one(4), 0, (2, ["young farmer"]), (2, ["monk"]))
    play(state, 0, "group 1 build\nbuild +1 new")
    assert len(state.players[0].palaces) == 3
    before = state.players[0].points[PALACES]
    event(state, "peace")
    assert len(state.players[0].palaces) == 2
    assert state.players[0].points[PALACES] - before == 2


def test_tv18_festival_scorer_with_three_keeps_one() -> None:
    state = _festival([3, 0])
    assert state.players[0].fireworks == 1 and state.players[0].points[FESTIVAL] == 6


# --------------------------------------------------------------------------- derived vectors


@pytest.mark.parametrize("players, young, old, lady, total", [
    (2, 3, 1, 4, 36), (3, 4, 2, 6, 54), (4, 5, 3, 8, 72), (5, 6, 4, 10, 90)])
def test_dv01_tile_supply(players: int, young: int, old: int, lady: int, total: int) -> None:
    supply = GAME.new(players, 1).supply
    warrior = data.TYPE_INDEX["warrior"]
    assert (supply[2 * warrior], supply[2 * warrior + 1]) == (young, old)
    assert supply[2 * data.COURT_LADY] == lady
    assert sum(supply) == total


@pytest.mark.parametrize("players, sizes", [(2, [4, 3]), (3, [3, 2, 2]), (4, [2, 2, 2, 1]), (5, [2, 2, 1, 1, 1])])
def test_dv02_group_sizes(players: int, sizes: list[int]) -> None:
    state = GAME.new(players, 3)
    for groups in state.deals:
        assert [len(g) for g in groups] == sizes
        assert sorted(card for g in groups for card in g) == sorted(data.ACTIONS)


def test_dv03_festival_tie_for_second() -> None:
    state = _festival([4, 4, 2, 2, 0])
    assert [p.points[FESTIVAL] for p in state.players] == [6, 6, 3, 3, 0]
    assert [p.fireworks for p in state.players] == [2, 2, 1, 1, 0]


def test_dv04_festival_nobody_has_fireworks() -> None:
    state = _festival([0, 0, 0])
    assert [p.points[FESTIVAL] for p in state.players] == [0, 0, 0]


def test_dv05_festival_one_distinct_count() -> None:
    state = _festival([2, 2, 0])
    assert [p.points[FESTIVAL] for p in state.players] == [6, 6, 0]
    assert [p.fireworks for p in state.players] == [1, 1, 0]


def test_dv06_mongols_all_without_helmets_all_lose_one() -> None:
    state = month_one(3)
    for seat in range(3):
        court(state, seat, (2, ["monk", "farmer"]))
    order = state.turn_order()
    event(state, "mongols")
    assert [p.points[MONGOLS] for p in state.players] == [0, 0, 0]
    asked = []
    while state.phase == RELEASE:
        seat = state.actor
        asked.append(seat)
        play(state, seat, "release farmer")
    assert asked == order
    assert [_persons(state, s) for s in range(3)] == [1, 1, 1]


def test_dv07_contagion_four_mortars_releases_none() -> None:
    state = month_one(3)
    for seat in range(3):
        court(state, seat, (3, ["old healer", "old healer", "monk"]))
    event(state, "contagion")
    assert state.phase == ACTION and [_persons(state, s) for s in range(3)] == [3, 3, 3]


def test_dv08_drought_one_rice_two_palaces() -> None:
    state = month_one(3)
    court(state, 0, (2, ["monk", "farmer"]), (2, ["healer", "scholar"]), rice=1)
    for seat in (1, 2):
        court(state, seat, (2, ["monk"]), rice=3)
    event(state, "drought")
    assert state.players[0].rice == 0 and state.owed[0] == 1
    probe = GAME.clone(state)
    play(probe, 0, "release farmer")
    assert _persons(probe, 0) == 3 and GAME.to_act(probe) != {0}
    with pytest.raises(IllegalMove):
        GAME.apply(probe, 0, Release("young healer", 2))


def test_dv09_stacking_then_parade() -> None:
    state = month_one(3)
    a, b, c = 0, 1, 2
    court(state, a, (2, ["monk"]), track=10, arrival=1)
    court(state, c, (2, ["monk"]), track=2)
    court(state, b, (2, ["monk"]), track=7)
    state.advance_marker(b, 3)
    assert state.turn_order()[:2] == [b, a]
    restart_month(state, (("tax", "build", "harvest"), ("parade", "research"), ("fireworks", "privilege")))
    play(state, b, "pass")
    play(state, a, "group 2 parade")
    assert state.players[a].track == 11
    assert state.turn_order()[:2] == [a, b]


def test_dv10_full_palaces_discard() -> None:
    state = person_phase(month_one(4))
    seat = state.actor
    court(state, seat, (1, ["farmer"]), (2, ["monk", "healer"]))
    old_warrior = data.CODE_OF_LABEL["old warrior"]
    supply, track = state.supply[old_warrior], state.players[seat].track
    play(state, seat, "recruit old warrior discard")
    assert state.supply[old_warrior] == supply - 1 and state.gone[old_warrior] == 1
    assert state.players[seat].track == track and _persons(state, seat) == 3


def test_dv11_full_palaces_replace() -> None:
    state = person_phase(month_one(4))
    seat = state.actor
    court(state, seat, (1, ["young farmer"]), (2, ["monk", "healer"]))
    track = state.players[seat].track
    play(state, seat, "recruit old warrior replace farmer")
    assert state.players[seat].track == track + 3
    assert state.players[seat].palaces[0] == (1, (data.CODE_OF_LABEL["old warrior"],))
    assert state.gone[data.CODE_OF_LABEL["young farmer"]] == 1


def test_dv12_pass_with_money_gains_nothing() -> None:
    state = month_one(4)
    seat = state.actor
    court(state, seat, (2, ["monk"]), yuan=5)
    play(state, seat, "pass")
    assert state.players[seat].yuan == 5


@pytest.mark.parametrize("yuan, offered", [(4, set()), (5, {"small"}), (8, {"small"}), (9, {"small", "large"})])
def test_dv13_privilege_in_an_occupied_group(yuan: int, offered: set[str]) -> None:
    state = _first(month_one(4), 0, (2, ["monk"]), yuan=yuan)
    state.dragons[3] = 1
    got = {m.privilege for m in GAME.legal(state, 0) if isinstance(m, Action) and m.card == "privilege"}
    assert got == offered


@pytest.mark.parametrize("yuan, rice, vp", [(0, 1, 0), (2, 2, 2)])
def test_dv14_final_money_rounds_down(yuan: int, rice: int, vp: int) -> None:
    state = month_one(2)
    court(state, 0, yuan=yuan, rice=rice, fireworks=0)
    assert events.final_points(state.players[0])[2] == vp


@pytest.mark.parametrize("palace, monks", [((1, ["old monk"]), 2), ((3, ["young monk"]), 3)])
def test_dv15_monk_scores_buddhas_times_floors(palace: tuple[int, list[str]], monks: int) -> None:
    state = month_one(2)
    court(state, 0, palace, yuan=0)
    assert events.final_points(state.players[0])[:2] == (2, monks)


def test_dv16_final_tie_goes_to_the_marker_on_top() -> None:
    state = month_one(3)
    for seat, (score, track, arrival) in enumerate([(80, 30, 5), (80, 30, 9), (60, 40, 1)]):
        state.players[seat].score = score
        court(state, seat, track=track, arrival=arrival)
    state.phase, state.actor = OVER, -1
    outcome = GAME.result(state)
    assert outcome.ranks == [2, 1, 3]


# --------------------------------------------------------------------------- decisions pinned by other tests


def test_d12_without_any_palace_only_discard() -> None:
    state = person_phase(month_one(4))
    seat = state.actor
    court(state, seat)
    kinds = {type(m).__name__ for m in GAME.legal(state, seat)}
    assert kinds <= {"Discard", "PlayCard"} and "Discard" in kinds


def test_d14_release_without_a_real_choice_is_made_at_once() -> None:
    state = month_one(3)
    court(state, 0, (2, ["monk", "monk"]), (1, []))
    for seat in (1, 2):
        court(state, seat, (2, ["old warrior"]))
    event(state, "mongols")
    assert state.phase == ACTION and _persons(state, 0) == 1


def test_d22_released_and_discarded_tiles_never_return() -> None:
    state = month_one(3)
    court(state, 0, (2, ["monk", "farmer"]))
    for seat in (1, 2):
        court(state, seat, (3, ["old healer", "old healer"]))
    supply = list(state.supply)
    event(state, "contagion")
    assert state.supply == supply
    assert state.gone[data.CODE_OF_LABEL["young monk"]] == 1 and state.gone[data.CODE_OF_LABEL["young farmer"]] == 1
