"""pbem serve in-process: overdue deadlines handled at start-up, the scheduler's scans, and the CLI."""

from __future__ import annotations

import asyncio
import logging
import threading
from datetime import timedelta
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.main import app
from pbem.clock import SetClock
from pbem.ops.db import Outbox
from pbem.play import deadlines
from pbem.serve.outbox import compose
from pbem.serve.server import Server
from pbem.play.service import Service
from pbem.app import open_service
from tests.support import sticks
from tests.support.loop import START, make_settings, outbox, reply_to, self_signed
from tests.settings import command_env

ANN, BOB = "ann@example.org", "bob@example.org"


def test_a_deadline_missed_while_the_server_was_down_is_handled_at_start_up(tmp_path: Path, sink) -> None:
    clock = SetClock(START)
    service = open_service(make_settings(tmp_path, smtp_port=sink.port, listen="", scan_seconds=0.2),
                      clock=clock, rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    clock.advance(timedelta(days=10))  # the server was down past the deadline

    async def run() -> None:
        server = Server(service)
        await server.start()
        try:
            await asyncio.get_running_loop().run_in_executor(
                None, lambda: sink.wait_for(lambda ms: [m for m in ms if "Deadline passed" in str(m["Subject"])]))
            clock.advance(timedelta(days=2, hours=1))  # Bob's reminder comes due; the next scan sends it
            await asyncio.get_running_loop().run_in_executor(
                None, lambda: sink.wait_for(lambda ms: [m for m in ms if "Reminder" in str(m["Subject"])]))
        finally:
            await server.stop()

    asyncio.run(run())
    assert {row.kind for row in outbox(service)} >= {"prompt", "timeout", "reminder"}
    assert all(row.status == "sent" for row in outbox(service))


def test_the_board_picture_rides_inline_in_the_html_part_that_shows_it(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)
    row: Outbox = outbox(service, kind="prompt")[0]
    row.picture = b"\x89PNG\r\n\x1a\nfake"
    attached = message_from_bytes(compose(row, "pbem@pbem.localhost"), policy=policy.default)
    row.html = row.html.replace("</body>", '<p><img src="cid:board" alt="the board"></p></body>')  # as a board
    message = message_from_bytes(compose(row, "pbem@pbem.localhost"), policy=policy.default)  # game's mail shows it
    related = [part for part in message.walk() if part.get_content_type() == "multipart/related"]
    image = [part for part in message.walk() if part.get_content_type() == "image/png"]
    assert related and image and image[0]["Content-ID"] == "<board>"
    assert image[0].get_content_disposition() == "inline"
    assert message.get_body(preferencelist=("plain",)).get_content().startswith("Hello ann")
    [unshown] = [part for part in attached.walk() if part.get_content_type() == "image/png"]  # an HTML that does
    assert unshown.get_content_disposition() == "attachment" and unshown["Content-ID"] is None  # not show it
    assert attached.get_body(preferencelist=("plain",)).get_content().startswith("Hello ann")


def test_game_new_and_list_from_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    env = command_env(tmp_path, PBEM_DATABASE_URL=f"sqlite:///{tmp_path / 'cli.db'}", PBEM_SECRET="cli")
    assert runner.invoke(app, ["init"], env=env).exit_code == 0
    made = runner.invoke(app, ["game", "new", "dragon", "--player", ANN, "--bots", "3", "--seed", "5",
                               "--deadline", "2d"], env=env)
    assert made.exit_code == 0 and "game 1 started" in made.output
    listed = runner.invoke(app, ["game", "list"], env=env)
    assert "Dragon #1" in listed.output and ANN in listed.output
    wrong = runner.invoke(app, ["game", "new", "dragon", "--player", ANN, "--deadline", "soon"], env=env)
    assert wrong.exit_code != 0 and "is not a duration" in wrong.output


@pytest.mark.parametrize("required", [False, True])
def test_the_listener_offers_starttls_and_can_require_it(tmp_path: Path, sink, required: bool) -> None:
    import smtplib
    import ssl

    key, cert = self_signed(tmp_path)
    service = open_service(make_settings(tmp_path, smtp_port=sink.port, listen="127.0.0.1:0", listen_tls_cert=str(cert),
                                    listen_tls_key=str(key), listen_require_tls=required),
                      clock=SetClock(START), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    prompt = outbox(service, kind="prompt")[0]
    raw = reply_to(prompt, "take 1").replace(b"\n", b"\r\n")  # on the wire: CRLF

    def deliver(port: int, secure: bool) -> None:
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
            client.ehlo("client.example")
            assert client.has_extn("starttls")
            if secure:
                client.starttls(context=ssl.create_default_context(cafile=str(cert)))
                client.ehlo("client.example")
            client.sendmail(ANN, [prompt.reply_to], raw)

    async def run() -> None:
        server = Server(service)
        await server.start()
        loop = asyncio.get_running_loop()
        try:
            assert server.port is not None
            if required:
                with pytest.raises(smtplib.SMTPException, match="STARTTLS"):
                    await loop.run_in_executor(None, deliver, server.port, False)
            await loop.run_in_executor(None, deliver, server.port, True)
            await loop.run_in_executor(None, lambda: sink.wait_for(
                lambda ms: [m for m in ms if "Your move" in str(m["Subject"]) and m["To"] == BOB]))
        finally:
            await server.stop()

    asyncio.run(run())
    assert [row.kind for row in outbox(service, recipient=BOB)] == ["start", "prompt"]


def test_a_half_or_broken_listener_tls_setting_is_refused_before_anything_starts(tmp_path: Path) -> None:
    from pbem.ops.config import ConfigError

    key, cert = self_signed(tmp_path)
    for settings, why in [
        (dict(listen_tls_cert=str(cert)), "set listen_tls_key \\(PBEM_LISTEN_TLS_KEY\\) too"),
        (dict(listen_tls_key=str(key)), "set listen_tls_cert \\(PBEM_LISTEN_TLS_CERT\\) too"),
        (dict(listen_require_tls=True), "needs listen_tls_cert and listen_tls_key"),
        (dict(listen_tls_cert=str(key), listen_tls_key=str(cert)), "give a PEM certificate and its unencrypted"),
        (dict(listen_tls_cert=str(tmp_path / "none.pem"), listen_tls_key=str(key)), "cannot use"),
    ]:
        with pytest.raises(ConfigError, match=why):
            make_settings(tmp_path, **settings).listen_tls()
    assert make_settings(tmp_path).listen_tls() is None
    result = CliRunner().invoke(app, ["serve"], env={"PBEM_DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
                                                      "PBEM_LISTEN_TLS_CERT": str(cert)})
    assert result.exit_code != 0 and "set listen_tls_key (PBEM_LISTEN_TLS_KEY) too" in result.output


def test_a_stop_while_a_scan_is_in_its_database_step_lets_it_finish_and_logs_no_error(
        tmp_path: Path, sink, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The scheduler's own shutdown cancels a run in flight, which it then logs as a job that raised."""
    service = open_service(make_settings(tmp_path, smtp_port=sink.port, listen="", scan_seconds=0.1),
                           clock=SetClock(START), rules=sticks.rules)
    in_step, release, finished = threading.Event(), threading.Event(), []
    real_scan = deadlines.scan

    def slow_scan(scanned: Service):  # the scheduler's scan holds its database step until the stop has begun
        if server.scheduler.running and not finished:
            in_step.set()
            release.wait(10)
            finished.append(True)
        return real_scan(scanned)

    server = Server(service)

    async def run() -> None:
        await server.start()
        monkeypatch.setattr(deadlines, "scan", slow_scan)
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(None, in_step.wait, 10)
        stopping = asyncio.create_task(server.stop())
        await asyncio.sleep(0.3)
        assert not stopping.done()  # the stop waits for the scan ...
        release.set()
        await stopping  # ... which then ends as it would have

    with caplog.at_level(logging.INFO):
        asyncio.run(run())
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert finished == [True]
