"""Bounces: recognised, traced to the player whose address failed, counted, and acted on.

A bounce is never answered (that starts mail loops), but it is news: the
player did not get their turn, and a deadline running against them would
hand their seat to a bot for a fault of their mail server. So a bounce is
read for which address failed, counted per player like Mailman's bounce
score, and at ``bounce_threshold`` the organiser and the player's tables are
told and the player's deadlines are held.

Which player: every mail we send has its own envelope sender (VERP, see
:mod:`pbem.mail.tokens`), so a bounce reaches us at an address that names the
exact outbox row. A bounce without it (an MTA that answered the From, or a
plain-text postmaster notice) is read with flufl.bounce, Mailman's detectors
for RFC 3464 DSNs and the common non-DSN formats, and counted only for the
addresses of registered players. A relay's permanent refusal (5xx) of a mail
to a player counts the same.

The score (Mailman's): one bounce a day at most, however many mails failed
that day; a score whose last bounce is older than ``STALE_AFTER`` starts
again at 1; any reply from the player resets it and lifts the hold, giving
each decision they owe a full answer time from then, as does ``pbem player
release`` by the organiser.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, timedelta
from email import message_from_bytes
from email.message import Message
from email.policy import compat32
from typing import Iterable

from flufl.bounce import all_failures
from sqlmodel import Session, select

from pbem.ops.config import Settings
from pbem.ops.db import Game, Inbound, Outbox, Player, Seat
from pbem.mail.inbound.headers import decoded_field, first_address
from pbem.mail.inbound.filters import DAEMON_LOCAL_PARTS, REPORT_TYPES
from pbem.play.service import Service
from pbem.play.store import LoadedGame
from pbem.mail.tokens import read_bounce_address
from pbem.tournament.timeouts import game_timeouts

log = logging.getLogger("pbem.mail.bounces")

STALE_AFTER = timedelta(days=7)
"""Mailman's bounce_info_stale_after: a score whose last bounce is older than this starts again."""

BOUNCING_SENDERS = DAEMON_LOCAL_PARTS | {"postmaster"}
"""Local parts of senders whose mail to one of our return paths is a failure report even if no detector reads it."""


@dataclass(frozen=True)
class Bounce:
    """A delivery failure read from one inbound mail."""

    failed: tuple[str, ...]
    """The addresses the report names as failed for good (may be empty when only the return path tells)."""
    outbox_id: int | None
    """The mail of ours that failed, from the VERP return path the bounce was sent to."""
    detail: str
    """What failed, in words for the organiser."""


@dataclass(frozen=True)
class Counted:
    """A bounce as the pipeline records it: whose it was and what it did."""

    player_ids: tuple[int, ...]
    reason: str


def recognise(message: Message, recipients: Iterable[str], settings: Settings, secret: str) -> Bounce | None:
    """The delivery failure ``message`` reports, or None when it reports none (or only a delay).

    A message to one of our return paths is a bounce when a detector finds a
    permanent failure in it, or when it comes from a mail server (MAILER-DAEMON,
    postmaster, a multipart/report) in a format no detector reads; anything
    else there is an autoresponder answering the envelope sender.
    """
    outbox_id = next((found for found in (read_bounce_address(address, settings.bounce_local, settings.domain, secret)
                                          for address in recipients) if found is not None), None)
    temporary, permanent = _failures(message)
    failed = tuple(sorted({address.decode("utf-8", "replace").strip("<>").lower() for address in permanent}))
    sender = first_address(message, "From")
    report = f"{sender or 'a mail server'} wrote {decoded_field(message, 'Subject')!r}"
    if failed:
        return Bounce(failed, outbox_id, f"{report}: permanent failure of {', '.join(failed)}")
    if temporary:
        return None  # a delay warning: the sending server keeps trying
    if outbox_id is not None and (sender.partition("@")[0] in BOUNCING_SENDERS
                                  or message.get_content_type() in REPORT_TYPES):
        return Bounce((), outbox_id, f"{report} (a failure report in a format not read)")
    return None


def _failures(message: Message) -> tuple[frozenset[bytes], frozenset[bytes]]:
    """flufl.bounce's temporary and permanent failures; none when one of its detectors trips on odd input.

    Its heuristic detectors index into what they expect (Yale's raises
    IndexError on a message whose From is empty): that is not a bounce read,
    and must not make the message fail handling.
    """
    try:
        return all_failures(message)
    except Exception:  # noqa: BLE001 - third-party heuristics on hostile input; logged, read as no failure
        log.warning("flufl.bounce could not read a message; taken as reporting no failure", exc_info=True)
        return frozenset(), frozenset()


def read_automatic(service: Service, session: Session, inbound_id: int, recipients: Iterable[str]) -> Counted | None:
    """Count the bounce stored message ``inbound_id`` is, if it is one; None for other automatic mail."""
    raw = session.exec(select(Inbound.raw).where(Inbound.id == inbound_id)).one()
    bounce = recognise(message_from_bytes(raw, policy=compat32), recipients, service.settings, service.secret)
    if bounce is None:
        return None
    players = _players(session, bounce)
    for player in players:
        count(service, session, player, bounce.detail)
    whose = ", ".join(player.email for player in players) or "no registered player"
    return Counted(tuple(player.id for player in players if player.id is not None),
                   f"bounce: {bounce.detail}; counted for {whose}")


