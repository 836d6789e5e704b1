"""Running tournaments on the mail service: registrations, rounds, results, standings and leagues.

The pure decisions (who may join, who sits where, what a result is worth)
are :mod:`tournaments`'; this module loads what they need from the database,
stores what they return and turns it into games and mails. A round opens all
its tables in one transaction (every first prompt queued with it); a table's
result, its ratings and, when it was the round's last game, the round's
completion, the standings mails and a league's next round are written in the
transaction of the move that ended the game (:func:`game_over`, called by
the game store's game-over hook). :func:`scan`, run by the scheduler, catches
what a race left behind and starts rounds that are due on a date.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass, replace

from sqlmodel import Session, select

import engine
from pbem.mail.headers import encoded_words
from pbem.play import confirmations
from pbem.play import players as player_rows
from pbem.ops.db import Game, Player, Seat
from pbem.language.words import SOURCE_LANGUAGE, game_title
from pbem.play.mails import RoundNote
from pbem.play.service import Service
from pbem.play.store import LoadedGame
from pbem.ops.tournament_tables import Entry, RatingBook, Season, Tournament, TournamentRound, TournamentTable
from tournaments import (
    Definition,
    Entrant,
    History,
    Rating,
    RoundSeating,
    SeatingReport,
    Standings,
    SeatedTable,
    TableResult,
    TournamentError,
    compute,
    divide,
    next_round_start,
    promote,
    rate_table,
    seat_round,
    standings_context,
)
from tournaments import drop as drop_entrant
from tournaments.definition import load as load_definition
from tournaments import register as register_entrant


FINISHED_GAME = ("over", "aborted")


@dataclass
class Loaded:
    """A tournament with everything the pure logic needs, read in one session."""

    row: Tournament
    definition: Definition
    entrants: list[Entrant]
    rounds: list[RoundSeating]
    results: list[TableResult]
    ratings: dict[int, Rating]
    division_of: dict[int, int]
    """Each entrant's division (all 1 unless the league has divisions)."""
    completed: int = 0
    """The last round whose every table has finished: standings are after it unless asked otherwise."""

    def standings(self, after_round: int | None = None, division: int | None = None) -> Standings:
        """The whole field's standings, or one division's (named in its title); by default after the last
        complete round, so a round still in play never shows as played."""
        after_round = self.completed if after_round is None else after_round
        if division is None:
            return compute(self.definition, self.entrants, self.rounds, self.results, self.ratings, after_round)
        members = {p for p, d in self.division_of.items() if d == division}
        entrants = [e for e in self.entrants if e.player in members]
        results = [r for r in self.results if r.players[0] in members]
        standings = compute(self.definition, entrants, self.rounds, results, self.ratings, after_round)
        return replace(standings, tournament=f"{standings.tournament} · Division {division}")

    def divisions(self) -> list[int]:
        return sorted(set(self.division_of.values())) or [1]

    def all_standings(self, after_round: int | None = None) -> list[Standings]:
        """One table per division, or the one table of a tournament without divisions."""
        if len(self.divisions()) == 1:
            return [self.standings(after_round)]
        return [self.standings(after_round, division) for division in self.divisions()]


# ------------------------------------------------------------------ reading


def tournament_row(session: Session, tournament_id: int) -> Tournament:
    row = session.get(Tournament, tournament_id)
    if row is None:
        known = ", ".join(f"{t.id} ({t.name})" for t in session.exec(select(Tournament))) or "none yet"
        raise TournamentError(f"there is no tournament {tournament_id}; tournaments: {known}")
    return row


