"""The greedy bot plays clearly better than random: mean rank against three random bots."""

from __future__ import annotations

from engine import bots
from tests.dragon.scenario import GAME

GAMES = 200


def greedy_mean_rank(games: int = GAMES) -> float:
    """Mean rank (1 best, 4 worst; 2.5 is chance) of one greedy seat, rotating seats."""
    total = 0
    for i in range(games):
        seat = i % 4
        chosen = [bots.random] * 4
        chosen[seat] = bots.greedy
        state = bots.play(GAME, 4, 50_000 + i, chosen).state
        total += GAME.result(state).ranks[seat]
    return total / games


def test_greedy_beats_three_random_bots() -> None:
    assert greedy_mean_rank() < 1.5


if __name__ == "__main__":
    print(f"greedy mean rank over {GAMES} games against 3 random bots: {greedy_mean_rank():.3f}")
