"""A tournament chooses what a bouncing address does to its player's deadlines: held (default) or run."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session, select

from pbem.play import deadlines
from pbem.clock import SetClock
from pbem.ops.db import Player, Seat
from pbem.play.service import Service
from pbem.tournament import runner
from tests.tournament.conftest import ORGANISER, definition, tournament_with
from tournaments import DefinitionError
from tournaments.definition import load


def _bouncing_players_seat(service: Service, tournament_id: int) -> Seat:
    """Round 1 started; the first seat to act has a player whose address is held for bouncing."""
    runner.start_round(service, tournament_id, ORGANISER)
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.awaiting == True)).first()  # noqa: E712
        assert seat is not None
        player = session.get(Player, seat.player_id)
        assert player is not None
        player.bounce_score, player.bounce_hold = 3, True
        session.add(player)
        session.commit()
        session.refresh(seat)
        return seat


@pytest.mark.parametrize(("on_bounce", "timeouts"), [("", 0), ('on_bounce = "hold"', 0), ('on_bounce = "run"', 1)])
def test_a_tournament_holds_or_runs_a_bouncing_players_deadlines(service: Service, clock: SetClock, on_bounce: str,
                                                                 timeouts: int) -> None:
    tournament_id = tournament_with(service, 4, extra=f"[timeouts]\n{on_bounce}\n")
    seat = _bouncing_players_seat(service, tournament_id)
    clock.advance(timedelta(days=5))  # far past the 48-hour deadline
    deadlines.scan(service)
    with Session(service.db) as session:
        assert session.get(Seat, seat.id).timeouts == timeouts  # type: ignore[union-attr]


def test_on_bounce_takes_only_hold_or_run() -> None:
    text = definition(1, '[timeouts]\non_bounce = "pause"\n')
    with pytest.raises(DefinitionError, match=r"timeouts\.on_bounce.*hold.*run"):
        load(text)
    assert load(text.replace('"pause"', '"run"')).timeouts.on_bounce == "run"


@pytest.mark.parametrize(("on_bounce", "told"), [("", "Their deadlines are held"), ('on_bounce = "run"', "run as usual")])
def test_the_table_is_told_what_the_tournament_does_with_a_bouncing_players_deadlines(
        service: Service, clock: SetClock, on_bounce: str, told: str) -> None:
    from pbem.play import bounces
    from tests.tournament.conftest import mails

    tournament_id = tournament_with(service, 4, extra=f"[timeouts]\n{on_bounce}\n")
    seat = _bouncing_players_seat(service, tournament_id)
    with Session(service.db) as session:
        player = session.get(Player, seat.player_id)
        assert player is not None
        player.bounce_score, player.bounce_hold, player.bounced_on = 2, False, clock.now().date() - timedelta(days=1)
        assert bounces.count(service, session, player, "550 mailbox gone")
        session.commit()
    [*_, notice] = mails(service, "bounce")
    assert told in " ".join(notice.text.split())
    assert notice.list_id == runner.list_of(service, runner.tournament_row(Session(service.db), tournament_id)), \
        "a table's mail about a bouncing player is the tournament's, filed with its other mails"
