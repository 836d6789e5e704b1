"""read_mail on replies from every client in every language: the moves first, no line of the prompt."""

from __future__ import annotations

from collections import Counter
from email.parser import BytesHeaderParser

import pytest

from pbem.mail.inbound import MailKind, read_mail
from pbem.mail.inbound.headers import display_name
from tests.mail_inbound.replies_cases import REPLIES, Reply, prompt_lines, replies
from tests.mail_inbound.test_corpus import OWN, VALUES

CASES = replies(VALUES)
LANGUAGES = {"en", "el", "hu", "ru", "de", "fr", "es", "it"}
CLIENTS = {"gmail", "outlook", "outlook_web", "outlook_mobile", "apple_mail", "ios", "thunderbird", "yahoo", "android",
           "samsung"}


def test_the_corpus_covers_every_client_in_every_language() -> None:
    assert len(CASES) >= 60
    assert sorted(path.name for path in REPLIES.glob("*.eml")) == sorted(case.file for case in CASES)
    pairs = Counter((case.client, case.language) for case in CASES)
    assert {(client, language) for client in CLIENTS for language in LANGUAGES} <= set(pairs)


def _first_name(case: Reply) -> str:
    """The name the prompt greeted the player by: the first word of the From display name."""
    return display_name(BytesHeaderParser().parsebytes(case.raw), "From").split()[0]


@pytest.mark.parametrize("case", CASES, ids=[case.file for case in CASES])
def test_the_text_starts_with_the_moves_and_keeps_no_line_of_the_prompt(case: Reply) -> None:
    mail = read_mail(case.raw, own_addresses=[OWN])

    assert mail.kind is MailKind.REPLY, mail.reason
    lines = [line for line in mail.text.split("\n") if line.strip()]
    assert lines[: len(case.moves)] == list(case.moves), f"{case.note}\n{mail.text}"
    rest = lines[len(case.moves) :]
    assert all(line in case.signoff for line in rest), f"{case.note}: kept {rest}"
    prompt = set(prompt_lines(_first_name(case))) - set(case.moves)
    # A legacy charset writes what it cannot encode (the footer's "·") as "?".
    prompt |= {line.encode("ascii", "replace").decode("ascii") for line in prompt}
    assert not prompt & set(lines), f"{case.note}: prompt lines kept"
