"""A move private to its seat (a standing order: a plan, or a card kept in hand) is seen by that seat and the
organiser alone: every other seat's mails, the history they ask for, the digest and the public page show
"set a standing order" instead, over whole games of the three games played by email."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from sqlmodel import Session, select

import engine
from pbem.ops.db import Game, Move, Player
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.tournament.pages import publish_game
from tests.language.test_games_in_languages import listed, start
from tests.support.loop import outbox, reply_to

HIDDEN = str(engine.PRIVATE_MOVE.msgid)
DRAGON_ORDERS = ("release order: monk, craftsman", "release order: farmer, monk", "release order: craftsman")
PRIVATE_WORDS = re.compile(r"^(order up|order keep|release order)\b")


@pytest.mark.parametrize(("name", "standing"), [
    ("dragon", ("release order:",)), ("china", ()), ("prodigals", ("order up ", "order keep "))])
def test_a_game_says_which_of_its_moves_are_private(name: str, standing: tuple[str, ...]) -> None:
    rules = engine.game(name)
    assert rules.PRIVATE_LINES == standing
    state, rng, seen = rules.new(3, seed=1), random.Random(1), 0
    while rules.result(state) is None and seen < 3000:
        seat = min(rules.to_act(state))
        for move in rules.legal(state, seat):
            line = rules.format(move)
            assert rules.private(line) == bool(PRIVATE_WORDS.match(line)), line
        state = rules.apply(state, seat, rng.choice(list(rules.legal(state, seat))))
        seen += 1


def play_preferring_standing_orders(service: Service, name: str, rng: random.Random) -> None:
    """Answer every prompt until the game ends, choosing a standing order whenever one is listed; in Dragon,
    whose standing order is written rather than listed, each seat's first answer sets one."""
    answered: set[int] = set()
    ordered: set[str] = set()
    for _ in range(2000):
        with Session(service.db) as session:
            if session.exec(select(Game)).one().status == "over":
                return
        latest = {prompt.recipient: prompt for prompt in outbox(service, kind="prompt")}
        for prompt in [p for p in latest.values() if p.id not in answered]:
            answered.add(prompt.id)  # type: ignore[arg-type]
            choices = listed(prompt, "en")
            orders = [line for line in choices if PRIVATE_WORDS.match(line)]
            line = rng.choice(orders or choices)
            if name == "dragon" and prompt.recipient not in ordered:  # each seat its own, told apart by it
                ordered.add(prompt.recipient)
                line = f"{DRAGON_ORDERS[len(ordered) - 1]}\n{line}"
            outcome = pipeline.deliver(service, reply_to(prompt, line))
            assert outcome.status == "applied", (line, outcome)
    raise AssertionError("the game does not end")


@pytest.mark.parametrize("name", ["dragon", "prodigals"])
def test_no_other_seat_and_no_public_page_sees_a_standing_order(tmp_path: Path, name: str) -> None:
    (tmp_path / "db").mkdir()
    service = start(tmp_path / "db", name, "en", seed=4)
    with Session(service.db) as session:  # every seat reads each move as it comes
        players = list(session.exec(select(Player).order_by(Player.id)))
        for player in players:
            player.notify = "each"
            session.add(player)
        session.commit()
        names = {seat: player.name for seat, player in enumerate(players)}
        seats = {seat: player.email for seat, player in enumerate(players)}
    play_preferring_standing_orders(service, name, random.Random(4))
    with Session(service.db) as session:
        private = [(move.seat, move.notation) for move in session.exec(select(Move).order_by(Move.seq))
                   if service.rules(name).private(move.notation)]
    assert len(private) >= len(seats), "every seat set a standing order"
    for asker in seats.values():  # the history each player can ask for, after the game
        last = [row for row in outbox(service, recipient=asker) if row.game_id][-1]
        assert pipeline.deliver(service, reply_to(last, "history")).status == "command"
    page = publish_game(service, 1, tmp_path / "site").read_text(encoding="utf-8")

    mails = outbox(service)
    for seat, notation in private:
        shown_as = f"({names[seat]}): {notation}"  # a recap or history line: "seat 1 (P0): order keep cad"
        for row in mails:
            if row.recipient in (seats[seat], service.settings.organiser):
                continue
            assert shown_as not in " ".join(row.text.split()), (row.kind, row.recipient, notation)
            assert f"({names[seat]}): <code>{notation}</code>" not in row.html, (row.kind, row.recipient, notation)
        assert notation not in page
        own = [row for row in mails if row.recipient == seats[seat] and notation in " ".join(row.text.split())]
        assert own, f"seat {seat + 1} sees its own standing order {notation!r}"
    told = [row for row in mails if HIDDEN in row.text]
    assert {row.kind for row in told} >= {"notice", "history"}, "the others are told a standing order was set"
    assert HIDDEN in page


def test_a_standing_order_is_shown_in_the_readers_language(tmp_path: Path) -> None:
    service = start(tmp_path, "prodigals", "ru", seed=4)
    with Session(service.db) as session:
        game = service.store.load(session, 1)
        said = service.shown.words(game, 1)
        line = service.shown.line(game, 1, 0, "order keep cad", "email", said, reader=1)
        own = service.shown.line(game, 1, 0, "order keep cad", "email", said, reader=0)
    assert line.text == "задан постоянный приказ"
    assert own.text != line.text


def test_the_organisers_game_log_shows_every_move(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pbem.cli.main import app

    (tmp_path / "db").mkdir()
    service = start(tmp_path / "db", "prodigals", "en", seed=4)
    play_preferring_standing_orders(service, "prodigals", random.Random(4))
    with Session(service.db) as session:
        orders = [move.notation for move in session.exec(select(Move)) if move.notation.startswith("order ")]
    env = {"PBEM_DATABASE_URL": service.settings.database_url, "PBEM_SECRET": "test-secret"}
    shown = CliRunner().invoke(app, ["game", "log", "1"], env=env)
    assert shown.exit_code == 0, shown.output
    assert orders and all(order in shown.output for order in orders)
