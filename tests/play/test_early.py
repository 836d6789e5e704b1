"""R-PBEM-2: a Prodigals errand placement sent before its turn is kept, and tried when the turn comes.

The moves sent ahead of every game, with alternatives, are in ``test_ahead.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, select

import engine
from pbem.serve import pipeline
from pbem.ops.config import Settings
from pbem.ops.db import Early, Inbound, Move, Outbox, Player
from pbem.play.service import Service
from pbem.app import open_service
from pbem.language.words import words
from tests.support.loop import outbox, reply_to

PLAYERS = ["ann@example.org", "bob@example.org", "cyd@example.org"]
RULES = engine.game("prodigals")


@pytest.fixture
def club(tmp_path: Path) -> tuple[Service, int]:
    service = open_service(Settings(database_url=f"sqlite:///{tmp_path / 'pbem.db'}", secret="early"))
    return service, service.new_game("prodigals", PLAYERS, seed=1)


def state_of(service: Service, game_id: int) -> object:
    with Session(service.db) as session:
        return service.store.load(session, game_id).state


def due(service: Service, game_id: int) -> int:
    (seat,) = RULES.to_act(state_of(service, game_id))
    return seat


def simple_place(state: object, seat: int, avoid: set[str] = frozenset()) -> str:
    """A free space whose placement asks nothing more (the turn passes on)."""
    for move in RULES.legal(state, seat):
        text = RULES.format(move)
        if text.split()[-1] in avoid or not text.startswith("place "):
            continue
        after = RULES.apply(RULES.clone(state), seat, move)
        if seat not in RULES.to_act(after):
            return text
    raise AssertionError("no simple placement")


def _turn_of(service: Service, game_id: int, seat: int) -> object:
    """The state as it will be when ``seat`` places again if nobody else takes a space: good enough to pick
    a space that is free now and stays free (the test avoids it for the others)."""
    return _as_if_due(state_of(service, game_id), seat)


def _as_if_due(state: object, seat: int) -> object:
    work = RULES.clone(state)
    work.turn = work.order.index(seat)  # type: ignore[attr-defined]
    return work


def held(service: Service) -> list[Early]:
    with Session(service.db) as session:
        return list(session.exec(select(Early)))


def last_mail(service: Service, seat: int, kind: str | None = None) -> Outbox:
    rows = outbox(service, recipient=PLAYERS[seat], **({"kind": kind} if kind else {}))
    return rows[-1]


def send(service: Service, row: Outbox, text: str, tag: str) -> pipeline.Outcome:
    return pipeline.deliver(service, reply_to(row, text, message_id=f"<{tag}@client.example>"))


def take_turn(service: Service, game_id: int, avoid: set[str] = frozenset()) -> tuple[int, str]:
    seat = due(service, game_id)
    text = simple_place(state_of(service, game_id), seat, avoid)
    outcome = send(service, last_mail(service, seat, "prompt"), text, f"turn-{seat}-{text.split()[-1]}")
    assert outcome.status == "applied", outcome
    return seat, text


def test_a_placement_sent_early_is_played_when_the_turn_comes(club) -> None:
    service, game_id = club
    first, placed = take_turn(service, game_id)
    answered = last_mail(service, first)
    assert answered.kind == "prompt"  # its confirmation waits for the seat's next mail
    early = simple_place(_turn_of(service, game_id, first), first, avoid={placed.split()[-1]})
    outcome = send(service, answered, early, "early")
    assert outcome.status == "held"
    # A reply to the prompt already answered cannot change that answer: it is kept, and said so at once (#28),
    # with the placement it answered.
    ack = last_mail(service, first)
    acknowledged = " ".join(ack.text.split())
    assert ack.kind == "command" and f"Kept for your turn: {early}" in ack.subject
    assert f'already made ("{placed}")' in acknowledged
    assert f"Received since your last mail, and played: {placed}." in acknowledged
    with Session(service.db) as session:
        assert [(e.seat, e.text) for e in session.exec(select(Early))] == [(first, early)]

    service = open_service(service.settings)  # a restart: the held move is in the database, not only in memory
    taken = {placed.split()[-1], early.split()[-1]}
    while held(service):
        assert due(service, game_id) != first
        taken.add(take_turn(service, game_id, avoid=taken)[1].split()[-1])

    # The turn came round in someone else's transaction: the held placement was played then, not asked.
    with Session(service.db) as session:
        held_id = session.exec(select(Inbound.id).where(Inbound.message_id == "early@client.example")).one()
        move = session.exec(select(Move).where(Move.inbound_id == held_id)).one()
        assert (move.seat, move.notation, move.source) == (first, early, "early")
        assert session.exec(select(Early)).all() == []
        assert session.exec(select(Inbound.status).where(Inbound.id == held_id)).one() == "held"
    told = last_mail(service, first)
    assert told.kind in ("confirmation", "prompt")
    text = " ".join(told.text.split())  # a long move may wrap its sentence
    assert (f"the move you sent before it was played: {early}" in text if told.kind == "confirmation"
            else f"Understood: {early}" in text)


def test_a_placement_no_longer_legal_when_the_turn_comes_is_dropped_and_the_player_asked_again(club) -> None:
    service, game_id = club
    assert send(service, last_mail(service, due(service, game_id)), "notify each", "notify").status == "command"
    first, placed = take_turn(service, game_id)  # a player who chose to hear of each acceptance at once
    second = due(service, game_id)
    wanted = simple_place(state_of(service, game_id), second, avoid={placed.split()[-1]})
    before = simple_place(state_of(service, game_id), second, avoid={placed.split()[-1], wanted.split()[-1]})
    assert send(service, last_mail(service, first), before, "wrong").status == "held"
    replaced = send(service, last_mail(service, first), wanted, "early").status
    assert replaced == "held"
    ack = last_mail(service, first)
    assert f'It replaces "{before}"' in " ".join(ack.text.split())
    with Session(service.db) as session:
        assert [e.text for e in session.exec(select(Early))] == [wanted]  # one a seat: the later one

    send(service, last_mail(service, second, "prompt"), wanted, "takes-it")  # the next player takes that space
    taken = {placed.split()[-1], wanted.split()[-1]}
    while held(service):
        taken.add(take_turn(service, game_id, avoid=taken)[1].split()[-1])
    prompt = last_mail(service, first)
    assert prompt.kind == "prompt"
    assert f'The move you sent before your turn, "{wanted}", could not be played now' in " ".join(prompt.text.split())
    assert "Please choose again." in prompt.html.replace("\n", " ")
    with Session(service.db) as session:
        held_id = session.exec(select(Inbound.id).where(Inbound.message_id == "early@client.example")).one()
        assert session.exec(select(Move).where(Move.inbound_id == held_id)).all() == []
        assert session.exec(select(Early)).all() == []
    assert first in RULES.to_act(state_of(service, game_id))


def test_another_answer_to_an_answered_prompt_is_kept_for_the_next_turn_and_said_so_at_once(club) -> None:
    """Not taken silently as a change of the answer (which no reply can make), nor dropped: kept, and told (#28)."""
    service, game_id = club
    first, placed = take_turn(service, game_id)
    prompt = last_mail(service, first, "prompt")
    other = simple_place(_turn_of(service, game_id, first), first, avoid={placed.split()[-1]})
    assert send(service, prompt, other, "changed-mind").status == "held"
    told = last_mail(service, first)
    assert told.id != prompt.id and told.kind == "command"
    text = " ".join(told.text.split())
    assert f'The decision the mail you answered asked for is already made ("{placed}")' in text
    assert f'"{other}" is kept, hidden from the others' in text
    assert "already made" in " ".join(told.html.split())
    with Session(service.db) as session:
        assert [(e.seat, e.text) for e in session.exec(select(Early))] == [(first, other)]


def test_the_same_answer_again_to_an_answered_prompt_is_refused_not_kept(club) -> None:
    service, game_id = club
    first, placed = take_turn(service, game_id)
    prompt = last_mail(service, first, "prompt")
    outcome = send(service, prompt, placed, "again")  # a client sending the answer twice: not a move for later
    assert outcome.status == "refused"
    with Session(service.db) as session:
        assert session.exec(select(Early)).all() == []


def _round_past_first_prompt(service: Service, game_id: int) -> tuple[int, str, Outbox, set[str]]:
    """The first seat answers its prompt, then the others play until it is due again: that seat, its first
    placement, the prompt it answered then, and the spaces taken."""
    first, placed = take_turn(service, game_id)
    old_prompt = last_mail(service, first, "prompt")
    taken = {placed.split()[-1]}
    while due(service, game_id) != first:
        taken.add(take_turn(service, game_id, avoid=taken)[1].split()[-1])
    return first, placed, old_prompt, taken


def test_an_answer_to_an_older_prompt_while_others_are_to_move_is_kept_and_said_so_at_once(club) -> None:
    """As the README says: a reply sent while others are to move is kept for the seat's next turn, also one
    to a prompt two decisions back; it is told at once, with the move it answered then."""
    service, game_id = club
    first, placed, old_prompt, taken = _round_past_first_prompt(service, game_id)
    taken.add(take_turn(service, game_id, avoid=taken)[1].split()[-1])  # the newer prompt, answered too
    assert due(service, game_id) != first  # others are to move
    other = simple_place(_turn_of(service, game_id, first), first, avoid=taken)
    assert send(service, old_prompt, other, "late").status == "held"
    told = last_mail(service, first)
    text = " ".join(told.text.split())
    assert told.kind == "command" and "owe no decision" not in text
    assert f'already made ("{placed}")' in text and f'"{other}" is kept, hidden from the others' in text
    assert [(e.seat, e.text) for e in held(service)] == [(first, other)]


def test_the_same_answer_again_to_an_older_prompt_is_refused_as_a_repeat(club) -> None:
    service, game_id = club
    first, placed, old_prompt, taken = _round_past_first_prompt(service, game_id)
    take_turn(service, game_id, avoid=taken)
    assert send(service, old_prompt, placed, "again-late").status == "refused"
    assert held(service) == []


def test_an_answer_to_an_older_prompt_while_a_newer_one_waits_is_refused_as_stale(club) -> None:
    """The seat owes a decision now: a reply to a prompt gone by is no answer to it, nor kept past it."""
    service, game_id = club
    first, _, old_prompt, taken = _round_past_first_prompt(service, game_id)
    other = simple_place(state_of(service, game_id), first, avoid=taken)
    assert send(service, old_prompt, other, "late").status == "refused"
    assert "answers an earlier turn" in last_mail(service, first, "refusal").subject
    assert held(service) == []


def test_a_kept_move_goes_when_its_seat_is_handed_to_a_bot(club) -> None:
    from pbem.admin import Desk, games

    service, game_id = club
    first, placed = take_turn(service, game_id)
    early = simple_place(_turn_of(service, game_id, first), first, avoid={placed.split()[-1]})
    assert send(service, last_mail(service, first), early, "early").status == "held"
    games.replace(Desk(service, "orga"), game_id, first + 1, "bot", "left the club")
    assert held(service) == []  # it left the seat with its player
    taken = {placed.split()[-1], early.split()[-1]}

    def last_source() -> str:
        with Session(service.db) as session:
            return session.exec(select(Move.source).where(Move.seat == first).order_by(Move.seq.desc())).first()

    while last_source() != "bot":  # until the seat's turn came round and the bot played it
        taken.add(take_turn(service, game_id, avoid=taken)[1].split()[-1])
    with Session(service.db) as session:
        held_id = session.exec(select(Inbound.id).where(Inbound.message_id == "early@client.example")).one()
        assert session.exec(select(Move).where(Move.inbound_id == held_id)).all() == []
        assert session.exec(select(Move.source).where(Move.seat == first).order_by(Move.seq.desc())).first() == "bot"


def test_a_placement_sent_early_in_greek_is_read_in_greek_when_the_turn_comes(tmp_path: Path) -> None:
    service = open_service(Settings(database_url=f"sqlite:///{tmp_path / 'pbem.db'}", secret="early"))
    with Session(service.db) as session:
        session.add_all(Player(email=email, name=email.split("@")[0], language="el") for email in PLAYERS)
        session.commit()
    game_id = service.new_game("prodigals", PLAYERS, seed=1)
    greek = words(RULES, "el")
    first, placed = take_turn(service, game_id)
    early = simple_place(_turn_of(service, game_id, first), first, avoid={placed.split()[-1]})
    written = greek.move(early).upper()  # the player's words, in capitals, as a phone keyboard may send them
    assert written != early.upper()
    assert send(service, last_mail(service, first), written, "early").status == "held"
    taken = {placed.split()[-1], early.split()[-1]}
    while held(service):
        taken.add(take_turn(service, game_id, avoid=taken)[1].split()[-1])
    with Session(service.db) as session:
        held_id = session.exec(select(Inbound.id).where(Inbound.message_id == "early@client.example")).one()
        move = session.exec(select(Move).where(Move.inbound_id == held_id)).one()
    assert (move.seat, move.notation) == (first, early)
    told = " ".join(last_mail(service, first).text.split())
    assert greek.move(early) in told and "Understood" not in told and "the move you sent" not in told
    assert "Received since" not in told  # the folded confirmation is written in Greek too


def test_a_placement_taken_first_is_asked_again_and_the_one_sent_for_the_turn_after_stays_kept(club) -> None:
    """Two placements sent ahead, the first taken by another seat before the turn (#32): the player is asked for
    that placement alone, told the second is still kept, and the second is played at the turn after."""
    service, game_id = club
    first, placed = take_turn(service, game_id)
    second = due(service, game_id)
    wanted = simple_place(state_of(service, game_id), second, avoid={placed.split()[-1]})
    later = simple_place(_turn_of(service, game_id, first), first, avoid={placed.split()[-1], wanted.split()[-1]})
    assert send(service, last_mail(service, first), f"{wanted}\n{later}", "early").status == "held"
    send(service, last_mail(service, second, "prompt"), wanted, "takes-it")  # the next player takes that space
    taken = {placed.split()[-1], wanted.split()[-1], later.split()[-1]}
    while first not in RULES.to_act(state_of(service, game_id)):
        taken.add(take_turn(service, game_id, avoid=taken)[1].split()[-1])
    prompt = last_mail(service, first)
    text = " ".join(prompt.text.split())
    assert prompt.kind == "prompt"
    assert f'The move you sent before your turn, "{wanted}", could not be played now' in text
    assert f"Kept for your next turn, hidden from the others: {later}." in text
    assert later in prompt.html and "Kept for your next turn" in prompt.html
    assert [(e.seat, e.text) for e in held(service)] == [(first, later)]

    now = simple_place(state_of(service, game_id), first, avoid=taken)
    assert send(service, prompt, now, "asked-again").status == "applied"
    assert [(e.seat, e.text) for e in held(service)] == [(first, later)], "an answer of this turn alone keeps it"
    taken.add(now.split()[-1])
    while held(service):
        assert first not in RULES.to_act(state_of(service, game_id))
        taken.add(take_turn(service, game_id, avoid=taken)[1].split()[-1])
    with Session(service.db) as session:
        held_id = session.exec(select(Inbound.id).where(Inbound.message_id == "early@client.example")).one()
        played = session.exec(select(Move).where(Move.inbound_id == held_id)).all()
    assert [(move.seat, move.notation, move.source) for move in played] == [(first, later, "early")]


def _drawing_step(state: object, seat: int) -> tuple[str, str] | None:
    """A first step of the seat's action turn that draws a political tile, and a placement of it: or None."""
    decision = RULES.decision(state, seat)
    if decision is None or decision.kind != "action":
        return None
    for move in RULES.legal(state, seat):
        after = RULES.apply(RULES.clone(state), seat, move)
        asked = RULES.decision(after, seat) if seat in RULES.to_act(after) else None
        if asked is not None and asked.not_ahead is not None:
            return RULES.format(move), RULES.format(RULES.legal(after, seat)[0])
    return None


def test_a_kept_turn_is_played_up_to_the_tile_it_draws_and_the_placement_written_before_is_asked_again(
        tmp_path: Path) -> None:
    """R-PBEM-4: a kept answer's lines after a political tile it drew were written before the tile was seen;
    the steps before are played, the placement is asked, and the player told why their line was not played."""
    import random

    from engine import bots

    players = [*PLAYERS, "dee@example.org"]
    service = open_service(Settings(database_url=f"sqlite:///{tmp_path / 'pbem.db'}", secret="draw"))
    game_id = service.new_game("prodigals", players, seed=4)
    rng = random.Random(4)
    found: dict[str, object] = {}

    def to_the_drawing_turn(transaction, game) -> None:  # type: ignore[no-untyped-def]
        for _ in range(2000):
            seat = min(RULES.to_act(game.state))
            found["step"] = _drawing_step(game.state, seat)
            if found["step"] is not None:
                found["seat"] = seat
                break
            service.turns.play(transaction.session, game, seat, bots.greedy(RULES, game.state, seat, rng), "bot")
            service.turns.settle(transaction.session, game)
        step, placement = found["step"]  # type: ignore[misc]
        service.turns.hold(transaction.session, game, found["seat"], f"{step}\n{placement}", None)
        service.advance(transaction.session, game)

    service.store.transaction(game_id, to_the_drawing_turn)
    seat, (step, placement) = found["seat"], found["step"]  # type: ignore[misc]
    with Session(service.db) as session:
        played = session.exec(select(Move).where(Move.game_id == game_id, Move.source == "early")).all()
        assert [(m.seat, m.notation) for m in played] == [(seat, step)]
        assert session.exec(select(Early)).all() == []
    state = state_of(service, game_id)
    assert RULES.decision(state, seat).kind == "tile"  # type: ignore[union-attr]
    prompt = outbox(service, recipient=players[seat])[-1]  # type: ignore[index]
    told = " ".join(prompt.text.split())
    assert prompt.kind == "prompt"
    assert f"Understood: {step}." in told
    assert (f'The move you sent before your turn, "{placement}", could not be played now: a drawn political tile '
            "is placed once it has been seen (R-PBEM-4). Please choose again.") in told
