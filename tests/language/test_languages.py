"""The players' languages: the catalogs are complete, each mail is written in its reader's language, and a
player chooses theirs with the ``language`` command (or gets their tournament's)."""

from __future__ import annotations

import fnmatch
import functools
import re
import tomllib
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.serve import pipeline
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.play.commands.language import language_named, language_written
from pbem.ops.db import Audit, Outbox, Player
from pbem.language.catalogs import DOMAINS, LANGUAGES, Domain, keys, read, stale
from pbem.language.letters import Letters
from pbem.play.commands import COMMANDS
from pbem.play.service import Service
from tests.support.loop import START, make_settings, outbox, reply_to

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("el", "hu", "ru")
REVIEW = "translated here, to be reviewed by a native speaker"
ANN, BOB, CAT = "ann@example.org", "bob@example.org", "cat@example.org"
SCRIPTS = {"el": re.compile("[\u0370-\u03ff]"), "ru": re.compile("[\u0400-\u04ff]"), "hu": re.compile("[őűáéíóöúü]")}
"""Letters only the language's own script (or, for Hungarian, its accents) has."""


def catalog(language: str, domain: Domain = DOMAINS[0]):  # type: ignore[no-untyped-def]
    return read(domain.po(language), language)


def test_the_catalogs_hold_exactly_the_marked_texts_and_their_compiled_files_are_current() -> None:
    assert stale() == [], "run python -m pbem.language.catalogs, then translate the new entries"


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda domain: domain.name)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_text_is_translated_in_the_catalog_without_fuzzy_or_empty_entries(
        language: str, domain: Domain) -> None:
    found = catalog(language, domain)
    assert keys(found) == keys(domain.extract()), "run python -m pbem.language.catalogs, then translate"
    for message in found:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(form.strip() for form in forms), message.id
        assert len(forms) == (found.num_plurals if message.pluralizable else 1), message.id
        terms = [comment for comment in message.user_comments if comment.startswith("rulebook term: seeds/")]
        assert message.user_comments == [REVIEW] or (  # every entry not a seed's term is marked for review
            len(terms) == 1 and message.user_comments in (terms, [REVIEW, *terms])), message.id  # a term with forms
        # added here (#29: «воина», «harcost») carries both marks
    assert [(message.id, errors) for message, errors in found.check()] == []  # same placeholders, no stray %


def test_the_russian_plurals_have_three_forms_chosen_by_the_count() -> None:
    history = Letters(COMMANDS).environment("ru").get_template("commands/history.j2").module
    assert [str(history.headline(count)) for count in (1, 2, 5, 21, 22, 11)] == [  # type: ignore[attr-defined]
        "История: 1 ход", "История: 2 хода", "История: 5 ходов", "История: 21 ход", "История: 22 хода",
        "История: 11 ходов"]


def test_a_language_without_a_catalog_falls_back_to_english() -> None:
    letters = Letters(COMMANDS)
    history = letters.environment("de").get_template("commands/history.j2").module
    assert str(history.headline(3)) == "History: 3 moves"  # type: ignore[attr-defined]


def test_a_language_is_named_by_its_code_its_own_name_or_its_english_name_in_any_case_and_accents() -> None:
    assert [language_named(word) for word in ("el", "Ελληνικά", "ΕΛΛΗΝΙΚΑ", "greek", "Magyar", "русский",
                                              "РУССКИЙ", "English", "EN", "deutsch", "")] == [
        "el", "el", "el", "el", "hu", "ru", "ru", "en", "en", None, None]


def game_service(tmp_path: Path, name: str) -> Service:
    folder = tmp_path / name
    folder.mkdir()
    return open_service(make_settings(folder), clock=SetClock(START))


def first_prompt(service: Service, game: str, players: list[str], language: str, seed: int) -> Outbox:
    """The first prompt of a real game whose players read ``language``, through the real pipeline."""
    with Session(service.db) as session:
        session.add_all(Player(email=email, name=email.split("@")[0], language=language, time_zone="Europe/Athens")
                        for email in players)
        session.commit()
    service.new_game(game, players, seed=seed)
    return outbox(service, kind="prompt")[0]


