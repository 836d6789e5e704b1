"""What a mail to a seat shows of its game: the table, times in the reader's zone and language, moves and
decisions in the reader's words, the board as the seat sees it, and the recap of what happened since.

Every mail, the player commands' answers, the organiser's notices and the
published pages build what they show from here, so a time or a move reads the
same wherever a player meets it. Nothing here writes: :mod:`pbem.play.mails`
renders and queues.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Hashable, Iterable
from zoneinfo import ZoneInfo

import engine
from engine import bots
from engine.text import TC, Said, Text
from pbem.clock import Clock, local_time
from pbem.language.words import SOURCE_LANGUAGE, CatalogWords, game_title
from pbem.ops.config import Settings
from pbem.ops.db import Player
from pbem.play.store import LoadedGame

LEGAL_SHOWN = 24
"""Legal moves listed in a mail; more are summarised as a count."""

EXAMPLES_SHOWN = 6
"""Legal moves listed as examples after a decision the engine describes by its choices."""

PICTURES_KEPT = 64
"""Board pictures kept for seats that see the same thing, the most recent ones (~30-45 KB each): a picture is
shared within the transaction that drew it and by a reminder or ``status`` soon after, then drawn again."""

PictureKey = tuple[int, int, tuple[int, int, str] | None, int, Hashable, str]
"""A game, its counted moves (how many, the last, a hash of all) and whose picture in which language."""


@dataclass(frozen=True)
class RecapLine:
    """One line of a recap or history: who did what."""

    seq: int
    seat_no: int
    name: str
    bot: str
    text: str
    source: str


@dataclass(frozen=True)
class Asked:
    """A decision as its reader sees it: the engine's :class:`engine.Decision` said in the reader's words."""

    kind: str
    title: str
    hint: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class Standing:
    """One seat's line in a game-over mail."""

    rank: int
    seat_no: int
    name: str
    bot: str
    score: float
    breakdown: dict[str, Any]
    forfeited: bool
    tie_broken: bool = False
    """Another seat has the same score and another rank: the game's tie-break placed them."""


@dataclass(frozen=True)
class RecordRun:
    """Moves one seat made in a row, as the record at the end of a game lists them: one entry, not a line each,
    so a long game's record stays a compact list (``first`` and ``last``: the log's numbers of its moves)."""

    first: int
    last: int
    seat_no: int
    name: str
    bot: str
    lines: tuple[RecapLine, ...]


def bot_name(game: LoadedGame, seat: int, said: CatalogWords | None) -> str:
    """The seat's bot as a player reads it (``greedy``, in ``said``'s language; English without), or "" for a person."""
    bot = game.seats[seat].bot
    if not bot:
        return ""
    return said.say(bots.named(bot)) if said is not None else str(bots.named(bot))


