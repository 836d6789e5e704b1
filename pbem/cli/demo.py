"""``pbem demo``: a small tournament among bot players through the real mail loop, with a progress bar.

Its messages hold what the organiser typed (the folder, their address) and are printed with rich's markup off:
rich would read a ``[`` in a path as markup, and stop at ``[/]``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pbem.simulation import demo as runner
from pbem.cli.organiser import refuse
from pbem.cli.tournament import standings_table


def demo(
    players: int = typer.Option(12, "--players", help="Players in the tournament (bots, plus you with --human)."),
    rounds: int = typer.Option(3, "--rounds", help="Rounds to play."),
    seed: int = typer.Option(1, "--seed", help="Seeds the seating, every deal and the bots' choices."),
    folder: Path = typer.Option(None, "--dir", help="A fresh folder for the database and every mail "
                                                   "(default: pbem-demo, or pbem-demo-2, … if taken)."),
    human: str = typer.Option("", "--human", help="Your email address: you take one seat and play it by mail."),
    language: str = typer.Option("en", "--language", "-l", help="The players' language, of every mail and the "
                                                                "standings page: en, el, hu or ru."),
    bot: str = typer.Option("random", "--bot", help="How the bot players choose: random (one of the moves a "
                                                    "prompt lists), or as the bot greedy, search or search:N "
                                                    "(N playouts a decision) plays their seat."),
) -> None:
    """Run a complete In the Year of the Dragon tournament by email on loopback, then show the standings."""
    folder = folder or _fresh(Path("pbem-demo"))
    options = runner.DemoOptions(folder, players, rounds, seed, human, language, bot)
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
                progress.console.print(_human_instructions(options, listen), highlight=False, markup=False)

        try:
            result = asyncio.run(runner.run(options, lambda: progress.advance(task), ready))
        except KeyboardInterrupt:
            progress.stop()
            console.print(f"Stopped. The mails so far are in {folder / 'mail'}; the database is "
                          f"{folder / 'pbem.db'}.", highlight=False, markup=False)
            raise typer.Exit(130) from None
    console.print(standings_table(result.standings))
    # soft_wrap: a narrow terminal folds a long line itself rather than rich breaking a command at a space
    console.print(closing_hint(result), highlight=False, soft_wrap=True, markup=False)


def closing_hint(result: runner.DemoResult) -> str:
    """Where everything is, each command alone on its own line so it can be copied whole."""
    database = result.folder / "pbem.db"
    return "\n".join([
        f"{result.mails} mails sent and {result.replies} replies by the bot players in {result.seconds:.0f} s.",
        "Every mail, as a maildir and as one mbox (Thunderbird: ImportExportTools):",
        f"  mutt -f {result.maildir}",
        f"  mutt -f {result.mbox}",
        "The standings page:",
        f"  {result.page}",
        "To look around as the organiser:",
        f"  export PBEM_DATABASE_URL=sqlite:///{database.resolve()}",
        "  pbem tournament show 1",
        "  pbem tournament standings 1",
        "  pbem game log 1",
        "  pbem audit",
    ])


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