@functools.cache
def english_fragments(*domains: Domain) -> frozenset[str]:
    """The runs of three English words or more in the message ids of ``domains`` (pbem's own mails if none
    is named), placeholders and tags cut out: none may be left in a translated mail."""
    found = set()
    for message in (message for domain in domains or DOMAINS[:1] for message in catalog("el", domain)):
        for text in ([message.id] if isinstance(message.id, str) else list(message.id)) if message.id else []:
            for piece in re.split(r"%\(\w+\)s|<[^>]+>|\n", text):
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 3:
                    found.add(" ".join(piece.split()))
    return frozenset(found)


@pytest.mark.parametrize(("game", "players", "language"), [
    ("dragon", [ANN, BOB, CAT], "el"), ("china", [ANN, BOB, CAT], "hu"), ("prodigals", [ANN, BOB], "ru")])
def test_a_real_games_prompt_is_written_in_its_players_language_and_fits_78_columns(
        tmp_path: Path, game: str, players: list[str], language: str) -> None:
    english = first_prompt(game_service(tmp_path, "en"), game, players, "en", seed=4)
    prompt = first_prompt(game_service(tmp_path, language), game, players, language, seed=4)
    for part in (prompt.subject, prompt.text, prompt.html):
        assert SCRIPTS[language].search(part), part
    words = " ".join(prompt.text.split()) + " " + " ".join(re.sub(r"<[^>]+>", " ", prompt.html).split())
    left = [fragment for fragment in english_fragments() if fragment in words]
    assert left == [], f"English left in the {language} prompt"
    assert "Please answer by" in english.text and "Please answer by" not in prompt.text
    # the deadline, in the player's zone (named by its city in their language: no Latin name among their
    # words), in their language's format
    assert {"el": "Αθήνα", "hu": "Athén", "ru": "Афины"}[language] in prompt.text and "Europe/" not in prompt.text
    assert [line for line in prompt.text.splitlines() if len(line) > 78] == []


def test_the_deadline_is_written_in_the_players_language_and_zone(tmp_path: Path) -> None:
    prompt = first_prompt(game_service(tmp_path, "ru"), "prodigals", [ANN, BOB], "ru", seed=4)
    deadline = re.search(r"Пожалуйста, ответьте до (.*)\.", prompt.text)
    assert deadline is not None and deadline.group(1).endswith(" Афины")  # Europe/Athens, named in Russian
    assert re.search(r"\d+ (янв|фев|мар|апр|мая|июн|июл|авг|сен|окт|ноя|дек)", deadline.group(1)), deadline.group(1)


def test_replying_language_el_makes_the_confirmation_and_the_next_prompt_greek(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, "Language Ελληνικά")).status == "command"
    confirmation = outbox(service, recipient=ANN, kind="command")[-1]
    assert "Ελληνικά" in confirmation.subject and SCRIPTS["el"].search(confirmation.text.split("Ελληνικά")[-1])
    assert pipeline.deliver(service, reply_to(prompt, "take 1", message_id="<move@client>")).status == "applied"
    bob = outbox(service, recipient=BOB, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(bob, "take 1")).status == "applied"
    greek = outbox(service, recipient=ANN, kind="prompt")[-1]
    assert greek.id != prompt.id and "Είναι η σειρά σας" in greek.text and "Παρακαλούμε απαντήστε" in greek.text
    assert "It is your turn" in bob.text  # the others keep their own language


