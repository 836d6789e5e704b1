"""The floor ``pbem bench mail`` compares the mail loop with: loopback SMTP and SQLite, nothing else.

Run as ``python -m pbem.simulation.bench_floor LISTEN_PORT RELAY_PORT DATABASE``: an SMTP
server that, for every message, commits the raw bytes to SQLite (WAL), sends
it on to the relay over one reused connection and commits it as sent. That is
the least any mail loop must do per move, so the ratio of the real loop's
rate to this one says how much the game, the templates and the bookkeeping
cost on top.
"""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import sys
from typing import Any

import aiosmtplib
from aiosmtpd.smtp import SMTP, Envelope


class _Forward:
    def __init__(self, database: str, relay_port: int) -> None:
        self.db = sqlite3.connect(database, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS mail (id INTEGER PRIMARY KEY, raw BLOB, sent INTEGER)")
        self.relay = aiosmtplib.SMTP(hostname="127.0.0.1", port=relay_port)
        self.lock = asyncio.Lock()

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        async with self.lock:
            row = self.db.execute("INSERT INTO mail (raw, sent) VALUES (?, 0)", (raw,)).lastrowid
            if not self.relay.is_connected:
                await self.relay.connect()
            await self.relay.sendmail("floor@pbem.localhost", ["player@pbem.localhost"], raw)
            self.db.execute("UPDATE mail SET sent = 1 WHERE id = ?", (row,))
        return "250 OK"


async def _main(listen_port: int, relay_port: int, database: str) -> None:
    handler = _Forward(database, relay_port)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(handler), host="127.0.0.1", port=listen_port)
    stopping = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    await stopping.wait()
    server.close()


if __name__ == "__main__":
    asyncio.run(_main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]))
