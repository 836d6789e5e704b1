"""Where ``pbem serve`` runs its database work: one database thread for every step, store threads for raw mail.

Every change (handling a reply, a scan, marking a mail sent) is one step on
the one database thread, in order, so the process never races itself for a
game; the event loop only waits for it, so the listener and the outbox keep
serving sockets meanwhile. Raw messages are committed on store threads,
ahead of the database thread's next step. On SQLite a store tries for the
write lock in short tries, for at most ``listen_store_seconds``, and looks
between them at who holds it: one of this process's connections (a step, a
store), then it waits its turn; another program (a backup, an admin command,
``sqlite3``), then it is the one store that waits for it, and while it
waits every other message is refused at once (:class:`pbem.serve.StoreBusy`,
which the listener answers 451: the sender retries, nothing is lost). So a
lock held elsewhere delays mail by the sender's retry, costs each sender at
most ``listen_store_seconds`` of waiting, and never freezes the listener.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import OperationalError

from pbem.ops.db import open_database
from pbem.play.service import Service
from pbem.serve import StoreBusy

T = TypeVar("T")

STORE_THREADS = 4
"""Messages committed side by side: SQLite takes them one at a time, so more threads would only wait."""

TRY_SECONDS = 0.05
"""How long one try of a store waits for SQLite's write lock before it looks at who holds it: far longer than
this process takes to note a lock it took, far shorter than a wait any sender notices."""


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


class _OwnLocks:
    """Which of this process's connections hold SQLite's write lock, watched on its engines.

    Every transaction pbem opens on SQLite begins IMMEDIATE
    (:func:`pbem.ops.db.open_database`), so a connection holds the write lock
    from its begin until it is back in its pool, after its commit or
    rollback. A store that found the lock taken asks :meth:`held_since`:
    when no connection of ours holds it, and none took or let go of it since
    the store began its try, another program holds it.
    """

    def __init__(self) -> None:
        self._holding: set[int] = set()
        self._changes = 0
        self._guard = threading.Lock()
        self._engines: list[Engine] = []

    def watch(self, engine: Engine) -> None:
        """Follow ``engine``'s connections (its ``begin`` hook runs after open_database's BEGIN IMMEDIATE)."""
        event.listen(engine, "begin", self._took)
        event.listen(engine, "checkin", self._let_go)
        event.listen(engine, "invalidate", self._let_go)
        self._engines.append(engine)

    def forget(self) -> None:
        """Stop following the engines: the service's own engine outlives this run."""
        for engine in self._engines:
            event.remove(engine, "begin", self._took)
            event.remove(engine, "checkin", self._let_go)
            event.remove(engine, "invalidate", self._let_go)
        self._engines.clear()

    def mark(self) -> int:
        """Taken before a try, for :meth:`held_since`."""
        with self._guard:
            return self._changes

    def held_since(self, mark: int) -> bool:
        """Whether one of our connections holds the lock, or took or let go of it since ``mark``."""
        with self._guard:
            return bool(self._holding) or self._changes != mark

    def _took(self, connection: Connection) -> None:
        with self._guard:
            self._holding.add(id(connection.connection.dbapi_connection))
            self._changes += 1

    def _let_go(self, dbapi_connection: Any, *_record: Any) -> None:
        with self._guard:
            if id(dbapi_connection) in self._holding:
                self._holding.discard(id(dbapi_connection))
                self._changes += 1


class _LockWait:
    """The one store that waits for a write lock another program holds; while it waits, every other is refused.

    Without it every store thread waited out ``listen_store_seconds`` in turn
    and the senders queued behind them: 40 senders waited 5 to 39 s during a
    40 s lock (#45). One store waiting is enough to take the lock the moment
    it goes; the others' senders retry later, which costs them nothing.
    """

    def __init__(self) -> None:
        self._waiter: int | None = None
        self._since = 0.0
        self._guard = threading.Lock()

    def refuse(self, store: int | None = None) -> None:
        """Raise StoreBusy when a store other than ``store`` waits for a lock held elsewhere."""
        with self._guard:
            if self._waiter is not None and self._waiter != store:
                raise StoreBusy(f"another message has waited {time.monotonic() - self._since:.1f} s for the "
                                f"database, which another program holds locked")

    def locked(self, store: int, elsewhere: bool) -> None:
        """``store`` found the lock taken: by another program (it waits, unless another store waits already:
        StoreBusy) or by this process (it waits its turn, and no longer stands for a lock held elsewhere)."""
        with self._guard:
            if not elsewhere:
                if self._waiter == store:
                    self._waiter = None
                return
            if self._waiter is None:
                self._waiter, self._since = store, time.monotonic()
            elif self._waiter != store:
                raise StoreBusy("another message waits for the database, which another program holds locked")

    def done(self, store: int) -> None:
        with self._guard:
            if self._waiter == store:
                self._waiter = None


