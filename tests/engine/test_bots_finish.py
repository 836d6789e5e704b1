"""Every game ends when bots play it: each registered game, each player count, random and greedy seats.

A rules engine can loop without any single move being illegal (a question
asked again after it was answered, a phase that never hands over), and only a
whole game shows it. So each game is played to the end here at every player
count its rules allow and under every option set-up the conformance hooks
name, by random bots and by greedy bots, driven the way the protocol allows:
the caller keeps its state and relies on ``apply`` changing it (a game whose
``apply`` returned a new state instead once asked the same question forever).
The game must end within its decision bound with a result that ranks every
seat. Greedy play looks ahead one move at each decision, so its slower games
get fewer seeds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine import bots
from tests.engine.hidden import HOOKS

SEEDS = {"random": (0, 1, 2, 3), "greedy": (0, 1)}
"""Seeds per player count and bot at the default options; an option variant plays the first one only."""

GREEDY_SEEDS = {"prodigals": (0,)}
"""Games whose greedy play is slow (each decision replays a unit per legal answer) play fewer greedy seeds."""


def _cases() -> list[Any]:
    """(game, players, options, bot, seeds): every player count with the defaults, then each variant the hooks name."""
    cases = []
    for name in engine.names():
        game = engine.game(name)
        setups: list[tuple[int, dict[str, Any] | None]] = [
            (players, None) for players in range(game.min_players, game.max_players + 1)]
        setups.extend(HOOKS[name].variants)
        for players, options in setups:
            for bot in ("random", "greedy"):
                seeds = GREEDY_SEEDS.get(name, SEEDS[bot]) if bot == "greedy" else SEEDS[bot]
                label = f"{name}-{players}p-{bot}" + "".join(f"-{k}={v}" for k, v in (options or {}).items())
                cases.append(pytest.param(name, players, options, bot, seeds if options is None else seeds[:1],
                                          id=label))
    return cases


def _play_out(game: engine.Game, players: int, seed: int, options: dict[str, Any] | None, bot: bots.Bot,
              limit: int) -> tuple[Any, int]:
    """The state after bots played ``seed``'s game to its end (or ``limit`` decisions) and the decisions made."""
    state = game.new(players, seed, options)
    rng = random.Random(seed)
    for made in range(limit):
        due = game.to_act(state)
        if not due:
            return state, made
        seat = min(due)
        move = bot(game, state, seat, rng)
        assert game.apply(state, seat, move) is state, (
            f"{game.name}: apply returned another state than the one it was given (the protocol plays in place)")
    return state, limit


@pytest.mark.parametrize(("name", "players", "options", "bot", "seeds"), _cases())
def test_bots_play_every_game_to_its_end(name: str, players: int, options: dict[str, Any] | None, bot: str,
                                         seeds: tuple[int, ...]) -> None:
    game = engine.game(name)
    limit = HOOKS[name].max_decisions
    for seed in seeds:
        state, made = _play_out(game, players, seed, options, bots.get(bot), limit)
        waiting = sorted(game.to_act(state))
        assert not waiting, (
            f"{name}, {players} players, seed {seed}, {bot} bots: no end after {made} decisions; seats {waiting} "
            f"still owe {[game.decision(state, s) for s in waiting]}")
        result = game.result(state)
        assert result is not None, f"{name}, {players} players, seed {seed}: the game ended without a result"
        assert len(result.scores) == len(result.ranks) == players
        assert min(result.ranks) == 1 and all(1 <= rank <= players for rank in result.ranks), result.ranks
