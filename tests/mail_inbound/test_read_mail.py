"""read_mail: the header facts, the automatic-mail rules, oversize, and never raising."""

from __future__ import annotations

from email.parser import BytesHeaderParser
from email.policy import compat32

import pytest

import pbem.mail.inbound as inbound
from pbem.mail.inbound import AUTOMATIC_FILTERS, MailKind, read_mail
from pbem.mail.inbound.charsets import decode_bytes
from pbem.mail.inbound.headers import display_name


def mail(*headers: str, body: str = "group 2 tax\n") -> bytes:
    return ("\r\n".join(headers) + "\r\n\r\n" + body).encode("utf-8")


HUMAN = ("From: Ann Lee <Ann.Lee@Example.ORG>", "To: dragon+1.0.abc@pbem.example", "Message-ID: <m1@client.example>")


def test_a_plain_reply_is_a_reply_with_its_text() -> None:
    read = read_mail(mail(*HUMAN))
    assert (read.kind, read.reason, read.text) == (MailKind.REPLY, "", "group 2 tax")


def test_sender_is_the_lower_cased_addr_spec_and_message_id_loses_its_brackets() -> None:
    read = read_mail(mail(*HUMAN))
    assert read.sender == "ann.lee@example.org"
    assert read.message_id == "m1@client.example"


@pytest.mark.parametrize("froms", [
    ["Ann <ann@example.org>, Eve <eve@evil.example>"],
    ["eve@evil.example, ann@example.org"],
    ["ann@example.org, eve@evil example"],  # the second is no usable address, but a second sender all the same
    ["Ann <ann@example.org>", "eve@evil.example"],
    ["ann@example.org", "ann@example.org"],
    ["friends: ann@example.org, eve@evil.example;"],
])
def test_a_from_of_several_senders_has_no_sender(froms: list[str]) -> None:
    raw = "".join(f"From: {value}\r\n" for value in froms) + "Message-ID: <m@x>\r\n\r\ntake 1\r\n"
    for authserv_id in ("", "mx.pbem.test"):
        read = read_mail(raw.encode(), authserv_id=authserv_id)
        assert read.sender == "" and read.several_senders and read.kind is MailKind.REPLY
        assert bool(read.unauthenticated) == bool(authserv_id), "only our MX's word makes a mail unauthenticated"


@pytest.mark.parametrize("value", ['"Lee, Ann" <ann@example.org>', "ann@example.org (Ann, at home)",
                                   "=?utf-8?q?Lee=2C_Ann?= <ann@example.org>", "Ann <ann@example.org>,"])
def test_one_sender_with_a_comma_in_its_name_is_one_sender(value: str) -> None:
    read = read_mail(f"From: {value}\r\nMessage-ID: <m@x>\r\n\r\ntake 1\r\n".encode(), authserv_id="mx.pbem.test")
    assert (read.sender, read.several_senders, read.unauthenticated) == ("ann@example.org", False, "")


def test_a_missing_message_id_becomes_the_hash_of_the_raw_bytes() -> None:
    first = read_mail(mail("From: a@b.example"))
    again = read_mail(mail("From: a@b.example"))
    other = read_mail(mail("From: a@b.example", body="pass\n"))
    assert first.message_id.startswith("sha256:") and len(first.message_id) == 7 + 64
    assert first.message_id == again.message_id != other.message_id


def test_recipients_put_the_envelope_first_then_delivered_to_original_to_to_and_cc_without_repeats() -> None:
    raw = mail(
        "From: a@b.example",
        "To: Game <Dragon+1.0.abc@pbem.example>, x@y.example",
        "Cc: z@y.example",
        "Delivered-To: dragon+1.0.abc@pbem.example",
        "X-Original-To: orig@pbem.example",
    )
    read = read_mail(raw, envelope_recipients=["Env@pbem.example"])
    assert read.recipients == (
        "env@pbem.example",
        "dragon+1.0.abc@pbem.example",
        "orig@pbem.example",
        "x@y.example",
        "z@y.example",
    )