class Shown:
    """What a mail shows of a game, for each seat's reader: the one place a time, a move or a board is said."""

    def __init__(self, settings: Settings, clock: Clock) -> None:
        self.settings, self.clock = settings, clock
        self._pictures: OrderedDict[PictureKey, bytes | None] = OrderedDict()
        """Pictures drawn, by game state, audience and language, least recently used first (:meth:`picture`)."""

    @staticmethod
    def standings(game: LoadedGame, result: engine.Result, said: CatalogWords) -> list[Standing]:
        """The final ranking with each seat's breakdown in ``said``'s words: the game-over mail and the game's
        published page show the same lines."""
        def tie_broken(seat: int) -> bool:
            return any(result.scores[other] == result.scores[seat] and result.ranks[other] != result.ranks[seat]
                       for other in range(len(game.seats)))

        return sorted(
            (Standing(result.ranks[other], other + 1, game.name(other, said.language),
                      bot_name(game, other, said) if not game.seats[other].forfeited else "", result.scores[other],
                      {said.say(TC("score", label)): points
                       for label, points in (result.breakdown[other] if result.breakdown else {}).items()},
                      game.seats[other].forfeited, tie_broken(other))
             for other in range(len(game.seats))),
            key=lambda standing: (standing.rank, standing.seat_no),
        )

    def game_page(self, game_id: int, language: str) -> str:
        """The address of the game's published page (``pbem tournament publish``) under ``public_url``, in the
        reader's ``language`` (``games/ID.el.html``: every page is published in each language); empty when
        the organiser publishes none, so a mail then shows no link."""
        base = self.settings.public_url.rstrip("/")
        return f"{base}/games/{game_id}.{language}.html" if base else ""

    def deadline_for(self, game: LoadedGame, seat: int) -> datetime:
        """The deadline of a decision opened now: the game's time to answer, counted after any vacation."""
        deadline = self.clock.now() + timedelta(hours=game.row.deadline_hours)
        player = game.player(seat)
        if player is not None and player.vacation_until is not None:
            deadline = max(deadline, self.back_from_vacation(player) + timedelta(hours=game.row.deadline_hours))
        return deadline

    @staticmethod
    def back_from_vacation(player: Player) -> datetime:
        """When a player on vacation is back: the start of the day after its last day, in the player's own
        time zone (a vacation "until the 24th" lasts to the end of the 24th where the player lives)."""
        assert player.vacation_until is not None
        day_after = player.vacation_until + timedelta(days=1)
        return datetime.combine(day_after, datetime.min.time(), tzinfo=ZoneInfo(player.time_zone)).astimezone(UTC)

    def when(self, game: LoadedGame, seat: int, moment: datetime) -> str:
        """A time in the seat's player's time zone and language, as every mail to them shows times."""
        player = game.player(seat)
        if player is None:
            return local_time(moment, "UTC")
        return local_time(moment, player.time_zone, player.reads)

    def words(self, game: LoadedGame, seat: int | None) -> CatalogWords:
        """The game's words in the language of the seat's player (English for a seat without one)."""
        return game.words(seat)

    def shown_moves(self, game: LoadedGame, seat: int, notations: Iterable[str]) -> list[str]:
        """Moves in the notation the engine wrote, as the seat's player reads them."""
        said = self.words(game, seat)
        return [said.move(notation) for notation in notations]

    def asked(self, said: CatalogWords, decision: engine.Decision) -> Asked:
        return Asked(decision.kind, said.say(decision.title), said.move(decision.hint),
                     tuple(said.say(choice) for choice in decision.choices))

    @staticmethod
    def explained(said: CatalogWords, text: Said) -> str:
        """An engine's reason or expectation: a text said in the reader's words, bare notation in their move words."""
        return said.say(text) if isinstance(text, Text) else said.move(text)

    def board(self, game: LoadedGame, seat: int) -> str:
        """The game as the seat sees it now, in its player's words (a confirmation that shows a draw)."""
        return game.rules.render(game.state, seat, self.words(game, seat))

    def drawn(self, game: LoadedGame, seat: int, moves: list[engine.Move]) -> str:
        """The cards the seat's ``moves``, not yet played, take into its hand, in its player's words ("You drew:
        red, purple."), or "" when they take none (:meth:`engine.Game.drawn`)."""
        drew = game.rules.drawn(game.state, seat, moves)
        return self.words(game, seat).say(drew) if drew is not None else ""

    def picture(self, game: LoadedGame, seat: int) -> bytes | None:
        """The board picture the seat's mail shows, drawn once for every seat that sees the same one.

        Drawing is most of a prompt's cost, so a picture is kept under what
        makes it: the game's state (the moves it counts, committed and of this
        transaction: an undo or a retry that plays other moves never finds
        it, while the mails after the commit do), whose picture the engine
        says the seat sees (``picture_audience``) and the reader's language.
        """
        said = self.words(game, seat)
        moves = tuple((move.seq, move.seat, move.notation) for move in (*game.log, *game.played))
        key = (game.id, len(moves), moves[-1] if moves else None, hash(moves),
               game.rules.picture_audience(game.state, seat), said.language)
        if key in self._pictures:
            self._pictures.move_to_end(key)
            return self._pictures[key]
        image = self._pictures[key] = game.rules.picture(game.state, seat, said)
        if len(self._pictures) > PICTURES_KEPT:
            self._pictures.popitem(last=False)
        return image

    def decision_context(self, game: LoadedGame, seat: int) -> dict[str, Any]:
        """What a mail showing the seat's open decision needs: board, decision, legal moves (numbered, some
        listed in the text, every one a link in the HTML part), deadline, all in the words of the seat's player."""
        rules, state = game.rules, game.state
        said = self.words(game, seat)
        decision = rules.decision(state, seat)
        legal = listed_moves(rules, state, seat, said) if decision else []
        shown = spread(legal, EXAMPLES_SHOWN) if decision and decision.choices else legal[:LEGAL_SHOWN]
        deadline = game.seats[seat].deadline
        return {
            "board": rules.render(state, seat, said),
            "decision": self.asked(said, decision) if decision else None,
            "legal": shown,
            "more": len(legal) - len(shown),
            "links": link_groups(legal),
            "numbered": {move.text: move for move in legal},
            "deadline": self.when(game, seat, deadline) if deadline else "",
        }

    def recap(self, game: LoadedGame, seat: int, since: int | None = None) -> list[RecapLine]:
        """Every move and table message since the seat's previous prompt (or move ``since``), in order."""
        since = game.seats[seat].prompted_seq if since is None else since
        said = self.words(game, seat)
        lines = [self.line(game, move.seq, move.seat, move.notation, move.source, said, reader=seat)
                 for move in (*game.log, *game.played) if move.seq > since]
        lines += [self.line(game, said.seq, said.seat, said.text, "say")
                  for said in game.talk if said.seq >= since and said.seat != seat]
        return sorted(lines, key=lambda line: (line.seq, line.source == "say"))

    def since_own_move(self, game: LoadedGame, seat: int) -> list[RecapLine]:
        """What the others did and said since the seat's own last move: what a reminder and a status repeat,
        for a player who may have missed the prompt that told it."""
        own = [move.seq for move in (*game.log, *game.played) if move.seat == seat]
        return self.recap(game, seat, since=max(own, default=0))

    def history(self, game: LoadedGame, seat: int) -> list[RecapLine]:
        """Every move of the game so far, without the table talk: what ``history`` answers, and the record a
        game-over mail ends with."""
        return [line for line in self.recap(game, seat, since=0) if line.source != "say"]

    def record(self, game: LoadedGame, seat: int | None) -> list[RecordRun]:
        """The whole game as the seat (None: a spectator) may read it, each seat's moves in a row joined in one
        run: the record a game-over mail carries, so the player's mailbox keeps the game. Another seat's private
        move shows as such (:meth:`line`)."""
        said = self.words(game, seat)
        runs: list[RecordRun] = []
        for move in (*game.log, *game.played):
            line = self.line(game, move.seq, move.seat, move.notation, move.source, said, reader=seat)
            if runs and runs[-1].seat_no == line.seat_no:
                last = runs[-1]
                runs[-1] = RecordRun(last.first, line.seq, last.seat_no, last.name, last.bot, (*last.lines, line))
            else:
                runs.append(RecordRun(line.seq, line.seq, line.seat_no, line.name, line.bot, (line,)))
        return runs

    def line(self, game: LoadedGame, seq: int, seat: int, text: str, source: str,
             said: CatalogWords | None = None, *, reader: int | None = None) -> RecapLine:
        """One recap line; a move's notation is written in ``said``'s move words (table talk stays as written).

        A move private to its seat (a standing order, :meth:`engine.Game.private`) is shown as such to every
        reader but that seat (``reader``: the seat the line is for; None for the table or the public).
        """
        if source != "say" and reader != seat and game.rules.private(text):
            text = (said or self.words(game, None)).say(engine.PRIVATE_MOVE)
        elif said is not None and source != "say":
            text = said.move(text)
        language = said.language if said is not None else SOURCE_LANGUAGE
        return RecapLine(seq, seat + 1, game.name(seat, language), bot_name(game, seat, said), text, source)

    def base_context(self, game: LoadedGame, seat: int | None) -> dict[str, Any]:
        """What every mail about a game shows: the table, the game, the seat and its player."""
        said = self.words(game, seat)
        return {
            "table": game.row.label,
            "game_title": game_title(game.rules, said.language),
            "game_id": game.id,
            "seat_no": seat + 1 if seat is not None else 0,
            "player": game.known_as(seat) if seat is not None else "",  # the reader themselves: their own address is theirs
            "game_page": self.game_page(game.id, said.language),
            "else_word": said.move(str(engine.ELSE.msgid)),
            "ahead_note": said.say(game.rules.AHEAD_NOTE) if game.rules.AHEAD_NOTE is not None else "",
            "invite_ahead": self.invites_ahead(game, seat),
        }

    @staticmethod
    def invites_ahead(game: LoadedGame, seat: int | None) -> bool:
        """Whether a mail that asks the seat nothing invites its next turns ahead: it owes no decision now (a
        prompt invites them after its own) and the game goes on. Sending two turns ahead halves the days a
        game waits for the seat's replies (``pbem bench calendar``)."""
        return (seat is not None and game.rules.result(game.state) is None
                and seat not in game.rules.to_act(game.state))


