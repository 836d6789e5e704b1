"""Reading a player's reply: rulebook words, any case, abbreviations, stray punctuation.

Each line names one move. A line may leave out what the game can work out:
``recruit old warrior`` when only one palace has room (or all palaces with
room are alike), ``tax`` when only one group holds Taxes, the card when the
person's own type card is in hand (it is preferred to a wild card), the
palaces of ``start farmer scholar`` (one person per palace, D-2). What is
left open and matters raises :class:`engine.AmbiguousMove` listing the
choices; what cannot be read raises :class:`engine.MoveError`.

The verb may be left out where the question implies it: ``old warrior
palace2`` in the person phase, ``monk`` when releasing, ``+1 new`` when
building; an action needs only its card (``tax``) or group and card.

``parse_line`` reads one line; the reply loop of :class:`engine.protocol.GameBase`
reads the lines in order, each against the state the previous ones lead to
(on a clone), so one reply can carry a Build action and its floors, or a
standing release order and a release.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.dragon import data, flow
from engine.dragon.moves import (
    PASS, Action, Build, Discard, DragonMove, Pass, PlayCard, Recruit, Release, ReleaseOrder, Replace, Start,
    format_move,
)
from engine.dragon.reasons import example_of, expected, why_illegal
from engine.dragon.state import ACTION, BUILD, PERSON, RELEASE, START, DragonState, Palace
from engine.errors import AmbiguousMove, IllegalMove, MoveError
from engine.notation import Vocabulary, closest, words_of
from engine.text import Notation, T, Text

_TOKEN = re.compile(r"\+\d+|\d+|[^\W\d]+|\?")
"""A token: a number of floors, a number, a word in any script (``_`` joins a phrase: ``court_lady``) or the
wild card's ``?``. A word is never cut at a letter outside a-z: a reader that skipped «не» read «не пас» as
``pass``, and one that cut «áldozat» quoted "ldozat" back."""
_PHRASES = (("court lady", "court_lady"), ("tax collector", "tax_collector"), ("military parade", "parade"),
            ("release order", "release_order"), ("standing order", "release_order"))

VERBS: dict[str, str] = {
    "pass": "pass", "group": "group", "build": "build", "start": "start", "recruit": "recruit",
    "take": "recruit", "hire": "recruit", "play": "recruit", "release": "release",
    "release_order": "release_order", "order": "release_order",
    **{action: "action" for action in data.ACTIONS if action != "build"},
    "taxes": "action",
}
CARD_WORDS: dict[str, str] = {**{a: a for a in data.ACTIONS}, "taxes": "tax", "firework": "fireworks"}
TYPE_WORDS: dict[str, str] = {
    **{t: t for t in data.TYPES}, "court": "court_lady", "lady": "court_lady", "courtlady": "court_lady",
    "tax": "tax_collector", "collector": "tax_collector", "taxcollector": "tax_collector", "pyro": "pyrotechnist",
}
LEVEL_WORDS: dict[str, str] = {"young": "young", "old": "old"}
STOREYS = ("storey", "storeys", "story", "stories", "level", "levels")
"""A palace's floors as players also call them ("a new palace, two storeys high"): read as ``floor``."""
PERSON_WORDS = ("person", "guy", "chap", "bloke", "man", "woman", "girl", "dude", "lad")
"""A person tile as players call any one of them ("the young guy with the rocket", "the tax man"): a word that
names no type, read past as ``person`` (the catalogs give each language's words)."""
FILLER = frozenset({"with", "using", "in", "into", "to", "the", "a", "an", "my", "and", "from", "of", "on",
                    "card", "floor", "floors", "then", "one", *PERSON_WORDS, "tile", "at", "palaces", *STOREYS})
PLACE_WORDS = ("palace", "p")
GROUP_WORDS = ("group", "g")
ACTION_FILLER = ("group", "action", "military")
"""Words an action line may hold besides its group and card (``military parade``)."""
PRIVILEGES = ("small", "large")
AGE_WORDS = (("experienced", "old"), ("veteran", "old"), ("seasoned", "old"), ("senior", "old"))
"""A person's level as players also say it ("an experienced healer"): read by meaning as ``old``."""
SIZE_WORDS = (("big", "large"), ("bigger", "large"), ("little", "small"), ("smaller", "small"), ("cheap", "small"),
              ("cheaper", "small"), ("cheapest", "small"), ("expensive", "large"), ("pricier", "large"))
