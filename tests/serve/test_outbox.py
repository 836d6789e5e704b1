"""The outbox worker against a real SMTP sink: headers, once-only sending, retries."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from pbem.clock import SetClock
from pbem.serve.outbox import OutboxWorker
from pbem.play.service import Service
from pbem.app import open_service
from tests.support.loop import outbox
from tests.support.sink import plain

ANN = "ann@example.org"


def flush(service: Service) -> tuple[int, int]:
    async def run() -> tuple[int, int]:
        worker = OutboxWorker(service)
        try:
            report = await worker.flush()
        finally:
            await worker.close()
        return report.sent, report.failed

    return asyncio.run(run())


def test_prompt_leaves_with_threading_token_and_loop_headers(relayed: Service, sink) -> None:
    game_id = relayed.new_game("sticks", [ANN], bots_count=1, seed=0)
    assert flush(relayed) == (1, 0)
    message = sink.messages[0]
    row = outbox(relayed)[0]
    assert message["Message-ID"] == row.message_id and message["To"] == ANN
    assert message["Reply-To"].startswith(f"play+{game_id}.0.")
    assert message["Auto-Submitted"] == "auto-generated" and message["X-PBEM-Outbound"] == "1"
    assert "take 1" in plain(message) and message.get_body(preferencelist=("html",)) is not None
    assert outbox(relayed)[0].status == "sent"


def test_a_sent_row_is_never_sent_again(relayed: Service, sink) -> None:
    relayed.new_game("sticks", [ANN], bots_count=1, seed=0)
    flush(relayed)
    assert flush(relayed) == (0, 0)
    assert len(sink.messages) == 1


def test_relay_refusing_then_back_sends_later_with_backoff(relayed: Service, sink, clock: SetClock) -> None:
    relayed.new_game("sticks", [ANN], bots_count=1, seed=0)
    sink.refusing = True
    assert flush(relayed) == (0, 1)
    row = outbox(relayed)[0]
    assert row.status == "pending" and row.attempts == 1 and "451" in row.last_error
    sink.refusing = False
    assert flush(relayed) == (0, 0), "not due before its backoff"
    clock.advance(timedelta(seconds=31))
    assert flush(relayed) == (1, 0)
    assert len(sink.messages) == 1


def test_relay_down_keeps_mail_until_it_is_up(tmp_path, clock: SetClock) -> None:
    from tests.support import sticks
    from tests.support.loop import make_settings
    from tests.support.sink import Sink, free_port

    port = free_port()
    service = open_service(make_settings(tmp_path, smtp_port=port), clock=clock, rules=sticks.rules)
    service.new_game("sticks", [ANN], bots_count=1, seed=0)
    assert flush(service) == (0, 1)
    clock.advance(timedelta(seconds=31))
    assert flush(service) == (0, 1)
    assert outbox(service)[0].attempts == 2 and outbox(service)[0].next_attempt > clock.now()
    sink = Sink(port).start()
    try:
        clock.advance(timedelta(seconds=61))
        assert flush(service) == (1, 0)
        assert len(sink.messages) == 1
    finally:
        sink.stop()


def test_starttls_and_login_to_a_relay_that_requires_both(tmp_path, clock: SetClock) -> None:
    import ssl

    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    from tests.support import sticks
    from tests.support.loop import make_settings, self_signed
    from tests.support.sink import Sink, free_port

    key, cert = self_signed(tmp_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    logins: list[tuple[bytes, bytes]] = []

    def authenticate(server, session, envelope, mechanism, auth_data):  # type: ignore[no-untyped-def]
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.login == b"pbem" and auth_data.password == b"relay-secret")

    sink = Sink()
    port = free_port()
    relay = Controller(sink, hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True,
                       auth_required=True, auth_require_tls=True, authenticator=authenticate)
    relay.start()
    try:
        service = open_service(make_settings(tmp_path, smtp_port=port, smtp_starttls=True, smtp_cafile=str(cert),
                                        smtp_user="pbem", smtp_password="relay-secret"),
                          clock=clock, rules=sticks.rules)
        service.new_game("sticks", [ANN], bots_count=1, seed=0)
        assert flush(service) == (1, 0)
    finally:
        relay.stop()
    assert logins == [(b"pbem", b"relay-secret")] and len(sink.messages) == 1


def test_implicit_tls_to_a_relay_that_speaks_tls_from_the_first_byte(tmp_path, clock: SetClock) -> None:
    import ssl

    from aiosmtpd.controller import Controller

    from tests.support import sticks
    from tests.support.loop import make_settings, self_signed
    from tests.support.sink import Sink, free_port

    key, cert = self_signed(tmp_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    sink = Sink()
    port = free_port()
    relay = Controller(sink, hostname="127.0.0.1", port=port, ssl_context=context)  # like port 465: no STARTTLS
    relay.start()
    try:
        service = Service(make_settings(tmp_path, smtp_port=port, smtp_tls="implicit", smtp_cafile=str(cert)),
                          clock=clock, rules=sticks.rules)
        service.new_game("sticks", [ANN], bots_count=1, seed=0)
        assert flush(service) == (1, 0)
    finally:
        relay.stop()
    assert len(sink.messages) == 1 and sink.messages[0]["To"] == ANN


def test_each_row_is_marked_sent_before_the_next_leaves_so_a_crash_resends_at_most_one(
        relayed: Service, sink, clock: SetClock, monkeypatch) -> None:
    import pbem.serve.outbox

    for seed in range(4):  # four prompts to Ann: one lane, sent in order
        relayed.new_game("sticks", [ANN], bots_count=1, seed=seed)
    seen: list[list[str]] = []

    class Killed(BaseException):
        """The process dying right after the relay's 250 for the third row, before anything else runs."""

    def crash_point(_service: Service, step: str) -> None:
        assert step == "after_send"
        seen.append([row.status for row in outbox(relayed)])
        if len(seen) == 3:
            raise Killed

    monkeypatch.setattr(pbem.serve.outbox, "crash_point", crash_point)
    try:
        flush(relayed)
    except Killed:
        pass
    assert seen == [["pending"] * 4, ["sent"] + ["pending"] * 3, ["sent", "sent", "pending", "pending"]]
    monkeypatch.undo()
    clock.advance(timedelta(seconds=relayed.settings.outbox_lease_seconds + 1))  # the dead worker's claim ends
    assert flush(relayed) == (2, 0)  # after the restart: the third row again, and the fourth
    assert len(sink.messages) == 5 and len(sink.unique()) == 4
    assert [row.status for row in outbox(relayed)] == ["sent"] * 4


