"""The ``pbem`` command line (typer), assembled: every command group mounted on one app.

Each command group lives in its own module and is mounted here, so adding a
group never edits another's code. ``pbem bench`` and ``pbem demo`` run what
:mod:`pbem.simulation` holds: simulations sit beside the service, and the
command line is the only part of pbem that imports them.
"""

from __future__ import annotations

from pathlib import Path

import typer

from pbem.cli.organiser import group
from pbem.ops import schema
from pbem.cli import admin, demo, game, maintenance, play, service, status, tournament
from pbem.cli import bench

app = group("Play-by-email tournament manager: In the Year of the Dragon, China, The Prodigals Club.")


@app.callback()
def settings_file(
    config: Path = typer.Option(None, "--config", metavar="FILE", help="The settings file, for every command "
                                "(default: $PBEM_CONFIG, else ./pbem.toml); PBEM_* variables override it."),
) -> None:
    """Play-by-email tournament manager: In the Year of the Dragon, China, The Prodigals Club."""


app.add_typer(bench.app, name="bench")
app.command("play")(play.play)
app.command("demo")(demo.demo)
app.command("init")(service.init)
app.command("config")(service.config)
app.command("serve")(service.serve)
app.command("receive")(service.receive)
app.command("status")(status.status)
app.command("upgrade")(maintenance.upgrade)
app.command("backup")(maintenance.backup)
app.command("restore")(maintenance.restore)
app.add_typer(game.app, name="game")
app.add_typer(tournament.app, name="tournament")
app.add_typer(tournament.rounds_app, name="round")
admin.mount(app, game.app)


def main() -> None:
    try:
        app()
    except schema.SchemaError as exc:  # any command, on a database a newer pbem made: one line, not a traceback
        typer.echo(f"pbem: {exc}", err=True)
        raise SystemExit(1) from None