LISTED_WIDTH = 71
"""78 columns less the seven the prompt puts before a legal move ("  150. "): a listed move is one line, copied
back whole; and within the 72 columns at which mail clients wrap the body of a mail a link composes. A move
that fits no shorter is listed within :data:`LINE_WIDTH`."""

LINE_WIDTH = 76
"""The longest a listed move may be where it fits no shorter: listed from the first column, without its number."""

LINK_WIDTH = 72
"""The longest move a link's body writes out: a longer line would be wrapped by the mail client, and its first
part could read as another move. A longer move's link writes its number instead."""

LINKS_IN_A_ROW = 12
"""A verb with more moves than this gets a row for each of its objects (its next two words) in the HTML part."""


@dataclass(frozen=True)
class Listed:
    """A legal move as a mail lists it: its number (its place in ``engine.Game.legal``, from 1: what a reply
    of only a number plays) and its words; ``str`` is its words, what a player copies."""

    number: int
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def body(self) -> str:
        """What the reply a link composes writes: the move, or its number where the move would not fit a line."""
        return self.text if len(self.text) <= LINK_WIDTH else str(self.number)


@dataclass(frozen=True)
class Suggested:
    """A move a refusal suggests, in the reader's words, that is no single listed move of the decision: a whole
    turn of several decisions ("play orange; lu: pagoda 1"). ``str`` is its words; a link writes them whole
    (``body``) where they fit a line as :attr:`Listed.body` does, else (no number to write instead) none."""

    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def body(self) -> str:
        return self.text if len(self.text) <= LINK_WIDTH else ""


