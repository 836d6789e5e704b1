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


def group(help_text: str) -> typer.Typer:
    """A command group as every pbem command is made: plain help (no boxes, no ``<bool>`` on a flag) and
    plain usage errors, so the command line speaks one way.

    The convention: a request pbem refuses (nothing changed) is one line ``error: …`` on standard error and
    exit status 1 (:func:`refuse`); a command line that cannot be read (an unknown option, a missing
    argument, a value of the wrong form) is the usage line, ``Error: …`` and exit status 2.
    """
    return typer.Typer(help=help_text, no_args_is_help=True, rich_markup_mode=None, add_completion=False)


def actor(by: str) -> str:
    """``--by``, else $USER, else the login name."""
    if by.strip():
        return by.strip()
    return os.environ.get("USER") or getpass.getuser()


def counted(count: int, thing: str) -> str:
    """``1 table``, ``2 tables``: a count with its noun agreeing (every noun pbem counts takes an s)."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def refuse(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


def attempt(action: Callable[[], T]) -> T:
    """Run an organiser action; a refusal (every one is a ValueError with its reason) exits cleanly."""
    try:
        return action()
    except ValueError as exc:
        refuse(str(exc))
