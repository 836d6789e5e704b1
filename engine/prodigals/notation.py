"""Reading a reply line in The Prodigals Club's notation, and writing a move.

Every move has one canonical line (``str(move)``, see ``engine.prodigals.moves``);
a line is read by matching it against the canonical lines of the moves legal
now, after reducing both so that ``At the Pub`` and ``at-the-pub`` read alike
and the orders players' languages put the words in read as the notation's. A
line that names a move less fully (``central card``, ``hyde park``) is read as
the one legal move it names, and refused when it names two or none.
"""

from __future__ import annotations

import functools
import re
from collections import Counter

from engine import notation
from engine.errors import MoveError
from engine.meaning import CONDITION, EACH, SPENT
from engine.notation import Vocabulary, words_of
from engine.prodigals import boards, flow, moves
from engine.prodigals.data import DATA, slug
from engine.prodigals.moves import Move
from engine.prodigals.state import State
from engine.prodigals.words import MOVE_WORDS
from engine.text import T

_WORD_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])")
_NUMBERED = re.compile(r"(?<=[a-z])[ -](?=\d)")
"""A space or hyphen before a place's number: ``e-set 3``, ``gent 1``, ``turn-order 2`` read as written whole."""


_ERRAND_BOY = re.compile(r"(?:^| )errand boy(?= |$)")
"""The errand boy a placement puts (``place errand-boy on central-card``): the player's own word, naming no field."""

_REORDERED = (
    (re.compile(r"^(.+) place$"), r"place \1"),
    (re.compile(r"^(?:board |place )?(.+) board$"), r"board \1"),
    (re.compile(r"^place board (.+)$"), r"board \1"),
    (re.compile(r"^(move|order up) (\d) (gent|lady)\b"), r"\1 \3 \2"),
    (re.compile(r"^exchange (\S+) (\S+)$"), r"exchange \1 for \2"),
)
"""The orders in which players' languages put a move's words, each with the notation's own: a black card put "on the
board" named before it ("put tory baiter on my board", «выложи грозу тори на планшет», «tedd a táblára»), the verb
of a placement last («a Hyde Parkra teszem»), a moved marker's number first («lépj az 1-es hölggyel»; not in a drop
or jump, whose other number would make "2 gent 1" ambiguous), an exchange's "for" said by a case ending («cseréld
az e1-et a pt4-re»)."""

_END = re.compile(r"[\s,;:.!]+$")
"""What closes a sentence ("done.", "place e-heckle!"): no part of a move."""


def _key(line: str) -> str:
    """A line reduced so that ``At the Pub`` and ``at-the-pub`` read alike, and ``e-set 3`` as ``e-set3``."""
    text = _ERRAND_BOY.sub("", _WORD_HYPHEN.sub(" ", _END.sub("", line))).strip()
    for written, notation in _REORDERED:
        text = written.sub(notation, text)
    text = _NUMBERED.sub("", re.sub(r"^move society ", "move ", text))
    return re.sub(r" x1$", "", text)


_NAMED_ALONE = (moves.Place, moves.BonusTile, moves.Shift, moves.Take)
"""The moves a line may name without their verb: every answer to an errand turn is a placement, to a turn-order
space a bonus tile, at the canvass a tile taken (``none``), and a marker with its step (``gent1 down``) is a society
move alone. (A card alone is not read: ``leapfrog`` at the discard may be the card kept.)"""

_COMPETITION = re.compile(r"^[eps] ")
"""The competition letter of a space's name (``e-hyde-park``), which a player naming the space leaves out."""


def _other_keys(move: Move) -> set[str]:
    """The keys a line naming ``move`` less fully reads as: without the verb of a move named alone
    (``central card``), and a placement's space without its competition letter (``place on hyde park``)."""
    if not isinstance(move, _NAMED_ALONE):
        return set()
    key = _key(str(move))
    verb = _key(move.verb)
    rest = key.removeprefix(verb).strip()
    keys = {rest}
    if isinstance(move, moves.Place) and _COMPETITION.match(rest):
        keys |= {f"{verb} {rest[2:]}", rest[2:]}
    return keys - {""}


VERBS: frozenset[str] = frozenset(_key(step.verb).split()[0] for step in moves._Step.__subclasses__())
"""The first words of every kind of move."""


def format_move(move: Move) -> str:
    return str(move)