def load(session: Session, tournament_id: int) -> Loaded:
    row = tournament_row(session, tournament_id)
    definition = load_definition(row.definition)
    entries = list(session.exec(select(Entry).where(Entry.tournament_id == row.id).order_by(Entry.id)))
    entrants = [Entrant(e.player_id, e.name, e.joined, e.dropped) for e in entries]
    round_rows = list(session.exec(select(TournamentRound).where(TournamentRound.tournament_id == row.id)
                                   .order_by(TournamentRound.number)))
    table_rows = list(session.exec(select(TournamentTable).where(TournamentTable.tournament_id == row.id)
                                   .order_by(TournamentTable.round_no, TournamentTable.number)))
    rounds = [_seating(r, [t for t in table_rows if t.round_no == r.number]) for r in round_rows]
    results = [_result(t) for t in table_rows if t.scores is not None]
    completed = max((r.number for r in round_rows if r.status == "complete"), default=0)
    return Loaded(row, definition, entrants, rounds, results, ratings(session, definition.game),
                  {e.player_id: e.division for e in entries}, completed)


def _seating(row: TournamentRound, tables: list[TournamentTable]) -> RoundSeating:
    return RoundSeating(row.number, tuple(SeatedTable(t.number, tuple(t.players)) for t in tables), tuple(row.byes),
                        SeatingReport(**row.report))


def _result(row: TournamentTable) -> TableResult:
    assert row.scores is not None and row.ranks is not None
    return TableResult(row.round_no, row.number, tuple(row.players), tuple(row.scores), tuple(row.ranks),
                       tuple(row.timeouts or ()), frozenset(row.substituted or ()), frozenset(row.forfeited or ()))


def ratings(session: Session, game: str) -> dict[int, Rating]:
    """The game's rating book."""
    rows = session.exec(select(RatingBook).where(RatingBook.game == game))
    return {r.player_id: Rating(r.mu, r.sigma, r.games) for r in rows}


def names(session: Session, player_ids: list[int]) -> dict[int, Player]:
    rows = session.exec(select(Player).where(Player.id.in_(player_ids)))  # type: ignore[union-attr]
    return {p.id: p for p in rows}  # type: ignore[misc]


# ------------------------------------------------------------------ organiser actions


def create(service: Service, text: str, actor: str) -> int:
    """Store a checked definition; raises DefinitionError (every problem) or TournamentError (name taken)."""
    definition = load_definition(text)
    with Session(service.db) as session:
        row = _new_tournament(service, session, definition, text, actor)
        session.commit()
        assert row.id is not None
        return row.id


def _new_tournament(service: Service, session: Session, definition: Definition, text: str, actor: str) -> Tournament:
    taken = session.exec(select(Tournament).where(Tournament.name == definition.name)).first()
    if taken is not None:
        raise TournamentError(f"a tournament named {definition.name!r} exists already (id {taken.id}); "
                              f"change `name` in the file")
    row = Tournament(name=definition.name, game=definition.game, definition=text, created=service.clock.now())
    session.add(row)
    session.flush()
    service.audit(session, actor, "tournament create", None, f"tournament {row.id}: {definition.name} ({definition.game}, "
                  f"{definition.rounds} rounds)")
    return row


def next_season(service: Service, previous_id: int, text: str, actor: str) -> tuple[int, dict[int, int]]:
    """A finished league's next season, from its own definition file: every player who did not drop is
    registered, in the division its promotion and relegation gives; returns the id and how many per division.

    The new definition must be a league of the same game with the same number of divisions (the old
    divisions carry over); its name is new, and its rounds, dates and scoring may change.
    """
    definition = load_definition(text)
    with Session(service.db) as session:
        before = load(session, previous_id)
        if before.definition.league is None or before.row.status != "finished":
            what = "is not a league" if before.definition.league is None else (
                f"is {before.row.status}: its season ends with round {before.definition.rounds}")
            raise TournamentError(f"{before.row.name} {what}; a next season follows a finished league")
        if definition.league is None or definition.game != before.definition.game or _divisions(definition) != _divisions(before.definition):
            raise TournamentError(
                f"the next season must be a league of {before.definition.game} with {_divisions(before.definition)} "
                f"division(s), like {before.row.name}: give the file a [league] table with divisions = "
                f"{_divisions(before.definition)} and game = {before.definition.game!r}")
        row = _new_tournament(service, session, definition, text, actor)
        divisions = _season_divisions(before)
        staying = [e for e in before.entrants if e.dropped is None]
        for entrant in staying:
            session.add(Entry(tournament_id=row.id, player_id=entrant.player, name=entrant.name,  # type: ignore[arg-type]
                              division=divisions.get(entrant.player, _divisions(definition))))
        session.add(Season(tournament_id=row.id, follows=previous_id))  # type: ignore[arg-type]
        counts = {d: sum(1 for e in staying if divisions.get(e.player, _divisions(definition)) == d)
                  for d in range(1, _divisions(definition) + 1)}
        service.audit(session, actor, "season next", None,
                      f"tournament {row.id} ({definition.name}) follows {previous_id} ({before.row.name}): "
                      f"{len(staying)} players carried over, per division {counts}")
        session.commit()
        assert row.id is not None
        return row.id, counts


