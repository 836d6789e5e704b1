"""Reading by meaning (#43): what it plays, what it asks about, and what it never does."""

from __future__ import annotations

import pytest

import engine
from engine import AmbiguousMove, MoveError
from pbem.language.words import words
from tests.engine.test_natural_replies import state


def read(game: str, language: str, name: str, text: str) -> list[str]:
    rules = engine.game(game)
    position, seat = state(game, name)
    return [rules.format(move) for move in rules.read(text, rules.clone(position), seat, words(rules, language)).moves]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Play red, house on Wei 3, draw from the deck.", ["play red", "wei: pagoda 3", "draw deck"]),
    ("ru", "красную, потом вэй 1 и беру из колоды", ["play red", "wei: pagoda 1", "draw deck"]),
    ("ru", "igrayu krasnuyu", ["play red"]),  # Russian typed in Latin letters
    ("ru", "меняю жёлтую на колоду", ["exchange yellow for deck"]),
    ("en", "Excahnge yellow for the deck", ["exchange yellow for deck"]),  # a typo no dictionary knows
])
def test_a_reply_in_the_players_words_is_read_as_the_moves_it_names(language: str, text: str, means: list[str]) -> None:
    assert read("china", language, "act", text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "don't play red"), ("en", "play red or yellow"), ("en", "play red, maybe"),
    ("ru", "не играю красную"), ("ru", "красную или жёлтую"), ("hu", "talán a pirosat"),
    ("el", "όχι την κόκκινη"),
    ("en", "play red, blorptastic"),  # a word of no language: named in the refusal, never passed over
    ("en", "Lavish Dinner for me"),  # a card lying in no set on display: its name is never passed over
])
def test_a_negation_a_choice_or_an_unknown_word_is_never_played(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("china" if "Dinner" not in text else "prodigals", language, "act" if "Dinner" not in text else "errands",
             text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Rowdy Rally for me", "place e-set2"), ("en", "Take the set with Flirt.", "place s-set2"),
    ("en", "I'll have the set with Town Crier in it", "place s-set1"),
    ("ru", "Беру набор с «Флиртом»", "place s-set2"),
    ("en", "The Flirt card from the society board, please", "place s-set2"),  # its kind, the board it lies on
    ("hu", "A Rowdy Rally kártyát kérem a tábláról", "place e-set2"),
    ("en", "Embarrassing Escort for me", "place central-card"),  # the central card names its space
    ("ru", "Беру набор s-set2 с «Флиртом»", "place s-set2"),  # one thing in two words, a small word between
])
def test_a_card_set_is_named_by_a_card_lying_in_it(language: str, text: str, means: str) -> None:
    """What the board shows where a move goes names the move (:meth:`engine.Game.aliases`): the set a card lies in."""
    assert read("prodigals", language, "errands", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("el", "Χρησιμοποιώ τον Town Crier, κατεβάζω τον πρώτο κύριο"),
    ("ru", "Использую глашатая и опускаю первого джентльмена вниз"),
])
def test_a_verb_of_lowering_a_marker_is_its_move_down(language: str, text: str) -> None:
    """«κατεβάζω», «опускаю» say the step and its verb at once: the step said again is the same step."""
    assert read("prodigals", language, "hand", text) == ["use town-crier", "move gent1 down"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Pamphlet Fiasco: I lose the 2 votes", "option 1"),
    ("ru", "Провал памфлета: теряю два голоса", "option 1"),
    ("en", "Pamphlet Fiasco, the 2 megaphones", "option 2"),
])
def test_an_option_is_named_by_what_it_does(language: str, text: str, means: str) -> None:
    """The mail describes each numbered option; its effect's number («два голоса») is no option's number."""
    assert read("prodigals", language, "hand", text) == ["play pamphlet-fiasco", means]


def test_a_card_lying_in_two_sets_names_neither() -> None:
    rules = engine.game("prodigals")
    position, seat = state("prodigals", "errands")
    position = rules.clone(position)
    position.sets["S_set4"] = [*position.sets["S_set4"], *position.sets["S_set2"]]  # Flirt in sets 2 and 4
    with pytest.raises(AmbiguousMove) as asked:
        rules.read("the set with Flirt", position, seat, words(rules, "en"))
    assert sorted(asked.value.suggestions) == ["place s-set2", "place s-set4"]


def test_several_fitting_moves_are_asked_about_with_each_one() -> None:
    with pytest.raises(AmbiguousMove) as asked:
        read("china", "en", "act", "exchange the yellow card")
    assert len(asked.value.suggestions) > 1
    assert all(suggestion.startswith("exchange") and "yellow" in suggestion for suggestion in asked.value.suggestions)


def test_a_move_whose_choice_is_unsaid_is_not_played_even_when_it_is_the_only_one() -> None:
    """"place a pagoda" names no province: asked about, never placed where pbem guesses."""
    with pytest.raises(MoveError):
        read("china", "en", "place", "a pagoda please")


def test_a_reply_sent_ahead_in_the_players_words_is_kept_for_its_turn() -> None:
    rules = engine.game("china")
    reading = rules.ahead("I'd like the red card, then the house on Wei 1", words(rules, "en"))
    assert reading.ahead == ("I'd like the red card, then the house on Wei 1",)
    prose = rules.ahead("blorptastic frobnication", words(rules, "en"))  # nothing of the game in it: not kept
    assert prose.ahead == () and prose.ignored == ("blorptastic frobnication",)


@pytest.mark.parametrize(("language", "text"), [("en", "Nothing this month, thanks"), ("ru", "Ничего в этом месяце"),
                                                ("el", "Τίποτα αυτόν τον μήνα"), ("hu", "semmit")])
def test_nothing_is_the_move_of_choosing_none(language: str, text: str) -> None:
    """"Nothing" in the player's words is the legal move that chooses none: Dragon's pass."""
    assert read("dragon", language, "action", text) == ["pass"]


def test_nothing_where_no_move_chooses_none_is_not_played() -> None:
    with pytest.raises(MoveError):
        read("china", "en", "place", "nothing")


@pytest.mark.parametrize("text", ["Play Lavish Dinner. Done.", "play lavish dinner, done", "play lavish dinner then done"])
def test_a_reading_that_guesses_a_move_is_no_rival_of_one_that_names_every_move(text: str) -> None:
    """"play" could start some card's play before Lavish Dinner's; only the reading naming each move counts."""
    assert read("prodigals", "en", "hand", text) == ["play lavish-dinner", "done"]


@pytest.mark.parametrize(("text", "means"), [("Canvass space", "place e-canvass"), ("Scandal space", "place s-scandal")])
def test_a_word_of_a_move_stands_for_itself_not_for_the_whole_move(text: str, means: str) -> None:
    """"canvass" is the canvass of ``e-canvass``, never its "e", which every election space has."""
    assert read("prodigals", "en", "errands", text) == [means]


def test_small_words_typed_in_latin_letters_are_read_as_the_languages_own() -> None:
    """Greeklish "kai", "to" are «και», «το»: passed over as written in Greek letters; "oxi" is «όχι», a no."""
    assert read("prodigals", "el", "discard", "Petaw to Lavish Dinner kai to Property Swap") == [
        "discard lavish-dinner", "discard property-swap"]
    with pytest.raises(MoveError):
        read("prodigals", "el", "discard", "oxi to Lavish Dinner")


@pytest.mark.parametrize(("language", "text", "means"), [
    # a part of a line that fits no one part of a start runs on to the next where "and" joins its runs
    ("en", "I'll start with a warrior in palace 1 and a healer in palace 2.", "start warrior palace1, healer palace2"),
    ("el", "Αγρότη στο παλάτι 1 και δάσκαλο στο παλάτι 2.", "start farmer palace1, scholar palace2"),
    ("en", "Tax collector palace 1, healer palace 2", "start tax collector palace1, healer palace2"),
    # what is said of both goes with each
    ("en", "monk and scholar, both in palace 2", "start monk palace2, scholar palace2"),
    ("ru", "Мудрец и монах, оба во второй дворец.", "start monk palace2, scholar palace2"),
    ("hu", "szerzetes + tudós, mindkettő a 2-es palotába", "start monk palace2, scholar palace2"),
    # an ordinal names the numbered thing left unsaid: "the first", «a 2-esbe» (into number 2)
    ("en", "Pyrotechnist to the second palace and the craftsman to the first, thanks.",
     "start craftsman palace1, pyrotechnist palace2"),
    ("hu", "adoszedo az 1-es palotaba, tudos a 2-esbe", "start tax collector palace1, scholar palace2"),
    ("hu", "Gyógyitó a kettesbe, udvarhögy az egyesbe.", "start court lady palace1, healer palace2"),
    # a dash or brackets pair a person with its palace within one part of the line
    ("ru", "Сборщика налогов — во второй дворец, воина — в первый.", "start tax collector palace2, warrior palace1"),
    ("ru", "Мои стартовые герои: пиротехник (дворец 1) и придворная дама (дворец 2).",
     "start court lady palace2, pyrotechnist palace1"),
    # persons named, then placed in a later sentence: each one person, said twice
    ("en", "Give me the Healer and the Monk. Healer goes in Palace 1, Monk in Palace 2.",
     "start monk palace2, healer palace1"),
    ("el", "Μοναχός και δάσκαλος. Ο δάσκαλος -> παλάτι 1, ο μοναχός -> παλάτι 2.", "start monk palace2, scholar palace1"),
    # "palace one": a number word after the word it counts is that number, never a pronoun
    ("en", "Court Lady and Pyrotechnist please, both of them in palace one.", "start court lady palace1, pyrotechnist palace1"),
])
def test_two_persons_each_go_with_their_palace(language: str, text: str, means: str) -> None:
    assert read("dragon", language, "start", text) == [means]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Hello everyone! I'd put a monk and a healer in the first palace.", "start monk palace1, healer palace1"),
    ("en", "warrior and farmer into palace 2 please", "start warrior palace2, farmer palace2"),
    ("el", "Θα έβαζα έναν μοναχό και έναν γιατρό στο πρώτο παλάτι.", "start monk palace1, healer palace1"),
    ("el", "ton texniti kai ton polemisti sto deutero palati", "start craftsman palace2, warrior palace2"),
    ("hu", "Egy szerzetest és egy gyógyítót tennék az első palotába.", "start monk palace1, healer palace1"),
    ("hu", "harcos meg földműves a 2-es palotába", "start warrior palace2, farmer palace2"),
    ("ru", "Я бы поставил монаха и лекаря в первый дворец.", "start monk palace1, healer palace1"),
    ("ru", "Учёного и воина поселю во второй дворец", "start warrior palace2, scholar palace2"),
    # a run that says its own palace keeps it: the place after the list is the last one's only
    ("en", "a monk in palace 2 and a healer in the first palace", "start monk palace2, healer palace1"),
    ("ru", "монаха во второй дворец и лекаря в первый", "start monk palace2, healer palace1"),
])
def test_a_place_said_after_a_list_of_persons_is_each_ones(language: str, text: str, means: str) -> None:
    """"a monk and a healer in the first palace": the place ends the list, so it is said of every person in it."""
    assert read("dragon", language, "start", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "a monk, and a healer in the first palace"),  # the comma parts the monk from the place: asked
    ("en", "a monk in the first palace and a healer"),  # the place before the second person is the first's only
    ("en", "a monk and a healer not in the first palace"),
    ("hu", "egy szerzetest az első palotába és egy gyógyítót"),
])
def test_a_place_said_before_or_apart_from_a_person_is_not_that_persons(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "start", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "farmer to palace 2 and the monk to the other one", "start monk palace1, farmer palace2"),
    ("en", "I'd like the craftsman in my second palace, and the tax collector in the other.",
     "start craftsman palace2, tax collector palace1"),
    ("el", "ο μοναχός στο δεύτερο, ο αγρότης στο άλλο", "start monk palace2, farmer palace1"),
    ("el", "ton texniti sto proto kai ton logio sto allo palati", "start craftsman palace1, scholar palace2"),
    ("hu", "A szerzetes a második palotába megy, a földműves a másikba.", "start monk palace2, farmer palace1"),
    ("hu", "kézműves az egyesbe, tudós a másik palotába", "start craftsman palace1, scholar palace2"),
    ("ru", "Монаха во второй дворец, крестьянина в другой", "start monk palace2, farmer palace1"),
    ("ru", "remeslennika v pervyj, uchyonogo v drugoj", "start craftsman palace1, scholar palace2"),
])
def test_the_other_palace_is_the_one_not_named(language: str, text: str, means: str) -> None:
    """"the healer in the other one": the palace other than the one the line names for the other person."""
    assert read("dragon", language, "start", text) == [means]


