"""Names at the table (issue 32): a mail's board names every seat's player where it names the seat, in every
game (a player registered without a name as "Player N", never by their address); China's board writes a hand as counts and leaves out courts no emissary may enter yet."""

from __future__ import annotations

import re

import pytest
from sqlmodel import Session

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.play.players import find_or_add
from tests.support.loop import START, make_settings, outbox

PLAYERS = ["ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"]


@pytest.mark.parametrize(("game", "named"), [
    ("dragon", r"seat {n} \({name}\):"), ("china", r"^{n} \({name}\)\*?\s"), ("prodigals", r"seat {n} \({name}\):"),
])
def test_every_seat_is_named_on_the_board_of_a_prompt(tmp_path, game: str, named: str) -> None:
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    service.new_game(game, PLAYERS[:3], seed=2)
    prompt = outbox(service, kind="prompt")[0]
    reader = PLAYERS.index(prompt.recipient)
    for seat, email in enumerate(PLAYERS[:3]):
        if game == "dragon" and seat == reader:
            continue  # the reader's own court is "Your court"; the Others block names the others
        pattern = named.format(n=seat + 1, name=f"Player {seat + 1}")  # registered without a name: never "ann"
        if seat != reader:  # the reader is greeted by their own address's name; a table-mate never reads it
            assert not re.search(rf"\b{email.split('@')[0]}\b", prompt.text)
        assert re.search(pattern, prompt.text, re.MULTILINE), (pattern, prompt.text)


def test_china_board_writes_a_hand_as_counts_and_no_empty_court_limits(tmp_path) -> None:
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    service.new_game("china", PLAYERS[:3], seed=2)
    text = outbox(service, kind="prompt")[0].text
    hand = re.search(r"Your hand \(seat \d\): (.*)", text)
    assert hand and re.fullmatch(r"(\w+ ×\d)(, \w+ ×\d)*", hand.group(1)), hand
    assert "of at most 0" not in text


@pytest.mark.parametrize(("language", "nameless"), [("el", "Παίκτης {n}"), ("hu", "{n}. játékos"), ("ru", "Игрок {n}")])
def test_a_table_mate_without_a_name_is_player_n_in_the_readers_language(tmp_path, language: str,
                                                                          nameless: str) -> None:
    """Every mail names a nameless table-mate by seat in the reader's words, and a named one by their name."""
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    with Session(service.db) as session:
        for email in PLAYERS[:3]:
            player = find_or_add(session, email)
            player.language = language
            if email == PLAYERS[2]:
                player.name = "Zsófia Kardos"
        session.commit()
    service.new_game("china", PLAYERS[:3], seed=2)
    for mail in outbox(service):
        reader = PLAYERS.index(mail.recipient)
        for seat in {0, 1} - {reader}:
            assert nameless.format(n=seat + 1) in mail.text, (language, seat, mail.text)
            assert not re.search(rf"\b{PLAYERS[seat].split('@')[0]}\b", mail.text), mail.text
        if reader != 2:
            assert "Zsófia Kardos" in mail.text and "Player 3" not in mail.text
