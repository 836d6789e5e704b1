"""The serve log's words and formats, and when ``pbem status`` calls for the organiser, on a set clock (#30).

The child-process cases (a refusing relay, SIGTERM, JSON lines) are in
test_status.py; here the server's scan runs in this process on a set clock,
so a scan that did something and one that did nothing can both be seen.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from datetime import timedelta

import pytest

from pbem.clock import SetClock
from pbem.serve import pipeline
from pbem.serve.server import Server, scan_words
from pbem.ops import logs
from pbem.serve import health
from pbem.play.deadlines import ScanReport
from pbem.play.service import Service
from tests.support.loop import outbox, reply_to

ANN, BOB = "ann@example.org", "bob@example.org"


def test_a_scan_is_logged_in_words_and_a_scan_that_did_nothing_is_not_logged(
        service: Service, clock: SetClock, caplog: pytest.LogCaptureFixture) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)
    server = Server(service)
    caplog.set_level(logging.INFO, logger="pbem.serve.server")
    asyncio.run(server._scan())
    assert [r.getMessage() for r in caplog.records if r.getMessage().startswith("scan")] == []
    clock.advance(timedelta(hours=49))
    asyncio.run(server._scan())
    asyncio.run(server._scan())
    assert [r.getMessage() for r in caplog.records if r.getMessage().startswith("scan")] == ["scan: 1 reminder sent"]
    assert server.run_id is not None and health.check(service).last_scan == clock.now()


def test_scan_words_name_every_kind_of_work_and_say_nothing_for_none() -> None:
    assert scan_words(ScanReport(), 0) == ""
    assert scan_words(ScanReport(reminders=2, timeouts=1, digests=1, confirmations=3), 1) == (
        "2 reminders sent, 3 confirmations sent, 1 digest sent, 1 seat timed out, 1 round completed or started")


def test_a_mail_handled_at_a_scan_is_logged_with_its_status_game_and_seat(
        service: Service, clock: SetClock, caplog: pytest.LogCaptureFixture) -> None:
    game_id = service.new_game("sticks", [ANN, BOB], seed=0)
    (prompt,) = outbox(service, kind="prompt")
    assert prompt.seat is not None
    inbound_id = pipeline.store(service, reply_to(prompt, "take 1"))  # stored while serve was down
    caplog.set_level(logging.INFO, logger="pbem.serve.server")
    asyncio.run(Server(service)._scan())
    (record,) = [r for r in caplog.records if r.getMessage().startswith("mail in")]
    seat = prompt.seat + 1  # counted from 1, as the organiser's commands count seats
    assert record.getMessage() == f"mail in {inbound_id}: applied, game {game_id} seat {seat}, 1 move"
    assert (record.inbound_id, record.status, record.game, record.seat) == (inbound_id, "applied", game_id, seat)


def test_a_json_line_is_one_line_with_the_events_fields_even_with_line_breaks_and_a_traceback() -> None:
    stream = io.StringIO()
    logs.configure("json", stream)
    try:
        try:
            raise ValueError("broken\nin two")
        except ValueError:
            logging.getLogger("pbem.test").exception("mail in 7 from x: failed\nhere",
                                                     extra=logs.fields(inbound_id=7, status="failed", game=None))
    finally:
        logs.unconfigure()
    (line,) = stream.getvalue().splitlines()
    event = json.loads(line)
    assert event["level"] == "ERROR" and event["logger"] == "pbem.test" and event["time"].endswith("Z")
    assert (event["message"], event["inbound_id"], event["status"]) == ("mail in 7 from x: failed\nhere", 7, "failed")
    assert "game" not in event and "ValueError: broken\nin two" in event["traceback"]
    with pytest.raises(ValueError, match="unknown log fields"):
        logs.fields(player="ann")


def test_status_calls_for_the_organiser_once_a_mail_has_waited_alert_after_minutes(
        service: Service, clock: SetClock) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)  # its mails: pending, never tried (no server sends them)
    (prompt,) = outbox(service, kind="prompt")
    inbound_id = pipeline.store(service, reply_to(prompt, "take 1"))
    clock.advance(timedelta(minutes=29))
    waited = [p for p in health.check(service).problems if "waited" in p]
    assert waited == []
    clock.advance(timedelta(minutes=2))
    waited = [p for p in health.check(service).problems if "waited" in p]
    first = outbox(service)[0]
    assert waited == [f"mail out {first.id} to {first.recipient} has waited 31 min for the relay (never tried yet)",
                      f"mail in {inbound_id} from {prompt.recipient} has waited 31 min to be handled"]


def test_a_server_that_holds_the_lock_but_stopped_scanning_calls_for_the_organiser(
        service: Service, clock: SetClock) -> None:
    from pbem.serve import preflight

    run_id = health.started(service)
    with preflight.serving(service.settings.database_url):  # as pbem serve holds it
        found = health.check(service)
        assert found.running and found.ok and found.last_scan == clock.now()
        clock.advance(timedelta(minutes=31))
        assert health.check(service).problems == (
            "pbem serve runs but its last scan was 31 min ago (alert after 30 min)",)
        health.beat(service, run_id)
        assert health.check(service).ok
    assert not health.check(service).running  # the lock went with the block, as with the process


def test_pbem_status_prints_stored_text_literally(service: Service, tmp_path) -> None:
    from sqlmodel import Session
    from typer.testing import CliRunner

    from pbem.cli.main import app
    from pbem.ops.db import Outbox
    from tests.settings import command_env

    service.new_game("sticks", [ANN, BOB], seed=0)
    with Session(service.db) as session:
        row = session.get(Outbox, 1)
        assert row is not None
        row.last_error, row.tried = "550 5.1.1 [bold]no[/bold] such [link=http://x]mailbox[/link]", service.clock.now()
        session.add(row)
        session.commit()
    env = command_env(tmp_path, PBEM_DATABASE_URL=service.settings.database_url, COLUMNS="300")
    result = CliRunner().invoke(app, ["status"], env=env)
    assert result.exit_code == 1
    assert "was deferred" in result.output
    said = "550 5.1.1 [bold]no[/bold] such [link=http://x]mailbox[/link]"
    assert result.output.count(said) == 3, result.output  # the relay line and two problems


def test_a_crash_of_serve_is_logged_with_its_traceback_in_the_logs_format(tmp_path, monkeypatch) -> None:
    import pbem.serve.server
    from typer.testing import CliRunner

    from pbem.app import open_service
    from pbem.cli.main import app
    from pbem.ops.config import load_settings
    from tests.settings import command_env

    async def crashing(service: Service, ready: object = None) -> None:
        raise RuntimeError("the loop broke")

    monkeypatch.setattr(pbem.serve.server, "serve_forever", crashing)
    env = command_env(tmp_path, PBEM_SECRET="s", PBEM_LOG_FORMAT="json", PBEM_LISTEN="")
    open_service(load_settings(env)).db.dispose()  # the league's database, as `pbem init` makes it
    result = CliRunner().invoke(app, ["serve"], env=env)
    assert result.exit_code == 1
    events = [json.loads(line) for line in result.output.splitlines()]
    (event,) = [event for event in events if event["level"] == "ERROR"]
    assert event["level"] == "ERROR" and event["message"].startswith("pbem serve stopped by an error")
    assert "RuntimeError: the loop broke" in event["traceback"]