@pytest.mark.parametrize(("name", "language", "text", "never"), [
    ("start", "en", "Healer and scholar: the healer in palace 1, the other one too", "start healer palace1, scholar palace2"),
    ("start", "en", "monk in palace 1, farmer not in the other", ""),
    ("start", "ru", "Монаха в первый дворец, и другого туда же", "start monk palace1, farmer palace2"),
    ("build", "en", "one floor on palace 2 and the other floor on a new palace", "build +1 palace1 +1 palace2"),
    ("build", "el", "έναν όροφο στο δεύτερο παλάτι και τον άλλον σε νέο", "build +1 palace1 +1 palace2"),
    ("release", "en", "release the other monk", ""),
])
def test_the_other_said_of_no_place_never_chooses_a_palace(name: str, language: str, text: str, never: str) -> None:
    """"the other one too" (the other person, into the same palace), "the other floor": no palace chosen by it."""
    try:
        got = read("dragon", language, name, text)
    except MoveError:
        return
    assert never not in got and (name != "build" or got == ["build +1 palace2 +1 new"]) and name != "release"


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Nothing this month, just give me the 3 yuan please"),
    ("en", "I'll pass and take my 3 yuan"),
    ("el", "Δεν κάνω τίποτα, παίρνω 3 γιουάν"),
    ("hu", "Kimaradok, kérem a 3 jüant"),
    ("hu", "Most semmi, csak a 3 jüant kérem"),
    ("ru", "Ничего, просто возьму три юаня"),
])
def test_a_pass_is_named_by_the_yuan_it_gives(language: str, text: str) -> None:
    """Passing tops a purse up to 3 yuan: "I'll just take the 3 yuan" names the pass, the count its alias."""
    assert read("dragon", language, "action", text) == ["pass"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "3"), ("en", "group 3"), ("en", "take 3 yuan and the small privilege"), ("en", "not the 3 yuan"),
    ("ru", "три"), ("hu", "3 jüanért a kis kiváltság"),
])
def test_three_said_of_no_yuan_taken_is_no_pass(language: str, text: str) -> None:
    try:
        got = read("dragon", language, "action", text)
    except MoveError:
        return
    assert got != ["pass"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Could I have an older monk?", "recruit old monk palace1"),
    ("en", "A seasoned warrior, please", "recruit old warrior palace1"),
    ("el", "Μπορώ να πάρω έναν ηλικιωμένο αγρότη;", "recruit old farmer palace1"),
    ("hu", "Kérhetek egy idős gyógyítót?", "recruit old healer palace1"),
    ("ru", "Можно пожилого монаха?", "recruit old monk palace1"),
    ("ru", "Возьму пожилого воина", "recruit old warrior palace1"),
])
def test_a_persons_age_in_everyday_words_asked_politely(language: str, text: str, means: str) -> None:
    """"an elderly monk", «пожилого воина», asked as "could I have": the old tile, the polite helper read past."""
    assert read("dragon", language, "person", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Could I have a monk?"), ("en", "a young monk, not the elderly one"), ("ru", "Можно монаха?"),
])
def test_a_person_of_no_age_said_or_an_age_denied_is_not_played(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "person", text)


@pytest.mark.parametrize(("name", "language", "text", "means"), [
    ("person", "en", "the old monk, the one with two buddhas", "recruit old monk palace1"),
    ("person", "en", "I'll take the healer with two mortars", "recruit old healer palace1"),
    ("person", "en", "a farmer with 2 rice", "recruit old farmer palace1"),
    ("person", "el", "τον πολεμιστή με τις δύο περικεφαλαίες", "recruit old warrior palace1"),
    ("person", "hu", "a két könyves tudóst kérem", "recruit young scholar palace1"),
    ("person", "ru", "монаха с двумя буддами", "recruit old monk palace1"),
    ("release", "en", "release the monk with one buddha", "release young monk palace1"),
])
def test_a_person_tile_is_named_by_the_symbols_printed_on_it(name: str, language: str, text: str, means: str) -> None:
    """"the one with two buddhas": the tile's symbols tell its level (an old monk has two, a young one one)."""
    assert read("dragon", language, name, text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "the monk with three buddhas"), ("en", "a healer, not the one with two mortars"), ("en", "two monks"),
    ("en", "a young monk with two buddhas"), ("ru", "молодого монаха с двумя буддами"),
])
def test_symbols_no_tile_has_or_denied_name_no_tile(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "person", text)


def test_a_part_of_a_line_never_runs_on_inside_a_run() -> None:
    """With no "and" or comma between them, the palace after the lady could be either person's: not played."""
    with pytest.raises(MoveError):
        read("dragon", "en", "start", "court lady in palace 2 farmer in palace 1")


@pytest.mark.parametrize(("language", "state_name", "text", "means"), [
    ("en", "action", "I'll take the harvest action.", "group 1 harvest"),
    ("ru", "action", "Беру вторую группу, строительство.", "group 2 build"),
    ("en", "person", "I'll take an old warrior, palace 2", "recruit old warrior palace2"),
])
def test_a_verb_of_choosing_is_read_past(language: str, state_name: str, text: str, means: str) -> None:
    assert read("dragon", language, state_name, text) == [means]


def test_a_verb_of_choosing_never_tells_two_kinds_of_move_apart() -> None:
    """"pick red" at China's turn: play it, or pick it from the display in exchange? Asked, never played."""
    with pytest.raises(AmbiguousMove):
        read("china", "en", "act", "pick red")


def test_an_ordinal_the_notation_reads_as_a_word_is_a_number_too() -> None:
    """Dragon reads "first" as a word of a release order; by meaning, "the first palace" is palace 1."""
    assert read("dragon", "en", "start", "the farmer in the first palace, the scholar in the second palace") == [
        "start farmer palace1, scholar palace2"]


def test_a_greek_ordinal_without_accents_is_no_slip_of_another_word() -> None:
    """«δευτερο» unaccented is «δεύτερο», second: never a slip of «νεαρό» (young)."""
    assert read("dragon", "el", "start", "Γιατρο στο πρωτο παλατι, δασκαλο στο δευτερο παλατι") == [
        "start healer palace1, scholar palace2"]


def test_a_palace_said_of_one_of_two_persons_is_not_played_for_both() -> None:
    """Without "both", "in palace 2" is one person's palace, and the other's is unsaid: never played."""
    with pytest.raises(MoveError):
        read("dragon", "en", "start", "monk and scholar, in palace 2")


@pytest.mark.parametrize("text", ["tax collector palace 1, 2 healers", "tax collector palace 1, healer, 2"])
def test_a_bare_number_names_no_numbered_thing(text: str) -> None:
    """"2 healers" is a count, "healer, 2" a number of anything: never played as palace 2 (only a number tagged
    onto the thing it places, ending its part, is where it goes: "healer 2," see below)."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("dragon", "en", "start", text)


@pytest.mark.parametrize(("language", "state_name", "text", "means"), [
    ("hu", "envoy", "Követ Suba.", ["shu: emissary"]),  # a province's name with a case ending
    ("hu", "joker", "Csi – 3-as hely.", ["qi: pagoda 3"]),  # «Csi» is Qi, though «Csin» (Ch'in) stems to it
    ("hu", "draw", "Köszi, a lila lapot kérem a kirakottak közül.", ["draw purple"]),  # an inflected word passed
    ("ru", "court", "Обменяю красную на кололу", ["exchange red for deck"]),  # an inflection-like typo: a slip
])
def test_a_word_is_read_by_its_form_its_ending_or_its_lemma(language: str, state_name: str, text: str,
                                                            means: list[str]) -> None:
    assert read("china", language, state_name, text) == means


def test_a_word_that_is_no_form_with_an_ending_still_stops_the_reading() -> None:
    with pytest.raises(MoveError):
        read("china", "hu", "envoy", "Követ Sufoo.")


@pytest.mark.parametrize(("language", "text"), [
    ("en", "I'd like to put one floor on each of my two palaces, please."), ("el", "Ένας όροφος σε κάθε παλάτι."),
    ("hu", "Egy-egy emelet mindkét palotára."), ("ru", "По одному этажу в каждый из двух моих дворцов."),
])
def test_each_said_of_a_move_of_one_part_is_the_move_the_game_names_by_each(language: str, text: str) -> None:
    """"one floor on each of my two palaces": "each" tells no two moves apart by their words, so "two" is never
    taken for the build's two floors on a new palace; it is the one move the game names by "each" (a floor on
    every palace the seat has)."""
    assert read("dragon", language, "build", text) == ["build +1 palace1 +1 palace2"]


def test_each_where_no_move_does_the_same_to_every_thing_is_asked_about() -> None:
    """"a floor on each palace" where a new palace is also said: no one move is named by "each"; asked."""
    with pytest.raises(MoveError):
        read("dragon", "en", "build", "one floor on each new palace")


def _three_palaces_three_floors() -> tuple[object, int]:
    """A build of three floors by a seat with three palaces of one floor (two craftsmen)."""
    from tests.dragon.scenario import court, month_one
    game = engine.game("dragon")
    position = month_one(3, 1)
    seat = position.actor
    court(position, seat, (1, ["craftsman"]), (1, ["craftsman"]), (1, []))
    return game.apply(position, seat, game.parse("group 2 build", position, seat)[0]), seat


@pytest.mark.parametrize(("language", "text"), [
    ("en", "a floor each on palace 1 and palace 2"), ("en", "one floor on each of my first two palaces"),
    ("en", "one floor on palace 1 and palace 2 each"), ("ru", "По этажу в первый и второй дворец, каждому."),
    ("hu", "Egy-egy emelet az első és a második palotára."),
])
def test_each_of_some_numbered_things_is_never_each_of_all(language: str, text: str) -> None:
    """Three palaces and three floors: "each" of palaces 1 and 2 leaves the third floor unsaid (palace 3 or a
    new one); never played as a floor on every palace, which would put one on a palace the line left out."""
    game = engine.game("dragon")
    position, seat = _three_palaces_three_floors()
    with pytest.raises(MoveError):
        game.read(text, game.clone(position), seat, words(game, language))


@pytest.mark.parametrize(("language", "text"), [
    ("en", "one floor on each palace"), ("en", "a floor on each of palace 1, palace 2 and palace 3"),
    ("en", "one floor on each of my three palaces"),
])
def test_each_of_every_thing_numbered_or_not_is_the_move_named_each(language: str, text: str) -> None:
    """"each palace" unnumbered, or every palace numbered: the floor on every palace."""
    game = engine.game("dragon")
    position, seat = _three_palaces_three_floors()
    moves = game.read(text, game.clone(position), seat, words(game, language)).moves
    assert [game.format(move) for move in moves] == ["build +1 palace1 +1 palace2 +1 palace3"]


def test_a_turn_read_one_way_only_is_played_though_a_word_was_passed_over() -> None:
    """Each decision's move named wholly, and no other reading of the whole line: "goes" and "site" passed over
    could not have made the yellow an exchange, since the rest of the line then reads as nothing."""
    assert read("china", "en", "court", "My yellow goes to Qi, site 3; then draw from the deck.") == [
        "play yellow", "qi: pagoda 3", "draw deck"]


def test_one_move_named_with_a_word_passed_over_is_still_asked_about() -> None:
    """"my yellow card goes": played, or exchanged? The word passed over may tell, so it is asked."""
    with pytest.raises(AmbiguousMove):
        read("china", "en", "act", "my yellow card goes")


@pytest.mark.parametrize(("game", "language", "state_name", "text", "means"), [
    ("china", "el", "place", "Pagoda sto Shu 1 kai travaw apo tin trapoula", ["shu: pagoda 1", "draw deck"]),
    ("china", "el", "envoy", "Ένας apestalmenos sto Σου, kai travaw tin mwv", ["shu: emissary", "draw purple"]),
    ("china", "ru", "place", "Vej 4", ["wei: pagoda 4"]),
    ("dragon", "ru", "person", "Pridvornaya dama -> dvorec 1", ["recruit court lady palace1"]),
    ("dragon", "el", "action", "pairnw to megalo pronomio", ["group 1 privilege large"]),  # a verb of choosing
    ("dragon", "el", "action", "pairnw tin ereuna", ["group 3 research"]),  # near a move form, still choosing
    ("dragon", "ru", "action", "vtoraya gruppa, nalogi", ["group 2 tax"]),  # an ordinal, never a slip of «старая»
    ("dragon", "ru", "start", "zemledelca vo 2 dvorec, pirotehnika v 1", ["start pyrotechnist palace1, farmer palace2"]),
])
def test_greek_and_russian_typed_in_latin_letters_are_read(game: str, language: str, state_name: str, text: str,
                                                          means: list[str]) -> None:
    """Each letter as players type it («ц»: "c" or "ts", «ω»: "o" or "w"), the language's small words too."""
    assert read(game, language, state_name, text) == means


