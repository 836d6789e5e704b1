"""``pbem play --language`` and ``pbem demo --language`` show the game and write the mails in that language."""

from __future__ import annotations

import mailbox
from email.header import decode_header, make_header
from pathlib import Path

import engine
from typer.testing import CliRunner

from pbem.cli.main import app
from pbem.simulation.swarm import plain_text
from pbem.language.words import words
from tests.language.test_languages import SCRIPTS


def test_play_in_greek_names_the_seats_and_the_ranking_in_greek_and_shows_the_moves_in_greek_move_words() -> None:
    result = CliRunner().invoke(app, ["play", "dragon", "--players", "3", "--seed", "2", "--language", "el"])
    assert result.exit_code == 0, result.output
    english = CliRunner().invoke(app, ["play", "dragon", "--players", "3", "--seed", "2"]).output
    assert "Τελική κατάταξη:" in result.output and "θέση 1 (greedy)" in result.output and "πόντοι" in result.output
    assert "Final ranking:" in english and "Τελική" not in english and "rank 1" not in result.output
    said, rules = words(engine.game("dragon"), "el"), engine.game("dragon")
    first = english.splitlines()[1].split(": ", 1)[1]  # "   1  seat 1 (greedy): MOVE" in English notation
    assert result.output.splitlines()[1].endswith(": " + said.move(first))


def test_play_refuses_a_language_pbem_does_not_write_in_and_lists_the_ones_it_does() -> None:
    result = CliRunner().invoke(app, ["play", "dragon", "--language", "de"])
    assert result.exit_code != 0
    words_shown = " ".join(result.output.replace("│", " ").split())
    assert "'de' is not a language pbem writes in" in words_shown
    assert "en (English), el (Ελληνικά), hu (Magyar), ru (Русский)" in words_shown


def test_demo_in_russian_registers_its_players_in_russian_and_writes_every_mail_and_the_page_in_russian(
        tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    result = CliRunner().invoke(app, ["demo", "--players", "3", "--rounds", "1", "--seed", "3", "--language", "ru",
                                      "--dir", str(folder)])
    assert result.exit_code == 0, result.output
    mails = list(mailbox.Maildir(folder / "mail", create=False))
    subjects = [str(make_header(decode_header(mail["Subject"]))) for mail in mails]
    assert mails and all(SCRIPTS["ru"].search(subject) for subject in subjects), subjects
    assert any("Ваш ход" in subject for subject in subjects) and any("Таблица после раунда 1" in s for s in subjects)
    assert all("Hello" not in plain_text(mail) for mail in mails)
    page = (folder / "standings" / "index.html").read_text()
    assert '<html lang="ru">' in page and "таблица после раунда 1" in page


def test_demo_refuses_an_unknown_language_before_making_anything(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["demo", "--language", "klingon", "--dir", str(tmp_path / "demo")])
    assert result.exit_code != 0 and "'klingon' is not a language pbem writes in" in result.output
    assert not (tmp_path / "demo").exists()
