"""The game store's state cache: bounded by the setting ``states_cached``, least recently used out first, and a
game pushed out plays on from its log as if it had never left."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.config import ConfigError, load_settings
from pbem.play.service import Service
from pbem.play.store import GameStore
from tests.support import sticks
from tests.support.loop import make_settings
from tests.ops.play import answer_one

BOUND = 3


@pytest.fixture
def small_cache(tmp_path: Path, clock: SetClock) -> Service:
    return open_service(make_settings(tmp_path, states_cached=BOUND), clock=clock, rules=sticks.rules)


def test_the_cache_never_holds_more_states_than_the_setting_and_drops_the_least_recently_used(
        small_cache: Service) -> None:
    games = []
    for number in range(6):
        games.append(small_cache.new_game("sticks", [f"p{number}@example.org", f"q{number}@example.org"],
                                          seed=number))
        assert len(small_cache.store.cached) <= BOUND
    assert small_cache.store.cached == tuple(games[-BOUND:])
    outcome = answer_one(small_cache, games[0], 1)  # the oldest, long pushed out: replayed, played, cached again
    assert outcome is not None and outcome.status == "applied"
    assert small_cache.store.cached == (*games[-BOUND + 1:], games[0])


def test_a_game_pushed_out_of_the_cache_reloads_as_its_log_says_and_plays_on(small_cache: Service) -> None:
    games = [small_cache.new_game("sticks", [f"p{n}@example.org", f"q{n}@example.org"], seed=n) for n in range(5)]
    for number in range(12):  # turns round the games: each reply finds its game pushed out by the others
        outcome = answer_one(small_cache, games[number % len(games)], number)
        assert outcome is not None and outcome.status == "applied"
        assert len(small_cache.store.cached) <= BOUND
    fresh = GameStore(small_cache.db, small_cache.rules, 1)  # nothing cached: every state replayed from the log
    with Session(small_cache.db) as session:
        for game_id in games:
            kept, replayed = small_cache.store.load(session, game_id), fresh.load(session, game_id)
            assert (kept.state, kept.log, kept.next_seq) == (replayed.state, replayed.log, replayed.next_seq)
            assert len(kept.log) in (2, 3)  # every reply played: 12 replies over 5 games


@pytest.mark.parametrize("written", ["0", "-5", "many"])
def test_a_states_cached_setting_below_one_or_not_a_number_is_refused_saying_what_would_do(written: str) -> None:
    with pytest.raises(ConfigError, match=r"PBEM_STATES_CACHED=.* is not accepted: give a number of game states 1 "
                                          r"or more, e.g. 2048"):
        load_settings({"PBEM_STATES_CACHED": written})
