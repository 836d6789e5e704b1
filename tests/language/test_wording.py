"""The wording errors a native reader found (#29, item 4), pinned: a seat is never shown like a rank,
Greek lines carry no ASCII ';' (a Greek question mark), the Russian waiting line takes any name."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.language.letters import Letters
from pbem.play.commands import COMMANDS
from pbem.play.shown import Standing
from tests.language.test_mail_languages import BASE

OVER: dict[str, Any] = {
    **BASE, "recap": [], "history": [], "own_rank": 1, "board": "[ 1 2 3 ]", "picture": False, "game_name": "dragon",
    "lowest_wins": False,
    "standings": [Standing(1, 2, "Jenő", "", 31.0, {}, False), Standing(2, 1, "Ann", "greedy", 20.0, {}, True)]}


def ranking(language: str) -> list[str]:
    text = Letters(COMMANDS).render("game_over", language, **OVER).text
    return [line for line in text.splitlines() if "Jenő" in line or "Ann " in line or "Ann(" in line]


def test_a_hungarian_ranking_line_tells_the_rank_from_the_seat() -> None:
    [winner] = [line for line in ranking("hu") if "Jenő" in line]
    assert "1. 2." not in winner and "helyezett" in winner and "2. ülőhely" in winner
    assert ". hely " not in winner


def test_a_russian_ranking_line_tells_the_rank_from_the_seat() -> None:
    [winner] = [line for line in ranking("ru") if "Jenő" in line]
    assert "1-е место" in winner and "место за столом 2" in winner
    text = Letters(COMMANDS).render("game_over", "ru", **OVER).text
    assert "Итоговые места" not in text


@pytest.mark.parametrize("language", ["hu", "ru"])
def test_seat_words_are_not_rank_words(language: str) -> None:
    from pbem.language.catalogs import LOCALE_DIR, read
    seat = {"hu": "ülőhely", "ru": "за столом"}[language]
    for domain in ("messages", "dragon", "china", "prodigals"):
        for message in read(LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po", language):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if any("seat %(" in msgid or "seat %(seat" in msgid for msgid in ids) and "seats" not in ids[0]:
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                assert all(seat in string for string in strings), (domain, ids[0], strings)


def entry(language: str, domain: str, msgid: str, context: str | None = None) -> str:
    from pbem.language.catalogs import LOCALE_DIR, read
    catalog = read(LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po", language)
    message = catalog.get(msgid, context=context)
    assert message is not None, msgid
    return message.string


def test_greek_move_words_show_the_rulebook_term_and_still_read_the_old_one() -> None:
    # The move lists show the rulebook's μεγαλύτερος and πυροτεχνουργός, as the boards do; γηραιός and πυροτέχνης
    # are still read. A listed line too long with them leaves out what the state implies (listed_moves).
    assert entry("el", "dragon", "old", "move").split("|")[:2] == ["μεγαλύτερος", "γηραιός"]
    assert entry("el", "dragon", "pyrotechnist", "move").split("|")[:2] == ["πυροτεχνουργός", "πυροτέχνης"]
    assert entry("el", "dragon", "Lady", "short") == "Γκέισ"
    assert entry("el", "prodigals", "tory-baiter", "move").startswith("πειραχτής-των-συντηρητικών|")
    assert entry("el", "prodigals", "whig-baiter", "move").startswith("πειραχτής-των-φιλελευθέρων|")
    assert "θέα" not in entry("el", "prodigals", "place the political tile (see your view)")


def test_no_greek_translation_has_an_ascii_semicolon() -> None:
    from pbem.language.catalogs import LOCALE_DIR, read
    for domain in ("messages", "dragon", "china", "prodigals"):
        for message in read(LOCALE_DIR / "el" / "LC_MESSAGES" / f"{domain}.po", "el"):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.id:
                assert not [string for string in strings if ";" in string], (domain, message.id)


def test_lines_joined_for_a_greek_reader_use_the_ano_teleia() -> None:
    from engine.text import separator

    class Greek:
        language = "el"

    class Hungarian:
        language = "hu"

    assert separator(Greek()) == "· " and separator(Hungarian()) == "; " and separator(object()) == "; "


def test_a_hungarian_date_names_the_day_in_full() -> None:
    from datetime import datetime, timezone

    from pbem.clock import local_time
    moment = datetime(2026, 12, 6, 12, 24, tzinfo=timezone.utc)
    assert local_time(moment, "Europe/Budapest", "hu") == "2026. dec. 6. (vasárnap) 13:24 Budapest"
    assert local_time(moment, "Europe/Budapest", "en") == "2026-12-06 13:24 Europe/Budapest"
    assert local_time(moment, "Europe/Athens", "el").startswith("Κυρ 6 Δεκ 2026")


@pytest.mark.parametrize(("zone", "language", "named"), [
    ("Europe/Moscow", "ru", "Москва"), ("Europe/Budapest", "ru", "Будапешт"), ("Europe/Athens", "el", "Αθήνα"),
    ("America/New_York", "el", "Νέα Υόρκη"), ("Europe/Athens", "hu", "Athén"), ("UTC", "ru", "UTC"),
])
def test_a_time_zone_is_named_by_its_city_in_the_readers_language(zone: str, language: str, named: str) -> None:
    """No Latin zone name among Greek or Cyrillic words: spam filters count letters of one script mixed into
    another's (SpamAssassin's MIXED_ES); the city still tells a reader whose zone is wrong that it is."""
    from datetime import datetime, timezone

    from pbem.clock import local_time
    assert local_time(datetime(2026, 12, 6, 12, 24, tzinfo=timezone.utc), zone, language).endswith(f" {named}")


def test_prodigals_speaks_to_a_hungarian_reader_as_the_other_mails_do() -> None:
    """The Hungarian mails say Ön; Prodigals' titles and lines did say te ("tedd le", "a kezed")."""
    import re

    from pbem.language.catalogs import LOCALE_DIR, read
    te = re.compile(r"\b(tedd|válassz|végy|veszíts|szerezz|költs|adj|húzz|dobj|kezed|kártyáid|nézetedet)\b")
    for message in read(LOCALE_DIR / "hu" / "LC_MESSAGES" / "prodigals.po", "hu"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        shown = [string.split("|")[0] for string in strings] if message.context == "move" else list(strings)
        assert not [string for string in shown if te.search(string)], message.id
    assert entry("hu", "prodigals", "Your hand: %(cards)s") == "Az Ön keze: %(cards)s"


def test_the_russian_waiting_line_reads_right_with_any_name() -> None:
    from pbem.language.words import translations
    catalog = translations("ru")
    early = catalog.gettext(
        "It is not your turn yet: the table is waiting for %(who)s. \"%(move)s\" is kept, hidden from the others; "
        "when your turn comes, the first legal move of each line is played, as if you had sent it then. If none is "
        "legal then, you will be asked again. Reply \"cancel\" to drop it; another move sent before your turn "
        "replaces it.") % {"who": "Jenő, Анна", "move": "x 1"}
    assert "стол ждёт Jenő" not in early and "(Jenő, Анна)" in early


def test_russian_counts_and_the_gentleman() -> None:
    from pbem.language.words import translations
    catalog = translations("ru", "prodigals")
    for n in (2, 5, 21, 22):
        said = catalog.ngettext("%(n)s time one of: %(options)s", "%(n)s times one of: %(options)s", n) % {
            "n": n, "options": "a"}
        assert said.startswith(f"{n} раз"), said
    assert catalog.gettext("one of: %(options)s") == "одно из: %(options)s"
    assert catalog.pgettext("marker letter", "G") == "М" != catalog.pgettext("marker letter", "L")
    forms = entry("ru", "prodigals", "gent", "move").split("|")  # shown first; then the forms read (#29: «господина»)
    assert forms[0] == "джентльмен" and "господин" in forms and {form[:1] for form in forms} == {"д", "г"}
    assert all(len(form) > 1 for form in forms)  # no «Д», which reads as «дама»
    assert entry("ru", "prodigals", "gentleman", "who") == "джентльмен"


@pytest.mark.parametrize("language", ["en", "el", "hu", "ru"])
def test_the_welcome_and_every_refusal_keep_within_78_columns(language: str) -> None:
    from tests.language.test_mail_escaping import refusal_reasons
    plain = {"detail": "Bob", "suggestions": ["r 1"], "quoted": ["r 9"], "address": "pbem+7.2.abcdef@pbem.example.org",
             "limit": 14, "until": "2026-12-06 13:24 Europe/Budapest", "legal": ["r 1"], "more": 0, "decision": None,
             "expected": "r N"}
    letters = [Letters(COMMANDS).render("refusal", language, **{**BASE, **plain, "why": why}) for why in refusal_reasons()]
    from pbem.tournament.runner import SignedUp
    letters += [Letters(COMMANDS).render(
        "welcome", language, tournament="Test Open 2026", player="Ann", game_title="Year of the Dragon", rounds=3,
        joined=1, started=1, hours=48, organiser="organiser@pbem.example.org", time_zone="Europe/Budapest",
        signed_up=signed_up) for signed_up in (None, SignedUp("Magyar", True, True), SignedUp("Magyar", False, False))]
    letters += [Letters(COMMANDS).render(  # the sign-up mails, the confirmation's line among them
        "signup", language, event=event, tournament="Test Open 2026", address="anna.kovacs@example.org",
        game_title="Year of the Dragon", rounds=3, organiser="organiser@pbem.example.org", language_name="Magyar",
        time_zone="Europe/Budapest", guessed=True, token="0123456789", days=7, code=code)
        for event, code in (("confirm", ""), ("pending", ""), ("refused", ""), ("shut", "full"), ("shut", "past"),
                            ("shut", "started"))]
    for letter in letters:
        assert [line for line in letter.text.splitlines() if len(line) > 78] == [], letter.subject


def test_the_language_mail_says_the_players_own_words_are_read() -> None:
    from pbem.language.words import translations
    for language in ("el", "hu", "ru"):
        for message in translations(language)._catalog.values():  # type: ignore[attr-defined]
            assert "English as before" not in str(message)
    said = translations("hu").gettext(
        "Every mail pbem sends you from now on is written in this language, with dates as they are written in it. "
        "Your moves are listed in its words, and a reply may use them, the English ones, or both. Reply "
        "\"language en\", \"language el\", \"language hu\" or \"language ru\" to change it again.")
    assert "továbbra is angolul" not in said and "angol szavakat" in said


def test_a_greek_prodigals_board_has_no_ascii_semicolon() -> None:
    import engine
    from pbem.language.words import words as words_of
    game = engine.game("prodigals")
    said = words_of(game, "el")
    state = game.new(4, 1)
    for viewer in (None, 0):
        board = game.render(state, viewer, said)
        assert [line for line in board.splitlines() if ";" in line] == [], board
    assert ";" in game.render(state, None, words_of(game, "hu")).splitlines()[0]


def test_a_move_line_too_long_for_the_indent_is_listed_from_the_first_column() -> None:
    long = "πάρε νεαρός πυροτεχνουργός αντί μεγαλύτερος πολεμιστής παλάτι1 με ερωτηματικό"
    module = Letters(COMMANDS).environment("el").get_template("_macros.txt.j2").module
    listed = str(module.moves([long, "πάσο"], 0)).splitlines()  # type: ignore[attr-defined]
    assert listed[:2] == [long, "  πάσο"]  # then the line saying a move's number is a reply
