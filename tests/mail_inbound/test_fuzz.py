"""Fuzzing the inbound parser: no bytes and no text make it raise."""

from __future__ import annotations

from email.utils import getaddresses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.play.commands import COMMANDS, Command, read_command
from pbem.mail.inbound import InboundMail, MailKind, read_mail
from pbem.mail.inbound.headers import address_pairs
from pbem.mail.inbound.history import new_text
from tests.mail_inbound.corpus_cases import Case
from tests.mail_inbound.test_corpus import CASES

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL_CASES = [case for case in CASES if len(case.raw) < 100_000]
COMMAND_NAMES = {command.name for command in COMMANDS}
"""From the registry, so a new command (and its words in every language) is fuzzed too."""

header_lines = st.sampled_from(
    [
        b"From: \xff\xfe <x@\xe9.example>",
        b"Content-Type: multipart/mixed; boundary=",
        b'Content-Type: multipart/alternative; boundary="b"',
        b"Content-Type: text/plain; charset=\"\xff\"",
        b"Content-Type: text/html; charset=utf-16",
        b"Content-Transfer-Encoding: base64",
        b"Content-Transfer-Encoding: quoted-printable",
        b"Content-Transfer-Encoding: x-uuencode",
        b"Return-Path: <>",
        b"Subject: =?utf-8?B?=?= =?koi8-r?Q?=FF?=",
        b"Message-ID: <",
        b"--b",
        b"--b--",
        b"",
    ]
)


def _assert_sane(mail: InboundMail) -> None:
    assert isinstance(mail.text, str)
    assert mail.sender == mail.sender.lower()
    assert all(address == address.lower() for address in mail.recipients)
    assert mail.message_id
    if mail.kind is not MailKind.REPLY:
        assert mail.text == "" and mail.reason


@FUZZ
@given(st.binary(max_size=3000))
def test_read_mail_never_raises_on_arbitrary_bytes(raw: bytes) -> None:
    _assert_sane(read_mail(raw))


@FUZZ
@given(st.lists(header_lines, max_size=12), st.binary(max_size=500))
def test_read_mail_never_raises_on_hostile_mime_structure(lines: list[bytes], body: bytes) -> None:
    _assert_sane(read_mail(b"\r\n".join(lines) + b"\r\n\r\n" + body))


@FUZZ
@given(
    st.sampled_from(SMALL_CASES),
    st.lists(st.tuples(st.integers(min_value=0), st.binary(max_size=8), st.integers(0, 8)), min_size=1, max_size=6),
)
def test_read_mail_never_raises_on_mutated_corpus_messages(case: Case, edits: list[tuple[int, bytes, int]]) -> None:
    raw = bytearray(case.raw)
    for position, inserted, removed in edits:
        at = position % (len(raw) + 1)
        raw[at : at + removed] = inserted
    _assert_sane(read_mail(bytes(raw), max_bytes=len(case.raw)))


@FUZZ
@given(st.sampled_from(SMALL_CASES), st.integers(min_value=0))
def test_read_mail_never_raises_on_truncated_corpus_messages(case: Case, cut: int) -> None:
    _assert_sane(read_mail(case.raw[: cut % (len(case.raw) + 1)]))


@FUZZ
@given(st.text(max_size=2000))
def test_new_text_never_raises_and_leaves_no_quoted_line(body: str) -> None:
    text = new_text(body)
    assert not any(line.startswith(">") for line in text.split("\n"))


@FUZZ
@given(st.text(max_size=500))
def test_read_command_never_raises_on_arbitrary_text(text: str) -> None:
    command = read_command(text)
    assert command is None or (isinstance(command, Command) and command.name in COMMAND_NAMES)


@FUZZ
@given(st.sampled_from(sorted(COMMAND_NAMES)), st.text(max_size=80))
def test_read_command_never_raises_on_command_words_with_arbitrary_arguments(word: str, rest: str) -> None:
    command = read_command(f"{word} {rest}")
    assert command is None or command.name in COMMAND_NAMES


@FUZZ
@given(
    st.one_of(
        st.text(max_size=60),
        st.builds(
            lambda name, local, domain, brackets: f"{name} <{local}@{domain}>" if brackets else f"{local}@{domain}",
            st.text(max_size=15),
            st.text(min_size=1, max_size=10),
            st.text(min_size=1, max_size=10),
            st.booleans(),
        ),
    )
)
def test_the_address_reader_agrees_with_getaddresses(value: str) -> None:
    fast = address_pairs(value)
    slow = [spec.strip().lower() for _display, spec in getaddresses([value])]
    for _display, spec in fast:
        assert spec in slow


MOVE_LINES = st.sampled_from(
    [
        "group 2 tax",
        "pass",
        "recruit old warrior",
        "build +2 palace1 +1 new",
        "release farmer",
        "release order: farmer, monk, scholar",
        "start farmer scholar",
        "play court lady card",
        "- group 1 harvest",
        "GROUP 3 MILITARY",
    ]
)
PROMPT_LINES = ["It is your move: month 5.", "Groups: 1 harvest  2 tax", "Reply: group 2 tax", "", "end"]
TOP_HISTORIES = st.sampled_from(
    [
        "On Mon, Nov 30, 2026 at 10:00 AM Dragon Open <d@p.example> wrote:\n" + "\n".join("> " + l for l in PROMPT_LINES),
        "________________________________\nFrom: Dragon Open <d@p.example>\nSent: Monday\nTo: Ann\nSubject: Move\n\n"
        + "\n".join(PROMPT_LINES),
        "-----Original Message-----\nFrom: Dragon Open\nSent: Monday\n\n" + "\n".join(PROMPT_LINES),
        "> On 30 Nov 2026, at 10:00, Dragon Open <d@p.example> wrote:\n>\n" + "\n".join("> " + l for l in PROMPT_LINES),
        "Am 30.11.26 um 10:00 schrieb Dragon Open:\n" + "\n".join("> " + l for l in PROMPT_LINES),
    ]
)
SIGNATURES = st.sampled_from(["", "-- \nAnn Lee\nhttps://ann.example", "Sent from my iPhone", "Best regards,\nAnn", "Ann"])


@FUZZ
@given(st.lists(MOVE_LINES, min_size=1, max_size=4), TOP_HISTORIES, SIGNATURES)
def test_moves_above_any_history_and_signature_come_through_unchanged(
    moves: list[str], history: str, signature: str
) -> None:
    body = "\n".join(moves) + "\n\n" + (signature + "\n\n" if signature else "") + history + "\n"
    assert new_text(body, "Ann Lee") == "\n".join(moves)


@FUZZ
@given(st.lists(MOVE_LINES, min_size=1, max_size=4), SIGNATURES)
def test_moves_below_a_quote_come_through_unchanged(moves: list[str], signature: str) -> None:
    quote = "On 30/11/2026 10:00, Dragon Open wrote:\n" + "\n".join("> " + l for l in PROMPT_LINES)
    body = quote + "\n\n" + "\n".join(moves) + ("\n\n" + signature if signature else "") + "\n"
    assert new_text(body, "Ann Lee") == "\n".join(moves)