def test_a_mail_refused_for_good_is_kept_listed_and_sent_again_once_the_organiser_retries_it(tmp_path, sink) -> None:
    from typer.testing import CliRunner

    from pbem.cli.main import app
    from pbem.ops.config import load_settings
    from tests.settings import command_env

    env = command_env(tmp_path, PBEM_DATABASE_URL=f"sqlite:///{tmp_path / 'pbem.db'}", PBEM_SECRET="test-secret",
                      PBEM_SMTP_PORT=str(sink.port), USER="orga", COLUMNS="200")
    service = open_service(load_settings(env))  # the command line's clock: the real one
    service.new_game("dragon", [ANN], bots_count=2, seed=1)
    sink.rejecting = True
    assert flush(service) == (0, 1)
    (row,) = outbox(service)
    assert row.status == "failed" and "550" in row.last_error  # a permanent refusal: kept, not retried

    def cli(*args: str, code: int = 0) -> str:
        result = CliRunner().invoke(app, list(args), env=env)
        assert result.exit_code == code, (result.exit_code, result.output)
        return result.output

    listed = cli("outbox", "list", "--status", "failed")
    assert "failed" in listed and ANN in listed and "550" in listed
    assert "--reason is required" in cli("outbox", "retry", str(row.id), code=1)
    assert "no outbox mail 9; mails are numbered 1-1" in cli("outbox", "retry", "9", "--reason", "x", code=1)
    assert "--status 'lost'" in cli("outbox", "list", "--status", "lost", code=1)
    assert outbox(service)[0].status == "failed"

    sink.rejecting = False
    assert "is queued again" in cli("outbox", "retry", str(row.id), "--reason", "mailbox created")
    assert flush(service) == (1, 0)
    assert [m["Message-ID"] for m in sink.messages] == [row.message_id]
    assert "not failed but sent" in cli("outbox", "retry", str(row.id), "--reason", "again", code=1)
    assert cli("audit").count("mail retry") == 1


def _forced(service: Service, **fields: object) -> int:
    """A copy of the first outbox row with ``fields`` changed, written straight to the database.

    Stands for a row stored before addresses were checked where they enter
    (or by any path that skips the check): the worker must cope with it.
    """
    from sqlmodel import Session

    from pbem.ops.db import Outbox

    first = outbox(service)[0]
    values = first.model_dump(exclude={"id"})
    values.update(message_id=f"<forced-{len(outbox(service))}@pbem.test>", status="pending", attempts=0,
                  next_attempt=first.created, sent=None, **fields)
    with Session(service.db) as session:
        row = Outbox(**values)
        session.add(row)
        session.commit()
        assert row.id is not None
        return row.id


def _one_lane(tmp_path, clock: SetClock, sink) -> Service:  # type: ignore[no-untyped-def]
    """A service sending over one connection: every row shares the lane a poisoned row is in."""
    from tests.support import sticks
    from tests.support.loop import make_settings

    return open_service(make_settings(tmp_path, smtp_port=sink.port, smtp_connections=1), clock=clock,
                        rules=sticks.rules)


