"""The Prodigals Club's own words: its terms in prose and the words its notation writes, each a catalog entry.

Every name the engine shows comes from ``components.json``; the catalog
extractor reads only literal calls, so each name is declared here once, and
``tests/prodigals/test_languages.py`` checks that every name the data holds
has its entry here (a new card without one fails that test). A name a player
types (a card, a space, a marker) is a move word (context ``move``) and is
shown through the reader's move words; a name only read in prose (a
competition, a symbol, a borough) is a term with its kind as context.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.text import T, Text, TC

COMPETITIONS: dict[str, Text] = {
    "possessions": TC("competition", "possessions"),
    "election": TC("competition", "election"),
    "society": TC("competition", "society"),
}
"""The three competitions, by the name ``COMPETITION_NAMES`` gives them."""

CARD_SETS: dict[str, Callable[[int], Text]] = {
    "P": lambda n: T("possessions set %(n)s", n=n),
    "E": lambda n: T("election set %(n)s", n=n),
    "S": lambda n: T("society set %(n)s", n=n),
}
"""A card set by its competition's id and its number, as the board names it (a reply names it ``e-set1``)."""

SPACES: dict[str, Text] = {
    "central-card": TC("space", "central card"),
    "renaissance-man": TC("space", "renaissance man"),
    "p-spendthrift": TC("space", "spendthrift"),
    "p-broker": TC("space", "broker"),
    "p-auction": TC("space", "auction"),
    "p-swap": TC("space", "swap"),
    "e-heckle": TC("space", "heckle"),
    "e-canvass": TC("space", "canvass"),
    "e-hyde-park": TC("space", "Hyde Park"),
    "s-snub": TC("space", "snub"),
    "s-beatrice": TC("space", "Dame Beatrice"),
    "s-scandal": TC("space", "scandal"),
    "s-rowdy": TC("space", "rowdy"),
}
"""Each errand space other than a card set or a turn-order space, by the name a reply gives it (``e-canvass``), as
the board names it: the rulebook's name (canvass, heckle, Hyde Park, Dame Beatrice, §9-12), or for a space the
rulebook only reconstructs, the word of its reply name without the competition's letter, which the board's
competition heading already says."""


def turn_order_space(position: int) -> Text:
    """A numbered turn-order space of the central board (§9.2) as the board names it; a reply names it
    ``turn-order-2``."""
    return T("turn order %(n)s", n=position)


BONUS_TILES: dict[str, Text] = {
    "e-megaphones": TC("bonus tile", "megaphones"),
    "e-closed-circle": TC("bonus tile", "closed circle"),
    "p-spend": TC("bonus tile", "spend"),
    "p-sell": TC("bonus tile", "sell"),
    "s-row": TC("bonus tile", "row"),
    "s-moves": TC("bonus tile", "moves"),
}
"""Each bonus action tile, by the name a reply gives it (``e-megaphones``), as the board names it: by what it
does (§13: "a megaphone tile"), without the competition's letter a reply needs to tell spaces and tiles apart."""

FINAL = "final (the worst of the three)"
"""The result breakdown's last label: the score that ranks a player."""

SCORE_LABELS: tuple[Text, ...] = (
    TC("score", "possessions"),
    TC("score", "election"),
    TC("score", "society"),
    TC("score", "final (the worst of the three)"),
)
"""The result breakdown's labels, which the game-over mail says with the context ``score``."""

PHASES: dict[str, Text] = {
    "errands": TC("phase", "errands"),
    "actions": TC("phase", "actions"),
    "compensation": TC("phase", "compensation"),
    "discard": TC("phase", "discard"),
    "over": TC("phase", "over"),
}

SYMBOLS: dict[str, Text] = {
    "dog": TC("symbol", "dog"),
    "horse": TC("symbol", "horse"),
    "wine": TC("symbol", "wine"),
    "cards": TC("symbol", "cards"),
    "art": TC("symbol", "art"),
}

BOROUGHS: dict[str, Text] = {
    "Westminster": TC("borough", "Westminster"),
    "Mayfair": TC("borough", "Mayfair"),
    "Belgravia": TC("borough", "Belgravia"),
    "Chelsea": TC("borough", "Chelsea"),
}

WHO: dict[str, Text] = {
    "any": TC("who", "any marker"),
    "gentleman": TC("who", "gentleman"),
    "lady": TC("who", "lady"),
}
"""Which influence markers an effect moves, as a card's icon says."""

DIRECTIONS: dict[str, Text] = {
    "any": TC("direction", "any way but up"),
    "down": TC("direction", "down"),
    "down_diag": TC("direction", "diagonally down"),
    "side": TC("direction", "sideways"),
    "up": TC("direction", "up"),
}
"""The data file's ``dir`` values, as an effect's description says them."""

