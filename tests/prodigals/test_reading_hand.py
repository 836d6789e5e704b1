"""Prodigals hand turns read by meaning (#43): the cards a card's action adds, a bonus action tile named by what it
gives, a card's name of several words.

Each class is checked with sentences of its own (not the corpora's), in the languages players write, and attacked:
a negation, a count the hand cannot meet, a word of the class where another move is meant."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("language", "text"), [
    ("en", "Champagne for Everyone with A Little More Time"),
    ("en", "I'll play Champagne for Everyone and add A Little More Time to it"),
    ("en", "Champagne for Everyone plus one A Little More Time"),
    ("el", "Παίζω Champagne for Everyone και προσθέτω ένα Λίγο Περισσότερος Χρόνος"),
    ("el", "Champagne for Everyone με Λίγο Περισσότερο Χρόνο"),
    ("hu", "A Champagne for Everyone-t játszom egy A Little More Time-mal"),
    ("hu", "Champagne for Everyone, plusz egy A Little More Time"),
    ("ru", "«Шампанское для всех» и добавляю «Ещё немного времени»"),
    ("ru", "Играю «Шампанское для всех» с картой «Ещё немного времени»"),
])
def test_a_little_more_time_added_to_a_card_is_named_by_its_name(language: str, text: str) -> None:
    """The cards a card's action adds (``lmt 1``) are named by the card's printed name, and by a verb of adding
    («προσθέτω», «hozzáteszek», «добавляю»): what the player sees in hand, never the notation's ``lmt``."""
    assert read("prodigals", language, "hand", text) == ["play champagne-for-everyone", "lmt 1"]


def test_a_card_named_with_for_inside_it_is_played() -> None:
    """The "for" of "Champagne for Everyone" is the name's, as the "for" of an exchange tells nothing apart."""
    assert read("prodigals", "en", "hand", "Champagne for Everyone") == ["play champagne-for-everyone"]
    assert read("prodigals", "en", "hand", "keep Champagne for Everyone") == ["order keep champagne-for-everyone"]


@pytest.mark.parametrize("text", [
    "Champagne for Everyone plus two A Little More Time",  # one held: a count the hand cannot meet
    "Champagne for Everyone, A Little More Time twice",
    "Champagne for Everyone, don't add A Little More Time",
    "Champagne for Everyone, no A Little More Time",
    "Champagne for Everyone, keep A Little More Time",
])
def test_a_count_or_a_negation_of_the_added_cards_is_never_played(text: str) -> None:
    """Two copies of a name of several words are never one card whose words they split ("little", then
    "more"); a negation stops the line."""
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", "hand", text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("en", "I use the bonus tile with the two moves: my top gentleman down twice",
     ["bonus s-moves", "move gent1 down", "move gent1 down"]),
    ("en", "The society bonus tile: lower lady down, top gent down.",
     ["bonus s-moves", "move lady2 down", "move gent1 down"]),
    ("en", "My two-moves tile now: the lady on the right goes down, then my upper gentleman too.",
     ["bonus s-moves", "move lady2 down", "move gent1 down"]),
    ("hu", "A társasági bónuszlapkát használom: a második úriember le, a második hölgy le.",
     ["bonus s-moves", "move gent2 down", "move lady2 down"]),
    ("ru", "Использую бонусную плитку общества: джентльмен 2 вниз, дама 2 вниз.",
     ["bonus s-moves", "move gent2 down", "move lady2 down"]),
    ("ru", "Бонусная плитка продажи: продаю собаку.", ["bonus p-sell", "sell d3"]),
])
def test_a_bonus_tile_used_is_named_by_what_it_gives(language: str, text: str, means: list[str]) -> None:
    """A bonus action tile in hand is named by its competition and what it gives (two moves, a sale), as when it
    is taken; never by the step of the moves it gives, which the moves after it say."""
    assert read("prodigals", language, "hand", text) == means


@pytest.mark.parametrize("text", [
    "not the society bonus tile: lower lady down, top gent down",
    "lower lady down, top gent down",  # no tile said: the steps alone never name it
    "The bonus tile: lower lady down, top gent down. Or the selling one.",
])
def test_moves_down_alone_or_a_denied_tile_are_never_played(text: str) -> None:
    with pytest.raises((AmbiguousMove, MoveError)):
        read("prodigals", "en", "hand", text)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "sell my dog"),
    ("en", "I sell the horse"),
    ("el", "Πουλάω το σκυλί"),
    ("hu", "Eladom a kutyát"),
    ("ru", "Продаю собаку"),
])
def test_a_sale_two_means_can_make_is_asked_about(language: str, text: str) -> None:
    """A sale said without its means (the Land Steward on the board, or the selling bonus tile) is asked about,
    the two sales offered, never refused as no legal move nor made with one of them."""
    with pytest.raises(AmbiguousMove) as asked:
        read("prodigals", language, "hand", text)
    offered = [" / ".join(lines) if isinstance(lines, tuple) else lines for lines in asked.value.suggestions]
    assert any("land-steward" in each for each in offered) and any("bonus p-sell" in each for each in offered)
