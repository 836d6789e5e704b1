"""Prodigals replies in Hungarian read by meaning (#43), in the words Hungarian players use without having read the
catalog: the everyday names of the errand boy, the spaces, the card rows and the cards, the verbs of sending and
discarding, a noun with the player's own possessive ending («úriemberemet»), a borough or symbol said as an
adjective («westminsteri», «lovas»), and "alone" («egyedül»).

Each class is checked with sentences of its own (not the corpora's), and attacked: a negation, "or", a word of the
class used where another move is meant."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("state", "text", "means"), [
    ("errands", "A kifutófiúmat a botrány mezőre küldöm.", ["place s-scandal"]),
    ("errands", "Korteskedni küldöm a kifutófiút.", ["place e-canvass"]),
    ("errands", "A második választási kártyasort kérem.", ["place e-set2"]),
    ("errands", "Az első társasági paklit viszem.", ["place s-set1"]),
    ("errands3", "A brókerhez küldöm a kifutófiúmat.", ["place p-broker"]),
    ("errands3", "A harmadik vagyoni kártyasort választom.", ["place p-set3"]),
    ("hand", "Az ingatlancserét játszom ki.", ["play property-swap"]),
    ("hand", "Kijátszom a durva megjegyzést.", ["play rude-remark"]),
    ("hand", "A szégyensort játszom ki, a 10-es sorra.", ["play row-of-shame", "row 10"]),
    ("hand", "A lelkész megsértését játszom ki.", ["play insult-the-vicar"]),
    ("discard", "A durva megjegyzést dobom el.", ["discard rude-remark"]),
    ("discard", "Dobom az ingatlancserét.", ["discard property-swap"]),
    ("discard", "Eldobnám a szégyensort.", ["discard row-of-shame"]),
    ("discard", "Megszabadulok a durva megjegyzéstől.", ["discard rude-remark"]),
    ("discard", "A szégyensortól válok meg.", ["discard row-of-shame"]),
    ("errands3", "A vagyoni tábla második kártyasorát kérem.", ["place p-set2"]),
])
def test_the_everyday_names_of_the_games_things(state: str, text: str, means: list[str]) -> None:
    """«kifutófiú», «kártyasor», «pakli», «bróker», «korteskedni», «ingatlancsere», «durva megjegyzés», «dobom»:
    the words a Hungarian player names the boy, a row of cards, a space, a card or discarding with."""
    assert read("prodigals", "hu", state, text) == means


@pytest.mark.parametrize(("state", "text", "means"), [
    ("errands3", "Az árverésre megyek, és eladom a westminsteri lovas birtokomat.", ["place p-auction", "sell e3"]),
    ("errands3", "Árverés: a mayfairi boros birtokomat adom el.", ["place p-auction", "sell e4"]),
    ("hand", "Az egyik kocsmás kártyát egyedül játszom ki.", ["play at-the-pub"]),
    ("discard", "Kidobom a kocsmás lapot.", ["discard at-the-pub"]),
    ("errands", "A snub mezőre megyek, a bal úriemberemet lejjebb léptetem.", ["place s-snub", "move gent1 down"]),
    ("errands", "A sértés mezőre küldöm a fiút, a jobb szélső hölgyemet eggyel lejjebb viszem.",
     ["place s-snub", "move lady2 down"]),
])
def test_a_things_adjective_and_the_players_own_ending(state: str, text: str, means: list[str]) -> None:
    """«westminsteri» (of Westminster), «lovas» (with a horse), «kocsmás» (of the pub), «úriemberemet» (my
    gentleman): the endings -i, -s and -em/-om after a word of the game are that word."""
    assert read("prodigals", "hu", state, text) == means


@pytest.mark.parametrize(("text", "means"), [
    ("Ha Beatrice miatt valakit fel kell vinni, akkor a jobb hölgyet vigyétek.", ["order up lady2"]),
    ("Ha Beatrice dáma miatt valakit feljebb kell tenni, az első úriembert vigyétek, utána kész.",
     ["order up gent1", "done"]),
    ("Beatrice miatt elöször a középső hölgyet tegyétek feljebb.", ["order up lady1"]),
    ("Kompenzációként a bal urat vigyétek fel.", ["order up gent1"]),
])
def test_dame_beatrices_order_said_with_someone_and_first(text: str, means: list[str]) -> None:
    """«valakit» (someone) is no card (the stemmer cut it and ``valet`` alike to «val»), «tenni»/«vinni» (to put,
    to take) are the condition's verbs, «először» (first, even mistyped) says the order, «középső» is the
    centre's marker."""
    assert read("prodigals", "hu", "actions", text) == means


def test_alone_is_no_name_of_a_little_more_time() -> None:
    """«egyedül» (alone) lemmatises to «egy», a word of «Még egy kis idő»: it is never that card."""
    assert read("prodigals", "hu", "hand", "Egy kocsmát játszom ki, egyedül.") == ["play at-the-pub"]


