"""Refusals wholly in the player's language (#29 item 4): the reason, the line it quotes and the closest moves.

A Greek, Hungarian or Russian player sends replies that cannot be played (a
word no game reads, a negation, a number too many, a move of another
decision, two alternatives neither of which can be played) through the real
reply pipeline; every refusal must quote the line as the player wrote it,
never as the reader turned it into English notation («recruit νεαρό αγρότη
στο palace 1»), and its reason, expectation and closest moves must hold no
English move word. Greek text has no ASCII ";" (it reads as a question
mark there). The game's title, the commands' placeholders and the seat
column are said in the player's language too.
"""

from __future__ import annotations

import random
import re
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import pytest
from babel.messages.pofile import read_po
from sqlmodel import Session, select

import engine
from engine.notation import words_of
from engine.protocol import reply_words
from pbem.language.catalogs import DOMAINS
from pbem.language.words import TITLE_CONTEXT, translations, words
from pbem.serve import pipeline
from pbem.ops.db import Game
from pbem.play.commands import COMMANDS
from tests.support.loop import outbox, reply_to
from tests.language.test_games_in_languages import SCRIPTS, listed, start

NEGATION = {"el": "όχι", "hu": "nem", "ru": "не"}
WRONG_DECISION = {"dragon": "pass", "china": "draw deck", "prodigals": "done"}
"""A well-formed move of another decision than the first prompt's, in notation."""


def language_words(language: str) -> frozenset[str]:
    """Every word of every translation in ``language``: an English move word that is also one of these (a name,
    an identifier the catalogs keep) is no sign of English."""
    found: set[str] = set()
    for domain in DOMAINS:
        with domain.po(language).open("rb") as source:
            for message in read_po(source, locale=language):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                found |= words_of(string for string in strings if string)
    return frozenset(found)


def english_move_words(game: str, language: str) -> frozenset[str]:
    """The English words of the game's move notation (its catalog's move msgids) that the language never writes."""
    return words_of(word.msgid for word in reply_words(engine.game(game))) - language_words(language)


def section(text: str, heading: str) -> str:
    """The paragraph of a mail that starts with ``heading``, its wrapped lines joined with spaces."""
    found = re.search(rf"^{re.escape(heading)}(.*?)(?:\n\n|\Z)", text, re.MULTILINE | re.DOTALL)
    return " ".join(found[1].split()) if found else ""


def quoted_line(reason: str, language: str) -> str:
    """The line a refusal's reason says it was read in, from the language's own wording of "(in the line …)"."""
    pattern = translations(language).gettext('%(reason)s (in the line "%(line)s")')
    before, after = (part.strip() for part in pattern.split("%(reason)s", 1)[1].split("%(line)s"))
    start_at = reason.index(before) + len(before)
    return reason[start_at:reason.index(after, start_at)].strip()


def refuse(tmp_path: Path, game: str, language: str) -> list[tuple[str, str]]:
    """Each wrong reply sent to the first prompt of a new game, with the refusal it got."""
    service = start(tmp_path, game, language, seed=3)
    prompt = outbox(service, kind="prompt")[0]
    said = words(engine.game(game), language)
    first = listed(prompt, language)[0]
    other = said.move(WRONG_DECISION[game])
    sent = [f"{first.split(' ')[0]} 77 zzqx", f"{NEGATION[language]} {first}", f"{first} 9", other,
            f"{other}, {said.move('else')} {first} 9"]
    refusals = []
    for line in sent:
        assert pipeline.deliver(service, reply_to(prompt, line)).status == "refused", line
        refusals.append((line, outbox(service, recipient=prompt.recipient, kind="refusal")[-1].text))
    return refusals


