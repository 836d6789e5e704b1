"""``pbem serve`` starting: settings checked and the listener bound before anything runs; one server per SQLite file.

Each case runs the real ``pbem serve`` in a child process, as an organiser
would: a failed start is one line on standard error and a non-zero exit,
and it has sent nothing.
"""

from __future__ import annotations

import signal
import socket
import time
from pathlib import Path

from pbem.ops.config import load_settings
from pbem.play.service import Service
from tests.support.serverproc import ServerProcess, environment, pbem
from tests.support.sink import free_port

ANN = "ann@example.org"


def queued_prompt(env: dict[str, str]) -> Service:
    """A game whose first prompt waits in the outbox: a server that started its outbox worker would send it."""
    service = Service(load_settings(env))
    service.new_game("dragon", [ANN], bots_count=2, seed=1)
    return service


def test_a_port_in_use_is_one_line_and_a_non_zero_exit_and_nothing_is_sent(tmp_path: Path, sink) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = environment(tmp_path, sink.port, PBEM_LISTEN=f"127.0.0.1:{port}")
        queued_prompt(env)
        result = pbem(env, "serve")
    errors = result.stderr.decode().strip().splitlines()
    assert result.returncode != 0 and len(errors) == 1, result.stderr.decode()
    assert f"cannot listen on 127.0.0.1:{port}" in errors[0] and "address already in use" in errors[0]
    assert "set listen (PBEM_LISTEN) to a free host:port" in errors[0]
    time.sleep(0.5)
    assert sink.messages == [], "the outbox worker must not have started"


def test_a_bogus_listen_address_is_one_line_naming_the_setting(tmp_path: Path, sink) -> None:
    env = environment(tmp_path, sink.port, PBEM_LISTEN="bogus")
    result = pbem(env, "serve")
    errors = result.stderr.decode().strip().splitlines()
    assert result.returncode == 1 and errors == [
        "error: PBEM_LISTEN='bogus' in the environment is not accepted: give host:port, e.g. 127.0.0.1:2525 "
        "(or empty: no listener)"]


def test_a_second_serve_on_the_same_database_is_refused_with_the_first_ones_pid_until_it_dies(
        tmp_path: Path, sink) -> None:
    env = environment(tmp_path, sink.port)
    first = ServerProcess(env).start()
    try:
        assert first.process is not None
        second = pbem({**env, "PBEM_LISTEN": f"127.0.0.1:{free_port()}"}, "serve")
        errors = second.stderr.decode().strip().splitlines()
        assert second.returncode == 1 and len(errors) == 1, second.stderr.decode()
        assert f"another pbem serve (pid {first.process.pid}) is running on {tmp_path / 'pbem.db'}" in errors[0]
        first.process.send_signal(signal.SIGKILL)  # the kernel drops the lock with the process
        first.wait_dead()
        again = ServerProcess(env).start()
        again.stop()
    finally:
        if first.process is not None and first.process.poll() is None:
            first.stop()


def test_an_unreachable_imap_mailbox_stops_the_start_in_one_line(tmp_path: Path, sink) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: connections are refused
        env = environment(tmp_path, sink.port, PBEM_IMAP_HOST="127.0.0.1", PBEM_IMAP_PORT=str(port),
                          PBEM_IMAP_USER="pbem", PBEM_IMAP_PASSWORD="x")
        queued_prompt(env)
        result = pbem(env, "serve")
    errors = result.stderr.decode().strip().splitlines()
    assert result.returncode == 1 and len(errors) == 1, result.stderr.decode()
    assert f"cannot fetch mail from IMAP 127.0.0.1:{port} as 'pbem'" in errors[0] and "check imap_host" in errors[0]
    time.sleep(0.5)
    assert sink.messages == []
