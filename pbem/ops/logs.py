"""The log of ``pbem serve``: one line an event, on standard error, as text for a person or JSON for a shipper.

An organiser reads the log to learn what the service did without opening
the database: each mail in (its status, game and seat), each mail out (sent,
or deferred or failed with the relay's own reply), each scan that did
something, the start, the stop and every error. It goes to standard error
because systemd's journal keeps that (``journalctl -u pbem``).

The log is configured once, where ``pbem serve`` starts (:func:`configure`);
every module just logs through :mod:`logging`. An event's structured fields
ride on the record (``extra=fields(...)``): the text format has them in its
words already, the JSON format (``log_format = "json"``) writes them as keys,
so a log shipper never parses a sentence.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import IO, Any

FIELDS = ("inbound_id", "status", "game", "seat", "outbox_id", "recipient", "error")
"""The structured fields an event may carry; a JSON line has those the event set, after the four fixed keys."""

QUIET = ("mail.log", "apscheduler", "aiosmtplib")
"""Libraries whose INFO lines say nothing an organiser needs (every SMTP session, every job run)."""


def fields(**given: Any) -> dict[str, Any]:
    """The ``extra`` of a log call: the event's fields that are set (None is left out)."""
    unknown = set(given) - set(FIELDS)
    if unknown:
        raise ValueError(f"unknown log fields {sorted(unknown)}; known: {', '.join(FIELDS)}")
    return {name: value for name, value in given.items() if value is not None}


def _time(record: logging.LogRecord) -> str:
    return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class TextFormatter(logging.Formatter):
    """``2026-12-03T18:01:02.345Z INFO pbem.serve.server mail in 4: applied …``: UTC, so lines compare across hosts."""

    def format(self, record: logging.LogRecord) -> str:
        line = f"{_time(record)} {record.levelname} {record.name} {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, then the event's fields; a traceback as ``traceback``.

    A message or traceback with line breaks stays one line (JSON escapes
    them), so a shipper reading line by line never splits an event.
    """

    def format(self, record: logging.LogRecord) -> str:
        event: dict[str, Any] = {"time": _time(record), "level": record.levelname, "logger": record.name,
                                 "message": record.getMessage()}
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                event[name] = value
        if record.exc_info:
            event["traceback"] = self.formatException(record.exc_info)
        return json.dumps(event, ensure_ascii=False, default=str)


_installed: list[logging.Handler] = []
"""The handler :func:`configure` put on the root logger, so a second call replaces it instead of doubling lines."""


def configure(log_format: str, stream: IO[str] | None = None) -> logging.Handler:
    """Send every log record of INFO and above to ``stream`` (standard error) in ``log_format``; call it once.

    Only the handler a previous call installed is replaced (others, such as
    a test runner's, stay), and the chatty libraries are kept to their
    warnings. :func:`unconfigure` takes it off again.
    """
    unconfigure()
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    for noisy in QUIET:
        logging.getLogger(noisy).setLevel(logging.WARNING)
    _installed.append(handler)
    return handler


def unconfigure() -> None:
    """Take the handler :func:`configure` installed off the root logger (``pbem serve`` run in-process, a test)."""
    root = logging.getLogger()
    while _installed:
        handler = _installed.pop()
        root.removeHandler(handler)
        handler.flush()
