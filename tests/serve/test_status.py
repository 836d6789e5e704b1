"""What an organiser sees of a running service: the serve log and ``pbem status``, with real parts (#30).

Each case runs the real ``pbem serve`` in a child process against a real SMTP
relay on loopback (the sink, refusing when told), and the real ``pbem
status``: the log line carries the relay's own reply, and the status exits 1
naming it; a healthy service exits 0; a stopped one exits 1 saying so.
"""

from __future__ import annotations

import json
import sqlite3
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pbem.ops.config import load_settings
from pbem.play.service import Service
from tests.support import postgres
from tests.support.serverproc import ServerProcess, environment, listed_moves, pbem, reply, send

ANN = "ann@example.org"


def queued_prompt(env: dict[str, str]) -> None:
    """A dragon game whose first prompt, to Ann (seat 1), waits in the outbox for the server to send it."""
    Service(load_settings(env)).new_game("dragon", [ANN], bots_count=2, seed=1)


def logged(server: ServerProcess, wanted: str, timeout: float = 60) -> list[str]:
    """The server's log lines once one of them holds ``wanted`` (the child writes it; this waits for it)."""
    deadline = time.monotonic() + timeout
    while True:
        lines = server.log_path.read_text(errors="replace").splitlines()
        if any(wanted in line for line in lines):
            return lines
        if time.monotonic() > deadline:
            raise AssertionError(f"no log line with {wanted!r} in {timeout} s:\n" + "\n".join(lines[-30:]))
        time.sleep(0.1)


def stopped_by_sigterm(server: ServerProcess) -> list[str]:
    """SIGTERM the server, wait for it to end, and return its whole log."""
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(30) == 0
    return server.log_path.read_text(errors="replace").splitlines()


def status(env: dict[str, str]) -> tuple[int, str]:
    result = pbem(env, "status")
    assert result.stderr == b"", result.stderr.decode()
    return result.returncode, result.stdout.decode()


@pytest.mark.parametrize("refusal, log_format, said", [
    ("451 at DATA", "text", "451 4.3.0 try again later (at DATA)"),
    ("550 at RCPT", "json", f"550 5.1.1 <{ANN}>: Recipient address rejected: User unknown (at RCPT)"),
])
def test_a_relay_that_refuses_is_logged_with_its_reply_and_pbem_status_exits_1_naming_it(
        tmp_path: Path, sink, refusal: str, log_format: str, said: str) -> None:
    if refusal.startswith("451"):
        sink.refusing = True
    else:
        sink.unknown.add(ANN)
    env = environment(tmp_path, sink.port, PBEM_LOG_FORMAT=log_format, COLUMNS="250")
    queued_prompt(env)
    server = ServerProcess(env).start()
    try:
        outcome = "deferred" if refusal.startswith("451") else "failed for good"
        lines = logged(server, f"mail out 1 to {ANN} (prompt, game 1 seat 1) {outcome}")
        code, shown = status(env)
        listed = pbem(env, "outbox", "list").stdout.decode()
        lines = stopped_by_sigterm(server)
    finally:
        server.stop()
    assert sink.messages == []
    assert code == 1, shown
    assert "needs the organiser (1 problem)" in shown and "serve:      running (pid " in shown
    verdict = "was deferred" if refusal.startswith("451") else "was refused for good"
    assert f"  - the last send failed: mail 1 to {ANN} {verdict}" in shown and shown.rstrip().endswith(said)
    assert said in listed, listed  # the outbox list's last-error column
    if log_format == "text":
        (line,) = [line for line in lines if "mail out 1" in line]
        assert " WARNING pbem.serve.outbox " in line and line.endswith(f"next try in 30 s: {said}")
        assert " INFO pbem.serve.server pbem serve stopping on SIGTERM" in lines[-2]
        return
    events = [json.loads(line) for line in lines]  # every line one JSON object
    assert all(set(event) >= {"time", "level", "logger", "message"} for event in events)
    (sent,) = [event for event in events if event.get("outbox_id") == 1]
    assert sent["level"] == "ERROR" and sent["status"] == "failed" and sent["error"] == said
    assert (sent["recipient"], sent["game"], sent["seat"]) == (ANN, 1, 1)
    assert "pbem outbox retry 1" in sent["message"]
    assert events[0]["message"].startswith("pbem serve started (pid ")
    assert [event["message"] for event in events[-2:]] == [
        "pbem serve stopping on SIGTERM: the listener closes, the mail being sent is finished",
        f"pbem serve stopped (pid {events[0]['message'].split('pid ')[1].split(')')[0]})"]


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_a_wrong_relay_password_shows_at_the_first_send_in_the_log_and_in_pbem_status(tmp_path: Path) -> None:
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    from tests.support.sink import Sink, free_port

    def authenticate(server, session, envelope, mechanism, auth_data):  # type: ignore[no-untyped-def]
        return AuthResult(success=auth_data.password == b"right", handled=False)  # aiosmtpd answers the 535

    sink, port = Sink(), free_port()
    relay = Controller(sink, hostname="127.0.0.1", port=port, auth_required=True, auth_require_tls=False,
                       authenticator=authenticate)
    relay.start()
    try:
        env = environment(tmp_path, port, PBEM_SMTP_USER="pbem", PBEM_SMTP_PASSWORD="wrong")
        queued_prompt(env)
        server = ServerProcess(env).start()
        try:
            lines = logged(server, "mail out 1 to")
            code, shown = status(env)
        finally:
            server.stop()
    finally:
        relay.stop()
    said = "535 5.7.8 Authentication credentials invalid (at login)"
    assert any(line.endswith(f"deferred after 1 try, next try in 30 s: {said}") for line in lines), lines
    assert code == 1 and f"  - the last send failed: mail 1 to {ANN} was deferred " in shown and said in shown, shown