@pytest.mark.parametrize(("language", "text"), [("ru", "ne igraju krasnuyu"), ("ru", "ili krasnuyu"),
                                                ("el", "den paizw tin kokkini")])
def test_a_negation_or_a_choice_typed_in_latin_letters_is_never_played(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("china", language, "act", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "Τεχνίτη στο 1", "recruit craftsman palace1"),  # a number after "in" names the numbered place
    ("hu", "adoszedo az egyesbe", "recruit tax collector palace1"),  # an ordinal names the place, left unsaid
    ("el", "Τη γκέισα, στο δεύτερο παλάτι.", "recruit court lady palace2"),  # one word for "court lady"
])
def test_a_person_and_a_place_said_shortly_name_the_recruitment(language: str, text: str, means: str) -> None:
    assert read("dragon", language, "person", text) == [means]


@pytest.mark.parametrize(("language", "state_name", "text", "means"), [
    ("el", "act", "Ανταλλαγή: η κόκκινη μου για την τέταρτη ανοιχτή κάρτα.", ["exchange red for orange"]),
    ("hu", "draw", "A második felcsapott lapot húzom.", ["draw purple"]),
    ("ru", "act", "Обмен: красную отдаю, беру четвёртую открытую карту.", ["exchange red for orange"]),
])
def test_a_display_card_is_named_by_its_place(language: str, state_name: str, text: str, means: list[str]) -> None:
    """"the fourth face-up card": the display's fourth place, as the notation's ``up4`` reads it."""
    assert read("china", language, state_name, text) == means


def test_a_reading_that_says_every_choice_is_played_over_ones_leaving_one_unsaid() -> None:
    """"Shu, pagoda on 3": site 3; not a site left unsaid and the third display card drawn."""
    assert read("china", "ru", "envoy", "Шу, пагода на 3") == ["shu: pagoda 3"]


def test_a_line_that_counts_is_not_played_short_of_what_it_counts() -> None:
    """«оба «В пабе»» (both At the Pub cards): the reading that discards neither, all its other cards named, is
    never played over the one that counts both, which the count read as two copies plays."""
    assert read("prodigals", "ru", "discard",
                "В сброс отправляются оба «В пабе», потом «Оскорбить викария» и «Провал памфлета».") == [
        "discard at-the-pub", "discard at-the-pub", "discard insult-the-vicar", "discard pamphlet-fiasco"]


def test_cards_of_a_colour_said_in_two_sentences_are_different_cards() -> None:
    """The two reds played and the two reds drawn are four cards: a colour said again is never one said twice."""
    assert read("china", "el", "court", "Με τις δύο κόκκινες: παγόδα στο Σου 4 και έπειτα απεσταλμένος εκεί. "
                "Τραβάω τις δύο κόκκινες από τις ανοιχτές.") == [
        "play red red", "shu: pagoda 4", "shu: emissary", "draw red", "draw red"]


def test_the_wild_card_is_named_by_its_question_mark() -> None:
    """The wild card's printed mark names it, as «ερωτηματικό» does in Greek: «со знаком вопроса» is the wild."""
    assert read("dragon", "ru", "person", "Карточку со знаком вопроса — на старого лекаря, дворец 2.") == [
        "recruit old healer palace2 with wild"]


def test_a_move_said_twice_in_two_sentences_is_two_moves() -> None:
    """"Draw deck. Draw deck." where one draw is owed: two draws, refused, never read as one."""
    with pytest.raises(MoveError):
        read("china", "en", "draw", "Draw deck. Draw deck.")


def test_with_the_tile_never_throws_the_tile_away() -> None:
    """Taking a set "with its tile" leaves where the tile goes unsaid: "discard" is a verb never taken as unsaid."""
    try:
        assert "discard tile" not in read("prodigals", "hu", "errands", "Political Dilettante, a lapkával együtt.")
    except MoveError:
        pass
    assert read("prodigals", "en", "errands", "Political Dilettante, discard the tile") == [
        "place e-set4", "discard tile"]


def test_a_possessive_in_a_cards_name_is_read_as_its_slug_writes_it() -> None:
    """"Gentlemen's Walkout" is ``gentlemens-walkout``: the apostrophe the slug leaves out is no other word."""
    assert read("prodigals", "en", "hand", "Gentlemen's Walkout on the left column") == [
        "play gentlemens-walkout", "column left"]


@pytest.mark.parametrize(("game", "language", "name", "text", "means"), [
    ("china", "en", "act", "Paly red, Wei 1, deck", ["play red", "wei: pagoda 1", "draw deck"]),  # swapped
    ("china", "hu", "act", "Pirosat játszom, Vej 1, pakil", ["play red", "wei: pagoda 1", "draw deck"]),  # letters
    ("prodigals", "en", "hand", "Nohting more this round", ["done"]),  # a listed word of the language, mistyped
])
def test_two_letters_typed_the_other_way_round_are_one_slip(game: str, language: str, name: str, text: str,
                                                            means: list[str]) -> None:
    assert read(game, language, name, text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Hi all,\ndone"), ("en", "Hello everyone!\ndone"), ("ru", "Всем привет!\nготово"),
])
def test_a_greeting_to_everyone_is_passed_over_though_the_game_has_the_word(language: str, text: str) -> None:
    """Prodigals has "all" and "everyone" (Champagne for Everyone) among its words: "Hi all," is still a greeting."""
    assert read("prodigals", language, "hand", text) == ["done"]


def test_a_greeting_word_before_a_move_does_not_hide_the_move() -> None:
    assert read("prodigals", "en", "hand", "Hi, done") == ["done"]


@pytest.mark.parametrize(("game", "language", "name", "text"), [
    ("prodigals", "el", "hand", "Παίζω Pamphlet Fiasco και θέλω να χάσω 2 ψήφους"),  # 2 counts votes: no option 2
    ("prodigals", "en", "hand", "Pamphlet Fiasco, I lose 2 votes"),
    ("prodigals", "ru", "hand", "Pamphlet Fiasco, теряю 2 голоса"),
])
def test_a_bare_number_beside_a_word_passed_over_is_asked_about_never_played(game: str, language: str, name: str,
                                                                            text: str) -> None:
    """The 2 of "lose 2 votes" is never option 2: the option that loses the votes, or asked."""
    try:
        assert read(game, language, name, text) == ["play pamphlet-fiasco", "option 1"]
    except MoveError:
        pass


@pytest.mark.parametrize(("language", "text"), [
    ("en", "both reds for Shu, pagoda 2 and pagoda 4, deck, deck"), ("ru", "обе красные: Шу 2 и Шу 4, колода, колода"),
])
def test_both_of_a_colour_is_two_cards(language: str, text: str) -> None:
    assert read("china", language, "court", text) == ["play red red", "shu: pagoda 2", "shu: pagoda 4", "draw deck",
                                                       "draw deck"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("ru", "Сбрасываю «В пабе» и «Грубое замечание»", ["discard at-the-pub", "discard rude-remark"]),
    ("hu", "Eldobom a Rude Remarkot", ["discard rude-remark"]),
])
def test_a_small_word_inside_card_names_never_names_a_card(language: str, text: str, means: list[str]) -> None:
    """«в пабе» is At the Pub, never the "the" of Insult the Vicar; Hungarian «a» (the) is in many cards' names."""
    assert read("prodigals", language, "discard", text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Insult the Vicar, done."), ("el", "Insult the Vicar, τέλος."), ("ru", "Оскорбить викария, готово."),
])
def test_a_done_word_closing_a_line_plays_done_where_the_game_has_it(language: str, text: str) -> None:
    assert read("prodigals", language, "hand", text) == ["play insult-the-vicar", "done"]


def test_a_done_word_where_no_done_is_legal_closes_the_line() -> None:
    assert read("prodigals", "en", "discard", "Discard Leapfrog, done.") == ["discard leapfrog"]


@pytest.mark.parametrize("text", [
    "Insult the Vicar and that's all.", "Insult the Vicar. That’s it for this round.", "Insult the Vicar, end of turn",
    "Insult the Vicar, nothing more.",
])
def test_a_done_phrase_of_several_words_ends_the_turn(text: str) -> None:
    """"that's it", "end of turn", "nothing more": the game's move of ending the turn, as "done" is."""
    assert read("prodigals", "en", "hand", text) == ["play insult-the-vicar", "done"]


def test_a_done_phrase_in_a_game_without_a_move_of_ending_is_no_move() -> None:
    with pytest.raises(MoveError):
        read("china", "en", "act", "That's all.")


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Done, pass."), ("el", "Τελείωσα, πάσο."), ("el", "teleiwsa, paso"),
])
def test_two_words_of_ending_in_a_row_end_the_turn_once(language: str, text: str) -> None:
    assert read("prodigals", language, "hand", text) == ["done"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Nothing to play."), ("en", "I play nothing this time."), ("el", "Τίποτα να παίξω."),
])
def test_the_verb_of_what_none_is_chosen_of_is_no_move_of_its_own(language: str, text: str) -> None:
    assert read("prodigals", language, "hand", text) == ["done"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "Βάζω στο σετ εκλογών 2", "place e-set2"), ("el", "Παίρνω σετ κοινωνίας 2", "place s-set2"),
])
def test_a_number_after_what_a_thing_is_of_numbers_the_thing(language: str, text: str, means: str) -> None:
    """«σετ εκλογών 2»: the set (of the election) number 2, its number after the word saying what it is of; never
    across a small word ("the first card of group 3" numbers the group)."""
    assert read("prodigals", language, "errands", text) == [means]


def test_a_phrase_naming_no_move_is_passed_over() -> None:
    """"errand boy": what every placement puts, so it names none of them."""
    assert read("prodigals", "en", "errands", "An errand boy on the canvass space") == ["place e-canvass"]


@pytest.mark.parametrize(("text", "means"), [
    ("Canvass, none of the tiles for me", ["place e-canvass", "take none"]),  # none of what the canvass shows
    ("Election set 3, throw away the tile", ["place e-set3", "discard tile"]),
    ("Election set 3, toss the tile", ["place e-set3", "discard tile"]),
])
def test_a_move_is_named_by_what_it_does_in_everyday_words(text: str, means: list[str]) -> None:
    assert read("prodigals", "en", "errands", text) == means


def test_a_space_by_what_it_costs_is_asked_about_where_two_cost_it() -> None:
    """Heckle and canvass both cost a vote: "the space where I lose one vote" is either, so it is asked about."""
    with pytest.raises(AmbiguousMove) as asked:
        read("prodigals", "en", "errands", "The space where I lose one vote")
    assert set(asked.value.suggestions) == {"place e-heckle", "place e-canvass"}


def test_getting_rid_of_a_card_discards_it() -> None:
    assert read("prodigals", "en", "discard", "Get rid of Leapfrog") == ["discard leapfrog"]


def test_a_name_of_several_words_with_a_slip_is_one_name() -> None:
    """A slip keeps «Λίγο Περρισότερος Χρόνος» from being read whole: its three words still name one card."""
    assert read("prodigals", "el", "discard", "Πετάω το Λίγο Περρισότερος Χρόνος") == ["discard a-little-more-time"]


def test_end_of_turn_in_russian_is_the_end_of_the_turn() -> None:
    """«ход» is "turn" in everyday Russian: «конец хода» ends the turn, never plays a bonus tile of society moves."""
    assert read("prodigals", "ru", "hand", "Конец хода.") == ["done"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Play red, Wei 1, deck. Thanks, Anna"), ("en", "Hi Anna, play red, Wei 1, deck"),
    ("hu", "Szia Peti, pirosat játszom, Vej 1, pakli. Köszi, Kata"),
    ("ru", "Добрый день, коллеги. Красную, Вэй 1, колода. Всего хорошего, Марина"),
])
def test_a_greeting_and_a_sign_off_on_the_line_of_the_moves_are_passed_over(language: str, text: str) -> None:
    assert read("china", language, "act", text) == ["play red", "wei: pagoda 1", "draw deck"]


