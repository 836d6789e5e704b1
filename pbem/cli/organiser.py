"""What every organiser command shares: who is acting, and refusing bad input cleanly.

A refusal prints what was wrong (and what would be right) on standard error
and exits with status 1; the command has changed nothing by then, because
each action runs in one transaction that is only committed when it succeeded.
"""

from __future__ import annotations

import getpass
import os
from typing import Callable, NoReturn, TypeVar

import typer

T = TypeVar("T")

BY_HELP = "Who is acting, for the audit log (default: $USER)."


def actor(by: str) -> str:
    """``--by``, else $USER, else the login name."""
    if by.strip():
        return by.strip()
    return os.environ.get("USER") or getpass.getuser()


def refuse(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


def attempt(action: Callable[[], T]) -> T:
    """Run an organiser action; a refusal (every one is a ValueError with its reason) exits cleanly."""
    try:
        return action()
    except ValueError as exc:
        refuse(str(exc))
