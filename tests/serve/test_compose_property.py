"""Every mail the outbox composes reads back whole under the standard library's strict policy.

``compose`` writes MIME by hand (quoted-printable, RFC 2047 words, base64
pictures, boundaries), so these properties hold it to ``email``'s own
reading: for any names, subjects and bodies in any script, with or without
a picture, the message parses with no defect on any part, every header reads
back as it was given, and each part's content is the text or picture put in;
and to RFC 2047's limit: no encoded word is longer than 75 characters.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from email import message_from_bytes, policy
from email.message import EmailMessage
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.mail.headers import from_header
from pbem.ops.checks import display_name
from pbem.ops.config import NAME_BYTES
from pbem.serve.outbox import AUTO_RESPONSE_SUPPRESS, SHOWN_PICTURE, ComposeError, compose
from pbem.ops.db import Outbox
from pbem.tournament.runner import list_of
from tournaments.names import control_characters

SENDER = "pbem@pbem.example.org"
PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SCRIPTS = st.sampled_from([
    "Ann", "Ζάρια: σειρά σου", "Ход игрока Иван", "龙年 第三回合", "دورك يا ليلى", "José Müller-Łukasiewicz",
    "🐉 Dragon Cup", "=?utf-8?q?not_a_word?=", "a \"quoted\" name", "Chef (de la) table", ".", "..",
])
"""Names and subjects as the languages and the players' names give them, with the odd ones that mean something
to a mail reader (an encoded word's look, quotes, comments, a lone dot)."""
NAMES = st.one_of(SCRIPTS, st.text(min_size=1, max_size=60))
LINES = st.one_of(SCRIPTS, st.text(max_size=120))
"""Body lines: any text, any script, long lines, dots at the start, control characters and all."""
BODIES = st.lists(LINES, max_size=12).map("\n".join)


def _subject_ok(text: str) -> bool:
    """A subject the mailer can ask for: pbem refuses control characters in one (``ComposeError``, tested in
    test_outbox.py), and its templates never start or end one with white space."""
    return bool(text) and not control_characters(text) and text == text.strip()


SUBJECTS = st.one_of(SCRIPTS, st.text(min_size=1, max_size=200)).filter(_subject_ok)
PICTURES = st.one_of(st.none(), st.binary(min_size=1, max_size=3000))
def _a_from_name(name: str) -> bool:
    """Whether the ``from_name`` setting accepts ``name`` (pbem.ops.config.Settings.from_name's check)."""
    try:
        return display_name(64, NAME_BYTES).read(name) == name
    except ValueError:
        return False


FROM_NAMES = st.one_of(st.just(""), SCRIPTS, st.text(min_size=1, max_size=64).map(lambda text: " ".join(text.split())),
                       st.text(alphabet="αβγδεζηθικλμνξοπρστυφχψωабвгдежзийклмнопрстуфхцчшщ ", min_size=15,
                               max_size=40)).filter(_a_from_name)
"""The service's name in the From, as the ``from_name`` setting accepts it (empty: the bare address)."""
ENCODED_WORD = re.compile(r"=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=")


def encoded_words_too_long(raw: bytes) -> list[str]:
    """The RFC 2047 words in the header section of ``raw`` longer than the 75 characters one may hold."""
    head = raw.split(b"\r\n\r\n", 1)[0].decode("ascii")
    return [word for word in ENCODED_WORD.findall(head) if len(word) > 75]


@st.composite
def rows(draw: st.DrawFn) -> tuple[Outbox, str]:
    """An outbox row as pbem writes one, and the tournament name its List-Id was made from ("" for none)."""
    at = draw(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31),
                           timezones=st.just(timezone.utc))).replace(microsecond=0)
    row_id = draw(st.integers(min_value=1, max_value=10**9))
    tournament = draw(st.one_of(st.just(""), NAMES.filter(lambda name: not control_characters(name))))
    reply_to = f"play+{row_id}.0.x7k@pbem.example.org"
    list_id = list_of(SimpleNamespace(settings=SimpleNamespace(from_address=SENDER)),  # type: ignore[arg-type]
                      SimpleNamespace(name=tournament, id=row_id)) if tournament else ""  # type: ignore[arg-type]
    earlier = f"<{row_id - 1}.a1@pbem.example.org>"
    row = Outbox(id=row_id, kind="prompt", recipient="ann.o-brien+dragon@example.org", subject=draw(SUBJECTS),
                 text=draw(BODIES), html=draw(BODIES) + draw(st.sampled_from(["", '<img src="cid:board">'])),
                 picture=draw(PICTURES),  # a picture the HTML shows, or one it does not (attached)
                 message_id=f"<{row_id}.b2@pbem.example.org>", created=at, next_attempt=at, reply_to=reply_to,
                 in_reply_to=draw(st.sampled_from(["", earlier])), references=draw(st.sampled_from(["", earlier])),
                 list_id=list_id, unsubscribe=draw(st.sampled_from(["", f"<mailto:{reply_to}?subject=leave>"])))
    return row, tournament


