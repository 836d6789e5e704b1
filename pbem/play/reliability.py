"""Players' records across games, read from what the database keeps, for :mod:`tournaments.reliability`.

Nothing is stored for the record itself: the prompts are the outbox's
``prompt`` rows, the decisions the move log (each move names its player),
vacations the ``vacation`` rows of the audit log (set when, until which day),
the organiser's pauses its ``pause`` and ``resume`` rows, and who held a seat
the seats, the moves and the tournament's tables as seated. So the record
is the same whoever asks, and a rule changed in ``tournaments/reliability.py``
applies to the whole history at once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date, datetime

from sqlalchemy import or_
from sqlmodel import Session, select

from pbem.clock import stored
from pbem.ops.db import Audit, Game, Move, Outbox, Player, Seat
from pbem.ops.tournament_tables import TournamentTable
from pbem.play.shown import Shown
from tournaments.reliability import Asked, Interval, Played, Record, Sitting, decisions, records


def player_records(session: Session, now: datetime, players: Iterable[int] | None = None) -> dict[int, Record]:
    """The record of each of ``players`` (every player when None); a player with no game has an empty one."""
    wanted = None if players is None else set(players)
    games = _games_of(session, wanted)
    asked = [Asked(game, seat, seq, stored(at)) for part in _parts(games) for game, seat, seq, at in session.exec(
        select(Outbox.game_id, Outbox.seat, Outbox.seq, Outbox.created)
        .where(Outbox.kind == "prompt", Outbox.game_id.in_(part)))]  # type: ignore[union-attr]
    played = [Played(game, seat, seq, source, stored(at), player)
              for part in _parts(games) for game, seat, seq, source, at, player in session.exec(
                  select(Move.game_id, Move.seat, Move.seq, Move.source, Move.created, Move.player_id)
                  .where(Move.game_id.in_(part), Move.reverted == False))]  # type: ignore[attr-defined]  # noqa: E712
    found = [d for d in decisions(asked, played) if wanted is None or d.player in wanted]
    sittings = [s for s in _sittings(session, games, played) if wanted is None or s.player in wanted]
    result = records(found, sittings, _vacations(session, wanted), _pauses(session, games, now))
    return {p: result.get(p, Record(p)) for p in (wanted if wanted is not None else result)}


PART = 5000
"""Games asked about in one query: SQLite binds at most 32,766 values in one statement."""


def _parts(ids: list[int]) -> list[list[int]]:
    return [ids[start:start + PART] for start in range(0, len(ids), PART)]


def _games_of(session: Session, wanted: set[int] | None) -> list[int]:
    """The games any of the players sat in (by seat now, or by a move of theirs, or as seated by a tournament)."""
    if wanted is None:
        return list(session.exec(select(Game.id)))  # type: ignore[arg-type]
    found: set[int] = set()
    for part in _parts(sorted(wanted)):
        found |= set(session.exec(select(Seat.game_id).where(Seat.player_id.in_(part))))  # type: ignore[union-attr]
        found |= set(session.exec(select(Move.game_id).where(Move.player_id.in_(part))))  # type: ignore[union-attr]
    found |= {game for game, seated in session.exec(select(TournamentTable.game_id, TournamentTable.players))
              if wanted.intersection(seated)}
    return sorted(found)


def _sittings(session: Session, games: list[int], played: list[Played]) -> list[Sitting]:
    """Every seat each person held: finished when they hold it as a person in a game over, left when another
    (a person or a bot) holds it now."""
    holders: dict[tuple[int, int], set[int]] = defaultdict(set)
    for move in played:
        if move.player is not None:
            holders[(move.game, move.seat)].add(move.player)
    asked = set(games)
    for game, seated in session.exec(select(TournamentTable.game_id, TournamentTable.players)):
        for seat, player in enumerate(seated if game in asked else ()):
            holders[(game, seat)].add(player)
    sittings = []
    seats = [row for part in _parts(games) for row in session.exec(
        select(Seat, Game.status).join(Game, Seat.game_id == Game.id)  # type: ignore[arg-type]
        .where(Seat.game_id.in_(part)))]  # type: ignore[attr-defined]
    for seat, status in seats:
        now_holding = seat.player_id if not seat.bot else None
        for player in holders[(seat.game_id, seat.seat)] | ({seat.player_id} if seat.player_id else set()):
            held = player == now_holding
            sittings.append(Sitting(seat.game_id, player, finished=held and status == "over", left=not held))
    return sittings


def _vacations(session: Session, wanted: set[int] | None) -> list[Interval]:
    """From each ``vacation`` the player set (when, until which day) to their return, in their time zone."""
    people = {p.email: p for p in session.exec(select(Player)) if wanted is None or p.id in wanted}
    seen: set[tuple[str, str]] = set()
    intervals = []
    for actor, at, detail in session.exec(select(Audit.actor, Audit.at, Audit.detail).where(Audit.action == "vacation")):
        player = people.get(actor)
        if player is None or (actor, detail) in seen or not detail.startswith("until "):
            continue
        seen.add((actor, detail))  # the same vacation is audited once per game it holds
        try:
            until = date.fromisoformat(detail.removeprefix("until "))
        except ValueError:
            continue
        back = Shown.back_from_vacation(Player(email=actor, time_zone=player.time_zone, vacation_until=until))
        intervals.append(Interval(player.id, stored(at), back))  # type: ignore[arg-type]
    return intervals


def _pauses(session: Session, games: list[int], now: datetime) -> list[Interval]:
    """Each game's pauses, from ``pause`` to the next ``resume`` (still paused: until now)."""
    rows = session.exec(select(Audit.game_id, Audit.action, Audit.at)
                        .where(or_(Audit.action == "pause", Audit.action == "resume")).order_by(Audit.id))  # type: ignore[arg-type]
    started: dict[int, datetime] = {}
    intervals = []
    asked = set(games)
    for game, action, at in rows:
        if game not in asked:
            continue
        if action == "pause":
            started.setdefault(game, stored(at))
        elif game in started:
            intervals.append(Interval(game, started.pop(game), stored(at)))
    intervals += [Interval(game, start, stored(now)) for game, start in started.items()]
    return intervals
