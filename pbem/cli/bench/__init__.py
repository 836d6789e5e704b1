"""``pbem bench …``: each benchmark is a module that adds its command to the one ``bench`` group."""

from __future__ import annotations

# each module adds its command
from pbem.cli.bench import bots, calendar, engines, lock, mail, pages, pictures, scale, tournament  # noqa: F401
from pbem.cli.bench.engines import app

__all__ = ["app"]
