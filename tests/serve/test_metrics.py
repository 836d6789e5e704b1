"""pbem serve's /metrics (metrics_listen): what this process counted, and what a scrape reads from the database."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path
from typing import Callable

import pytest
from prometheus_client.parser import text_string_to_metric_families

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.serve.server import Server, StartError
from pbem.ops import metrics
from pbem.ops.config import ConfigError, check
from pbem.ops.db import Inbound
from tests.support import sticks
from tests.support.loop import make_settings, outbox, reply_to, rows
from tests.support.sink import free_port

ANN, BOB = "ann@example.org", "bob@example.org"
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(port: int) -> Samples:
    """GET /metrics as Prometheus does, every sample by name and labels."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        assert answer.status == 200
        text = answer.read().decode("utf-8")
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def counted(name: str, **labels: str) -> float:
    """A value this process counted so far (0 before any): the baseline a test's counts are added to."""
    return metrics.instruments().registry.get_sample_value(name, labels) or 0.0


async def until(check: Callable[[], bool]) -> None:
    """Wait (serving the loop) until ``check()`` holds; fail if it never does."""
    for _ in range(1500):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the condition never held")


def test_a_scrape_shows_mail_handled_and_sent_and_the_outbox_read_from_the_database(tmp_path: Path, sink,
                                                                                    clock: SetClock) -> None:
    port = free_port()
    service = open_service(make_settings(tmp_path, smtp_port=sink.port, listen="",
                                         metrics_listen=f"127.0.0.1:{port}"), clock=clock, rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    queued = len(outbox(service))
    before = {"retry": counted("pbem_mails_out_total", result="retry"),
              "sent": counted("pbem_mails_out_total", result="sent"),
              "applied": counted("pbem_mails_in_total", status="applied"),
              "handled": counted("pbem_mail_handling_seconds_count")}
    sink.refusing = True  # the relay says "try later" to the first round

    async def run() -> tuple[Samples, Samples]:
        loop = asyncio.get_running_loop()
        server = Server(service)
        await server.start()
        try:
            await until(lambda: all(row.attempts == 1 for row in outbox(service)))
            clock.advance(timedelta(seconds=90))
            held = await loop.run_in_executor(None, scrape, port)
            sink.refusing = False
            clock.advance(timedelta(hours=1))  # the retries come due
            server._outbox_due.set()
            await until(lambda: all(row.status == "sent" for row in outbox(service)))
            prompt = outbox(service, kind="prompt", recipient=ANN)[-1]
            await server.accept(reply_to(prompt, "take 2"), [prompt.reply_to], ANN)
            await until(lambda: [row.status for row in rows(service, Inbound)] == ["applied"]
                        and all(row.status == "sent" for row in outbox(service)))
            return held, await loop.run_in_executor(None, scrape, port)
        finally:
            await server.stop()

    held, after = asyncio.run(run())
    assert held[("pbem_database_up", ())] == 1
    assert held[("pbem_outbox_depth", ())] == queued and held[("pbem_outbox_oldest_seconds", ())] == 90
    assert held[("pbem_mails_out_total", (("result", "retry"),))] == before["retry"] + queued
    sent = len(outbox(service))
    assert sent > queued  # the reply was answered (Bob's prompt at least)
    assert after[("pbem_mails_out_total", (("result", "sent"),))] == before["sent"] + sent
    assert after[("pbem_mails_in_total", (("status", "applied"),))] == before["applied"] + 1
    assert after[("pbem_mail_handling_seconds_count", ())] == before["handled"] + 1
    assert after[("pbem_mail_handling_seconds_sum", ())] > 0
    assert after[("pbem_outbox_depth", ())] == 0 and after[("pbem_outbox_oldest_seconds", ())] == 0
    assert after[("pbem_inbound_waiting", ())] == 0
    assert after[("pbem_moves_played_total", (("source", "email"),))] == 1
    with pytest.raises(urllib.error.URLError):  # stopped with the server
        scrape(port)


def test_a_metrics_address_in_use_stops_the_start_saying_which_setting(tmp_path: Path, clock: SetClock) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        service = open_service(make_settings(tmp_path, listen="", metrics_listen=f"127.0.0.1:{port}"), clock=clock,
                               rules=sticks.rules)

        async def run() -> None:
            await Server(service).start()

        with pytest.raises(StartError, match="metrics_listen"):
            asyncio.run(run())


def test_without_metrics_listen_nothing_listens(tmp_path: Path, clock: SetClock) -> None:
    service = open_service(make_settings(tmp_path, listen=""), clock=clock, rules=sticks.rules)

    async def run() -> bool:
        server = Server(service)
        await server.start()
        try:
            return server.metrics is None
        finally:
            await server.stop()

    assert asyncio.run(run())


def test_metrics_beyond_loopback_need_metrics_public_and_then_a_warning_at_start(tmp_path: Path, clock: SetClock,
                                                                                 caplog) -> None:
    port = free_port()
    with pytest.raises(ConfigError, match="metrics_public = true"):
        check(make_settings(tmp_path, listen="", metrics_listen=f"0.0.0.0:{port}"))
    for near in ("127.0.0.1", "localhost", "[::1]"):
        check(make_settings(tmp_path, listen="", metrics_listen=f"{near}:{port}"))
    service = open_service(make_settings(tmp_path, listen="", metrics_listen=f"0.0.0.0:{port}", metrics_public=True),
                           clock=clock, rules=sticks.rules)

    async def run() -> None:
        server = Server(service)
        await server.start()
        try:
            assert scrape(port)  # it answers
        finally:
            await server.stop()

    with caplog.at_level("WARNING", logger="pbem.serve.server"):
        asyncio.run(run())
    assert any("without a login" in record.getMessage() and f"0.0.0.0:{port}" in record.getMessage()
               for record in caplog.records)