def _busy(error: OperationalError) -> bool:
    """Whether SQLite refused for a lock another connection holds (SQLITE_BUSY or one of its extended codes)."""
    return getattr(error.orig, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_BUSY


class Steps:
    """The database thread, the store threads and the order between them, for one running service."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self._db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pbem-db")
        self._store_threads = ThreadPoolExecutor(max_workers=STORE_THREADS, thread_name_prefix="pbem-store")
        self._stores_first = _StoresFirst()
        self._lock_wait = _LockWait()
        self._store_db = self._store_engine()
        self._own: _OwnLocks | None = None
        """Who holds SQLite's write lock in this process; None where stores wait for no database-wide lock."""
        if self._store_db is not service.db:
            self._own = _OwnLocks()
            for engine in (service.db, self._store_db):
                self._own.watch(engine)

    def _store_engine(self) -> Engine:
        """The engine raw messages are committed through: on SQLite, one whose every try waits TRY_SECONDS.

        PostgreSQL takes no database-wide write lock (an INSERT into inbound
        waits for no game), so there the service's own engine serves.
        """
        if self.service.db.dialect.name != "sqlite" or self.service.db.url.database in (None, "", ":memory:"):
            return self.service.db  # (an in-memory database is one connection's own: a second engine would not see it)
        return open_database(self.service.settings.database_url, TRY_SECONDS)

    async def run_db(self, work: Callable[[], T]) -> T:
        """Run one database step on the database thread, after any store waiting; the loop serves sockets meanwhile."""
        patience = self.service.settings.listen_store_seconds

        def step() -> T:
            self._stores_first.before_step(patience)
            return work()

        return await asyncio.get_running_loop().run_in_executor(self._db_thread, step)

    async def run_store(self, work: Callable[[Engine], T]) -> T:
        """Run one raw store on a store thread, before the database thread's next step.

        Raises StoreBusy at once, without waiting for a store thread, while
        another store waits for a lock another program holds; OperationalError
        when the lock stayed taken for ``listen_store_seconds``.
        """
        self._lock_wait.refuse()

        def store() -> T:
            with self._stores_first.storing():
                return self._store_in_turn(work)

        return await asyncio.get_running_loop().run_in_executor(self._store_threads, store)

    def _store_in_turn(self, work: Callable[[Engine], T]) -> T:
        """Try ``work`` until it gets the write lock or ``listen_store_seconds`` pass, looking after each try
        whose lock was taken at who holds it (:class:`_LockWait` says what follows)."""
        own = self._own
        if own is None:
            return work(self._store_db)
        store = threading.get_ident()  # a store runs on one thread from its first try to its last
        deadline = time.monotonic() + self.service.settings.listen_store_seconds
        try:
            while True:
                self._lock_wait.refuse(store)
                mark = own.mark()
                try:
                    return work(self._store_db)
                except OperationalError as error:
                    if not _busy(error) or time.monotonic() >= deadline:
                        raise
                    self._lock_wait.locked(store, elsewhere=not own.held_since(mark))
        finally:
            self._lock_wait.done(store)

    async def run_read(self, work: Callable[[], T]) -> T:
        """Read a raw message on a store thread: reading waits for no lock, so not before any step."""
        return await asyncio.get_running_loop().run_in_executor(self._store_threads, work)

    async def close(self) -> None:
        """Let the steps queued run (a sent mail is marked), then let the threads and the store engine go."""
        for threads in (self._store_threads, self._db_thread):
            await asyncio.get_running_loop().run_in_executor(None, threads.shutdown)
        if self._own is not None:
            self._own.forget()
        if self._store_db is not self.service.db:
            self._store_db.dispose()