def test_a_word_of_the_game_after_thanks_is_no_signature() -> None:
    """"Thanks, Zhao 2": Zhao is a province, never a name passed over."""
    with pytest.raises(MoveError):
        read("china", "en", "act", "Play red, Wei 1, deck. Thanks, Zhao")


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "draw", "I'll take the second card from the left.", ["draw purple"]),
    ("el", "draw", "Τραβάω την πρώτη κάρτα από αριστερά.", ["draw red"]),
    ("en", "draw", "The orange face-up card.", ["draw orange"]),
    ("en", "act", "Exchange yellow for the red in the display", ["exchange yellow for red"]),
])
def test_a_display_card_is_named_by_its_place_and_where_it_lies(language: str, name: str, text: str,
                                                                 means: list[str]) -> None:
    """An ordinal names the numbered thing of its number (``up2``), and "display"/"face-up" a display card."""
    assert read("china", language, name, text) == means


def test_an_ordinal_beside_a_word_for_a_listed_option_names_no_place() -> None:
    """"The second option" may be the mail's list entry: asked about, never read as the second display card."""
    with pytest.raises(AmbiguousMove):
        read("china", "en", "draw", "The second option, please.")


def test_a_phrase_form_of_one_word_is_read_as_that_word_once() -> None:
    """«játszom ki» is one "play", not two (a catalog form of two words for one notation word)."""
    assert read("china", "hu", "act", "A pirosat játszom ki.") == ["play red"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Play both reds. Shu: pagoda 2 and emissary. Draw two from the deck.",
     ["play red red", "shu: pagoda 2", "shu: emissary", "draw deck", "draw deck"]),
    ("el", "Παίζω τις 2 κόκκινες, Σου: παγόδα 2 και απεσταλμένος, τραβάω δύο από την τράπουλα.",
     ["play red red", "shu: pagoda 2", "shu: emissary", "draw deck", "draw deck"]),
])
def test_a_count_stands_for_as_many_of_what_follows(language: str, text: str, means: list[str]) -> None:
    """"both reds", «τις 2 κόκκινες», "two from the deck": the words passed over between do not stop the count."""
    assert read("china", language, "court", text) == means


def test_a_number_after_a_thing_it_numbers_counts_nothing_after_it() -> None:
    """"Shu 2 red" is Shu's site 2 paid with a red, never two red cards."""
    assert read("china", "en", "court", "Shu 2 red") == ["play red", "shu: pagoda 2"]


def test_a_line_the_notation_misreads_as_an_illegal_move_is_read_by_meaning() -> None:
    """The verb put first reads «…(παγόδα 2) και τραβάω τη μωβ» as a draw now, which the rules refuse; the
    player's words fit one legal turn, so that is played."""
    assert read("china", "el", "court", "Κίτρινη στο Τσι (παγόδα 2) και τραβάω τη μωβ.") == [
        "play yellow", "qi: pagoda 2", "draw purple"]


def test_a_move_the_rules_refuse_keeps_the_rules_reason() -> None:
    """No legal move fits every word of a move the rules refuse: the rules' reason is the answer."""
    with pytest.raises(engine.IllegalMove):
        read("china", "en", "act", "draw red")


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Play red red. Shu: two pagodas, on 4 and on 5.", ["play red red", "shu: pagoda 4", "shu: pagoda 5"]),
    ("hu", "Két pirosat játszom ki. Su: két bábu, pagoda a 2-es helyre és egy követ. Két lapot húzok a pakliból.",
     ["play red red", "shu: pagoda 2", "shu: emissary", "draw deck", "draw deck"]),
])
def test_a_count_of_things_then_said_one_by_one_is_passed_over(language: str, text: str, means: list[str]) -> None:
    """"two pagodas, on 4 and on 5", «két bábu»: the count says how many, the places which; «két lapot húzok a
    pakliból»: a count carries over the verb to the deck."""
    assert read("china", language, "court", text) == means


@pytest.mark.parametrize(("name", "text", "means"), [
    ("draw", "Take the top card of the deck.", ["draw deck"]),  # two words of one thing: one draw
    ("court", "Play red red. Shu: pagoda 2, emissary. Draw deck and deck.",  # the thing said twice: two
     ["play red red", "shu: pagoda 2", "shu: emissary", "draw deck", "draw deck"]),
])
def test_two_words_for_one_thing_in_a_row_name_it_once(name: str, text: str, means: list[str]) -> None:
    assert read("china", "en", name, text) == means


def test_a_province_is_named_by_its_printed_name_or_alias() -> None:
    assert read("china", "en", "joker", "Qin 2") == ["chin: pagoda 2"]


def test_a_move_said_over_two_lines_is_read_as_one() -> None:
    """A start's two persons, one per line: the first line alone could mean several starts, so it is read with
    the next; a line that means nothing alone keeps its refusal."""
    assert read("dragon", "en", "start", "Craftsman -> palace 2\nMonk -> palace 1") == [
        "start craftsman palace2, monk palace1"]
    with pytest.raises(MoveError):
        read("dragon", "en", "start", "Craftsman -> palace 2\nblorptastic")


def test_a_recruit_is_named_by_the_card_it_plays_too() -> None:
    """"play my scholar card and take an old scholar": the card played is another name of the recruit (its
    ``also_named``), so the scholar said twice is one recruit, and leaving the card unsaid leaves no choice unsaid."""
    assert read("dragon", "en", "person", "I'll play my scholar card and take an old scholar into the second palace."
                ) == ["recruit old scholar palace2"]
    assert read("dragon", "en", "person", "old scholar, second palace") == ["recruit old scholar palace2"]


def test_a_new_palace_is_a_palace_and_a_count_before_floor_is_said() -> None:
    """"new palace, 2 floors" is the build of a new palace; «δύο νέα παλάτια, από έναν όροφο» counts one floor
    each, so it is never read as one new palace of two floors."""
    assert read("dragon", "en", "build", "new palace, 2 floors") == ["build +2 new"]
    assert read("dragon", "el", "build", "Δύο νέα παλάτια, από έναν όροφο το καθένα.") == ["build +1 new +1 new"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "build two new palaces"), ("en", "two new palaces"), ("ru", "построю два новых дворца"),
    ("el", "χτίζω δύο νέα παλάτια"), ("ru", "Два новых дворца, по одному этажу каждый."),
])
def test_a_count_before_new_counts_palaces(language: str, text: str) -> None:
    """"two new palaces", «два новых дворца»: a count right before "new" counts the palaces (Dragon's ``repeated``),
    each of one floor, never one new palace of two floors (``+2 new``), which the notation writes with its "+"."""
    assert read("dragon", language, "build", text) == ["build +1 new +1 new"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "build 2 new", ["build +2 new"]), ("en", "build +2 new palace", ["build +2 new"]),
    ("en", "build two floors on a new palace", ["build +2 new"]),
    ("en", "build 2 new palace", None), ("hu", "két új palota", None), ("en", "two new one-floor palaces", None),
])
def test_a_bare_count_before_a_new_palace_is_asked(language: str, text: str, means: list[str] | None) -> None:
    """«két új palota» reaches the notation as "2 new palace": two palaces in the player's words, two floors in
    the notation's; asked, not guessed. The notation's own forms ("+2 new", "build 2 new") and a count of floors
    ("two floors on a new palace") are floors."""
    if means is None:
        with pytest.raises(AmbiguousMove) as asked:
            read("dragon", language, "build", text)
        assert set(asked.value.suggestions) == {"build +2 new", "build +1 new +1 new"}
    else:
        assert read("dragon", language, "build", text) == means


def test_a_palace_is_named_by_the_persons_living_in_it() -> None:
    """A build's palace by whom it houses ("the craftsman's palace"); a place a move is also named by still tells
    moves apart (China's ``up2``: see test_a_display_card_is_named_by_its_place)."""
    assert read("dragon", "en", "build", "One floor on the palace with the craftsman, one on the pyrotechnist's."
                ) == ["build +1 palace1 +1 palace2"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("ru", "молодого воина в первый дворец и молодого монаха во второй", ["start warrior palace1, monk palace2"]),
    ("en", "a young farmer in palace 1, a young scholar in palace 2", ["start farmer palace1, scholar palace2"]),
    ("en", "an old farmer in palace 1, a young scholar in palace 2", None),
])
def test_start_persons_are_young(language: str, text: str, means: list[str] | None) -> None:
    """A start's two persons are young tiles, said so part by part («молодого воина»); "old" fits no start."""
    if means is None:
        with pytest.raises(MoveError):
            read("dragon", language, "start", text)
    else:
        assert read("dragon", language, "start", text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Ugh, the Mongols. The young monk from palace 1 goes."),
    ("ru", "Опять монголы... молодой монах из первого дворца."),
    ("el", "Μογγόλοι πάλι: ο νεαρός μοναχός από το παλάτι 1."),
])
def test_an_event_named_in_passing_chooses_nothing(language: str, text: str) -> None:
    """The month's event said as the reason for a move («Опять монголы...») is read past, as a reason is; the
    move is what the rest of the line names."""
    assert read("dragon", language, "release", text) == ["release young monk palace1"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "privilege, 6 yuan", ["group 1 privilege large"]),
    ("ru", "привилегию за 2 юаня", ["group 1 privilege small"]),
    ("el", "προνόμιο με 6 γιουάν", ["group 1 privilege large"]),
    ("hu", "kiváltság 2 jüanért", ["group 1 privilege small"]),
])
def test_a_privilege_is_named_by_its_price(language: str, text: str, means: list[str]) -> None:
    """The price names the privilege ("for 6 yuan", «за 2 юаня»), the number read with the money's word; an
    ordinal never names a price ("group 1, the second card" is the harvest, below)."""
    assert read("dragon", language, "action", text) == means


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "The first card of group 3, please.", ["group 3 research"]),
    ("en", "group 1, the second card", ["group 1 harvest"]),
])
def test_an_action_is_named_by_its_cards_place_in_its_group(language: str, text: str, means: list[str]) -> None:
    """The mail lists each group's cards in order ("1: parade+harvest+privilege"): "the first card of group 3"
    is the card listed first there."""
    assert read("dragon", language, "action", text) == means


def test_a_phrase_opened_by_a_verb_of_choosing_is_read_as_choosing() -> None:
    """«veszek fel» ("I take on") is read whole as the phrase it is, and as «veszek» alone, a verb of choosing: it
    may stand for the move's verb or for nothing."""
    assert read("dragon", "hu", "person", "Az első palotába veszek fel egy öreg szerzetest.") == [
        "recruit old monk palace1"]


def test_the_word_most_left_is_matched_first_whatever_the_hash_order() -> None:
    """«adoszedo» once stands for both words of ``tax collector``, the move also named by its card: the
    optional second reading takes the word still left, so the reading does not depend on set order."""
    assert read("dragon", "hu", "person", "adoszedo az egyesbe") == ["recruit tax collector palace1"]


@pytest.mark.parametrize(("language", "state_name", "text", "means"), [
    ("en", "release", "Say goodbye to the older of my two monks.", ["release old monk palace1"]),
    ("ru", "person", "Старого земледельца — в первый из двух дворцов.", ["recruit old farmer palace1"]),
])
def test_a_count_of_the_group_chosen_from_chooses_nothing(language: str, state_name: str, text: str,
                                                          means: list[str]) -> None:
    """"the older of my two monks", «первый из двух дворцов»: the two counts the group, not a palace or a floor;
    «από έναν όροφο» ("one floor each") counts no group (see the test of a count before a floor)."""
    assert read("dragon", language, state_name, text) == means


def test_a_numbered_thing_may_say_number_before_its_number() -> None:
    """"palace number two", «дворец номер 2»: the option word between a thing and its number is read past."""
    assert read("dragon", "en", "start", "Both of them go into palace number two: a monk and a farmer.") == [
        "start monk palace2, farmer palace2"]


@pytest.mark.parametrize("text", ["Первый дворец плюс этаж, второй этаж в новый дворец",
                                  "A floor for the first palace, the second floor starts a new palace."])
def test_an_ordinal_is_no_count_of_floors(text: str) -> None:
    """"the first palace" names palace 1, never the build's "+1": a build it would make of the second palace is
    never played."""
    language = "ru" if "дворец" in text else "en"
    try:
        assert read("dragon", language, "build", text) == ["build +1 palace1 +1 new"]
    except MoveError:
        pass


def test_an_ordinal_counts_nothing_after_it() -> None:
    """«второй — новый дворец»: the second floor makes one new palace, never two new palaces counted by "second";
    «второй этаж», "the second floor", says which floor, no palace; «второй новый дворец» is asked about."""
    assert read("dragon", "ru", "build", "Один этаж на первый дворец, а второй этаж — новый дворец.") == [
        "build +1 palace1 +1 new"]
    with pytest.raises(AmbiguousMove):
        read("dragon", "ru", "build", "второй новый дворец")


