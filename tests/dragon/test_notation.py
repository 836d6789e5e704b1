"""Reading replies: tolerance, defaults, ambiguity, several lines, standing release orders, refusals."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, IllegalMove, MoveError
from engine.dragon import data
from engine.dragon.moves import PASS, Action, Build, PlayCard, Recruit, Release, ReleaseOrder
from engine.dragon.state import ACTION, RELEASE
from tests.dragon.properties import snapshot
from tests.dragon.scenario import GAME, court, event, month_one, person_phase, play, restart_month

GROUPS = (("tax", "build"), ("harvest", "fireworks"), ("parade", "research"), ("privilege",))


def _action_state():
    state = month_one(4)
    court(state, 0, (2, ["monk"]), (2, ["farmer"]), track=100, yuan=6)
    return restart_month(state, GROUPS)


def test_empty_reply_says_what_is_expected_with_an_example_legal_now() -> None:
    """Tax lies in group 1 here: the example a player copies is a move legal now, never a fixed 'group 2 tax'."""
    state = _action_state()
    with pytest.raises(MoveError) as info:
        GAME.parse("  \n\n", state, 0)
    assert "no move" in str(info.value) and "group 1 tax" in info.value.expected
    example = info.value.expected.values["example"]
    assert example in [GAME.format(move) for move in GAME.legal(state, 0)]
    assert GAME.decision(state, 0).hint.startswith(example + " | ")


def test_gibberish_names_the_line_and_suggests_moves() -> None:
    state = _action_state()
    with pytest.raises(MoveError) as info:
        GAME.parse("hello dragon", state, 0)
    assert info.value.line == "hello dragon"
    assert "does not start a move" in info.value.reason
    assert info.value.suggestions and all(s in [GAME.format(m) for m in GAME.legal(state, 0)]
                                          for s in info.value.suggestions)


def test_a_move_of_the_wrong_phase_is_refused_with_what_is_asked() -> None:
    state = _action_state()
    with pytest.raises(MoveError) as info:
        GAME.parse("recruit old warrior palace1", state, 0)
    assert "recruitment" in info.value.reason and "action" in info.value.expected


def test_ambiguous_abbreviation_lists_the_meanings() -> None:
    state = _action_state()
    with pytest.raises(AmbiguousMove) as info:
        GAME.parse("p", state, 0)
    assert "pass" in str(info.value) and "play" in str(info.value)


def test_ambiguous_group_lists_both_cards() -> None:
    state = _action_state()
    with pytest.raises(AmbiguousMove) as info:
        GAME.parse("group 1", state, 0)
    assert set(info.value.suggestions) == {"group 1 tax", "group 1 build"}


def test_case_punctuation_abbreviations_are_tolerated() -> None:
    state = _action_state()
    assert GAME.parse("  GROUP 1,  Tax!! ", state, 0) == [Action(1, "tax")]
    assert GAME.parse("g3 res", state, 0) == [Action(3, "research")]
    assert GAME.parse("Military Parade", state, 0) == [Action(3, "parade")]
    assert GAME.parse("privilege small", state, 0) == [Action(4, "privilege", "small")]
    assert GAME.parse("Pass.", state, 0) == [PASS]


def test_several_lines_are_read_in_sequence_without_changing_the_state() -> None:
    state = _action_state()
    before = snapshot(state)
    moves = GAME.parse("group 1 build\nbuild +1 palace1\nend\nignored text", state, 0)
    assert moves == [Action(1, "build"), Build(((1, 1),), ())]
    assert snapshot(state) == before


def _refused(text: str) -> MoveError:
    """The error seat 0's reply ``text`` gets in the action phase."""
    with pytest.raises(MoveError) as info:
        GAME.read(text, _action_state(), 0)
    return info.value


def test_a_bad_later_line_is_named() -> None:
    error = _refused("group 1 build\nbuild +3 palace1")
    assert error.line == "build +3 palace1" and "exactly 1 floor" in error.reason


def test_a_seat_that_owes_nothing_is_told_whom_we_wait_for() -> None:
    state = _action_state()
    with pytest.raises(MoveError) as info:
        GAME.parse("pass", state, 1)
    assert "waiting for seat 1" in str(info.value)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, PASS)


