"""Observers: addresses that follow a game by mail (``follow GAME``, ``unfollow GAME``), as its tournament allows.

A tournament's file says who may (``observers = "none" | "players" | "anyone"``,
asked through :meth:`pbem.play.memberships.Memberships.observers`). Its own
players follow at once; any other address follows only once its owner has
answered the one confirmation mailed to it (double opt-in), and an address is
mailed at most one confirmation a day, whatever game it names, so a stranger
cannot use pbem to mail a third party more than that. A follower gets what a
spectator may see (the public recap and board: another seat's private move
only as such, :meth:`pbem.play.shown.Shown.line`), a mail a day or after each
move, each one saying how to stop and carrying a ``List-Unsubscribe`` that
does. A follower is no player: never asked, never able to move.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, func, select

from pbem.clock import stored
from pbem.language.letters import Letter
from pbem.ops.db import Follower, Game, InboundStatus, Move, Player
from pbem.play import confirmations
from pbem.play.memberships import Memberships
from pbem.play.outcome import Outcome
from pbem.play.postbox import Postbox
from pbem.play.store import GameStore, LoadedGame

VERBS = ("follow", "unfollow")
EVERY = {"day": "day", "daily": "day", "digest": "day", "move": "move", "each": "move"}
"""The words that choose how often a follower is mailed: a digest a day, or a mail after each move."""
CONFIRM = "confirm"
CONFIRMATIONS_A_DAY = timedelta(days=1)
WORDS_BESIDE_A_PICTURE = 3200
"""The fewest characters of HTML (markup included) a follower's mail carries its board's picture beside:
SpamAssassin's ``HTML_IMAGE_ONLY_*`` rules score a shorter HTML part with an image as image spam (up to 2.8
points), and a digest of a move or two is that short. Such a mail's HTML shows the text board, and the picture
is attached beside it."""
"""An address is mailed one confirmation within this time, whatever game it names."""
OPEN = ("active", "paused")


@dataclass(frozen=True)
class Ask:
    """A ``follow`` or ``unfollow`` as read: the game, how often (``day``/``move``), the confirmation's token."""

    verb: str
    game_id: int
    every: str = "day"
    token: str = ""


def parse(verb: str, argument: str) -> Ask | None:
    """``follow 12``, ``follow 12 move``, ``follow 12 confirm TOKEN`` or ``unfollow 12``; None when malformed."""
    words = argument.split()
    if not words or not words[0].lstrip("#").isdigit():
        return None
    game_id, rest = int(words[0].lstrip("#")), [word.lower() for word in words[1:]]
    if verb == "unfollow":
        return Ask(verb, game_id)
    if not rest:
        return Ask(verb, game_id)
    if rest[0] == CONFIRM and len(rest) >= 2:
        return Ask(verb, game_id, token=words[2])
    return Ask(verb, game_id, EVERY[rest[0]]) if rest[0] in EVERY else None


def read(rest_of_line: str, _following: str) -> str:
    """The command's reader: the rest of its line, which :func:`parse` reads."""
    return rest_of_line.strip()