def test_a_move_is_named_by_what_the_board_shows_of_its_thing_and_never_owes_it() -> None:
    """Words a game describes a move by (``Vocabulary.described``: a space's kind and competition, a marker's
    place, a possession's symbol, borough and value) read when said and are never owed when unsaid."""
    assert read("prodigals", "en", "errands", "The personal society space.") == ["place s-snub"]
    assert read("prodigals", "en", "errands", "Election set 2.") == ["place e-set2"]
    assert read("prodigals", "en", "hand", "Land Steward, and sell my Chelsea dog worth 4.") == [
        "use land-steward", "sell d3"]


def test_a_number_written_onto_a_word_numbers_that_thing_only() -> None:
    """``d4`` is the tile d4, never a possession worth 4 (d3 is a dog worth 4)."""
    assert read("prodigals", "en", "hand", "Land Steward, sell d4.") == ["use land-steward", "sell d4"]


def test_a_done_word_closing_a_line_is_the_games_move_of_ending_where_it_can_be_played() -> None:
    """"Finished." after a card played ends the turn; after an errand placement, where no move ends a turn, it
    stands for nothing."""
    assert read("prodigals", "en", "hand", "Lavish Dinner. Finished.") == ["play lavish-dinner", "done"]
    assert read("prodigals", "en", "errands", "Hyde Park. Finished.") == ["place e-hyde-park"]


def test_a_number_word_read_only_inside_a_cards_name_is_still_a_number() -> None:
    """English "two" is a number though ``two-faced`` is a card: the notation reads it only inside the name."""
    assert read("prodigals", "en", "errands", "Turn order space two, with the megaphones bonus tile.") == [
        "place turn-order-2", "bonus-tile e-megaphones"]


def test_a_word_of_a_names_form_stands_for_its_words_never_a_letter_or_an_article() -> None:
    """«t-lépések» is ``s-moves``: «lépések» is moves, never the letter s another space shares; «викария» of
    «Оскорбить викария» is the vicar, never the "the" of ``at-the-pub``."""
    from engine import meaning
    rules = engine.game("prodigals")
    hungarian, russian = words(rules, "hu"), words(rules, "ru")
    vocabulary = rules.NOTATION.VOCABULARY
    assert meaning._index(hungarian, vocabulary).concepts("lépések", hungarian) == {"moves"}
    assert "the" not in meaning._index(russian, vocabulary).concepts("викария", russian)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Swap purple for orange please"), ("ru", "меняю фиолетовую на оранжевую"),
    ("en", "take orange, give purple"), ("en", "the purple goes and I take the orange"),
])
def test_an_exchange_is_never_played_the_other_way_round(language: str, text: str) -> None:
    """The seat holds orange, not purple, and purple lies in the display: what the player gives and takes said
    the other way round (or by verbs the reader does not read) is never ``exchange orange for purple``."""
    try:
        assert read("china", language, "act", text) != ["exchange orange for purple"]
    except MoveError:
        pass


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Swap orange for purple please"), ("ru", "меняю оранжевую на фиолетовую"),
])
def test_an_exchange_said_in_the_notations_order_is_played(language: str, text: str) -> None:
    assert read("china", language, "act", text) == ["exchange orange for purple"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "the orange goes and I take the purple"), ("en", "Orange - discard it and take the purple one."),
    ("ru", "оранжевую сбрасываю и беру фиолетовую"),
])
def test_an_exchange_said_given_first_with_a_verb_of_one_side_is_played(language: str, text: str) -> None:
    """The card given said first and the one taken after it, a verb saying the side of either ("take", «беру»,
    "discard") and none the other side: the exchange is named, no "for" needed."""
    assert read("china", language, "act", text) == ["exchange orange for purple"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Both At the Pub cards go."), ("hu", "Mindkét At the Pub-ot eldobom."),
])
def test_a_count_of_a_card_held_twice_plays_both_never_one(language: str, text: str) -> None:
    """At the discard, "both" of a card held twice is two discards: the count is read before the name's own word
    (never its "the"), so one discard is never played for it though the seat could discard that card again."""
    assert read("prodigals", language, "discard", text) == ["discard at-the-pub", "discard at-the-pub"]


@pytest.mark.parametrize(("text", "means"), [
    ("Az At the Pub-ot eldobom.", ["discard at-the-pub"]), ("A Rude Remark-ot eldobom.", ["discard rude-remark"]),
])
def test_a_hungarian_case_ending_after_a_hyphen_goes_with_the_name(text: str, means: list[str]) -> None:
    """«Pub-ot»: the ending a Hungarian puts on a name written in English, after a hyphen, is no word of its own."""
    assert read("prodigals", "hu", "discard", text) == means


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Row of Shame now", ["play row-of-shame"]),
    ("en", "I keep Row of Shame for next round", ["order keep row-of-shame"]),
    ("en", "Keep Row of Shame.", ["order keep row-of-shame"]),  # a phrase is one thing: never two moves
    ("hu", "A Row of Shame-et megtartom", ["order keep row-of-shame"]),
    ("hu", "Row of Shame", ["play row-of-shame"]),
])
def test_a_card_named_alone_in_hand_is_played_never_kept(language: str, text: str, means: list[str]) -> None:
    """Keeping a card for the next round is an order the player says ("keep", «megtartom»); a card named with no
    verb is the card played now."""
    assert read("prodigals", language, "hand", text) == means
@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "Διαλέγω πολεμιστή και γιατρό: ο πολεμιστής στο παλάτι 2, ο γιατρός στο παλάτι 1.",
     ["start warrior palace2, healer palace1"]),
    ("en", "Monk and farmer: the monk in palace 2, the farmer in palace 1.", ["start monk palace2, farmer palace1"]),
])
def test_a_colon_opens_what_the_words_before_it_list(language: str, text: str, means: list[str]) -> None:
    """"X and Y: X in palace 2, Y in palace 1": the persons listed before the colon are the ones placed after it,
    each one person said twice, as across two sentences."""
    assert read("dragon", language, "start", text) == means


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Tax collector in the first palace.", ["recruit tax collector palace1"]),
    ("en", "The Court Lady, in my first palace.", ["recruit court lady palace1"]),
])
def test_a_thing_of_two_words_is_matched_word_by_word(language: str, text: str, means: list[str]) -> None:
    """"tax collector" is two words each of which may stand for either word of the thing; matched as ``tax`` and
    ``collector``, the recruit is named wholly (its card, ``play tax collector card``, owes nothing), not left
    asking whether the wild card was meant."""
    assert read("dragon", language, "person", text) == means


@pytest.mark.parametrize(("language", "text", "means"), [
    ("hu", "Egy új, kétszintes palotát építek.", ["build +2 new"]),
    ("ru", "Строю новый двухэтажный дворец.", ["build +2 new"]),
    ("el", "Χτίζω ένα νέο διώροφο παλάτι.", ["build +2 new"]),
    ("el", "Με τους δύο ορόφους χτίζω νέο παλάτι, διώροφο.", ["build +2 new"]),  # one count said twice
    ("hu", "A két új emeletből egy új, kétszintes palota.", ["build +2 new"]),  # the floors are new, one palace
])
def test_a_count_of_floors_written_in_one_word_is_the_builds_floors(language: str, text: str,
                                                                   means: list[str]) -> None:
    """«kétszintes», «двухэтажный», «διώροφο»: a count prefix and a floor in one word, read as "2 floors"."""
    assert read("dragon", language, "build", text) == means


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "One floor on palace 1, and start a new palace with one floor.", ["build +1 palace1 +1 new"]),
    ("hu", "Az első palotára egy emelet, és kezdek egy új palotát.", ["build +1 palace1 +1 new"]),
    ("ru", "Этаж на первый дворец, и начинаю новый дворец.", ["build +1 palace1 +1 new"]),
])
def test_a_new_palace_is_begun_by_a_start_verb(language: str, text: str, means: list[str]) -> None:
    """"start a new palace", «kezdek egy új palotát»: the start verb names a build's new palace in the build phase."""
    assert read("dragon", language, "build", text) == means


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "One of the old monks into the second palace.", ["recruit old monk palace2"]),
    ("ru", "Одного из старых монахов во второй дворец.", ["recruit old monk palace2"]),
    ("ru", "Otpuskayu odnu iz pridvornyh dam", ["release court lady palace2"]),
])
def test_one_of_a_group_names_the_one_the_words_after_it_name(language: str, text: str, means: list[str]) -> None:
    """"one of the old monks", «одну из дам»: "one" there counts nothing the move says; the monks are named."""
    name = "release" if "Otpuskayu" in text else "person"
    assert read("dragon", language, name, text) == means


@pytest.mark.parametrize(("text", "means"), [
    ("Kézműves az 1. palotába, harcos a 2. palotába.", ["start craftsman palace1, warrior palace2"]),
    ("Egy tudós és egy szerzetes, mindketten a 2. palotába.", ["start monk palace2, scholar palace2"]),
])
def test_a_hungarian_number_with_a_dot_is_an_ordinal(text: str, means: list[str]) -> None:
    """«a 2. palotába» is "into the second palace": the dot ends no sentence, the number names the palace."""
    assert read("dragon", "hu", "start", text) == means


def test_an_ordinal_before_a_counted_thing_numbers_that_thing() -> None:
    """«a harmadik csoport első kártyája»: the third is the group's, the first the card's; never the first group's
    third card."""
    assert read("dragon", "hu", "action", "A harmadik csoport első kártyáját kérem.") == ["group 3 research"]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Lu 3 with my orange, draw deck", ["play orange", "lu: pagoda 3", "draw deck"]),
    ("en", "Zhao: pagoda 4 with the orange card, then the deck", ["play orange", "zhao: pagoda 4", "draw deck"]),
    ("hu", "Pagodát Csibe a 3-as helyre, sárgával, aztán pakli", ["play yellow", "qi: pagoda 3", "draw deck"]),
])
def test_the_cards_said_after_the_pieces_they_pay_for_are_played_first(
        language: str, text: str, means: list[str]) -> None:
    """China's cards (``Vocabulary.said_after``) said after the placement they pay for are the turn's play."""
    assert read("china", language, "act", text) == means


@pytest.mark.parametrize("text", ["Lu 3, draw orange", "Lu 3, then the orange from the display"])
def test_a_card_drawn_is_never_taken_for_the_play_the_line_leaves_unsaid(text: str) -> None:
    """A colour said only as the card drawn is no play: moved first, the draw is left unsaid."""
    with pytest.raises(MoveError):
        read("china", "en", "act", text)


def test_a_hungarian_name_with_a_case_ending_is_the_name_its_stem_shares_with_no_other() -> None:
    """«Csibe» is Qi's «csi» with "into", though Ch'in's «csin» stems to «csi» too."""
    from engine import meaning
    rules = engine.game("china")
    hungarian = words(rules, "hu")
    assert meaning._index(hungarian, rules.NOTATION.VOCABULARY).concepts("Csibe", hungarian) == {"qi"}


@pytest.mark.parametrize("text", [
    "Su két bábu: pagoda a 4-esre, plusz egy követ, a két pirossal; aztán két lap a pakliból.",
])
def test_a_count_of_what_a_colon_lists_numbers_no_site(text: str) -> None:
    """«Su két bábu: …» counts the pieces listed after the colon; it is no site 2 of Shu."""
    assert read("china", "hu", "court", text) == [
        "play red red", "shu: pagoda 4", "shu: emissary", "draw deck", "draw deck"]


@pytest.mark.parametrize(("text", "means"), [
    ("A sárga helyett a lilát kérem.", ["exchange yellow for purple"]),
    ("A piros helyett a narancsot kérem, cserével.", ["exchange red for orange"]),
])
def test_a_word_of_choosing_the_catalog_gives_as_the_exchanges_for_is_read_as_it(text: str, means: list[str]) -> None:
    """«X helyett Y» ("Y instead of X") is China's Hungarian "for": X given, Y taken; elsewhere it still blocks."""
    assert read("china", "hu", "act", text) == means


@pytest.mark.parametrize("text", ["A narancsot kérem a piros helyett.", "Narancsot a piros helyett."])
def test_an_instead_said_the_other_way_round_is_never_played(text: str) -> None:
    """The card taken said before «helyett» is never read as given: ``exchange orange for red`` is legal too."""
    with pytest.raises(MoveError):
        read("china", "hu", "act", text)


