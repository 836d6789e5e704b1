"""The mails a game's changes cause: prompts, confirmations, notices, the start and the end of a game.

What a player reads is rendered once per audience from ``templates/email/``
(:mod:`pbem.language.letters`); how it is addressed, threaded and queued is
:mod:`pbem.play.postbox`.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Iterable

from sqlmodel import Session

import engine
from engine import lookahead
from pbem.ops.db import DigestItem, TableTalk
from pbem.play import observers
from pbem.play.postbox import Accepted, Postbox, unconfirmed
from pbem.play.store import EarlyOutcome, LoadedGame, Said
from pbem.play.shown import bot_name
from pbem.play.timeouts import at_deadline, game_timeouts

@dataclass(frozen=True)
class TableSeat:
    """One seat of a table as a game's start mail lists it."""

    seat_no: int
    name: str
    bot: str
    you: bool


@dataclass(frozen=True)
class RoundNote:
    """The tournament round a game is a table of: its start mail is the round's, with the names the entrants
    play under (``names``, in seat order)."""

    tournament: str
    round: int
    names: tuple[str, ...]
    list_id: str = ""
    """The tournament's List-Id, for every mail of the table."""


class Mailer(Postbox):
    """What each change of a game mails its players and the organiser: which mails, to whom, saying what.

    How a mail is addressed, threaded and queued is the :class:`~pbem.play.postbox.Postbox` it builds on.
    """

    # ----------------------------------------------------------------- what a change causes

    def announce(self, session: Session, game: LoadedGame, *, replier: int | None = None,
                 understood: Iterable[str] = (), ignored: Iterable[str] = (), kept: Iterable[str] = (),
                 shown: bool = False, drew: str = "") -> None:
        """Queue the mails the moves of this transaction cause in a game still running: prompts, the replier's
        confirmation, the mails of kept answers played, and notices.

        ``ignored`` are the replier's lines after their last move that were not read as moves (a greeting, a
        signature), ``kept`` the lines they sent for their next turn: their next mail lists both. ``shown``: the
        replier's moves showed it something only it sees (:meth:`shows`), ``drew`` the cards they took (said).
        """
        understood, ignored, kept = list(understood), list(ignored), list(kept)
        if replier is not None:
            understood = self.shown.shown_moves(game, replier, understood)
        due = game.due()
        prompted = [s for s in due if game.human(s) and not game.seats[s].awaiting]
        early = game.early_outcomes
        for seat in prompted:
            held = early.get(seat)
            played_early = self.shown.shown_moves(game, seat, held.played) if held else []
            mine = seat == replier
            # not played at all, or only up to a decision it could not have seen: its lines for later turns may stay kept
            refused = held if held and held.reason else None
            self.prompt(session, game, seat, understood + played_early if mine else played_early, early_refused=refused,
                        ignored=ignored if mine else [], kept=_still_kept(game, seat, kept if mine else []))
        waiting = game.names(due, replier)
        if replier is not None and replier not in prompted:
            understood += self.shown.shown_moves(game, replier, early[replier].played) if replier in early else []
            self.confirm(session, game, replier,
                         Accepted(tuple(understood), tuple(_still_kept(game, replier, kept)), tuple(ignored)), waiting,
                         shown=shown, drew=drew)
        played = [s for s, held in early.items() if held.played and s not in prompted and s != replier]
        for seat in played:
            moves = self.shown.shown_moves(game, seat, early[seat].played)
            player = game.player(seat)
            if seat in game.early and player is not None and player.notify != "each":
                # it kept lines for a later turn too: nothing to answer yet, so it hears of this one in its next mail
                left = tuple(game.early[seat].text.splitlines())  # what stays kept replaces what was told kept
                self.confirm(session, game, seat, Accepted(tuple(moves), left, early=True), waiting)
                continue
            # a kept answer was played and nothing else is due to the seat: it hears of it now, with the game as it
            # sees it after (what its moves drew too), and may send its next turn from it
            self.send_to_seat(session, game, seat, "confirmation", understood=moves, waiting=waiting, early=True,
                              ignored=[], kept=[], next_after=self.next_after(game, seat),
                              board=self.shown.board(game, seat), drew=early[seat].drew)
        if game.played:
            self.notices(session, game, skip={replier, *prompted, *played})
            observers.tell(self, session, game, ("move",))

    def started(self, session: Session, game: LoadedGame, round_note: RoundNote | None = None) -> None:
        """Tell each player of a game just opened where they sit and with whom, before any prompt.

        A seat whose turn comes later sees the game as it does now and may
        send its first turn ahead in a reply, as it may after any mail of the
        game: without this mail it could only wait for its prompt. A seat asked
        first learns all this from its prompt, so outside a tournament it gets
        no mail of its own; a tournament's table tells every player of its
        round (kind ``round_start``).
        """
        due = set(game.due())
        if not due:
            return
        for seat in range(len(game.seats)):
            if not game.human(seat) or (seat in due and round_note is None):
                continue
            said = self.shown.words(game, seat)
            seats = [TableSeat(other + 1, round_note.names[other] if round_note
                               else game.known_as(other) if other == seat else game.name(other, said.language),
                               bot_name(game, other, said), other == seat) for other in range(len(game.seats))]
            later = seat not in due
            context: dict[str, Any] = {
                "seats": seats, "hours": game.row.deadline_hours,
                "board": self.shown.board(game, seat) if later else "",
                "next_after": self.next_after(game, seat) if later else None,
            }
            if round_note is None:
                self.send_to_seat(session, game, seat, "start", **context)
            else:
                self.send_to_seat(session, game, seat, "round_start", tournament=round_note.tournament,
                                  round=round_note.round, player=round_note.names[seat], **context)

    def confirm(self, session: Session, game: LoadedGame, seat: int, accepted: Accepted, waiting: list[str],
                shown: bool = False, drew: str = "") -> None:
        """Confirm a reply whose seat is asked nothing now: folded into the seat's next mail from the game,
        or a mail of its own for a player who chose ``notify each``, or whose moves showed it something only
        it sees (``shown``: a card drawn from the deck).

        A player who drew a card needs it to plan their next turn, and to send
        it ahead: that confirmation comes at once, says which cards they drew
        (``drew``) and shows the game as the seat now sees it. Every acceptance reaches the player: the scan sends
        one alone once it has waited ``confirm_within_hours``
        (:meth:`confirm_waiting`).
        """
        player, row = game.player(seat), game.seats[seat]
        if player is not None and (player.notify == "each" or shown):
            board = self.shown.board(game, seat) if shown else ""
            self.send_to_seat(session, game, seat, "confirmation", understood=list(accepted.moves), waiting=waiting,
                              early=False, ignored=list(accepted.ignored), kept=list(accepted.kept),
                              next_after=self.next_after(game, seat), board=board, drew=drew if shown else "")
            return
        earlier = unconfirmed(row)
        if accepted.kept or accepted.early:  # only what is kept now is told kept, never a line played too
            earlier = [{**item, "kept": []} for item in earlier]
        row.unconfirmed = json.dumps([*earlier, accepted.as_json()], ensure_ascii=False)
        row.unconfirmed_since = row.unconfirmed_since or self.clock.now()

    def confirm_waiting(self, session: Session, game: LoadedGame, seat: int) -> None:
        """The seat's folded confirmations, alone: nothing else came within ``confirm_within_hours``."""
        waiting = game.names(game.due(), seat)
        self.send_to_seat(session, game, seat, "confirmation", understood=[], waiting=waiting, early=False,
                          ignored=[], kept=[], next_after=self.next_after(game, seat) if game.due() else None,
                          board="", drew="")

    def shows(self, game: LoadedGame, seat: int, moves: list[engine.Move]) -> bool:
        """Whether the seat's ``moves``, not yet played, will show it something only it sees
        (:func:`engine.lookahead.shows`): its confirmation then comes at once, with what it shows."""
        rng = random.Random(f"{game.row.bot_seed}:{game.next_seq}:{seat}:shows")
        return lookahead.shows(game.rules, game.state, seat, moves, rng)

    def next_after(self, game: LoadedGame, seat: int) -> list[str] | None:
        """The names of the seats whose replies come before the seat's next one, when that is certain within
        the next few replies whatever anyone chooses (:mod:`engine.lookahead`); else None."""
        rng = random.Random(f"{game.row.bot_seed}:{game.next_seq}:{seat}")
        before = lookahead.seats_before(game.rules, game.state, seat, rng)
        return None if before is None else game.names(before, seat)

    def prompt(self, session: Session, game: LoadedGame, seat: int, understood: list[str],
               early_refused: EarlyOutcome | None = None, ignored: list[str] | None = None,
               kept: list[str] | None = None) -> None:
        """Ask the seat for its open decision, with a fresh deadline and the recap since its last prompt."""
        row = game.seats[seat]
        recap = self.shown.recap(game, seat)
        from_start = row.prompted_seq == 0  # the recap then holds every move since the game began
        forced = [line.text for line in recap if line.source == "forced" and line.seat_no == seat + 1]
        # The seat's own replies are confirmed above the recap ("Understood") and its forced moves below it.
        recap = [line for line in recap if line.seat_no != seat + 1 or line.source not in ("email", "early", "forced")]
        row.deadline = self.shown.deadline_for(game, seat)
        row.awaiting, row.reminded, row.prompted_seq = True, False, game.next_seq - 1
        self.send_to_seat(session, game, seat, "prompt", picture=True, understood=understood, ignored=ignored or [],
                          kept=kept or [], recap=recap, first_mail=from_start, forced=forced,
                          early_refused=early_refused, next_after=self.next_after(game, seat),
                          at_deadline=self.at_deadline(session, game, seat), **self.shown.decision_context(game, seat))

    def at_deadline(self, session: Session, game: LoadedGame, seat: int) -> str:
        """What the seat's deadline does if it passes unanswered (:func:`pbem.play.timeouts.at_deadline`): a mail
        that asks for a move says it beside the deadline."""
        return at_deadline(game_timeouts(session, game.id, self.settings), game.seats[seat].timeouts)

    def notices(self, session: Session, game: LoadedGame, skip: set[int | None]) -> None:
        """Tell the other seats what was played, as each of them chose (a mail each, a daily digest, or nothing)."""
        for seat in range(len(game.seats)):
            player = game.player(seat)
            if seat in skip or not game.human(seat) or player is None:
                continue
            said = self.shown.words(game, seat)
            lines = [self.shown.line(game, played.seq, played.seat, played.notation, played.source, said, reader=seat)
                     for played in game.played]
            if player.notify == "each":
                self.send_to_seat(session, game, seat, "notice", recap=lines, next_after=self.next_after(game, seat))
            elif player.notify == "digest":
                now = self.clock.now()
                session.add_all(
                    DigestItem(player_id=player.id, game_id=game.id,  # type: ignore[arg-type]
                               line=self.letters.snippet("recap_line", player.reads, line=line), created=now)
                    for line in lines
                )

    def game_over(self, session: Session, game: LoadedGame, result: engine.Result) -> None:
        """The final standings to every seat that ever had a player (also one a bot finished)."""
        for seat in range(len(game.seats)):
            if game.seats[seat].player_id is not None:
                said = self.shown.words(game, seat)
                standings = self.shown.standings(game, result, said)
                self.send_to_seat(
                    session, game, seat, "game_over", picture=True, recap=self.shown.recap(game, seat),
                    history=self.shown.record(game, seat), standings=standings, own_rank=result.ranks[seat],
                    board=game.rules.render(game.state, seat, said),
                    game_name=game.rules.name, lowest_wins=result.lowest_wins,
                )
        observers.tell(self, session, game, ("move",))

    def say(self, session: Session, game: LoadedGame, seat: int, text: str) -> None:
        """Add a message to the table talk, for the next recap of every other seat."""
        said = Said(game.next_seq - 1, seat, text)
        session.add(TableTalk(game_id=game.id, seat=seat, seq=said.seq, text=text, created=self.clock.now()))
        game.talk.append(said)

def _still_kept(game: LoadedGame, seat: int, kept: list[str]) -> list[str]:
    """The lines a replier sent ahead that are still kept once this transaction's turns are played: a kept
    answer whose turn came at once was played (or refused) then, and a mail telling it kept as well as played
    would contradict itself; what stays kept is then what the seat keeps now."""
    if seat not in game.early_outcomes:
        return kept
    return game.early[seat].text.splitlines() if seat in game.early else []
