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
import time
from pathlib import Path

import typer
from sqlalchemy import text

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
    an SQLite file is the caller's own fresh file and is left alone."""
    if url.startswith("sqlite"):
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
