"""The fault tests' hook: a process killed at a named step, to prove a crash there loses and doubles nothing."""

from __future__ import annotations

import os
import signal

from pbem.ops.config import Settings


def crash_point(settings: Settings, step: str) -> None:
    """Kill the process here when PBEM_CRASH_AT names this step."""
    if settings.crash_at == step:
        os.kill(os.getpid(), signal.SIGKILL)
