"""Turn driving: moves applied and logged, and the game played on until a person must choose.

This is the only place that moves a game forward, for a reply, an organiser's
move, a timeout and a bot alike, and it speaks only the engine protocol: what
the moves mean is the engine's business, what the players are told is
:mod:`pbem.play.mails`'. Every write goes into the caller's transaction.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sqlalchemy import bindparam, delete, insert
from sqlmodel import Session

import engine
from engine.text import T
from engine import bots
from pbem.clock import Clock
from pbem.ops.db import Early, Move
from pbem.play.store import EarlyOutcome, Held, LoadedGame, Played

# Every reply writes a move: as plain INSERTs on the session's connection they skip building ORM objects and
# the unit of work (a quarter of a reply's database time), and stay in its transaction.
_INSERT_MOVE = insert(Move.__table__)  # type: ignore[arg-type]
_INSERT_EARLY = insert(Early.__table__)  # type: ignore[arg-type]
_DROP_EARLY = delete(Early.__table__).where(  # type: ignore[arg-type]
    Early.__table__.c.game_id == bindparam("game_id"), Early.__table__.c.seat == bindparam("seat"))  # type: ignore[attr-defined]


class Turns:
    """Plays moves on loaded games; the clock stamps the log."""

    def __init__(self, clock: Clock, bot: Callable[[str], bots.Bot] = bots.get) -> None:
        self.clock, self.bot = clock, bot

    def play(self, session: Session, game: LoadedGame, seat: int, move: engine.Move, source: str,
             inbound_id: int | None = None) -> Played:
        """Apply ``move`` and log it; raises IllegalMove (state unchanged) when it is not legal."""
        if seat not in game.rules.to_act(game.state):
            raise engine.IllegalMove(T("seat %(seat)s owes no decision now", seat=seat + 1))
        game.state = game.rules.apply(game.state, seat, move)
        played = Played(game.next_seq, seat, game.rules.format(move), source)
        session.connection().execute(_INSERT_MOVE, {
            "game_id": game.id, "seq": played.seq, "seat": seat, "notation": played.notation,
            "source": source, "inbound_id": inbound_id, "reverted": False, "created": self.clock.now(),
            "player_id": game.seats[seat].player_id if game.human(seat) else None})
        game.next_seq += 1
        game.played.append(played)
        row = game.seats[seat]
        row.awaiting = False
        row.reminded = False
        row.deadline = None
        return played

    def play_all(self, session: Session, game: LoadedGame, seat: int, text: str, source: str,
                 inbound_id: int | None = None) -> list[Played]:
        """Read ``text`` as the seat's moves and play them all, or raise MoveError and play none.

        The lines are read on a clone, so a refusal leaves the state as it was;
        a move the engine refuses while being played leaves the game half
        changed, so the caller must then abandon the transaction.
        """
        reading = game.rules.read(text, game.rules.clone(game.state), seat)
        if reading.ahead:  # only a player keeps moves for a later turn; an organiser's move is for this one
            raise engine.MoveError(f"these lines go past the seat's turn: {'; '.join(reading.ahead)}",
                                   line=reading.ahead[0])  # the organiser's words: English, as the CLI is
        return [self.play(session, game, seat, move, source, inbound_id) for move in reading.moves]

    def settle(self, session: Session, game: LoadedGame) -> None:
        """Play bot seats, held moves and forced moves until a human has a real choice or the game ends."""
        rules = game.rules
        while True:
            for seat in sorted(rules.to_act(game.state)):
                row = game.seats[seat]
                if row.bot:
                    if seat in game.early:  # the seat went to a bot: its player's kept move goes with him
                        self.drop_early(session, game, seat)
                    rng = random.Random(f"{game.row.bot_seed}:{game.next_seq}")
                    self.play(session, game, seat, self.bot(row.bot)(rules, game.state, seat, rng), "bot")
                    break
                if seat in game.early and self._play_early(session, game, seat):
                    break
                legal = rules.legal(game.state, seat)
                if len(legal) == 1:
                    self.play(session, game, seat, legal[0], "forced")
                    break
            else:
                return

    def hold(self, session: Session, game: LoadedGame, seat: int, text: str, inbound_id: int | None) -> Held | None:
        """Keep ``text`` for the seat's next turn, hidden from every other seat; returns the kept answer it replaces."""
        replaced = game.early.pop(seat, None)
        connection = session.connection()
        connection.execute(_DROP_EARLY, {"game_id": game.id, "seat": seat})
        connection.execute(_INSERT_EARLY, {"game_id": game.id, "seat": seat, "text": text,
                                           "inbound_id": inbound_id, "created": self.clock.now()})
        game.early[seat] = Held(seat, text, inbound_id)
        return replaced

    def _play_early(self, session: Session, game: LoadedGame, seat: int) -> bool:
        """The seat's turn came: play its kept answer as if it were sent now (True), else drop it and say why.

        Of each line the first alternative that is legal is played, logged as
        ``early``; lines meant for the seat's turn after this one stay kept. Lines
        that would answer a decision no kept answer may serve (a Prodigals tile drawn
        on the way, R-PBEM-4) are not played: the seat is asked it, and told why.
        """
        held = self.drop_early(session, game, seat)
        rules, said = game.rules, game.words(seat)
        decision = rules.decision(game.state, seat)
        if decision is not None and decision.not_ahead is not None:
            game.early_outcomes[seat] = EarlyOutcome(held.text, reason=said.say(decision.not_ahead))
            return False
        try:
            reading = rules.read(held.text, rules.clone(game.state), seat, said, kept=True)
        except engine.MoveError as exc:
            refused = tuple((said.move(line), said.say(reason)) for line, reason in exc.refused)
            text = self._keep_later(session, game, seat, held)
            game.early_outcomes[seat] = EarlyOutcome(text, reason=said.say(exc.reason), refused=refused)
            return False
        drew = rules.drawn(game.state, seat, reading.moves)
        played = [self.play(session, game, seat, move, "early", held.inbound_id).notation for move in reading.moves]
        if reading.ahead:
            self.hold(session, game, seat, "\n".join(reading.ahead), held.inbound_id)
        drawn = said.say(drew) if drew is not None else ""
        stopped = rules.decision(game.state, seat) if reading.unseen else None
        if stopped is not None and stopped.not_ahead is not None:
            game.early_outcomes[seat] = EarlyOutcome("\n".join(reading.unseen), played=tuple(played),
                                                     reason=said.say(stopped.not_ahead), drew=drawn)
        else:
            game.early_outcomes[seat] = EarlyOutcome(held.text, played=tuple(played), drew=drawn)
        return True

    def _keep_later(self, session: Session, game: LoadedGame, seat: int, held: Held) -> str:
        """A kept answer that cannot be played at its turn: its lines after the first stay kept for the seat's
        next turn when they are that turn's, and the line not played is returned, to be told so.

        They are when no answer to the decision now is followed at once by a decision of its kind (it is one
        step of the turn, not one of several alike) and the next line answers a decision of that kind (another
        errand placement): the same turn would not ask it. A Prodigals errand space chosen ahead may be taken by
        another seat first: the seat is asked for that placement alone, told the next one is still kept, and
        that one stands for the turn after.
        """
        rules, state = game.rules, game.state
        entries, _ = rules.entries(held.text, game.words(seat))
        decision = rules.decision(state, seat)
        if len(entries) < 2 or entries[1].too_long or decision is None:
            return held.text
        for move in rules.legal(state, seat):
            after = rules.apply(rules.clone(state), seat, move)
            following = rules.decision(after, seat) if seat in rules.to_act(after) else None
            if following is not None and following.kind == decision.kind:
                return held.text
        if not any(self._answers(game, seat, line) for line in entries[1].alternatives):
            return held.text
        self.hold(session, game, seat, "\n".join(entry.written for entry in entries[1:]), held.inbound_id)
        return entries[0].written

    @staticmethod
    def _answers(game: LoadedGame, seat: int, line: str) -> bool:
        """Whether ``line`` (one alternative, in English notation) reads as an answer to the seat's decision now."""
        try:
            return bool(game.rules.read_line(line, game.state, seat))
        except engine.MoveError:
            return False

    def drop_early(self, session: Session, game: LoadedGame, seat: int) -> Held:
        """Forget the seat's held move (its turn came, or it will not come)."""
        session.connection().execute(_DROP_EARLY, {"game_id": game.id, "seat": seat})
        return game.early.pop(seat)

    def drop_all_early(self, session: Session, game: LoadedGame) -> None:
        """The game ended: moves kept for turns that will not come go."""
        for seat in list(game.early):
            self.drop_early(session, game, seat)