def _season_divisions(loaded: Loaded) -> dict[int, int]:
    """Each player's division next season: this season's final standings with promotion and relegation."""
    final = [tuple(row.player for row in standings.rows) for standings in loaded.all_standings()]
    if len(final) == 1:
        return {player: 1 for player in final[0]}
    count = loaded.definition.league.promote if loaded.definition.league else 0
    return {p: number for number, members in enumerate(promote(final, count), start=1) for p in members}


def follows(session: Session, tournament_id: int) -> int | None:
    """The season this tournament continues, if it does."""
    return session.exec(select(Season.follows).where(Season.tournament_id == tournament_id)).first()


def register(service: Service, tournament_id: int, email: str, name: str, actor: str, language: str = "",
             time_zone: str = "") -> Entrant:
    """Enter a player (created on first sight) from the next round, and welcome them by mail; a dropped one
    may rejoin if allowed."""
    registration, problems = player_rows.checked(email, name, language, time_zone)
    if problems:
        raise TournamentError("; ".join(problems))
    return register_roster(service, tournament_id, [registration], actor)[0]


def register_roster(service: Service, tournament_id: int, registrations: list[player_rows.Registration],
                    actor: str) -> list[Entrant]:
    """Enter every player of a checked roster in one transaction, or none: a refusal lists every row that
    cannot be entered (by its file line) and nothing is stored or mailed."""
    with Session(service.db) as session:
        loaded = load(session, tournament_id)
        _not_finished(loaded)
        entrants, problems = [], []
        for registration in registrations:
            try:
                entrants.append(_enter(service, session, loaded, registration, actor))
            except TournamentError as exc:
                problems.append(f"line {registration.line}: {exc}" if registration.line else str(exc))
        if problems:
            session.rollback()
            raise TournamentError("\n".join(problems))
        session.commit()
        return entrants


def _enter(service: Service, session: Session, loaded: Loaded, registration: player_rows.Registration,
           actor: str) -> Entrant:
    """One player entered in ``session`` (uncommitted), their welcome queued."""
    tournament_id = loaded.row.id
    player = player_rows.find_or_add(session, registration.email)
    player.name = registration.name or player.name
    # A player registered without a language reads the one they chose, or else the tournament's, else English.
    player.language = registration.language or player.language or loaded.definition.language or SOURCE_LANGUAGE
    player.time_zone = registration.time_zone or player.time_zone
    assert player.id is not None and tournament_id is not None
    entrant = register_entrant(loaded.definition, loaded.entrants, player.id, registration.name or player.name,
                               loaded.row.rounds_started)
    entry = session.exec(select(Entry).where(Entry.tournament_id == tournament_id,
                                             Entry.player_id == player.id)).first()
    late = loaded.row.rounds_started or follows(session, tournament_id) is not None
    entry = entry or Entry(tournament_id=tournament_id, player_id=player.id, name=entrant.name,
                           division=_divisions(loaded.definition) if late else 1)  # newcomers start at the bottom
    entry.joined, entry.dropped = entrant.joined, entrant.dropped
    session.add(entry)
    confirmations.void(session, player.id)  # a leave asked before this registration must not undo it
    loaded.entrants = [e for e in loaded.entrants if e.player != player.id] + [entrant]
    definition = loaded.definition
    letter = service.letters.render(
        "welcome", player.reads, tournament=loaded.row.name, player=entrant.name, game_title=game_title(service.rules(definition.game), player.reads),
        rounds=definition.rounds, joined=entrant.joined, started=loaded.row.rounds_started,
        hours=definition.deadlines.move.total_seconds() / 3600, organiser=service.settings.organiser,
        time_zone=player.time_zone)
    service.mails.queue(session, "welcome", player.email, letter, reply_to=service.mails.desk,  # "help" works there
                        list_id=list_of(service, loaded.row))
    service.audit(session, actor, "tournament register", None,
                  f"tournament {tournament_id}: {registration.email} from round {entrant.joined}")
    return entrant