def read_line(line: str, state: State, seat: int) -> list[Move]:
    """The one legal move ``line`` names for ``seat``: its canonical line, or the one legal move it names less
    fully (see :func:`_other_keys`)."""
    options = flow.legal(state, seat)
    key = _key(line)
    move = {_key(str(m)): m for m in options}.get(key)
    if move is None:
        named = [m for m in options if key in _other_keys(m)]
        move = named[0] if len(named) == 1 else None  # two moves named so (e-set1, s-set1 as "set1"): neither
    if move is None:
        raise MoveError(T("that line is not a legal move now"),  # the reply loop adds the line and what is asked
                        suggestions=notation.closest(line, [str(m) for m in options]))
    return [move]


def _identifiers() -> list[str]:
    """The tiles' ids (``pt3``, ``pc-ii4``) and the counts' letters (``x3``, ``r2``), whose letters name nothing."""
    return [*DATA.tile_by_slug, "x", "r"]


_NAMING_NOTHING = ("for", "errand-boy")

_SAME = (("gentleman", "gent"), ("gentlemen", "gent"), ("upper", "top"), ("lower", "bottom"), ("cards", "card"),
         ("center", "centre"), ("middle", "centre"), ("possession", "possessions"), ("finished", "done"),
         ("spot", "space"), ("vote", "votes"), ("pound", "pounds"), ("spent", "spend"), ("pass", "done"), ("megaphone", "megaphones"), ("minus", "lose"),
         ("throw", "discard"), ("toss", "discard"), ("chuck", "discard"), ("ditch", "discard"), ("rid", "discard"), ("bin", "discard"), ("dump", "discard"),
         ("scrap", "discard"), ("jumps", "jump"))
"""English words the notation reads as another it writes: a marker's kind in full, the other word for its place,
the other word for ending the turn, an option's effect in the singular ("lose 1 vote") or as a sign ("minus 2 votes"),
the everyday verbs of throwing away ("throw the tile away", "get rid of Leapfrog", "lose the Pamphlet Fiasco": a
word listed twice is read as either, the last its word in an option's effect, "lose 2 votes")."""

def _copied() -> list[str]:
    """The printed names the deck holds several copies of (At the Pub, Rude Remark): a hand may hold two, which
    a count says ("both At the Pubs", «два раза "В пабе"»)."""
    names = Counter(card.slug for card in DATA.cards.values())
    return sorted(name for name, copies in names.items() if copies > 1)


VOCABULARY = Vocabulary(
    moves=words_of(word.msgid for word in MOVE_WORDS if word.msgid not in _NAMING_NOTHING),
    others=words_of([*_identifiers(), *_NAMING_NOTHING, "society", *(word for word, _ in _SAME)]),
    verbs=VERBS,
    never_unsaid=frozenset({"discard", "keep", "bonus"}),  # a card alone is played, never kept: "keep" must be
    # said; and a bonus tile, spent once, is never the unsaid means of a sale a board card can make too
    given_for=frozenset({"for"}),
    moved=frozenset({"gent", "lady"}),  # "all three moves on my top gentleman": that marker moved three times
    spent=words_of(["errand-boy"]),  # "three errand boys on Hyde Park" is no placement there: one goes
    repeated=words_of([*boards.STEPS, *_copied()]),  # "down twice", "two steps down", "both At the Pubs"
    same=_SAME,
)
"""Every word a move's line is written with: the words of the notation (``words.MOVE_WORDS``, which name every
card, space, tile, marker and step) name a move; a tile's id, ``for`` (``exchange b5 for pt3``), the errand boy
a placement puts and the ``society`` of ``move society lady2 up`` are read too, but name nothing alone. The words
:func:`also_named` describes a move by (``words.DESCRIBED``) are other names for it, never owed."""

POLITICAL_CIRCLE = "political circle tile"
"""A political circle tile as the rulebook names it, in the words of the names it shares them with (Political
Dilettante, the closed circle bonus): the tile a set or the canvass gives, said whole by players placing or
discarding it."""

_COMPETITION_WORDS = {"e": "election", "p": "possessions", "s": "society"}
"""A space's or set's competition, by the letter of its reply name, as players name it ("the election set")."""


@functools.cache
def _used_for(card: str) -> str:
    """What a board card's action does, where the notation has a verb for it (Land Steward's ``sell``): "sell my
    dog" names that card's use as much as a selling bonus tile, so the reader asks which, never spends the tile."""
    action = next(found.action for found in DATA.cards.values() if found.slug == card)
    op = str(action["op"]) if action is not None else ""
    return op if op in VERBS else ""