def test_lines_after_the_last_owed_decision_that_are_no_moves_are_ignored_and_reported() -> None:
    state = _action_state()
    reading = GAME.read("group 1 tax\nThanks,\nAlex", state, 0)
    assert reading.moves == [Action(1, "tax")] and reading.ignored == ("Thanks,", "Alex")
    assert GAME.parse("group 1 tax\nThanks,\nAlex", state, 0) == [Action(1, "tax")]


def test_a_move_after_the_last_owed_decision_is_kept_for_the_next_turn() -> None:
    reading = GAME.read("group 1 tax\nGroup 2 harvest\nelse pass", _action_state(), 0)
    assert len(reading.moves) == 1 and reading.ahead == ("Group 2 harvest\nelse pass",)


def test_of_a_lines_alternatives_the_first_legal_is_played_and_none_legal_names_each() -> None:
    moves = GAME.parse("group 9 tax, else pass", _action_state(), 0)
    assert [GAME.format(move) for move in moves] == ["pass"]
    error = _refused("group 9 tax, else group 8 build")
    assert [line for line, _ in error.refused] == ["group 9 tax", "group 8 build"]
    assert all(str(reason) for _, reason in error.refused) and "alternatives" in str(error.reason)


def test_a_line_that_is_no_move_before_the_decisions_are_made_is_refused() -> None:
    # A greeting before the first move (no move word in it) is passed over and listed since #29 item 2; a line
    # with a move word in it is read there, and one between the moves still refuses the reply.
    reading = GAME.read("Hello,\ngroup 1 tax", _action_state(), 0)
    assert [GAME.format(move) for move in reading.moves] == ["group 1 tax"] and reading.ignored == ("Hello,",)
    error = _refused("Hello, not\ngroup 1 tax")  # a negation is never passed over: «не», "not" before a move
    assert error.line == "Hello, not" and error.suggestions
    assert _refused("group 1 build\nthanks\nbuild +1 palace1").line == "thanks"  # the Build still owes its floors


def _person_state(*palaces, cards=None):
    state = person_phase(month_one(4))
    seat = state.actor
    court(state, seat, *palaces)
    if cards is not None:
        state.players[seat].cards = cards
    return state, seat


def test_type_card_is_preferred_to_wild_and_wild_can_be_asked_for() -> None:
    state, seat = _person_state((2, ["monk"]))
    assert GAME.parse("recruit old warrior", state, seat) == [Recruit("warrior", "old warrior", 1)]
    assert GAME.parse("recruit old warrior with wild", state, seat) == [Recruit("wild", "old warrior", 1)]
    state.players[seat].cards[data.CARD_INDEX["warrior"]] = 0
    state.legal_cache = None
    assert GAME.parse("recruit old war", state, seat) == [Recruit("wild", "old warrior", 1)]


def test_level_left_out_is_ambiguous_when_both_are_left() -> None:
    state, seat = _person_state((2, ["monk"]))
    with pytest.raises(AmbiguousMove) as info:
        GAME.parse("recruit warrior", state, seat)
    assert set(info.value.suggestions) == {"recruit young warrior palace1", "recruit old warrior palace1"}


def test_palace_may_be_left_out_when_the_choices_are_alike() -> None:
    state, seat = _person_state((2, ["monk"]), (2, ["monk"]))
    assert GAME.parse("recruit craftsman", state, seat) == [Recruit("craftsman", "craftsman", 1)]
    state, seat = _person_state((2, ["monk"]), (3, ["farmer"]))
    with pytest.raises(AmbiguousMove):
        GAME.parse("recruit craftsman", state, seat)


def test_a_card_with_no_tile_left_recruits_nothing() -> None:
    state, seat = _person_state((2, ["farmer"]))
    for code in data.kind_codes(data.MONK):
        state.supply[code] = 0
    assert PlayCard("monk") in GAME.legal(state, seat)
    assert GAME.parse("play monk card", state, seat) == [PlayCard("monk")]
    persons, track = state.players[seat].persons(), state.players[seat].track
    play(state, seat, "play monk card")
    assert state.players[seat].persons() == persons and state.players[seat].track == track


