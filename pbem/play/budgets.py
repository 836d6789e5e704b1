"""Answer budgets per cause: what a player's own mail may cost, apart from what anyone else's mail may.

pbem answers only its registered players, but a mail's From is whatever its
writer put there, and a seat's reply address is known to whoever saw one of
its mails. When every answer came out of one counter per address, ten forged
mails in a player's name used up the day's answers, and the player's own wrong
move then went unanswered while their deadline ran. So there are two budgets:

- :func:`own`: answers to the player's own mail (a valid reply token for a seat
  of theirs, from their address), ``robot_answers_per_day`` per address
  (:class:`~pbem.ops.db.RobotAnswers`);
- :func:`unverified`: answers to any other mail (the notice that a seat's reply
  address was used from elsewhere, refusals of mail without a valid reply
  token, a refusal to a player who wrote to another seat's address, and a
  registered player's mail to pbem's own address, whose commands are answered
  and whose questions are forwarded to the organiser, :mod:`pbem.play.frontdesk`), at most
  ``seat_notices_per_day`` a seat and ``unverified_per_day``
  an address a day (:class:`~pbem.ops.db.UnverifiedMail`). Only the player can
  spend the first; a forger spends only the second, and only that little.

A third cause is a stranger's: a ``join`` may come from any address, and its
one confirmation mail is all it can cause (:func:`signup`): one an address a
day, ``signups_per_day`` in all, counted on the sign-ups themselves.

What the second budget counted reaches the organiser in one digest a day
(:func:`send_organiser_digest`), rather than in a mail per seat used.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import and_, false, func, or_
from sqlmodel import Session, select

from pbem.ops.config import Settings
from pbem.ops.db import Game, Player, RobotAnswers, UnverifiedMail, locked
from pbem.ops.tournament_tables import SignUp
from pbem.play.service import Service


def own(session: Session, today: date, address: str, limit: int) -> bool:
    """Count one answer to the player's own mail at ``address`` today; False once ``limit`` are spent."""
    counter = session.exec(
        select(RobotAnswers).where(RobotAnswers.address == address, RobotAnswers.day == today)
    ).first()
    if counter is None:
        counter = RobotAnswers(address=address, day=today, count=0)
        session.add(counter)
    if counter.count >= limit:
        return False
    counter.count += 1
    return True


def unverified(session: Session, today: date, settings: Settings, address: str, game_id: int = 0,
               seat: int = 0, *, answer: bool = True) -> bool:
    """Count one mail pbem could not tie to the player at ``address`` (at seat ``seat`` of ``game_id``, when it
    came to that seat's reply address from elsewhere) and whether it may be answered: False once the address
    or the seat has had its answers for the day. The mail is counted either way, for the organiser's digest;
    ``answer=False`` counts one that is kept unanswered anyway (a question already forwarded today)."""
    seat_clause = and_(UnverifiedMail.game_id == game_id, UnverifiedMail.seat == seat) if game_id else false()
    today_rows = list(session.exec(select(UnverifiedMail).where(
        UnverifiedMail.day == today, or_(UnverifiedMail.address == address, seat_clause))))
    row = next((row for row in today_rows
                if (row.address, row.game_id, row.seat) == (address, game_id, seat)), None)
    if row is None:
        row = UnverifiedMail(day=today, address=address, game_id=game_id, seat=seat, mails=0, answered=0)
        session.add(row)
        today_rows.append(row)
    row.mails += 1
    if not answer:
        return False
    by_address = sum(other.answered for other in today_rows if other.address == address)
    by_seat = sum(other.answered for other in today_rows
                  if game_id and (other.game_id, other.seat) == (game_id, seat))
    if by_address >= settings.unverified_per_day or (
            game_id and by_seat >= settings.seat_notices_per_day):
        return False
    row.answered += 1
    return True


def signup(session: Session, today: date, settings: Settings, address: str) -> bool:
    """Whether a sign-up's confirmation may be mailed to ``address`` today: none mailed to it yet today, and
    fewer than ``signups_per_day`` to anyone. The confirmation stored with it (its ``day``) is what counts."""
    mailed = session.exec(select(func.count()).select_from(SignUp).where(SignUp.day == today)).one()
    if mailed >= settings.signups_per_day:
        return False
    return session.exec(select(SignUp.id).where(SignUp.day == today, SignUp.address == address)).first() is None


@dataclass(frozen=True)
class DigestLine:
    """One address or seat in the organiser's digest, on one day."""

    day: str
    address: str
    name: str
    """The player with that address, as the organiser knows them ("" for an address no player has now)."""
    game_id: int
    table: str
    seat_no: int
    mails: int
    answered: int


def send_organiser_digest(service: Service) -> int:
    """One mail to the organiser about every day before today not yet told: 1 if it went, else 0.

    It names every seat whose reply address was used from another address, and
    every address whose answers ran out (mail beyond them was kept unanswered);
    an address that got all its answers (a player who wrote to pbem@ instead of
    replying) is no news. A day's counts are final once it ends, so each day is
    told once, whole.
    """
    today = service.clock.now().date()
    with Session(service.db) as session:
        query = (select(UnverifiedMail).where(UnverifiedMail.reported == False, UnverifiedMail.day < today)  # noqa: E712
                 .order_by(UnverifiedMail.day, UnverifiedMail.game_id, UnverifiedMail.seat, UnverifiedMail.address))
        rows = list(session.exec(locked(query, service.db)))
        if not rows:
            return 0
        lines = [_line(session, row) for row in rows if row.game_id or row.mails > row.answered]
        for row in rows:
            row.reported = True
        if lines:
            settings = service.settings
            letter = service.letters.render(
                "organiser_digest", table="pbem", lines=lines, per_seat=settings.seat_notices_per_day,
                per_address=settings.unverified_per_day)
            service.mails.queue(session, "organiser", settings.organiser, letter, reply_to=settings.organiser)
        session.commit()
        return 1 if lines else 0


def _line(session: Session, row: UnverifiedMail) -> DigestLine:
    player = session.exec(select(Player).where(Player.email == row.address)).first()
    name = (player.name or player.email.split("@")[0]) if player is not None else ""
    game = session.get(Game, row.game_id) if row.game_id else None
    return DigestLine(row.day.isoformat(), row.address, name, row.game_id, game.label if game is not None else "",
                      row.seat + 1, row.mails, row.answered)
