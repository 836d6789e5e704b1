"""A reply costs what its size costs: no line, however long, makes reading or suggesting quadratic (#28).

A 100 kB word once made the reader compare it with every legal move through
difflib (4.9 s, on the thread that serves every mail); a line of thousands
of "else" alternatives had each read by the game's parser. These tests count
the work instead of timing it: difflib never sees more than the candidates'
length, and a line past ``LINE_LIMIT`` never reaches the parser.
"""

from __future__ import annotations

import difflib
from typing import Any

import pytest

import engine
from engine import notation
from engine.notation import LINE_LIMIT

PLAYERS = {"dragon": 4, "china": 3, "prodigals": 4}
HOSTILE = {
    "a 100 kB word": "x" * 100_000,
    "a move word and a 100 kB word": "build " + "x" * 100_000,
    "a 100 kB line of short words": "a b " * 25_000,
    "100 kB of digits": "1" * 100_000,
    "thousands of alternatives": "tax" + ", else build" * 8_000,
    "thousands of else lines": "tax\n" + "else build\n" * 8_000,
}


def _opening(name: str) -> tuple[engine.Game, Any, int]:
    game = engine.game(name)
    state = game.new(PLAYERS[name], seed=1)
    return game, state, min(game.to_act(state))


@pytest.mark.parametrize("name", sorted(PLAYERS))
@pytest.mark.parametrize("shape", sorted(HOSTILE))
def test_a_hostile_line_is_refused_with_bounded_work(name: str, shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game, state, seat = _opening(name)
    compared: list[int] = []
    reads: list[str] = []
    real_matcher, real_read_line = difflib.SequenceMatcher, game.read_line

    def matcher(junk: Any, a: str, b: str) -> difflib.SequenceMatcher[str]:
        compared.append(len(a))
        return real_matcher(junk, a, b)

    def read_line(line: str, state: Any, seat: int) -> Any:
        reads.append(line)
        return real_read_line(line, state, seat)

    monkeypatch.setattr(notation.difflib, "SequenceMatcher", matcher)
    monkeypatch.setattr(game, "read_line", read_line)
    with pytest.raises(engine.MoveError) as refused:  # a refusal, never a bare ValueError from int("1" * 100000)
        game.read(HOSTILE[shape], state, seat)
    assert not compared or max(compared) <= LINE_LIMIT
    assert sum(map(len, reads)) <= LINE_LIMIT
    assert len(refused.value.line) <= LINE_LIMIT + 1  # the refusal quotes the line's start, not 100 kB of it


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_line_over_the_limit_is_refused_as_too_long(name: str) -> None:
    game, state, seat = _opening(name)
    with pytest.raises(engine.MoveError) as refused:
        game.read("pass " * (LINE_LIMIT // 5 + 1), state, seat)
    assert "too long to be a move" in str(refused.value)
    assert refused.value.line.endswith("…")


def test_a_long_line_after_the_moves_is_ignored_not_kept_ahead() -> None:
    game = engine.game("dragon")
    state = game.new(4, seed=1)
    seat = min(game.to_act(state))
    move = game.format(game.legal(state, seat)[0])
    reading = game.read(f"{move}\n" + "tax " * 200, state, seat)
    assert len(reading.moves) == 1 and reading.ahead == ()
    assert len(reading.ignored) == 1 and reading.ignored[0].endswith("…")
    assert game.ahead("tax " * 200).ahead == ()


def test_closest_compares_only_as_much_of_the_text_as_the_longest_candidate_and_a_typo() -> None:
    assert notation.closest("group 2 taks" + "x" * 100_000, ["pass", "group 2 tax", "group 1 build"], 1) == [
        "group 2 tax"]
    assert notation.closest("anything", []) == []


def test_a_refusal_quotes_a_100_kb_line_cut_not_whole(tmp_path) -> None:
    """The refusal quotes the player's first lines back, each cut as a line too long to be a move is: a
    hostile reply costs pbem one short mail, not 100 kB sent back out."""
    from pbem.app import open_service
    from pbem.clock import SetClock
    from pbem.serve import pipeline
    from tests.support.loop import START, make_settings, outbox, reply_to

    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    players = ["ann@example.org", "bob@example.org", "cat@example.org"]
    service.new_game("dragon", players, seed=5)
    prompt = outbox(service, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, "start " + "x" * 100_000)).status == "refused"
    refusal = outbox(service, kind="refusal", recipient=prompt.recipient)[-1]
    # its HTML links every legal move, as the prompt of that decision does (144 links here): no bigger than that
    assert len(refusal.text) < 20_000 and len(refusal.html) < len(prompt.html) + 5_000
    assert "x" * 390 in refusal.text and "x" * 1_000 not in refusal.text and "x" * 1_000 not in refusal.html
