"""The one check of an address that enters pbem (pbem.addresses, players.address) and of a name."""

from __future__ import annotations

import pytest

from pbem.addresses import AddressError, mailbox
from pbem.play import players
from tournaments.names import NAME_LONGEST, name_problem


@pytest.mark.parametrize("given,stored", [
    ("ann@example.org", "ann@example.org"),
    ("  Ann@Example.ORG ", "Ann@example.org"),
    ("ann@bücher.de", "ann@xn--bcher-kva.de"),
    ("ann@xn--bcher-kva.de", "ann@xn--bcher-kva.de"),
    ("bot01@bots.pbem.localhost", "bot01@bots.pbem.localhost"),
    ("pbem@pbem.test", "pbem@pbem.test"),
    ("ann+games@example.org", "ann+games@example.org"),
])
def test_an_address_pbem_can_mail_is_kept_in_the_form_headers_carry(given: str, stored: str) -> None:
    assert mailbox(given) == stored


@pytest.mark.parametrize("given,said", [
    ("ann@example.org\r\nBcc: eve@evil.example", "it has control characters (U+000D, U+000A)"),
    ("ann@example.org\x00", "it has control characters (U+0000)"),
    ("ann\u2028@example.org", "it has control characters (U+2028)"),
    ("josé@example.es", "has letters outside ASCII before the @ (é): pbem mails without SMTPUTF8"),
    ('"ann smith"@example.org', "a quoted part (\") is never what a reply comes from"),
    ("Ann <ann@example.org>", "display name"),
    ("ann", "must have an @-sign"),
    ("ann@", "There must be something after the @-sign"),
    ("ann@[127.0.0.1]", "bracketed IP address"),
    ("ann@mail.invalid", "special-use or reserved name"),
    ("a" * 300 + "@example.org", "too long"),
], ids=["crlf", "nul", "line-separator", "non-ascii-local", "quoted", "display-name", "no-at", "no-domain",
        "ip-literal", "invalid-tld", "too-long"])
def test_an_address_pbem_cannot_mail_is_refused_in_one_line_saying_what_would_be_right(given: str, said: str) -> None:
    with pytest.raises(AddressError) as refused:
        mailbox(given)
    message = str(refused.value)
    assert said in message and "\n" not in message and "\r" not in message and len(message) < 300
    assert "example.org" in message or "ASCII address" in message


def test_a_players_address_is_lower_cased_as_every_lookup_of_a_player_is() -> None:
    assert players.address(" Ann@Example.ORG ") == "ann@example.org"
    with pytest.raises(players.AddressError):
        players.address("ann@example.org\nBcc: eve@evil.example")


@pytest.mark.parametrize("name,said", [
    ("Ann\tSmith", "U+0009"), ("Ann\x7f", "U+007F"), ("Ann\u2029Smith", "U+2029"),
    ("A" * (NAME_LONGEST + 1), f"has {NAME_LONGEST + 1} characters; give at most {NAME_LONGEST}"),
])
def test_a_name_with_control_characters_or_too_long_is_refused(name: str, said: str) -> None:
    problem = name_problem(name)
    assert problem is not None and said in problem and "\n" not in problem


def test_a_name_in_any_script_up_to_the_limit_is_taken() -> None:
    assert name_problem("Ζωή Παπαδοπούλου") is None and name_problem("Ёжик\u00a0в тумане") is None
    assert name_problem("A" * NAME_LONGEST) is None