COUNTERS: dict[str, Text] = {
    "markers_in_column": TC("counter", "marker in the column"),
    "markers_on_value": TC("counter", "marker on the value"),
    "possessions_in_indicated_borough": TC("counter", "possession in the indicated borough"),
    "white_played_with_tags": TC("counter", "white card played with the tag"),
}

BEATRICE: dict[str, Text] = {
    "same_row": TC("beatrice", "markers sharing a row"),
    "adjacent": TC("beatrice", "adjacent markers"),
}
"""The Dame Beatrice tiles named by their kind alone (the column and row tiles show their values)."""

BORDERS: dict[str, Text] = {
    "black": TC("border", "black"),
    "white": TC("border", "white"),
}
"""A card's border, shown after each card in hand."""

MARKER_LETTERS: dict[str, Text] = {
    # TRANSLATORS: one capital letter marking a gentleman marker in the society grid.
    "gentleman": TC("marker letter", "G"),
    # TRANSLATORS: one capital letter marking a lady marker in the society grid.
    "lady": TC("marker letter", "L"),
}
"""The society grid's letter for each kind of influence marker (capital: the first of the two)."""

DESCRIBED: tuple[Text, ...] = (
    # what a thing of a move is, named alongside it ("the canvass space", "Tory Baiter card")
    TC("move", "space"),
    TC("move", "card"),
    # a space's competition, and the one space of each every player may use
    TC("move", "election"),
    TC("move", "possessions"),
    TC("move", "society"),
    TC("move", "personal"),
    TC("move", "dame beatrice"),
    # a marker's place among the player's two of its kind
    TC("move", "top"),
    TC("move", "bottom"),
    # what a numbered option does, as the mail describes it ("lose 2 votes")
    TC("move", "lose"),
    TC("move", "votes"),
    # what a space costs: pounds spent (the spendthrift space, "I spend one pound")
    TC("move", "spend"),
    TC("move", "pounds"),
    # what a space allows: an exchange up to a limit (the swap space, "limit 3")
    TC("move", "limit"),
    # what a society space gives: a move sideways ("one sideways and two down")
    TC("move", "sideways"),
    # the cards added to a card's action ("adding one A Little More Time")
    TC("move", "add"),
    # a possession's symbol and borough
    TC("move", "dog"),
    TC("move", "horse"),
    TC("move", "wine"),
    TC("move", "art"),
    TC("move", "westminster"),
    TC("move", "mayfair"),
    TC("move", "belgravia"),
    TC("move", "chelsea"),
)
"""The words a move is also described by (``notation.also_named``), besides those of its notation: read in every
language through the catalog's forms, never owed by a reply."""