def _lines(text: str) -> str:
    """A text part as a mail carries it: its line ends are CRLF on the wire, whatever they were."""
    return text.replace("\r\n", "\n")


@PROPERTY
@given(rows(), FROM_NAMES)
def test_every_composed_mail_parses_without_defects_and_reads_back_as_given(drawn: tuple[Outbox, str],
                                                                           from_name: str) -> None:
    row, tournament = drawn
    raw = compose(row, from_header(from_name, SENDER))
    message = message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    for part in message.walk():
        assert not part.defects, (part.get_content_type(), part.defects)
        for name, value in part.items():
            assert not getattr(value, "defects", ()), (name, value.defects)

    [sender] = message["From"].addresses
    assert (sender.display_name, sender.addr_spec) == (from_name, SENDER)
    assert encoded_words_too_long(raw) == []
    expected = {"To": row.recipient, "Subject": row.subject, "Message-ID": row.message_id,
                "Reply-To": row.reply_to, "In-Reply-To": row.in_reply_to, "References": row.references,
                "List-Unsubscribe": row.unsubscribe, "Auto-Submitted": "auto-generated", "X-PBEM-Outbound": "1",
                "X-Auto-Response-Suppress": AUTO_RESPONSE_SUPPRESS,
                "MIME-Version": "1.0"}
    for name, value in expected.items():
        assert message.get_all(name, []) == ([value] if value else []), name
    assert message["Date"].datetime == row.created
    if tournament:  # the name quoted as given in ASCII, else read back from its encoded words
        label = row.list_id.rpartition(" <")[2]
        assert message["List-Id"] == (row.list_id if row.list_id.startswith('"') else f"{tournament} <{label}")
    else:
        assert message["List-Id"] is None

    plain = message.get_body(preferencelist=("plain",))
    html = message.get_body(preferencelist=("html",))
    assert plain is not None and html is not None
    assert _lines(plain.get_content()) == _lines(row.text)
    assert _lines(html.get_content()) == _lines(row.html)
    pictures = [part for part in message.walk() if part.get_content_type() == "image/png"]
    assert [part.get_content() for part in pictures] == ([row.picture] if row.picture else [])
    shown = bool(row.picture) and SHOWN_PICTURE in row.html  # a picture the HTML shows is inline beside it, one
    related = [part for part in message.walk() if part.get_content_type() == "multipart/related"]  # it does not,
    assert [part.get_param("type") for part in related] == (["text/html"] if shown else [])  # RFC 2387; attached
    assert [part.get_content_disposition() for part in pictures] == (
        [] if not row.picture else ["inline"] if shown else ["attachment"])
    assert message.get_content_type() == ("multipart/mixed" if row.picture and not shown else "multipart/alternative")


@PROPERTY
@given(rows(), st.text(min_size=1).filter(control_characters))
def test_a_subject_with_a_control_character_is_refused_whole(drawn: tuple[Outbox, str], subject: str) -> None:
    with pytest.raises(ComposeError):
        compose(drawn[0].model_copy(update={"subject": subject}), SENDER)