def test_a_row_that_cannot_be_composed_is_failed_and_the_rows_after_it_go_in_the_same_pass(
        tmp_path, clock: SetClock, sink) -> None:
    service = _one_lane(tmp_path, clock, sink)
    service.new_game("sticks", [ANN], bots_count=1, seed=0)
    poisoned = _forced(service, recipient="josé@example.es")  # compose cannot write it into the To header
    service.new_game("sticks", ["bob@example.org"], bots_count=1, seed=1)
    service.new_game("sticks", ["cy@example.org"], bots_count=1, seed=2)
    assert flush(service) == (3, 1)
    rows = {row.id: row for row in outbox(service)}
    assert rows[poisoned].status == "failed" and "ComposeError" in rows[poisoned].last_error
    assert "josé@example.es" in rows[poisoned].last_error
    assert [row.status for row in rows.values() if row.id != poisoned] == ["sent"] * 3
    assert sorted(str(m["To"]) for m in sink.messages) == [ANN, "bob@example.org", "cy@example.org"]
    assert flush(service) == (0, 0), "a failed row is not claimed again: nothing waits behind it"


def test_a_row_the_smtp_client_refuses_to_send_is_failed_alone(tmp_path, clock: SetClock, sink, monkeypatch) -> None:
    """Past compose, a non-ASCII envelope recipient makes aiosmtplib raise (UnicodeEncodeError: the relay offers no
    SMTPUTF8): an error that is no SMTP failure, which once escaped the lane and left the rows behind it waiting."""
    from pbem.serve import outbox as outbox_module

    service = _one_lane(tmp_path, clock, sink)
    service.new_game("sticks", [ANN], bots_count=1, seed=0)
    real = outbox_module.compose
    monkeypatch.setattr(outbox_module, "compose", lambda row, sender: real(  # the header is fine, the envelope not
        row.model_copy(update={"recipient": "jose@example.es"}) if not row.recipient.isascii() else row, sender))
    poisoned = _forced(service, recipient="josé@example.es")
    service.new_game("sticks", ["bob@example.org"], bots_count=1, seed=1)
    assert flush(service) == (2, 1)
    rows = {row.id: row for row in outbox(service)}
    assert rows[poisoned].status == "failed" and "UnicodeEncodeError" in rows[poisoned].last_error
    assert sorted(str(m["To"]) for m in sink.messages) == [ANN, "bob@example.org"]


def test_a_stored_recipient_or_subject_with_a_line_break_injects_no_header(tmp_path, clock: SetClock, sink) -> None:
    service = _one_lane(tmp_path, clock, sink)
    service.new_game("sticks", [ANN], bots_count=1, seed=0)
    by_recipient = _forced(service, recipient="bob@example.org\r\nBcc: eve@evil.example")
    by_subject = _forced(service, subject="Your move\r\nBcc: eve@evil.example")
    by_bare_lf = _forced(service, subject="Ελληνικά\nBcc: eve@evil.example")
    assert flush(service) == (1, 3)
    rows = {row.id: row for row in outbox(service)}
    for row_id in (by_recipient, by_subject, by_bare_lf):
        assert rows[row_id].status == "failed" and "ComposeError" in rows[row_id].last_error
    assert len(sink.raw) == 1 and sink.recipients == [[ANN]]
    assert b"Bcc" not in sink.raw[0] and b"evil.example" not in sink.raw[0]
    assert sink.messages[0]["Bcc"] is None


def test_a_long_non_ascii_subject_is_folded_with_crlf_and_read_back_whole(relayed: Service, sink) -> None:
    from pbem.serve.outbox import compose

    relayed.new_game("sticks", [ANN], bots_count=1, seed=0)
    subject = "Ελληνικά " * 12 + "τέλος"
    row = outbox(relayed)[0].model_copy(update={"subject": subject})
    raw = compose(row, "pbem@pbem.test")
    head = raw.split(b"\r\n\r\n", 1)[0]
    assert b"\n" not in head.replace(b"\r\n", b""), "every line of the head ends in CRLF"
    from email import message_from_bytes, policy
    assert message_from_bytes(raw, policy=policy.default)["Subject"] == subject


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_a_relay_that_refuses_our_login_fails_no_row_for_good_and_counts_no_bounce(tmp_path, clock: SetClock) -> None:
    """A 535 at login is the relay's answer to us, not to the recipient: the row waits to be tried again."""
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult
    from sqlmodel import Session, select

    from pbem.ops.db import Player
    from tests.support import sticks
    from tests.support.loop import make_settings
    from tests.support.sink import Sink, free_port

    def refuse(server, session, envelope, mechanism, auth_data):  # type: ignore[no-untyped-def]
        return AuthResult(success=False, handled=False)

    sink, port = Sink(), free_port()
    relay = Controller(sink, hostname="127.0.0.1", port=port, auth_required=True, auth_require_tls=False,
                       authenticator=refuse)
    relay.start()
    try:
        service = open_service(make_settings(tmp_path, smtp_port=port, smtp_user="pbem", smtp_password="wrong"),
                               clock=clock, rules=sticks.rules)
        service.new_game("sticks", [ANN], bots_count=1, seed=0)
        assert flush(service) == (0, 1)
    finally:
        relay.stop()
    row = outbox(service)[0]
    assert row.status == "pending" and row.attempts == 1 and "535" in row.last_error
    with Session(service.db) as session:
        assert session.exec(select(Player.bounce_score).where(Player.email == ANN)).one() == 0