def _contagion_state(order: str | None):
    state = month_one(3)
    court(state, 0, (3, ["monk", "farmer", "craftsman"]), (2, ["old farmer", "scholar"]), track=50)
    for seat in (1, 2):
        court(state, seat, (3, ["old healer", "old healer"]))
    if order is not None:
        restart_month(state)
        play(state, 0, f"{order}\npass")
    return event(state, "contagion")


def test_standing_release_order_is_not_listed_and_does_not_discharge() -> None:
    state = _action_state()
    moves = GAME.parse("release order: craftsman, farmer, monk", state, 0)
    assert moves == [ReleaseOrder(("craftsman", "farmer", "monk"))]
    assert all(not isinstance(m, ReleaseOrder) for m in GAME.legal(state, 0))
    GAME.apply(state, 0, moves[0])
    assert GAME.to_act(state) == {0} and state.phase == ACTION


def test_standing_release_order_releases_without_asking() -> None:
    state = _contagion_state("release order: farmer, craftsman")
    assert state.phase == ACTION  # nobody was asked
    left = sorted(data.LABEL[c] for _, persons in state.players[0].palaces for c in persons)
    # three to go: young farmer first (fewer sacks), then the old farmer, then the craftsman
    assert left == ["young monk", "young scholar"]


def test_without_standing_order_the_owner_is_asked() -> None:
    state = _contagion_state(None)
    assert state.phase == RELEASE and GAME.to_act(state) == {0} and state.owed[0] == 3
    assert str(GAME.decision(state, 0).title) == f"month {state.round}, Contagion: release 3 persons"


def test_standing_order_sent_with_a_release_settles_the_rest() -> None:
    state = _contagion_state(None)
    moves = GAME.parse("release monk\nrelease order: scholar, craftsman", state, 0)
    assert moves == [Release("young monk", 1), ReleaseOrder(("scholar", "craftsman"))]
    for move in moves:
        GAME.apply(state, 0, move)
    assert state.phase == ACTION
    left = sorted(data.LABEL[c] for _, persons in state.players[0].palaces for c in persons)
    assert left == ["old farmer", "young farmer"]


def test_standing_order_that_does_not_fit_still_asks() -> None:
    state = _contagion_state("release order: warrior, old monk")
    assert state.phase == RELEASE and GAME.to_act(state) == {0}


def test_standing_order_can_be_cleared_and_must_name_persons() -> None:
    state = _action_state()
    assert GAME.parse("release order: none", state, 0) == [ReleaseOrder(())]
    with pytest.raises(MoveError):
        GAME.parse("release order: dragons", state, 0)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, ReleaseOrder(("dragon",)))
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, ReleaseOrder(("monk",)))


@pytest.mark.parametrize("text", ["pass group 2 tax", "group 1 tax build", "tax research"])
def test_a_line_that_names_two_moves_is_refused(text: str) -> None:
    with pytest.raises(MoveError):
        GAME.parse(text, _action_state(), 0)


def test_one_release_per_line() -> None:
    state = _contagion_state(None)
    with pytest.raises(MoveError, match="one person per line"):
        GAME.parse("release monk farmer", state, 0)


def test_the_verb_may_be_left_out_when_the_question_implies_it() -> None:
    state, seat = _person_state((2, ["monk"]))
    assert GAME.parse("old warrior with wild", state, seat) == [Recruit("wild", "old warrior", 1)]
    released = _contagion_state(None)
    assert GAME.parse("monk", released, 0) == [Release("young monk", 1)]
    building = _action_state()
    assert GAME.parse("group 1 build\n+1 palace2", building, 0)[1] == Build(((2, 1),), ())


def test_a_starting_pair_already_taken_is_refused_with_the_reason() -> None:
    state = GAME.new(3, 1)
    first, second = state.seat_order[:2]
    play(state, first, "start farmer scholar")
    with pytest.raises(MoveError, match="earlier player took that pair"):
        GAME.parse("start scholar, farmer", state, second)