def _space(state: State, move: moves.Place) -> str:
    """A placement's space as the board shows it: its competition, "personal" for the one space every player may
    use, "space" for a space that is no card set, a turn-order space's number (``order 2``: "the second space of
    the turn order"), the cards lying in a set (:func:`set_cards`), the board it lies on ("from the society
    board")."""
    said = [set_cards(state, move), "board"]  # every space and set lies on a board ("the society board's set")
    letter, _, rest = move.space.partition("-")
    if letter in _COMPETITION_WORDS:
        said.append(_COMPETITION_WORDS[letter])
    said.append("space" if not rest.startswith("set") else "set")  # "the set e-set4", «набор e-set4»: its kind
    # said beside its name
    if move.space.startswith("turn-order-"):
        said.append(f"order {move.space.rsplit('-', 1)[1]}")
    if any(space.slug == move.space and space.personal for side in DATA.sides.values() for space in side.spaces):
        said.append("personal")
    if move.space == "s-beatrice":
        said.append("dame")  # "Dame Beatrice" as the rulebook names her
    effect = _effect(state, move.space)
    said.extend(_costs(effect) if effect is not None else ())  # what it costs: "heckle, -1 vote", «трачу 1 фунт»
    said.extend(_gives(effect) if effect is not None else ())  # what it gives: "the space with three moves"
    spends = flow.central_cost(state) if move.space == flow.CENTRAL_CARD and not state.retrieval else 1
    said.append(f"errand boy{SPENT}{spends}")  # how many errand boys it puts: "two errand boys on the central card"
    return " ".join(part for part in said if part)


def _effect(state: State, space: str) -> dict | None:
    """What an errand space does, as the data file says it for the board side in play (the scandal space gives
    three moves on the side for four or five players, two on the other)."""
    for comp in state.competitions:
        side = DATA.sides.get((comp, state.side))
        found = next((found.effect for found in side.spaces if found.slug == space), None) if side else None
        if found is not None:
            return found
    central = next((found for found in DATA.central_spaces.values() if slug(found["id"]) == f"c-{space}"), None)
    return central["effect"] if central is not None else None


_GIVEN_STEPS = {"down": "down", "side": "sideways"}
"""A society move's direction in the data file, as a player says what a space gives ("one sideways and two down");
a move any way but up is said by its count alone ("three moves")."""


def _gives(effect: dict) -> list[str]:
    """What a space gives its player, by the data file's effect, as players name the space by it: its moves by
    their count ("the space that gives three moves") or their steps ("one sideways and two down": a count said
    of a step makes that step again, so "two moves" names no space whose two moves are down), its sales ("sell two"),
    the megaphones of Hyde Park, the two tiles the canvass offers, the renaissance man's two joker symbols. A
    count is a sign (``×2``) that numbers no word of it, and a count said that is not the space's is no word of
    it, so the line is refused rather than read as another space."""
    op = effect.get("op")
    if op == "move":
        step = _GIVEN_STEPS.get(str(effect.get("dir")))  # a step said counted ("two down"): the step as often
        return ["move", *([step] * int(effect["n"]) if step else [f"×{effect['n']}"])]  # a count alone: any step
    if op == "all":  # a choice (the broker's) is said by its option, a move of its own: "broker, sell two"
        return [word for part in effect["effects"] for word in _gives(part)]
    if op == "sell":  # the auction's: "the space where I sell one" (its discount no count of it: "sell two" is
        return ["sell", f"×{effect.get('count', 1)}"]  # then no auction)
    if op == "exchange" and effect.get("limit") is not None:  # the swap space: «ανταλλαγή με όριο 3»
        return [f"exchange limit {effect['limit']}"]
    if op == "hyde_park_megaphones":
        return ["megaphones"]
    if op == "choose_political_tile":
        return [POLITICAL_CIRCLE, f"×{effect.get('from', 1)}"]
    if op == "take_renaissance_man":
        return ["wild", f"×{DATA.wild_symbols}"]
    return []


def _costs(effect: dict) -> list[str]:
    """What a space costs its player, as players say it after naming the space ("heckle, minus one vote",
    «ξοδεύω μία λίρα» at the spendthrift): a vote lost, pounds spent, with the count (a count said that is not this one is no word of the move, and the line is refused)."""
    op = effect.get("op")
    if op == "lose_vote":
        return [f"lose votes {effect['n']}"]
    if op == "spend":
        return [f"spend pounds {effect['n']}"]
    if op == "with_lmt":  # the base cost; the extra per A Little More Time card is the player's to count
        return _costs(effect["base"])
    if op == "all":  # a cost among other effects (the canvass space's vote: "canvass for the lost vote"): "the
        return [cost for part in effect["effects"] for cost in _costs(part)]  # space where I lose a vote" is
    return []  # then the heckle space or the canvass, and the player is asked which


