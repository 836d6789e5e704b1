"""Every text board names the seat asked now and the turn order by their players (issue 32), in every
language: Dragon's Now line and turn order, China's turn line, Prodigals' turn order, taken spaces (each
seat once, its spaces after it) and society grids (named in full above them, never cut to a grid's width). Without the table's names, a board writes the
seat numbers as before."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine
from engine.text import seat_label, seat_tag
from pbem.language.words import named, words
from tests.engine.greedy import greedy_states

LANGUAGES = ("en", "el", "hu", "ru")
NAMES = ("Ann", "Βασιλική Παπαδοπούλου", "Джок Иванов", "Éva Ősz")
OPTIONS = {"prodigals": {"competitions": ["possessions", "election", "society"]}}


def midgame(name: str) -> Any:
    """A table some moves in, with a seat asked now."""
    rules = engine.game(name)
    return next(state for step, state in enumerate(greedy_states(rules, 4, 3, OPTIONS.get(name), every=1))
                if step == 9)


def table(name: str, language: str) -> tuple[Any, Any, str]:
    """A table some moves in, the words of a reader of ``language`` with the players' names, and the board they
    read, its wrapped lines joined again."""
    rules = engine.game(name)
    said = named(words(rules, language), NAMES)
    state = midgame(name)
    return state, said, re.sub(r"\s*\n\s+", " ", rules.render(state, None, said))


@pytest.mark.parametrize("language", LANGUAGES)
def test_dragon_names_the_seat_asked_now_and_the_turn_order(language: str) -> None:
    state, said, board = table("dragon", language)
    actor = state.actor
    now = said.say(engine.text.T("Now: seat %(seat)s, %(title)s: %(expected)s", seat=seat_tag(said, actor),
                                 title="", expected="")).split(",")[0]
    assert now in board and NAMES[actor] in now
    for seat in range(4):
        assert seat_label(said, seat) in board


@pytest.mark.parametrize("language", LANGUAGES)
def test_china_names_the_seat_whose_turn_it_is(language: str) -> None:
    state, said, board = table("china", language)
    first = board[:board.index(said.say(engine.text.TN("Deck: %(n)s card", "Deck: %(n)s cards", len(state.deck))))]
    assert seat_tag(said, state.current) in first, first


@pytest.mark.parametrize("language", LANGUAGES)
def test_prodigals_names_the_turn_order_and_who_took_each_space(language: str) -> None:
    state, said, board = table("prodigals", language)
    order = ", ".join(seat_label(said, seat) for seat in state.order)
    assert order in board, order
    taken = state.taken
    assert taken
    for seat in set(taken.values()):
        assert board.count(f"{seat_label(said, seat)}: ") >= 2  # its line of scores and its taken spaces
        assert f"=S{seat + 1}" not in board  # no more "e-set1=S2": the seat heads its spaces
    grids = said.say(engine.text.T("Society grids, left to right: %(seats)s",
                                   seats=", ".join(seat_label(said, seat) for seat in range(4))))
    assert grids in board  # each grid's player named in full, never cut to the grid's width
    lines = engine.game("prodigals").render(state, None, said).splitlines()
    society = next(line for line in lines if line.startswith(said.say(engine.text.T("row")) + " "))
    assert society.split()[1:5] == ["1", "2", "3", "4"], society  # the grids headed by their seats' numbers
    assert "…" not in board


def test_without_names_the_boards_write_seat_numbers() -> None:
    rules = engine.game("prodigals")
    state = midgame("prodigals")
    board = rules.render(state, None)
    assert "Turn order: " + ", ".join(f"seat {seat + 1}" for seat in state.order) in board
    assert "(" not in board.splitlines()[1]
