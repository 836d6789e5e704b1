"""A tournament definition file (TOML) read into frozen dataclasses, or refused field by field.

The organiser writes one file per tournament; everything the runner, the
seating and the scoring need to know comes from it. Every field is described
in ``tournaments/README.md`` and in the commented examples under
``tournaments/examples/``. A bad file is refused with every problem at once,
each naming the dotted field (``seating.table_sizes``) and what would be right,
so an organiser fixes it in one edit.

The game is checked through the engine protocol only (``min_players``,
``max_players``, ``lowest_wins``, ``options()``), so a new game needs no change
here. ``load`` takes the lookup as a parameter so the file can be checked
against any registry (tests use small stand-ins).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Callable, Iterable, Mapping

import engine
from tournaments.errors import DefinitionError, Problem
from tournaments.fields import FieldReader, duration_words, finite_at_least_zero
from tournaments.names import brief

SEATING_METHODS = ("swiss", "random")
SCORING_SYSTEMS = ("rank_points", "place_points", "wins", "best_share")
ON_BOUNCE = ("hold", "run")
"""What a tournament does with the deadlines of a player whose address bounces."""
TIE_BREAKS = ("game_points", "wins", "opponents_strength", "head_to_head", "average_rank", "fewest_timeouts")
TIMEOUT_POLICIES = ("bot", "forfeit")
NEXT_ROUND = ("auto", "dates", "manual")
WBC_PLACE_POINTS = (10.0, 6.0, 4.0, 3.0, 2.0, 1.0)
"""WBC-style place points for places 1-6, whatever the table size; places beyond score 0."""
DEFAULT_RANK_POINTS: Mapping[int, tuple[float, ...]] = {
    2: (3.0, 1.0), 3: (6.0, 3.0, 1.0), 4: (10.0, 6.0, 3.0, 1.0), 5: (12.0, 8.0, 5.0, 3.0, 1.0),
}
"""``[scoring.rank_points]`` when the file leaves it out: the examples' table (rows for the game's sizes)."""

GameLookup = Callable[[str], engine.Game]

SEED_MOST = 2**63 - 1
"""The largest seed the database stores (a signed 64-bit integer)."""


@dataclass(frozen=True)
class SeatingPolicy:
    """How players are split into tables and who sits with whom.

    The weights price one unit of each fault for the optimiser: a repeat
    meeting of two players, one standings place of distance from the table's
    mean, and one time more first player than a fair share for the table's
    least-often-first player (whoever sits first there will be at least that
    far over). Seat order is balanced within each table afterwards.
    """

    method: str = "swiss"
    table_sizes: tuple[int, ...] = (3, 4, 5)
    preferred: int = 4
    repeat_weight: float = 100.0
    standing_weight: float = 1.0
    seat_weight: float = 10.0


@dataclass(frozen=True)
class ScoringSystem:
    """How one table's result becomes tournament points.

    ``rank_points`` maps a table size to the points for places 1..size;
    ``place_points`` is the table for ``place_points`` (WBC style); a bye is
    worth ``bye_points`` or, when ``bye_average`` is set, the player's own
    average per game played so far. ``tie_breaks`` are applied in order to
    players level on points.
    """

    system: str = "rank_points"
    rank_points: Mapping[int, tuple[float, ...]] = field(default_factory=dict)
    place_points: tuple[float, ...] = WBC_PLACE_POINTS
    bye_points: float = 0.0
    bye_average: bool = False
    tie_breaks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Deadlines:
    """Time a player has for each decision, and how long before the deadline the reminder goes out."""

    move: timedelta = timedelta(hours=72)
    reminder: timedelta = timedelta(hours=24)


@dataclass(frozen=True)
class TimeoutPolicy:
    """What happens when a deadline passes.

    ``bot``: a bot of kind ``bot`` makes the overdue decision; ``forfeit``: the
    player forfeits the game once over the limit (ranked last, no points) and
    a bot finishes it for the others. Either way, after ``max_timeouts``
    timeouts in one game the bot keeps the seat to the end, and that game does
    not count for the replaced player's rating.
    """

    policy: str = "bot"
    bot: str = "greedy"
    max_timeouts: int = 2
    on_bounce: str = "hold"
    """``hold``: while a player's address bounces, no reminder or timeout runs against their seats (until
    they reply or the organiser releases them); ``run``: their deadlines run as anyone's."""