"""A privilege's size as players also say it ("the big privilege", "the cheap privilege": the small one costs less):
read by meaning as ``large`` or ``small``."""
GROUP_SHORT = ("grp", "gp")
"""A group as players shorten it in haste ("research pls (grp 3)"): read by meaning as ``group``."""
SYMBOL_WORDS = ("buddha", "mortar", "helmet", "rocket", "book", "rice", "hammer", "coin", "fan", "sack")
"""The symbols printed on the person tiles, as players count them to name a tile ("the one with two buddhas", "the
chap with the hammer"): each tile's count is an alias of its moves, never a choice of its own."""
SAME = "same"
"""A start's two persons said to go to one palace ("both in the same palace", «στο ίδιο παλάτι», «туда же»): a word
of the start only where its two palaces are one (``also_named``), so it tells those starts from the others."""
TELLING_SYMBOLS = (*(symbol for symbol in SYMBOL_WORDS if symbol not in ("rice",)), SAME)
"""The symbols that are no reason of a move too ("rice" is also what a harvest is for): said bare ("the young guy with
the rocket", «a kalapácsos emberke»), one tells the tile it is printed on from the others, so a reply by meaning
must find it among the move's words (``Vocabulary.telling``)."""
SYMBOL_SAID = {"dragon": "fan"}
"""A symbol as players name it, where the data's id is a word of something else: the court lady's dragon is drawn
on a fan, and "dragon" is the game's, the festival's and the action marker's word."""
SYMBOL_ALSO = {"rice": ("sack",), "rocket": ("fireworks",)}
"""What else a tile's picture shows players name it by: the farmer's rice is drawn in sacks ("the fellow with the
rice sack", «с мешком риса»), counted as the symbol is; the pyrotechnist's rockets are fireworks ("the fireworks
guy"), uncounted, since «фейерверк» is the action's word too and a count there would number nothing."""
NEW_PALACE = "new"
EVENT_WORDS = ("mongols", "mongol", "invasion", "drought", "contagion", "plague", "epidemic", "tribute",
               "festival")
"""The months' events as players name them in passing ("Ugh, the Mongols.", "fireworks for the festival"): the
reason for a move, never a choice of one, so read as words that make no move."""
GOODS_WORDS = ("rice", "money", "points")
"""What a move is for, named in passing ("harvest, we need rice", "a farmer for the rice"): as an event, the reason
for a move, never a choice of one, so read as words that make no move."""
YUAN = "yuan"
"""The money a privilege is bought for, named with its price ("the large one for 6 yuan"): only in
``also_named``, never in a move's notation."""
WILD_WORDS = ("wild", "joker", "?", "wildcard")
ORDINARY_WORDS = ("ordinary", "normal", "regular", "usual")
"""A person's own type card as players tell it from the wild card ("with the ordinary warrior card", "the normal card"):
read as ``ordinary``, a word only the recruits by their own card are also named by."""
PASS_WORDS = ("skip", "skipping")
"""Passing as players also say it ("I'll skip this month"): read by meaning as ``pass``. Not "sit": "the collector
sits in palace 2" places a person."""
KEEP_WORDS = ("keeping", "hang", "hold", "save")
"""Keeping money back as players also say it ("I'd rather hang on to my 6 yuan"): read by meaning as ``keep``."""
KEEP = "keep"
"""What a player keeps back ("I keep my 6 yuan": a pass): a word of a move, read only where a move is also named by
it; elsewhere ("I keep the joker") it refuses the line, never passed over."""
WITH_WORDS = ("with", "using")
REPLACE_WORDS = ("replace", "replacing", "release", "releasing", "instead")
DISCARD_WORDS = ("discard", "discarding")
ORDER_FILLER = ("then", "first", "order")
TAKE_WORDS = ("take", "play")
"""The recruitment verbs that take a card as well as a person: an action card taken is an action."""
CLEAR_WORDS = ("none", "clear", "nothing", "off", "cancel")
"""A release order of these words clears the standing order."""
PERSONS_SAID = [Notation(t.replace("_", " ")) for t in data.TYPES]
"""The person types as a player writes them, for the reasons that list them."""
NOT_ASKED: dict[str, Text] = {
    "Action": T("that is an action, which is not what you are asked now"),
    "Build": T("that is a placement of floors, which is not what you are asked now"),
    "Start": T("that is a starting recruitment, which is not what you are asked now"),
    "Recruit": T("that is a recruitment, which is not what you are asked now"),
    "Release": T("that is a release, which is not what you are asked now"),
    "Pass": T("that is a pass, which is not what you are asked now"),
}
"""A line of a kind of move that is not what the seat is asked now, by move class."""


def _lookup(word: str, vocabulary: dict[str, str], what: str) -> str | None:
    """The vocabulary entry ``word`` spells or abbreviates; AmbiguousMove if it could be several."""
    if word in vocabulary:
        return vocabulary[word]
    meanings = sorted({value for key, value in vocabulary.items() if key.startswith(word)})
    if len(meanings) > 1:
        spelled = [Notation(key.replace("_", " "))
                   for key in sorted(vocabulary) if key.startswith(word) and len(key) > 2]
        raise AmbiguousMove(_short_for(what, word, spelled), line=word)
    return meanings[0] if meanings else None


