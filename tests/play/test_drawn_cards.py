"""China (#32): a reply whose own moves drew cards is confirmed at once, saying which cards, above the new hand.

The player plans its next turn from that mail (and may send it ahead), so the
mail must name the cards plainly in the player's language, as the rulebook
names them (by colour), and show the hand they make. Played through the real
reply pipeline on a real SQLite file: a reply answered by the player's prompt,
and a turn sent ahead that is played when it comes.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from sqlmodel import Session

import engine
from engine.china.flow import COLOURS
from engine.china.moves import Play
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.language.words import words
from pbem.ops.db import Outbox, Player
from pbem.play.service import Service
from tests.support.loop import START, make_settings, outbox
from tests.play.test_ahead import PLAYERS, flat, send, state_of

CHINA = engine.game("china")
DREW = {"en": "You drew:", "hu": "Húzott lapok:", "el": "Τραβήξατε:", "ru": "Взятые карты:"}
"""The words before the cards, as each language's catalog has them (written out: what a player reads)."""
HAND = {"en": "Your hand (seat", "hu": "Az Ön keze (", "el": "Το χέρι σας (θέση", "ru": "Ваша рука (место"}


def open_china(path: Path, language: str) -> tuple[Service, int]:
    path.mkdir(parents=True, exist_ok=True)
    service = open_service(make_settings(path), clock=SetClock(START))
    with Session(service.db) as session:
        session.add_all(Player(email=email, language=language) for email in PLAYERS)
        session.commit()
    return service, service.new_game("china", PLAYERS, seed=4)


def turn(state: engine.State, seat: int) -> list[engine.Move]:
    """The seat's whole turn by a fixed policy (the greedy bot with a fresh seed): the same moves from the same
    state, so a test can play a future on a copy and know what will happen."""
    work, moves = CHINA.clone(state), []
    while seat in CHINA.to_act(work):
        moves.append(CHINA.greedy(work, seat, random.Random(0)))
        work = CHINA.apply(work, seat, moves[-1])
    return moves


def taken(before: engine.State, after: engine.State, seat: int, moves: list[engine.Move]) -> Counter[str]:
    """The cards that came into the seat's hand: the hand after, less the hand before the cards it played."""
    played = Counter(card for move in moves if isinstance(move, Play) for card in move.cards)
    hand = Counter({COLOURS[c]: n for c, n in enumerate(before.hands[seat])}) - played
    return Counter({COLOURS[c]: n for c, n in enumerate(after.hands[seat])}) - hand


def drew_line(mail: Outbox, language: str) -> list[str]:
    """The colours the mail says were drawn, in the player's words."""
    text = flat(mail.text)
    assert DREW[language] in text, f"the mail names the cards drawn:\n{mail.text}"
    return text.split(DREW[language], 1)[1].split(".", 1)[0].strip().split(", ")


def check_hand(mail: Outbox, service: Service, game_id: int, seat: int, language: str) -> None:
    hand = CHINA.render(state_of(service, game_id), seat, words(CHINA, language)).split(HAND[language])[1]
    assert HAND[language] + hand.splitlines()[0] in mail.text, "the new hand is shown below it"
    assert mail.text.index(DREW[language]) < mail.text.index(HAND[language]), "the cards first, then the hand"


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_reply_drawing_from_the_deck_is_confirmed_at_once_naming_the_cards_and_the_new_hand(
        tmp_path: Path, language: str) -> None:
    service, game_id = open_china(tmp_path, language)
    said = words(CHINA, language)
    checked = 0
    for _ in range(40):
        before = state_of(service, game_id)
        (seat,) = CHINA.to_act(before)
        moves = turn(before, seat)
        lines = [CHINA.format(move) for move in moves]
        mails = len(outbox(service, recipient=PLAYERS[seat]))
        assert send(service, seat, "\n".join(lines), f"drew-{checked}-{len(outbox(service))}").status == "applied"
        if "draw deck" not in lines or seat in CHINA.to_act(state_of(service, game_id)):
            continue
        [confirmation] = outbox(service, recipient=PLAYERS[seat])[mails:]
        assert confirmation.kind == "confirmation"
        cards = taken(before, state_of(service, game_id), seat, moves)
        assert Counter(drew_line(confirmation, language)) == Counter(
            {said.move(colour): n for colour, n in cards.items()}), confirmation.text
        check_hand(confirmation, service, game_id, seat, language)
        checked += 1
        if checked >= 2:
            break
    assert checked >= 2


def test_a_reply_drawing_only_from_the_display_is_folded_and_names_no_cards(tmp_path: Path) -> None:
    """What the player chose from the open display all can see: no mail of its own (as every other reply)."""
    service, game_id = open_china(tmp_path, "en")
    for _ in range(60):
        before = state_of(service, game_id)
        (seat,) = CHINA.to_act(before)
        lines = [CHINA.format(move) for move in turn(before, seat)]
        mails = len(outbox(service, recipient=PLAYERS[seat]))
        assert send(service, seat, "\n".join(lines), f"display-{len(outbox(service))}").status == "applied"
        if any(line.startswith("draw") for line in lines) and "draw deck" not in lines:
            assert outbox(service, recipient=PLAYERS[seat])[mails:] == []
            return
    pytest.fail("no reply drew only from the display")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_turn_sent_ahead_that_draws_from_the_deck_is_confirmed_when_played_naming_the_cards(
        tmp_path: Path, language: str) -> None:
    """A kept turn played when it comes, nothing else due to the seat: the mail that says so names the cards."""
    service, game_id = open_china(tmp_path, language)
    said = words(CHINA, language)
    for attempt in range(30):
        state = state_of(service, game_id)
        (due,) = CHINA.to_act(state)
        # the seat after the due one sends its next turn ahead, written from the future the others' turns lead to
        work = CHINA.clone(state)
        for move in turn(work, due):
            work = CHINA.apply(work, due, move)
        (ahead,) = CHINA.to_act(work)
        mine = turn(work, ahead)
        lines = [CHINA.format(move) for move in mine]
        if "draw deck" not in lines or ahead == due:
            assert send(service, due, "\n".join(CHINA.format(m) for m in turn(state, due)),
                        f"on-{attempt}").status == "applied"
            continue
        assert send(service, ahead, "\n".join(lines), f"ahead-{attempt}", kind=None).status == "held"
        mails = len(outbox(service, recipient=PLAYERS[ahead]))
        assert send(service, due, "\n".join(CHINA.format(m) for m in turn(state, due)),
                    f"due-{attempt}").status == "applied"
        told = [row for row in outbox(service, recipient=PLAYERS[ahead])[mails:] if row.kind == "confirmation"]
        assert len(told) == 1, "the kept turn was played and the seat is told at once"
        cards = taken(work, state_of(service, game_id), ahead, mine)
        assert Counter(drew_line(told[0], language)) == Counter(
            {said.move(colour): n for colour, n in cards.items()}), told[0].text
        check_hand(told[0], service, game_id, ahead, language)
        return
    pytest.fail("no turn sent ahead drew from the deck")
