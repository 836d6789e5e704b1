"""A whole tournament through the real mail loop: 20 bot players, 3 rounds, SMTP on loopback, SQLite on disk.

It runs ``pbem demo``'s machinery: the embedded server (listener, pipeline,
outbox worker, scheduler), a relay that files every mail, and scripted
players who answer each prompt by SMTP. Rounds follow each other by the
league rule, so nothing but mail drives the tournament from round 1 to the end.
"""

from __future__ import annotations

import asyncio
import mailbox
import random
import re
from collections import Counter

import pytest
from sqlmodel import Session, create_engine, select

from pbem.simulation import demo
from pbem.ops.db import Move, Outbox
from pbem.ops.tournament_tables import RatingBook, TournamentRound, TournamentTable


def test_twenty_bots_play_three_rounds_by_email_to_final_standings(tmp_path) -> None:
    folder = tmp_path / "demo"
    finished: list[int] = []
    result = asyncio.run(demo.run(demo.DemoOptions(folder, players=20, rounds=3, seed=5),
                                  on_game_over=lambda: finished.append(1)))
    assert len(finished) == demo.expected_games(demo.DemoOptions(folder, players=20, rounds=3)) == 15
    engine = create_engine(f"sqlite:///{folder / 'pbem.db'}")
    with Session(engine) as session:
        rounds = session.exec(select(TournamentRound).order_by(TournamentRound.number)).all()
        tables = session.exec(select(TournamentTable)).all()
        sources = Counter(m.source for m in session.exec(select(Move)))
        outbox = session.exec(select(Outbox)).all()
        rated = session.exec(select(RatingBook)).all()
    assert [(r.number, r.status) for r in rounds] == [(1, "complete"), (2, "complete"), (3, "complete")]
    assert len(tables) == 15 and all(t.scores is not None for t in tables)
    seated = Counter(p for t in tables for p in t.players)
    assert len(seated) == 20 and set(seated.values()) == {3}
    assert sources["email"] > 0 and sources["timeout"] == 0 and sources["admin"] == 0
    assert all(row.status == "sent" for row in outbox)
    assert len(rated) == 20 and all(r.games == 3 for r in rated)
    assert [row.rank for row in result.standings.rows][0] == 1 and len(result.standings.rows) == 20
    filed = mailbox.Maildir(result.maildir, create=False)
    assert len(filed) == len(outbox) == result.mails
    standings = [m for m in filed if "Standings after round" in str(m["Subject"])]
    assert Counter(str(m["Subject"]) for m in standings) == {
        f"[Dragon Demo] Standings after round {n}": 20 for n in (1, 2, 3)}
    subjects = {str(m["Subject"]) for m in filed}
    assert any(re.match(r"\[Dragon Demo R3 T5\] Your move: ", s) for s in subjects)
    page = result.page.read_text()
    assert page.count("<tr") == 2 * 21 and "Dragon Demo" in page  # the standings, then the rounds: a head, 20 players


def test_the_demo_players_can_play_as_the_search_bot_through_the_mail(tmp_path) -> None:
    """``pbem demo --bot search:2``: every bot player's reply is the search bot's move, mailed like any reply."""
    folder = tmp_path / "demo"
    result = asyncio.run(demo.run(demo.DemoOptions(folder, players=3, rounds=1, seed=3, bot="search:2")))
    engine = create_engine(f"sqlite:///{folder / 'pbem.db'}")
    with Session(engine) as session:
        sources = Counter(m.source for m in session.exec(select(Move)))
        (table,) = session.exec(select(TournamentTable)).all()
    assert table.scores is not None and sources["email"] > 30 and set(sources) <= {"email", "forced"}
    assert result.replies == sources["email"]


def test_a_bad_demo_bot_is_refused_before_anything_is_made(tmp_path) -> None:
    with pytest.raises(ValueError, match="--bot 'clever': unknown bot 'clever'"):
        demo.prepare(demo.DemoOptions(tmp_path / "demo", players=3, bot="clever"))
    assert not (tmp_path / "demo").exists()


def test_a_human_seat_is_left_to_the_human_who_plays_it_through_the_smtp_listener(tmp_path) -> None:
    """The demo files the human's prompts unanswered; a mail client (here a script) replies via the listener."""
    import aiosmtplib

    from pbem.simulation import swarm

    me = "me@example.org"
    folder = tmp_path / "demo"
    mine: list[str] = []

    async def play() -> demo.DemoResult:
        listen: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        game = asyncio.create_task(demo.run(demo.DemoOptions(folder, players=3, rounds=1, seed=2, human=me),
                                            on_ready=listen.set_result))
        host, _, port = (await listen).rpartition(":")
        answered: set[str] = set()
        while not game.done():
            for key, message in list(mailbox.Maildir(folder / "mail", create=False).items()):
                if key in answered or str(message["To"]) != me:
                    continue
                answered.add(key)
                reply = swarm.answer(me, str(message["Reply-To"]), str(message["Subject"]),
                                     str(message["Message-ID"]), swarm.plain_text(message),
                                     random.Random(len(answered)))
                if reply is not None:
                    mine.append(str(message["Subject"]))
                    await aiosmtplib.send(reply.raw, sender=me, recipients=[reply.recipient], hostname=host,
                                          port=int(port))
            await asyncio.sleep(0.05)
        return await game

    result = asyncio.run(asyncio.wait_for(play(), 300))
    assert mine and all(subject.startswith("[Dragon Demo R1 T1]") for subject in mine)
    assert {row.name for row in result.standings.rows} == {"me", "bot01", "bot02"}
    assert all(row.games == 1 for row in result.standings.rows)