def handle(mails: Postbox, memberships: Memberships, session: Session, sender: str, player: Player | None,
           verb: str, argument: str, language: str) -> Outcome:
    """Decide a ``follow`` or ``unfollow`` from ``sender`` (``player`` when a registered player wrote).

    A registered player is answered either way (their mail's answers are budgeted before this); an address no
    player has is answered only by the one confirmation a day, or once it has confirmed: else its mail is kept.
    """
    ask = parse(verb, argument)
    game = session.get(Game, ask.game_id) if ask else None
    allowed = memberships.observers(session, game.id) if game is not None and game.status in OPEN else "none"
    member = (player is not None and game is not None
              and memberships.of_game(session, game.id, player.id or 0) is not None)
    may = allowed == "anyone" or (allowed == "players" and member)
    row = (session.exec(select(Follower).where(Follower.game_id == game.id, Follower.email == sender)).first()
           if game is not None else None)
    words = language or (player.reads if player is not None else "")
    if ask is None or game is None or not may:
        why = "bad" if ask is None else "not_allowed"
        return _refuse(mails, session, sender, player, words, why, ask.game_id if ask else 0)
    if ask.verb == "unfollow":
        if row is None or row.ended or row.confirmed is None:
            return _refuse(mails, session, sender, player, words, "not_following", game.id)
        row.ended = "unfollowed"
        _send(mails, session, row.email, row.language, game, "stopped")
        return Outcome(InboundStatus.COMMAND, f"{sender} no longer follows game {game.id}")
    now = mails.clock.now()
    if ask.token:
        return _confirm(mails, session, sender, player, words, game, row, ask.token, now)
    if row is not None and row.confirmed is not None and not row.ended:
        row.every = ask.every if member else row.every  # only a player's own word changes it: it is verified
        if member:
            _send(mails, session, row.email, row.language, game, "following", every=row.every)
        return Outcome(InboundStatus.COMMAND, f"{sender} already follows game {game.id}")
    row = row or Follower(game_id=game.id, email=sender)
    row.language, row.every, row.ended = words, ask.every, ""
    row.seen_seq = _last_seq(session, game.id)
    if member:
        row.confirmed, row.token_hash = now, ""
        session.add(row)
        _send(mails, session, sender, words, game, "following", every=row.every)
        return Outcome(InboundStatus.COMMAND, f"{sender} follows game {game.id} ({row.every})")
    asked = session.exec(select(Follower).where(Follower.email == sender, Follower.asked != None,  # noqa: E711
                                                Follower.asked > now - CONFIRMATIONS_A_DAY)).first()  # type: ignore[operator]
    if asked is not None:
        return Outcome(InboundStatus.RATE_LIMITED, f"follow {game.id} from {sender}: a confirmation went to that "
                                                   "address within a day: kept, not answered")
    sent = session.exec(select(func.count()).select_from(Follower).where(
        Follower.asked != None, Follower.asked > now - CONFIRMATIONS_A_DAY)).one()  # type: ignore[operator]  # noqa: E711
    if sent >= mails.settings.signups_per_day:  # many addresses, one each: the day's confirmations are bounded
        return Outcome(InboundStatus.RATE_LIMITED, f"follow {game.id} from {sender}: the day's {sent} confirmations "
                                                   "to addresses no player has are sent: kept, not answered")
    token = confirmations.new_token()
    row.token_hash, row.asked, row.confirmed = confirmations.hashed(token), now, None
    session.add(row)
    _send(mails, session, sender, words, game, "confirm", token=token, every=row.every,
          days=mails.settings.confirm_days)
    return Outcome(InboundStatus.COMMAND, f"follow {game.id} from {sender}: one confirmation mailed")


def _confirm(mails: Postbox, session: Session, sender: str, player: Player | None, language: str, game: Game,
             row: Follower | None, token: str, now: datetime) -> Outcome:
    """The owner of the address answered its confirmation: it follows from now on."""
    days = timedelta(days=mails.settings.confirm_days)
    if (row is None or row.confirmed is not None or row.asked is None or not row.token_hash
            or row.token_hash != confirmations.hashed(token) or stored(row.asked) + days <= now):
        return _refuse(mails, session, sender, player, language, "not_confirmed", game.id)
    row.confirmed, row.token_hash, row.seen_seq = now, "", _last_seq(session, game.id)
    _send(mails, session, row.email, row.language, game, "following", every=row.every)
    return Outcome(InboundStatus.COMMAND, f"{sender} confirmed: follows game {game.id} ({row.every})")


