"""Undo by consent: a player takes back their last turn when every other human player at the table agrees.

Why these rules:

- Only a turn nobody has acted on: the asker's moves must be the last in the log, and the ask lapses the
  moment anyone moves (a reply, a bot, a deadline, the organiser). The game never waits for the vote, so an
  undo cannot be used to stall it.
- Never a turn that showed anything hidden (a card drawn, a tile or a month turned up): the engine decides,
  by playing the turn in worlds the asker could not tell apart (:func:`engine.lookahead.reveals`). Replayed,
  such a turn would be played knowing what it showed.
- Votes are mail to the voter's own seat address (its token and sender checked by the reply chain like any
  move), so a stranger or a forged From cannot vote. Bots do not vote; with no other human at the table the
  turn is taken back at once.
- Any no refuses; every yes takes the turn back as the organiser's undo does (the moves marked reverted,
  never deleted; audited as ``undo``), tells the table and asks the asker again. A vote missing after
  ``undo_vote_hours`` counts as no (:func:`expire`, from the deadline scan).
"""

from __future__ import annotations

import random
import unicodedata
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlmodel import Session, select

from engine import lookahead
from pbem.clock import stored
from pbem.ops.db import Move, UndoRequest
from pbem.play.commands.base import handled
from pbem.play.outcome import Outcome
from pbem.play.store import LoadedGame, replay

if TYPE_CHECKING:
    from pbem.play.commands.base import CommandContext, Service

OPEN, DONE, REFUSED, EXPIRED, LAPSED = "open", "done", "refused", "expired", "lapsed"

OWN_MOVES = ("email", "early")
"""Moves the player wrote: a turn to take back holds at least one."""
TURN_SOURCES = (*OWN_MOVES, "forced")
"""Moves a player's turn may hold: their own, and the ones the rules then left them no choice about."""

VOTE_WORDS = {"en": ("yes", "no"), "el": ("ναι", "όχι"), "hu": ("igen", "nem"), "ru": ("да", "нет")}
"""Each language's yes and no, as a vote mail offers them (and its links write them)."""

_YES = {"yes", "y", "ok", "ναι", "igen", "да"}
_NO = {"no", "n", "οχι", "nem", "нет"}


def vote_word(word: str) -> str | None:
    """"yes" or "no" for a word that says it in one of pbem's languages (any case, accents and trailing
    punctuation ignored), else None."""
    decomposed = unicodedata.normalize("NFD", word.strip().rstrip(".!,;:").casefold())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return "yes" if plain in _YES else "no" if plain in _NO else None


# ---------------------------------------------------------------- asking


def ask(context: CommandContext) -> Outcome:
    """The seat asks to take back its last turn: refused with the reason, or the other humans asked to vote."""
    service, session, game, seat = context.service, context.session, context.game, context.seat
    if game.row.status == "paused":
        return context.refuse("paused", "undo: the organiser paused the game")
    if game.row.status != "active" or not game.due():
        return context.refuse("game_over", "undo: the game is over")
    if open_request(session, game.id) is not None:
        return context.refuse("undo_open", "undo: an undo is being voted on at this table already")
    counted = list(session.exec(select(Move).where(Move.game_id == game.id, Move.reverted == False)  # noqa: E712
                                .order_by(Move.seq)))
    turn = _last_turn(counted, seat)
    if not turn:
        mine = any(move.seat == seat and move.source in OWN_MOVES for move in counted)
        return context.refuse("undo_moved" if mine else "undo_nothing",
                              "undo: someone moved after the seat's last turn" if mine else "undo: no move to take back")
    if _revealed(game, counted[:len(counted) - len(turn)], turn, seat):
        return context.refuse("undo_revealed", f"undo: moves {[m.seq for m in turn]} showed something hidden")
    now = service.clock.now()
    voters = [other for other in range(len(game.seats)) if other != seat and game.human(other)]
    request = UndoRequest(game_id=game.id, seat=seat, player_id=context.player.id,  # type: ignore[arg-type]
                          first_seq=turn[0].seq, last_seq=turn[-1].seq, voters=voters, asked=now,
                          expires=now + timedelta(hours=service.settings.undo_vote_hours))
    session.add(request)
    session.flush()
    service.audit(session, context.player.email, "undo asked", game.id,
                  f"seat {seat + 1}: moves {[m.seq for m in turn]}; voters {[v + 1 for v in voters]} (request {request.id})")
    if not voters:
        return _take_back(context, request, turn)
    for voter in voters:
        _tell(service, session, game, voter, "vote", request, turn, expires=service.shown.when(game, voter, request.expires))
    context.acknowledge("undo", "asked", "", moves=_lines(service, game, turn, seat),
                        voters=game.names(voters, seat), expires=service.shown.when(game, seat, request.expires))
    return handled("undo")