def _short_for(what: str, word: str, spelled: list[Notation]) -> Text:
    """An abbreviation that fits several words of one vocabulary (``what``)."""
    if what == "action":
        return T("'%(word)s' is short for more than one action: %(words)s", word=Notation(word), words=spelled)
    if what == "level":
        return T("'%(word)s' is short for more than one level: %(words)s", word=Notation(word), words=spelled)
    if what == "person type":
        return T("'%(word)s' is short for more than one person type: %(words)s", word=Notation(word), words=spelled)
    return T("'%(word)s' is short for more than one move: %(words)s", word=Notation(word), words=spelled)


def tokens(line: str) -> list[str]:
    text = re.sub(r"[,;:./\-]", " ", line)
    for phrase, joined in _PHRASES:
        text = re.sub(rf"\b{phrase}\b", joined, text)
    return _TOKEN.findall(text)


class _Reader:
    """A cursor over one line's tokens, with the state they are read against: a line written wrong is refused
    with an example of its kind of move legal in that state (:func:`engine.dragon.reasons.example_of`)."""

    def __init__(self, words: list[str], state: DragonState) -> None:
        self.words = words
        self.at = 0
        self.state = state

    def example(self, phase: str) -> Notation:
        """An example of the move ``phase`` asks for, legal now when it is the move asked now."""
        return example_of(self.state, phase)

    def more(self) -> bool:
        return self.at < len(self.words)

    def peek(self, ahead: int = 0) -> str:
        i = self.at + ahead
        return self.words[i] if i < len(self.words) else ""

    def take(self) -> str:
        word = self.words[self.at]
        self.at += 1
        return word

    def palace(self) -> int | None:
        """``palace 2``, ``palace2``, ``p2``, ``#2`` or ``2 palace`` (a language that puts the number first: «a 2.
        palotába»); None if the next words are not one."""
        if self.peek() in PLACE_WORDS and self.peek(1).isdigit():
            self.at += 2
            return int(self.words[self.at - 1])
        if self.peek().isdigit() and self.peek(1) == "palace":
            self.at += 2
            return int(self.words[self.at - 2])
        return None


# --------------------------------------------------------------------------- per move kind


def _spec_action(reader: _Reader) -> dict[str, object]:
    spec: dict[str, object] = {}
    while reader.more():
        word = reader.take()
        if word in GROUP_WORDS and reader.peek().isdigit():
            spec["group"] = int(reader.take())
        elif word.isdigit() and "group" not in spec:
            spec["group"] = int(word)
        elif word in PRIVILEGES:
            spec["privilege"] = word
        elif word in FILLER or word in ACTION_FILLER:
            continue
        else:
            card = _lookup(word, CARD_WORDS, "action")
            if card is None:
                raise MoveError(T("'%(word)s' is not an action; the actions are %(actions)s", word=Notation(word),
                                  actions=[Notation(action) for action in data.ACTIONS]))
            if spec.get("card", card) != card:
                raise MoveError(T("name one action, not both %(first)s and %(second)s",
                                  first=Notation(str(spec["card"])), second=Notation(card)))
            spec["card"] = card
    return spec


def _read_person(reader: _Reader, first: str) -> tuple[str, bool | None]:
    """``[young|old] type`` starting at ``first``: (type id, old or None if unsaid)."""
    level: bool | None = None
    word = first
    if _is_level(word):
        level = _lookup(word, LEVEL_WORDS, "level") == "old"
        if not reader.more():
            raise MoveError(T("'%(word)s' must be followed by a person type", word=Notation(first)))
        word = reader.take()
    person = _lookup(word, TYPE_WORDS, "person type")
    if person is None:
        raise MoveError(T("'%(word)s' is not a person type; the persons are %(persons)s", word=Notation(word),
                          persons=PERSONS_SAID))
    if level is None and reader.peek() in LEVEL_WORDS and reader.peek(1) not in TYPE_WORDS:
        level = reader.take() == "old"  # the level after the person («воин старый»), not the next one's
    return person, level


def _is_level(word: str) -> bool:
    return word not in TYPE_WORDS and _lookup(word, LEVEL_WORDS, "level") is not None


def _spec_recruit(reader: _Reader) -> dict[str, object]:
    spec: dict[str, object] = {}
    while reader.more():
        palace = reader.palace()
        if palace is not None:
            spec["palace"] = palace
            continue
        word = reader.take()
        if word in WILD_WORDS:
            spec["card"] = data.WILD
        elif word in WITH_WORDS and reader.more():
            nxt = reader.take()
            while nxt in FILLER and reader.more():  # "with the wild card"
                nxt = reader.take()
            spec["card"] = data.WILD if nxt in WILD_WORDS else _read_person(reader, nxt)[0]
        elif word in REPLACE_WORDS:
            if reader.more() and reader.peek() not in PLACE_WORDS:
                spec["released"] = _read_person(reader, reader.take())
            spec["kind"] = Replace
        elif word in DISCARD_WORDS:
            spec["kind"] = Discard
        elif word in FILLER:
            continue
        elif _is_level(word) or _lookup(word, TYPE_WORDS, "person type"):
            person = _read_person(reader, word)
            if reader.peek() == "card":
                spec["card"] = person[0]
            elif "person" in spec:
                raise MoveError(T("name one person to recruit (and '%(replace)s' before the one to release)",
                                  replace=Notation("replace")))
            else:
                spec["person"] = person
        else:
            raise MoveError(T("'%(word)s' is not part of a recruitment; write e.g. '%(example)s'", word=Notation(word),
                              example=reader.example(PERSON)))
    if "person" not in spec and "card" in spec and "kind" not in spec:
        spec["kind"] = PlayCard
    return spec


