"""The outbox worker against a real SMTP sink: headers, once-only sending, retries."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from pbem.clock import SetClock
from pbem.mail.outbox import OutboxWorker
from pbem.play.service import Service
from pbem.app import open_service
from tests.mail.conftest import outbox
from tests.mail.sink import plain

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
    from tests.mail import sticks
    from tests.mail.conftest import make_settings
    from tests.mail.sink import Sink, free_port

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

    from tests.mail import sticks
    from tests.mail.conftest import make_settings, self_signed
    from tests.mail.sink import Sink, free_port

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

    from tests.mail import sticks
    from tests.mail.conftest import make_settings, self_signed
    from tests.mail.sink import Sink, free_port

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
    import pbem.mail.outbox

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

    monkeypatch.setattr(pbem.mail.outbox, "crash_point", crash_point)
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
