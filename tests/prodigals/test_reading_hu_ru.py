"""Prodigals replies in Hungarian and Russian read by meaning (#43): the words players of those languages use for
their errand boys and the central card, how many boys they send, and a mistyped sign-off after the moves.

Each class is checked with sentences of its own (not the corpora's), and attacked: a negation, "or", a count
left alone, a word of the class used where another move is meant."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "text", "means"), [
    ("hu", "Az emberemet a Rowdy mezőre küldöm.", "place s-rowdy"),
    ("hu", "A munkásomat a botrány mezőre teszem.", "place s-scandal"),
    ("hu", "A bábumat a canvass mezőre rakom.", "place e-canvass"),
    ("ru", "Ставлю рабочего на поле агитации.", "place e-canvass"),
    ("ru", "Фишку на поле Беатрисы.", "place s-beatrice"),
    ("hu", "A reneszánsz emberre teszem a küldöncömet.", "place renaissance-man"),  # «ember» still his, where
    ("hu", "Az emberemet a reneszánsz ember mezőre rakom.", "place renaissance-man"),  # the space is named
    ("ru", "Ставлю рабочего на «Человека возрождения».", "place renaissance-man"),
])
def test_the_players_own_man_is_the_errand_boy(language: str, text: str, means: str) -> None:
    """«emberem» (my man), «munkásom», «рабочего», «фишку»: the errand boy a placement puts, which names no space;
    the form spelled so is that boy, never the renaissance man whose «ember» its stem cuts it to."""
    assert read("prodigals", language, "errands", text) == [means]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("hu", "Két küldöncöm megy a központi kártyára.", "place central-card"),
    ("hu", "Két emberemet a középső lapra rakom.", "place central-card"),
    ("hu", "Egy küldöncöt a kettes sorrendi helyre.", "place turn-order-2"),  # the count is no space's number
    ("hu", "Egy küldönccel megyek a harmadik helyre a sorrendben.", "place turn-order-3"),
    ("ru", "Ставлю двух посыльных на центральную карту.", "place central-card"),
    ("ru", "Двух посыльных на среднюю карту.", "place central-card"),
    ("ru", "Ставлю одного посыльного на второе место в очереди хода.", "place turn-order-2"),
])
def test_how_many_errand_boys_go_chooses_nothing(language: str, text: str, means: str) -> None:
    """The central card costs more than one boy, and players say how many they send: the count chooses no space,
    and a number of the space itself still names it."""
    assert read("prodigals", language, "errands", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("hu", "Két küldöncöt a kettes sorrendi helyre."),  # a turn-order space takes one
    ("hu", "Két küldönccel megyek a harmadik helyre a sorrendben."),
    ("ru", "Ставлю двух посыльных на второе место в очереди хода."),
])
def test_more_errand_boys_than_a_space_takes_place_none(language: str, text: str) -> None:
    """A placement puts one errand boy (two only on a two-competition game's central card): two said for a space
    of one is no placement there, never one of them placed."""
    with pytest.raises(MoveError):
        read("prodigals", language, "errands", text)


@pytest.mark.parametrize(("language", "text"), [
    ("hu", "Nem két küldöncöt a központi kártyára."),
    ("hu", "Két küldöncöt a központi kártyára vagy a Rowdy mezőre."),
    ("ru", "Двух посыльных — на центральную карту, а не на агитацию."),
])
def test_a_count_of_errand_boys_passes_no_negation_or_choice_over(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("prodigals", language, "errands", text)


@pytest.mark.parametrize(("language", "text"), [
    ("hu", "Két emberemet küldöm."),
    ("en", "I place two errand boys"),  # only the central card takes two: still no place said
    ("ru", "Ставлю двух посыльных."),
])
def test_a_count_of_errand_boys_alone_places_nothing(language: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", language, "errands", text)


@pytest.mark.parametrize(("language", "text"), [
    ("hu", "Végeztem, köszi mindenkienk."),
    ("hu", "Kész, kösz mindenkinak!"),
    ("hu", "Kész. Üdvözlettl, Anna"),
    ("ru", "Готово, спасибо всем, удачии!"),
    ("ru", "Всё. Спасибо, всего хорошеего"),
])
def test_a_mistyped_sign_off_after_the_moves_is_no_move(language: str, text: str) -> None:
    """A sign-off's word one letter off is still the sign-off, though a card's name is near it too («Pezsgőt
    mindenkinek»): the part is passed over as the close of the mail."""
    assert read("prodigals", language, "actions", text) == ["done"]


def test_a_mistyped_sign_off_word_inside_the_moves_is_never_passed_over() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "hu", "actions", "Végeztem, köszi mindenkinak, a második hölgyet nem.")


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "«Грубое замечание» — вниз на три хода: джентльмен 1, джентльмен 2, дама 2."),
    ("ru", "Играю «Грубое замечание», три шага вниз: первый джентльмен, второй джентльмен и вторая дама."),
    ("hu", "Rude Remark, három lépés lefelé: az 1. úriember, a 2. úriember és a 2. hölgy."),
    ("hu", "Kijátszom a Rude Remarkot, három lefelé lépés: első úriember, második úriember, második hölgy."),
    ("en", "I play Rude Remark; three steps down: gent 1, gent 2 and lady 2."),
    ("en", "Rude Remark: 3 down: gent 1, gent 2, lady 2."),
])
def test_steps_counted_once_for_a_list_of_markers_go_with_each(language: str, text: str) -> None:
    """"three steps down: gent 1, gent 2 and lady 2": the count and its words said once for the list after the
    colon or dash, each marker moved so once."""
    assert read("prodigals", language, "hand", text) == ["play rude-remark", "move gent1 down", "move gent2 down",
                                                         "move lady2 down"]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Rude Remark: three moves down - gent 1, gent 2."),  # fewer things than counted
    ("ru", "«Грубое замечание»: три хода вниз — джентльмен 1, джентльмен 2."),
    ("en", "Rude Remark: two moves down - gent 1, not lady 2."),
    ("en", "Rude Remark, 2 down: gent 1, lady 2 up."),  # the list's own direction is never overruled
    ("hu", "Rude Remark, két lépés lefelé: az 1. úriember vagy a 2. hölgy."),
])
def test_a_count_for_a_list_it_does_not_fit_plays_nothing(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("prodigals", language, "hand", text)


def test_a_count_of_things_it_names_is_no_count_for_a_list() -> None:
    """«Με τις δύο κόκκινες: …»: the two reds are the cards played, the list after the colon no two things they
    go with (tests/engine/test_meaning.py reads that line whole)."""
    from engine.meaning import _index, _spread
    from pbem.language.words import words
    import engine
    rules = engine.game("china")
    said = words(rules, "el")
    index = _index(said, rules.NOTATION.VOCABULARY)
    written = ["Με", "τις", "δύο", "κόκκινες", "παγόδα", "στο", "Σου", "4", "και", "απεσταλμένος", "εκεί"]
    between = ["", " ", " ", " ", ": ", " ", " ", " ", " ", " ", " ", "."]
    assert _spread(written, between, said.lexicon.reading, said, index) == (written, between)


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "В конце раунда оставляю себе «Чехарду»."),
    ("ru", "В конце месяца оставлю «Чехарду» у себя."),
    ("hu", "A kör végén megtartom a Leapfrogot."),
])
def test_the_end_of_the_round_in_its_case_is_a_time(language: str, text: str) -> None:
    """«в конце раунда»: the done word «конец» in its case after a place word says when, no end of the turn."""
    assert read("prodigals", language, "hand", text) == ["order keep leapfrog"]


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Пас, больше ничего."), ("hu", "Passz, köszi."), ("hu", "Passzolok."),
])
def test_a_pass_is_the_end_of_the_turn(language: str, text: str) -> None:
    """Hungarian says «passz» for the end of a turn, as Russian says «пас»."""
    assert read("prodigals", language, "actions", text) == ["done"]


def test_a_pass_with_a_negation_plays_nothing() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "hu", "actions", "Nem passz")