def _composed(text: str, html: str = "<p>x</p>", picture: bytes | None = None) -> bytes:
    from datetime import datetime, timezone

    from pbem.serve.outbox import compose
    from pbem.ops.db import Outbox

    at = datetime(2026, 12, 4, tzinfo=timezone.utc)
    return compose(Outbox(id=7, kind="prompt", recipient=ANN, subject="Ζάρια: σειρά σου", text=text, html=html,
                          picture=picture, message_id="<7.x@pbem.example.org>", created=at, next_attempt=at,
                          reply_to="pbem+t@pbem.example.org"), "pbem@pbem.example.org")


COMPOSED = [
    _composed("plain\n.a line that starts with a dot\n.\n..two\nend"),
    _composed("Καλησπέρα, σειρά σου.\n" * 40, "<p>é</p>\n.x", bytes(range(256)) * 40),
    _composed("no newline at the end"),
]
RETURN_PATH = "bounces@pbem.example.org"


def _on_one_lane(service: Service, mails: list[tuple[str, bytes]]) -> tuple[list[BaseException | None], bool]:
    """Each (recipient, message) sent by the worker on its first lane, as a flush sends a row: what each send
    raised, and whether every mail went over the one connection the first one opened."""
    import aiosmtplib

    async def run() -> tuple[list[BaseException | None], bool]:
        worker = OutboxWorker(service)
        outcomes: list[BaseException | None] = []
        connections: list[object] = []
        try:
            for recipient, message in mails:
                try:
                    await worker._send(0, message, recipient, RETURN_PATH)
                    outcomes.append(None)
                except aiosmtplib.SMTPException as exc:
                    outcomes.append(exc)
                connections.append(worker._lanes[0])
        finally:
            await worker.close()
        return outcomes, all(connection is connections[0] for connection in connections)

    return asyncio.run(run())


def test_the_relay_receives_exactly_what_was_composed_with_its_size_and_return_path(relayed: Service, sink) -> None:
    outcomes, one_connection = _on_one_lane(relayed, [(ANN, message) for message in COMPOSED])
    assert outcomes == [None] * 3 and one_connection
    assert sink.raw == COMPOSED, "dots and all: what arrives is what was composed"
    assert sink.recipients == [[ANN]] * 3 and sink.return_paths == [RETURN_PATH] * 3
    assert [[option.upper() for option in options] for options in sink.mail_options] == [
        [f"SIZE={len(message)}"] for message in COMPOSED]


def test_a_refused_recipient_is_recipients_refused_and_the_next_mail_goes_on_the_same_connection(
        relayed: Service, sink) -> None:
    import aiosmtplib

    sink.unknown = {"nobody@example.org"}
    (refused, sent), one_connection = _on_one_lane(relayed, [("nobody@example.org", COMPOSED[2]), (ANN, COMPOSED[2])])
    assert isinstance(refused, aiosmtplib.SMTPRecipientsRefused)
    assert [(exc.code, exc.recipient) for exc in refused.recipients] == [(550, "nobody@example.org")]
    assert sent is None and one_connection, "the envelope was reset: the next mail has a new one"
    assert sink.raw == [COMPOSED[2]] and sink.recipients == [[ANN]]


def test_a_refusal_at_data_is_a_data_error_and_the_connection_goes_on(relayed: Service, sink) -> None:
    import aiosmtplib

    sink.rejecting = True
    (first,), _ = _on_one_lane(relayed, [(ANN, COMPOSED[0])])
    assert isinstance(first, aiosmtplib.SMTPDataError) and first.code == 550
    sink.rejecting = False
    sink.refusing = True
    later, one_connection = _on_one_lane(relayed, [(ANN, COMPOSED[0]), (ANN, COMPOSED[2])])
    assert [exc.code for exc in later if isinstance(exc, aiosmtplib.SMTPDataError)] == [451, 451] and one_connection
    sink.refusing = False
    assert _on_one_lane(relayed, [(ANN, COMPOSED[2])])[0] == [None]
    assert sink.raw == [COMPOSED[2]]