def test_subject_in_rfc2047_words_and_threading_headers_are_decoded() -> None:
    raw = mail(
        "From: a@b.example",
        "Subject: =?KOI8-R?B?8sU6?= [Dragon] =?utf-8?q?caf=C3=A9?=",
        "In-Reply-To: <p2@pbem.example>",
        "References: <p1@pbem.example>\r\n <p2@pbem.example>",
    )
    read = read_mail(raw)
    assert read.subject == "Ре: [Dragon] café"  # Cyrillic "Re"
    assert read.in_reply_to == "p2@pbem.example"
    assert read.references == ("p1@pbem.example", "p2@pbem.example")


@pytest.mark.parametrize(("written", "read"), [
    ("Subject: Ре: [Dragon] ход группа 2".encode(), "Ре: [Dragon] ход группа 2"),
    ("Subject: Κύπελλο: ποιος γύρος;".encode(), "Κύπελλο: ποιος γύρος;"),
    ("Subject: =?utf-8?q?caf=C3=A9?= и чай".encode(), "café и чай"),  # an encoded word beside raw UTF-8
    ("Subject: Kérdés".encode("cp1252"), "Kérdés"),  # an 8-bit charset that is not UTF-8
])
def test_a_subject_written_as_raw_8bit_reads_as_written(written: bytes, read: str) -> None:
    """Clients write raw UTF-8 in headers often, against RFC 5322: read as the body's charsets are, never as
    U+FFFD (which pbem's answer, quoting the subject, would carry back to the player)."""
    raw = b"From: \xd0\x90\xd0\xbd\xd0\xbd\xd0\xb0 <ann@example.org>\r\n" + written + b"\r\nMessage-ID: <m@x>\r\n\r\ntake 1\r\n"
    got = read_mail(raw)
    assert (got.subject, got.sender) == (read, "ann@example.org")
    assert display_name(BytesHeaderParser(policy=compat32).parsebytes(raw), "From") == "Анна"


def test_return_path_is_empty_only_for_the_null_path() -> None:
    assert read_mail(mail("Return-Path: <>", "From: a@b.example")).return_path == ""
    assert read_mail(mail("Return-Path: <A@B.example>", "From: a@b.example")).return_path == "a@b.example"
    assert read_mail(mail("From: a@b.example")).return_path is None
    unreadable = read_mail(mail("Return-Path: <{player0}>", "From: a@b.example"))
    assert unreadable.return_path is None and unreadable.kind is MailKind.REPLY


@pytest.mark.parametrize(
    ("header", "reason_part"),
    [
        ("Auto-Submitted: auto-replied", "RFC 3834"),
        ("Auto-Submitted: auto-generated; owner-email=x@y.example", "auto-generated"),
        ("Precedence: bulk", "bulk"),
        ("Precedence: junk", "junk"),
        ("Precedence: list", "list"),
        ("List-Unsubscribe: <mailto:leave@lists.example>", "List-Unsubscribe"),
        ("List-Id: <games.lists.example>", "List-Id"),
        ("Return-Path: <>", "empty return path"),
        ("Content-Type: multipart/report; report-type=delivery-status; boundary=x", "multipart/report"),
        ("X-Autoreply: yes", "X-Autoreply"),
        ("X-Autorespond: vacation", "X-Autorespond"),
        ("X-PBEM-Outbound: 1", "X-PBEM-Outbound"),
        ("Subject: Automatic reply: Your move", "automatic"),
    ],
)
def test_automatic_mail_is_recognised_and_never_read(header: str, reason_part: str) -> None:
    read = read_mail(mail("From: a@b.example", header))
    assert read.kind is MailKind.AUTOMATIC
    assert reason_part in read.reason
    assert read.text == ""


def test_mail_from_our_own_address_is_automatic() -> None:
    read = read_mail(mail("From: Dragon Open <Dragon@pbem.example>"), own_addresses=["dragon@pbem.example"])
    assert read.kind is MailKind.AUTOMATIC and "dragon@pbem.example" in read.reason


def test_our_own_address_may_be_given_with_a_display_name() -> None:
    read = read_mail(mail("From: dragon@pbem.example"), own_addresses=["Dragon Open <Dragon@pbem.example>"])
    assert read.kind is MailKind.AUTOMATIC


