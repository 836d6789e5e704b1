"""The search bot (engine.search): legal, within its budget, reproducible, and blind to what its seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine import bots, search
from tests.engine.hidden import HOOKS

GAMES = ("dragon", "china", "prodigals")
SMALL = search.Budget(playouts=6, depth=6)


def states(name: str, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` positions of random games (3-5 seats), each with the lowest seat that owes a decision."""
    rules, rng, found = engine.game(name), random.Random(seed), []
    while len(found) < count:
        players = rng.randint(max(3, rules.min_players), min(5, rules.max_players))
        state = rules.new(players, rng.randrange(10_000))
        for _ in range(rng.randrange(400)):
            due = rules.to_act(state)
            if not due:
                break
            seat = min(due)
            state = rules.apply(state, seat, bots.random(rules, state, seat, rng))
        if rules.to_act(state):
            found.append((state, min(rules.to_act(state))))
    return found


class Counting:
    """A game that counts the worlds dealt (one a playout) and asks nothing of the real state beyond the protocol."""

    def __init__(self, rules: engine.Game) -> None:
        self.rules = rules
        self.dealt = 0

    def determinise(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        self.dealt += 1
        return self.rules.determinise(state, seat, rng)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)


@pytest.mark.parametrize("name", GAMES)
def test_the_search_always_returns_a_legal_move_and_leaves_the_state_alone(name: str) -> None:
    rules = engine.game(name)
    for index, (state, seat) in enumerate(states(name, 12, seed=len(name))):
        before = rules.view(state, None)
        move = search.choose(rules, state, seat, random.Random(index), SMALL)
        assert move in rules.legal(state, seat), f"{name}: {move!r} is not legal for seat {seat + 1}"
        assert rules.view(state, None) == before


@pytest.mark.parametrize("name", GAMES)
def test_the_search_runs_at_most_its_playouts_and_stops_when_time_is_up(name: str) -> None:
    rules = engine.game(name)
    for state, seat in states(name, 4, seed=7):
        if len(rules.legal(state, seat)) < 2:
            continue
        counting = Counting(rules)
        report = search.search(counting, state, seat, random.Random(1), search.Budget(playouts=9, depth=4))
        assert report.playouts == counting.dealt == sum(report.visits.values()) <= 9
        if report.playouts < 9:  # stopped early: only once no other move could catch up with the most visited
            top, second, *_ = sorted(report.visits.values(), reverse=True) + [0]
            assert top - second > 9 - report.playouts
        asked: list[int] = []

        def time_up() -> bool:
            asked.append(1)
            return len(asked) >= 3

        counting = Counting(rules)
        report = search.search(counting, state, seat, random.Random(1),
                               search.Budget(playouts=1_000, depth=4, time_up=time_up))
        assert report.playouts == counting.dealt == 3, "the clock is asked before each playout after the first"


def test_a_single_legal_move_is_returned_without_searching() -> None:
    found = 0
    for name in GAMES:
        rules = engine.game(name)
        for state, seat in states(name, 60, seed=3):
            legal = rules.legal(state, seat)
            if len(legal) == 1:
                counting = Counting(rules)
                report = search.search(counting, state, seat, random.Random(0), search.Budget(playouts=50))
                assert (report.move, report.playouts, counting.dealt) == (legal[0], 0, 0)
                found += 1
    assert found, "no position with a single legal move among the random positions"


@pytest.mark.parametrize("name", GAMES)
def test_the_same_rng_gives_the_same_search(name: str) -> None:
    rules = engine.game(name)
    for state, seat in states(name, 3, seed=11):
        first = search.search(rules, state, seat, random.Random(42), SMALL)
        again = search.search(rules, rules.clone(state), seat, random.Random(42), SMALL)
        assert (first.move, first.visits, first.steps) == (again.move, again.visits, again.steps)


@pytest.mark.parametrize("name", GAMES)
def test_what_the_seat_cannot_see_does_not_change_the_search(name: str) -> None:
    """Two states the seat cannot tell apart (the game's own hook deals what it hides differently) give the
    same search, playout for playout: the bot sees the game only through ``determinise``, which deals the
    hidden parts from what the seat sees and the rng alone."""
    rules = engine.game(name)
    for index, (state, seat) in enumerate(states(name, 6, seed=19)):
        if len(rules.legal(state, seat)) < 2:
            continue
        other = rules.clone(state)
        HOOKS[name].perturb(other, seat, random.Random(index))
        assert rules.view(other, seat) == rules.view(state, seat)
        seen = search.search(rules, state, seat, random.Random(index), SMALL)
        hidden = search.search(rules, other, seat, random.Random(index), SMALL)
        assert (hidden.move, hidden.visits) == (seen.move, seen.visits), (
            f"{name}, position {index}: the search for seat {seat + 1} changed with what it cannot see")


def test_a_bot_name_gives_the_search_its_strength_and_bad_names_say_what_is_known() -> None:
    assert bots.get("search") == bots.Searcher(bots.SEARCH_PLAYOUTS)
    assert bots.get("search:400") == bots.Searcher(400)
    assert bots.get("greedy") is bots.greedy
    for bad, said in (("clever", "known bots: greedy, random, search"), ("greedy:3", "only the search bot"),
                      ("search:0", "a whole number from 1 to"), ("search:many", "a whole number from 1 to")):
        with pytest.raises(KeyError, match=said):
            bots.get(bad)
    with pytest.raises(ValueError, match="at least 1 playout"):
        search.Budget(playouts=0)


