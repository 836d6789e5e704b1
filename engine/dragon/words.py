"""The game's own words: its terms in prose and the words its notation writes, each a message id.

Every name a player reads in a sentence (a person, an event, a score line)
is declared here once as a :func:`engine.text.TC` term, so a catalog gives it
in each language as the rulebook of that language names it, and a test
checks that every name of ``data.json`` has its term. ``MOVE_WORDS`` are the
words and phrases ``format_move`` and the decision hints write: the shell
shows the notation in a player's words and reads it back from them.
"""

from __future__ import annotations

from engine.dragon import data
from engine.text import TC, Text

PERSONS: dict[str, Text] = {
    "craftsman": TC("person", "craftsman"),
    "court lady": TC("person", "court lady"),
    "tax collector": TC("person", "tax collector"),
    "pyrotechnist": TC("person", "pyrotechnist"),
    "young pyrotechnist": TC("person", "young pyrotechnist"),
    "old pyrotechnist": TC("person", "old pyrotechnist"),
    "warrior": TC("person", "warrior"),
    "young warrior": TC("person", "young warrior"),
    "old warrior": TC("person", "old warrior"),
    "monk": TC("person", "monk"),
    "young monk": TC("person", "young monk"),
    "old monk": TC("person", "old monk"),
    "healer": TC("person", "healer"),
    "young healer": TC("person", "young healer"),
    "old healer": TC("person", "old healer"),
    "farmer": TC("person", "farmer"),
    "young farmer": TC("person", "young farmer"),
    "old farmer": TC("person", "old farmer"),
    "scholar": TC("person", "scholar"),
    "young scholar": TC("person", "young scholar"),
    "old scholar": TC("person", "old scholar"),
}
"""Person types and tile labels (``data.LABEL``), by their English words (``court lady``, ``old farmer``)."""

CARDS: dict[str, Text] = {
    **{card: PERSONS[card.replace("_", " ")] for card in data.TYPES},
    # TRANSLATORS: the person card with the question mark, which recruits any person.
    data.WILD: TC("card", "wild"),
}
"""The person cards of a hand, by card id."""

EVENTS: dict[str, Text] = {
    "peace": TC("event", "Peace"),
    "tribute": TC("event", "Imperial Tribute"),
    "drought": TC("event", "Drought"),
    "contagion": TC("event", "Contagion"),
    "mongols": TC("event", "Mongol Invasion"),
    "festival": TC("event", "Dragon Festival"),
}
"""The events by id, named as the rulebook does (``data.EVENT_NAMES``)."""

EVENTS_SHORT: dict[str, Text] = {
    # TRANSLATORS: the events row of the board names each month's event by one word (at most 9 letters).
    "peace": TC("event, short", "Peace"),
    "tribute": TC("event, short", "Tribute"),
    "drought": TC("event, short", "Drought"),
    "contagion": TC("event, short", "Contagion"),
    "mongols": TC("event, short", "Invasion"),
    "festival": TC("event, short", "Festival"),
}
"""The events row of the board names each month's event by one word."""

SHORT: dict[str, Text] = {
    # TRANSLATORS: short names of person tiles and cards on the others' lines of the board (at most 5 letters).
    "craftsman": TC("short", "Cra"),
    "court_lady": TC("short", "Lady"),
    "tax_collector": TC("short", "Tax"),
    "pyrotechnist": TC("short", "Pyro"),
    "warrior": TC("short", "War"),
    "monk": TC("short", "Monk"),
    "healer": TC("short", "Heal"),
    "farmer": TC("short", "Farm"),
    "scholar": TC("short", "Sch"),
    data.WILD: TC("short", "Wild"),
}
"""Card and person abbreviations for the lines that show every seat at once, by type id."""

SCORES: dict[str, Text] = {
    "palaces": TC("score", "palaces"),
    "court ladies": TC("score", "court ladies"),
    "privileges": TC("score", "privileges"),
    "research": TC("score", "research"),
    "mongols": TC("score", "mongols"),
    "festival": TC("score", "festival"),
    "persons": TC("score", "persons"),
    "monks": TC("score", "monks"),
    "money": TC("score", "money"),
}
"""Where points came from (``state.POINT_LABELS``); the game-over mail says each label with context ``score``."""