def _matches_person(label: str, wanted: tuple[str, bool | None]) -> bool:
    code = data.CODE_OF_LABEL[label]
    kind = data.KINDS[code]
    assert kind is not None
    return kind.type_id == wanted[0] and (wanted[1] is None or kind.old == wanted[1])


def _recruit_filter(spec: dict[str, object]) -> Callable[[DragonMove], bool]:
    def fits(move: DragonMove) -> bool:
        if not isinstance(move, (Recruit, Replace, Discard, PlayCard)):
            return False
        if "kind" in spec and type(move) is not spec["kind"]:
            return False
        if "card" in spec and move.card != spec["card"]:
            return False
        if isinstance(move, PlayCard):  # a card played alone is played only when the line names it
            return "person" not in spec and "card" in spec
        if "person" in spec and not _matches_person(move.person, spec["person"]):  # type: ignore[arg-type]
            return False
        if "palace" in spec and getattr(move, "palace", None) != spec["palace"]:
            return False
        if "released" in spec and not (
            isinstance(move, Replace) and _matches_person(move.released, spec["released"])  # type: ignore[arg-type]
        ):
            return False
        return "person" in spec or "card" in spec
    return fits


def _spec_release(reader: _Reader) -> dict[str, object]:
    spec: dict[str, object] = {}
    while reader.more():
        palace = reader.palace()
        if palace is not None:
            spec["palace"] = palace
            continue
        word = reader.take()
        if word in FILLER:
            continue
        if "person" in spec:
            raise MoveError(T("release one person per line, e.g. '%(example)s'", example=reader.example(RELEASE)))
        spec["person"] = _read_person(reader, word)
    if "person" not in spec and "palace" not in spec:
        raise MoveError(T("say whom to release, e.g. '%(example)s'", example=reader.example(RELEASE)))
    return spec


def _release_filter(spec: dict[str, object]) -> Callable[[DragonMove], bool]:
    def fits(move: DragonMove) -> bool:
        return (isinstance(move, Release)
                and ("palace" not in spec or move.palace == spec["palace"])
                and ("person" not in spec or _matches_person(move.person, spec["person"])))  # type: ignore[arg-type]
    return fits


def _read_order(reader: _Reader) -> ReleaseOrder:
    entries: list[str] = []
    while reader.more():
        word = reader.take()
        if word in FILLER or word in ORDER_FILLER:
            continue
        if word in CLEAR_WORDS:
            return ReleaseOrder(())
        person, level = _read_person(reader, word)
        if level is None or not data.TWO_LEVEL[data.TYPE_INDEX[person]]:
            entry = person if data.TWO_LEVEL[data.TYPE_INDEX[person]] else data.LABEL[2 * data.TYPE_INDEX[person]]
        else:
            entry = data.LABEL[2 * data.TYPE_INDEX[person] + level]
        if entry in entries:
            raise MoveError(T("'%(entry)s' appears twice in the release order", entry=Notation(entry)))
        entries.append(entry)
    if not entries:
        raise MoveError(T("list the persons to release first, e.g. '%(example)s', or '%(clear)s'",
                          example=Notation("release order: craftsman, farmer, monk"),
                          clear=Notation("release order: none")))
    return ReleaseOrder(tuple(entries))


def _read_start(reader: _Reader) -> dict[str, object]:
    chosen: list[tuple[str, int | None]] = []
    while reader.more():
        palace = reader.palace()
        if palace is not None:
            if not chosen:
                raise MoveError(T("name a person before its palace, e.g. '%(example)s'", example=reader.example(START)))
            chosen[-1] = (chosen[-1][0], palace)
            continue
        word = reader.take()
        if word in FILLER:
            continue
        chosen.append((_read_person(reader, word)[0], None))
    if len(chosen) != 2 or chosen[0][0] == chosen[1][0]:
        raise MoveError(T("start with two young persons of different types, e.g. '%(example)s'",
                          example=reader.example(START)))
    chosen.sort(key=lambda tp: data.TYPE_INDEX[tp[0]])
    spec: dict[str, object] = {"first": chosen[0][0], "second": chosen[1][0]}
    if chosen[0][1] is not None:
        spec["first_palace"] = chosen[0][1]
    if chosen[1][1] is not None:
        spec["second_palace"] = chosen[1][1]
    return spec


