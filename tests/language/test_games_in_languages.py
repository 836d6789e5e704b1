"""Whole games by email in Greek, Hungarian and Russian: players copy a line from their prompt and reply.

Each game runs through the real reply pipeline on a real SQLite file. A player
picks one of the legal moves their prompt lists, in their language's move
words, and sends it back as a reply; every reply must be played, every mail
a player gets must be in their language and fit 78 columns, and the game
must end. One game mixes English notation and the player's words, line by
line and word by word, as a player who half remembers the English would.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select

import engine
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.language.catalogs import DOMAINS
from pbem.language.words import translations, words
from pbem.ops.db import Game, Move, Outbox, Player
from pbem.play import deadlines
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.simulation.swarm import NUMBER
from tests.language.test_languages import english_fragments
from tests.support.loop import START, make_settings, outbox, reply_to

SCRIPTS = {"el": re.compile("[\u0370-\u03ff]"), "ru": re.compile("[\u0400-\u04ff]"), "hu": re.compile("[őűáéíóöúü]")}
PLAYERS = {"dragon": 3, "china": 3, "prodigals": 2}
ASKED = {
    "dragon": {"start", "action", "build", "person", "release"},
    "china": {"turn", "place", "draw"},
    "prodigals": {"errand", "action", "take", "option", "wild", "row", "move", "drop", "bonus", "tile"},
}
"""The kinds of decision these games' prompts ask at least (so every such prompt is checked in each language)."""
PLAYER_KINDS = {"prompt", "confirmation", "notice", "game_over", "refusal"}


def start(tmp_path: Path, game: str, language: str, seed: int, players: int | None = None) -> Service:
    """A game of ``players`` (by default :data:`PLAYERS`) reading ``language``, its first prompts sent."""
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    emails = [f"p{n}@example.org" for n in range(players or PLAYERS[game])]
    with Session(service.db) as session:
        session.add_all(Player(email=email, name=f"P{n}", language=language, time_zone="Europe/Budapest")
                        for n, email in enumerate(emails))
        session.commit()
    service.new_game(game, emails, seed=seed)
    return service


def listed(row: Outbox, language: str) -> list[str]:
    """The legal moves a prompt lists, as the player reads them."""
    header = re.escape(translations(language).gettext("Your legal moves:"))
    found = re.search(rf"^{header}\n((?:  .+\n)+)", row.text, re.MULTILINE)
    assert found, f"the prompt lists the legal moves:\n{row.text}"
    return [NUMBER.sub("", line.strip()) for line in found[1].splitlines() if not line.strip().startswith("…")]


def mixed(line: str, language: str, game: str, rng: random.Random) -> str:
    """The line with some of its words put back into English: the first, or all, or none."""
    said = words(engine.game(game), language)
    choice = rng.randrange(3)
    if choice == 0:
        return said.english(line)
    if choice == 1:
        first, _, rest = line.partition(" ")
        return f"{said.english(first)} {rest}".strip()
    return line


def play_to_the_end(service: Service, game: str, language: str, rng: random.Random, mix: bool = False,
                    kinds: set[str] | None = None, before: Callable[[Outbox], None] | None = None) -> int:
    """Answer every open prompt with a line it lists until the game is over; the number of replies.

    ``kinds`` collects the kinds of decision the prompts asked; ``before`` is called with each prompt before it
    is answered (a deadline's reminder may come then, or a command)."""
    answered: set[int] = set()
    replies = 0
    while True:
        with Session(service.db) as session:
            row = session.exec(select(Game)).one()
        if row.status == "over":
            return replies
        latest: dict[str, Outbox] = {}
        for prompt in outbox(service, kind="prompt"):
            latest[prompt.recipient] = prompt
        waiting = [prompt for prompt in latest.values() if prompt.id not in answered]
        assert waiting, "the game is not over, yet no prompt waits for an answer"
        for prompt in waiting:
            answered.add(prompt.id)  # type: ignore[arg-type]
            if kinds is not None:
                with Session(service.db) as session:
                    loaded = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
                    asked = loaded.rules.decision(loaded.state, prompt.seat)  # type: ignore[arg-type]
                    kinds.add(asked.kind if asked else "")
            if before is not None:
                before(prompt)
            line = rng.choice(listed(prompt, language))
            sent = mixed(line, language, game, rng) if mix else line
            outcome = pipeline.deliver(service, reply_to(prompt, sent))
            refusal = outbox(service, recipient=prompt.recipient, kind="refusal")
            assert outcome.status == "applied", (sent, outcome, refusal[-1].text if refusal else "")
            replies += 1
        assert replies < 2000, "the game does not end"


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_a_whole_game_by_email_in_the_players_language(tmp_path: Path, game: str, language: str) -> None:
    service = start(tmp_path, game, language, seed=3)
    kinds: set[str] = set()
    replies = play_to_the_end(service, game, language, random.Random(7), kinds=kinds)
    assert replies > PLAYERS[game] and kinds >= ASKED[game]
    mails = [row for row in outbox(service) if row.kind in PLAYER_KINDS]
    assert {row.kind for row in mails} >= {"prompt", "game_over"}
    english = english_sentences()
    for row in mails:
        assert SCRIPTS[language].search(row.text), row.text
        written = " ".join(f"{row.subject} {row.text}".split())
        assert [sentence for sentence in english if sentence in written] == [], row.text
        too_wide = [line for line in row.text.splitlines() if len(line) > 78]
        assert too_wide == [], f"{row.kind} mail lines wider than 78 columns"
        if language == "el":  # an ASCII ";" reads as a question mark in Greek
            assert ";" not in f"{row.subject} {row.text}", row.text
    assert len([row for row in mails if row.kind == "game_over"]) == PLAYERS[game]
    with Session(service.db) as session:  # the game-over mail ends with the whole game, as the log numbers it
        seqs = [move.seq for move in session.exec(select(Move).order_by(Move.seq))]  # type: ignore[arg-type]
    heading = translations(language).gettext("Every move of the game:")
    for over in (row for row in mails if row.kind == "game_over"):
        record = over.text.split(heading, 1)[1]
        runs = re.findall(r"^ *(\d+)(?:-(\d+))?  \S", record, re.MULTILINE)  # a seat's moves in a row: one entry
        assert [seq for first, last in runs for seq in range(int(first), int(last or first) + 1)] == seqs, record
        assert heading in over.html
        assert all(f"<li>{first}{'-' + last if last else ''} " in over.html for first, last in runs)