def drop(service: Service, tournament_id: int, email: str, reason: str, actor: str) -> Entrant:
    """The player plays no round after the one under way; their results stay."""
    address = player_rows.spelt(email)
    with Session(service.db) as session:
        loaded = load(session, tournament_id)
        entrant = drop_entry(service, session, loaded.row, _entry(session, loaded, address), address,
                             reason, actor)
        session.commit()
        return entrant


SLUG_LONGEST = 40
"""Characters of the tournament's name kept in its List-Id (RFC 2919 allows 255 in all)."""


def list_of(service: Service, row: Tournament) -> str:
    """The tournament's List-Id header, on every mail of it: ``Name <slug-ID.from-domain>``, the name as the
    list's phrase, a label from it and the tournament's id.

    The id makes two names that read alike (``Spring Cup``, ``spring-cup``) two lists; a name with no letter
    in ASCII (Greek, Cyrillic) gives ``tournament-ID``. The phrase is quoted, or RFC 2047 encoded outside ASCII.
    """
    folded = unicodedata.normalize("NFKD", row.name).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")[:SLUG_LONGEST].strip("-") or "tournament"
    domain = service.settings.from_address.rpartition("@")[2].lower()
    return f"{_phrase(row.name)} <{slug}-{row.id}.{domain}>"


def _phrase(name: str) -> str:
    """The name quoted, or encoded where it is not printable ASCII or holds ``=?`` (readers decode what looks
    like an encoded word even in quotes)."""
    if name.isascii() and name.isprintable() and "=?" not in name:
        return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return encoded_words(name, "List-Id")


def drop_entry(service: Service, session: Session, row: Tournament, entry: Entry, address: str, reason: str,
               actor: str) -> Entrant:
    """Drop ``entry`` in ``session`` (uncommitted), audited: by the organiser, or the player's own ``leave``."""
    entrant = drop_entrant(Entrant(entry.player_id, entry.name, entry.joined, entry.dropped), row.rounds_started)
    entry.dropped = entrant.dropped
    service.audit(session, actor, "tournament drop", None,
                  f"tournament {row.id}: {address} after round {entrant.dropped}; {reason}")
    return entrant


def unfinished_seats(service: Service, tournament_id: int, email: str) -> list[tuple[int, int, str]]:
    """(game id, seat number, label) of the player's tournament games still in play, e.g. after a drop."""
    with Session(service.db) as session:
        return unfinished_in(session, tournament_id, player_rows.spelt(email))


def unfinished_in(session: Session, tournament_id: int, address: str) -> list[tuple[int, int, str]]:
    """:func:`unfinished_seats` in ``session``: what a player who leaves still plays out."""
    rows = session.exec(select(TournamentTable, Game, Seat, Player).where(
        TournamentTable.tournament_id == tournament_id, TournamentTable.game_id == Game.id,
        Game.status.not_in(FINISHED_GAME), Seat.game_id == Game.id,  # type: ignore[attr-defined]
        Seat.player_id == Player.id, Player.email == address, Seat.bot == ""))
    return [(game.id, seat.seat + 1, game.label) for _, game, seat, _ in rows]  # type: ignore[misc]


def _entry(session: Session, loaded: Loaded, address: str) -> Entry:
    player = session.exec(select(Player).where(Player.email == address)).first()
    entry = None if player is None else session.exec(
        select(Entry).where(Entry.tournament_id == loaded.row.id, Entry.player_id == player.id)).first()
    if entry is None:
        emails = names(session, [e.player for e in loaded.entrants])
        known = ", ".join(sorted(p.email for p in emails.values())) or "nobody yet"
        raise TournamentError(f"{address} is not registered in {loaded.row.name}; registered: {known}")
    return entry


