"""Undo by consent (#47, item 3): a player takes back their last turn when every other human player agrees.

Everything goes through the real pipeline: replies delivered as mail, answers read from the outbox, votes as
replies to the vote mail at the voter's signed seat address.
"""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select

import engine
from engine import lookahead
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.db import Audit, Inbound, Move, Outbox, Player, UndoRequest
from pbem.play import deadlines
from pbem.play.service import Service
from pbem.serve import pipeline
from tests.support import sticks
from tests.support.loop import START, make_settings, outbox, reply_to, rows

ANN, BOB, CYD = "ann@example.org", "bob@example.org", "cyd@example.org"
LANGUAGES = {ANN: "en", BOB: "hu", CYD: "el"}


@pytest.fixture
def table(tmp_path: Path, clock: SetClock) -> tuple[Service, int]:
    """Sticks for three humans (Ann English, Bob Hungarian, Cyd Greek); Ann moves first."""
    service = open_service(make_settings(tmp_path), clock=clock, rules=sticks.rules)
    with Session(service.db) as session:
        session.add_all(Player(email=email, language=language) for email, language in LANGUAGES.items())
        session.commit()
    return service, service.new_game("sticks", [ANN, BOB, CYD], seed=0)


def last(service: Service, who: str, kind: str | None = None) -> Outbox:
    return outbox(service, recipient=who, **({"kind": kind} if kind else {}))[-1]


def send(service: Service, row: Outbox, text: str, sender: str | None = None) -> pipeline.Outcome:
    return pipeline.deliver(service, reply_to(row, text, sender=sender,
                                              message_id=f"<{len(outbox(service))}-{abs(hash(text))}@client.example>"))


def counted(service: Service, game_id: int) -> list[str]:
    return [m.notation for m in rows(service, Move, game_id=game_id, reverted=False)]


def ask_after_ann_moves(service: Service, game_id: int, ask: str = "undo") -> None:
    assert send(service, last(service, ANN, "prompt"), "take 2").status == "applied"
    before = len(outbox(service))
    assert send(service, last(service, ANN), ask).status == "command"
    kinds = {(row.recipient, row.kind) for row in outbox(service)[before:]}
    assert kinds == {(ANN, "command"), (BOB, "undo"), (CYD, "undo")}, kinds


def test_every_yes_takes_the_turn_back_tells_the_table_and_asks_the_asker_again(table) -> None:
    service, game_id = table
    ask_after_ann_moves(service, game_id, "Undo please")
    acknowledged = last(service, ANN, "command")
    assert "take 2" in acknowledged.text and BOB not in acknowledged.text  # names, never addresses
    vote = last(service, BOB, "undo")
    assert "take 2" in vote.text and "„igen”" in vote.text, vote.text  # Bob's own yes, in Hungarian
    assert "mailto:" in vote.html and "body=igen" in vote.html  # one click writes the vote
    assert vote.reply_to.startswith("play+") and f"+{game_id}.1." in vote.reply_to  # Bob's signed seat address
    assert send(service, vote, "igen").status == "command"
    assert counted(service, game_id) == ["take 2"], "one yes of two: nothing taken back yet"
    before = len(outbox(service))
    assert send(service, last(service, CYD, "undo"), "ναι").status == "command"
    assert counted(service, game_id) == [], "every yes: the turn is taken back"
    assert [m.reverted for m in rows(service, Move, game_id=game_id)] == [True], "marked, never deleted"
    told = [(row.recipient, row.kind) for row in outbox(service)[before:]]
    assert sorted(told) == sorted([(ANN, "undo"), (BOB, "undo"), (CYD, "undo"), (ANN, "prompt")]), told
    done = " ".join(last(service, ANN, "undo").text.split())
    assert "no longer count" in done and "new prompt" in done, done
    assert last(service, ANN, "prompt").id > last(service, ANN, "undo").id, "then Ann is asked again"
    [request] = rows(service, UndoRequest)
    assert request.status == "done" and request.votes == {"1": "yes", "2": "yes"}
    [audit] = rows(service, Audit, action="undo")
    assert audit.actor == CYD and audit.game_id == game_id and "reverted [1]" in audit.detail
    assert "by consent of seats [2, 3]" in audit.detail
    assert send(service, last(service, ANN, "prompt"), "take 1").status == "applied", "and plays on"


def test_one_no_refuses_it_and_everyone_is_told(table) -> None:
    service, game_id = table
    ask_after_ann_moves(service, game_id, "visszavon")  # the command's own word in Hungarian
    assert send(service, last(service, BOB, "undo"), "nem, bocs").status == "command"
    assert counted(service, game_id) == ["take 2"]
    for who in (ANN, BOB, CYD):
        assert "[Sticks #1]" in last(service, who, "undo").subject
    assert "Player 2 said no" in last(service, ANN, "undo").text, last(service, ANN, "undo").text
    assert rows(service, UndoRequest)[0].status == "refused"
    assert [a.action for a in rows(service, Audit) if a.action.startswith("undo")] == [
        "undo asked", "undo vote", "undo refused"]
    answer = send(service, last(service, CYD, "undo"), "ναι")  # too late: nothing left to vote on
    assert answer.status == "refused" and counted(service, game_id) == ["take 2"]


def test_no_answer_within_the_bound_refuses_it(table, clock: SetClock) -> None:
    service, game_id = table
    ask_after_ann_moves(service, game_id)
    assert send(service, last(service, BOB, "undo"), "yes").status == "command"
    clock.advance(timedelta(hours=service.settings.undo_vote_hours - 1))
    assert deadlines.scan(service).undos_refused == 0
    clock.advance(timedelta(hours=2))
    assert deadlines.scan(service).undos_refused == 1
    assert rows(service, UndoRequest)[0].status == "expired" and counted(service, game_id) == ["take 2"]
    text = " ".join(last(service, ANN, "undo").text.split())
    assert "counts as no" in text and "Player 3" in text, text
    assert rows(service, Audit, action="undo expired")[0].actor == "scheduler"


