"""A player's record across games: how they answer, how often the deadline answered for them, what they finished.

An organiser seats strangers together for weeks; what they want to know of a
player is whether the table will wait for them. This module turns what the
database keeps (prompts sent, moves logged with who made them, vacations,
the organiser's pauses, who holds each seat) into one :class:`Record` per
player. It is pure: ``pbem`` reads the rows and hands them over as the small
records below, so the rules are tested on a made-up history.

The rules (``docs/reliability.md`` says them for players and organisers):

- A *decision* is a prompt to a seat a person holds, closed by the seat's
  next move: answered by the player (``email``, or ``early``: a kept answer
  played when its turn came, which took no time at all) or by the deadline
  (``timeout``). A move the organiser made for the seat (``admin``) closes
  the prompt and counts neither way; bot and forced moves are no decision.
  Moves sent ahead with no prompt before them make one decision, on time.
- A decision belongs to the person who made its move (a substitute's moves
  are theirs, the timeouts before they came are the original player's).
- *Reliability* is the share of a player's decisions answered before the
  deadline, in percent; its sample is the games those decisions were in.
- *Hours to answer*: from the prompt to the move, less every hour the player
  was on vacation or the game was paused; the figure is their median.
- A timeout that happened while the player was on vacation or the game paused
  (which pbem's deadlines should never let happen) does not count at all.
- *Games left or replaced*: seats the player held and did not hold at the end
  (the organiser gave it to someone else or to a bot, or the deadline did).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

ANSWERED = ("email", "early")
"""Move sources where the player answered."""
TIMED_OUT = "timeout"
CLOSING = (*ANSWERED, TIMED_OUT, "admin")
"""Move sources that close an open prompt (bot and forced moves are no one's decision)."""


@dataclass(frozen=True)
class Asked:
    """A prompt for a decision: mailed to ``seat`` of ``game`` when ``seq`` moves were in the log."""

    game: int
    seat: int
    seq: int
    at: datetime


@dataclass(frozen=True)
class Played:
    """A move of the log (not reverted), with the person whose seat made it (None for a bot's seat)."""

    game: int
    seat: int
    seq: int
    source: str
    at: datetime
    player: int | None


@dataclass(frozen=True)
class Interval:
    """Time that does not count: a vacation (``owner`` a player) or a pause (``owner`` a game)."""

    owner: int
    start: datetime
    end: datetime


@dataclass(frozen=True)
class Sitting:
    """A seat a player held in a game: ``finished`` it to the game's end, or ``left`` it to another."""

    game: int
    player: int
    finished: bool
    left: bool


@dataclass(frozen=True)
class Decision:
    player: int
    game: int
    asked: datetime
    answered: datetime
    timed_out: bool


@dataclass(frozen=True)
class Record:
    """One player's record across every game pbem keeps."""

    player: int
    games_finished: int = 0
    games_left: int = 0
    decisions: int = 0
    """Decisions counted: answered before the deadline plus timeouts."""
    on_time: int = 0
    timeouts: int = 0
    games: int = 0
    """The sample: games with at least one counted decision."""
    median_hours: float | None = None

    @property
    def reliability(self) -> float | None:
        """Percent of counted decisions answered before the deadline; None before the first one."""
        return 100.0 * self.on_time / self.decisions if self.decisions else None

    @property
    def figure(self) -> str:
        """``"96% (12 games)"``, or ``"–"`` for a player with no decision yet: what standings show."""
        if self.reliability is None:
            return "–"
        return f"{self.reliability:.0f}% ({self.games} game{'s' if self.games != 1 else ''})"


def decisions(asked: Iterable[Asked], played: Iterable[Played]) -> list[Decision]:
    """Each prompt matched with the move that closed it; a turn played with no prompt before it (sent ahead) is
    one decision too. A turn is the seat's moves with no other seat's move between them in the log."""
    prompts: dict[tuple[int, int], list[Asked]] = defaultdict(list)
    for prompt in asked:
        prompts[(prompt.game, prompt.seat)].append(prompt)
    by_game: dict[int, list[Played]] = defaultdict(list)
    for move in played:
        by_game[move.game].append(move)
    found: list[Decision] = []
    for game_moves in by_game.values():
        game_moves.sort(key=lambda m: m.seq)
        turns = {m.seq for before, m in zip([None, *game_moves], game_moves) if before is None or before.seat != m.seat}
        seats: dict[int, list[Played]] = defaultdict(list)
        for move in game_moves:
            if move.source in CLOSING:
                seats[move.seat].append(move)
        for seat, moves in seats.items():
            found += _seat_decisions(sorted(prompts.get((moves[0].game, seat), ()), key=lambda p: p.seq), moves, turns)
    return found


def _seat_decisions(prompts: Sequence[Asked], moves: Sequence[Played], turns: set[int]) -> list[Decision]:
    found: list[Decision] = []
    index, last_seq = 0, 0
    for move in moves:
        opened = None
        while index < len(prompts) and prompts[index].seq < move.seq:
            if prompts[index].seq >= last_seq and opened is None:
                opened = prompts[index]  # the first prompt since the seat's last move: it asked this decision
            index += 1
        last_seq = move.seq
        if opened is None and move.seq not in turns:
            continue  # a later move of the same turn
        if move.player is None or move.source == "admin":
            continue
        asked = opened.at if opened is not None else move.at
        found.append(Decision(move.player, move.game, min(asked, move.at), move.at, move.source == TIMED_OUT))
    return found


def records(found: Iterable[Decision], sittings: Iterable[Sitting], vacations: Iterable[Interval],
            pauses: Iterable[Interval]) -> dict[int, Record]:
    """Every player's :class:`Record`, vacations (by player) and pauses (by game) left out as the rules say."""
    away: dict[int, list[Interval]] = defaultdict(list)
    for interval in vacations:
        away[interval.owner].append(interval)
    paused: dict[int, list[Interval]] = defaultdict(list)
    for interval in pauses:
        paused[interval.owner].append(interval)
    hours: dict[int, list[float]] = defaultdict(list)
    counts: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    games: dict[int, set[int]] = defaultdict(set)
    for decision in found:
        spared = [*away[decision.player], *paused[decision.game]]
        tally = counts[decision.player]
        if decision.timed_out:
            if any(i.start <= decision.answered < i.end for i in spared):
                continue  # the deadline should have waited: not against the player
            tally["timeouts"] += 1
        else:
            tally["on_time"] += 1
            hours[decision.player].append(counted_hours(decision.asked, decision.answered, spared))
        games[decision.player].add(decision.game)
    for sitting in sittings:
        counts[sitting.player]["finished"] += sitting.finished
        counts[sitting.player]["left"] += sitting.left
    return {player: Record(player, tally["finished"], tally["left"], tally["on_time"] + tally["timeouts"],
                           tally["on_time"], tally["timeouts"], len(games[player]),
                           round(statistics.median(hours[player]), 1) if hours[player] else None)
            for player, tally in counts.items()}


def counted_hours(start: datetime, end: datetime, spared: Iterable[Interval]) -> float:
    """Hours from ``start`` to ``end`` less the time inside any of ``spared`` (overlaps counted once)."""
    cuts = sorted((max(i.start, start), min(i.end, end)) for i in spared if i.start < end and i.end > start)
    left_out, reached = timedelta(0), start
    for cut_start, cut_end in cuts:
        cut_start = max(cut_start, reached)
        if cut_end > cut_start:
            left_out += cut_end - cut_start
            reached = cut_end
    return max((end - start - left_out).total_seconds() / 3600, 0.0)


def below(records_of: Mapping[int, Record], players: Iterable[int], minimum: float) -> dict[int, Record]:
    """The players whose reliability is under ``minimum`` percent (a player with no decision yet is not)."""
    return {p: records_of[p] for p in players
            if p in records_of and records_of[p].reliability is not None and records_of[p].reliability < minimum}