def _not_finished(loaded: Loaded) -> None:
    if loaded.row.status == "finished":
        raise TournamentError(f"{loaded.row.name} is finished: all {loaded.definition.rounds} rounds were played")


def start_round(service: Service, tournament_id: int, actor: str) -> RoundSeating:
    """Seat the next round and open one game per table, every first prompt queued in the same transaction."""
    with Session(service.db) as session:
        seating = open_round(service, session, load(session, tournament_id), actor)
        session.commit()
        return seating


def open_round(service: Service, session: Session, loaded: Loaded, actor: str) -> RoundSeating:
    """Seat and open the next round in ``session`` (uncommitted); refuses when it cannot start now."""
    row, definition = loaded.row, loaded.definition
    _not_finished(loaded)
    round_no = row.rounds_started + 1
    if round_no > definition.rounds:
        raise TournamentError(f"all {definition.rounds} rounds of {row.name} have started")
    _previous_round_complete(session, row, round_no)
    active = [e.player for e in loaded.entrants if e.active_in(round_no)]
    rules = service.rules(definition.game)
    if round_no == 1 and _divisions(definition) > 1 and follows(session, row.id) is None:  # type: ignore[arg-type]
        _assign_divisions(session, loaded, active)  # a next season keeps the divisions its players earned
    seating = _seat_divisions(loaded, round_no, active, max(rules.min_players, min(definition.seating.table_sizes)))
    players = names(session, active)
    hours = definition.deadlines.move.total_seconds() / 3600
    for table in seating.tables:
        emails = [players[p].email for p in table.players]
        label = f"{row.name} R{round_no} T{table.number}"
        game = service.open_game(session, rules, emails, bots_count=0, seed=_game_seed(definition, round_no, table),
                                 options=dict(definition.game_options), deadline_hours=hours,
                                 label=label, bot=definition.timeouts.bot,
                                 actor=actor, round_note=_round_note(loaded, round_no, table, players,
                                                                      list_of(service, row)))
        session.add(TournamentTable(tournament_id=row.id, round_no=round_no, number=table.number,  # type: ignore[arg-type]
                                    game_id=game.id, players=list(table.players)))
    _mail_byes(service, session, loaded, seating, players)
    report = seating.report
    session.add(TournamentRound(tournament_id=row.id, number=round_no, byes=list(seating.byes),  # type: ignore[arg-type]
                                report={"repeat_pairs": report.repeat_pairs, "seat_imbalance": report.seat_imbalance,
                                        "max_first": report.max_first},
                                started=service.clock.now()))
    row.rounds_started, row.status, row.next_round_at = round_no, "running", None
    session.add(row)
    service.audit(session, actor, "round start", None,
                  f"tournament {row.id} round {round_no}: {len(seating.tables)} tables, byes {list(seating.byes)}, "
                  f"repeat pairs {report.repeat_pairs}, seat imbalance {report.seat_imbalance}")
    session.flush()
    loaded.rounds.append(seating)
    return seating


def _divisions(definition: Definition) -> int:
    return definition.league.divisions if definition.league else 1


def _assign_divisions(session: Session, loaded: Loaded, active: list[int]) -> None:
    """Cut the field into the league's divisions by rating, best first (unrated players count as new)."""
    fresh = Rating().ordinal
    ordered = sorted(active, key=lambda p: -(loaded.ratings[p].ordinal if p in loaded.ratings else fresh))
    for number, members in enumerate(divide(ordered, _divisions(loaded.definition)), start=1):
        for entry in session.exec(select(Entry).where(Entry.tournament_id == loaded.row.id,
                                                      Entry.player_id.in_(members))):  # type: ignore[attr-defined]
            entry.division = number
            session.add(entry)
            loaded.division_of[entry.player_id] = number


