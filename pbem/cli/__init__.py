"""The ``pbem`` command line (typer).

Each command group lives in its own module and is mounted here, so adding a
group never edits another's code.
"""

from __future__ import annotations

import typer

from pbem.cli import bench, play

app = typer.Typer(
    name="pbem",
    help="Play-by-email tournament manager: In the Year of the Dragon, China, The Prodigals Club.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(bench.app, name="bench")
app.command("play")(play.play)
app.command("demo")(play.demo)


def main() -> None:
    app()
