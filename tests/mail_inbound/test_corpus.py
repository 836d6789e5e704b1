"""read_mail on every corpus message: the kind and the extracted text the manifest expects."""

from __future__ import annotations

import pytest

from pbem.mail.inbound import MailKind, read_mail
from pbem.mail.tokens import reply_address
from tests.mail_inbound.corpus_cases import CORPUS, MANIFEST, PLACEHOLDERS, Case, cases

SECRET, LOCAL, DOMAIN = "corpus-secret", "dragon", "pbem.example"
OWN = "dragon@pbem.example"
PLAYERS = ("ann@example.org", "bob@example.org", "cho@example.org", "dee@example.org")
VALUES = {
    **{f"player{seat}": address for seat, address in enumerate(PLAYERS)},
    **{f"reply{seat}": reply_address(LOCAL, DOMAIN, SECRET, 1, seat) for seat in range(4)},
    "stranger": "mallory@evil.example",
    "bad_reply0": reply_address(LOCAL, DOMAIN, SECRET, 1, 0).replace("@", "x@"),
    "old_prompt0": "prompt-1-0-4@pbem.example",
}
CASES = cases(VALUES)


def test_the_corpus_has_at_least_forty_messages_each_listed_once() -> None:
    files = sorted(path.name for path in CORPUS.glob("*.eml"))
    listed = [case.file for case in CASES]
    assert len(listed) >= 40
    assert len(set(listed)) == len(listed)
    assert set(files) <= set(listed), f"not in {MANIFEST.name}: {sorted(set(files) - set(listed))}"
    assert sorted(set(PLACEHOLDERS)) == sorted(VALUES)


@pytest.mark.parametrize("case", CASES, ids=[case.file for case in CASES])
def test_corpus_message_is_read_as_the_manifest_says(case: Case) -> None:
    mail = read_mail(case.raw, own_addresses=[OWN])

    assert mail.kind is MailKind(case.kind), mail.reason
    assert (mail.reason != "") == (mail.kind is not MailKind.REPLY)
    if case.text is not None:
        assert mail.text == case.text
    for part in case.contains:
        assert part in mail.text
    for part in case.excludes:
        assert part not in mail.text
    assert b"{player" not in case.raw[:2000] and b"{reply" not in case.raw[:2000]


def test_crlf_and_lf_line_ends_read_the_same() -> None:
    for case in CASES[:30]:
        lf = read_mail(case.raw.replace(b"\r\n", b"\n"), own_addresses=[OWN])
        crlf = read_mail(case.raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"), own_addresses=[OWN])
        assert (crlf.kind, crlf.text, crlf.sender) == (lf.kind, lf.text, lf.sender), case.file


def test_every_reply_names_its_sender_and_a_message_id() -> None:
    for case in CASES:
        mail = read_mail(case.raw, own_addresses=[OWN])
        assert mail.message_id and "<" not in mail.message_id, case.file
        if case.file != "malformed_headers.eml":
            assert mail.sender in (*PLAYERS, VALUES["stranger"], OWN) or mail.kind is MailKind.AUTOMATIC, case.file