def _seat_divisions(loaded: Loaded, round_no: int, active: list[int], fewest: int) -> RoundSeating:
    """Each division seated on its own (tables numbered on across divisions), as one round."""
    definition = loaded.definition
    points, history = loaded.standings().points(), History.of(loaded.rounds)
    tables: list[SeatedTable] = []
    byes: list[int] = []
    reports: list[SeatingReport] = []
    for division in loaded.divisions():
        members = [p for p in active if loaded.division_of.get(p, 1) == division]
        where = f"division {division} of round {round_no}" if len(loaded.divisions()) > 1 else f"round {round_no}"
        if len(members) < fewest:
            raise TournamentError(f"{where} needs at least {fewest} active players (seating.table_sizes = "
                                  f"{list(definition.seating.table_sizes)}); {len(members)} are registered: "
                                  f"register more with `pbem tournament register`")
        seating = seat_round(round_no, members, points, history, definition.seating, definition.seed + DIVISION_SEED * (division - 1))
        tables += [replace(table, number=len(tables) + index) for index, table in enumerate(seating.tables, start=1)]
        byes += seating.byes
        reports.append(seating.report)
    report = SeatingReport(sum(r.repeat_pairs for r in reports), max(r.seat_imbalance for r in reports),
                           max(r.max_first for r in reports))
    return RoundSeating(round_no, tuple(tables), tuple(byes), report)


DIVISION_SEED = 7919
"""Division d seats from the tournament seed + (d - 1) x this, so divisions do not mirror each other."""


def _round_note(loaded: Loaded, round_no: int, table: SeatedTable, players: dict[int, Player],
                list_id: str) -> RoundNote:
    """What the table's start mails say of its round: the tournament, the round, the names the entrants play under."""
    names = {e.player: e.name for e in loaded.entrants}
    return RoundNote(loaded.row.name, round_no, tuple(names.get(p) or players[p].name for p in table.players),
                     list_id)


def _mail_byes(service: Service, session: Session, loaded: Loaded, seating: RoundSeating,
               players: dict[int, Player]) -> None:
    scoring = loaded.definition.scoring
    worth = "" if scoring.bye_average else f"{scoring.bye_points:g}"
    entrants = {e.player: e for e in loaded.entrants}
    for player_id in seating.byes:
        letter = service.letters.render("bye", players[player_id].reads, tournament=loaded.row.name, player=entrants[player_id].name,
                                        round=seating.round, tables=len(seating.tables), worth=worth)
        service.mails.queue(session, "bye", players[player_id].email, letter, reply_to=service.mails.desk,
                            list_id=list_of(service, loaded.row))


def _game_seed(definition: Definition, round_no: int, table: SeatedTable) -> int:
    """Each table's deal, reproducible from the tournament seed."""
    return random.Random(f"{definition.seed}:{round_no}:{table.number}").randrange(2**31)


def _previous_round_complete(session: Session, row: Tournament, round_no: int) -> None:
    if round_no == 1:
        return
    previous = session.exec(select(TournamentRound).where(TournamentRound.tournament_id == row.id,
                                                          TournamentRound.number == round_no - 1)).one()
    if previous.status != "complete":
        waiting = [str(t.game_id) for t, g in tables_and_games(session, row.id, round_no - 1)  # type: ignore[arg-type]
                   if g.status not in FINISHED_GAME]
        raise TournamentError(f"round {round_no - 1} is still being played (games {', '.join(waiting)}); "
                              f"round {round_no} starts when they end")


def tables_and_games(session: Session, tournament_id: int, round_no: int) -> list[tuple[TournamentTable, Game]]:
    rows = session.exec(select(TournamentTable, Game).where(
        TournamentTable.tournament_id == tournament_id, TournamentTable.round_no == round_no,
        TournamentTable.game_id == Game.id).order_by(TournamentTable.number))
    return list(rows)  # type: ignore[arg-type]


# ------------------------------------------------------------------ a game ends