def _read_build(reader: _Reader) -> list[Build]:
    """The builds the line can mean: one, or two where a bare count stands before a new palace ("2 new palace",
    as «két új palotát», «два новых дворца» reach the notation: two palaces in the player's words, one of two
    floors in the notation's)."""
    onto: dict[int, int] = {}
    new: list[int] = []
    counted: int | None = None  # "2 new palace": two new palaces, or one of two floors? (see below)
    while reader.more():
        word = reader.take()
        if word in FILLER or word == "build":
            continue
        if not word.lstrip("+").isdigit():
            raise MoveError(T("'%(word)s' is not a number of floors; write e.g. '%(example)s'", word=Notation(word),
                              example=reader.example(BUILD)))
        floors = int(word.lstrip("+"))
        bare = floors > 1 and not word.startswith("+")  # "2 new …", a count right before "new" (see below)
        while reader.peek() in FILLER:
            reader.take()  # "+1 floor on palace 1", "+2 on a new palace"
            bare = False
        palace = reader.palace()
        if palace is not None:
            onto[palace] = onto.get(palace, 0) + floors
        elif reader.peek() and NEW_PALACE.startswith(reader.peek()):
            reader.take()
            if bare and reader.peek() == "palaces":  # "2 new palaces": a count of palaces, one floor each
                new += [1] * floors
            elif bare and reader.more() and not reader.peek().startswith("+"):  # "2 new palace", as «két új
                counted = floors  # palotát» and «два новых дворца» read: a count of palaces in the player's words,
            else:  # of floors in the notation's ("build 2 new", "+2 new"): asked below
                new.append(floors)
            if reader.peek() in ("palace", "palaces"):
                reader.take()
        else:
            raise MoveError(T("after a number of floors write '%(palace)sN' or '%(new)s', e.g. '%(example)s'",
                              palace=Notation("palace"), new=Notation("new"), example=reader.example(BUILD)))
    if not onto and not new and counted is None:
        raise MoveError(T("say where the floors go, e.g. '%(example)s'", example=reader.example(BUILD)))
    said = tuple(sorted((p, n) for p, n in onto.items() if n))
    if counted is None:
        return [Build(said, tuple(sorted(new, reverse=True)))]
    return [Build(said, tuple(sorted([*new, counted], reverse=True))),  # both readings, the legal ones asked
            Build(said, tuple(sorted([*new, *[1] * counted], reverse=True)))]  # about (``_choose``)


def _fields(spec: dict[str, object]) -> Callable[[DragonMove], bool]:
    def fits(move: DragonMove) -> bool:
        return all(getattr(move, key, None) == value for key, value in spec.items())
    return fits


# --------------------------------------------------------------------------- choosing among candidates


def _outcome(state: DragonState, seat: int, move: DragonMove) -> tuple:
    """The state after ``move``, with palace order ignored: moves with equal outcomes are alike."""
    after = flow.apply(state.copy(), seat, move)
    return tuple((p.yuan, p.rice, p.fireworks, p.score, p.track, p.small, p.large, tuple(p.cards),
                  tuple(sorted(p.palaces))) for p in after.players) + (after.phase, after.actor, tuple(after.owed))


def _choose(state: DragonState, seat: int, line: str, candidates: list[DragonMove],
            prefer_first: bool = False) -> DragonMove:
    if len(candidates) == 1 or (candidates and prefer_first):
        return candidates[0]
    if len({_outcome(state, seat, move) for move in candidates}) == 1:
        return candidates[0]
    shown = [format_move(m) for m in candidates]
    raise AmbiguousMove(T("that could be several moves; please say which"), line=line,
                        expected=expected(state), suggestions=shown)


def _no_match(state: DragonState, seat: int, line: str, family: tuple[type, ...],
              concrete: DragonMove | None) -> MoveError:
    legal = flow.legal(state, seat)
    texts = [format_move(m) for m in legal]
    if not any(isinstance(m, family) for m in legal):
        return IllegalMove(NOT_ASKED[family[0].__name__], line=line, expected=expected(state),
                           suggestions=closest(line, texts))  # a move of a kind not asked now
    reason = why_illegal(state, seat, concrete) if concrete is not None else T("no legal move fits that")
    refusal = IllegalMove if concrete is not None else MoveError  # a move read, or no move at all
    return refusal(reason, line=line, expected=expected(state), suggestions=closest(line, texts))


AHEAD_NOTE = T("An action sent before its month names its card alone, such as '%(tax)s' or '%(privilege)s': the "
               "groups are dealt when the month begins, and it is taken from the group that holds it then.",
               tax=Notation("tax"), privilege=Notation("privilege small"))
"""Said where a mail invites a move sent ahead, since ``format_ahead`` writes actions so."""


def format_ahead(move: DragonMove) -> str:
    """A move as sent before its turn: an action by its card alone (``privilege small``), since the action
    groups are dealt anew each month (D-5) and each card lies in one group, so the card finds its group then."""
    if isinstance(move, Action):
        return move.card + (f" {move.privilege}" if move.privilege else "")
    return format_move(move)


