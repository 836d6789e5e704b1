"""Where ``pbem serve`` runs its database work: one database thread for every step, store threads for raw mail.

Every change (handling a reply, a scan, marking a mail sent) is one step on
the one database thread, in order, so the process never races itself for a
game; the event loop only waits for it, so the listener and the outbox keep
serving sockets meanwhile. Raw messages are committed on store threads,
ahead of the database thread's next step, through an engine that waits at
most ``listen_store_seconds`` for SQLite's lock: a lock held elsewhere delays
handling, and answers the sender a quick 451, but never freezes the listener.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

from sqlalchemy import Engine

from pbem.ops.db import open_database
from pbem.play.service import Service

T = TypeVar("T")

STORE_THREADS = 4
"""Messages committed side by side: SQLite takes them one at a time, so more threads would only wait."""


class _StoresFirst:
    """A raw store goes before the database thread's next step, so it waits for at most the step in flight.

    SQLite's busy handler polls: a store waiting for the write lock would
    otherwise lose it to every next step of the database thread, which takes
    it the moment it is free, and be answered 451 under nothing but load.
    """

    def __init__(self) -> None:
        self._waiting = 0
        self._changed = threading.Condition()

    @contextmanager
    def storing(self) -> Iterator[None]:
        with self._changed:
            self._waiting += 1
        try:
            yield
        finally:
            with self._changed:
                self._waiting -= 1
                self._changed.notify_all()

    def before_step(self, patience: float) -> None:
        """Wait until no store waits, at most ``patience`` seconds (a store gives up by then anyway)."""
        with self._changed:
            self._changed.wait_for(lambda: self._waiting == 0, timeout=patience)


class Steps:
    """The database thread, the store threads and the order between them, for one running service."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self._db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pbem-db")
        self._store_threads = ThreadPoolExecutor(max_workers=STORE_THREADS, thread_name_prefix="pbem-store")
        self._stores_first = _StoresFirst()
        self._store_db = self._store_engine()

    def _store_engine(self) -> Engine:
        """The engine raw messages are committed through: on SQLite, waiting ``listen_store_seconds`` for a lock.

        PostgreSQL takes no database-wide write lock (an INSERT into inbound
        waits for no game), so there the service's own engine serves.
        """
        if self.service.db.dialect.name != "sqlite" or self.service.db.url.database in (None, "", ":memory:"):
            return self.service.db  # (an in-memory database is one connection's own: a second engine would not see it)
        return open_database(self.service.settings.database_url, self.service.settings.listen_store_seconds)

    async def run_db(self, work: Callable[[], T]) -> T:
        """Run one database step on the database thread, after any store waiting; the loop serves sockets meanwhile."""
        patience = self.service.settings.listen_store_seconds

        def step() -> T:
            self._stores_first.before_step(patience)
            return work()

        return await asyncio.get_running_loop().run_in_executor(self._db_thread, step)

    async def run_store(self, work: Callable[[Engine], T]) -> T:
        """Run one raw store on a store thread, before the database thread's next step."""

        def store() -> T:
            with self._stores_first.storing():
                return work(self._store_db)

        return await asyncio.get_running_loop().run_in_executor(self._store_threads, store)

    async def run_read(self, work: Callable[[], T]) -> T:
        """Read a raw message on a store thread: reading waits for no lock, so not before any step."""
        return await asyncio.get_running_loop().run_in_executor(self._store_threads, work)

    async def close(self) -> None:
        """Let the steps queued run (a sent mail is marked), then let the threads and the store engine go."""
        for threads in (self._store_threads, self._db_thread):
            await asyncio.get_running_loop().run_in_executor(None, threads.shutdown)
        if self._store_db is not self.service.db:
            self._store_db.dispose()