def check_refusal(sent: str, text: str, game: str, language: str) -> None:
    """The refusal of ``sent`` quotes it as written and says its reason, expectation and closest moves with no
    English move word (one the player wrote aside); Greek has no ASCII ";"."""
    catalog = translations(language)
    reason = section(text, catalog.gettext("Why: %(reason)s").split("%(reason)s")[0])
    assert SCRIPTS[language].search(reason), reason
    assert quoted_line(reason, language) == " ".join(sent.split()), (sent, reason)
    closest = re.search(rf"^{re.escape(catalog.gettext('Closest legal moves:'))}\n((?:  .+\n)+)", text, re.MULTILINE)
    said = " ".join([reason, section(text, catalog.gettext("Expected now: %(expected)s.").split("%(expected)s")[0]),
                     closest[1] if closest else ""])
    english = english_move_words(game, language)
    leaked = sorted(word for word in words_of([said]) - words_of([sent]) if word in english)
    assert leaked == [], f"English move words {leaked} in the refusal of {sent!r}:\n{text}"
    if language == "el":
        assert ";" not in text, f"an ASCII ';' reads as a question mark in Greek:\n{text}"


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_a_refusal_quotes_the_line_as_written_and_says_no_english_move_word(
        tmp_path: Path, game: str, language: str) -> None:
    assert english_move_words(game, language), "the game has English move words the language does not write"
    for sent, text in refuse(tmp_path, game, language):
        check_refusal(sent, text, game, language)


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_refusals_through_a_whole_game_are_in_the_players_language(tmp_path: Path, game: str, language: str) -> None:
    """Every decision kind a game asks gets its own reasons: at every few prompts through a whole game, a listed
    line with a number too many, and that line twice as alternatives, are refused in the player's words."""
    service = start(tmp_path, game, language, seed=3)
    said = words(engine.game(game), language)
    answered: set[int] = set()
    refused = 0
    for turn in range(2000):
        with Session(service.db) as session:
            if session.exec(select(Game)).one().status == "over":
                break
        latest = {prompt.recipient: prompt for prompt in outbox(service, kind="prompt")}
        prompt = next(prompt for prompt in latest.values() if prompt.id not in answered)
        answered.add(prompt.id)  # type: ignore[arg-type]
        line = random.Random(turn).choice(listed(prompt, language))
        if turn % 7 == 0:
            service.clock.advance(timedelta(hours=12))  # within the day's budget of answers to a player
            for sent in (f"{line} 9", f"{line} 9, {said.move('else')} {line} 8"):
                assert pipeline.deliver(service, reply_to(prompt, sent)).status == "refused", sent
                check_refusal(sent, outbox(service, recipient=prompt.recipient, kind="refusal")[-1].text, game, language)
                refused += 1
        assert pipeline.deliver(service, reply_to(prompt, line)).status == "applied", line
    assert refused >= 10


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_the_game_title_and_the_commands_placeholders_are_in_the_players_language(
        tmp_path: Path, game: str, language: str) -> None:
    service = start(tmp_path, game, language, seed=3)
    rules = engine.game(game)
    title = translations(language, game).pgettext(TITLE_CONTEXT, rules.title)
    assert title != rules.title
    with Session(service.db) as session:
        label = session.exec(select(Game)).one().label  # the organiser's name for the table ("China #1") stays
    mails = outbox(service)
    assert any(title in f"{row.subject} {row.text}" for row in mails)
    for row in mails:
        written = f"{row.subject}\n{row.text}\n{row.html}".replace(label, "").replace(quote(label, safe=""), "")
        assert rules.title not in written, row.text  # the label stays in the subject the links write too
    prompt = outbox(service, kind="prompt")[0]
    footer = " ".join(prompt.text.replace("\u00a0", " ").split())
    for usage in COMMANDS.usages():
        placeholder = re.findall(r"<[^>]+>|[A-Z]{4}-[A-Z]{2}-[A-Z]{2}", usage)
        if placeholder:
            assert placeholder[0] not in footer, footer
            assert translations(language).gettext(usage) in footer, usage


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
def test_seat_and_rank_read_differently(language: str) -> None:
    """A seat at the table and a place in the ranking are two words in every language: «место» was both."""
    seat = translations(language, "china").pgettext("column", "seat")
    rank = translations(language).gettext("rank")
    assert seat.casefold() != rank.casefold() and rank.casefold() not in seat.casefold().split(), (seat, rank)


def test_a_greek_china_turn_shows_no_ascii_semicolon_and_reads_back() -> None:
    """China's steps are joined with the ano teleia in Greek; a line copied from the mail reads as the same turn."""
    rules = engine.game("china")
    said = words(rules, "el")
    notation = "play red red; wei: pagoda 3, emissary; draw up2, deck"
    shown = said.move(notation)
    assert ";" not in shown and shown.count("·") == 2, shown
    read = [normalise_line(rules, said, line) for line in (shown, shown.replace("\u00b7", "\u0387"))]
    assert read == [normalise_line(rules, said, notation)] * 2


def normalise_line(rules: engine.Game, said: object, line: str) -> tuple[str, ...]:
    """A reply line as the game reads it: its one entry's alternatives."""
    [entry], _after_done = rules.entries(line, said)  # type: ignore[arg-type]
    return entry.alternatives