_VALUE = "value"
"""The word a marker's row value is numbered by in its other names: no word of the notation, so only a number said
after a place word ("on 10", an ordinal's ``*=10``) reads it, never a count ("down 2")."""


def _before_the_unit(state: State) -> State:
    """The board a player looked at when writing the moves of the card or tile now resolving: its markers where
    they stood before its first move ("all three moves on my top gentleman", «обоими опускаю вторую даму» name
    one marker by a place it leaves after the first move)."""
    return state.pending.snapshot if state.pending is not None else state


def _marker(state: State, seat: int, marker: str) -> str:
    """A marker by its place on the society grid: "top" or "bottom" of the player's two of its kind where they
    stand in two rows, its column, said with its kind ("the lady on the right", "the lady in the right column",
    "my top gentleman"), and the value of the row it stands on ("my gentleman on 10"), a numbered word no move's
    line writes (``value10``): a number said after a place word numbers it, a count never does."""
    markers = _before_the_unit(state).players[seat].markers
    if marker not in markers:
        return ""
    row, column = markers[marker]
    kind = marker.rstrip("0123456789")
    said = [DATA.columns[column], "column", f"{_VALUE}{DATA.rows[row]}" if DATA.rows[row] >= 0 else ""]
    rows = [place[0] for other, place in markers.items() if other != marker and other.rstrip("0123456789") == kind]
    if rows and all(other > row for other in rows):
        said.append("top")
    elif rows and all(other < row for other in rows):
        said.append("bottom")
    return " ".join(word for word in said if word)


def _ability(state: State, seat: int) -> str:
    """The board card whose ability asks for the choice now, as players name the moves it gives ("both Town Crier
    moves go to my gentleman on 10"), or nothing."""
    pending = state.pending
    return f" {pending.prompt.ability}" if pending is not None and pending.seat == seat and pending.prompt.ability else ""


def _jumped(state: State, seat: int, move: moves.Jump) -> str:
    """The kinds of the player's markers a jump leaps over, one per jump ("my lady jumps over the gentleman below
    her"): the marker jumped is named beside the one jumping, never a move of its own."""
    markers = state.players[seat].markers
    if move.marker not in markers:
        return ""
    row, column = markers[move.marker]
    below = {place: other for other, place in markers.items()}
    over = [below.get((row + 1 + 2 * jump, column), "") for jump in range(move.jumps)]
    return " ".join(other.rstrip("0123456789") for other in over if other)


def _possession(tile: str) -> str:
    """A possession tile by what it shows: its value, its symbol and its borough ("my wine in Mayfair worth 4"),
    the value as the board writes it (``£4``), a number of no word before it (``mayfair 4`` would be Mayfair's
    fourth), and in pounds, as players say a price ("the horse for four pounds", «вино за пять фунтов», «το σκυλί
    των 4 λιρών»): a count of pounds that is not the tile's value names no word of it."""
    found = DATA.possessions.get(DATA.tile_by_slug.get(tile, ""))
    if found is None:
        return ""
    return " ".join([f"£{found.value}", f"pounds {found.value}", "card" if found.symbol == "cards" else found.symbol,
                     found.borough.lower(), "possessions"])  # its kind: "my e1 possession", «az e1-es birtokomat»


def _option(state: State, seat: int, move: moves.Option) -> str:
    """A numbered option by what the mail says it does ("lose 2 votes", "2 megaphones"): players name the option
    by its effect, its number in the effect («минус два голоса») being no option's number."""
    pending = state.pending
    if pending is None or pending.seat != seat or move not in pending.prompt.options:
        return ""
    at = pending.prompt.options.index(move)
    descriptions = pending.prompt.descriptions
    said = str(descriptions[at]) if at < len(descriptions) else ""
    same = dict(_SAME)  # "lose 1 vote": the notation's "votes"
    return " ".join(same.get(word, word) for word in said.split())


def _bonus(tile: str, steps: bool = True) -> str:
    """A bonus action tile by what it does, as players name it: its competition, and the step and count of the
    moves it gives ("the two society moves down", «два хода вниз в обществе»), the count as a sign (``×2``) that
    numbers no word of it; what else it gives ("the megaphones tile", "the selling bonus"). A tile used from the
    hand (not ``steps``) is named without the step: the moves it gives are said after it, by that step ("the
    tile for two moves: top gentleman down"), which would else name the tile again."""
    found = next((bonus for bonus in DATA.bonus_tiles if bonus.slug == tile), None)
    if found is None:
        return "tile"
    said = ["tile", _COMPETITION_WORDS.get(found.competition.lower(), "")]
    effect = found.effect
    if effect.get("op") == "move":
        said += ["move", *[str(effect.get("dir", ""))] * int(effect.get("n", 1)) * steps, f"×{effect.get('n', 1)}"]
    elif effect.get("op") == "row_down":
        said += ["row"] + ["down"] * steps
    elif effect.get("op") in ("megaphone", "sell"):  # "the megaphones tile", "the selling bonus"
        said += [{"megaphone": "megaphones"}.get(effect["op"], effect["op"])]
    return " ".join(word for word in said if word)


