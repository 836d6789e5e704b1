"""Quote headers in every language of quote_headers.toml: found where they are, never on the player's lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.mail.inbound.history import new_text
from pbem.mail.inbound.quote_headers import FORMS, LanguageForms, load_forms

PROMPT = "It is your turn, seat 1: month 5, action.\nYour legal moves:\n  group 2 tax\n  pass\n"
QUOTED = "\n".join("> " + line for line in PROMPT.split("\n")) + "\n"
LANGUAGES = ("en", "el", "hu", "ru", "de", "fr", "es", "it")
# The Outlook block of each language, first field first, as Outlook writes it.
BLOCKS = {
    "en": ("From", "Sent", "To", "Subject"),
    "el": ("Από", "Στάλθηκε", "Προς", "Θέμα"),
    "hu": ("Feladó", "Elküldve", "Címzett", "Tárgy"),
    "ru": ("От", "Отправлено", "Кому", "Тема"),
    "de": ("Von", "Gesendet", "An", "Betreff"),
    "fr": ("De ", "Envoyé ", "À ", "Objet "),
    "es": ("De", "Enviado", "Para", "Asunto"),
    "it": ("Da", "Inviato", "A", "Oggetto"),
}
ATTRIBUTIONS = (
    "--- On Mon, 11/30/26, Dragon Open <d@p.example> wrote:",
    "Στις Δευ 30 Νοε 2026 στις 10:00 π.μ., ο/η Dragon Open <d@p.example> έγραψε:",
    "Dragon Open <d@p.example> (időpont: 2026. nov. 30., H, 10:00) ezt írta:",
    "2026. 11. 30. 10:00 keltezéssel, Dragon Open írta:",
    'пн, 30 нояб. 2026 г., 10:00 пользователь "Dragon Open" <d@p.example> написал:',
    "30.11.2026 10:00, Dragon Open пишет:",
    "Am Montag, 30. November 2026, 10:00:00 MEZ hat Dragon Open <d@p.example> Folgendes geschrieben:",
    "Le 30/11/2026 à 10:00, Dragon Open a écrit :",
    "El 30 nov 2026, a las 10:00, Dragon Open <d@p.example> escribió:",
    "Il 30/11/2026 10:00, Dragon Open ha scritto:",
)


def test_every_language_of_the_issue_has_its_forms() -> None:
    languages = {form.language: form for form in FORMS}
    for language in LANGUAGES:
        form = languages[language]
        assert form.attributions and form.from_names and form.header_names and form.separators and form.sent_from


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("bold", [False, True])
def test_an_outlook_block_in_each_language_ends_a_top_posted_reply(language: str, bold: bool) -> None:
    values = ("Dragon Open <d@p.example>", "30.11.2026 10:00", "Ann Lee", "[Dragon Open R1 T1] Your move")
    block = "\n".join(f"*{name}:* {value}" if bold else f"{name}: {value}" for name, value in zip(BLOCKS[language], values))
    assert new_text(f"group 2 tax\npass\n\n{block}\n\n{PROMPT}") == "group 2 tax\npass"
    assert new_text(f"group 2 tax\n{block}\n{PROMPT}") == "group 2 tax"  # no blank line, no rule


@pytest.mark.parametrize("form", FORMS, ids=[form.language for form in FORMS])
def test_each_separator_in_each_language_ends_the_reply_outlook_and_samsung_style(form: LanguageForms) -> None:
    for words in form.separators:
        for line in (f"-----{words}-----", f"-------- {words} --------"):
            assert new_text(f"recruit old warrior\n\n{line}\nDragon Open\n\n{PROMPT}") == "recruit old warrior", line


@pytest.mark.parametrize("attribution", ATTRIBUTIONS)
def test_an_attribution_right_under_the_moves_cuts_the_history_and_keeps_every_move(attribution: str) -> None:
    unquoted = "\n".join(" " + line for line in PROMPT.split("\n"))  # Yahoo: indented, no ">"
    assert new_text(f"group 2 tax\npass\n{attribution}\n{unquoted}") == "group 2 tax\npass"
    assert new_text(f"group 2 tax\npass\n\n{attribution}\n\n{QUOTED}") == "group 2 tax\npass"


@pytest.mark.parametrize("attribution", ATTRIBUTIONS)
def test_a_wrapped_attribution_right_under_a_move_does_not_take_the_move_with_it(attribution: str) -> None:
    cut = attribution.rfind(" ", 0, len(attribution) - 12)
    wrapped = attribution[:cut] + "\n" + attribution[cut + 1 :]
    assert new_text(f"recruit old warrior\n{wrapped}\n{PROMPT}") == "recruit old warrior"


@pytest.mark.parametrize("attribution", ATTRIBUTIONS)
def test_moves_below_a_localised_attribution_are_kept(attribution: str) -> None:
    assert new_text(f"{attribution}\n{QUOTED}\ngroup 2 tax\n") == "group 2 tax"


def test_a_sign_off_is_never_taken_for_a_quote_header() -> None:
    for signoff in ("Thanks,\nAlex", "Спасибо,\nАлекс", "Köszönöm,\nAlex", "Ευχαριστώ,\nΑλέξης"):
        text = new_text(f"group 2 tax\n\n{signoff}\n\nOn Mon, Nov 30, 2026 at 10:00 AM D <d@p.example> wrote:\n{QUOTED}")
        assert text.split("\n")[0] == "group 2 tax"
        assert "It is your turn" not in text


def test_a_line_ending_in_wrote_without_date_or_address_is_the_players() -> None:
    assert new_text("say Alex wrote:\npass\n") == "say Alex wrote:\npass"
    assert new_text("say the board is\nFrom: me\n") == "say the board is\nFrom: me"


def test_a_mistyped_data_file_is_refused_with_the_table_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "quote_headers.toml"
    bad.write_text('[xx]\nattributions = "On … wrote:"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"\[xx\] attributions must be a list of non-empty strings"):
        load_forms(bad)


def test_a_move_with_a_date_right_above_a_one_line_attribution_is_kept() -> None:
    for attribution in ("On Mon, Nov 30, 2026 at 10:00 AM D <d@p.example> wrote:", "30.11.2026 10:00, Dragon Open пишет:"):
        assert new_text(f"vacation until 2026-12-10\n{attribution}\n{PROMPT}") == "vacation until 2026-12-10"
        assert new_text(f"say see you at 10:00\n{attribution}\n{QUOTED}") == "say see you at 10:00"


def test_an_attribution_wrapped_before_a_second_half_that_reads_as_a_whole_one_is_cut_whole() -> None:
    for first, second in (
        ("Le lun. 30 nov. 2026 à 10:00, Dragon Open <", "d@p.example> a écrit :"),
        ("Dragon Open <d@p.example> (időpont: 2026. nov. 30., H,", "10:00) ezt írta:"),
        ("On Mon, Nov 30, 2026 at 10:00 AM Dragon Open", "<d@p.example> wrote:"),
    ):
        assert new_text(f"group 2 tax\n{first}\n{second}\n{PROMPT}") == "group 2 tax"
        assert new_text(f"group 2 tax\n\n{first}\n{second}\n\n{QUOTED}") == "group 2 tax"


def test_a_short_line_with_a_date_above_an_attribution_without_one_is_the_players() -> None:
    assert new_text(f"vacation until 2026-12-10\nAnn Lee <d@p.example> wrote:\n{PROMPT}") == "vacation until 2026-12-10"


# What a client puts where a template says "…": a date, a time, a name and an address.
FILL = "Mon 30 Nov 2026 10:00, Dragon Open <d@p.example>"


@pytest.mark.parametrize(
    "template", [item for form in FORMS for item in form.attributions], ids=lambda item: item
)
def test_every_attribution_of_the_data_file_cuts_the_history_below_the_moves(template: str) -> None:
    attribution = template.replace("…", FILL)
    assert new_text(f"group 2 tax\n\n{attribution}\n\n{PROMPT}") == "group 2 tax"
    assert new_text(f"{attribution}\n{QUOTED}\npass\n") == "pass"


@pytest.mark.parametrize(
    "name", [item for form in FORMS for item in form.header_names], ids=lambda item: item
)
def test_every_header_name_of_the_data_file_continues_a_block(name: str) -> None:
    for first in (item for form in FORMS for item in form.from_names):
        block = f"{first}: Dragon Open <d@p.example>\n{name}: 30.11.2026 10:00"
        assert new_text(f"group 2 tax\n\n{block}\n\n{PROMPT}") == "group 2 tax", first


@pytest.mark.parametrize("template", [item for form in FORMS for item in form.sent_from], ids=lambda item: item)
def test_every_footer_of_the_data_file_ends_the_reply(template: str) -> None:
    assert new_text(f"recruit old warrior\n\n{template.replace('…', 'iPhone')}\n\nlater text") == "recruit old warrior"