@dataclass(frozen=True)
class Registration:
    """Late joins and drops.

    A player may join before round ``late_until_round`` starts (1 means only
    before round 1); each round they missed is worth ``missed_round_points``.
    Dropped players keep their results; ``show_dropped`` keeps them in the
    standings (marked), and ``rejoin`` lets them come back.
    """

    late_until_round: int = 1
    missed_round_points: float = 0.0
    show_dropped: bool = True
    rejoin: bool = False


@dataclass(frozen=True)
class League:
    """A season of rounds, optionally split into divisions with promotion and relegation.

    ``next_round``: ``auto`` starts a round ``gap`` after the previous one
    ends; ``dates`` starts round ``i`` on ``dates[i-1]`` (and not before the
    previous round ends); ``manual`` waits for the organiser.
    """

    season: str
    next_round: str = "auto"
    gap: timedelta = timedelta(0)
    dates: tuple[date, ...] = ()
    divisions: int = 1
    promote: int = 0


LANGUAGES = ("en", "el", "hu", "ru")
"""The languages players read pbem in (DESIGN.md, Languages): what a definition's ``language`` and a
player's registration may name."""


def most_read(languages: Iterable[str], named: str | None = None) -> str:
    """The language a tournament's (or a game's) published pages are first written in: the one its file
    ``named``, else the one most of its players read (``languages``, "" for a player who chose none, who
    reads English), ties going to the earlier of :data:`LANGUAGES`; English when there is nobody."""
    if named:
        return named
    counted = Counter(language or LANGUAGES[0] for language in languages)
    return max(LANGUAGES, key=lambda language: (counted[language], -LANGUAGES.index(language)))


@dataclass(frozen=True)
class Definition:
    """One tournament as its definition file describes it, checked against the game."""

    name: str
    game: str
    rounds: int
    seed: int
    lowest_wins: bool
    min_players: int
    max_players: int
    game_options: Mapping[str, Any]
    seating: SeatingPolicy
    scoring: ScoringSystem
    deadlines: Deadlines
    timeouts: TimeoutPolicy
    registration: Registration
    league: League | None = None
    language: str | None = None
    """The language of a player registered without one and of the published pages (``language = "el"``);
    None when the file names none: players then read English, and the pages are in the language most of
    them read (:func:`most_read`)."""


