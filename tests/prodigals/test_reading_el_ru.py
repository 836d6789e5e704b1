"""Prodigals replies in Greek and Russian read by meaning (#43): a possession named by its price in pounds, and
the phrases players close their turn with.

Each class is checked with sentences of its own (not the corpora's), and attacked: a price no possession has, a
price two possessions share, a negation, a word of skipping said of a card."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "text", "means"), [
    ("ru", "Управляющий имением продаёт мою лошадь за четыре фунта.", "sell d4"),
    ("ru", "Land Steward: продаю собаку стоимостью 4 фунта.", "sell d3"),
    ("ru", "Использую управляющего: продам карты за 5 фунтов из Мэйфэра.", "sell d6"),
    ("el", "Χρησιμοποιώ τον Land Steward και πουλάω το σκυλί των 4 λιρών.", "sell d3"),
    ("el", "Με τον Επιστάτη πουλάω το κρασί των 5 λιρών.", "sell d5"),
    ("el", "Ο Επιστάτης πουλάει το άλογο αξίας 4 λιρών.", "sell d4"),
])
def test_a_possession_is_named_by_its_price_in_pounds(language: str, text: str, means: str) -> None:
    """«за четыре фунта», «των 4 λιρών»: the tile's value, said as a price."""
    assert read("prodigals", language, "hand", text) == ["use land-steward", means]


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Использую управляющего имением, продаю лошадь за пять фунтов."),  # the horse is worth 4
    ("el", "Ο Επιστάτης πουλάει το άλογο των 5 λιρών."),
    ("ru", "Использую управляющего имением, продаю вино не за пять фунтов."),
])
def test_a_price_no_possession_has_sells_nothing(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("prodigals", language, "hand", text)


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Использую управляющего имением, продаю за 4 фунта."),  # the dog and the horse are worth 4
    ("el", "Ο Επιστάτης πουλάει κάτι των 4 λιρών."),
])
def test_a_price_two_possessions_share_is_asked_about(language: str, text: str) -> None:
    with pytest.raises(AmbiguousMove):
        read("prodigals", language, "hand", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("ru", "Играю «Роскошный ужин». На этом всё.", ["play lavish-dinner", "done"]),
    ("ru", "На этом всё, спасибо.", ["done"]),
    ("ru", "Ход пропускаю.", ["done"]),
    ("ru", "Пропускаю ход, спасибо.", ["done"]),
    ("ru", "Вот и всё.", ["done"]),
    ("el", "Παίζω το Lavish Dinner. Αυτά από μένα.", ["play lavish-dinner", "done"]),
    ("el", "Τέλος σειράς για μένα.", ["done"]),
    ("el", "Τελείωσα τη σειρά μου, ευχαριστώ.", ["done"]),
    ("el", "Τίποτα άλλο.", ["done"]),
    ("el", "Παίζω το Lavish Dinner και σταματάω εδώ.", ["play lavish-dinner", "done"]),
])
def test_a_phrase_closing_the_turn_is_done(language: str, text: str, means: list[str]) -> None:
    """«на этом всё» (a place word before "all", never "at the end"), «ход пропускаю», «τέλος σειράς»,
    «αυτά από μένα», «σταματάω εδώ»: the turn ended, in the words players close it with."""
    assert read("prodigals", language, "hand", text) == means