@pytest.mark.parametrize(("text", "means"), [
    ("narancs, Lu 3, aztan a pakli", ["play orange", "lu: pagoda 3", "draw deck"]),  # «aztán» typed unaccented
    ("narancs, Lu 3, aztán a lilát veszem fel", ["play orange", "lu: pagoda 3", "draw purple"]),  # «fel»: the verb's
])
def test_a_hungarian_small_word_without_accents_and_a_verbs_particle_choose_nothing(
        text: str, means: list[str]) -> None:
    assert read("china", "hu", "act", text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "My reds as a joker for Han 2, then deck and deck"),
    ("ru", "Красные как джокер в Хань 2, потом колода и колода"),
    ("en", "Joker: Han 2, then deck and deck"),  # the one pair held
])
def test_a_pair_played_is_named_by_the_rulebooks_joker(language: str, text: str) -> None:
    assert read("china", language, "court", text) == ["play red red", "han: pagoda 2", "draw deck", "draw deck"]


def test_a_joker_of_a_colour_held_once_is_never_played() -> None:
    with pytest.raises(MoveError):
        read("china", "en", "court", "Yellow joker for Han 2")


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "беру самую правую открытую карту"), ("en", "The rightmost face-up card"), ("el", "Την πιο δεξιά ανοιχτή"),
])
def test_the_face_up_card_furthest_right_is_named_by_its_side(language: str, text: str) -> None:
    assert read("china", language, "draw", text) == ["draw orange"]


def test_an_english_right_of_a_sentence_names_no_display_card() -> None:
    """"right next to" is no "the one on the right": English reads only "rightmost" as that card."""
    assert read("china", "en", "envoy", "Pagoda on Shu 2, right next to mine.") == ["shu: pagoda 2"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Play red red, Shu 2 and Shu 4, draw deck twice"),
    ("ru", "Играю две красные, Шу 2 и Шу 4, беру из колоды дважды"),
    ("hu", "Két pirosat játszom, Su 2 és Su 4, aztán kétszer a pakliból"),  # before the thing, as a count
])
def test_a_word_saying_twice_says_the_thing_again(language: str, text: str) -> None:
    assert read("china", language, "court", text) == [
        "play red red", "shu: pagoda 2", "shu: pagoda 4", "draw deck", "draw deck"]


def test_twice_with_no_thing_chooses_none() -> None:
    with pytest.raises(AmbiguousMove):
        read("china", "en", "court", "Play red red, Shu 2 and Shu 4, draw twice")


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Lavish Dinner, that's it, done."),
    ("hu", "Lavish Dinner, kész, végeztem."),
    ("ru", "Играю «Роскошный ужин», готово, всё."),
])
def test_the_turns_end_said_twice_ends_it_once(language: str, text: str) -> None:
    """Two done words in a line («kész, végeztem») end the turn once: the turn has one end."""
    assert read("prodigals", language, "hand", text) == ["play lavish-dinner", "done"]


def test_a_russian_done_word_typed_in_latin_letters_ends_the_turn() -> None:
    """"vsyo" is «всё», its «ё» typed "yo": the turn ended, not the card «Всё дозволено» (Anything Goes)."""
    assert read("prodigals", "ru", "hand", "Igraju Roskoshnyj uzhin, vsyo") == ["play lavish-dinner", "done"]


@pytest.mark.parametrize(("language", "state_name", "text", "means"), [
    ("hu", "errands3", "Csere mezőre teszek (swap).", ["place p-swap"]),
    ("ru", "errands", "Скандал (s-scandal).", ["place s-scandal"]),
])
def test_a_bracket_naming_a_word_of_its_part_again_names_it_once(language: str, state_name: str, text: str,
                                                                  means: list[str]) -> None:
    """A space's name with its printed or notation name in brackets is one space, not two things."""
    assert read("prodigals", language, state_name, text) == means


def test_a_word_of_a_form_of_several_stands_for_its_own_notation_word() -> None:
    """«вниз» of «вниз-влево» (down-left) is only ``down``: "lady 2 down" is never down-left or left too."""
    assert read("prodigals", "ru", "errands", "Скандал: дама 2 вниз, джентльмен 1 вниз, джентльмен 2 вниз.") == [
        "place s-scandal", "move lady2 down", "move gent1 down", "move gent2 down"]


def test_one_step_is_the_move_of_one_step() -> None:
    """«на одну клетку» ("by one square") says what a move down is; it counts no other move."""
    assert read("prodigals", "ru", "errands", "Личное поле в обществе и верхнего джентльмена на одну клетку вниз.") == [
        "place s-snub", "move gent1 down"]


def test_a_name_of_three_words_for_two_notation_words_and_a_filler_is_read_whole() -> None:
    """«Восхваление работного дома» names Praise the Workhouse: three words, none of them its "the"."""
    assert read("prodigals", "ru", "errands3", "Хочу «Восхваление работного дома».") == ["place e-set2"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Of my two At the Pub cards I discard one."),
    ("ru", "Из двух «В пабе» одну сбрасываю."),
])
def test_one_of_a_group_counted_is_the_one_chosen(language: str, text: str) -> None:
    assert read("prodigals", language, "discard", text) == ["discard at-the-pub"]


def test_a_bonus_tile_is_named_by_what_it_does() -> None:
    """The tile of two society moves down, said by its effect («два хода вниз в обществе»)."""
    assert read("prodigals", "ru", "errands", "Очередь хода 2, бонус: два хода вниз в обществе.") == [
        "place turn-order-2", "bonus-tile s-moves"]


def test_a_verb_of_laying_out_is_a_placement_on_the_board_too() -> None:
    """«Выкладываю … на планшет»: the verb and the board, one board move."""
    assert read("prodigals", "ru", "hand", "Выкладываю «Грозу тори» на планшет.") == ["board tory-baiter"]


def test_a_hungarian_ending_that_is_a_move_word_goes_before_the_tile_it_ends() -> None:
    """«a pt4-ért» is "for pt4": the exchange gives e1 and takes pt4, in the notation's order."""
    assert read("prodigals", "hu", "errands3", "Csere mezőre teszek, az e1-et adom a pt4-ért.") == [
        "place p-swap", "exchange e1 for pt4"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "gent 1 up, no more for lady 1"), ("en", "no more for lady 1; gent 1 up"),
    ("en", "done with gent 1, lady 2 up"), ("en", "gent 1 up, done, lady 1 stays"),
    ("hu", "1-es úriember fel, ennyi, a hölgy 1 marad"), ("el", "Ο κύριος 1 πάνω, τέλος, η κυρία 1 μένει."),
    ("ru", "Джентльмен 1 вверх, дама 1 остаётся."),
])
def test_a_done_word_before_things_named_is_never_read_past(language: str, text: str) -> None:
    """A done word with things named after it may be what keeps them from moving ("no more for lady 1"), and
    "stays", «marad», «μένει», «остаётся» say a thing does not move: nothing of such a line is played."""
    with pytest.raises(MoveError):
        read("prodigals", language, "actions", text)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "At the end of the round I keep Leapfrog."), ("el", "Στο τέλος κρατάω το Leapfrog."),
])
def test_the_end_a_place_word_puts_a_thing_at_is_a_time(language: str, text: str) -> None:
    """"at the end of the round": when the card is kept, no end of the turn."""
    assert read("prodigals", language, "hand", text) == ["order keep leapfrog"]


@pytest.mark.parametrize(("language", "text", "times"), [
    ("en", "Rude Remark: top gentleman three steps down.", 3),
    ("en", "Rude Remark: top gentleman three times down.", 3),
    ("ru", "«Грубое замечание»: первый джентльмен три раза вниз.", 3),
    ("hu", "Rude Remark: a felső úriember háromszor le.", 3),
    ("el", "Rude Remark: ο πρώτος κύριος δύο φορές κάτω.", 2),
])
def test_a_step_counted_is_the_same_move_made_again(language: str, text: str, times: int) -> None:
    """"three steps down": the one marker moved down three times, never another marker the later downs leave
    unsaid."""
    assert read("prodigals", language, "hand", text) == ["play rude-remark", *["move gent1 down"] * times]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Throw away both At the Pub cards"),
    ("hu", "Mindkét At the Pub lapot eldobom."),
    ("el", "Πετάω και τα δύο Στην Παμπ."),
])
def test_both_of_a_card_held_twice_are_both_copies(language: str, text: str) -> None:
    assert read("prodigals", language, "discard", text) == ["discard at-the-pub", "discard at-the-pub"]


def test_both_copies_played_together_are_the_group_and_twice_is_asked_about() -> None:
    """"both At the Pubs" is the one play of the pair (``x2``); "At the Pub twice" may be that or two plays of
    one, which the legal moves both allow: asked, never guessed."""
    assert read("prodigals", "en", "hand", "Play both At the Pubs.") == ["play at-the-pub x2"]
    with pytest.raises(AmbiguousMove) as asked:
        read("prodigals", "en", "hand", "Play At the Pub twice.")
    assert {"play at-the-pub x2", "play at-the-pub; play at-the-pub"} <= set(asked.value.suggestions)


def test_a_count_before_a_small_word_counts_nothing() -> None:
    """«στη θέση 1 της σειράς»: the 1 numbers the turn-order space; «της» is no step it could count."""
    assert read("prodigals", "el", "errands", "Στέλνω έναν βοηθό στη θέση 1 της σειράς.") == ["place turn-order-1"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Discard both At the Pubs, then Leapfrog."),
    ("ru", "Сбрасываю оба «В пабе», потом «Чехарду»."),
])
def test_a_count_read_as_its_copies_leaves_no_count_unread(language: str, text: str) -> None:
    """"both" read as the two copies it counts is no count passed over: the discards it names are played though
    the seat owes more."""
    assert read("prodigals", language, "discard", text) == ["discard at-the-pub", "discard at-the-pub",
                                                           "discard leapfrog"]


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "hand", "My dog - sell it with the bonus tile.", ["bonus p-sell", "sell d3"]),
    ("en", "errands3", "The Westminster horse – to the auction.", ["place p-auction", "sell e3"]),
    ("ru", "errands3", "Лошадь из Вестминстера — на аукцион.", ["place p-auction", "sell e3"]),
])
def test_a_thing_named_before_a_dash_is_what_the_words_after_it_do(language: str, name: str, text: str,
                                                                     means: list[str]) -> None:
    assert read("prodigals", language, name, text) == means


def test_two_moves_either_side_of_a_dash_are_never_turned_round() -> None:
    from engine.meaning import _thing_first
    rules = engine.game("prodigals")
    said = words(rules, "en")
    assert _thing_first("play Leapfrog – jump lady 1", said, rules.NOTATION.VOCABULARY) is None
    assert _thing_first("My dog - sell it", said, rules.NOTATION.VOCABULARY) is not None


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Discard Lavsh Dinner", ["discard lavish-dinner"]),  # one word of the name mistyped
    ("en", "Discard Lavish Diner", ["discard lavish-dinner"]),  # a word of the language, yet the name says which
    ("ru", "Сбрасываю «Роскошный ужн»", ["discard lavish-dinner"]),  # a slip too short to be read alone
])
def test_a_name_of_several_words_with_one_mistyped_is_that_name(language: str, text: str, means: list[str]) -> None:
    assert read("prodigals", language, "discard", text) == means


def test_a_mistyped_name_with_a_case_ending_is_that_name() -> None:
    assert read("prodigals", "hu", "discard", "A Leapfrgoot dobom el.") == ["discard leapfrog"]  # «-ot» after a slip


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "action", "The parade, if possible.", "group 1 parade"),
    ("en", "person", "If possible, an old farmer into palace 2.", "recruit old farmer palace2"),
    ("el", "action", "Αν γίνεται, την έρευνα από την τρίτη ομάδα.", "group 3 research"),
    ("hu", "person", "Ha lehetséges, egy idős harcost a 2. palotába.", "recruit old warrior palace2"),
    ("hu", "action", "A második csoportból az adót kérem, ha lehet.", "group 2 tax"),
    ("ru", "action", "Если можно, фейерверк из третьей группы.", "group 3 fireworks"),
    ("ru", "person", "Старого земледельца во второй дворец, если можно.", "recruit old farmer palace2"),
])
def test_if_possible_set_apart_is_a_courtesy(language: str, name: str, text: str, means: str) -> None:
    """", if possible,", «, ha lehet,»: a courtesy said as a condition asks nothing of the move."""
    assert read("dragon", language, name, text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Parade, if possible, else tax."),  # a fallback after it: the first choice is no courtesy
    ("hu", "Díszszemle, ha lehet, különben adó."),
    ("en", "Parade if you can, else tax."),  # never the fallback while the first choice is unread
    ("en", "Parade, if possible. Otherwise tax."),
    ("en", "if possible, not the parade"),
    ("en", "Parade if possible"),  # not set apart: the condition word still stops the line
])
def test_a_condition_with_a_fallback_is_never_played_as_the_fallback(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "action", text)