def shorter(move: DragonMove) -> list[str]:
    """A recruitment without its palace, then without ``with wild``, then without both: the palace is implied
    where the person released (or the free room) lies in one palace only, the wild card where the person's own
    card is not in hand. Greek's rulebook words make the longest replacement with the wild card 86 columns
    (``recruit old pyrotechnist replace old pyrotechnist palace1 with wild``), more than a listed move's line."""
    if not isinstance(move, (Recruit, Replace)):
        return []
    notation = format_move(move)
    placed = notation.replace(f" palace{move.palace}", "")
    forms = [placed, notation.removesuffix(" with wild"), placed.removesuffix(" with wild")]
    return list(dict.fromkeys(form for form in forms if form != notation))


_IMPLIED_VERB = {PERSON: "recruit", RELEASE: "release", BUILD: "build"}


def parse_line(line: str, state: DragonState, seat: int) -> DragonMove:
    """One normalised line to one move legal for ``seat`` in ``state``, ``seat`` being the seat to act."""
    words = tokens(line)
    if not words:
        raise MoveError(T("this line holds no move"), line=line, expected=expected(state))
    reader = _Reader(words, state)
    first = words[0]
    if (first in ("g",) or first.isdigit() and state.phase != BUILD) or first in data.ACTIONS and first != "build" \
            or first in PRIVILEGES:  # a number first is a group, but floors when floors are placed ("1 floor on …")
        verb = "action"
    else:
        try:
            verb = _lookup(first, VERBS, "move") or ""
        except AmbiguousMove as exc:
            raise AmbiguousMove(exc.reason, line=line, expected=expected(state),
                                suggestions=closest(line, [format_move(m) for m in flow.legal(state, seat)]))
        if verb and verb not in ("action", "group"):
            reader.take()
        elif not verb:
            # No verb: read the line as the kind of move asked now ("old warrior palace2").
            verb = _IMPLIED_VERB.get(state.phase, "")
    if verb == "recruit" and _names_an_action(words[reader.at:], first in TAKE_WORDS and state.phase == ACTION):
        verb = "action"  # "take the harvest", «πάρε τη συγκομιδή»: a card taken is an action
    if verb == "build" and state.phase != BUILD and not any(w.startswith("+") for w in words[1:]) and (
            not any(w.isdigit() for w in words[1:]) or any(w in GROUP_WORDS for w in words[1:])):
        verb = "action"
        reader.at = 0
    legal = flow.legal(state, seat)
    try:
        return _parse_verb(verb, reader, line, state, seat, legal)
    except MoveError as exc:
        if exc.line:
            raise
        suggestions = exc.suggestions or closest(line, [format_move(m) for m in legal])
        raise exc.at(line, expected(state), suggestions) from None


def _names_an_action(words: list[str], taken_now: bool = False) -> bool:
    """Whether the words after a recruitment's verb name an action card and no person: ``take`` (or
    ``play``) then takes that action, as a player says it ("I'll take the harvest"). A card that is a person's
    too (``tax``, short for the tax collector) stays a recruitment, unless the verb is ``take`` or ``play``
    and an action is what the seat is asked now (``taken_now``): "take tax" in the action phase, when no person
    can be recruited, is the Taxes action; "recruit tax" (or "hire") there still names the person."""
    named = [word for word in words if word not in FILLER]
    if any(word in LEVEL_WORDS for word in named) or not any(word in CARD_WORDS for word in named):
        return False
    if taken_now:
        return all(word in CARD_WORDS or word in PRIVILEGES or word in GROUP_WORDS or word.isdigit()
                   for word in named)
    return (any(word in CARD_WORDS and word not in TYPE_WORDS for word in named)
            and not any(word in TYPE_WORDS for word in named))


