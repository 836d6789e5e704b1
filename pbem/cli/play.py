"""``pbem play``: a whole game among bots, printed move by move.

The quickest way to see an engine work, with no mail and no database; with
``--picture DIR`` also the board as a mail's picture shows it, after each move.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import typer

import engine
from engine import bots
from engine.text import TC
from pbem.play.commands.language import known_language
from pbem.cli.tournament import publish_folder, written
from pbem.language.words import translations, words
from pbem.tournament.pages import make_folder, write_atomic


def play(
    game: str = typer.Argument("dragon", help="Game name: dragon, china or prodigals."),
    players: int = typer.Option(4, "--players", "-p", help="Number of seats."),
    seed: int = typer.Option(1, "--seed", "-s", help="Game seed; the same seed gives the same game."),
    bot: list[str] = typer.Option(
        ["greedy", "random"], "--bot", help="Bot per seat, cycled (random, greedy, search or search:N)."
    ),
    board: bool = typer.Option(False, "--board", help="Print the board after every move."),
    language: str = typer.Option("en", "--language", "-l", help="Show the game in en, el, hu or ru."),
    picture: Path = typer.Option(None, "--picture", metavar="DIR", help="Write the board's picture (PNG, as a "
                                 "spectator sees it, in --language) to DIR: 0000.png for the set-up, then one "
                                 "after each move, numbered as printed."),
) -> None:
    """Play a complete game among bots and print every move and the final scoring."""
    try:
        rules = engine.game(game)
    except KeyError as exc:
        raise typer.BadParameter(str(exc.args[0]), param_hint="GAME") from None
    try:
        said, catalog = words(rules, known_language(language)), translations(language)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--language") from None
    if not rules.min_players <= players <= rules.max_players:
        raise typer.BadParameter(
            f"{rules.title} takes {rules.min_players}-{rules.max_players} players, not {players}",
            param_hint="--players",
        )
    try:
        chosen = [bots.get(bot[i % len(bot)]) for i in range(players)]
    except KeyError as exc:
        raise typer.BadParameter(str(exc.args[0]), param_hint="--bot") from None
    if picture is not None:
        if rules.picture(rules.new(players, seed), None, said) is None:
            raise typer.BadParameter(f"{rules.title} draws no picture; leave --picture out", param_hint="--picture")
        folder = publish_folder(picture, "--picture")
        written(folder, lambda: make_folder(folder), "--picture")
    typer.echo(f"{rules.title}, {players} players, seed {seed}")
    count = 0

    def draw(state: engine.State) -> None:
        """The picture after move ``count`` (0: the set-up), as a spectator's mail would show it."""
        if picture is not None:
            image = rules.picture(state, None, said)
            assert image is not None  # checked on the set-up: a game draws a picture or never does
            written(picture, lambda: write_atomic(picture / f"{count:04d}.png", image), "--picture")

    def show(after: engine.State, seat: int, move: engine.Move) -> None:
        nonlocal count
        count += 1
        typer.echo(f"{count:4d}  {seat_of(seat)}: {said.move(rules.format(move))}")
        if board:
            typer.echo(rules.render(after, None, said))
        draw(after)

    def seat_of(seat: int) -> str:
        """A seat as the mails name it, in the chosen language (the final ranking as a game-over mail shows it)."""
        return catalog.gettext("seat %(seat)s (%(name)s)") % {"seat": seat + 1, "name": bot[seat % len(bot)]}

    draw(rules.new(players, seed))
    state = bots.play(rules, players, seed, chosen, on_move=show).state
    typer.echo(rules.render(state, None, said))
    outcome = rules.result(state)
    assert outcome is not None
    typer.echo(catalog.gettext("Final ranking:"))
    for seat in sorted(range(players), key=lambda s: outcome.ranks[s]):
        typer.echo("  " + catalog.gettext("%(rank)s. %(who)s") % {"rank": outcome.ranks[seat], "who": seat_of(seat)} + ": "
                   + catalog.gettext("%(score)s points") % {"score": outcome.scores[seat]})
        if outcome.breakdown:
            detail = ", ".join(f"{said.say(TC('score', k))} {v}" for k, v in outcome.breakdown[seat].items())
            typer.echo(textwrap.fill(detail, width=78, initial_indent="    ", subsequent_indent="    "))
    if picture is not None:
        typer.echo(f"{count + 1} pictures in {picture}: 0000.png (the set-up) to {count:04d}.png")