@pytest.mark.parametrize(("game", "language"), [("dragon", "el"), ("china", "hu"), ("prodigals", "ru")])
def test_a_whole_game_with_english_and_the_players_words_mixed(tmp_path: Path, game: str, language: str) -> None:
    service = start(tmp_path, game, language, seed=5)
    assert play_to_the_end(service, game, language, random.Random(11), mix=True) > PLAYERS[game]


def english_sentences() -> frozenset[str]:
    """Every English sentence pbem's catalog and the games' catalogs translate (three words or more)."""
    return english_fragments(*DOMAINS)


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_a_refusal_says_why_and_the_closest_moves_in_the_players_language(
        tmp_path: Path, game: str, language: str) -> None:
    service = start(tmp_path, game, language, seed=3)
    prompt = outbox(service, kind="prompt")[0]
    said = words(engine.game(game), language)
    first = listed(prompt, language)[0]
    wrong = first.split(" ")[0] + " 77 zzz"  # the first word of a legal move, then nonsense
    assert pipeline.deliver(service, reply_to(prompt, wrong)).status == "refused"
    refusal = outbox(service, recipient=prompt.recipient, kind="refusal")[-1]
    assert SCRIPTS[language].search(refusal.subject)
    why = translations(language).gettext("Why: %(reason)s").split("%(reason)s")[0]
    reason = refusal.text.split(why, 1)[1].split("\n\n")[0]
    assert SCRIPTS[language].search(reason), reason
    header = re.escape(translations(language).gettext("Closest legal moves:"))
    closest = re.search(rf"^{header}\n((?:  .+\n)+)", refusal.text, re.MULTILINE)
    assert closest, refusal.text
    for line in (line.strip() for line in closest[1].splitlines()):
        assert said.english(line) != line, f"{line!r} is not written in the player's words"
    words_of_mail = " ".join(refusal.text.split())
    assert [sentence for sentence in english_sentences() if sentence in words_of_mail] == []


def test_a_negated_pass_in_russian_is_refused_and_no_move_is_played(tmp_path: Path) -> None:
    """«не пас» ("don't pass") was read as ``pass``: the reader skipped the word it did not know (#29)."""
    service = start(tmp_path, "dragon", "ru", seed=3)
    passing = words(engine.game("dragon"), "ru").move("pass")
    answered: set[int] = set()
    for _ in range(20):  # the players start their palaces; then the first prompt that lists pass
        latest = {prompt.recipient: prompt for prompt in outbox(service, kind="prompt")}
        prompt = next(prompt for prompt in latest.values() if prompt.id not in answered)
        if passing in listed(prompt, "ru"):
            break
        answered.add(prompt.id)  # type: ignore[arg-type]
        assert pipeline.deliver(service, reply_to(prompt, listed(prompt, "ru")[0])).status == "applied"
    else:
        raise AssertionError("no prompt listed pass")
    with Session(service.db) as session:
        moves_before = len(session.exec(select(Move)).all())
    outcome = pipeline.deliver(service, reply_to(prompt, f"не {passing}"))
    assert outcome.status == "refused", outcome
    with Session(service.db) as session:
        assert len(session.exec(select(Move)).all()) == moves_before
    refusal = outbox(service, recipient=prompt.recipient, kind="refusal")[-1]
    assert "«не»" in refusal.text and SCRIPTS["ru"].search(refusal.subject), refusal.text
    assert pipeline.deliver(service, reply_to(prompt, passing)).status == "applied"  # the same prompt, answered


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
def test_the_move_a_bot_played_at_the_deadline_is_told_in_the_players_words(tmp_path: Path, language: str) -> None:
    """The timeout mail quoted the bot's move in English notation, Latin words among Greek or Cyrillic ones."""
    service = start(tmp_path, "dragon", language, seed=3)
    clock = service.clock
    assert isinstance(clock, SetClock)
    clock.advance(timedelta(hours=service.settings.deadline_hours + 1))
    deadlines.scan(service)
    with Session(service.db) as session:
        played = {(move.seat, move.notation) for move in session.exec(select(Move).where(Move.source == "timeout"))}
    said = words(engine.game("dragon"), language)
    told = {row.seat: row.text for row in outbox(service, kind="timeout")}
    assert played and set(told) == {seat for seat, _ in played}
    for seat, notation in played:
        assert said.move(notation) in " ".join(told[seat].split()) and notation not in told[seat], told[seat]
