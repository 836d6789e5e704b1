"""A private PostgreSQL cluster for tests: own data directory, own port, stopped by its fixture.

Uses the Debian server binaries (``initdb``/``pg_ctl``, package ``postgresql``).
PostgreSQL refuses to run as root, so under root the cluster runs as the
``postgres`` system user the package creates.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.sink import free_port


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


class PostgresInstance:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="pbem-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
            self._as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self._as_user, *args], capture_output=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stderr.decode()[-2000:]}")

    def start(self) -> str:
        """Start the cluster; returns the SQLAlchemy URL of a fresh database ``pbem``."""
        if _binary("initdb") is None or _binary("pg_ctl") is None:
            raise RuntimeError("PostgreSQL server binaries not found: install the postgresql package (see .ci/run)")
        self._run(str(_binary("initdb")), "-D", str(self.data), "-A", "trust", "-U", "pbem", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(str(_binary("pg_ctl")), "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")
        self._run("psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "pbem", "-d", "postgres",
                  "-c", "CREATE DATABASE pbem")
        return f"postgresql+psycopg://pbem@127.0.0.1:{self.port}/pbem"

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run([*self._as_user, str(_binary("pg_ctl")), "-D", str(self.data), "-m", "immediate", "stop"],
                           capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database's URL for one test, the cluster stopped and removed after it."""
    instance = PostgresInstance()
    try:
        yield instance.start()
    finally:
        instance.stop()