def _refuse(mails: Postbox, session: Session, sender: str, player: Player | None, language: str, why: str,
            game_id: int) -> Outcome:
    """A player hears why nothing was done; an address no player has hears nothing (no backscatter)."""
    reason = f"{' '.join(VERBS)} {game_id} from {sender}: {why}"
    if player is None:
        return Outcome(InboundStatus.STRANGER, f"{reason}; no player: kept, not answered")
    letter = mails.letters.render("observer", player.reads, event="refused", why=why, game_id=game_id, table="pbem",
                                  game_title="", lines=[], board="", desk=mails.desk)
    mails.queue(session, "observer", player.email, letter, reply_to=mails.desk)
    return Outcome(InboundStatus.REFUSED, reason)


def _send(mails: Postbox, session: Session, email: str, language: str, game: Game | LoadedGame, event: str, *,
          picture: bytes | None = None, **context: Any) -> None:
    """One mail to a follower: from pbem's own address, which reads its ``unfollow`` (List-Unsubscribe too)."""
    row = game.row if isinstance(game, LoadedGame) else game
    language = language or "en"

    def render(pictured: bool) -> Letter:
        return mails.letters.render("observer", language, event=event, game_id=row.id, table=row.label,
                                    game_title=row.game, desk=mails.desk, picture=pictured,
                                    **{"lines": [], "board": "", "game_page": mails.shown.game_page(row.id or 0,
                                                                                                   language),
                                       **context})

    letter = render(picture is not None)
    if picture is not None and len(letter.html) <= WORDS_BESIDE_A_PICTURE:  # a move or two: the picture goes
        letter = render(False)  # as an attachment, not shown in the HTML (pbem.serve.outbox.compose)
    mails.queue(session, "observer", email, letter, reply_to=mails.desk, game_id=row.id, picture=picture,
                list_id=mails.lists.of(session, row.id or 0),
                unsubscribe=f"<mailto:{mails.desk}?subject=unfollow%20{row.id}>")


def _last_seq(session: Session, game_id: int) -> int:
    """The game's last move now: a new follower is told of what comes after it."""
    seqs = session.exec(select(Move.seq).where(Move.game_id == game_id).order_by(Move.seq.desc())).first()  # type: ignore[attr-defined]
    return seqs or 0


def tell(mails: Postbox, session: Session, game: LoadedGame, every: tuple[str, ...]) -> int:
    """Mail each follower of the game who chose one of ``every`` what happened since their last mail, with the
    board as a spectator sees it; how many were mailed. After each move (``move``) from the transaction that
    played it; a day's digest (``day``) from the deadline scan."""
    now = mails.clock.now()
    followers = session.exec(select(Follower).where(Follower.game_id == game.id, Follower.ended == "",
                                                    Follower.confirmed != None,  # noqa: E711
                                                    Follower.every.in_(every))).all()  # type: ignore[attr-defined]
    sent = 0
    for row in followers:
        if row.every == "day" and row.told is not None and stored(row.told) > now - timedelta(days=1):
            continue
        said = game.words(None, language=row.language)
        moves = [move for move in (*game.log, *game.played) if move.seq > row.seen_seq]
        if not moves:
            continue
        lines = [mails.shown.line(game, move.seq, move.seat, move.notation, move.source, said, reader=None)
                 for move in moves]
        _send(mails, session, row.email, row.language, game, "digest", lines=lines, every=row.every,
              board=game.rules.render(game.state, None, said), over=game.rules.result(game.state) is not None,
              picture=game.rules.picture(game.state, None, said))
        row.seen_seq, row.told = moves[-1].seq, now
        sent += 1
    return sent


def send_daily(db: Engine, store: GameStore, mails: Postbox) -> int:
    """The day's digest to every follower who chose one and has not had one within a day; how many went."""
    with Session(db) as session:
        games = sorted(set(session.exec(select(Follower.game_id).where(
            Follower.ended == "", Follower.confirmed != None, Follower.every == "day"))))  # noqa: E711
        sent = sum(tell(mails, session, store.load(session, game_id), ("day",)) for game_id in games)
        session.commit()
        return sent
