"""One conformance suite for every registered game, the way OpenSpiel holds all its games to one random-play test.

For each game, each player count it allows and a few seeds, a random game is
played through the protocol only, and at every decision the suite checks:

- the same seed gives the same game (same moves, same views);
- ``parse(format(m)) == [m]`` for every legal move seen, and so for ``format_ahead(m)``, the move as sent
  before its turn;
- a refused move (a move of the seat to act made by another seat, or a move
  legal earlier but not now) raises ``IllegalMove`` and changes nothing a
  seat can see;
- a clone is independent: playing on it leaves the original as it was;
- ``view(state, seat)`` is JSON-serialisable and holds nothing of another
  seat's hidden information (the game's ``perturb`` hook changes what the
  seat may not see; the seat's view must stay the same);
- ``render`` fits 80 columns, for every seat and an observer;
- the decision's hint (a prompt's "How to reply" example) is one or two moves, never the menu;
- replaying the log of formatted moves from ``new`` rebuilds the same state;
- the game ends within its bound with a ``result`` that ranks every seat.

**What a new game must register** to be held to this suite: its module in
``engine._REGISTRY`` (so ``engine.names()`` lists it), and an entry in
``tests/engine/hidden.py``'s ``HOOKS``: a ``perturb(state, seat, rng)``
function changing in place everything ``seat`` may not see while keeping what
is public, and ``max_decisions``, a bound on one random game's length.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import engine
from engine import IllegalMove, bots
from tests.engine.hidden import HOOKS

SEEDS = (0, 1)
"""Seeds per player count. The round trip is checked at every decision; the costlier checks (views,
refusals, clone) take turns, one per decision, so that a game's runs stay at a few seconds."""

CASES = [(name, players, seed, {})
         for name in engine.names()
         for players in range(engine.game(name).min_players, engine.game(name).max_players + 1)
         for seed in SEEDS]
CASES += [(name, players, 0, options) for name in engine.names() if name in HOOKS
          for players, options in HOOKS[name].variants]
CASE_IDS = [f"{name}-{players}p-seed{seed}" + "".join(f"-{k}={v}" for k, v in options.items())
            for name, players, seed, options in CASES]


def _seen(game: engine.Game, state: Any, players: int) -> list[Any]:
    """What every seat and an observer see of ``state`` and who may do what: the face the checks compare."""
    faces = [game.view(state, seat) for seat in [None, *range(players)]]
    due = sorted(game.to_act(state))
    return [faces, due, [[game.format(m) for m in game.legal(state, s)] for s in due]]


def _check_views(game: engine.Game, state: Any, players: int, rng: random.Random) -> int:
    """Views are JSON and renders fit; a seat's view is blind to the perturbation of what it may not see.

    Returns how many other seats *did* see the perturbation (their own hidden
    things changed), which shows the hook changed something.
    """
    hooks = HOOKS[game.name]
    for seat in [None, *range(players)]:
        view = game.view(state, seat)
        json.dumps(view)
        lines = game.render(state, seat).splitlines()
        assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80][0]
    seat = rng.randrange(players)
    changed = game.clone(state)
    hooks.perturb(changed, seat, rng)
    assert game.view(changed, seat) == game.view(state, seat), f"seat {seat}'s view shows hidden information"
    assert game.render(changed, seat) == game.render(state, seat), f"seat {seat}'s render shows hidden information"
    assert game.view(changed, None) == game.view(state, None), "an observer's view shows hidden information"
    return sum(game.view(changed, other) != game.view(state, other) for other in range(players) if other != seat)


def _check_refusals(game: engine.Game, state: Any, seat: int, players: int, earlier: list[Any]) -> None:
    before = _seen(game, state, players)
    legal = game.legal(state, seat)
    refused = [(other, legal[0]) for other in range(players) if other not in game.to_act(state)]
    refused += [(seat, move) for move in earlier[-3:] if move not in legal]
    for who, move in refused:
        with pytest.raises(IllegalMove) as info:
            game.apply(state, who, move)
        assert str(info.value)
    assert _seen(game, state, players) == before, "a refused move changed the state"


def _check_hint(game: engine.Game, state: Any, seat: int, legal: list[Any]) -> None:
    """The decision's hint, the "How to reply" example of every prompt, is one or two moves (issue 32): never
    the menu of legal moves joined with ';' or '|' (those are listed apart), never cut off with '…'."""
    asked = game.decision(state, seat)
    if asked is None or not asked.hint:
        return
    hint = asked.hint
    menu = {game.format(move) for move in legal}
    pieces = [piece for piece in re.split(r"\s*[|;]\s*", hint) if piece]
    assert not hint.rstrip().endswith("…") and len(hint.split("|")) <= 2, hint
    assert sum(piece in menu for piece in pieces) <= 2, f"the example is the menu: {hint}"