def test_the_order_for_dame_beatrice_closes_with_a_phrase_too() -> None:
    assert read("prodigals", "ru", "actions", "Первая леди, потом первый джентльмен. На этом всё.") == [
        "order up lady1", "order up gent1", "done"]


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Играю «Роскошный ужин», Чехарду пропускаю."),  # skipping a card plays no card and ends nothing
    ("ru", "Пропускаю «Роскошный ужин»."),
    ("ru", "Играю «Роскошный ужин». На этом всё, кроме «Чехарды»."),
])
def test_skipping_a_card_never_plays_it(language: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", language, "hand", text)


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Третий набор карт на выборах, а плитку политического круга в сброс."),
    ("ru", "Беру третий набор на выборах, плитку политического круга выбрасываю."),
    ("ru", "Третий набор на выборах; политическую плитку в сброс."),
    ("el", "Παίρνω το τρίτο σετ των εκλογών και πετάω το πλακίδιο πολιτικού κύκλου."),
    ("el", "Τρίτο σετ εκλογών, πετάω το πλακίδιο του πολιτικού κύκλου."),
])
def test_the_political_circle_tile_is_named_as_the_rulebook_names_it(language: str, text: str) -> None:
    """«плитка политического круга», «πλακίδιο πολιτικού κύκλου»: the tile a set gives, thrown away."""
    assert read("prodigals", language, "errands", text) == ["place e-set3", "discard tile"]


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Агитация: беру плитку политического круга."),  # two tiles lie there: which is unsaid
    ("el", "Canvass, παίρνω ένα πλακίδιο πολιτικού κύκλου."),
])
def test_a_political_circle_tile_of_two_is_never_chosen(language: str, text: str) -> None:
    """The canvass is the space that gives two political circle tiles, so the line names it; which of the two is
    taken is unsaid, so no tile is: the tile's own decision comes next, asked by its prompt."""
    assert read("prodigals", language, "errands", text) == ["place e-canvass"]


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Третий набор на выборах, плитку политического круга оставляю себе."),
    ("ru", "Третий набор на выборах, плитку политического круга не выбрасываю."),
    ("el", "Τρίτο σετ εκλογών, όχι το πλακίδιο του πολιτικού κύκλου."),
])
def test_a_political_circle_tile_kept_is_never_thrown_away(language: str, text: str) -> None:
    try:
        assert "discard tile" not in read("prodigals", language, "errands", text)
    except (MoveError, AmbiguousMove):
        pass


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("ru", "errands", "Первый набор на выборах с «Невнятной речью».", ["place e-set1"]),
    ("ru", "errands", "Хочу набор с «Невнятной речью» и «Нелепым обещанием».", ["place e-set1"]),
    ("el", "discard", "Πετάω την Ανταλλαγή Ιδιοκτησίας.", ["discard property-swap"]),
    ("el", "hand", "Παίζω την Ανταλλαγή Περιουσίας.", ["play property-swap"]),
])
def test_a_card_by_the_name_players_translate_it_to(language: str, name: str, text: str, means: list[str]) -> None:
    """Slurred Speech as «невнятная речь», Property Swap as «ανταλλαγή ιδιοκτησίας»: the catalog's other forms."""
    assert read("prodigals", language, name, text) == means


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("el", "hand", "Πρώτα βάζω τον Tory Baiter στο ταμπλό μου, μετά παίζω το Insult the Vicar.",
     ["board tory-baiter", "play insult-the-vicar"]),
    ("el", "hand", "Πρώτα παίζω το Lavish Dinner και μετά τελείωσα.", ["play lavish-dinner", "done"]),
    ("el", "actions", "Πρώτα την πρώτη κυρία και μετά τον κύριο 2.", ["order up lady1", "order up gent2"]),
    ("el", "errands", "Στέλνω τον βοηθό μου στο Rowdy.", ["place s-rowdy"]),
    ("ru", "errands", "Посылаю посыльного на агитацию.", ["place e-canvass"]),
])
def test_first_as_an_adverb_and_verbs_of_sending_choose_nothing(language: str, name: str, text: str,
                                                                means: list[str]) -> None:
    """«πρώτα» (first, before the rest) numbers no marker; «στέλνω», «посылаю»: the errand boy sent, as «πάω»."""
    assert read("prodigals", language, name, text) == means


def test_first_as_an_adverb_leaves_which_lady_unsaid() -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "el", "actions", "Πρώτα η κυρία.")


@pytest.mark.parametrize(("language", "text"), [
    ("el", "Leapfrog: θέλω τα άλματα."),
    ("el", "Παίζω Leapfrog, επιλέγω άλματα."),
    ("en", "Leapfrog, and I take the jumps for my lady."),
])
def test_leapfrogs_option_is_named_by_its_jumps(language: str, text: str) -> None:
    """"the jumps", «τα άλματα»: Leapfrog's first option, a lady's jumps, named by what it does in the plural."""
    assert read("prodigals", language, "hand", text) == ["play leapfrog", "option 1"]


def test_leapfrogs_jumps_refused_are_no_option() -> None:
    """«όχι τα άλματα»: a negation stops the reading rather than choose the option it names."""
    with pytest.raises(MoveError):
        read("prodigals", "el", "hand", "Παίζω Leapfrog, όχι τα άλματα.")


@pytest.mark.parametrize("text", ["Ο βοηθός μου πάει στη Lady Beatrice.", "Βάζω το ημίψηλο στη θέση της Λαίδης Μπεατρίς."])
def test_dame_beatrice_is_named_lady_too(text: str) -> None:
    """"Lady Beatrice", «Λαίδη Μπεατρίς»: Dame Beatrice by the title a Greek player gives her (she is no marker)."""
    assert read("prodigals", "el", "errands", text) == ["place s-beatrice"]


def test_lady_beatrice_refused_is_no_placement() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "el", "errands", "Όχι στη θέση της Lady Beatrice.")
