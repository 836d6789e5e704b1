"""Dragon words taught to the meaning reader: a recruit by its ordinary card, a pass by the money it keeps, a build by
the heights its palaces reach.

Every sentence here is written for the test, none taken from the corpora; each class has its attack, a line that
must be refused or asked about, never played as a move it did not mean."""

from __future__ import annotations

import pytest

from engine import MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "farmer, young one, palace 2, paid with a regular card", "recruit young farmer palace2"),
    ("ru", "Молодого лекаря в первый дворец, обыкновенной картой", "recruit young healer palace1"),
    ("el", "Νεαρό γιατρό στο παλάτι 1 με συνηθισμένη κάρτα", "recruit young healer palace1"),
    ("hu", "Fiatal tudós a kettes palotába, a szokásos kártyával", "recruit young scholar palace2"),
])
def test_the_ordinary_card_is_the_persons_own(language: str, text: str, means: str) -> None:
    """"the ordinary card", «обычной картой», «κανονική κάρτα», «sima kártya»: the person's own card, not the wild."""
    assert read("dragon", language, "person", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "young farmer in palace 2 with the joker as a normal card"),  # the joker said too
    ("en", "young farmer in palace 2, not with the normal card"),
    ("en", "young farmer in palace 2, I keep the joker"),  # whose card is kept: order tells, a bag of words not
    ("en", "young farmer in palace 2 with the joker, I keep my farmer card"),
    ("ru", "молодого крестьянина во второй дворец, джокер оставлю себе"),
    ("hu", "fiatal földművest a kettes palotába, a dzsókert megtartom"),
])
def test_a_card_kept_or_both_cards_said_are_not_played(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "person", text)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Nothing for me this month, I'll keep my 6 yuan"),
    ("en", "I keep my money this time"),
    ("el", "Τίποτα αυτόν τον γύρο, κρατώ τα χρήματά μου"),
    ("hu", "Ebben a körben semmi, megtartom a pénzemet"),
    ("ru", "В этот раз ничего, оставляю свои деньги"),
])
def test_keeping_the_money_is_a_pass(language: str, text: str) -> None:
    assert read("dragon", language, "action", text) == ["pass"]


@pytest.mark.parametrize("text", ["I keep my 6 yuan and take the research", "keep the money, large privilege"])
def test_keeping_the_money_beside_an_action_is_not_played(text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", "en", "action", text)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Take both palaces up to three floors"),
    ("en", "raise each of my palaces to three floors"),
    ("en", "my two palaces to three floors each"),
])
def test_a_build_by_the_heights_its_palaces_reach(language: str, text: str) -> None:
    """Both palaces have two floors: raised to three, each gets one."""
    assert read("dragon", language, "build", text) == ["build +1 palace1 +1 palace2"]


@pytest.mark.parametrize("text", ["three floors", "up to three floors", "palace 3 gets a floor, palace 1 the other"])
def test_a_height_said_of_no_palace_is_not_played(text: str) -> None:
    """"three floors" of one palace only, or of no palace of the seat's: never a guess which."""
    with pytest.raises(MoveError):
        read("dragon", "en", "build", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "fireworks plz, grp 3", "group 3 fireworks"),
    ("en", "the cheapest privilege thx", "group 1 privilege small"),
    ("el", "pyrotexnimata pls", "group 3 fireworks"),  # Greek typed in Latin letters, an English courtesy
    ("ru", "fejerverk plz", "group 3 fireworks"),
    ("ru", "подешевле привилегию, спс", "group 1 privilege small"),
    ("hu", "olcsóbbik kiváltság pls", "group 1 privilege small"),
    ("hu", "tűzijáték, 3as csop.", "group 3 fireworks"),
])
def test_hasty_words_and_the_cheap_privilege(language: str, text: str, means: str) -> None:
    """"pls", "thx", «спс», "grp", «csop.», "cheap": shortened courtesies and groups, and a privilege by its price."""
    assert read("dragon", language, "action", text) == [means]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "not the cheap privilege pls"),
    ("en", "cheap privilege, or the harvest"),
    ("hu", "Drága barátaim, kiváltság"),  # «drága», dear: a greeting, no price
    ("ru", "Дорогие друзья, привилегия"),
    ("en", "research grp 1"),  # research lies in group 3
])
def test_a_hasty_line_naming_no_one_move_is_not_played(language: str, text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", language, "action", text)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Skipping this month, I'd rather hang on to my money"),
    ("en", "I'll skip this round"),
])
def test_skipping_is_a_pass(language: str, text: str) -> None:
    assert read("dragon", language, "action", text) == ["pass"]


@pytest.mark.parametrize("text", ["skip the harvest, I take research", "I don't skip: research", "sit out if the tax "
                                  "is gone"])
def test_a_skip_said_of_an_action_is_not_played(text: str) -> None:
    with pytest.raises(MoveError):
        read("dragon", "en", "action", text)


@pytest.mark.parametrize(("text", "means"), [
    ("Έναν όροφο στο πρώτο παλάτι και έναν σε νέο παλάτι", "build +1 palace1 +1 new"),  # «νέο»: new, never young
    ("Ένας όροφος στο παλάτι του πυροτεχνουργού, ο άλλος σε νέο", "build +1 palace2 +1 new"),
])
def test_a_new_palace_is_never_the_young_persons(text: str, means: str) -> None:
    """A palace is named by its person's type: «νέο παλάτι» is a new palace, not the young pyrotechnist's."""
    assert read("dragon", "el", "build", text) == [means]
