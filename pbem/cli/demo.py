"""``pbem demo``: a small tournament among bot players through the real mail loop, with a progress bar."""

from __future__ import annotations

import asyncio
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pbem import demo as runner
from pbem.cli.organiser import refuse
from pbem.cli.tournament import standings_table


def demo(
    players: int = typer.Option(12, "--players", help="Players in the tournament (bots, plus you with --human)."),
    rounds: int = typer.Option(3, "--rounds", help="Rounds to play."),
    seed: int = typer.Option(1, "--seed", help="Seeds the seating, every deal and the bots' choices."),
    folder: Path = typer.Option(None, "--dir", help="A fresh folder for the database and every mail "
                                                   "(default: pbem-demo, or pbem-demo-2, … if taken)."),
    human: str = typer.Option("", "--human", help="Your email address: you take one seat and play it by mail."),
) -> None:
    """Run a complete In the Year of the Dragon tournament by email on loopback, then show the standings."""
    folder = folder or _fresh(Path("pbem-demo"))
    options = runner.DemoOptions(folder, players, rounds, seed, human)
    try:
        runner.prepare(options)
    except ValueError as exc:
        refuse(str(exc))
    console = Console()
    total = runner.expected_games(options)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console) as progress:
        task = progress.add_task("games finished", total=total)

        def ready(listen: str) -> None:
            if human:
                progress.console.print(_human_instructions(options, listen), highlight=False)

        try:
            result = asyncio.run(runner.run(options, lambda: progress.advance(task), ready))
        except KeyboardInterrupt:
            progress.stop()
            console.print(f"Stopped. The mails so far are in {folder / 'mail'}; the database is "
                          f"{folder / 'pbem.db'}.", highlight=False)
            raise typer.Exit(130) from None
    console.print(standings_table(result.standings))
    console.print(
        f"{result.mails} mails sent and {result.replies} replies by the bot players in {result.seconds:.0f} s.\n"
        f"Every mail is in the maildir {result.maildir} (open it with `mutt -f {result.maildir}`) "
        f"and in the mbox {result.mbox} (Thunderbird: ImportExportTools, or `mutt -f {result.mbox}`).\n"
        f"Standings page: {result.page}\n"
        f"Database: {result.folder / 'pbem.db'}. To look around as the organiser:\n"
        f"  export PBEM_DATABASE_URL=sqlite:///{(result.folder / 'pbem.db').resolve()}\n"
        f"  pbem tournament show 1; pbem tournament standings 1; pbem game log 1; pbem audit", highlight=False)


def _human_instructions(options: runner.DemoOptions, listen: str) -> str:
    host, _, port = listen.rpartition(":")
    return (f"You play as {options.human}. Your mails arrive in {options.folder / 'mail'} "
            f"(e.g. `mutt -f {options.folder / 'mail'}`). Reply to each prompt from a mail client whose outgoing "
            f"SMTP server is {host} port {port} (no TLS, no login), From {options.human}. "
            f"The demo runs until the tournament ends; Ctrl-C stops it.")


def _fresh(base: Path) -> Path:
    """``base``, or the first ``base-N`` that does not exist yet: running the demo again keeps the last run."""
    candidate, number = base, 1
    while candidate.exists():
        number += 1
        candidate = base.with_name(f"{base.name}-{number}")
    return candidate