@pytest.mark.parametrize(("name", "text", "means"), [
    ("start", "Kezdő embereim: földműves az 1. palotába, tudós a 2. palotába.", "start farmer palace1, scholar palace2"),
    ("start", "Embereim: egy harcos és egy orvos, mindketten az első palotába.", "start warrior palace1, healer palace1"),
    ("person", "A palotáim közül a másodikba egy idős orvos megy.", "recruit old healer palace2"),
    ("person", "A jokert használom: idős földműves az 1. palotába.", "recruit old farmer palace1 with wild"),
    ("person", "Jokert használva fiatal tudóst kérek a második palotába.", "recruit young scholar palace2 with wild"),
    ("person", "A jokert hsználom, idős harcos a 2-es palotába.", "recruit old warrior palace2 with wild"),
    ("person", "Behívok egy udvarhölgyet az első palotámba.", "recruit court lady palace1"),
    ("person", "Hívjuk be az idős szerzetest a 2. palotába.", "recruit old monk palace2"),
])
def test_hungarian_my_persons_using_the_joker_and_calling_in(name: str, text: str, means: str) -> None:
    """«embereim», «palotáim» (my persons, my palaces) are words of the language; «használva» (using) is a verb of
    choosing, mistyped too; «behívok», «hívjuk be» (call in) recruit."""
    assert read("dragon", "hu", name, text) == [means]


@pytest.mark.parametrize(("text", "means"), [
    ("Γεωργός και μοναχός, και οι δύο στο πρώτο παλάτι.", "start monk palace1, farmer palace1"),
    ("Στρατιώτη και γιατρό, στο δεύτερο παλάτι και τους δυο.", "start warrior palace2, healer palace2"),
    ("Monaxo kai daskalo, kai oi dyo sto palati 2", "start monk palace2, scholar palace2"),  # typed in Latin letters
    ("Και οι δύο στο παλάτι 1: ένας τεχνίτης και μια κυρία της αυλής.", "start craftsman palace1, court lady palace1"),
    ("Θέλω έναν εφοριακό και έναν αγρότη, και τους δύο μαζί στο πρώτο.", "start tax collector palace1, farmer palace1"),
])
def test_greek_both_said_in_three_words(text: str, means: str) -> None:
    """«και οι δύο», «και τους δύο» ("and the two"): Greek's "both", read as «αμφότεροι» is."""
    assert read("dragon", "el", "start", text) == [means]


@pytest.mark.parametrize(("name", "text"), [
    ("start", "Γεωργός και μοναχός, και οι δύο όχι στο πρώτο παλάτι."),
    ("start", "Γεωργός και μοναχός, και οι δύο στο πρώτο ή στο δεύτερο παλάτι."),
    ("start", "Γεωργός στο πρώτο και οι δύο μοναχοί στο δεύτερο."),
    ("person", "Παίρνω έναν γέρο πολεμιστή, και τους δύο στο παλάτι 1."),  # one person: "both" tells nothing
])
def test_greek_both_never_plays_a_negation_a_choice_or_one_person_for_two(name: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", "el", name, text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("ru", "Привилегию за шесть юаней, пожалуйста.", "group 1 privilege large"),
    ("ru", "Беру привилегию за два юаня из первой группы.", "group 1 privilege small"),
    ("en", "The privilege for six yuan please.", "group 1 privilege large"),
    ("el", "Το προνόμιο των έξι γιουάν.", "group 1 privilege large"),
])
def test_a_number_word_sharing_an_ordinals_stem_is_a_count(language: str, text: str, means: str) -> None:
    """«шесть» (six) stems as «шестой» (sixth) does: a price, never "the sixth yuan", which chose nothing."""
    assert read("dragon", language, "action", text) == [means]


def test_a_price_that_contradicts_the_size_is_never_played() -> None:
    with pytest.raises(MoveError):
        read("dragon", "ru", "action", "Большую привилегию за два юаня.")
@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "If Dame Beatrice needs a marker moved up, use the lower gentleman.", ["order up gent2"]),
    ("en", "Use the lower gentleman if Dame Beatrice needs a marker moved up.", ["order up gent2"]),
    ("en", "lower gentleman up if needed", ["order up gent2"]),
    ("en", "If Beatrice asks, the lady on the right first, then the top gentleman. Done.",
     ["order up lady2", "order up gent1", "done"]),
    ("el", "Αν χρειαστεί, ο πρώτος κύριος ανεβαίνει.", ["order up gent1"]),
    ("el", "Ο δεύτερος κύριος αν χρειαστεί.", ["order up gent2"]),
    ("hu", "A második hölgy, ha kell.", ["order up lady2"]),
    ("hu", "Ha kell, az első úriember megy fel.", ["order up gent1"]),
    ("ru", "Если придётся поднимать, то джентльмена 1.", ["order up gent1"]),
])
def test_a_condition_restating_the_order_for_dame_beatrice_is_that_order(language: str, text: str,
                                                                         means: list[str]) -> None:
    """The order for Dame Beatrice is a decision for a case that may come: "if she needs a marker up" says that
    decision again, so the line is the order it names."""
    assert read("prodigals", language, "actions", text) == means


@pytest.mark.parametrize(("name", "text"), [
    ("hand", "If Beatrice moves the top gentleman, play Insult the Vicar"),  # the condition gates a play
    ("hand", "Play Insult the Vicar if Beatrice needs a marker up"),
    ("hand", "play at the pub if possible"),
    ("actions", "If Dame Beatrice moves my lower gentleman, done"),  # the case, then another move
    ("actions", "If Dame Beatrice needs a marker up, not the lower gentleman"),
    ("actions", "the top gentleman up, if not the lower lady"),
    ("actions", "if the lower gentleman is stuck, the top lady"),
    ("actions", "If the lower gentleman can't, the top lady"),
    ("actions", "if Beatrice moves lady 1 up, gent 2 up"),
])
def test_a_condition_gating_another_move_is_never_read(name: str, text: str) -> None:
    """"if" stays a block wherever the condition is not the order decision said again."""
    with pytest.raises(MoveError):
        read("prodigals", "en", name, text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "Αν χρειαστεί να ανέβει δείκτης, ανεβάστε τη δεύτερη κυρία.", ["order up lady2"]),
    ("el", "Αν η Beatrice ζητήσει, ανεβαίνει η πρώτη κυρία.", ["order up lady1"]),
    ("el", "Για την Κυρία Beatrice: η δεύτερη κυρία, μετά ο πρώτος κύριος. Τέλος.",
     ["order up lady2", "order up gent1", "done"]),
    ("ru", "Если Беатриса заставит поднять фишку, поднимите вторую даму.", ["order up lady2"]),
    ("ru", "Первая дама, если понадобится.", ["order up lady1"]),
    ("ru", "Для Дамы Беатрисы: сначала вторая дама, потом первый джентльмен. Всё.",
     ["order up lady2", "order up gent1", "done"]),
    ("hu", "Beatrice Asszonynak: először a második hölgy, aztán az első úriember. Ennyi.",
     ["order up lady2", "order up gent1", "done"]),
    ("en", "For Dame Beatrice: the second lady, then the first gentleman. Done.",
     ["order up lady2", "order up gent1", "done"]),
])
def test_an_ordinal_before_a_persons_word_numbers_that_person(language: str, text: str, means: list[str]) -> None:
    """«δεύτερη κυρία», «вторая дама»: the second lady, never a gentleman with the lady's word read as the Dame of
    Dame Beatrice, whose name begins with it in Greek and Russian."""
    assert read("prodigals", language, "actions", text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("el", "όχι η δεύτερη κυρία"), ("ru", "вторая дама, а не первая"), ("en", "the second lady instead of the first"),
    ("en", "second lady, first lady, not the second gentleman"),
])
def test_an_ordinal_beside_a_negation_is_never_read(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("prodigals", language, "actions", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "Πάω στο Scandal. Η δεύτερη κυρία μία θέση κάτω, μετά ο πρώτος κύριος κάτω.",
     ["place s-scandal", "move lady2 down", "move gent1 down"]),
    ("en", "Scandal space: the second lady down, then the first gentleman down.",
     ["place s-scandal", "move lady2 down", "move gent1 down"]),
])
def test_society_moves_of_persons_named_by_ordinals(language: str, text: str, means: list[str]) -> None:
    assert read("prodigals", language, "errands", text) == means


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Palace 1: pyrotechnist. Palace 2: healer.", ["start pyrotechnist palace1, healer palace2"]),
    ("en", "palace 2: monk; palace 1: farmer", ["start monk palace2, farmer palace1"]),
    ("ru", "Дворец 1: пиротехник, дворец 2: лекарь", ["start pyrotechnist palace1, healer palace2"]),
    ("el", "Παλάτι 2: μοναχός. Παλάτι 1: αγρότης.", ["start monk palace2, farmer palace1"]),
    ("hu", "1. palota: pirotechnikus, 2. palota: orvos", ["start pyrotechnist palace1, healer palace2"]),
    ("en", "Both of them go into palace 2: a monk and a farmer.", ["start monk palace2, farmer palace2"]),
])
def test_a_palaces_label_before_a_colon_names_what_goes_there(language: str, text: str, means: list[str]) -> None:
    """"Palace 1: X. Palace 2: Y." pairs each label with what follows its colon, never X with the next label."""
    assert read("dragon", language, "start", text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Palace 1: pyrotechnist and healer. Palace 2: nothing."),  # nothing in palace 2: no start
    ("en", "Palace 1: not the pyrotechnist. Palace 2: healer."),
    ("en", "Palace 1: pyrotechnist or healer"),
])
def test_a_palaces_label_never_plays_a_start_it_does_not_say(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "start", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "a young farmer, because of the drought", ["recruit young farmer palace1"]),
    ("en", "I'd like an old healer for the festival", ["recruit old healer palace1"]),
    ("el", "Γεια! Έναν γέρο γιατρό παρακαλώ", ["recruit old healer palace1"]),
    ("ru", "Привет, старого лекаря", ["recruit old healer palace1"]),
    ("hu", "Sziasztok, egy idős orvost kérek a járvány miatt", ["recruit old healer palace1"]),
    ("en", "old healer with the wild card", ["recruit old healer palace1 with wild"]),
    ("en", "an old healer for the second palace", ["recruit old healer palace2"]),
])
def test_a_person_said_with_words_around_takes_the_palace_the_notation_implies(language: str, text: str,
                                                                               means: list[str]) -> None:
    """Two alike palaces: the notation reads "recruit old healer" as one move, and a reply saying the same with
    a greeting or a reason around it is that move too (not asked which palace)."""
    assert read("dragon", language, "person", text) == means


def test_a_person_is_asked_about_where_the_palaces_differ_and_none_is_said() -> None:
    from tests.dragon.scenario import court, month_one, person_phase
    rules = engine.game("dragon")
    position = person_phase(month_one(3, 1))
    court(position, position.actor, (2, ["craftsman"]), (2, []))  # the palaces differ: which one matters
    with pytest.raises((AmbiguousMove, MoveError)):
        rules.read("an old healer, with the festival coming", rules.clone(position), position.actor,
                   words(rules, "en"))


@pytest.mark.parametrize(("language", "text"), [
    ("el", "Δεν κάνω τίποτα αυτόν τον μήνα, πάσο."), ("el", "δεν παίρνω τίποτα"),
    ("hu", "Most nem csinálok semmit, passz."), ("hu", "semmit nem választok"),
    ("ru", "В этом месяце ничего не делаю, пас."), ("ru", "ничего не беру"),
])
def test_a_negation_saying_nothing_with_a_nothing_word_is_a_pass(language: str, text: str) -> None:
    """Greek, Hungarian and Russian say "nothing" with a negation and a "nothing" word together."""
    assert read("dragon", language, "action", text) == ["pass"]


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "не беру урожай, ничего"), ("ru", "не пас, ничего"), ("ru", "ничего, не пас"),
    ("el", "Δεν κάνω τίποτα, συγκομιδή"), ("ru", "ничего не делаю, беру урожай"),
    ("hu", "nem aratok, semmit"),
])
def test_a_negation_apart_from_its_nothing_word_still_refuses(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "action", text)