@dataclass(frozen=True)
class LinkRow:
    """One row of a prompt's links: the words the moves share (a verb, or a verb and its object), and each
    move with the words that tell it apart."""

    label: str
    moves: tuple[tuple[str, Listed], ...]


def listed_moves(rules: engine.Game, state: engine.State, seat: int, said: CatalogWords) -> list[Listed]:
    """The seat's legal moves as its prompt lists them, numbered in ``rules.legal``'s order, in ``said``'s words,
    each within a line: a move whose words are longer leaves out what the state implies (Greek's rulebook
    words, see ``engine.Game.listed``)."""
    def listed(move: engine.Move) -> str:
        text = said.move(rules.listed(move, state, seat, lambda notation: len(said.move(notation)) <= LISTED_WIDTH))
        if len(text) <= LISTED_WIDTH:
            return text
        return said.move(rules.listed(move, state, seat, lambda notation: len(said.move(notation)) <= LINE_WIDTH))

    return [Listed(number, listed(move)) for number, move in enumerate(rules.legal(state, seat), start=1)]


def link_groups(moves: list[Listed]) -> list[LinkRow]:
    """Every move, grouped by shape so that 150 links stay easy to scan: a row for each verb (a move's first
    word), in the order the verbs first come; a verb with many moves a row for each of its objects."""
    by_verb: dict[str, list[Listed]] = {}
    for move in moves:
        by_verb.setdefault(move.text.split(" ", 1)[0], []).append(move)
    rows: list[LinkRow] = []
    for verb, same in by_verb.items():
        if len(same) <= LINKS_IN_A_ROW:
            rows.append(LinkRow(verb, tuple((_rest(move.text, 1) or verb, move) for move in same)))
            continue
        by_object: dict[str, list[Listed]] = {}
        for move in same:
            by_object.setdefault(" ".join(move.text.split(" ")[:3]), []).append(move)
        rows += [LinkRow(label, tuple((_rest(move.text, 3) or label.split(" ")[-1], move) for move in objects))
                 for label, objects in by_object.items()]
    return rows


def _rest(text: str, words: int) -> str:
    """``text`` after its first ``words`` words."""
    return " ".join(text.split(" ")[words:])


def spread(moves: list[Listed], count: int) -> list[Listed]:
    """``count`` moves taken evenly through the list, so examples show its variety rather than its first shape."""
    if len(moves) <= count:
        return moves
    return [moves[index * len(moves) // count] for index in range(count)]
