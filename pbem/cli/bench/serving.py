"""What the benchmarks that run ``pbem serve`` share: its environment, a fresh database, waiting for it to
listen, and reading its CPU and memory from /proc.

``pbem bench mail`` and ``pbem bench scale`` both start the real server as a
child process, on SQLite or on a PostgreSQL the caller names; they measure it
from outside, as an operator would.
"""

from __future__ import annotations

import os
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import typer
from sqlalchemy import Engine, text

from pbem.ops import schema
from pbem.ops.db import open_database


def environment(work: Path, relay_port: int, listen_port: int, database_url: str = "",
                **settings: str) -> dict[str, str]:
    """The environment of a ``pbem serve`` child: its database (SQLite in ``work`` unless ``database_url``),
    the relay and listener on loopback, no scan while it is measured, and ``settings`` (PBEM_<NAME>) on top."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PBEM_")}
    root = str(Path(__file__).resolve().parents[3])
    env.update({
        "PYTHONPATH": root + os.pathsep + env.get("PYTHONPATH", ""),
        "PBEM_DATABASE_URL": database_url or f"sqlite:///{work / 'pbem.db'}",
        "PBEM_SECRET": "bench",
        "PBEM_SMTP_PORT": str(relay_port),
        "PBEM_LISTEN": f"127.0.0.1:{listen_port}",
        "PBEM_SCAN_SECONDS": "3600",
        "PBEM_ROBOT_ANSWERS_PER_DAY": "1000000",
        "PBEM_DOMAIN": "bench.pbem.test",  # pbem serve refuses the example domain; .test is reserved for this
        "PBEM_FROM": "pbem@bench.pbem.test",
        "PBEM_ORGANISER": "organiser@bench.pbem.test",
        "PBEM_CONFIG": str(work / "pbem.toml"),
        **{f"PBEM_{name.upper()}": value for name, value in settings.items()},
    })
    return env


def fresh_database(url: str) -> None:
    """Empty the PostgreSQL database ``url`` names (every pbem table dropped), so a run starts from nothing;
    an SQLite file (or none named: the caller's own fresh file) is left alone."""
    if not url or url.startswith("sqlite"):
        return
    engine = open_database(url)
    schema.metadata().drop_all(engine)
    with engine.begin() as connection:
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


def wait_listening(port: int, process: subprocess.Popen[bytes], seconds: float = 120) -> None:
    """Return once something listens on 127.0.0.1:``port``; the child exiting first ends the benchmark."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise typer.Exit(f"the child process exited with status {process.returncode}")  # type: ignore[arg-type]
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.02)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {seconds} s")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a live process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_kib(pid: int, field: str = "VmHWM") -> int:
    """A live process's memory from /proc: ``VmHWM`` its peak resident set, ``VmRSS`` the one now (KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    return 0


def cluster_cpu_seconds(postmaster: int) -> float:
    """CPU time of one PostgreSQL cluster: its postmaster and the processes it started (backends, writers)."""
    total = 0.0
    for process in Path("/proc").iterdir():
        try:
            if process.name.isdigit() and (int(process.name) == postmaster or _parent(process) == postmaster):
                total += cpu_seconds(int(process.name))
        except OSError:  # it ended while being read
            continue
    return total


def _parent(process: Path) -> int:
    return int((process / "stat").read_text().rsplit(")", 1)[1].split()[1])


@dataclass
class DatabaseWatch:
    """What the database does while the servers run, for "what limits it": on PostgreSQL its CPU, how often a
    lock is waited for (sampled) and the transactions rolled back; on SQLite nothing."""

    url: str
    every: float = 0.1
    samples: int = 0
    waiting: int = 0
    """Samples that saw a session waiting for a lock."""
    cpu: float = 0.0
    rollbacks: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None
    _engine: Engine | None = None
    _postmaster: int = 0

    def __enter__(self) -> "DatabaseWatch":
        if self.url:
            self._engine = open_database(self.url, 5.0)
            with self._engine.connect() as connection:  # the cluster's own processes: others may run beside it
                folder = connection.execute(text("SELECT setting FROM pg_settings WHERE name = 'data_directory'"))
                self._postmaster = int((Path(str(folder.scalar())) / "postmaster.pid").read_text().split()[0])
            self.cpu, self.rollbacks = -cluster_cpu_seconds(self._postmaster), -self._rolled_back()
            self._thread = threading.Thread(target=self._sample, daemon=True)
            self._thread.start()
        return self

    def finish(self) -> None:
        """The measured time is over: read the CPU while the servers' backends still run (an ended one's CPU
        time leaves /proc with it) and stop sampling."""
        if self._thread is None or self._stop.is_set():
            return
        self._stop.set()
        self._thread.join()
        self.cpu += cluster_cpu_seconds(self._postmaster)

    def __exit__(self, *_exc: object) -> None:
        """After the servers stopped: their backends have reported their transactions by now."""
        if self._thread is None:
            return
        self.finish()
        self.rollbacks += self._rolled_back()
        assert self._engine is not None
        self._engine.dispose()

    def _rolled_back(self) -> int:
        assert self._engine is not None
        with self._engine.connect() as connection:
            return int(connection.execute(text(
                "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()")).scalar() or 0)

    def _sample(self) -> None:
        assert self._engine is not None
        with self._engine.connect() as connection:
            while not self._stop.wait(self.every):
                waits = connection.execute(text("SELECT count(*) FROM pg_locks WHERE NOT granted")).scalar()
                connection.commit()
                self.samples += 1
                self.waiting += bool(waits)