def test_an_unknown_language_is_refused_with_the_list_and_changes_nothing(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, "language klingon")).status == "refused"
    refusal = outbox(service, recipient=ANN, kind="refusal")[-1]
    words = " ".join(refusal.text.split())
    assert "that language is not one pbem writes in" in refusal.subject
    assert "en (English), el (Ελληνικά), hu (Magyar), ru (Русский)" in words and "Nothing was changed." in words
    with Session(service.db) as session:
        assert session.get(Player, 1).language == ""  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "language"), [
    ("Καλησπέρα σε όλους, παίζω take 1", "el"), ("take 1\nΕυχαριστώ!", "el"), ("Привет! Мой ход: take 2", "ru"),
    ("Szia! Ez a lépésem: take 1", "hu"), ("Köszönöm, és jó játékot", "hu"), ("Üdvözlettel, Ödön: vagyok itt", "hu"),
    ("take 1", None), ("Thanks, take 2. Cheers", None), ("Hola, take 1. Gracias, está bien", None),
    ("Danke schön, für alles", None), ("take 1 ok", None), ("τ take 1 please and thank you very much", None),
    ("", None)])
def test_the_language_of_a_reply_is_guessed_only_when_it_is_clear(text: str, language: str | None) -> None:
    assert language_written(text) == language


def test_a_player_without_a_language_who_replies_in_greek_gets_greek_from_that_answer_on(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    assert "It is your turn" in prompt.text  # no language yet: English
    assert pipeline.deliver(service, reply_to(prompt, "say Καλησπέρα σε όλους, καλή τύχη!")).status == "command"
    confirmation = outbox(service, recipient=ANN, kind="command")[-1]
    assert "Το μήνυμά σας" in confirmation.subject and "Hello" not in confirmation.text
    said = outbox(service, recipient=BOB, kind="say")[-1].text  # Bob has no language: English
    assert "Hello bob" in said and "Player 1 says" in said  # Ann has no name: her seat, never her address
    with Session(service.db) as session:
        ann, bob = session.get(Player, 1), session.get(Player, 2)
        assert ann is not None and bob is not None and (ann.language, bob.language) == ("el", "")
        audit = session.exec(select(Audit).where(Audit.action == "language guessed")).one()
        assert "ann@example.org: el" in audit.detail
    assert pipeline.deliver(service, reply_to(prompt, "take 1", message_id="<move@c>")).status == "applied"
    pipeline.deliver(service, reply_to(outbox(service, recipient=BOB, kind="prompt")[-1], "take 1"))
    assert "Από το τελευταίο μας μήνυμα λάβαμε και παίξαμε" in outbox(service, recipient=ANN, kind="prompt")[-1].text


def test_a_player_who_chose_english_is_never_guessed_over(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, "language en")).status == "command"
    said = pipeline.deliver(service, reply_to(prompt, "say Καλησπέρα σε όλους!", message_id="<m@c>"))
    assert said.status == "command"
    assert outbox(service, recipient=ANN, kind="command")[-1].subject.endswith("Your message went to the table")
    with Session(service.db) as session:
        assert session.get(Player, 1).language == "en"  # type: ignore[union-attr]
        assert session.exec(select(Audit).where(Audit.action == "language guessed")).first() is None


def test_a_player_without_a_language_replying_in_no_clear_language_keeps_english_and_may_still_be_guessed(
        service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 7})
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, "take 1")).status == "applied"
    pipeline.deliver(service, reply_to(outbox(service, recipient=BOB, kind="prompt")[-1], "take 1"))
    assert "Received since your last mail, and played" in outbox(service, recipient=ANN, kind="prompt")[-1].text
    with Session(service.db) as session:
        assert session.get(Player, 1).language == ""  # type: ignore[union-attr]


def test_the_compiled_catalogs_are_package_data_so_the_wheel_ships_them() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["pbem.language"]
    compiled = [domain.mo(language).relative_to(ROOT / "pbem" / "language").as_posix()
                for domain in DOMAINS for language in LANGUAGES]
    assert all(Path(ROOT / "pbem" / "language" / path).is_file() for path in compiled)
    assert [path for path in compiled if not any(fnmatch.fnmatch(path, p) for p in patterns)] == []