def _parse_verb(verb: str, reader: _Reader, line: str, state: DragonState, seat: int,
                legal: list[DragonMove]) -> DragonMove:
    if verb == "pass":
        extra = [w for w in reader.words[reader.at:] if w not in FILLER]
        if extra:
            raise MoveError(T("'%(passing)s' takes nothing after it, but the line goes on with '%(rest)s'",
                              passing=Notation("pass"), rest=Notation(" ".join(extra))))
        if PASS in legal:
            return PASS
        raise _no_match(state, seat, line, (type(PASS),), None)
    if verb in ("action", "group"):
        spec = _spec_action(reader)
        found = [m for m in legal if isinstance(m, Action) and _fields(spec)(m)]
        if not found:
            concrete = Action(spec["group"], spec["card"], spec.get("privilege", "")) \
                if "group" in spec and "card" in spec else None  # type: ignore[arg-type]
            raise _no_match(state, seat, line, (Action,), concrete)
        return _choose(state, seat, line, found)
    if verb == "build":
        builds = _read_build(reader)
        found = [m for m in legal if m in builds]
        if not found:
            raise _no_match(state, seat, line, (Build,), builds[0])
        return _choose(state, seat, line, found)
    if verb == "start":
        spec = _read_start(reader)
        found = [m for m in legal if isinstance(m, Start) and _fields(spec)(m)]
        if not found:
            concrete = Start(spec["first"], spec["second"], spec.get("first_palace", 1),  # type: ignore[arg-type]
                             spec.get("second_palace", 2))  # type: ignore[arg-type]
            raise _no_match(state, seat, line, (Start,), concrete)
        return _choose(state, seat, line, found, prefer_first=True)
    if verb == "recruit":
        spec = _spec_recruit(reader)
        fits = _recruit_filter(spec)
        found = [m for m in legal if fits(m)]
        if "card" not in spec and any(getattr(m, "card", "") != data.WILD for m in found):
            found = [m for m in found if m.card != data.WILD]  # type: ignore[union-attr]
        if not found:
            raise _no_match(state, seat, line, (Recruit, Replace, Discard, PlayCard), None)
        return _choose(state, seat, line, found)
    if verb == "release":
        if reader.peek() == "order":
            reader.take()
            return _read_order(reader)
        spec = _spec_release(reader)
        found = [m for m in legal if _release_filter(spec)(m)]
        if not found:
            raise _no_match(state, seat, line, (Release,), None)
        return _choose(state, seat, line, found)
    if verb == "release_order":
        return _read_order(reader)
    raise MoveError(T("'%(word)s' does not start a move; moves start with %(verbs)s or %(last)s",
                      word=Notation(reader.words[0]),
                      verbs=[Notation(verb) for verb in ("pass", "group", "build", "start", "recruit", "play")],
                      last=Notation("release")))


def also_named(palaces: list[Palace], move: DragonMove, groups: tuple[tuple[str, ...], ...] = (),
               prices: dict[str, int] | None = None, purse: int | None = None) -> str:
    """The words a move is also named by in a reply, beside its notation (see ``Dragon.also_named``): a recruit's
    card played (``play scholar card``), a build's palaces by their persons' types and each new one as a palace
    begun (``start palace``), one that puts as many floors on every palace the seat has by ``each``, an action by
    its card's place in its group (``card1``: the mail lists each group's cards in order) and the symbol printed on
    its card ("the card with the helmet": the parade), a privilege also by its
    price (``yuan6``: "the large one for 6 yuan"; ``prices`` per size, a price naming a size only where no other
    size costs the same), a start's persons as young ones, part by part as the notation's parts, each in the
    palace other than the other's where they differ, a person also by its level said as a size («μικρός»: young), and a pass by the yuan it tops the seat's purse up to
    and by the ``purse`` it keeps ("I keep my 6 yuan"); a build's palaces also by their heights after it ("raise
    both to three floors"), a height no count of the floors placed ("three floors" of a build of three); a recruit by its own card also as by the ``ordinary`` one.
    No recruit is named by what it keeps: "I keep the joker" and "with the joker, I keep my craftsman card" say the
    same words of two moves, which only their order tells apart, so a recruit line saying ``keep`` is refused."""
    match move:
        case Action(group, card, privilege) if 0 < group <= len(groups) and card in groups[group - 1]:
            price = (prices or {}).get(privilege)
            paid = f" {YUAN}{price}" if price is not None and list((prices or {}).values()).count(price) == 1 else ""
            symbol = SYMBOL_SAID.get(data.ACTION_SYMBOL.get(card, ""), data.ACTION_SYMBOL.get(card, ""))
            shown = f" {symbol}" if symbol in SYMBOL_WORDS else ""  # "the card with the book": research
            return f"card{groups[group - 1].index(card) + 1}{paid}{shown}"
        case Pass():
            topped = data.PASS_TOPS_UP_TO  # "I'll just take the 3 yuan", «feltöltöm a pénzemet háromra»: what a
            kept = f" {KEEP} {YUAN}{purse} {KEEP} money" if purse is not None else ""  # "I do nothing, I keep my
            return f"{YUAN}{topped} money{topped}{kept}"  # 6 yuan"; "3" alone, no yuan said, is no pass
        case Start(first_type, second_type, first, second):
            other = " other" if first != second else f" {SAME}"  # "…, the healer in the other one"; «két fiatalt»,
            return ", ".join(f"young{other}{_symbols(_young(kind))}"  # «молодого воина»: both starting persons
                             for kind in (first_type, second_type))  # are young, each with its tile's symbols
        case Recruit(card, person, _) | Replace(card, person, _, _) | Discard(card, person):
            ordinary = " ordinary" if card != data.WILD else ""  # "with the ordinary warrior card", «обычной картой»
            return f"play {card.replace('_', ' ')} card{_symbols(person)}{_sized(person)}{ordinary}"
        case Release(person, _):
            return f"{_symbols(person)}{_sized(person)}".strip()
        case Build(onto, new):
            living = [data.KINDS[code].type_id.replace("_", " ") for palace, _ in onto  # by type, not level:
                      for code in palaces[palace - 1][1] if data.KINDS[code] is not None]  # «νέο», new and young
            each = ["each"] if not new and len(onto) == len(palaces) > 1 and len({n for _, n in onto}) == 1 else []
            placed = sum(n for _, n in onto) + sum(new)  # "raise both to three floors": each palace by its height
            raised = [f"{word}{height}" for height in (palaces[palace - 1][0] + n for palace, n in onto)  # after,
                      if height != placed for word in ("floor", "floors")]  # unless it is as many as are placed
            return " ".join([*living, *["start palace"] * len(new), *each, *raised])  # "start a new palace", «kezdek egy
            # új palotát»; "one floor on each palace": as many on every palace the seat has
    return ""


