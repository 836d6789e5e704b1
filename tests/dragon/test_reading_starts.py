"""Dragon starts and releases taught to the meaning reader: two persons in one palace, a person by what its tile
shows, palaces written short, and the attacks on each.

Every sentence here is written for the test, none taken from the corpora; each class has its attack, a line that
must be refused or asked about, never played as a move it did not mean."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "A healer and a warrior. Both go in palace 2.", "start warrior palace2, healer palace2"),
    ("en", "A monk in palace 1 and a scholar in the same palace.", "start monk palace1, scholar palace1"),
    ("en", "Both in the same palace, the second: a monk and a scholar.", "start monk palace2, scholar palace2"),
    ("el", "Έναν πολεμιστή στο δεύτερο παλάτι και έναν αγρότη στο ίδιο παλάτι.",
     "start warrior palace2, farmer palace2"),
    ("hu", "A szerzetest az egyes palotába teszem, a harcost pedig ugyanoda.", "start warrior palace1, monk palace1"),
    ("hu", "Mindkét kezdő személy az egyes palotába: harcos és szerzetes.", "start warrior palace1, monk palace1"),
    ("ru", "Монаха во второй дворец, а воина туда же.", "start warrior palace2, monk palace2"),
])
def test_two_starting_persons_in_one_palace(language: str, text: str, means: str) -> None:
    """"both" said in a sentence of its own, "the same palace", «ugyanoda», «туда же»: one palace for both."""
    assert read("dragon", language, "start", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "A healer and a warrior. Not both in palace 2."),
    ("en", "A healer and a warrior, the same as last time."),  # no palace said
    ("en", "A healer in palace 1 and a warrior in the same palace as the monk."),
    ("ru", "Монаха во второй дворец, а воина не туда же."),
    ("en", "A healer in palace 1, a warrior in the same one, no wait, in palace 2."),
])
def test_one_palace_for_both_is_never_guessed(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "start", text)


@pytest.mark.parametrize(("language", "name", "text", "means"), [
    ("en", "start", "the fireworks guy in palace 2 and the guy with the rice sack in palace 1",
     "start pyrotechnist palace2, farmer palace1"),
    ("el", "start", "Αυτόν με το σακί στο παλάτι 1 και τον πολεμιστή στο παλάτι 2.",
     "start warrior palace2, farmer palace1"),
    ("ru", "start", "Парня с мешком риса во второй дворец, воина в первый.", "start warrior palace1, farmer palace2"),
    ("ru", "start", "Книжника в первый дворец, воина во второй.", "start warrior palace2, scholar palace1"),
    ("hu", "start", "A rizseszsákos az egyes palotába, a harcos a kettesbe.", "start warrior palace2, farmer palace1"),
    ("en", "start", "the chap with the coins in the first palace, a warrior in the second one",
     "start tax collector palace1, warrior palace2"),
])
def test_a_person_by_what_its_tile_shows(language: str, name: str, text: str, means: str) -> None:
    """The farmer's rice sack, the pyrotechnist's fireworks, the scholar's books («книжник»), the coins."""
    assert read("dragon", language, name, text) == [means]


def test_rice_alone_names_no_farmer() -> None:
    """Rice is also what a harvest is for: said bare, without the sack it is drawn in, it tells no tile."""
    with pytest.raises(AmbiguousMove):
        read("dragon", "en", "start", "the rice guy in palace 1 and the warrior in palace 2")


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "monk in the 2nd palace, healer in the 1st", "start monk palace2, healer palace1"),
    ("hu", "Harcos a 2.-ba, szerzetes az 1.-be.", "start warrior palace2, monk palace1"),
    ("hu", "harcos az 1es palotába, szerzetes a 2esbe", "start warrior palace1, monk palace2"),
    ("en", "warrior p2 + monk p1, thx", "start warrior palace2, monk palace1"),
])
def test_a_palace_written_short(language: str, text: str, means: str) -> None:
    """"the 2nd", «a 2.-ba» (the palace left unsaid), «1es palota», "p1": the numbered palace."""
    assert read("dragon", language, "start", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "monk in the 2nd palace, healer in the 1st or the 2nd"),
    ("en", "both in palace 1. Palace 2 stays empty."),  # no persons named
    ("hu", "harcos az 1es palotába, szerzetes nem a 2esbe"),
])
def test_a_short_palace_is_never_guessed(language: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("dragon", language, "start", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "1) warrior, palace 2\n2) monk, palace 1", "start warrior palace2, monk palace1"),
    ("en", "First: healer, into palace 1. Second: farmer, into palace 2.", "start healer palace1, farmer palace2"),
    ("ru", "Первым беру воина во второй дворец. Вторым — лекаря, в первый.", "start warrior palace2, healer palace1"),
    ("hu", "Az első a harcos, a kettes palotába. A második a szerzetes, az egyesbe.",
     "start warrior palace2, monk palace1"),
])
def test_a_list_entrys_number_is_no_palace(language: str, text: str, means: str) -> None:
    """"First: …, Second: …", «Первым … Вторым …», "1) …": the entry's number orders the list, the place is said
    after the person."""
    assert read("dragon", language, "start", text) == [means]


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "Since the plague comes in the 4th month, a healer in palace 1 and a monk in palace 2.",
     "start monk palace2, healer palace1"),
    ("hu", "Mivel a 3. hónapban aszály jön, harcos az 1. palotába, földműves a 2. palotába.",
     "start warrior palace1, farmer palace2"),
    ("ru", "Раз в 4-м месяце эпидемия, лекаря в первый дворец, монаха во второй.",
     "start monk palace2, healer palace1"),
])
def test_a_months_number_in_a_reason_is_no_palace(language: str, text: str, means: str) -> None:
    """"in the 4th month", «a 3. hónapban», «в 4-м месяце»: when the reason comes, no palace or count."""
    assert read("dragon", language, "start", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "A healer in palace 1 and a monk too. Palace 1 stays empty."),  # says both: never placed there
    ("en", "Healer in palace 1, monk in palace 2. Palace 2 stays empty."),
    ("en", "A healer in palace 1 and a monk in the 4th month."),
])
def test_a_palace_said_to_stay_empty_is_never_filled(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "start", text)