def _last_turn(counted: list[Move], seat: int) -> list[Move]:
    """The seat's last turn when it is the end of the log and its own (not a deadline's, nor the organiser's):
    the moves since anyone else's; [] otherwise."""
    turn: list[Move] = []
    for move in reversed(counted):
        if move.seat != seat:
            break
        turn.insert(0, move)
    if not turn or any(m.source not in TURN_SOURCES for m in turn) or not any(m.source in OWN_MOVES for m in turn):
        return []
    return turn


def _revealed(game: LoadedGame, before: list[Move], turn: list[Move], seat: int) -> bool:
    """Whether the turn showed the asker (or the table) anything hidden before it (:func:`lookahead.reveals`)."""
    rules = game.rules
    state = replay(rules, len(game.seats), game.row.seed, game.row.options, ((m.seat, m.notation) for m in before))
    walk, moves = rules.clone(state), []
    for played in turn:
        for move in rules.parse(played.notation, walk, seat):
            moves.append(move)
            walk = rules.apply(walk, seat, move)
    return lookahead.reveals(rules, state, seat, moves, random.Random(f"{game.row.bot_seed}:undo:{turn[0].seq}"))


# ---------------------------------------------------------------- voting


def open_request(session: Session, game_id: int) -> UndoRequest | None:
    return session.exec(select(UndoRequest).where(UndoRequest.game_id == game_id,
                                                  UndoRequest.status == OPEN)).first()


def awaits_vote(session: Session, game_id: int, seat: int) -> bool:
    """Whether the seat is asked to vote on an open undo of its game and has not yet."""
    request = open_request(session, game_id)
    return request is not None and seat in request.voters and str(seat) not in request.votes


def vote(context: CommandContext, answer: str) -> Outcome:
    """The seat's yes or no on the open undo: counted once; a no refuses it, the last yes takes the turn back."""
    service, session, game, seat = context.service, context.session, context.game, context.seat
    request = open_request(session, game.id)
    if request is None or seat not in request.voters:
        return context.refuse("undo_no_vote", "undo vote: no undo of another player's is open at this table")
    if str(seat) in request.votes:
        return context.refuse("undo_voted", f"undo vote: seat {seat + 1} voted already")
    if stored(request.expires) <= service.clock.now():  # the scan has not come to it yet: it ran out all the same
        _close(service, session, game, request, EXPIRED, "service")
        return handled("undo")
    request.votes = {**request.votes, str(seat): answer}
    session.add(request)
    service.audit(session, context.player.email, "undo vote", game.id, f"seat {seat + 1}: {answer} (request {request.id})")
    if answer == "no":
        _close(service, session, game, request, REFUSED, context.player.email, by=game.name(seat, "en"))
        return handled("undo")
    if all(request.votes.get(str(voter)) == "yes" for voter in request.voters):
        turn = list(session.exec(select(Move).where(Move.game_id == game.id, Move.reverted == False,  # noqa: E712
                                                    Move.seq >= request.first_seq).order_by(Move.seq)))
        return _take_back(context, request, turn)
    waiting = [voter for voter in request.voters if str(voter) not in request.votes]
    context.acknowledge("undo", "voted", "", voters=game.names(waiting, seat), asker=game.names([request.seat], seat)[0],
                        expires=service.shown.when(game, seat, request.expires))
    return handled("undo")


