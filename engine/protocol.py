"""The one game protocol every game module implements.

The mail loop, the bots, the tournament runner and the benchmarks drive a game
only through these members, so a new game is a new module, never a change to
``pbem/``. The shape follows OpenSpiel (state + legal actions + apply) with
python-chess's idea that a move is a small immutable value with a notation.

A game package (``engine/dragon/`` …) exposes a module-level object ``GAME``
that satisfies :class:`Game`; every game here builds it on :class:`GameBase`,
which holds what the games share: the defaults, the declared options and the
reply-reading loop (written once in :mod:`engine.reading`, which ``GameBase``
hands its ``read`` to). A game adapter then says only what is its own.

``apply`` changes the state it is given and returns it (as OpenSpiel's
``ApplyAction`` does: no copy per move, which keeps bots and replays fast).
A caller that still needs the state from before the move clones it first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import ModuleType
from typing import Any, Hashable, Protocol, TypeVar, runtime_checkable

from engine.errors import MoveError, OptionError
from engine.notation import closest
from engine.reading import DONE, ELSE, Entry, Reader, Reading, reply_words  # the reply's parts, named here too
from engine.text import ENGLISH, Said, T, Text, Words

PRIVATE_MOVE = T("set a standing order")
"""What every other reader is shown of a move private to its seat (:meth:`Game.private`), in their language."""

State = Any
"""Each game has its own state class; it is opaque to everything outside the game."""

Move = Hashable
"""Each game has its own move dataclasses, ``frozen=True, slots=True`` in every game: hashable values that
compare equal by their fields (a set or dict key, a bot's tree), small and quick to make (bots make many)."""


@dataclass(frozen=True)
class Result:
    """The final outcome of a finished game.

    ``ranks`` already applies every tie-break of the rules (1 = winner); two
    seats share a rank only when the rules leave them tied. ``breakdown`` holds
    one small mapping per seat, label -> points, so a game-over mail and the
    organiser's CLI can show how the score came about.
    """

    scores: list[int]
    ranks: list[int]
    breakdown: list[dict[str, int]] = field(default_factory=list)
    lowest_wins: bool = False


@dataclass(frozen=True)
class Decision:
    """What one seat is being asked right now: the key a mail template is chosen by.

    ``kind`` is a short stable identifier (``"action"``, ``"person"``,
    ``"release"`` …) that templates and subjects can switch on; ``title`` is
    the few words a subject line shows (``"month 5, actions"``, a
    :class:`engine.text.Text` the shell says in the reader's language);
    ``hint`` is a one-line reminder in notation for this decision (an example
    legal now), which the shell writes in the reader's move words.
    ``choices``, when given, describes a decision too large to list move by
    move, the way a player thinks of it (what to pick from, what is ruled
    out); a mail then lists only a few legal examples after it.
    """

    kind: str
    title: Said
    hint: str = ""
    choices: tuple[Said, ...] = ()
    not_ahead: Said | None = None
    """Why a move sent before the turn may not answer this decision (the rule that says so), or None when
    one may: then a kept answer is played here as if it had been sent now."""


@dataclass(frozen=True)
class Option:
    """One option a game takes, declared as data so that one place checks them all.

    A value is good when it is one of ``choices`` or, if ``kinds`` is given, an
    instance of one of them (a bool never counts as an int). ``seat`` says an
    int names a seat (1 = first), so it must be at most the player count.
    ``description`` is the one line the organiser reads. ``read`` is for a
    value whose kind is not enough (a list that must name two or three known
    competitions): it raises ``ValueError`` saying what is wrong, and
    ``check_options`` reports that as an :class:`engine.OptionError`, so a bad
    value is refused where every option is checked, not later by ``new``.
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    kinds: tuple[type, ...] = ()
    seat: bool = False
    read: Callable[[Any], Any] | None = None

    def accepts(self, value: Any, players: int | None = None) -> bool:
        if isinstance(value, bool) and bool not in self.kinds and not all(isinstance(c, bool) for c in self.choices):
            return False
        if self.choices and value in self.choices:
            return True
        if self.seat:
            return isinstance(value, int) and 1 <= value <= (players or value)
        return isinstance(value, self.kinds) if self.kinds else False

    def wanted(self, players: int | None = None) -> str:
        """The values this option takes, in words."""
        if self.kinds == (bool,):
            return "true or false"
        if self.seat:
            seats = f"a seat from 1 to {players}" if players else "a seat number (1 = first)"
            return " or ".join([seats, *map(repr, self.choices)])
        kinds = dict.fromkeys(_KIND_WORDS.get(k, k.__name__) for k in self.kinds)  # list and tuple read alike
        named = [repr(c) for c in self.choices] + list(kinds)
        return "one of " + ", ".join(named) if self.choices else " or ".join(named)


_KIND_WORDS = {int: "a whole number", str: "a text", list: "a list", tuple: "a list", bool: "true or false"}


S = TypeVar("S")


@runtime_checkable
class Game(Protocol):
    """Static facts about a game plus the functions that move it on.

    Every function is deterministic: the same seed, options and moves give the
    same states on any machine. None of them reads the clock, the network or
    the file system (except loading the game's own data file once on import).
    Only ``apply`` changes its argument: it plays the move on the state it is
    given and returns that state, so a caller that needs the state from before
    clones it first.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    lowest_wins: bool
    AHEAD_NOTE: Text | None
    OUTLOOK_SCALE: float | None
    SHOWS_ONE_SEAT: bool
    PRIVATE_LINES: tuple[str, ...]

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State: ...

    def options(self) -> dict[str, Any]:
        """The game's options with their defaults, for validating a definition file."""
        ...

    def to_act(self, state: State) -> set[int]: ...

    def legal(self, state: State, seat: int) -> list[Move]: ...

    def apply(self, state: State, seat: int, move: Move) -> State:
        """``state`` after ``seat`` plays ``move``: changed in place and returned.

        An illegal move raises :class:`engine.IllegalMove` with the reason and
        leaves ``state`` as it was.
        """
        ...

    def clone(self, state: State) -> State: ...

    def parse(self, text: str, state: State, seat: int, words: Words = ENGLISH) -> list[Move]:
        """A reply's lines to moves, each read against the state the lines before it lead to.

        Lines are read in order on a clone, so a reply can carry every decision
        the seat will owe before anyone else acts. A line that cannot be used
        raises :class:`engine.MoveError` naming that line; nothing is applied by
        ``parse`` itself. Lines that are not written as moves (a greeting, a
        signature) after the last decision the seat owes, or after the reply's
        last move line, are left out; ``read`` reports them. A line holding a
        word the game's notation does not read is refused, naming the word.
        """
        ...

    def read(self, text: str, state: State, seat: int, words: Words = ENGLISH, kept: bool = False) -> Reading:
        """``parse``'s moves together with the lines it left out after the seat's last owed decision.

        ``words`` reads the reader's move words as well as English ones. ``kept``: the text is an answer kept
        from before the turn, which stops at a decision no kept answer may serve (``Reading.unseen``)."""
        ...

    def check_options(self, options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
        """``options`` with the defaults filled in; :class:`engine.OptionError` for an unknown name or bad value."""
        ...

    def format(self, move: Move) -> str: ...

    def also_named(self, state: State, seat: int, move: Move) -> str:
        """Notation words a legal move is also named by now, besides its own line: what the board shows where the
        move goes (China's display card by its place, ``up2``; a Prodigals card set by the cards lying in it), so
        a reply may name the move by what the player sees. Read by meaning (engine.meaning), never required."""
        ...

    def private(self, notation: str) -> bool:
        """Whether the move ``notation`` writes is its seat's secret (a standing order: a plan, or a card kept in
        hand), which no other seat and no reader of a public page may see played."""
        ...

    def format_ahead(self, move: Move) -> str:
        """``move`` as a player writes it before its turn: without what only the turn will show.

        ``format`` names a move the way the turn's legal-move list shows it; a
        move sent ahead leaves out what is dealt before the turn comes (Dragon's
        action groups are dealt anew each month, so an action sent ahead names
        its card alone). ``read`` at the turn finds the same move from either
        text whenever that move is legal then.
        """
        ...

    def listed(self, move: Move, state: State, seat: int, fits: Callable[[str], bool]) -> str:
        """``move`` as a legal-move list shows it: ``format``'s notation where it ``fits`` the list's line, else
        a shorter notation that leaves out what ``state`` implies and that ``read_line`` reads back to ``move``
        alone, so a player can still copy the line back (``format``'s when no shorter one fits)."""
        ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def render(self, state: State, seat: int | None, words: Words = ENGLISH) -> str:
        """A plain-text picture of the game for a mail, in ``words``' language."""
        ...

    def decision(self, state: State, seat: int) -> Decision | None:
        """What ``seat`` is being asked now, or None when it owes nothing."""
        ...

    def result(self, state: State) -> Result | None: ...

    def picture(self, state: State, seat: int | None, words: Words = ENGLISH) -> bytes | None:
        """A PNG of the board for a mail's HTML part (its labels in ``words``' language), or None for a game
        without one. It shows only what ``seat`` (None: a spectator) may see."""
        ...

    def picture_audience(self, state: State, seat: int | None) -> Hashable:
        """Whose picture of ``state`` the seat's is: seats with equal audiences get the very same picture (in
        one language), so the service draws it once and shares it. None: the spectator's; a game whose picture
        shows a seat something of its own answers the seat."""
        ...

    def ahead(self, text: str, words: Words = ENGLISH) -> Reading:
        """A reply sent before the seat's turn: its move lines (``ahead``), kept unread for that turn.

        What the seat will owe then is not known now, so the lines are only
        checked to be written as moves; they are read (``read``) when the turn
        comes, against the state then, and each decision says whether a kept
        answer may serve it (:attr:`Decision.not_ahead`). Lines that are no
        moves are ``ignored``.
        """
        ...

    def greedy(self, state: State, seat: int, rng: Any) -> Move:
        """A move that plays clearly better than uniform random; ``rng`` is a random.Random."""
        ...

    def outlook(self, state: State) -> list[float] | None:
        """How every seat stands if play stopped now, one number each, higher better (None: the game has no such measure).

        A search bot ranks the seats by it where it cuts a playout short, so
        it should pick the seat that goes on to win: the greedy bot's own
        valuation where that does (Dragon, China), the projected final score
        where the greedy bot's guide for its next move does not (Prodigals). It
        reads the whole state, so it is asked only of states a search has
        dealt itself (``determinise``), never of the real one for a seat.
        """
        ...

    def prior(self, state: State, seat: int, moves: list[Move]) -> list[float] | None:
        """How good each of ``moves`` looks for ``seat`` at a glance, higher better (None: no such guess).

        A search bot widens its tree in this order, so the moves it tries
        first should be the ones a good player would look at first: the
        greedy bot's own valuation one move ahead where that is a better
        guide to one seat's next move than the ``outlook`` is (Prodigals);
        with None the search orders the moves by the outlook one move ahead.
        Like the outlook, it is asked only of states a search has dealt itself.
        """
        ...

    def determinise(self, state: State, seat: int | None, rng: Any) -> State:
        """A new state ``seat`` (None: a spectator) cannot tell from ``state``, its hidden parts drawn from ``rng``.

        Everything the seat may see (``view(result, seat) == view(state, seat)``)
        stays; what it may not (other hands, the order of decks and stacks) is
        dealt again at random, consistently with what is seen. Search bots and
        look-aheads play on such states, so they never read what their seat
        cannot see. ``state`` is left unchanged.
        """
        ...

    def drawn(self, state: State, seat: int, moves: list[Move]) -> Said | None:
        """The cards the seat's own ``moves``, played from ``state`` (unchanged), take into its hand, said for the
        confirmation of its reply ("You drew: red, purple."): a card from a deck is seen by its drawer alone, who
        plans its next turn, and sends it ahead, from that mail. None when they take none."""
        ...


class GameBase:
    """What every game adapter shares; a game subclasses it and fills in its own parts.

    A subclass sets the static facts (``name``, ``title``, ``min_players``,
    ``max_players``, ``lowest_wins``; the English ``title`` marked
    ``TC("title", …)`` so that the game's catalog gives the title its readers
    know, ``pbem.language.words.game_title``), declares ``OPTIONS``, writes ``new``,
    and names the modules of its package that every game has (the layout in
    the README), which the members here forward to:

    - ``FLOW``: ``to_act(state)``, ``legal(state, seat)``, ``apply(state, seat, move)``;
    - ``NOTATION``: ``format_move(move)``, ``read_line(line, state, seat)`` (one
      normalised reply line -> its moves, ``state`` unchanged) and ``VOCABULARY``
      (an :class:`engine.notation.Vocabulary`: every word ``read_line`` reads,
      which the reply loop holds every line to);
    - ``VIEWS``: ``view(state, seat)``, ``render(state, seat)``,
      ``decision(state, seat)``, ``result(state)``;
    - ``GREEDY``: ``choose(state, seat, rng)``.

    The rest (clone, picture, determinise, the reply loop) has a default here
    that a game overrides only where it differs.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    lowest_wins: bool = False
    OPTIONS: tuple[Option, ...] = ()
    MOVE_WORDS: tuple[Text, ...] = ()
    """The words the notation writes (``TC("move", "recruit")`` …), which a catalog gives in each language."""
    AHEAD_NOTE: Text | None = None
    """What a player must know to write a move before its turn (see ``format_ahead``), said where a mail invites
    one; None where a move sent ahead is written as at the turn."""
    SHOWS_ONE_SEAT: bool = True
    """Whether a seat's own moves can show it something hidden that it alone then sees (a card drawn from a
    deck into its hand). False where nothing hidden is ever shown to one seat alone (Dragon: a new month's
    cards are shown to everyone at once): :func:`engine.lookahead.shows` then knows its answer without
    playing the moves in sampled worlds."""
    PRIVATE_LINES: tuple[str, ...] = ()
    """How the canonical lines of the moves private to their seat begin (:meth:`private`): a standing order
    says a seat's plan, and may name a card in its hand, so only the seat and the organiser see it played."""
    OUTLOOK_SCALE: float | None = None
    """Outlook points that make a clear lead, or None. Where given, a search bot rewards a playout it cuts short
    by a sigmoid of the seat's lead over the best other seat in these units (a finished one by its lead in final
    score), which tells a point gained from a point lost where ranks mostly do not; None: by rank, right where
    the outlook is a valuation whose units mean little (Dragon, China)."""
    FLOW: ModuleType
    NOTATION: ModuleType
    VIEWS: ModuleType
    GREEDY: ModuleType

    # --- options and set-up ------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The game's options with their defaults, for validating a definition file."""
        return {option.name: _fresh(option.default) for option in self.OPTIONS}

    def check_options(self, options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
        """``options`` over the defaults, each name known and each value one the option takes.

        ``players``, when known, also bounds the options that name a seat.
        """
        declared = {option.name: option for option in self.OPTIONS}
        given = dict(options or {})
        unknown = sorted(set(given) - set(declared))
        if unknown:
            known = "; ".join(f"{o.name} ({o.description})" for o in self.OPTIONS) or "none"
            raise OptionError(f"unknown option(s) {', '.join(map(repr, unknown))} for {self.title}; "
                              f"known options: {known}")
        for name, value in given.items():
            option = declared[name]
            if not option.accepts(value, players):
                raise OptionError(f"option {name}={value!r} is not allowed for {self.title}: "
                                  f"{name} must be {option.wanted(players)} ({option.description})")
            if option.read is not None:
                try:
                    option.read(value)
                except ValueError as exc:
                    raise OptionError(f"option {name}={value!r} is not allowed for {self.title}: {exc}") from None
        return {**self.options(), **given}

    def check_setup(self, players: int, seed: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """The checked options, after checking the player count and the seed; every ``new`` starts here."""
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.min_players <= players <= self.max_players):
            raise ValueError(f"{self.title} takes {self.min_players}-{self.max_players} players, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed must be an integer, not {seed!r}")
        return self.check_options(options, players)

    # --- forwarded to the game's modules ---------------------------------------------

    def to_act(self, state: State) -> set[int]:
        return self.FLOW.to_act(state)

    def legal(self, state: State, seat: int) -> list[Move]:
        return self.FLOW.legal(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> State:
        return self.FLOW.apply(state, seat, move)

    def format(self, move: Move) -> str:
        return self.NOTATION.format_move(move)

    def also_named(self, state: State, seat: int, move: Move) -> str:
        return ""

    def private(self, notation: str) -> bool:
        return notation.startswith(self.PRIVATE_LINES) if self.PRIVATE_LINES else False

    def format_ahead(self, move: Move) -> str:
        """The turn's own notation: right for a game whose moves name nothing dealt before the turn."""
        return self.format(move)

    def listed(self, move: Move, state: State, seat: int, fits: Callable[[str], bool]) -> str:
        notation = self.format(move)
        if fits(notation):
            return notation
        for shorter in self.shorter(move):
            try:
                if fits(shorter) and list(self.read_line(shorter, state, seat)) == [move]:
                    return shorter
            except MoveError:  # not read, or read as another move: a part it needs is left out
                continue
        return notation

    def shorter(self, move: Move) -> list[str]:
        """``move``'s notation without parts a state may imply, shortest last, for ``listed`` to try in turn:
        none for a game whose notation has no such parts."""
        return []

    def read_line(self, line: str, state: State, seat: int) -> Sequence[Move]:
        """The moves one normalised line makes for ``seat`` in ``state``, which it leaves unchanged.

        Raises :class:`engine.MoveError` when the line is not a legal move now.
        """
        return self.NOTATION.read_line(line, state, seat)

    def is_move_line(self, line: str) -> bool:
        """Whether a normalised line is written as a move of this game: its first word names a move.

        One rule for every game, made from its vocabulary, decides where a
        reply's moves end: the lines after the last line written as a move
        that are not moves (a signature, "Thanks, Anna") are passed over and
        listed, whatever the seat still owes; once the seat owes nothing, a
        line written as a move is kept for its next turn, any other listed.
        """
        return self.NOTATION.VOCABULARY.starts_a_move(line)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.VIEWS.view(state, seat)

    def render(self, state: State, seat: int | None, words: Words = ENGLISH) -> str:
        return self.VIEWS.render(state, seat, words)

    def decision(self, state: State, seat: int) -> Decision | None:
        return self.VIEWS.decision(state, seat)

    def result(self, state: State) -> Result | None:
        return self.VIEWS.result(state)

    def greedy(self, state: State, seat: int, rng: Any) -> Move:
        return self.GREEDY.choose(state, seat, rng)

    # --- defaults ----------------------------------------------------------------

    def clone(self, state: State) -> State:
        return state.copy()

    def picture(self, state: State, seat: int | None, words: Words = ENGLISH) -> bytes | None:
        return None

    def picture_audience(self, state: State, seat: int | None) -> Hashable:
        return seat  # each seat its own: right for any picture; a game that draws no seat's own says None

    def outlook(self, state: State) -> list[float] | None:
        return None

    def prior(self, state: State, seat: int, moves: list[Move]) -> list[float] | None:
        return None

    def determinise(self, state: State, seat: int | None, rng: Any) -> State:
        """A clone: right for a game with no hidden information; a game with some overrides this."""
        return self.clone(state)

    def drawn(self, state: State, seat: int, moves: list[Move]) -> Said | None:
        """None: right for a game whose moves show their mover nothing of its own; a game that deals a player
        cards it alone sees (China's deck) says which, in the rulebook's names."""
        return None

    # --- reading a reply ---------------------------------------------------------

    def expected(self, state: State, seat: int) -> Said:
        """What ``seat`` is asked now, for error messages: the decision's hint in notation."""
        decision = self.decision(state, seat)
        return decision.hint if decision is not None else T("nothing from you now")

    def suggestions(self, state: State, seat: int) -> list[str]:
        """The moves to suggest for an empty reply (canonical notation)."""
        return []

    def closest_moves(self, line: str, state: State, seat: int) -> list[str]:
        """The legal moves most like a refused line (canonical notation), best first."""
        return closest(line, [self.format(move) for move in self.legal(state, seat)])

    def reply_text(self, text: str) -> str:
        """A reply line as the game's notation reads it, before it is normalised."""
        return text

    def parse(self, text: str, state: State, seat: int, words: Words = ENGLISH) -> list[Move]:
        """A reply's lines to moves (see :meth:`read`); lines after the last owed decision that are no moves are dropped."""
        return self.read(text, state, seat, words).moves

    def entries(self, text: str, words: Words = ENGLISH) -> tuple[list[Entry], tuple[str, ...]]:
        """A reply's lines as decisions' entries, and the lines after its done word (:meth:`Reader.entries`)."""
        return self._reader.entries(text, words)

    def read(self, text: str, state: State, seat: int, words: Words = ENGLISH, kept: bool = False) -> Reading:
        """A reply's lines to moves, each line read against the state the lines before it lead to
        (:meth:`Reader.read`); nothing is applied to ``state``."""
        return self._reader.read(text, state, seat, words, kept)

    def ahead(self, text: str, words: Words = ENGLISH) -> Reading:
        """A reply sent before the seat's turn: its move lines kept unread for that turn (:meth:`Reader.ahead`)."""
        return self._reader.ahead(text, words)

    @cached_property
    def _reader(self) -> Reader:
        """The reply loop, the same for every game, which asks this game how each of its lines reads."""
        return Reader(self)


def check_viewer(seat: int | None, players: int) -> None:
    """A seat that may look at the game: None (a spectator) or 0 to ``players`` - 1; a ValueError otherwise."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise ValueError(f"the seat must be None (a spectator) or a seat index from 0 to {players - 1}, not {seat!r}")


def _fresh(value: Any) -> Any:
    """A default that callers may change without changing the declaration (lists are copied)."""
    return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value