def _symbols(label: str) -> str:
    """A person tile by the symbols printed on it (" buddha2": "the old monk, the one with two buddhas"; " hammer1":
    "the chap with the hammer"), a count that tells a level; "" for a tile whose symbol players have no word for."""
    kind = data.KINDS[data.CODE_OF_LABEL[label]]
    symbol = SYMBOL_SAID.get(kind.symbol, kind.symbol) if kind is not None else ""
    return "".join(f" {said}{kind.symbols if said in SYMBOL_WORDS else ''}" for said in (symbol, *SYMBOL_ALSO.get(
        symbol, ()))) if kind is not None and symbol in SYMBOL_WORDS else ""


def _sized(label: str) -> str:
    """A person's level as some languages say it by size (Greek «ο μικρός μοναχός», the young monk; «ο μεγάλος
    δάσκαλος», the old scholar): " small" for a young tile, " large" for an old one, "" for one of one level. Said
    of a person only, so in a decision of privileges it names no person and of persons no privilege."""
    level = label.split(" ", 1)[0]
    return {"young": " small", "old": " large"}.get(level, "")


def _young(type_id: str) -> str:
    """The label of a type's young tile, the one a start recruits (``young monk``; ``craftsman`` has one level)."""
    words = type_id.replace("_", " ")
    return f"young {words}" if f"young {words}" in data.CODE_OF_LABEL else words


def read_line(line: str, state: DragonState, seat: int) -> list[DragonMove]:
    """A normalised reply line to its one move (the reply loop asks only while ``seat`` is to act)."""
    return [parse_line(line, state, seat)]


VOCABULARY = Vocabulary(
    moves=words_of([*VERBS, *CARD_WORDS, *TYPE_WORDS, *LEVEL_WORDS, *PLACE_WORDS, *GROUP_WORDS, *PRIVILEGES,
                    NEW_PALACE, *WILD_WORDS, KEEP, *ORDINARY_WORDS]),
    others=words_of([*FILLER, *ACTION_FILLER, *WITH_WORDS, *REPLACE_WORDS, *DISCARD_WORDS, *ORDER_FILLER,
                     *CLEAR_WORDS, YUAN, *GROUP_SHORT, *KEEP_WORDS, *PASS_WORDS,
                     *EVENT_WORDS, *GOODS_WORDS, *SYMBOL_WORDS, SAME,
                     *(word for word, _ in (*SIZE_WORDS, *AGE_WORDS)),
                     *(phrase for phrase, _ in _PHRASES)]),
    shortened=words_of([*VERBS, *CARD_WORDS, *TYPE_WORDS, *LEVEL_WORDS, NEW_PALACE]),
    verbs=frozenset(verb for verb, kind in VERBS.items() if kind not in ("action", "group")),
    counted=frozenset([*PLACE_WORDS, *GROUP_WORDS, YUAN, "money", *SYMBOL_WORDS, "build", "floor", "floors",
                       *STOREYS]),
    repeated=frozenset([NEW_PALACE]),
    reasons=frozenset([*EVENT_WORDS, *GOODS_WORDS]),
    telling=frozenset(TELLING_SYMBOLS),
    same=(*((word, "wild") for word in WILD_WORDS if word.isalpha() and word != "wild"),
          *((word, "floor") for word in STOREYS), *SIZE_WORDS, *AGE_WORDS,
          *((word, "ordinary") for word in ORDINARY_WORDS if word != "ordinary"),
          *((word, "group") for word in GROUP_SHORT), *((word, KEEP) for word in KEEP_WORDS),
          *((word, "pass") for word in PASS_WORDS),
          *((short, full) for full, short in (PLACE_WORDS, GROUP_WORDS))),
)
"""Every word the reader above reads: the verbs, cards, persons, levels and places name a move; the fillers,
and the words that only go with one (``with``, ``replace``, ``none``), do not make a line a move. The verbs,
cards, persons, levels and ``new`` are read by any beginning that fits one of them (``_lookup``). A number goes
with a palace, a group, and the floors a build places ("build one floor on palace two", "two floors on a new"); ``group`` opens an
action line but is no verb: a number follows it («группы один»), not the words that follow a verb."""