def _take_back(context: CommandContext, request: UndoRequest, turn: list[Move]) -> Outcome:
    """Every vote is yes: the turn is reverted as the organiser's undo reverts it, the table told, the asker asked."""
    service, session, game = context.service, context.session, context.game
    request.status = DONE
    session.add(request)
    lines = {reader: _lines(service, game, turn, reader) for reader in range(len(game.seats)) if game.human(reader)}
    fresh = context.take_back(turn)
    for reader, moves in lines.items():
        _tell(service, session, fresh, reader, "done", request, turn, moves=moves)
    service.advance(session, fresh)
    service.audit(session, context.player.email, "undo", game.id,
                  f"to move {request.first_seq - 1}; reverted {[m.seq for m in turn]}: by consent of seats "
                  f"{[v + 1 for v in request.voters]} (request {request.id})")
    return handled("undo")


# ---------------------------------------------------------------- ending without an undo


def lapse(service: Service, session: Session, game: LoadedGame) -> None:
    """A move followed the asked turn: the open undo of the game (if any) lapses, and the table is told."""
    request = open_request(session, game.id)
    if request is None:
        return
    counted = (*game.log, *game.played)
    if counted and counted[-1].seq == request.last_seq:
        return
    _close(service, session, game, request, LAPSED, "service")


def expiring(session: Session, now: datetime) -> list[int]:
    """The games whose open undo has run out of time."""
    return sorted(set(session.exec(select(UndoRequest.game_id).where(UndoRequest.status == OPEN,
                                                                     UndoRequest.expires <= now))))


def expire(service: Service, session: Session, game: LoadedGame) -> int:
    """Refuse the game's open undo whose votes did not all come in time (a missing vote is a no); 1 if it did."""
    request = open_request(session, game.id)
    if request is None or stored(request.expires) > service.clock.now():
        return 0
    _close(service, session, game, request, EXPIRED, "scheduler")
    return 1


def _close(service: Service, session: Session, game: LoadedGame, request: UndoRequest, status: str, actor: str,
           by: str = "") -> None:
    """End the request without an undo (refused, expired, lapsed); every human at the table is told."""
    request.status = status
    session.add(request)
    turn = list(session.exec(select(Move).where(Move.game_id == game.id, Move.seq >= request.first_seq,
                                                Move.seq <= request.last_seq).order_by(Move.seq)))
    for reader in range(len(game.seats)):
        if game.human(reader):
            said_by = game.names([seat for seat in request.voters if request.votes.get(str(seat)) == "no"], reader)
            missing = game.names([seat for seat in request.voters if str(seat) not in request.votes], reader)
            _tell(service, session, game, reader, status, request, turn, moves=_lines(service, game, turn, reader),
                  refused_by=said_by, missing=missing)
    service.audit(session, actor, f"undo {status}", game.id,
                  f"request {request.id} of seat {request.seat + 1}{f' (no from {by})' if by else ''}; "
                  f"votes {request.votes}")


def _tell(service: Service, session: Session, game: LoadedGame, reader: int, event: str, request: UndoRequest,
          turn: list[Move], **context: Any) -> None:
    language = game.player(reader).reads if game.player(reader) is not None else "en"  # type: ignore[union-attr]
    yes, no = VOTE_WORDS.get(language, VOTE_WORDS["en"])
    context.setdefault("moves", _lines(service, game, turn, reader))
    service.mails.send_to_seat(session, game, reader, "undo", event=event, asker=game.names([request.seat], reader)[0],
                               own=reader == request.seat, yes_word=yes, no_word=no, **context)


def _lines(service: Service, game: LoadedGame, turn: list[Move], reader: int) -> list[Any]:
    """The turn's moves as recap lines in the reader's words (a private move shown as such to the others)."""
    said = service.shown.words(game, reader)
    return [service.shown.line(game, m.seq, m.seat, m.notation, m.source, said, reader=reader) for m in turn]