def game_over(service: Service, session: Session, ended: LoadedGame, result: engine.Result) -> None:
    """Record a tournament table's result and rating, and complete its round when it was the last game.

    The game store calls this (through the hook :func:`pbem.app.open_service`
    registers) in the transaction of the move that ended the game.
    """
    record = session.exec(select(TournamentTable).where(TournamentTable.game_id == ended.id)).first()
    if record is None:
        return
    seated = record.players
    seats = ended.seats
    record.scores, record.ranks = list(result.scores), list(result.ranks)
    record.timeouts = [seat.timeouts for seat in seats]
    record.forfeited = [seated[s.seat] for s in seats if s.forfeited]
    record.substituted = [seated[s.seat] for s in seats
                          if not s.forfeited and (s.bot or s.player_id != seated[s.seat])]
    record.finished = service.clock.now()
    session.add(record)
    game = ended.rules.name
    book = ratings(session, game)
    _store_ratings(service, session, game, rate_table(book, _result(record)))
    round_row = session.exec(select(TournamentRound).where(TournamentRound.tournament_id == record.tournament_id,
                                                           TournamentRound.number == record.round_no)).one()
    if round_row.status == "playing" and _all_over(session, record.tournament_id, record.round_no, ended.id):
        complete_round(service, session, record.tournament_id, round_row)


def _store_ratings(service: Service, session: Session, game: str, changed: dict[int, Rating]) -> None:
    for player_id, rating in changed.items():
        row = session.exec(select(RatingBook).where(RatingBook.game == game, RatingBook.player_id == player_id)).first()
        row = row or RatingBook(game=game, player_id=player_id, mu=rating.mu, sigma=rating.sigma)
        row.mu, row.sigma, row.games, row.updated = rating.mu, rating.sigma, rating.games, service.clock.now()
        session.add(row)


def _all_over(session: Session, tournament_id: int, round_no: int, ending: int | None = None) -> bool:
    return all(g.status in FINISHED_GAME or g.id == ending for _, g in tables_and_games(session, tournament_id, round_no))


def complete_round(service: Service, session: Session, tournament_id: int, round_row: TournamentRound) -> None:
    """Close the round, mail the standings to its players and, in a league, start or schedule the next round."""
    now = service.clock.now()
    round_row.status, round_row.completed = "complete", now
    session.add(round_row)
    session.flush()
    loaded = load(session, tournament_id)
    row, definition = loaded.row, loaded.definition
    if round_row.number >= definition.rounds:
        row.status = "finished"
    mail_standings(service, session, loaded, round_row.number)
    service.audit(session, "service", "round complete", None, f"tournament {row.id} round {round_row.number}")
    if row.status == "finished" and definition.league and definition.league.promote:
        _record_promotion(service, session, loaded)
    when = next_round_start(definition, round_row.number, now) if row.status != "finished" else None
    row.next_round_at = when
    session.add(row)
    if when is not None and when <= now:
        open_next_round(service, session, loaded)


def open_next_round(service: Service, session: Session, loaded: Loaded) -> bool:
    """Start a league's due round; when it cannot start, tell the organiser instead of failing the caller.

    The caller is the move that ended the previous round, or the scheduler:
    neither may fail because of, say, too many drops. Nothing of the round
    is written when it is refused, and the league waits for ``round start``.
    """
    try:
        open_round(service, session, loaded, "league")
        return True
    except TournamentError as exc:
        row = loaded.row
        row.next_round_at = None
        session.add(row)
        service.audit(session, "service", "round not started", None, f"tournament {row.id}: {exc}")
        letter = service.letters.render("organiser_tournament", tournament=row.name, tournament_id=row.id,
                                        round=row.rounds_started + 1, reason=str(exc))
        service.mails.queue(session, "organiser", service.settings.organiser, letter,
                            reply_to=service.settings.organiser, list_id=list_of(service, row))
        return False


def _record_promotion(service: Service, session: Session, loaded: Loaded) -> None:
    """The season's end: who goes up and down (the next season's divisions), on record for the organiser."""
    who = {e.player: e.name for e in loaded.entrants}
    moves = [f"{who[p]} {before} -> {number}" for p, number in _season_divisions(loaded).items()
             if (before := loaded.division_of.get(p, 1)) != number]
    service.audit(session, "service", "season end", None,
                  f"tournament {loaded.row.id}: next season's divisions: {'; '.join(moves) or 'no change'}; "
                  f"start it with `pbem tournament next-season {loaded.row.id} FILE`")