def load(text: str, games: GameLookup = engine.game) -> Definition:
    """Read a definition file's text; raises :class:`DefinitionError` listing every problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DefinitionError([Problem("(file)", f"not valid TOML: {exc}")]) from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise DefinitionError([Problem("(file)", "nests arrays or tables too deeply to read; a definition's "
                                                 "lists are flat, e.g. table_sizes = [3, 4, 5]")]) from None
    return _Reader(games).definition(data)


class _ScoringReader(FieldReader):
    """Reads ``[scoring]``: how the places at a table become points, and what breaks a tie in the standings."""

    def scoring(self, data: dict[str, Any], low: int, high: int) -> ScoringSystem:
        section = self.section(data, "scoring", _SCORING)
        system = self.choice(section, "system", "scoring.system", SCORING_SYSTEMS, "rank_points")
        bye = section.get("bye_points", 0)
        bye_average = bye == "average"
        if not bye_average and not finite_at_least_zero(bye):
            self.fail("scoring.bye_points", f"must be a number ≥ 0 or \"average\", not {brief(bye)}")
            bye = 0
        return ScoringSystem(
            system=system,
            rank_points=self.rank_points(section, system, low, high),
            place_points=self.points_list(section.get("place_points", list(WBC_PLACE_POINTS)),
                                          "scoring.place_points", None),
            bye_points=0.0 if bye_average else float(bye),
            bye_average=bye_average,
            tie_breaks=self.tie_breaks(section),
        )

    def rank_points(self, section: dict[str, Any], system: str, low: int, high: int) -> dict[int, tuple[float, ...]]:
        value = section.get("rank_points")
        if value is None:
            return {size: points for size, points in DEFAULT_RANK_POINTS.items() if low <= size <= high}
        if not isinstance(value, dict):
            self.fail("scoring.rank_points", "must be a table of size = [points for places 1..size]")
            return {}
        table: dict[int, tuple[float, ...]] = {}
        for key, points in value.items():
            path = f"scoring.rank_points.{key}"
            if not key.isdigit():
                self.fail(path, f"the keys here are table sizes from {low} to {high}; in TOML every line "
                                f"after [scoring.rank_points] belongs to it, so put other scoring fields "
                                f"above that line")
                continue
            if not low <= int(key) <= high:
                self.fail(path, f"the key must be a table size from {low} to {high}")
                continue
            table[int(key)] = self.points_list(points, path, int(key))
        return table

    def points_list(self, value: Any, path: str, length: int | None) -> tuple[float, ...]:
        if not isinstance(value, list) or not value or not all(finite_at_least_zero(p) for p in value):
            self.fail(path, f"must be a list of numbers ≥ 0 (nan and inf are none), not {brief(value, 80)}")
            return ()
        if length is not None and len(value) != length:
            self.fail(path, f"a table of {length} needs {length} values (one per place), not {len(value)}")
        if any(a < b for a, b in zip(value, value[1:])):
            self.fail(path, f"must not give a later place more than an earlier one: {value!r}")
        return tuple(float(p) for p in value)

    def tie_breaks(self, section: dict[str, Any]) -> tuple[str, ...]:
        value = section.get("tie_breaks", [])
        if not isinstance(value, list):
            self.fail("scoring.tie_breaks", f"must be a list of names from {', '.join(TIE_BREAKS)}")
            return ()
        chosen: list[str] = []
        for name in value:
            if name not in TIE_BREAKS:
                self.fail("scoring.tie_breaks", f"{name!r} is not a tie-break; choose from {', '.join(TIE_BREAKS)}")
            elif name in chosen:
                self.fail("scoring.tie_breaks", f"{name!r} is listed twice")
            else:
                chosen.append(name)
        return tuple(chosen)


class _ScheduleReader(FieldReader):
    """Reads the sections about time and attendance: ``[deadlines]``, ``[timeouts]``, ``[registration]``
    and ``[league]``."""

    def deadlines(self, data: dict[str, Any]) -> Deadlines:
        section = self.section(data, "deadlines", ("move", "reminder"))
        base = Deadlines()
        move = self.duration(section, "move", "deadlines.move", base.move)
        reminder = self.duration(section, "reminder", "deadlines.reminder", base.reminder)
        if move <= timedelta(0):
            self.fail("deadlines.move", "must be longer than zero")
        elif reminder >= move:
            self.fail("deadlines.reminder", f"is sent this long before the deadline, so it must be "
                                            f"shorter than deadlines.move ({duration_words(move)})")
        return Deadlines(move=move, reminder=reminder)

    def timeouts(self, data: dict[str, Any]) -> TimeoutPolicy:
        section = self.section(data, "timeouts", ("policy", "bot", "max_timeouts", "on_bounce"))
        return TimeoutPolicy(
            policy=self.choice(section, "policy", "timeouts.policy", TIMEOUT_POLICIES, "bot"),
            bot=self.bot(section, "bot", "timeouts.bot", "greedy"),
            max_timeouts=self.integer(section, "max_timeouts", "timeouts.max_timeouts", 2, 1),
            on_bounce=self.choice(section, "on_bounce", "timeouts.on_bounce", ON_BOUNCE, "hold"),
        )

    def registration(self, data: dict[str, Any]) -> Registration:
        section = self.section(data, "registration", _REGISTRATION)
        return Registration(
            late_until_round=self.integer(section, "late_until_round", "registration.late_until_round", 1, 1),
            missed_round_points=self.number(section, "missed_round_points",
                                            "registration.missed_round_points", 0.0),
            show_dropped=self.flag(section, "show_dropped", "registration.show_dropped", True),
            rejoin=self.flag(section, "rejoin", "registration.rejoin", False),
        )

    def league(self, data: dict[str, Any]) -> League | None:
        if "league" not in data:
            return None
        section = self.section(data, "league", _LEAGUE)
        next_round = self.choice(section, "next_round", "league.next_round", NEXT_ROUND, "auto")
        dates = self.dates(section.get("dates", []))
        rounds = data.get("rounds")
        if next_round == "dates" and isinstance(rounds, int) and len(dates) < rounds:
            self.fail("league.dates", "needs one start date per round when league.next_round is \"dates\"")
        divisions = self.integer(section, "divisions", "league.divisions", 1, 1)
        promote = self.integer(section, "promote", "league.promote", 0, 0)
        if promote and divisions == 1:
            self.fail("league.promote", "needs league.divisions of 2 or more (there is nowhere to move)")
        return League(
            season=self.text(section, "season", "league.season"),
            next_round=next_round,
            gap=self.duration(section, "gap", "league.gap", timedelta(0)),
            dates=dates,
            divisions=divisions,
            promote=promote,
        )

    def dates(self, value: Any) -> tuple[date, ...]:
        if not isinstance(value, list) or not all(isinstance(d, date) for d in value):
            self.fail("league.dates", f"must be a list of dates such as [2026-12-01, 2026-12-15], not {value!r}")
            return ()
        if any(a >= b for a, b in zip(value, value[1:])):
            self.fail("league.dates", "must be in increasing order")
        return tuple(value)


class _Reader(_ScoringReader, _ScheduleReader):
    """Walks the parsed TOML once, collecting problems instead of stopping at the first.

    The game and the seating are read here because the other sections are measured against the game's
    table sizes; the scoring and the schedule are read by the parts this class is made of.
    """

    def __init__(self, games: GameLookup) -> None:
        super().__init__()
        self.games = games

    def definition(self, data: dict[str, Any]) -> Definition:
        self.unknown(data, _TOP_LEVEL)
        name = self.text(data, "name", "name")
        game_name = self.text(data, "game", "game")
        rules = self.game(game_name)
        low, high = (rules.min_players, rules.max_players) if rules else self.any_game_sizes()
        options = self.game_options(data, rules)
        definition = Definition(
            name=name,
            game=game_name.lower(),
            rounds=self.integer(data, "rounds", "rounds", None, 1),
            seed=self.integer(data, "seed", "seed", 0, 0, SEED_MOST),
            lowest_wins=bool(rules.lowest_wins) if rules else False,
            min_players=low,
            max_players=high,
            game_options=options,
            seating=self.seating(data, game_name, low, high),
            scoring=self.scoring(data, low, high),
            deadlines=self.deadlines(data),
            timeouts=self.timeouts(data),
            registration=self.registration(data),
            league=self.league(data),
            language=self.choice(data, "language", "language", LANGUAGES, "en") if "language" in data else None,
        )
        if self.problems:
            raise DefinitionError(self.problems)
        return definition

    def any_game_sizes(self) -> tuple[int, int]:
        """The table sizes some registered game allows: what a file naming an unknown game is checked against."""
        known = []
        for name in engine.names():
            try:
                known.append(self.games(name))
            except KeyError:
                continue
        if not known:
            return 1, 99
        return min(g.min_players for g in known), max(g.max_players for g in known)

    def game(self, name: str) -> engine.Game | None:
        if not name:
            return None
        try:
            return self.games(name)
        except KeyError as exc:
            self.fail("game", str(exc.args[0]))
            return None

    def game_options(self, data: dict[str, Any], rules: engine.Game | None) -> dict[str, Any]:
        given = data.get("game_options", {})
        if not isinstance(given, dict):
            self.fail("game_options", "must be a table ([game_options])")
            return {}
        if rules is None:
            return dict(given)
        defaults = rules.options()
        merged = dict(defaults)
        for key, value in given.items():
            path = f"game_options.{key}"
            if key not in defaults:
                known = ", ".join(sorted(defaults)) or "none"
                self.fail(path, f"{rules.name} has no such option; its options: {known}")
            elif not _same_kind(value, defaults[key]):
                self.fail(path, f"must be {type(defaults[key]).__name__} like the default "
                                f"{defaults[key]!r}, not {value!r}")
            else:
                merged[key] = value
        try:  # what only the game knows (Prodigals' competitions name two or three known ones)
            return rules.check_options(merged)
        except engine.OptionError as exc:
            self.fail("game_options", str(exc))
            return merged

    def seating(self, data: dict[str, Any], game: str, low: int, high: int) -> SeatingPolicy:
        section = self.section(data, "seating", _SEATING)
        base = SeatingPolicy()
        sizes = self.table_sizes(section, game, low, high)
        preferred = self.integer(section, "preferred", "seating.preferred", max(sizes), 1)
        given = section.get("table_sizes")
        listed = [size for size in given if isinstance(size, int)] if isinstance(given, list) else list(sizes)
        if preferred not in listed:  # a listed size this game cannot seat is reported under table_sizes
            self.fail("seating.preferred", f"{preferred} is not one of seating.table_sizes {listed}")
        return SeatingPolicy(
            method=self.choice(section, "method", "seating.method", SEATING_METHODS, base.method),
            table_sizes=sizes,
            preferred=preferred,
            repeat_weight=self.number(section, "repeat_weight", "seating.repeat_weight", base.repeat_weight),
            standing_weight=self.number(section, "standing_weight", "seating.standing_weight",
                                        base.standing_weight),
            seat_weight=self.number(section, "seat_weight", "seating.seat_weight", base.seat_weight),
        )

    def table_sizes(self, section: dict[str, Any], game: str, low: int, high: int) -> tuple[int, ...]:
        path = "seating.table_sizes"
        value = section.get("table_sizes")
        if value is None:
            self.fail(path, f"is required: a list of table sizes such as [{low}, {high}]")
            return (high,)
        if not isinstance(value, list) or not value:
            self.fail(path, f"must be a non-empty list of whole numbers, not {value!r}")
            return (high,)
        sizes: list[int] = []
        for size in value:
            if isinstance(size, bool) or not isinstance(size, int):
                self.fail(path, f"{size!r} is not a whole number")
            elif size > high:
                self.fail(path, f"{size} is more than {self.allows(game)} allows ({low}-{high})")
            elif size < low:
                self.fail(path, f"{size} is fewer than {self.allows(game)} needs ({low}-{high})")
            elif size in sizes:
                self.fail(path, f"{size} is listed twice")
            else:
                sizes.append(size)
        return tuple(sorted(sizes)) or (high,)

    def allows(self, game: str) -> str:
        """The game a size is measured against, in words: its name, or every game for an unknown one."""
        try:
            return self.games(game).name if game else "any game"
        except KeyError:
            return "any game"


_TOP_LEVEL = ("name", "game", "rounds", "seed", "game_options", "seating", "scoring", "deadlines", "timeouts", "registration", "league",
               "language")
_SEATING = ("method", "table_sizes", "preferred", "repeat_weight", "standing_weight", "seat_weight")
_SCORING = ("system", "tie_breaks", "rank_points", "place_points", "bye_points")
_REGISTRATION = ("late_until_round", "missed_round_points", "show_dropped", "rejoin")
_LEAGUE = ("season", "next_round", "gap", "dates", "divisions", "promote")


def _same_kind(value: Any, default: Any) -> bool:
    """A given option matches its default's type; an int is fine where a float is expected, a bool never is."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return isinstance(value, type(default))
