"""Prometheus metrics of ``pbem serve``, answered at ``/metrics`` on ``metrics_listen``.

Two kinds, for two reasons:

- what a scrape reads from the database (the outbox's depth and its oldest
  mail's age, the moves played, the mail stored but not yet handled): several
  processes change those (``pbem receive``, organiser commands, a second
  worker), so only the database has them right, whichever process answers;
- what this process did, counted as it does it (mails handled by status,
  mails handed to the relay by result, the time handling took): counters that
  Prometheus turns into rates, and that start again at 0 with the process.

``prometheus_client`` is imported only when an endpoint starts: ``pbem
receive`` runs once a mail, and its start must stay cheap; until then the
counting calls below do nothing.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Iterator

from sqlalchemy import func
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, select

from pbem.clock import UTC
from pbem.ops.db import Inbound, InboundStatus, Move, Outbox, OutboxStatus

if TYPE_CHECKING:
    from wsgiref.simple_server import WSGIServer

    from sqlalchemy import Engine

    from pbem.clock import Clock

HANDLING_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""Seconds: a reply takes milliseconds; one a search bot follows up to bot_seconds a bot seat, more with a busy
database."""


@dataclass(frozen=True)
class _Instruments:
    """This process's counters and histogram, in their own registry (not the library's global one)."""

    registry: Any
    mails_in: Any
    mails_out: Any
    handling: Any


_live: _Instruments | None = None
_making = threading.Lock()


def instruments() -> _Instruments:
    """The process's instruments, made (and prometheus_client imported) on first use."""
    global _live
    with _making:
        if _live is None:
            from prometheus_client import CollectorRegistry, Counter, Histogram

            registry = CollectorRegistry(auto_describe=True)
            _live = _Instruments(
                registry,
                Counter("pbem_mails_in", "Inbound mails this process handled, by the status they ended in (moved, "
                        "refused, stranger, ...; error: handling raised, the mail stays stored for a retry).",
                        ["status"], registry=registry),
                Counter("pbem_mails_out", "Outbox mails this process handed to the relay, by result: sent, retry "
                        "(refused for now, tried again later) or failed (given up: a permanent refusal, or too "
                        "many attempts).", ["result"], registry=registry),
                Histogram("pbem_mail_handling_seconds", "Seconds to handle one stored inbound mail: read, "
                          "checked, moves played, answers queued, committed.", registry=registry,
                          buckets=HANDLING_BUCKETS),
            )
        return _live


def handled(status: str, seconds: float) -> None:
    """Count one inbound mail handled (``status``: its outcome, or ``error``) and the time it took."""
    if _live is not None:
        _live.mails_in.labels(status).inc()
        _live.handling.observe(seconds)


def sent(result: str) -> None:
    """Count one outbox mail handed to the relay: ``sent``, ``retry`` or ``failed``."""
    if _live is not None:
        _live.mails_out.labels(result).inc()


class DatabaseCollector:
    """What a scrape reads from the database, so it is right whichever process changed it."""

    def __init__(self, db: Engine, clock: Clock) -> None:
        self.db, self.clock = db, clock

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

        up = GaugeMetricFamily("pbem_database_up", "1 when this scrape could read the database, else 0 (the "
                                                   "values read from it are then left out).")
        try:
            with Session(self.db) as session:
                depth, oldest = session.exec(select(func.count(), func.min(Outbox.created)).where(
                    Outbox.status == OutboxStatus.PENDING)).one()
                waiting = session.exec(select(func.count()).where(Inbound.status == InboundStatus.STORED)).one()
                moves = session.exec(select(Move.source, func.count()).where(
                    Move.reverted == False).group_by(Move.source)).all()  # noqa: E712
        except SQLAlchemyError:
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        yield GaugeMetricFamily("pbem_outbox_depth", "Mails in the outbox not yet sent (pending, retries "
                                                     "included).", value=depth)
        yield GaugeMetricFamily("pbem_outbox_oldest_seconds", "Age of the oldest mail not yet sent; 0 when the "
                                                              "outbox is empty.", value=self._age(oldest))
        yield GaugeMetricFamily("pbem_inbound_waiting", "Mails stored but not yet handled.", value=waiting)
        played = CounterMetricFamily("pbem_moves_played", "Moves in every game's log (taken back ones left out), "
                                                          "by how they came: email, early, admin, bot, forced, "
                                                          "timeout.", labels=["source"])
        for source, count in moves:
            played.add_metric([source], count)
        yield played

    def _age(self, oldest: datetime | None) -> float:
        if oldest is None:
            return 0.0
        moment = oldest if oldest.tzinfo is not None else oldest.replace(tzinfo=UTC)  # SQLite keeps no zone
        return max(0.0, (self.clock.now() - moment).total_seconds())


class _Process:
    """This process's instruments, as a collector of the endpoint's registry."""

    def collect(self) -> Iterator[Any]:
        yield from instruments().registry.collect()


class Endpoint:
    """``/metrics`` over HTTP on its own thread (prometheus_client's server); :meth:`stop` ends it."""

    def __init__(self, db: Engine, clock: Clock, host: str, port: int) -> None:
        from prometheus_client import CollectorRegistry, start_http_server

        instruments()  # this process counts from now on
        registry = CollectorRegistry(auto_describe=False)
        registry.register(_Process())  # type: ignore[arg-type]
        registry.register(DatabaseCollector(db, clock))  # type: ignore[arg-type]
        self._server: WSGIServer
        self._server, self._thread = start_http_server(port, host, registry)
        self.host, self.port = host, self._server.server_port

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)
