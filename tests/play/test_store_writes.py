"""The game store writes a transaction's changed seats itself (plain UPDATEs, not the session's unit of work):
the rows must come out exactly as the unit of work wrote them, and a lost race must still roll them back."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update
from sqlmodel import Session, select

from pbem.ops.db import Game, Seat
from pbem.play.service import Service
from pbem.play.store import Conflict, LoadedGame, Transaction
from tests.support.loop import START

KEPT = ("id", "game_id", "seat")
"""A seat's columns no change touches: every other one is changed below."""


def _changes(seats: list[Seat]) -> list[dict[str, Any]]:
    """New values for seat 0 (every column that may change) and seat 1 (a few, one of them set to what it was)."""
    every = {"player_id": None, "bot": "random", "timeouts": seats[0].timeouts + 2, "awaiting": not seats[0].awaiting,
             "prompted_seq": 7, "deadline": START + timedelta(hours=5), "reminded": not seats[0].reminded,
             "forfeited": True, "thread_root": "<root@example.org>", "last_message_id": "<last@example.org>",
             "unconfirmed": '[{"moves": ["take 1"]}]', "unconfirmed_since": START + timedelta(minutes=3),
             "calendar_sent": seats[0].calendar_sent + 3, "calendar_due": START + timedelta(hours=9)}
    assert set(every) | set(KEPT) == set(Seat.model_fields), "a Seat column this test does not change"
    return [every, {"last_message_id": "<other@example.org>", "thread_root": "<t1@example.org>",
                    "prompted_seq": seats[1].prompted_seq,
                    "deadline": None}]


def _rows(service: Service, game_id: int) -> list[dict[str, Any]]:
    """The game's seat rows as a fresh session reads them, by seat: every column but the ids."""
    with Session(service.db) as session:
        return [{name: getattr(seat, name) for name in Seat.model_fields if name not in ("id", "game_id")}
                for seat in session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.seat))]


def _two_games(service: Service) -> tuple[int, int]:
    return (service.new_game("sticks", ["ann@example.org", "bob@example.org"], seed=1),
            service.new_game("sticks", ["ann@example.org", "bob@example.org"], seed=1))


def test_the_seats_a_transaction_changes_are_written_as_the_unit_of_work_wrote_them(any_database: Service) -> None:
    service = any_database
    by_store, by_session = _two_games(service)

    def change(transaction: Transaction, game: LoadedGame) -> None:
        for seat, values in zip(game.seats, _changes(game.seats)):
            for name, value in values.items():
                setattr(seat, name, value)

    service.store.transaction(by_store, change)
    with Session(service.db) as session:  # the same changes through the session's unit of work: the reference
        seats = list(session.exec(select(Seat).where(Seat.game_id == by_session).order_by(Seat.seat)))
        for seat, values in zip(seats, _changes(seats)):
            for name, value in values.items():
                setattr(seat, name, value)
        session.commit()

    written = _rows(service, by_store)
    assert written == _rows(service, by_session)
    assert written[0]["thread_root"] == "<root@example.org>" and written[0]["player_id"] is None
    assert written[1]["last_message_id"] == "<other@example.org>" and written[1]["deadline"] is None
    with Session(service.db) as session:
        assert session.get(Game, by_store).version == 2  # type: ignore[union-attr]  # created at 1, bumped once


def test_a_transaction_that_loses_its_race_writes_none_of_its_seats(service: Service) -> None:
    game_id, _ = _two_games(service)
    before = _rows(service, game_id)

    def change(transaction: Transaction, game: LoadedGame) -> None:
        for seat, values in zip(game.seats, _changes(game.seats)):
            for name, value in values.items():
                setattr(seat, name, value)
        transaction.session.connection().execute(  # another writer's commit, as the version check sees it
            update(Game).where(Game.id == game_id).values(version=Game.version + 1))  # type: ignore[arg-type]

    with pytest.raises(Conflict):
        service.store.transaction(game_id, change, attempts=1)
    with Session(service.db) as session:
        assert session.get(Game, game_id).version == 1  # type: ignore[union-attr]
    assert _rows(service, game_id) == before
