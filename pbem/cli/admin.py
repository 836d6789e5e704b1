"""The organiser's actions on the command line, made from their declarations (:data:`pbem.admin.ACTIONS`).

Each declared action becomes one command in its group (``pbem game undo``,
``pbem dispute resolve``, ``pbem audit`` …) with the declared arguments. An
action that records in the audit log also takes ``--by`` (default $USER); one
that may mail players runs on settings that allow mailing. What an action
returns is printed as its declaration says, stored text literally (never as
rich markup), and a refusal is one line on standard error with exit status 1.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console

from pbem.admin import ACTIONS, Action, Desk
from pbem.cli.organiser import BY_HELP, actor, attempt, group
from pbem.cli.service import mailing_service, reading_service

GROUPS = {
    "dispute": "Disputes players opened with `dispute <text>`.",
    "inbound": "Inbound mail as stored: list it, read one, retry one set aside as failed.",
    "outbox": "Outgoing mail: list it, send again one the relay refused for good.",
    "player": "Players: their details, games and mail bounces.",
}
"""The groups this module makes; ``game`` is :mod:`pbem.cli.game`'s, which also holds new, list and publish."""


def mount(app: typer.Typer, game: typer.Typer) -> None:
    """Every declared action as a command: in ``game``, in a group of its own, or at the top of ``app``."""
    groups = {"game": game}
    for name, help_text in GROUPS.items():
        groups[name] = group(help_text)
        app.add_typer(groups[name], name=name)
    for declared in ACTIONS:
        (groups[declared.group] if declared.group else app).command(declared.name)(command(declared))


def command(declared: Action) -> Callable[..., None]:
    """A typer command for ``declared``: its signature made from the declared arguments."""

    def run(**given: Any) -> None:
        by = given.pop("by", "")
        service = mailing_service() if declared.mails else reading_service()
        result = attempt(lambda: declared.run(Desk(service, actor(by)), **given))
        console = Console(markup=False, highlight=False, emoji=False)
        for printed in declared.output(result, given):
            console.print(printed, soft_wrap=isinstance(printed, str))  # a line as it is; a table fits
        if declared.failed(result):
            raise typer.Exit(1)

    parameters = [inspect.Parameter(arg.name, inspect.Parameter.KEYWORD_ONLY, annotation=arg.kind,
                                    default=_parameter(arg.flag, arg.default, arg.help, arg.metavar))
                  for arg in declared.args]
    if declared.audit:
        parameters.append(inspect.Parameter("by", inspect.Parameter.KEYWORD_ONLY, annotation=str,
                                            default=typer.Option("", "--by", help=BY_HELP)))
    run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    run.__annotations__ = {parameter.name: parameter.annotation for parameter in parameters}
    run.__doc__ = declared.summary
    run.__name__ = declared.command.replace(" ", "_")
    return run


def _parameter(flag: str, default: Any, help_text: str, metavar: str) -> Any:
    if flag:
        return typer.Option(default, flag, help=help_text, metavar=metavar or None)
    return typer.Argument(default, help=help_text, metavar=metavar or None)