def test_a_healthy_service_exits_0_and_once_stopped_exits_1_saying_so(tmp_path: Path, sink) -> None:
    env = environment(tmp_path, sink.port)
    queued_prompt(env)
    server = ServerProcess(env).start()
    try:
        (prompt,) = sink.wait_for(lambda messages: messages)
        move = listed_moves(prompt)[0]
        answer = reply(prompt, move, ANN)
        send(server.port, answer, ANN, str(prompt["Reply-To"]))
        logged(server, "mail in 1 from ann@example.org: applied, game 1 seat 1, 1 move")
        send(server.port, answer, ANN, str(prompt["Reply-To"]))  # the same mail again, as after a lost "250"
        logged(server, f"mail in from {ANN}: duplicate of a stored message (Message-ID ")
        sink.wait_for(lambda messages: len(messages) >= 2)  # the next prompt: no mail waits
        logged(server, "mail out 2 ")
        code, shown = status(env)
        lines = stopped_by_sigterm(server)
    finally:
        server.stop()
    assert code == 0, shown
    assert shown.splitlines()[0].endswith(": all is well") and "problems:" not in shown
    assert f"serve:      running (pid {server.process.pid} holds {tmp_path / 'pbem.db.lock'})" in shown
    assert f"mail in:    last 1 from {ANN}, applied, " in shown
    assert "relay:      last error none" in shown
    assert "next game 1 seat 1 (ann@example.org)" in shown
    assert any(f"mail out 1 sent to {ANN} (prompt, game 1 seat 1)" in line for line in lines)
    assert lines[-1].endswith(f"pbem serve stopped (pid {server.process.pid})")

    code, shown = status(env)
    assert code == 1
    assert ("  - pbem serve is not running (no process holds " in shown and "the last run (pid "
            in shown and "stopped " in shown), shown


def test_a_killed_server_is_not_running_and_did_not_stop_cleanly(tmp_path: Path, sink) -> None:
    env = environment(tmp_path, sink.port)
    server = ServerProcess(env).start()
    try:
        logged(server, "pbem serve started")
        assert server.process is not None
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(30)
    finally:
        server.stop()
    code, shown = status(env)
    assert code == 1 and "did not stop cleanly (killed or crashed)" in shown, shown