def mail_standings(service: Service, session: Session, loaded: Loaded, after_round: int) -> int:
    """One standings mail per player of the round (seated or with a bye): their division's, their line marked."""
    readers = [e for e in loaded.entrants if e.active_in(after_round)]
    players = names(session, [e.player for e in readers])
    rules = engine.game(loaded.definition.game)
    for standings in loaded.all_standings(after_round):
        context = standings_context(standings, season(loaded.definition))
        listed = {row.player for row in standings.rows}
        for entrant in readers:
            if entrant.player not in listed:
                continue
            reads = players[entrant.player].reads
            letter = service.letters.render("standings", reads, **{**context, "game": game_title(rules, reads)},
                                            player=entrant.name, you=entrant.player, limit=STANDINGS_MAILED)
            service.mails.queue(session, "standings", players[entrant.player].email, letter,
                                reply_to=service.mails.desk, list_id=list_of(service, loaded.row))
    return len(readers)


STANDINGS_MAILED = 40
"""Rows listed in a standings mail (the reader's own row is always added); the page lists everyone."""


def season(definition: Definition) -> str | None:
    return definition.league.season if definition.league else None


def unrecord(service: Service, session: Session, game_id: int) -> bool:
    """Forget a table's result after an organiser reopened its game; the game's rating book is rebuilt."""
    record = session.exec(select(TournamentTable).where(TournamentTable.game_id == game_id)).first()
    if record is None or record.scores is None:
        return False
    tournament = session.get(Tournament, record.tournament_id)
    assert tournament is not None
    if tournament.rounds_started > record.round_no:
        raise TournamentError(f"round {record.round_no + 1} of {tournament.name} was seated using this game's "
                              f"result, so the result can no longer change")
    record.scores = record.ranks = record.timeouts = record.substituted = record.forfeited = None
    record.finished = None
    session.add(record)
    round_row = session.exec(select(TournamentRound).where(TournamentRound.tournament_id == record.tournament_id,
                                                           TournamentRound.number == record.round_no)).one()
    round_row.status, round_row.completed = "playing", None
    session.add(round_row)
    if tournament.status == "finished":
        tournament.status = "running"
    tournament.next_round_at = None
    session.add(tournament)
    session.flush()
    _rebuild_ratings(service, session, tournament.game)
    return True


def _rebuild_ratings(service: Service, session: Session, game: str) -> None:
    """Every finished table of the game rated again in the order the games ended."""
    for row in session.exec(select(RatingBook).where(RatingBook.game == game)):
        session.delete(row)
    session.flush()
    finished = session.exec(select(TournamentTable).join(Tournament).where(
        Tournament.game == game, TournamentTable.finished != None).order_by(TournamentTable.finished))  # noqa: E711
    book: dict[int, Rating] = {}
    for record in finished:
        book.update(rate_table(book, _result(record)))
    _store_ratings(service, session, game, book)


# ------------------------------------------------------------------ the scheduler


def scan(service: Service) -> int:
    """Complete rounds whose games all ended (a race can leave one) and start league rounds now due."""
    now = service.clock.now()
    changed = 0
    with Session(service.db) as session:
        playing = list(session.exec(select(TournamentRound).where(TournamentRound.status == "playing")))
        for round_row in playing:
            if _all_over(session, round_row.tournament_id, round_row.number):
                complete_round(service, session, round_row.tournament_id, round_row)
                changed += 1
        due = session.exec(select(Tournament).where(Tournament.status == "running",
                                                    Tournament.next_round_at != None,  # noqa: E711
                                                    Tournament.next_round_at <= now))  # type: ignore[operator]
        for row in list(due):
            assert row.id is not None
            changed += open_next_round(service, session, load(session, row.id))
        session.commit()
    return changed