MOVE_WORDS: tuple[Text, ...] = (
    TC("move", "start"),
    TC("move", "palace"),
    TC("move", "pass"),
    TC("move", "group"),
    # TRANSLATORS: both the Build action card and the verb placing its floors ("build +2 palace1 +1 new").
    TC("move", "build"),
    # TRANSLATORS: a new palace, in "build +1 new".
    TC("move", "new"),
    # TRANSLATORS: a palace's floor, in "build one floor on palace 1" (written by players, never shown).
    TC("move", "floor"),
    TC("move", "recruit"),
    # TRANSLATORS: "take the harvest", "take an old monk": a verb a player writes for an action card or a person.
    TC("move", "take"),
    TC("move", "replace"),
    TC("move", "discard"),
    # TRANSLATORS: "recruit monk palace1 with wild": the person is taken with the card with the question mark.
    TC("move", "with wild"),
    TC("move", "wild"),
    # TRANSLATORS: a person's own type card as against the wild card ("with the ordinary warrior card", "the normal
    # card"): every form players write, no possessive (a word of "my own palace" too).
    TC("move", "ordinary"),
    # TRANSLATORS: a card or money a player keeps back ("I keep my 6 yuan", "I keep the joker"): every form of the
    # verb players write.
    TC("move", "keep"),
    TC("move", "play"),
    TC("move", "card"),
    TC("move", "release"),
    # TRANSLATORS: "release order: craftsman, farmer": the persons to release first, without being asked.
    TC("move", "release order"),
    # TRANSLATORS: "release order: none" clears a standing release order.
    TC("move", "none"),
    TC("move", "small"),
    TC("move", "large"),
    TC("move", "young"),
    TC("move", "old"),
    TC("move", "tax"),
    TC("move", "harvest"),
    TC("move", "fireworks"),
    TC("move", "parade"),
    TC("move", "research"),
    TC("move", "privilege"),
    # TRANSLATORS: the money, as players name a privilege by its price ("the large one for 6 yuan").
    TC("move", "yuan"),
    # TRANSLATORS: the events as players name them in passing ("Mongols again...", "harvest before the drought"):
    # every form players write, a reason read past, never a choice.
    TC("move", "mongols"),
    TC("move", "drought"),
    TC("move", "contagion"),
    TC("move", "tribute"),
    TC("move", "festival"),
    # TRANSLATORS: what a move is for, as players name it in passing ("harvest, I need rice", "a farmer for the
    # rice", "pass for the money", "a privilege for the points"): every form players write, read past, never a choice.
    TC("move", "rice"),
    TC("move", "money"),
    TC("move", "points"),
    # TRANSLATORS: the symbols printed on the person tiles, as players name a tile by them ("the old monk, the one
    # with two buddhas"): singular and plural forms, read as the tile's symbols, never a choice of their own.
    TC("move", "buddha"),
    TC("move", "mortar"),
    TC("move", "helmet"),
    TC("move", "rocket"),
    TC("move", "book"),
    TC("move", "hammer"),
    TC("move", "coin"),
    # TRANSLATORS: the court lady's symbol, a dragon drawn on a fan ("the lady with the fan").
    TC("move", "fan"),
    # TRANSLATORS: the sacks the farmer's rice is drawn in ("the fellow with the rice sack", «с мешком риса»).
    TC("move", "sack"),
    # TRANSLATORS: a start's two persons put in one palace ("both in the same palace", "the same one", «туда же»,
    # «ugyanoda»): every form and phrase players write for "the same (place)", never a choice of its own.
    TC("move", "same"),
    # TRANSLATORS: any person tile as players call it ("the young guy with the rocket", "the tax man", «a rakétás
    # srác», «парень с ракетой»): every form players write, read past, never a choice (the type is named beside it).
    TC("move", "person"),
    TC("move", "craftsman"),
    TC("move", "court lady"),
    TC("move", "tax collector"),
    TC("move", "pyrotechnist"),
    TC("move", "warrior"),
    TC("move", "monk"),
    TC("move", "healer"),
    TC("move", "farmer"),
    TC("move", "scholar"),
)
"""Every word and phrase the notation writes (``format_move`` and the hints), and the two it reads that players write
with them ("take the harvest", "one floor"), as the catalogs give them."""


def person(label: str) -> Text:
    """A person type or tile label (``court_lady``, ``old farmer``) as a term."""
    return PERSONS[label.replace("_", " ")]

PICTURE: dict[str, Text] = {
    # TRANSLATORS: the board picture's labels: one or two words each, beside a number or above a row.
    "vp": TC("picture", "VP"),
    "track": TC("picture", "person track"),
    "yuan": TC("picture", "yuan"),
    "rice": TC("picture", "rice"),
    "cards": TC("picture", "cards"),
    "groups": TC("picture", "action groups"),
    "order": TC("picture", "turn order"),
}
"""The few labels of the board picture (``engine.dragon.picture``) that the game's other terms do not give."""
