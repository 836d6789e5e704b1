"""The From's display name reads back as given everywhere, or the setting refuses it (#44 item 6)."""

from __future__ import annotations

from email import message_from_string, policy
from email.header import decode_header, make_header

import pytest

from pbem.mail.headers import from_header
from pbem.ops.checks import display_name
from pbem.ops.config import NAME_BYTES


@pytest.mark.parametrize("name", ["Athens Dragon League", "Τουρνουά Θεσσαλονίκης", "Турнир «Год дракона»",
                                  "Kínai bajnokság, tavasz"])
def test_a_from_name_reads_back_as_given_by_python_and_by_rfc_2047(name: str) -> None:
    header = from_header(name, "pbem@example.org")
    parsed = message_from_string(f"From: {header}\r\n\r\nx", policy=policy.default)
    assert parsed["From"].addresses[0].display_name == name
    if not name.isascii():
        assert str(make_header(decode_header(header.rsplit(" <", 1)[0]))) == name


def test_a_from_name_too_long_for_one_encoded_word_is_refused_saying_what_fits() -> None:
    check = display_name(64, NAME_BYTES)
    long_greek = "Τουρνουά Θεσσαλονίκης και Αθηνών"
    with pytest.raises(ValueError):
        check.read(long_greek)
    assert str(NAME_BYTES) in check.accepts and "Greek" in check.accepts
    assert check.read("Athens Dragon League of the North, Spring Season 2026") == \
        "Athens Dragon League of the North, Spring Season 2026"