def _check_clone(game: engine.Game, state: Any, seat: int, players: int, move: Any) -> None:
    before = _seen(game, state, players)
    copy = game.clone(state)
    game.apply(copy, seat, move)
    assert _seen(game, state, players) == before, "playing on a clone changed the original"


Log = list[tuple[int, str, dict[str, Any]]]
"""A game's decisions: the seat, the move as written, and the seat's view before it."""


def _play(name: str, players: int, seed: int, options: dict[str, Any]) -> tuple[Any, Log]:
    """A random game with every check at every decision; the final state and the log."""
    game = engine.game(name)
    rng = random.Random(seed * 1009 + players)
    state = game.new(players, seed, options)
    log: Log = []
    earlier: list[Any] = []
    leaks = 0
    for _ in range(HOOKS[name].max_decisions):
        due = game.to_act(state)
        if not due:
            break
        seat = min(due)
        legal = game.legal(state, seat)
        assert legal, f"seat {seat} owes a decision but has no legal move"
        for move in legal:
            assert game.parse(game.format(move), state, seat) == [move], game.format(move)
            assert game.parse(game.format_ahead(move), state, seat) == [move], game.format_ahead(move)
        _check_hint(game, state, seat, legal)
        move = legal[rng.randrange(len(legal))]
        turn = len(log) % 3
        if turn == 0:
            leaks += _check_views(game, state, players, rng)
        elif turn == 1:
            _check_refusals(game, state, seat, players, earlier)
        else:
            _check_clone(game, state, seat, players, move)
        seen_by_seat = game.view(state, seat)
        state = game.apply(state, seat, move)
        log.append((seat, game.format(move), seen_by_seat))
        earlier.append(move)
    else:
        raise AssertionError(f"{name}: no end within {HOOKS[name].max_decisions} decisions")
    assert leaks, "the perturb hook never changed anything hidden: it tests nothing"
    return state, log


@pytest.mark.parametrize("name", engine.names())
def test_every_game_registers_its_hooks(name: str) -> None:
    assert name in HOOKS, f"register {name}'s conformance hooks in tests/engine/hidden.py"


@pytest.mark.parametrize("name, players, seed, options", CASES, ids=CASE_IDS)
def test_random_play_conforms_to_the_protocol(name: str, players: int, seed: int, options: dict[str, Any]) -> None:
    game = engine.game(name)
    state, log = _play(name, players, seed, options)
    result = game.result(state)
    assert result is not None and len(result.scores) == len(result.ranks) == players
    assert sorted(result.ranks)[0] == 1 and all(1 <= r <= players for r in result.ranks)
    assert result.lowest_wins == game.lowest_wins
    json.dumps(game.view(state, None))

    # Replaying the written log rebuilds the game; the views along the way show that what was hidden
    # (the deck order) was rebuilt too, since it decides what is drawn later.
    replayed = game.new(players, seed, options)
    for seat, text, seen in log:
        assert game.view(replayed, seat) == seen, f"the replay differs before {text!r}"
        for move in game.parse(text, replayed, seat):
            replayed = game.apply(replayed, seat, move)
    assert _seen(game, replayed, players) == _seen(game, state, players) and game.result(replayed) == result


@pytest.mark.parametrize("name", engine.names())
def test_same_seed_same_game(name: str) -> None:
    game = engine.game(name)
    players = game.min_players + 1 if game.max_players > game.min_players else game.min_players
    first, again = bots.play(game, players, 77), bots.play(game, players, 77)
    assert first.moves == again.moves and _seen(game, first.state, players) == _seen(game, again.state, players)
    other = bots.play(game, players, 78)
    assert other.moves != first.moves


@pytest.mark.parametrize("name", engine.names())
def test_declared_options_are_checked_in_one_place(name: str) -> None:
    game = engine.game(name)
    assert game.check_options(None) == game.options() == game.check_options({})
    with pytest.raises(engine.OptionError) as info:
        game.new(game.min_players, 1, {"no_such_option": 1})
    assert "no_such_option" in str(info.value) and all(o in str(info.value) for o in game.options())
    for option, default in game.options().items():
        with pytest.raises(engine.OptionError) as info:
            game.check_options({option: object()})
        assert option in str(info.value)
        assert game.check_options({option: default})[option] == default
