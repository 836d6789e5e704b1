"""Bounces acted on: traced to the player whose address failed, counted, and held.

A bounce is never answered (that starts mail loops), but it is news: the
player did not get their turn, and a deadline running against them would
hand their seat to a bot for a fault of their mail server. So a bounce is
read for which address failed, counted per player like Mailman's bounce
score, and at ``bounce_threshold`` the organiser and the player's tables are
told and the player's deadlines are held.

Which player: every mail we send has its own envelope sender (VERP, see
:mod:`pbem.mail.tokens`), so a bounce reaches us at an address that names the
exact outbox row, and it is counted against that row's recipient alone. Only
the mail servers our mail passed through learn that address, so only they
can make a bounce count. Anything else that reads as a delivery report (one
sent to pbem@, to a reply address, to a return path whose token does not
check, to one of a mail older than ``bounce_verp_days``, or to one of a mail
whose bounce was counted already: a replay) is kept and
counted against nobody, whatever addresses it names and whoever sent it: a
stranger could write it, and counting it would let anyone put any player on
hold. flufl.bounce (Mailman's detectors for RFC 3464 DSNs and the common
non-DSN formats) still reads each one, to tell a failure from a delay warning
or an autoresponder and to say what failed. A relay's permanent refusal (5xx)
of a mail to a player counts the same as a bounce: it is our own relay
answering our own send.

The score (Mailman's): one bounce a day at most, however many mails failed
that day; a score whose last bounce is older than ``STALE_AFTER`` starts
again at 1; any reply from the player resets it and lifts the hold, giving
each decision they owe a full answer time from then, as does ``pbem player
release`` by the organiser.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, timedelta
from email import message_from_bytes
from email.policy import compat32
from typing import Iterable

from sqlmodel import Session, select

from pbem.ops.db import Game, Inbound, Outbox, Player, Seat
from pbem.mail.bounces import Bounce, recognise
from pbem.language.words import nameless
from pbem.play.players import given_name
from pbem.play.service import Service
from pbem.play.store import LoadedGame
from pbem.play.timeouts import game_timeouts

STALE_AFTER = timedelta(days=7)
"""Mailman's bounce_info_stale_after: a score whose last bounce is older than this starts again."""

@dataclass(frozen=True)
class Counted:
    """A bounce as the pipeline records it: whose it was (None: counted against nobody) and what it did."""

    player_id: int | None
    reason: str


NOBODY = "counted against nobody"
"""How the reason of every bounce that changed no score begins (``pbem inbound list`` shows its first words)."""

NOT_OURS = "delivery report not at a VERP address of ours"
"""Why a bounce that came anywhere but to a mail's own return path counts against nobody."""


def read_automatic(service: Service, session: Session, inbound_id: int, recipients: Iterable[str]) -> Counted | None:
    """Count the bounce stored message ``inbound_id`` is, if it is one; None for other automatic mail.

    It counts only against the recipient of the mail whose VERP return path
    it came to, and only while that path is younger than ``bounce_verp_days``;
    any other bounce is kept with a reason that begins "counted against nobody".
    """
    raw = session.exec(select(Inbound.raw).where(Inbound.id == inbound_id)).one()
    bounce = recognise(message_from_bytes(raw, policy=compat32), recipients, service.settings, service.secret)
    if bounce is None:
        return None
    player, why_not = _whose(service, session, bounce)
    if player is None:
        service.audit(session, "pbem", "bounce ignored", None, f"{why_not}: {bounce.detail}"[:1000])
        return Counted(None, f"{NOBODY}: {why_not}; {bounce.detail}")
    row = session.get(Outbox, bounce.outbox_id)
    assert row is not None  # _whose found it
    row.bounced = service.clock.now()
    session.add(row)
    count(service, session, player, bounce.detail)
    return Counted(player.id, f"bounce: {bounce.detail}; counted against {player.email}")


def refused(service: Service, session: Session, recipient: str, detail: str) -> None:
    """Count a relay's permanent refusal of a mail to ``recipient`` as a bounce, if a player has that address."""
    player = session.exec(select(Player).where(Player.email == recipient.lower())).first()
    if player is not None:
        count(service, session, player, detail)


def _whose(service: Service, session: Session, bounce: Bounce) -> tuple[Player | None, str]:
    """The one player a bounce counts against (the recipient of the mail its return path names), or None
    and why it counts against nobody. The addresses the report itself names are never trusted: anyone can
    write them."""
    if bounce.outbox_id is None:
        return None, NOT_OURS
    row = session.get(Outbox, bounce.outbox_id)
    if row is None:
        return None, f"its return path names mail {bounce.outbox_id}, which is not in the outbox"
    days = service.settings.bounce_verp_days
    created = row.created if row.created.tzinfo is not None else row.created.replace(tzinfo=UTC)
    if service.clock.now() - created > timedelta(days=days):
        return None, (f"the return path of mail {row.id} (to {row.recipient}, {created:%Y-%m-%d}) expired after "
                      f"bounce_verp_days = {days}")
    if row.bounced is not None:
        return None, f"mail {row.id} (to {row.recipient}) already counted a bounce: a mail fails once"
    player = session.exec(select(Player).where(Player.email == row.recipient.lower())).first()
    if player is None:
        return None, f"mail {row.id} went to {row.recipient}, who is no player"
    return player, ""


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
    letter = service.letters.render(
        "bounce_organiser", table="pbem", bouncing=player.name or player.email.split("@")[0], email=player.email, score=player.bounce_score,
        detail=player.bounce_detail, games=[{"id": game.id, "table": game.label} for game in tables])
    service.mails.queue(session, "organiser", service.settings.organiser, letter, reply_to=service.settings.organiser)
    for game in tables:
        held = game_timeouts(session, game.id, service.settings).hold_on_bounce  # as pbem.play.deadlines applies it
        others = session.exec(select(Player).join(Seat, Seat.player_id == Player.id)  # type: ignore[arg-type]
                              .where(Seat.game_id == game.id, Seat.bot == "", Player.id != player.id))
        seat = session.exec(select(Seat.seat).where(Seat.game_id == game.id, Seat.player_id == player.id)).first()
        for other in others:  # the table knows the player by their name, else by seat: never by their address
            name = given_name(player) or nameless((seat or 0) + 1, other.reads)
            letter = service.letters.render("bounce_table", other.reads, table=game.label,
                                            player=other.name or other.email, bouncing=name, held=held)
            service.mails.queue(session, "bounce", other.email, letter, game_id=game.id, reply_to=service.mails.desk,
                                list_id=service.mails.lists.of(session, game.id))