def test_the_request_lapses_the_moment_anyone_moves(table) -> None:
    service, game_id = table
    ask_after_ann_moves(service, game_id)
    assert send(service, last(service, BOB, "prompt"), "take 1").status == "applied"
    assert rows(service, UndoRequest)[0].status == "lapsed"
    assert "lapsed" in last(service, ANN, "undo").text
    assert send(service, last(service, CYD, "undo"), "undo yes").status == "refused"
    assert counted(service, game_id) == ["take 2", "take 1"]


def test_no_undo_once_someone_moved_nor_of_a_turn_not_ones_own(table) -> None:
    service, game_id = table
    assert send(service, last(service, ANN, "prompt"), "take 1").status == "applied"
    assert send(service, last(service, BOB, "prompt"), "take 1").status == "applied"
    assert send(service, last(service, ANN), "undo").status == "refused"
    refusal = last(service, ANN, "refusal")
    assert "someone has moved since your last turn" in refusal.subject, refusal.subject
    assert send(service, last(service, CYD), "αναίρεση").status == "refused"  # Cyd has not moved at all
    assert "δεν έχετε δικό σας γύρο να αναιρέσετε" in last(service, CYD, "refusal").subject  # in Cyd's Greek
    assert rows(service, UndoRequest) == [] and counted(service, game_id) == ["take 1", "take 1"]


def test_a_forged_vote_is_not_counted(table) -> None:
    service, game_id = table
    ask_after_ann_moves(service, game_id)
    vote = last(service, BOB, "undo")
    assert send(service, vote, "yes", sender="mallory@evil.example").status == "wrong_sender"
    assert send(service, last(service, CYD, "undo"), "yes").status == "command"
    [request] = rows(service, UndoRequest)
    assert request.status == "open" and request.votes == {"2": "yes"}, "Bob's seat has not voted"
    assert counted(service, game_id) == ["take 2"]
    assert not [row for row in outbox(service) if row.recipient == "mallory@evil.example"], "no backscatter"


def test_the_asker_cannot_vote_nor_ask_twice(table) -> None:
    service, game_id = table
    ask_after_ann_moves(service, game_id)
    assert send(service, last(service, ANN), "undo yes").status == "refused"
    assert send(service, last(service, ANN), "undo").status == "refused"
    assert send(service, last(service, BOB, "undo"), "yes").status == "command"
    assert send(service, last(service, BOB, "undo"), "yes").status == "refused"  # once only
    assert rows(service, UndoRequest)[0].votes == {"1": "yes"}


def test_a_bots_answer_is_a_later_move_too(tmp_path: Path, clock: SetClock) -> None:
    service = open_service(make_settings(tmp_path), clock=clock, rules=sticks.rules)
    game_id = service.new_game("sticks", [ANN], bots_count=1, seed=0, options={"sticks": 9})
    assert send(service, last(service, ANN, "prompt"), "take 1").status == "applied"  # the bot answers at once
    assert send(service, last(service, ANN), "undo").status == "refused", "the bot moved since"
    assert rows(service, UndoRequest) == []


# ---------------------------------------------------------------- what the turn showed


CHINA = engine.game("china")
PLAYERS = [ANN, BOB, CYD]


def test_a_turn_that_drew_a_card_cannot_be_taken_back(tmp_path: Path) -> None:
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    game_id = service.new_game("china", PLAYERS, seed=4)
    with Session(service.db) as session:
        state = service.store.load(session, game_id).state
    (seat,) = CHINA.to_act(state)
    work, moves = CHINA.clone(state), []
    while seat in CHINA.to_act(work):
        moves.append(CHINA.greedy(work, seat, random.Random(0)))
        work = CHINA.apply(work, seat, moves[-1])
    assert lookahead.reveals(CHINA, state, seat, moves, random.Random(1)), "a China turn draws"
    prompt = last(service, PLAYERS[seat], "prompt")
    assert send(service, prompt, "\n".join(CHINA.format(m) for m in moves)).status == "applied"
    assert send(service, last(service, PLAYERS[seat]), "undo").status == "refused"
    assert "showed something hidden" in last(service, PLAYERS[seat], "refusal").subject
    assert rows(service, UndoRequest) == []
    with Session(service.db) as session:
        stored = session.exec(select(Inbound).order_by(Inbound.id.desc())).first()
        assert stored is not None and "showed something hidden" in stored.reason


def test_a_turn_in_a_game_with_nothing_hidden_reveals_nothing() -> None:
    rules = sticks.GAME
    state = rules.new(3, 0)
    assert not lookahead.reveals(rules, state, 0, [sticks.Take(2)], random.Random(0))


@pytest.mark.parametrize("language, word", [("en", "undo"), ("el", "αναίρεση"), ("hu", "visszavon"),
                                            ("ru", "отменить")])
def test_the_help_mail_lists_undo_in_the_players_language(tmp_path: Path, clock: SetClock, language: str,
                                                          word: str) -> None:
    service = open_service(make_settings(tmp_path), clock=clock, rules=sticks.rules)
    with Session(service.db) as session:
        session.add(Player(email=ANN, language=language))
        session.commit()
    service.new_game("sticks", [ANN, BOB], seed=0)
    assert send(service, last(service, ANN), "help").status == "command"
    assert word in last(service, ANN, "help").text, last(service, ANN, "help").text