def test_no_database_is_exit_1_and_nothing_is_created(tmp_path: Path) -> None:
    env = environment(tmp_path, 1, database=False)
    code, shown = status(env)
    assert code == 1 and f"there is no database at {tmp_path / 'pbem.db'}" in shown
    assert not (tmp_path / "pbem.db").exists()


@pytest.fixture
def database_url() -> Iterator[str]:
    instance = postgres.PostgresInstance()
    try:
        yield instance.start()
    finally:
        instance.stop()


def test_on_postgres_a_running_server_is_known_by_its_heartbeat(tmp_path: Path, sink, database_url: str) -> None:
    env = environment(tmp_path, sink.port, PBEM_DATABASE_URL=database_url)
    assert pbem(env, "init").returncode == 0
    server = ServerProcess(env).start()
    try:
        logged(server, "pbem serve started")
        code, shown = status(env)
        stopped_by_sigterm(server)
    finally:
        server.stop()
    assert code == 0 and "serve:      running (heartbeat within 2 min): pid " in shown, shown
    code, shown = status(env)
    assert code == 1 and "  - pbem serve is not running (no run has written its heartbeat within 2 min)" in shown


def _late_and_broken(database: Path) -> None:
    """Ann's deadline two hours past, and a running tournament whose stored definition no longer reads: every
    deadline scan then raises (it reads the running tournaments' reminders first)."""
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE seat SET deadline = datetime('now', '-2 hours') WHERE awaiting")
        connection.execute("INSERT INTO tournament (name, game, definition, status, rounds_started, created) "
                           "VALUES ('Broken', 'dragon', 'not = [a definition', 'running', 1, datetime('now'))")


def test_a_failing_scan_is_logged_once_and_pbem_status_lists_it_with_the_seat_it_leaves_overdue(
        tmp_path: Path, sink) -> None:
    env = environment(tmp_path, sink.port, PBEM_SCAN_SECONDS="0.2")
    queued_prompt(env)
    _late_and_broken(tmp_path / "pbem.db")
    server = ServerProcess(env).start()
    try:
        logged(server, "scan failed")
        time.sleep(2)  # ten more ticks, each failing
        code, shown = status(env)
        with sqlite3.connect(tmp_path / "pbem.db") as connection:
            connection.execute("DELETE FROM tournament")  # the cause gone: the next scan works, and times Ann out
        logged(server, "scan works again")
        logged(server, "1 seat timed out")
        lines = stopped_by_sigterm(server)
    finally:
        server.stop()
    assert code == 1, shown
    assert "  - the scans of pbem serve (pid " in shown and "so no deadline, reminder or round runs: " \
        "DefinitionError" in shown, shown
    assert "  - 1 seat is past its deadline by more than a scan and not timed out: game 1 seat 1 " \
           f"({ANN}) 2 h" in shown, shown
    failed = [line for line in lines if "scan failed" in line]
    assert len(failed) == 1, lines  # once, not once a tick
    assert sum("scan works again (it had failed with DefinitionError" in line for line in lines) == 1
    code, shown = status(env)
    assert "scans of pbem serve" not in shown and "past its deadline by more" not in shown, shown


def test_a_seat_past_its_deadline_by_more_than_a_scan_is_a_problem(tmp_path: Path) -> None:
    env = environment(tmp_path, 1)
    queued_prompt(env)
    assert status(env)[1].count("past its deadline") == 0
    with sqlite3.connect(tmp_path / "pbem.db") as connection:
        connection.execute("UPDATE seat SET deadline = datetime('now', '-3 hours') WHERE awaiting")
    code, shown = status(env)
    assert code == 1 and f"  - 1 seat is past its deadline by more than a scan and not timed out: game 1 seat 1 " \
                         f"({ANN}) 3 h" in shown, shown
