"""Pure tournament logic: definitions, seating, scoring, standings, ratings and leagues.

Nothing here reads the clock, the network or a database; ``pbem/`` stores
what these functions return and hands it back. Players are integer ids
(the database's); names travel only in :class:`Entrant` for the standings.

The API, in the order a round uses it::

    from tournaments import (register, drop, History, seat_round, TableResult,
                             compute, rate_table, standings_context, next_round_start)
    from tournaments.definition import load

    definition = load(path.read_text())              # Definition, or DefinitionError
                                                     # listing "field.path: reason" lines
    entrant = register(definition, entrants, player_id, name, rounds_started)   # or TournamentError
    entrant = drop(entrant, rounds_started)          # late joins, drops, rejoins by [registration]
    history = History.of(stored_rounds)              # who met whom, who sat first
    active_ids = [e.player for e in entrants if e.active_in(round_no)]
    points = compute(definition, entrants, rounds, results).points()
    seating = seat_round(round_no, active_ids,       # RoundSeating: tables (seat order),
                         points, history,            #   byes and a SeatingReport
                         definition.seating, definition.seed)  #   (repeat pairs, seat imbalance)
    ...                                              # pbem plays each SeatedTable's game
    result = TableResult.from_game(round_no, table, engine_result,
                                   timeouts=..., substituted=..., forfeited=...)
    ratings.update(rate_table(ratings, result))      # openskill, one book per game
    standings = compute(definition, entrants, rounds,     # Standings: rows with rank, player,
                        results, ratings)            #   points, tie-break values, rating
    context = standings_context(standings)           # plain dict for the Jinja templates
    when = next_round_start(definition, round_no, ended_at)   # leagues: auto / dates / manual

Modules: :mod:`~tournaments.definition` (the TOML file, documented field by
field in ``tournaments/README.md`` and ``tournaments/examples/``),
:mod:`~tournaments.tables` (how many tables of which size),
:mod:`~tournaments.seating` (the optimiser), :mod:`~tournaments.history`,
:mod:`~tournaments.scoring`, :mod:`~tournaments.standings`, :mod:`~tournaments.registration`,
:mod:`~tournaments.ratings`, :mod:`~tournaments.league`,
:mod:`~tournaments.simulate` (random results for benchmarks and tests).

Protocol decisions others rely on:

- ``SeatedTable.players[0]`` is the first player; seat ``i`` of the game is
  ``SeatedTable.players[i]``, so ``engine.new(len(players), seed, options)`` seats
  them in that order.
- A player whose seat a bot finished goes in ``TableResult.substituted``:
  their points count, their rating ignores the game. A forfeit goes in
  ``TableResult.forfeited``: ranked last at the table, 0 points.
- ``Entrant.dropped = n`` means the player played round ``n`` and no later;
  ``Entrant.joined = n`` means the first round they are seated in is ``n``.
- Seating is reproducible from ``(definition.seed, round number)``, the
  active players, their points and the history: re-running it gives the same
  tables.
"""

from __future__ import annotations

from tournaments import definition
from tournaments.definition import Definition
from tournaments.errors import DefinitionError, Problem, TournamentError
from tournaments.fields import parse_duration
from tournaments.history import History, repeat_pairs
from tournaments.league import divide, next_round_start, promote
from tournaments.ratings import Rating, rate_all, rate_table
from tournaments.registration import drop, register
from tournaments.records import Entrant, RoundSeating, SeatingReport, SeatedTable, TableResult
from tournaments.scoring import table_points
from tournaments.seating import random_round, seat_round
from tournaments.standings import RoundResult, StandingRow, Standings, compute, standings_context
from tournaments.sizes import TablePlan, plan_tables

__all__ = [
    "Definition",
    "DefinitionError",
    "Entrant",
    "History",
    "Problem",
    "Rating",
    "RoundSeating",
    "SeatingReport",
    "RoundResult",
    "StandingRow",
    "Standings",
    "SeatedTable",
    "TablePlan",
    "TableResult",
    "TournamentError",
    "compute",
    "definition",
    "divide",
    "drop",
    "next_round_start",
    "parse_duration",
    "plan_tables",
    "promote",
    "random_round",
    "rate_all",
    "rate_table",
    "register",
    "repeat_pairs",
    "seat_round",
    "standings_context",
    "table_points",
]
