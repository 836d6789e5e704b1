"""The Prodigals Club's prompts read at a glance (issue 44, item 5), in every language, over a whole game played
through the service: the board names what lies on the table as the rulebook does (a political circle tile by
its edges, a possession by its symbol, value and borough, a card set by its competition and number, an errand
space or a bonus action tile by its name, a seat as the language writes it), never by the codes a reply may use
for them (``pc-i5``, ``pt13``, ``e-set1``, «ε-ψηφοθηρία», ``e-megaphones``, ``S2``); and a prompt states its
decision once: neither the text board nor the picture repeats the reader's own decision.

The codes stay what a reply types: the legal moves still show them, the menu of choices says which tile each
names, and a reply in them is still read (the greedy bot's answers below are sent in the notation).
"""

from __future__ import annotations

import random
import re
from functools import partial
from pathlib import Path

import pytest
from PIL import Image
from sqlmodel import Session

import engine
from engine.prodigals import flow, picture
from engine.prodigals.data import DATA, slug
from engine.prodigals.views import decision
from engine.text import T, seat_label
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.language.words import translations, words
from pbem.ops.db import Outbox, Player
from pbem.serve import pipeline
from tests.prodigals.test_picture_labels import Recording, recorded
from tests.support.loop import START, make_settings, outbox, reply_to

GAME = engine.game("prodigals")
PLAYERS = ["ann@example.org", "bob@example.org", "cat@example.org"]
LANGUAGES = ("en", "el", "hu", "ru")
SEATS = re.compile(r"\bS\d\b")
"""A seat written as a code (``S2``), in any script's text."""


def codes(language: str) -> re.Pattern[str]:
    """Every code of a tile (a political circle tile or a possession), an errand space (a card set among them) or
    a bonus action tile as a reply in ``language`` writes it (``pc-ii4``, ``pt13``, «ε-σετ1», «ε-ψηφοθηρία»,
    «κεντρική-κάρτα», «в-мегафоны»), and a seat's code."""
    said = words(GAME, language)
    shown = {said.move(slug(tile)) for tile in DATA.tile_by_slug.values()}
    shown |= {said.move(key) for side in ("2-3", "4-5") for players in (2, 3, 4, 5)
              for key in flow.space_table(side, ("P", "E", "S"), players)}
    shown |= {said.move(tile.slug) for tile in DATA.bonus_tiles}
    return re.compile("|".join([SEATS.pattern] + [rf"(?<![\w-]){re.escape(code)}(?![\w-])"
                                                 for code in sorted(shown, key=len, reverse=True)]))


def board_of(mail: Outbox, language: str) -> str:
    """The board a prompt shows: from the game's title to the menu of choices (or the legal moves)."""
    said, catalog = words(GAME, language), translations(language)
    title = said.say(T("The Prodigals Club, round %(round)s of %(rounds)s, %(phase)s; %(competitions)s",
                       round=1, rounds=5, phase="", competitions="")).split(",")[0]
    text = mail.text
    start = text.index(title)
    ends = [text.find(catalog.gettext(heading), start) for heading in ("What you choose:", "Your legal moves:")]
    return text[start:min(end for end in ends if end >= 0)]


def played(tmp_path: Path, language: str, steps: int) -> list[tuple[Outbox, engine.State, int]]:
    """Each prompt of a whole game whose players read ``language``, with the state and seat it asks, the greedy
    bot answering every decision by a reply in the notation."""
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    with Session(service.db) as session:
        session.add_all(Player(email=email, language=language) for email in PLAYERS)
        session.commit()
    game_id = service.new_game("prodigals", PLAYERS, seed=3,
                               options={"competitions": ["possessions", "election", "society"]})
    rng, asked = random.Random(1), []
    for step in range(steps):
        with Session(service.db) as session:
            state = service.store.load(session, game_id).state
        due = sorted(GAME.to_act(state))
        if not due:
            break
        seat = due[0]
        prompt = outbox(service, recipient=PLAYERS[seat], kind="prompt")[-1]
        asked.append((prompt, state, seat))
        move = GAME.format(GAME.greedy(state, seat, rng))
        outcome = pipeline.deliver(service, reply_to(prompt, move, message_id=f"<glance-{step}@client.example>"))
        assert outcome.status == "applied", (move, outcome)
    else:
        pytest.fail(f"the game did not end in {steps} decisions")
    return asked


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_prodigals_board_shows_no_code_and_its_prompt_states_the_decision_once(
        tmp_path: Path, language: str) -> None:
    found = codes(language)
    said = words(GAME, language)
    asked = played(tmp_path, language, steps=400)
    checked = 0
    for prompt, state, seat in asked:
        board = board_of(prompt, language)
        assert not found.search(board), (found.search(board), board)
        now = decision(state, seat)
        title = said.say(now.title)  # type: ignore[union-attr]
        pen = Recording(Image.new("RGB", (picture.WIDTH, 400), picture.WHITE))
        drawn = [text for text, _, _ in recorded(partial(picture._due, state, seat, pen, said, 0))]
        own = said.say(T("Due: %(seat)s, %(title)s", seat=seat_label(said, seat), title=now.title))  # type: ignore[union-attr]
        assert own not in drawn, drawn  # the picture leaves the reader's own decision to the mail
        if title not in prompt.subject:
            continue  # a prompt of an earlier decision of the same seat, answered by a reply that carried both
        assert " ".join(prompt.text.split()).count(title) == 1, prompt.text  # wrapped lines joined again
        for choice in now.choices:  # type: ignore[union-attr]
            assert said.say(choice) not in board, said.say(choice)
        checked += 1
    assert checked > len(asked) // 2, (checked, len(asked))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_picture_names_every_errand_space_and_bonus_tile_without_its_code(language: str) -> None:
    """The picture's boxes of errand spaces and its line of bonus tiles, at every table size and on both sides of
    the boards, show no code a reply types."""
    found, said = codes(language), words(GAME, language)
    for side in ("2-3", "4-5"):
        for players in (2, 3, 4, 5):
            for key in flow.space_table(side, ("P", "E", "S"), players):
                shown, _ = picture.space_label(said, key)
                assert not found.search(shown[0]), (key, shown)
    state = GAME.new(3, 3, {"competitions": ["possessions", "election", "society"]})
    assert state.bonus_tiles
    pen = Recording(Image.new("RGB", (picture.WIDTH, 800), picture.WHITE))
    drawn = " ".join(text for text, _, _ in recorded(lambda: picture._spaces(state, pen, said, 0)))
    assert not found.search(drawn), (found.search(drawn), drawn)
