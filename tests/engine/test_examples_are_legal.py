"""The example move a prompt shows (a decision's hint, "How to reply: … (group 1 tax)") is legal at that decision,
in every game, all game long (issue 44): a player copies it, and a fixed example (Dragon's "group 2 tax" when tax
lies in group 3, China's "play red red; wei: pagoda 3") was refused, its refusal showing the same example again.
Dragon's "expected now" of a refusal gives the same example."""

from __future__ import annotations

import pytest

import engine
from engine.dragon.reasons import expected
from tests.engine.greedy import greedy_states

OPTIONS = {"prodigals": {"competitions": ["possessions", "election", "society"]}}


def example_plays(rules: engine.Game, state: engine.State, seat: int, example: str) -> bool:
    """Whether the example, read as the seat's reply, plays on a copy of the state without a refusal."""
    work = rules.clone(state)
    try:
        for move in rules.parse(example, work, seat):
            work = rules.apply(work, seat, move)
    except (engine.MoveError, engine.IllegalMove):
        return False
    return True


@pytest.mark.parametrize("name", ["dragon", "china", "prodigals"])
def test_every_prompt_s_example_move_is_legal_at_its_decision(name: str) -> None:
    rules = engine.game(name)
    checked = 0
    for state in greedy_states(rules, 3, 4, OPTIONS.get(name), every=3):
        for seat in sorted(rules.to_act(state)):
            asked = rules.decision(state, seat)
            if asked is None or not asked.hint:
                continue
            first = asked.hint.split(" | ")[0]  # "group 1 tax | pass": the example, then the other answer
            assert example_plays(rules, state, seat, first), (name, first)
            if name == "dragon":
                said = expected(state).values.get("example")
                assert said is None or said == first or example_plays(rules, state, seat, said), said
            checked += 1
    assert checked > 20
