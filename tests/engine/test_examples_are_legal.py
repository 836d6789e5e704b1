"""The example move a prompt shows (a decision's hint, "How to reply: … (group 1 tax)") is legal at that decision,
in every game, all game long (issue 44): a player copies it, and a fixed example (Dragon's "group 2 tax" when tax
lies in group 3, China's "play red red; wei: pagoda 3") was refused, its refusal showing the same example again.
Dragon's "expected now" of a refusal gives the same example.

A refusal's examples are legal too: its "expected now" (China's was a fixed "play red red; wei: pagoda 3"), and
the examples in the reasons a wrongly written line is refused with ("a pagoda needs a site … 'wei: pagoda 1'",
"write e.g. 'recruit old warrior palace2'"). An example is what a refusal quotes after "such as", "e.g." or an
"or" that follows one. Dragon shows the form of a move of a kind not asked now (no such move is legal then), so
its wrongly written lines are tried only of the kind asked now."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain
from typing import Any

import pytest

import engine
from engine.dragon.reasons import expected
from engine.text import Notation, Text
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
    for state in chain(greedy_states(rules, 3, 4, OPTIONS.get(name), every=3),
                       greedy_states(rules, 3, 4, OPTIONS.get(name), every=5)):  # each state taken as played
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


QUOTED_EXAMPLE = re.compile(r"(?:such as|e\.g\.) '%\((\w+)\)s'(?:,? or '%\((\w+)\)s')?")
"""A placeholder a refusal quotes as an example: after "such as" or "e.g.", or an "or" that follows one."""

WRONG_LINES: dict[str, dict[str, tuple[str, ...]]] = {
    "dragon": {
        "start": ("start palace1", "start farmer", "start zebra scholar palace2"),
        "person": ("recruit zebra", "recruit farmer monk scholar", "recruit"),
        "release": ("release farmer monk", "release", "release zebra"),
        "build": ("build +2 nowhere", "build zebra", "build"),
        "action": ("group 9 tax", "tax zebra", "pass now"),
    },
    "china": {
        phase: ("wei:", "wei: pagoda", "yan: pagoda", "chin: fortress", "play", "play zebra", "draw", "draw up9",
                "exchange green", "exchange zebra for deck", "zebra", "pass now", "play red red; wei: pagoda 3")
        for phase in ("act", "place", "draw")
    },
}
"""Lines written wrong or not legal now, by game and by the phase whose decision they answer."""
ANY_TIME = {"dragon": ("release order",), "china": ()}
"""Lines of a move that may be sent at any time (Dragon's standing release order), written wrong."""


def quoted_examples(said: Any) -> Iterator[str]:
    """Every example a text (and the texts among its arguments) quotes."""
    if isinstance(said, (list, tuple)):
        for item in said:
            yield from quoted_examples(item)
    if not isinstance(said, Text):
        return
    named = {name for found in QUOTED_EXAMPLE.findall(said.msgid + " " + (said.plural or "")) for name in found}
    for name, value in said.args:
        if name in named and isinstance(value, Notation):
            yield str(value)
        yield from quoted_examples(value)


@pytest.mark.parametrize("name", ["dragon", "china"])
def test_every_refusal_s_example_move_is_legal_at_its_decision(name: str) -> None:
    rules = engine.game(name)
    shown = 0
    for state in chain(greedy_states(rules, 3, 4, every=3), greedy_states(rules, 3, 4, every=5)):  # taken as played
        for seat in sorted(rules.to_act(state)):
            said = [rules.expected(state, seat)]
            for line in (*WRONG_LINES[name].get(state.phase, ()), *ANY_TIME[name]):
                try:
                    rules.parse(line, state, seat)
                except engine.MoveError as refusal:
                    said += [refusal.reason, refusal.expected, [reason for _, reason in refusal.refused]]
            for example in quoted_examples(said):
                assert example_plays(rules, state, seat, example), (name, state.phase, example)
                shown += 1
    assert shown > 100, shown
