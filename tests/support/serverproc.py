"""``pbem serve`` as a real child process on loopback, and players that talk to it over SMTP."""

from __future__ import annotations

import os
import re
import signal
import smtplib
import socket
import subprocess
import sys
import tempfile
import time
from email import policy
from email.message import EmailMessage
from pathlib import Path

from pbem.app import open_service
from pbem.ops.config import Settings
from pbem.simulation.swarm import NUMBER
from tests.settings import command_env
from tests.support.ports import refuse_default_env
from tests.support.sink import free_port, plain

ROOT = Path(__file__).resolve().parents[2]


def environment(tmp_path: Path, relay_port: int, *, database: bool = True, **extra: str) -> dict[str, str]:
    """A child ``pbem``'s environment: files under tmp_path, the relay on ``relay_port``, a free listen port.

    With ``database`` the league's database is made, as ``pbem init`` makes it: every other command refuses a
    database that is not there, so a test that starts from nothing says so with ``database=False``.
    """
    env = {key: value for key, value in os.environ.items() if not key.startswith("PBEM_")}
    env.update(command_env(tmp_path))
    env.update({
        "PYTHONPATH": str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
        "PBEM_DATABASE_URL": f"sqlite:///{tmp_path / 'pbem.db'}",
        "PBEM_SECRET": "end-to-end",
        "PBEM_SMTP_PORT": str(relay_port),
        "PBEM_LISTEN": f"127.0.0.1:{free_port()}",
        "PBEM_SCAN_SECONDS": "1",
        **extra,
    })
    if database:  # from the two settings it needs alone: a test of a bad other one still gets its refusal
        open_service(Settings(database_url=env["PBEM_DATABASE_URL"], secret=env["PBEM_SECRET"])).db.dispose()
    return env


def pbem(env: dict[str, str], *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    if args[:1] == ("serve",):
        refuse_default_env(env)
    return subprocess.run([sys.executable, "-m", "pbem", *args], env=env, input=stdin, capture_output=True,
                          timeout=120, cwd=env.get("PBEM_CWD", str(ROOT)))


class ServerProcess:
    """One ``pbem serve``; ``start()`` waits until it accepts SMTP connections."""

    def __init__(self, env: dict[str, str]) -> None:
        refuse_default_env(env)
        self.env = env
        host, _, port = env["PBEM_LISTEN"].rpartition(":")
        self.host, self.port = host, int(port or 0)
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = Path(tempfile.mkstemp(prefix="pbem-serve-", suffix=".log")[1])

    def start(self, wait: bool = True) -> "ServerProcess":
        """Launch; with ``wait``, return once it listens (a server meant to crash early is not waited for)."""
        self.log = open(self.log_path, "ab")
        self.process = subprocess.Popen([sys.executable, "-m", "pbem", "serve"], env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=self.log)
        if not wait:
            return self
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"pbem serve exited: {self.log_path.read_text()[-2000:]}")
            try:
                socket.create_connection((self.host, self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.1)
        raise AssertionError("pbem serve did not start listening in 60 s")

    def wait_dead(self, timeout: float = 30) -> int:
        assert self.process is not None
        code = self.process.wait(timeout)
        self.log.close()
        self.log_path.unlink(missing_ok=True)
        return code

    def stop(self) -> None:
        """Stop the server; its log is printed, so a failing test shows it."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        print(self.log_path.read_text(errors="replace")[-5000:])
        self.log_path.unlink(missing_ok=True)


def reply(prompt: EmailMessage, text: str, sender: str) -> bytes:
    """What a mail client sends when its user presses Reply, types ``text`` and sends."""
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = str(prompt["Reply-To"])
    mail["Subject"] = "Re: " + str(prompt["Subject"])
    mail["Message-ID"] = f"<{time.monotonic_ns()}.{abs(hash(text))}@player.example>"
    mail["In-Reply-To"] = str(prompt["Message-ID"])
    mail["References"] = f"{prompt.get('References', '')} {prompt['Message-ID']}".strip()
    quoted = "\n".join("> " + line for line in plain(prompt).splitlines())
    mail.set_content(f"{text}\n\nOn a day, pbem wrote:\n{quoted}\n")
    return mail.as_bytes(policy=policy.SMTP)


def send(port: int, raw: bytes, sender: str, recipient: str) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
        client.sendmail(sender, [recipient], raw)


_LEGAL = re.compile(r"^Your legal moves:\n((?:  .+\n)+)", re.MULTILINE)


def listed_moves(prompt: EmailMessage) -> list[str]:
    """The legal moves a prompt lists (its summary line left out)."""
    found = _LEGAL.search(plain(prompt))
    assert found, "a prompt lists the legal moves"
    return [NUMBER.sub("", line.strip()) for line in found[1].splitlines() if not line.strip().startswith("…")]
