"""The game-over mail is the game's record (#47 item 7): every move in the reader's language, another seat's
private move only as such, the final board, the ranking with the game's tie-break, and the game's page, so a
player's mailbox keeps the whole game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import Session, select

import engine
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.language.letters import translations
from pbem.ops.db import Move, Outbox, Player
from pbem.play.service import Service
from tests.support.loop import START, make_settings, outbox
from tests.tournament.conftest import Players

PLAYERS = ["ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"]
RUN = re.compile(r"^ {0,7}(\d+)(?:-(\d+))?  ", re.MULTILINE)


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Service, int]:
    """A whole Prodigals game (standing orders: private moves), played to its end by random answers."""
    path = tmp_path_factory.mktemp("record")
    service = open_service(make_settings(path, public_url="https://games.example.org/"), clock=SetClock(START))
    game_id = service.new_game("prodigals", PLAYERS, seed=3)
    Players(service).answer_all()
    return service, game_id


def over_mails(service: Service, game_id: int, languages: dict[str, str]) -> dict[str, Outbox]:
    """The game-over mails, sent again with each player reading ``languages[email]``."""
    with Session(service.db) as session:
        for player in session.exec(select(Player)):
            player.language = languages.get(player.email, "")
            session.add(player)
        session.flush()
        game = service.store.load(session, game_id)
        result = game.rules.result(game.state)
        assert result is not None, "the game is over"
        first = max(row.id for row in session.exec(select(Outbox)))
        service.mails.game_over(session, game, result)
        session.commit()
    return {row.recipient: row for row in outbox(service, kind="game_over", game_id=game_id) if row.id > first}


def numbers(text: str) -> list[int]:
    """The log numbers the record of a game-over mail covers, in order."""
    record = text.split("\n\n")
    found: list[int] = []
    for block in record:
        for match in RUN.finditer(block):
            first, last = int(match[1]), int(match[2] or match[1])
            found += range(first, last + 1)
    return found


def runs(record: str) -> list[str]:
    """The record's entries, each on one line without its numbers: "seat 2 (Bob): a move; another"."""
    starts = list(RUN.finditer(record))
    return [" ".join(record[start.end():end.start() if end else None].split())
            for start, end in zip(starts, [*starts[1:], None])]


def game_of(service: Service, game_id: int):
    with Session(service.db) as session:
        return service.store.load(session, game_id)


def test_the_record_lists_every_move_in_two_languages_and_no_private_move_of_another_seat(
        finished: tuple[Service, int]) -> None:
    service, game_id = finished
    with Session(service.db) as session:
        moves = list(session.exec(select(Move).where(Move.game_id == game_id).order_by(Move.seq)))
    rules = engine.game("prodigals")
    private = [(move.seat, move.notation) for move in moves if rules.private(move.notation)]
    assert private, "the game has standing orders to hide"
    mails = over_mails(service, game_id, {PLAYERS[1]: "ru", PLAYERS[3]: "ru"})
    assert set(mails) == set(PLAYERS)
    for seat, email in enumerate(PLAYERS):
        language = "ru" if seat in (1, 3) else "en"
        gettext = translations(language).gettext
        text = mails[email].text
        heading = gettext("Every move of the game:")
        record = text.split(heading, 1)[1].split("\n\n", 1)[0]
        assert numbers(record) == [move.seq for move in moves], "every move once, in order"
        hidden = gettext(str(engine.PRIVATE_MOVE.msgid))
        others = [notation for owner, notation in private if owner != seat]
        mine = [notation for owner, notation in private if owner == seat]
        flat = " ".join(record.split())
        assert flat.count(hidden) >= len(others), "another seat's standing order is shown as such"
        game = game_of(service, game_id)
        said = service.shown.words(game, seat)
        owners = [run.seat_no - 1 for run in service.shown.record(game, seat)]
        blocks = runs(record)
        assert len(owners) == len(blocks)
        for owner, block in zip(owners, blocks):
            if owner == seat:
                continue
            for notation in {*others, *mine}:
                assert said.move(notation) not in block, (email, notation, block)
        for notation in mine:
            assert said.move(notation) in flat, "one's own standing orders are one's own record"
        assert gettext("The final board:") in text and mails[email].picture, "the final board, and its picture"
        assert gettext("Final ranking:") in text
        tie_break = gettext("Equal scores are ranked by the next-highest competition: the lower one is ahead, "
                            "and so on.")
        assert " ".join(tie_break.split()) in " ".join(text.split())
        assert f"https://games.example.org/games/{game_id}.{language}.html" in text, "the page in their language"
        assert f'href="https://games.example.org/games/{game_id}.{language}.html"' in (mails[email].html or "")
        assert max(len(line) for line in text.splitlines()) <= 78
    russian = mails[PLAYERS[1]].text
    assert "Every move of the game:" not in russian and re.search("[а-я]", russian)


def test_the_record_joins_a_seats_moves_in_a_row(finished: tuple[Service, int]) -> None:
    """A long game stays a compact list: one entry for each run of one seat's moves."""
    service, game_id = finished
    with Session(service.db) as session:
        game = service.store.load(session, game_id)
        runs = service.shown.record(game, 0)
        moves = len(game.log)
    assert sum(len(run.lines) for run in runs) == moves
    assert len(runs) < moves * 0.8, "runs of one seat's moves share an entry"
    assert all(runs[index].seat_no != runs[index + 1].seat_no for index in range(len(runs) - 1))


def test_a_rank_the_tie_break_decided_says_so(finished: tuple[Service, int]) -> None:
    service, game_id = finished
    with Session(service.db) as session:
        game = service.store.load(session, game_id)
        said = service.shown.words(game, 0)
        tied = engine.Result(scores=[7, 7, 9, 4], ranks=[2, 3, 4, 1], lowest_wins=True)
        standings = service.shown.standings(game, tied, said)
    assert [(row.seat_no, row.tie_broken) for row in standings] == [(4, False), (1, True), (2, True), (3, False)]
    letter = service.mails.letters.render(
        "game_over", "hu", picture=False, **{**service.shown.base_context(game, 0), "earlier": [], "recap": [], "history": [],
                              "standings": standings, "own_rank": 2, "board": "", "game_name": "prodigals",
                              "lowest_wins": True})
    placed = translations("hu").gettext("placed by the tie-break")
    assert placed != "placed by the tie-break" and letter.text.count(placed) == 2