def test_nothing_said_twice_is_never_a_release_where_one_is_owed() -> None:
    with pytest.raises(MoveError):
        read("dragon", "ru", "release", "ничего не отпускаю")


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Harvest - we need rice before the drought.", ["group 1 harvest"]),
    ("en", "I want the big privilege, for the points", ["group 1 privilege large"]),
    ("en", "the little privilege please", ["group 1 privilege small"]),
    ("el", "Συγκομιδή, γιατί χρειάζομαι ρύζι", ["group 1 harvest"]),
    ("hu", "Aratás, mert kell a rizs", ["group 1 harvest"]),
    ("hu", "A pontok miatt a nagy kiváltságot veszem", ["group 1 privilege large"]),
    ("ru", "Сбор урожая, потому что нужен рис", ["group 1 harvest"]),
    ("ru", "Налоги ради денег", ["group 2 tax"]),
])
def test_what_a_move_is_for_is_read_past(language: str, text: str, means: list[str]) -> None:
    """Rice, money and points named as the reason for a move choose nothing ("harvest, we need rice")."""
    assert read("dragon", language, "action", text) == means


@pytest.mark.parametrize(("language", "text"), [
    ("en", "rice"), ("en", "take the rice"), ("ru", "беру рис"), ("en", "a big privilege or the small one"),
    ("en", "big and small privilege"),
])
def test_a_reason_alone_names_no_move(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "action", text)


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "person", "An experienced healer, please.", ["recruit old healer palace1"]),
    ("en", "person", "a veteran monk for me", ["recruit old monk palace1"]),
    ("hu", "person", "Egy tapasztalt orvost kérek, köszi", ["recruit old healer palace1"]),
    ("ru", "person", "Опытного лекаря, спасибо", ["recruit old healer palace1"]),
    ("ru", "person", "опытный воин", ["recruit old warrior palace1"]),
    ("en", "action", "Gonna take the big privilege", ["group 1 privilege large"]),
    ("en", "build", "Put one floor on every palace.", ["build +1 palace1 +1 palace2"]),
])
def test_a_level_or_size_in_other_words(language: str, name: str, text: str, means: list[str]) -> None:
    assert read("dragon", language, name, text) == means


@pytest.mark.parametrize(("name", "text"), [
    ("person", "an experienced healer or a young one"), ("person", "not an experienced healer"),
    ("person", "an experienced young healer"), ("action", "the big or the little privilege"),
])
def test_a_level_or_size_in_other_words_never_plays_a_choice(name: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", "en", name, text)
def test_the_for_inside_a_name_is_never_a_choice_left_unsaid() -> None:
    """The notation's word between what is given and taken ("for") tells no move apart, also inside a card's
    name: "Champagne for Everyone" is that card's play, not a choice of its left unsaid."""
    assert read("prodigals", "en", "hand", "Champagne for Everyone") == ["play champagne-for-everyone"]
    assert read("prodigals", "ru", "hand", "Играю «Шампанское для всех»")[0] == "play champagne-for-everyone"


@pytest.mark.parametrize("text", ["Champagne for Everyone plus two A Little More Time",
                                  "Champagne for Everyone, A Little More Time twice"])
def test_a_counted_name_of_several_words_is_never_one_thing(text: str) -> None:
    """Two copies of a name of several words (one A Little More Time held) never split the name's words between
    them and read as the one card."""
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", "hand", text)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "young warrior into palace 1 without the wild card"),
    ("el", "νεαρό πολεμιστή στο παλάτι 1 χωρίς μπαλαντέρ"),
    ("hu", "fiatal harcost az 1. palotába joker nélkül"),
    ("ru", "молодого воина во дворец 1 без джокера"),
])
def test_without_is_a_negation_never_the_thing_it_leaves_out(language: str, text: str) -> None:
    """"without the wild card" names the wild card: passed over as a small word, "without" played the recruit
    *with* the wild; it is a negation, so the line is refused and nothing is played."""
    with pytest.raises(MoveError):
        read("dragon", language, "person", text)


@pytest.mark.parametrize("text", ["sell my dog", "I sell my dog with the Land Steward"])
def test_a_sale_two_means_could_make_spends_neither_unsaid(text: str) -> None:
    """Land Steward on the board sells as the selling bonus tile does: "sell my dog" named the tile alone, and
    "… with the Land Steward" spent the tile, sold, then used the card too. The tile is never the unsaid means."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "en", "hand", text)


@pytest.mark.parametrize(("text", "means"), [
    ("Land Steward: sell the dog", ["use land-steward", "sell d3"]),
    ("use the Land Steward to sell the dog", ["use land-steward", "sell d3"]),
    ("bonus tile: sell the dog", ["bonus p-sell", "sell d3"]),
])
def test_a_sale_by_its_named_means_is_played(text: str, means: list[str]) -> None:
    assert read("prodigals", "en", "hand", text) == means


@pytest.mark.parametrize("text", ["an old healer into the other palace", "an old healer into a palace"])
def test_a_palace_said_without_which_is_never_the_one_the_notation_implies(text: str) -> None:
    """"an old healer" is the notation's own ``recruit old healer`` (the palace the state implies); a line that says
    a palace but not which one asks for a palace of its own, so the implied one is never played for it."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("dragon", "en", "person", text)


def test_a_person_said_alone_is_the_notations_own_recruit() -> None:
    assert read("dragon", "en", "person", "Hi, an old healer please") == ["recruit old healer palace1"]


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "start", "healer 2, warrior 1", ["start warrior palace1, healer palace2"]),
    ("en", "start", "Monk 1 and scholar 2 please", ["start monk palace1, scholar palace2"]),
    ("en", "start", "tax collector 2, craftsman 2", ["start craftsman palace2, tax collector palace2"]),
    ("en", "person", "old healer 2", ["recruit old healer palace2"]),
    ("en", "release", "court lady 2", ["release court lady palace2"]),
    ("el", "start", "μοναχός 2, λόγιος 1", ["start monk palace2, scholar palace1"]),
    ("el", "start", "πολεμιστής 1 - αγρότης 2", ["start warrior palace1, farmer palace2"]),
    ("el", "person", "γέρος θεραπευτής 2", ["recruit old healer palace2"]),
    ("hu", "start", "szerzetes 2 és harcos 1", ["start warrior palace1, monk palace2"]),
    ("hu", "start", "tűzijátékos 2, adószedő 1", ["start tax collector palace1, pyrotechnist palace2"]),
    ("hu", "person", "idős gyógyító 2", ["recruit old healer palace2"]),
    ("ru", "start", "монах 2 и воин 1 пожалуйста", ["start warrior palace1, monk palace2"]),
    ("ru", "start", "лекарь 1, учёный 2", ["start healer palace1, scholar palace2"]),
    ("ru", "person", "старый лекарь 2", ["recruit old healer palace2"]),
])
def test_a_number_tagged_onto_a_thing_is_where_it_goes(language: str, name: str, text: str,
                                                        means: list[str]) -> None:
    """"farmer 1, healer 2": a number after a thing the move places, ending its part, is the place it goes, where
    no legal move numbers that thing."""
    assert read("dragon", language, name, text) == means


@pytest.mark.parametrize(("name", "text"), [
    ("action", "harvest 2"),  # the harvest is in group 1: no card's place in its group
    ("build", "craftsman 2"),  # the craftsman names a palace of a build, never goes to one
    ("build", "pyrotechnist 1"),
    ("build", "palace 1, new 2"),  # two floors on a new palace, never palace 2
    ("start", "farmer 1 or healer 2"),
    ("start", "farmer 1, farmer 2"),
])
def test_a_tagged_number_never_names_another_thing(name: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("dragon", "en", name, text)


def test_a_tagged_number_of_a_numbered_thing_is_that_thing() -> None:
    assert read("dragon", "en", "action", "tax 2") == ["group 2 tax"]


@pytest.mark.parametrize(("name", "text", "means"), [
    ("build", "Egy vadonatúj palota két emelettel", ["build +2 new"]),
    ("build", "Két emelet egy vadiúj palotára", ["build +2 new"]),
    ("person", "Dzsókerkártyával egy fiatal tudóst veszek fel", ["recruit young scholar palace1 with wild"]),
    ("person", "A jokerkártyát használom: idős földműves a második palotába",
     ["recruit old farmer palace2 with wild"]),
    ("person", "Egy tűzszerészt kérek, fiatalt, az első palotába", ["recruit young pyrotechnist palace1"]),
])
def test_hungarian_everyday_names_of_dragon_things(name: str, text: str, means: list[str]) -> None:
    """Hungarian players' own words for the game's things: «vadonatúj» (brand-new), the wild card as
    «dzsókerkártya», the pyrotechnist as «tűzszerész»."""
    assert read("dragon", "hu", name, text) == means


@pytest.mark.parametrize(("name", "text"), [
    ("person", "Nem dzsókerkártyával, fiatal tudóst"),
    ("build", "Nem vadonatúj palota, két emelet"),
])
def test_hungarian_everyday_names_negated_are_never_played(name: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("dragon", "hu", name, text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "A floor for palace 2 and one for palace 1, please", ["build +1 palace1 +1 palace2"]),
    ("en", "palace 2 gets one floor, and palace 1 the other", ["build +1 palace1 +1 palace2"]),
    ("en", "one floor on palace 1, the other on a new one", ["build +1 palace1 +1 new"]),
    ("en", "new palace 2 floors", ["build +2 new"]),
    ("el", "Ένας όροφος στο παλάτι 2 και ένας στο παλάτι 1", ["build +1 palace1 +1 palace2"]),
    ("ru", "Один этаж на дворец 1 и один на дворец 2", ["build +1 palace1 +1 palace2"]),
])
def test_a_numbered_things_number_ending_its_part_counts_nothing_after_it(language: str, text: str,
                                                                         means: list[str]) -> None:
    """"palace 1 and one on palace 2": the 1 is palace 1's number, never the count of the floors said after it
    (which read "+1 palace2 +1 new" as well, and asked)."""
    assert read("dragon", language, "build", text) == means


@pytest.mark.parametrize("text", ["not palace 1, one on palace 2", "one floor on palace 1 and none on palace 2",
                                  "palace 1, new 2"])
def test_a_numbered_things_number_never_plays_what_is_refused(text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("dragon", "en", "build", text)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Second, move the lady up"), ("en", "Firstly, gentleman up"), ("en", "On second thought, move the lady up"),
    ("en", "First thing: gentleman up"), ("en", "Play At the Pub. Second, the lady goes up"),
    ("ru", "Во-первых, джентльмена вверх"), ("ru", "Во-вторых: даму вверх"),
])
def test_an_ordinal_opening_a_sentence_alone_in_its_part_numbers_no_thing_after_it(language: str, text: str) -> None:
    """"Second, …" counts the reply's steps (or a word the game does not know: "on second thought"): it never
    picks the second lady of a later part, which the reply leaves unsaid, so the answer asks which."""
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", language, "hand", text)


@pytest.mark.parametrize(("text", "means"), [
    ("First, play At the Pub. Second, move the second lady up", ["play at-the-pub", "order up lady2"]),
    ("Lady, the second one, up", ["order up lady2"]),
    ("The second lady up", ["order up lady2"]),
])
def test_an_ordinal_beside_its_thing_still_numbers_it(text: str, means: list[str]) -> None:
    assert read("prodigals", "en", "hand", text) == means


@pytest.mark.parametrize(("text", "means"), [
    ("If Beatrice comes, first lady 2 up", ["order up lady2"]),
    ("First gent 2 up, then lady 1", ["order up gent2", "order up lady1"]),
    ("If Dame Beatrice bumps me, move my first lady up first.", ["order up lady1"]),
    ("Gent 2 up first, then lady 1", ["order up gent2", "order up lady1"]),
])
def test_a_thing_numbered_twice_or_a_closing_first_is_never_a_second_order(text: str, means: list[str]) -> None:
    """"First lady 2 up" numbers one lady twice: opening its part, "first" counts the reply's steps, and "my first
    lady up first" closes with one; neither makes another order (both once read as lady 1 and a second order)."""
    assert read("prodigals", "en", "actions", text) == means


@pytest.mark.parametrize("text", ["then move the first lady 2 up", "Beatrice: move the first gent 2 up"])
def test_a_thing_numbered_twice_inside_its_part_is_refused(text: str) -> None:
    """"Move the first lady 2 up": lady 1 two steps, or lady 2? Never both ladies."""
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", "actions", text)