MOVE_WORDS: tuple[Text, ...] = (
    # the verbs and the words between a move's fields
    TC("move", "place"),
    TC("move", "errand-boy"),
    TC("move", "play"),
    TC("move", "board"),
    TC("move", "replace"),
    TC("move", "use"),
    TC("move", "bonus"),
    TC("move", "done"),
    TC("move", "option"),
    TC("move", "move"),
    TC("move", "stop"),
    TC("move", "row"),
    TC("move", "column"),
    TC("move", "drop"),
    TC("move", "jump"),
    TC("move", "sell"),
    TC("move", "exchange"),
    TC("move", "for"),
    TC("move", "lmt"),
    TC("move", "take"),
    TC("move", "none"),
    TC("move", "tile"),
    TC("move", "discard"),
    TC("move", "wild"),
    TC("move", "trigger"),
    TC("move", "bonus-tile"),
    TC("move", "order up"),
    TC("move", "order keep"),
    # influence markers (gent1 …), steps and columns of the society board
    TC("move", "gent"),
    TC("move", "lady"),
    TC("move", "down"),
    TC("move", "move down"),  # a verb of lowering a marker («опускаю», «κατεβάζω»): the step and its verb
    TC("move", "down-left"),
    TC("move", "down-right"),
    TC("move", "left"),
    TC("move", "right"),
    TC("move", "up"),
    TC("move", "centre"),
    # errand spaces and bonus action tiles (e-set1 …, turn-order-2 …)
    TC("move", "central-card"),
    TC("move", "renaissance-man"),
    TC("move", "turn-order"),
    TC("move", "e-set"),
    TC("move", "p-set"),
    TC("move", "s-set"),
    TC("move", "e-canvass"),
    TC("move", "e-closed-circle"),
    TC("move", "e-heckle"),
    TC("move", "e-hyde-park"),
    TC("move", "e-megaphones"),
    TC("move", "p-auction"),
    TC("move", "p-broker"),
    TC("move", "p-sell"),
    TC("move", "p-spend"),
    TC("move", "p-spendthrift"),
    TC("move", "p-swap"),
    TC("move", "s-beatrice"),
    TC("move", "s-moves"),
    TC("move", "s-row"),
    TC("move", "s-rowdy"),
    TC("move", "s-scandal"),
    TC("move", "s-snub"),
    # the cards, by the slug a reply names them with
    TC("move", "a-little-more-time"),
    TC("move", "anything-goes"),
    TC("move", "art-forgery"),
    TC("move", "art-patronage"),
    TC("move", "at-the-pub"),
    TC("move", "auctioneer"),
    TC("move", "back-the-wrong-horse"),
    TC("move", "bad-bargain"),
    TC("move", "bad-investor"),
    TC("move", "black-sheep"),
    TC("move", "borough-charity"),
    TC("move", "brawl-at-the-club"),
    TC("move", "bribe-gone-wrong"),
    TC("move", "buy-the-losing-side"),
    TC("move", "cad"),
    TC("move", "campaign-treasurer"),
    TC("move", "champagne-for-everyone"),
    TC("move", "champion-the-mill-owners"),
    TC("move", "cheat-at-whist"),
    TC("move", "compulsive-gambler"),
    TC("move", "demagogue"),
    TC("move", "disastrous-fundraiser"),
    TC("move", "double-life"),
    TC("move", "drunken-debate"),
    TC("move", "embarrassing-escort"),
    TC("move", "expensive-tastes"),
    TC("move", "fall-from-grace"),
    TC("move", "faux-pas"),
    TC("move", "fire-and-brimstone"),
    TC("move", "fire-sale"),
    TC("move", "firebrand"),
    TC("move", "flirt"),
    TC("move", "gamble-the-campaign-fund"),
    TC("move", "gambling-night"),
    TC("move", "gaudy-party"),
    TC("move", "gentlemans-leap"),
    TC("move", "gentlemens-walkout"),
    TC("move", "gift-to-the-wrong-charity"),
    TC("move", "gossip-columnist"),
    TC("move", "grand-ball"),
    TC("move", "hasty-sale"),
    TC("move", "heckle-the-crowd"),
    TC("move", "heirs-lawyer"),
    TC("move", "hyde-park-regular"),
    TC("move", "insult-the-vicar"),
    TC("move", "jack-of-all-scandals"),
    TC("move", "join-the-wrong-club"),
    TC("move", "kennel-gossip"),
    TC("move", "ladies-outrage"),
    TC("move", "land-steward"),
    TC("move", "lavish-dinner"),
    TC("move", "leapfrog"),
    TC("move", "man-of-many-vices"),
    TC("move", "mock-the-crown"),
    TC("move", "muddy-boots"),
    TC("move", "notorious-rake"),
    TC("move", "open-bar"),
    TC("move", "pamphlet-fiasco"),
    TC("move", "party-turncoat"),
    TC("move", "party-whip"),
    TC("move", "patron-of-the-arts"),
    TC("move", "pawn-the-family-silver"),
    TC("move", "pedigree-kennel"),
    TC("move", "political-dilettante"),
    TC("move", "praise-the-workhouse"),
    TC("move", "property-swap"),
    TC("move", "public-disgrace"),
    TC("move", "publicans-friend"),
    TC("move", "rabble-rouser"),
    TC("move", "reckless-spree"),
    TC("move", "reverse-climber"),
    TC("move", "ride-through-the-garden-party"),
    TC("move", "ridiculous-promise"),
    TC("move", "row-of-shame"),
    TC("move", "rowdy-rally"),
    TC("move", "rude-remark"),
    TC("move", "ruinous-evening"),
    TC("move", "scandal-sheet"),
    TC("move", "scandalous-auction"),
    TC("move", "scandalous-manifesto"),
    TC("move", "shout-at-the-opera"),
    TC("move", "slurred-speech"),
    TC("move", "snub-the-hostess"),
    TC("move", "spendthrift-valet"),
    TC("move", "spilled-wine"),
    TC("move", "stable-lads-wages"),
    TC("move", "stable-scandal"),
    TC("move", "street-orator"),
    TC("move", "swap-down"),
    TC("move", "the-full-disgrace"),
    TC("move", "three-wrongs"),
    TC("move", "time-waster"),
    TC("move", "tory-baiter"),
    TC("move", "town-crier"),
    TC("move", "two-faced"),
    TC("move", "whig-baiter"),
    TC("move", "wine-cellar-party"),
    *DESCRIBED,
)
"""Every word and phrase the notation writes; a language's forms come from the catalog (``pbem.language.words``)."""