def also_named(state: State, seat: int, move: Move) -> str:
    """The words a move is also named by now, besides its notation: what the board and the mail show of its thing
    (see ``words.DESCRIBED``). A reply by meaning (:mod:`engine.meaning`) reads them, and never owes them. A drop
    is a marker moved down, as a player says it («опускаю», «κατεβάζω»), whatever the card calls it."""
    if isinstance(move, moves.Place):
        return _space(state, move)
    if isinstance(move, moves.Jump):  # a jump leaps over the markers below: "the lady jumps down"
        return f"{_marker(state, seat, move.marker)} {_jumped(state, seat, move)} down".strip()
    if isinstance(move, (moves.Shift, moves.Drop, moves.OrderUp)):
        return _marker(state, seat, move.marker) + _ability(state, seat) + (  # an order for Dame Beatrice is made for a case that may
            f" move up dame beatrice {CONDITION}" if isinstance(move, moves.OrderUp)  # come: "if she needs a marker
            # moved up"; the marker it moves up
            else " move down" if isinstance(move, moves.Drop) else "")
    if isinstance(move, moves.Board):
        return "card place board"  # put on the player's board: "I place Tory Baiter on my board", «leteszem a
        # táblámra»; the verb of laying out a card is the board's too: «выкладываю … на планшет»
    if isinstance(move, moves.Play) and move.count > 1:  # a group played: its card named as often ("both At
        return " ".join(["card", EACH, *[move.card] * (move.count - 1)])  # the Pubs", «два "В пабе"»): one
        # play of each copy, which "both … together" says
    if isinstance(move, moves.Use):
        return f"card {_used_for(move.card)}".strip()
    if isinstance(move, (moves.Play, moves.OrderKeep, moves.Trigger)):
        return "card"
    if isinstance(move, moves.Discard) and move.card:
        return "card"
    if isinstance(move, (moves.Discard, moves.Tile)) or (isinstance(move, moves.Take) and move.tile != "none"):
        return POLITICAL_CIRCLE  # the tile taken with a set or at the canvass, placed or thrown away: "the
        # political circle tile goes to the discard", «плитку политического круга в сброс»
    if isinstance(move, moves.Sell):
        return _possession(move.tile)
    if isinstance(move, moves.Exchange):
        return f"{_possession(move.give)} {_possession(move.take)} board".strip()  # taken from the board
    if isinstance(move, moves.Option):
        return _option(state, seat, move)
    if isinstance(move, (moves.BonusTile, moves.Bonus)):  # taken, or used: "the bonus tile for two moves"
        return _bonus(move.tile, steps=isinstance(move, moves.BonusTile))
    if isinstance(move, moves.Lmt):  # the cards it adds, by their printed name, once per card ("with one A
        return " ".join(["a-little-more-time"] * move.k + ["card add"])  # Little More Time"); adding none names none

    if isinstance(move, (moves.Bonus, moves.Take)):
        return "tile"  # a canvass tile taken, or none of them ("none of the tiles")
    return ""


def set_cards(state: State, move: Move) -> str:
    """The cards lying in the card set an errand boy is placed on, or the central card, as the notation names them:
    the space is named by them too ("the set with Flirt", "Rowdy Rally for me", "the Embarrassing Escort"), and
    taking them is what placing there does; its kind too ("the Flirt card")."""
    if not isinstance(move, moves.Place):
        return ""
    if move.space == "central-card" and state.central_card in DATA.cards:  # the one card lying there
        return f"take {DATA.cards[state.central_card].slug} card"
    set_id = next((set_id for set_id in state.sets if slug(set_id) == move.space), "")
    cards = state.sets.get(set_id)
    tile = state.set_tiles.get(set_id)  # the political circle tile lying with an election set: "the set with
    # Political Dilettante and its tile", «a pc-i8 lapkával»
    said = ["take", *(DATA.cards[card].slug for card in cards), "card", f"×{len(cards)}"] if cards else []  # and
    # how many: "the set with three cards", a count (``×3``) that numbers no word of it
    return " ".join(said + ([slug(tile), POLITICAL_CIRCLE] if cards and tile else []))
