"""The organiser's actions on disputes players opened (``dispute <text>``), and the audit log they are judged by."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from pbem.admin.base import REASON, AdminError, Arg, Desk, Printed, action, table, when
from pbem.ops.db import Audit, Dispute, Game, Player

DISPUTE_ID = Arg("dispute_id", int, "The dispute (see `pbem dispute list`).", metavar="ID")
STATUSES = ("open", "resolved", "all")


def _print_list(rows: list[tuple[Dispute, str, str]], given: dict[str, Any]) -> list[Printed]:
    return [table(f"disputes ({given['status']})", ("id", "opened (UTC)", "game", "player", "status", "text"),
                  ([str(d.id), when(d.created), f"{d.game_id} {label}", email, d.status, d.text[:60]]
                   for d, label, email in rows))]


@action("dispute", "list", "Disputes, open ones by default.",
        Arg("status", str, "open, resolved or all.", flag="--status", default="open"), output=_print_list)
def disputes(desk: Desk, status: str = "open") -> list[tuple[Dispute, str, str]]:
    """Disputes of one status (or all) with the game's label and the player's address."""
    if status not in STATUSES:
        raise AdminError(f"--status {status!r}: use open, resolved or all")
    with Session(desk.service.db) as session:
        query = select(Dispute, Game, Player).where(Dispute.game_id == Game.id, Dispute.player_id == Player.id)
        if status != "all":
            query = query.where(Dispute.status == status)
        return [(d, g.label, p.email) for d, g, p in session.exec(query.order_by(Dispute.id))]


def _print_one(found: tuple[Dispute, str, str, list[Audit]], given: dict[str, Any]) -> list[Printed]:
    dispute, label, email, trail = found
    return [f"dispute {dispute.id} ({dispute.status}), opened {when(dispute.created)} UTC by {email} "
            f"in game {dispute.game_id} ({label}):",
            "\n".join("  " + line for line in dispute.text.splitlines()),
            *(f"{when(row.at)}  {row.actor}: {row.action} — {row.detail}" for row in trail)]


@action("dispute", "show", "A dispute in full, with what the organiser did to its game since it was opened.",
        DISPUTE_ID, output=_print_one)
def dispute(desk: Desk, dispute_id: int) -> tuple[Dispute, str, str, list[Audit]]:
    """A dispute, its game's label, the player's address, and the audit trail of its game since it opened."""
    with Session(desk.service.db) as session:
        found = _dispute(session, dispute_id)
        game = session.get(Game, found.game_id)
        player = session.get(Player, found.player_id)
        assert game is not None and player is not None
        trail = list(session.exec(select(Audit).where(Audit.game_id == found.game_id,
                                                      Audit.at >= found.created).order_by(Audit.id)))
        return found, game.label, player.email, trail


@action("dispute", "resolve", "Close a dispute; the player who opened it gets the reason.", DISPUTE_ID, REASON,
        audit="dispute resolve", tells=("dispute_resolved",), mails=True,
        output=lambda result, given: [f"dispute {given['dispute_id']} resolved; the player is told"])
def resolve(desk: Desk, dispute_id: int, reason: str) -> None:
    """Close a dispute and tell the player who opened it why."""
    desk.reason(reason)
    with Session(desk.service.db) as session:
        found = _dispute(session, dispute_id)
        if found.status != "open":
            raise AdminError(f"dispute {dispute_id} is {found.status} already")
        found.status = "resolved"
        session.add(found)
        _tell_disputant(desk, session, found, "dispute_resolved", reason)
        desk.audit(session, found.game_id, f"dispute {dispute_id}: {reason}")
        session.commit()


@action("dispute", "reply", "Write to the player who opened a dispute (it stays open); kept in the audit log.",
        DISPUTE_ID, Arg("text", str, "What the player is told.", metavar="TEXT"),
        audit="dispute reply", tells=("dispute_reply",), mails=True,
        output=lambda result, given: [f"dispute {given['dispute_id']}: your reply is mailed to the player"])
def reply(desk: Desk, dispute_id: int, text: str) -> None:
    """Write to the player who opened a dispute; it stays open, and the words are kept in the audit log."""
    if not text.strip():
        raise AdminError('give the text to send, e.g. pbem dispute reply 4 "I am looking at move 12"')
    with Session(desk.service.db) as session:
        found = _dispute(session, dispute_id)
        _tell_disputant(desk, session, found, "dispute_reply", "", answer=text.strip())
        desk.audit(session, found.game_id, f"dispute {dispute_id}: {text.strip()}")
        session.commit()


def _print_audit(rows: list[Audit], given: dict[str, Any]) -> list[Printed]:
    game = given.get("game_id")
    return [f"audit log{f' of game {game}' if game is not None else ''}: {len(rows)} entries "
            f"(time UTC, who, action, game, detail)",
            *(f"{row.at:%Y-%m-%d %H:%M:%S}  {row.actor}  {row.action}"
              f"{f'  game {row.game_id}' if row.game_id else ''}  {row.detail}" for row in rows)]


@action("", "audit", "Every organiser and service action: when, who, what and why.",
        Arg("game_id", int, "Only this game.", flag="--game", default=None),
        Arg("limit", int, "The newest N entries.", flag="--limit", default=200), output=_print_audit)
def audit_log(desk: Desk, game_id: int | None = None, limit: int = 200) -> list[Audit]:
    if limit < 1:
        raise AdminError(f"--limit {limit}: give 1 or more")
    with Session(desk.service.db) as session:
        query = select(Audit)
        if game_id is not None:
            if session.get(Game, game_id) is None:
                desk.load(session, game_id)  # its refusal, as `game log` and every game command say it
            query = query.where(Audit.game_id == game_id)
        rows = list(session.exec(query.order_by(Audit.id.desc()).limit(limit)))  # type: ignore[union-attr]
        return rows[::-1]


def _tell_disputant(desk: Desk, session: Session, found: Dispute, event: str, reason: str, **extra: Any) -> None:
    """Mail the player who opened ``found``: in the seat's thread, or directly if no longer seated."""
    game = desk.service.store.load(session, found.game_id)
    seats = [s.seat for s in game.seats if s.player_id == found.player_id]
    told = {"dispute_id": found.id, "text": found.text, **extra}
    if seats:
        desk.tell(session, game, seats[0], event, reason, **told)
        return
    player = session.get(Player, found.player_id)
    assert player is not None
    context = {**desk.service.shown.base_context(game, None), "seat_no": 0, "earlier": [],
               "player": player.name or player.email}
    # no seat's address reads a "dispute" now: the organiser wrote it, and the player's reply reaches the organiser
    letter = desk.service.letters.render("organiser_action", player.reads, event=event, reason=reason,
                                         action={**told, "direct": True}, **context)
    desk.service.mails.queue(session, "admin", player.email, letter, game_id=found.game_id,
                             reply_to=desk.service.settings.organiser)


def _dispute(session: Session, dispute_id: int) -> Dispute:
    found = session.get(Dispute, dispute_id)
    if found is None:
        known = ", ".join(str(d.id) for d in session.exec(select(Dispute).where(Dispute.status == "open")))
        raise AdminError(f"there is no dispute {dispute_id}; open disputes: {known or 'none'}")
    return found
