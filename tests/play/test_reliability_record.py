"""A player's record read from a real database: prompts, replies, a vacation, the organiser's pause, a timeout,
a substitute; and ``pbem player show`` printing it."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from pbem.admin import Desk, games
from pbem.admin.players import player, record_line
from pbem.clock import SetClock
from pbem.play import deadlines
from pbem.play.reliability import player_records
from pbem.play.service import Service
from pbem.serve import pipeline
from tests.support.loop import outbox, reply_to, rows
from pbem.ops.db import Game, Player

ANN, BOB, CYD = "ann@example.org", "bob@example.org", "cyd@example.org"


def ids(service: Service) -> dict[str, int]:
    return {p.email: p.id for p in rows(service, Player)}  # type: ignore[misc]


def answer(service: Service, email: str, text: str) -> None:
    pipeline.deliver(service, reply_to(outbox(service, recipient=email, kind="prompt")[-1], text))


def records(service: Service, clock: SetClock) -> dict:
    with Session(service.db) as session:
        return player_records(session, clock.now(), list(ids(service).values()))


def test_vacation_and_pause_are_left_out_and_a_timeout_counts(service: Service, clock: SetClock) -> None:
    desk = Desk(service, "tester")
    game_id = service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 20})
    clock.advance(timedelta(hours=6))
    answer(service, ANN, "take 1")                       # Ann: 6 h
    until = (clock.now() + timedelta(days=2)).date()
    answer(service, BOB, f"vacation until {until}")
    clock.advance(timedelta(days=3, hours=2))            # back at midnight after `until`, answers within the day
    answer(service, BOB, "take 1")                       # Bob: under a day counted, not three
    clock.advance(timedelta(hours=1))
    games.pause(desk, game_id, "a dispute to settle")
    clock.advance(timedelta(hours=30))
    games.resume(desk, game_id, "settled")
    clock.advance(timedelta(hours=3))
    answer(service, ANN, "take 1")                       # Ann: 4 h counted, not 34
    clock.advance(timedelta(days=4))
    assert deadlines.scan(service).timeouts == 1         # Bob misses this one
    found, who = records(service, clock), ids(service)
    ann, bob = found[who[ANN]], found[who[BOB]]
    assert (ann.on_time, ann.timeouts, ann.median_hours, ann.reliability) == (2, 0, 5.0, 100.0)
    assert (bob.on_time, bob.timeouts, bob.reliability, bob.games) == (1, 1, 50.0, 1)
    assert bob.median_hours is not None and bob.median_hours < 24
    assert "reliability 50% (1 game); 1 of 2 decisions before the deadline, 1 timeouts" in record_line(bob)
    shown = player(desk, BOB)
    assert shown.record == bob


def test_a_substitute_keeps_their_moves_and_the_original_leaves(service: Service, clock: SetClock) -> None:
    desk = Desk(service, "tester")
    game_id = service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 6})
    clock.advance(timedelta(days=4))
    assert deadlines.scan(service).timeouts == 1         # Ann's first decision, by the deadline
    answer(service, BOB, "take 1")
    games.replace(desk, game_id, 1, CYD, "Ann has gone quiet")
    clock.advance(timedelta(hours=2))
    while rows(service, Game, id=game_id)[0].status != "over":  # Bob and Cyd play it out
        pipeline.deliver(service, reply_to(outbox(service, kind="prompt")[-1], "take 1"))
    found, who = records(service, clock), ids(service)
    ann, cyd = found[who[ANN]], found[who[CYD]]
    assert (ann.timeouts, ann.on_time, ann.games_left, ann.games_finished) == (1, 0, 1, 0)
    assert cyd.timeouts == 0 and cyd.on_time >= 1 and cyd.games_left == 0
    assert cyd.games_finished == 1 and cyd.median_hours == 2.0