def test_a_named_search_bot_plays_a_whole_game_with_the_others() -> None:
    rules = engine.game("china")
    played = bots.play(rules, 3, seed=5, bots=[bots.get("search:3"), bots.greedy, bots.greedy])
    assert rules.result(played.state) is not None


def test_a_bot_seat_is_named_by_its_kind_in_the_readers_language() -> None:
    from pbem.language.words import words

    rules = engine.game("china")
    said = {language: words(rules, language).say(bots.named("search:400")) for language in ("en", "el", "hu", "ru")}
    assert said == {"en": "search", "el": "αναζήτησης", "hu": "kereső", "ru": "поисковый"}
    assert words(rules, "hu").say(bots.named("greedy")) == "mohó"


def test_a_time_limit_stops_the_search_on_the_callers_clock() -> None:
    ticks = iter(range(1000))
    bot = bots.get("search:500", 3, lambda: next(ticks))  # every reading of the clock is one second later
    assert isinstance(bot, bots.Searcher) and (bot.playouts, bot.seconds) == (500, 3)
    budget = bot.budget()  # read at 0: the decision ends at 3
    assert [budget.time_up() for _ in range(4)] == [False, False, True, True]
    game = engine.game("dragon")
    state = game.new(4, 1)
    (seat,) = game.to_act(state)
    report = search.search(game, state, seat, random.Random(1), bots.get("search:500", 3, lambda: next(ticks)).budget())
    assert 1 <= report.playouts <= 3  # stopped by the clock long before its 500 playouts
    assert bots.get("search", 0, lambda: 0.0) is bots.BOTS["search"]  # 0 s: only the playouts bound it
    assert bots.get("greedy", 3, lambda: 0.0) is bots.BOTS["greedy"]


def test_the_service_plays_search_bots_within_its_bot_seconds(tmp_path: Any) -> None:
    from pbem.app import open_service
    from pbem.ops.config import Settings

    service = open_service(Settings(database_url=f"sqlite:///{tmp_path / 'pbem.db'}", secret="s", bot_seconds=0.25))
    bot = service.bot("search:40")
    assert isinstance(bot, bots.Searcher) and (bot.playouts, bot.seconds) == (40, 0.25)
    assert service.bot("greedy") is bots.BOTS["greedy"]


@pytest.mark.parametrize("name", GAMES)
def test_the_first_playout_tries_the_move_the_games_prior_or_outlook_ranks_first(name: str) -> None:
    """The tree widens in the game's order: a one-playout search visits the move its ``prior`` values most (its
    outlook one move ahead where it has no prior), the first of equals in ``legal``'s order."""
    rules = engine.game(name)
    for index, (state, seat) in enumerate(states(name, 6, seed=23)):
        legal = rules.legal(state, seat)
        if len(legal) < 2:
            continue
        rng = random.Random(index)
        report = search.search(rules, state, seat, rng, search.Budget(playouts=1, depth=2))
        world = rules.determinise(state, seat, random.Random(index))
        glance = rules.prior(world, seat, legal)
        if glance is None:
            assert name != "prodigals", "Prodigals orders its tree by the greedy bot's valuation"
            continue
        assert list(report.visits) == [legal[glance.index(max(glance))]]


def test_prodigals_prior_is_the_greedy_bots_own_valuation() -> None:
    """Prodigals' prior puts first the moves its greedy bot would play (the greedy bot picks among its equals)."""
    rules = engine.game("prodigals")
    for index, (state, seat) in enumerate(states("prodigals", 8, seed=29)):
        legal = rules.legal(state, seat)
        if len(legal) < 2:
            continue
        glance = rules.prior(state, seat, legal)
        best = [m for m, g in zip(legal, glance) if g >= max(glance) - 1e-9]
        assert rules.greedy(state, seat, random.Random(index)) in best


def test_a_lead_reward_grows_with_the_lead_and_splits_a_tie_for_first() -> None:
    rewards = search._by_lead([-10.0, -12.0, -14.0, -10.0], 2.0)
    assert rewards[0] == rewards[3] == pytest.approx(0.5)
    assert 0.0 < rewards[2] < rewards[1] < 0.5
    alone = search._by_lead([-9.0, -12.0, -14.0, -10.0], 2.0)
    assert 0.5 < alone[0] < 1.0 and alone[3] < 0.5


def test_a_game_with_an_outlook_scale_rewards_a_cut_playout_by_the_lead_and_one_without_by_rank() -> None:
    prodigals, china = engine.game("prodigals"), engine.game("china")
    assert prodigals.OUTLOOK_SCALE and china.OUTLOOK_SCALE is None
    for rules in (prodigals, china):
        state = rules.new(4, 3)
        steps, rewards = search._playout(rules, rules.clone(state), random.Random(0), 3)
        world = rules.clone(state)
        played = random.Random(0)
        for _ in range(3):
            actor = min(rules.to_act(world))
            world = rules.apply(world, actor, rules.greedy(world, actor, played))
        outlook = rules.outlook(world)
        expected = (search._by_lead(outlook, rules.OUTLOOK_SCALE) if rules.OUTLOOK_SCALE else
                    search._by_rank([1 + sum(1 for o in outlook if o > mine) for mine in outlook]))
        assert (steps, rewards) == (3, expected)