@pytest.mark.parametrize(("state", "text"), [
    ("discard", "Nem a durva megjegyzést dobom el."),
    ("discard", "A kocsmás lapot vagy a szégyensort dobom el."),
    ("errands", "Nem küldöm a kifutófiút a botrány mezőre."),
    ("errands3", "Az árverésre megyek, de a westminsteri lovas birtokomat nem adom el."),
    ("errands", "A snub mezőre megyek, a bal úriemberemet kettővel lejjebb léptetem."),  # snub moves one step
    ("hand", "Az ingatlancsere helyett a durva megjegyzést játszom ki."),
    ("actions", "Ha Beatrice miatt valakit fel kell vinni, ne a jobb hölgyet vigyétek."),
    ("discard", "Nem szabadulok meg a szégyensortól."),
])
def test_a_negation_or_a_choice_is_never_read_past(state: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "hu", state, text)


@pytest.mark.parametrize(("text", "means"), [
    ("Ingatlancsere: a d1-es birtokomat a pt4-re cserélem.", ["play property-swap", "exchange d1 for pt4"]),
    ("Property Swap, a d1-et a pt6-ra cserélném.", ["play property-swap", "exchange d1 for pt6"]),
])
def test_the_ending_of_what_an_exchange_takes_says_its_for(text: str, means: list[str]) -> None:
    """«-ra», «-re» on a code («a pt4-re cserélem»: I swap it for pt4) say the side taken, as "for" does: the
    exchange is named, never asked about beside standing orders its card's name might be."""
    assert read("prodigals", "hu", "hand", text) == means


@pytest.mark.parametrize("text", [
    "Property Swap: a pt4-et a d1-re cserélem.",  # the sides the other way round: no such exchange
    "Property Swap: a d1-et nem a pt4-re cserélem.",
])
def test_the_taken_ending_on_the_given_side_is_never_turned_round(text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "hu", "hand", text)


@pytest.mark.parametrize(("state", "text", "means"), [
    ("hand", "Szégyensor a tízes sorra.", ["play row-of-shame", "row 10"]),
    ("hand", "Szégyensor (Row of Shame) a 10-es sorra.", ["play row-of-shame", "row 10"]),
    ("discard", "Szégyensor.", ["discard row-of-shame"]),
])
def test_one_word_for_a_name_of_several_says_all_of_them(state: str, text: str, means: list[str]) -> None:
    """«szégyensor» is Row of Shame whole (its "of" a filler no word says): the card named, with no verb, is the
    one play, never asked about beside keeping it at the round's end."""
    assert read("prodigals", "hu", state, text) == means


@pytest.mark.parametrize(("state", "text", "means"), [
    ("hand", "A szégyensort játszom ki, hát a tízes sorra.", ["play row-of-shame", "row 10"]),
    ("actions", "A bal úr – őt vigyétek fel, ha Beatrice miatt kell.", ["order up gent1"]),
])
def test_a_small_word_its_accents_tell_from_a_number_is_no_count(state: str, text: str, means: list[str]) -> None:
    """«hát» (well) and «őt» (her, him) fold to «hat» (six) and «öt» (five): written with their accents they are
    passed over, never six of a row or five steps up."""
    assert read("prodigals", "hu", state, text) == means


def test_a_number_typed_without_accents_is_still_a_number() -> None:
    """«ot» typed for «öt» (five) stays five: five steps are no move of one, so nothing is played."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "hu", "actions", "A bal úr ot lépést menjen fel.")


@pytest.mark.parametrize(("state", "text", "means"), [
    ("errands", "A Political Dilettante-os választási csomagot kérem, a lapkával együtt.", ["place e-set4"]),
    ("errands", "Political Dilettante a lapkával, a lapkát eldobom.", ["place e-set4", "discard tile"]),
])
def test_an_election_sets_tile_named_with_it(state: str, text: str, means: list[str]) -> None:
    """«a lapkával együtt»: the political circle tile lying with the set is a name of the set, placed later."""
    assert read("prodigals", "hu", state, text) == means


def test_a_set_without_its_tile_is_refused() -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "hu", "errands", "Political Dilettante, a lapka nélkül.")


@pytest.mark.parametrize(("text", "means"), [
    ("A két kocsmát egy csomagban játszom ki.", ["play at-the-pub x2"]),
    ("Mindkét At the Pub-ot kijátszom, együttesen.", ["play at-the-pub x2"]),
    ("A lépéses bónuszt használom.", ["bonus s-moves"]),
])
def test_one_bundle_and_a_bonus_named_by_what_it_gives(text: str, means: list[str]) -> None:
    """«egy csomagban» (in one bundle) plays two copies as one group; «lépéses» names the moves bonus tile."""
    assert read("prodigals", "hu", "hand", text) == means


@pytest.mark.parametrize("text", [
    "A kocsmát egyszer játszom ki.",  # once: one copy, never the group
    "A kocsmát egyedül játszom ki.",
])
def test_once_or_alone_is_never_one_bundle(text: str) -> None:
    assert read("prodigals", "hu", "hand", text) == ["play at-the-pub"]
