"""Board pictures are drawn once per game state and audience: seats that see the same picture share one
drawing, and seats that see different ones (their own cards, another language, a later state) get their own."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from sqlmodel import Session, select

from engine.china import picture as china_picture
from engine.dragon import picture as dragon_picture
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.db import Player
from pbem.play.service import Service
from pbem.play.store import LoadedGame, Transaction
from tests.support.loop import make_settings

PLAYERS = ["ann@example.org", "bob@example.org", "cy@example.org"]


@pytest.fixture
def service(tmp_path: Path, clock: SetClock) -> Service:
    return open_service(make_settings(tmp_path), clock=clock)


def counted(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[Any]:
    """Every call of ``module.draw`` from now on, recorded (each still draws)."""
    calls: list[Any] = []
    draw = module.draw

    def counting(*args: Any) -> bytes:
        calls.append(args)
        return draw(*args)

    monkeypatch.setattr(module, "draw", counting)
    return calls


def loaded(service: Service, game_id: int) -> LoadedGame:
    with Session(service.db) as session:
        return service.store.load(session, game_id)


def test_seats_that_see_the_same_board_share_one_drawing(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = counted(monkeypatch, china_picture)
    game = loaded(service, service.new_game("china", PLAYERS, seed=3))
    assert len(draws) == 1  # the first seat's prompt
    pictures = [service.shown.picture(game, seat) for seat in range(3)]
    assert len(draws) == 1  # China draws no seat's own cards: the three seats see the prompt's picture
    assert pictures[0] and pictures[0].startswith(b"\x89PNG") and pictures.count(pictures[0]) == 3


def test_another_language_and_a_later_state_are_drawn_apart(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = counted(monkeypatch, china_picture)
    game_id = service.new_game("china", PLAYERS, seed=3)
    with Session(service.db) as session:
        session.exec(select(Player).where(Player.email == PLAYERS[2])).one().language = "el"
        session.commit()
    game = loaded(service, game_id)
    english, greek = service.shown.picture(game, 0), service.shown.picture(game, 2)
    assert len(draws) == 2 and english != greek  # one a language (the English one at the first prompt)
    seat = game.due()[0]

    def play(transaction: Transaction, game: LoadedGame) -> bytes | None:
        service.turns.play(transaction.session, game, seat, game.rules.legal(game.state, seat)[0], "email")
        return service.shown.picture(game, 0)

    later = service.store.transaction(game_id, play)
    assert len(draws) == 3 and later is not None  # a move was played: the new state is drawn anew
    assert service.shown.picture(loaded(service, game_id), 1) == later and len(draws) == 3  # committed: shared


def test_seats_that_see_their_own_things_get_a_drawing_each_once(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = counted(monkeypatch, dragon_picture)
    game = loaded(service, service.new_game("dragon", PLAYERS, seed=3))
    assert len(draws) == 1  # the first seat's prompt
    pictures = [service.shown.picture(game, seat) for seat in (0, 1, 2, 0, 1)]
    assert len(draws) == 3  # Dragon shows each seat its own row: three drawings (one the prompt's), each reused
    assert len(set(pictures)) == 3 and pictures[3] == pictures[0]