def test_mail_from_mailer_daemon_is_automatic() -> None:
    assert read_mail(mail("From: MAILER-DAEMON@mx.example")).kind is MailKind.AUTOMATIC


def test_auto_submitted_no_and_a_plain_precedence_are_human() -> None:
    assert read_mail(mail(*HUMAN, "Auto-Submitted: no")).kind is MailKind.REPLY
    assert read_mail(mail(*HUMAN, "Precedence: first-class")).kind is MailKind.REPLY


def test_every_rule_has_a_name_a_description_and_a_unique_name() -> None:
    names = [one.name for one in AUTOMATIC_FILTERS]
    assert len(names) == len(set(names))
    assert all(one.name and one.description for one in AUTOMATIC_FILTERS)


def test_oversize_is_decided_from_the_length_without_parsing_the_body(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_body_parsing(*_args: object) -> str:
        raise AssertionError("the body of an oversized message was parsed")

    monkeypatch.setattr(inbound, "_parse_whole", no_body_parsing)
    monkeypatch.setattr(inbound, "body_text", no_body_parsing)
    raw = mail(*HUMAN, "Content-Type: text/plain", body="group 2 tax\n" + "x" * 2000)
    read = read_mail(raw, max_bytes=1000)
    assert read.kind is MailKind.OVERSIZE
    assert f"{len(raw):,} bytes" in read.reason and "1,000" in read.reason
    assert read.sender == "ann.lee@example.org" and read.message_id == "m1@client.example"


def test_an_oversized_bounce_is_automatic_so_it_is_never_answered() -> None:
    raw = mail("From: MAILER-DAEMON@mx.example", "Return-Path: <>", body="x" * 5000)
    assert read_mail(raw, max_bytes=1000).kind is MailKind.AUTOMATIC


def test_a_message_of_exactly_max_bytes_is_read() -> None:
    raw = mail(*HUMAN)
    assert read_mail(raw, max_bytes=len(raw)).kind is MailKind.REPLY


def test_mime_nested_deeper_than_any_client_nests_reads_as_empty_without_raising() -> None:
    nested = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\r\n\r\n--b{i}\r\n' for i in range(3000))
    raw = b"From: a@b.example\r\n" + nested.encode() + b"Content-Type: text/plain\r\n\r\ngroup 2 tax\r\n"
    assert read_mail(raw).text == ""


def test_deeply_nested_html_lists_are_read_quickly_by_stripping_tags() -> None:
    raw = mail("From: a@b.example", "Content-Type: text/html", body="<ol><li>" * 4000 + "group 2 tax")
    assert read_mail(raw).text == "group 2 tax"


def test_html_only_mail_is_converted_without_markdown_escapes() -> None:
    body = "<html><body><p>build +2 palace1 +1 new</p><p>1. - + x</p></body></html>"
    raw = mail("From: a@b.example", "Content-Type: text/html; charset=utf-8", body=body)
    assert read_mail(raw).text == "build +2 palace1 +1 new\n\n1. - + x"


@pytest.mark.parametrize(
    ("data", "label", "expected"),
    [
        ("Καλή τύχη".encode("iso-8859-7"), "ISO-8859-7", "Καλή τύχη"),
        ("Всем удачи".encode("koi8-r"), "koi8-r", "Всем удачи"),
        ("Żółć".encode("iso-8859-2"), "iso-8859-2", "Żółć"),
        ("Grüße".encode("utf-8"), "us-ascii", "Grüße"),
        ("Grüße".encode("utf-8"), "iso-8859-1", "Grüße"),
        ("Grüße".encode("latin-1"), "utf-8", "Grüße"),
        ("Grüße".encode("latin-1"), "x-no-such-charset", "Grüße"),
        ("“quoted”".encode("cp1252"), None, "“quoted”"),
        (b"\x81\x8d\x8f", "base64", "\x81\x8d\x8f"),
        ("Привет".encode("cp1251"), "windows-1251", "Привет"),
    ],
)
def test_any_charset_label_decodes_without_raising(data: bytes, label: str | None, expected: str) -> None:
    assert decode_bytes(data, label) == expected