def refused(service: Service, session: Session, recipient: str, detail: str) -> None:
    """Count a relay's permanent refusal of a mail to ``recipient`` as a bounce, if a player has that address."""
    player = session.exec(select(Player).where(Player.email == recipient.lower())).first()
    if player is not None:
        count(service, session, player, detail)


def _players(session: Session, bounce: Bounce) -> list[Player]:
    """The players a bounce is against: the VERP row's recipient, else the registered failed addresses."""
    if bounce.outbox_id is not None:
        row = session.get(Outbox, bounce.outbox_id)
        addresses: Iterable[str] = (row.recipient.lower(),) if row is not None else ()
    else:
        addresses = bounce.failed
    return list(session.exec(select(Player).where(Player.email.in_(tuple(addresses))))) if addresses else []  # type: ignore[attr-defined]


def count(service: Service, session: Session, player: Player, detail: str) -> bool:
    """Add one bounce to ``player``'s score (once a day); at the threshold hold their deadlines and tell people.

    Returns whether it counted. Every bounce is in the audit log, counted or not.
    """
    today = service.clock.now().date()
    counted = player.bounced_on != today
    service.audit(session, "pbem", "bounce", None,
                  f"{player.email}: {detail}"[:1000] + ("" if counted else " (already counted today)"))
    if not counted:
        return False
    if player.bounced_on is None or today - player.bounced_on > STALE_AFTER:
        player.bounce_score = 0
    player.bounce_score += 1
    player.bounced_on, player.bounce_detail = today, detail[:500]
    if player.bounce_score >= service.settings.bounce_threshold and not player.bounce_hold:
        player.bounce_hold = True
        _tell(service, session, player)
    session.add(player)
    return True


def held(table: LoadedGame, seat: int) -> bool:
    """Whether the seat's player's address bounces: no reminder and no timeout run against the seat."""
    player = table.player(seat)
    return player is not None and player.bounce_hold


def replied(service: Service, session: Session, player: Player, game_id: int) -> None:
    """A mail from the player themself (in game ``game_id``, loaded): their address works, so the score goes."""
    if player.bounce_score or player.bounce_hold:
        release(service, session, player, "pbem", "the player replied", loaded_game=game_id)


def release(service: Service, session: Session, player: Player, actor: str, reason: str,
            loaded_game: int | None = None) -> list[int]:
    """Clear the player's bounce score and hold; each decision they owe gets a full answer time from now.

    Returns the games whose deadlines moved. Their versions are bumped (a
    writer that loaded one before loses and retries), except ``loaded_game``,
    which this session holds loaded and whose own commit bumps it.
    """
    was_held = player.bounce_hold
    player.bounce_score, player.bounced_on, player.bounce_hold = 0, None, False
    session.add(player)
    moved: list[int] = []
    if was_held:
        now = service.clock.now()
        owing = session.exec(select(Seat, Game).join(Game, Seat.game_id == Game.id)  # type: ignore[arg-type]
                             .where(Seat.player_id == player.id, Seat.awaiting == True,  # noqa: E712
                                    Seat.bot == "", Game.status == "active"))
        for seat, game in owing:
            fresh = now + timedelta(hours=game.deadline_hours)
            seat.deadline = max(seat.deadline, fresh) if seat.deadline else fresh
            seat.reminded = False
            if game.id != loaded_game:
                game.version = Game.version + 1  # type: ignore[assignment]  # in SQL: a racing writer loses
            moved.append(game.id)  # type: ignore[arg-type]
    again = f", deadlines run again in games {', '.join(map(str, moved))}" if moved else ""
    service.audit(session, actor, "bounce release", None, f"{player.email}: bounce score cleared{again}: {reason}")
    return moved


def _tell(service: Service, session: Session, player: Player) -> None:
    """The organiser and everyone the player sits with hear that the player's mail fails (never the player)."""
    tables = list(session.exec(select(Game).join(Seat, Seat.game_id == Game.id)  # type: ignore[arg-type]
                               .where(Seat.player_id == player.id, Seat.bot == "", Game.status == "active")))
    name = player.name or player.email.split("@")[0]
    letter = service.letters.render(
        "bounce_organiser", table="pbem", bouncing=name, email=player.email, score=player.bounce_score,
        detail=player.bounce_detail, games=[{"id": game.id, "table": game.label} for game in tables])
    service.mails.queue(session, "organiser", service.settings.organiser, letter)
    for game in tables:
        held = game_timeouts(session, game.id, service.settings).hold_on_bounce  # as pbem.play.deadlines applies it
        others = session.exec(select(Player).join(Seat, Seat.player_id == Player.id)  # type: ignore[arg-type]
                              .where(Seat.game_id == game.id, Seat.bot == "", Player.id != player.id))
        for other in others:
            letter = service.letters.render("bounce_table", other.reads, table=game.label,
                                            player=other.name or other.email, bouncing=name, held=held)
            service.mails.queue(session, "bounce", other.email, letter, game_id=game.id)
