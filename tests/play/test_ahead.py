"""Moves sent ahead (issue #14): kept, hidden, with alternatives, played at the turn; confirmations folded.

In the Year of the Dragon at three seats, every answer chosen by a fixed
policy (the first legal move), so a test knows each seat's legal moves at its
next turn by playing the other seats' answers on a copy of the state.
"""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select

import engine
from pbem.play import deadlines
from pbem.serve import pipeline
from pbem.clock import SetClock
from pbem.ops.db import Early, Move, Outbox, Player, Seat
from pbem.play.service import Service
from pbem.app import open_service
from tests.support.loop import START, make_settings, outbox, reply_to

PLAYERS = ["ann@example.org", "bob@example.org", "cyd@example.org"]
ANN, BOB, CYD = 0, 1, 2
RULES = engine.game("dragon")
SEED = 2


def open_game(path: Path) -> tuple[Service, int]:
    path.mkdir(parents=True, exist_ok=True)
    service = open_service(make_settings(path), clock=SetClock(START))
    return service, service.new_game("dragon", PLAYERS, seed=SEED)


def state_of(service: Service, game_id: int) -> engine.State:
    with Session(service.db) as session:
        return service.store.load(session, game_id).state


def due(service: Service, game_id: int) -> int:
    (seat,) = RULES.to_act(state_of(service, game_id))
    return seat


def turn_of(state: engine.State, seat: int) -> list[str]:
    """The seat's whole turn by the policy (the first legal move of each decision it owes), on a copy."""
    work, lines = RULES.clone(state), []
    while seat in RULES.to_act(work):
        move = RULES.legal(work, seat)[0]
        lines.append(RULES.format(move))
        work = RULES.apply(work, seat, move)
    return lines


def at_next_turn(state: engine.State, seat: int) -> engine.State:
    """The state when ``seat`` is next due, the others answering by the policy (``seat`` must not be due)."""
    work = RULES.clone(state)
    while seat not in RULES.to_act(work):
        (other,) = RULES.to_act(work)
        work = RULES.apply(work, other, RULES.legal(work, other)[0])
    return work


def last_mail(service: Service, seat: int, kind: str | None = None) -> Outbox:
    return outbox(service, recipient=PLAYERS[seat], **({"kind": kind} if kind else {}))[-1]


def send(service: Service, seat: int, text: str, tag: str, kind: str | None = "prompt") -> pipeline.Outcome:
    row = last_mail(service, seat, kind)
    return pipeline.deliver(service, reply_to(row, text, message_id=f"<{tag}@client.example>"))


def play_turn(service: Service, game_id: int, ahead: str = "", tag: str = "") -> int:
    """The due seat answers its turn by the policy (and sends ``ahead`` after it); the seat that answered."""
    seat = due(service, game_id)
    text = "\n".join(turn_of(state_of(service, game_id), seat) + ([ahead] if ahead else []))
    outcome = send(service, seat, text, tag or f"turn-{seat}-{len(outbox(service))}")
    assert outcome.status == "applied", outcome
    return seat


def until_due(service: Service, game_id: int, seat: int) -> None:
    while due(service, game_id) != seat:
        play_turn(service, game_id)


def early_moves(service: Service, seat: int) -> list[Move]:
    with Session(service.db) as session:
        return list(session.exec(select(Move).where(Move.seat == seat, Move.source == "early").order_by(Move.seq)))


def _moves_of(service: Service, seat: int) -> list[Move]:
    with Session(service.db) as session:
        return list(session.exec(select(Move).where(Move.seat == seat)))


def kept(service: Service) -> list[tuple[int, str]]:
    with Session(service.db) as session:
        return [(row.seat, row.text) for row in session.exec(select(Early))]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def table(tmp_path: Path) -> tuple[Service, int]:
    return open_game(tmp_path / "table")


def test_the_first_legal_alternative_is_played_at_the_turn_as_if_sent_then_even_after_a_restart(table) -> None:
    service, game_id = table
    until_due(service, game_id, BOB)
    after_bob = RULES.clone(state_of(service, game_id))
    for line in turn_of(after_bob, BOB):
        after_bob = RULES.apply(after_bob, BOB, RULES.legal(after_bob, BOB)[0])
    then = at_next_turn(after_bob, BOB)
    legal_then = [RULES.format(move) for move in RULES.legal(then, BOB)]
    wanted = legal_then[1]  # not the policy's choice, so only the kept answer can have played it
    illegal = next(RULES.format(m) for m in RULES.legal(state_of(service, game_id), BOB)
                   if RULES.format(m) not in legal_then)
    play_turn(service, game_id, ahead=f"{illegal}, else {wanted}, else {legal_then[0]}", tag="bob-ahead")
    assert kept(service) == [(BOB, f"{illegal}, else {wanted}, else {legal_then[0]}")]

    service = open_service(service.settings, clock=service.clock)  # a restart: the kept answer is in the database
    while kept(service):
        assert due(service, game_id) != BOB
        play_turn(service, game_id)
    (played,) = early_moves(service, BOB)
    assert played.notation == wanted
    with Session(service.db) as session:
        assert session.get(Seat, 2).awaiting is False or due(service, game_id) != BOB  # not asked: it was played
    told = last_mail(service, BOB)
    assert wanted in flat(told.text) and told.kind in ("confirmation", "prompt")


def test_no_legal_alternative_prompts_the_player_with_why_each_was_not_played(table) -> None:
    service, game_id = table
    until_due(service, game_id, BOB)
    play_turn(service, game_id, ahead="group 9 tax, else recruit dragon palace1", tag="bob-ahead")
    while due(service, game_id) != BOB:
        play_turn(service, game_id)
    assert early_moves(service, BOB) == [] and kept(service) == []
    prompt = last_mail(service, BOB)
    assert prompt.kind == "prompt"
    text = flat(prompt.text)
    assert 'The move you sent before your turn, "group 9 tax, else recruit dragon palace1", could not be played' in text
    assert "group 9 tax:" in text and "recruit dragon palace1:" in text  # one reason for each alternative


def test_a_later_answer_replaces_the_kept_one_and_status_shows_it(table) -> None:
    service, game_id = table
    until_due(service, game_id, BOB)
    assert send(service, BOB, "notify each", "notify").status == "command"  # every acceptance told at once
    play_turn(service, game_id)
    assert send(service, BOB, "pass", "first").status == "held"
    assert send(service, BOB, "group 1 tax, else pass", "second", kind=None).status == "held"
    ack = last_mail(service, BOB)
    assert ack.kind == "command" and 'It replaces "pass"' in flat(ack.text)
    assert kept(service) == [(BOB, "group 1 tax, else pass")]
    assert send(service, BOB, "status", "status", kind=None).status == "command"
    status = flat(last_mail(service, BOB, "status").text)
    assert "Kept for your next turn, hidden from the others: group 1 tax, else pass." in status


def test_cancel_drops_the_kept_answer_and_the_turn_is_asked_as_usual(table) -> None:
    service, game_id = table
    until_due(service, game_id, BOB)
    play_turn(service, game_id, ahead="pass", tag="bob-ahead")
    assert kept(service) == [(BOB, "pass")]
    assert send(service, BOB, "cancel", "cancel").status == "command"
    assert kept(service) == []
    ack = last_mail(service, BOB)
    assert ack.kind == "command" and "Dropped: pass" in ack.subject
    assert send(service, BOB, "cancel", "cancel-again", kind=None).status == "refused"  # nothing left to drop
    assert "There was nothing to drop" in flat(last_mail(service, BOB).text)
    while due(service, game_id) != BOB:
        play_turn(service, game_id)
    assert early_moves(service, BOB) == [] and last_mail(service, BOB).kind == "prompt"


def test_a_kept_answer_goes_when_the_seat_is_handed_to_a_bot(table) -> None:
    from pbem.admin import Desk, games

    service, game_id = table
    until_due(service, game_id, BOB)
    play_turn(service, game_id, ahead="pass", tag="bob-ahead")
    games.replace(Desk(service, "orga"), game_id, BOB + 1, "bot", "left the table")
    before = len(_moves_of(service, BOB))
    while len(_moves_of(service, BOB)) == before:  # until the seat's turn came and the bot played it
        play_turn(service, game_id)
    assert early_moves(service, BOB) == [] and kept(service) == []
    with Session(service.db) as session:
        last = session.exec(select(Move).where(Move.seat == BOB).order_by(Move.seq.desc())).first()
    assert last is not None and last.source == "bot"


def test_a_kept_answer_shows_nothing_to_the_other_seats(tmp_path: Path) -> None:
    """The same game twice, Bob's moves sent at his turns in one and ahead in the other: every mail the other
    seats get, and every view they have, is the same in both."""
    plain, ahead = open_game(tmp_path / "plain"), open_game(tmp_path / "ahead")
    for _ in range(14):
        seat = due(*plain)
        play_turn(*plain)
        if seat != BOB:
            assert due(*ahead) == seat
            play_turn(*ahead)
        elif due(*ahead) == BOB:  # asked in the ahead game too: he answers, and sends his next turn with it
            later = turn_of(at_next_turn(_after_turn(state_of(*ahead), BOB), BOB), BOB)
            play_turn(*ahead, ahead="\n".join(later))
        # else Bob's kept answer already played this turn of his in the ahead game
    _catch_up(plain, ahead)
    assert early_moves(ahead[0], BOB), "the test never had a kept answer played"
    assert RULES.view(state_of(*plain), None) == RULES.view(state_of(*ahead), None)
    for other in (ANN, CYD):
        seen_plain = [(row.kind, row.subject, row.text, row.html) for row in outbox(plain[0], recipient=PLAYERS[other])]
        seen_ahead = [(row.kind, row.subject, row.text, row.html) for row in outbox(ahead[0], recipient=PLAYERS[other])]
        assert seen_plain == seen_ahead
        assert RULES.view(state_of(*plain), other) == RULES.view(state_of(*ahead), other)


def _after_turn(state: engine.State, seat: int) -> engine.State:
    work = RULES.clone(state)
    while seat in RULES.to_act(work):
        work = RULES.apply(work, seat, RULES.legal(work, seat)[0])
    return work


def _catch_up(plain: tuple[Service, int], ahead: tuple[Service, int]) -> None:
    """Bob's kept answer played his turn at once in the ahead game: the plain game's Bob answers then too."""
    while due(*plain) == BOB and due(*ahead) != BOB:
        play_turn(*plain)


def test_a_folded_confirmation_comes_with_the_next_mail_or_alone_after_its_wait(table) -> None:
    service, game_id = table
    until_due(service, game_id, ANN)
    before = len(outbox(service, recipient=PLAYERS[ANN]))
    answered = turn_of(state_of(service, game_id), ANN)
    play_turn(service, game_id)
    assert len(outbox(service, recipient=PLAYERS[ANN])) == before  # no mail of its own: it waits for the next
    with Session(service.db) as session:
        assert answered[0] in session.exec(select(Seat.unconfirmed).where(Seat.seat == ANN)).one()
    while due(service, game_id) != ANN:
        play_turn(service, game_id)
    prompt = last_mail(service, ANN)
    assert prompt.kind == "prompt"
    assert f"Received since your last mail, and played: {'; '.join(answered)}." in flat(prompt.text)

    answered = turn_of(state_of(service, game_id), ANN)
    play_turn(service, game_id)  # and now nobody answers for a day
    service.clock.advance(timedelta(hours=service.settings.confirm_within_hours - 1))  # type: ignore[attr-defined]
    assert deadlines.scan(service).confirmations == 0
    service.clock.advance(timedelta(hours=2))  # type: ignore[attr-defined]
    assert deadlines.scan(service).confirmations >= 1  # Ann's, and any other seat's that waited as long
    alone = last_mail(service, ANN)
    assert alone.kind == "confirmation" and f"Received: {'; '.join(answered)}" in alone.subject
    # Ann owes nothing now: the mail invites her next turns, whether or not who comes before her is certain
    assert ANN not in RULES.to_act(state_of(service, game_id))
    assert "You may send your next turns now, a line for each decision" in flat(alone.text)
    with Session(service.db) as session:
        assert session.exec(select(Seat.unconfirmed).where(Seat.seat == ANN)).one() == ""
    assert deadlines.scan(service).confirmations == 0  # sent once


def test_a_confirmation_waits_longer_for_a_prompt_that_is_certain_to_come_but_not_forever(tmp_path: Path) -> None:
    path = tmp_path / "table"
    path.mkdir()
    service = open_service(make_settings(path, deadline_hours=500.0), clock=SetClock(START))  # nobody times out here
    game_id = service.new_game("dragon", PLAYERS, seed=SEED)
    within = timedelta(hours=service.settings.confirm_within_hours)
    for _ in range(60):  # the first reply of Ann's after which her next turn is certain
        seat = play_turn(service, game_id)
        with Session(service.db) as session:
            game = service.store.load(session, game_id)
            certain = seat == ANN and ANN not in game.due() and service.mails.next_after(game, ANN) is not None
            held = session.exec(select(Seat.unconfirmed).where(Seat.game_id == game_id, Seat.seat == ANN)).one()
        if certain and held:
            break
    else:
        pytest.fail("Ann's next turn was never certain after a reply of hers")
    before = len(outbox(service, recipient=PLAYERS[ANN]))
    service.clock.advance(within + timedelta(hours=1))  # type: ignore[attr-defined]
    deadlines.scan(service)
    assert len(outbox(service, recipient=PLAYERS[ANN])) == before  # her prompt is near: it will confirm them
    service.clock.advance(within)  # type: ignore[attr-defined]  # but the game stalls past twice the wait
    deadlines.scan(service)
    alone = last_mail(service, ANN)
    assert len(outbox(service, recipient=PLAYERS[ANN])) == before + 1 and alone.kind == "confirmation"
    with Session(service.db) as session:
        assert session.exec(select(Seat.unconfirmed).where(Seat.game_id == game_id, Seat.seat == ANN)).one() == ""


def test_a_player_who_chose_notify_each_gets_every_confirmation_at_once(table) -> None:
    service, game_id = table
    until_due(service, game_id, ANN)
    assert send(service, ANN, "notify each", "notify").status == "command"
    answered = turn_of(state_of(service, game_id), ANN)
    play_turn(service, game_id)
    confirmation = last_mail(service, ANN)
    assert confirmation.kind == "confirmation" and f"Understood and played: {'; '.join(answered)}." in flat(
        confirmation.text)


def test_the_recap_says_who_comes_before_the_seat_only_when_no_choice_can_change_it(table) -> None:
    service, game_id = table
    first = flat(last_mail(service, BOB, "prompt").text)
    # The starting persons decide the turn order of the first month: who comes after them is not yet certain.
    assert RULES.decision(state_of(service, game_id), BOB).kind == "start"
    assert "After this decision you are next" not in first
    assert "You may already send your next turns" in first, "every prompt invites the next turns, order known or not"
    until_due(service, game_id, BOB)
    while RULES.decision(state_of(service, game_id), BOB).kind != "action":
        play_turn(service, game_id)
        until_due(service, game_id, BOB)
    state = state_of(service, game_id)
    prompt = flat(last_mail(service, BOB, "prompt").text)
    order = []
    work = _after_turn(state, BOB)
    while BOB not in RULES.to_act(work):
        (other,) = RULES.to_act(work)
        order.append(f"Player {other + 1}")  # registered without names: never their addresses
        work = _after_turn(work, other)
    # Within a month the turn order stands: the persons are chosen in the order the actions were.
    assert order == ["Player 1", "Player 3"]
    assert "After this decision you are next after Player 1, Player 3." in prompt
    assert ("You may already send your next turns, on the lines after this decision's: a line for each decision, "
            "your next turn's first, then the turn after it." in prompt)
    # ... and how to write an action before its month, since the groups are dealt only then
    assert "An action sent before its month names its card alone, such as 'tax' or 'privilege small'" in prompt


def test_the_note_on_writing_ahead_is_in_the_readers_language(table) -> None:
    service, game_id = table
    with Session(service.db) as session:
        bob = session.exec(select(Player).where(Player.email == PLAYERS[BOB])).one()
        bob.language = "el"
        session.add(bob)
        session.commit()
    until_due(service, game_id, BOB)
    while RULES.decision(state_of(service, game_id), BOB).kind != "action":
        play_turn(service, game_id)
        until_due(service, game_id, BOB)
    prompt = flat(last_mail(service, BOB, "prompt").text)
    assert "γράφεται μόνο με την κάρτα της" in prompt
    assert "πρώτα της επόμενης σειράς σας και μετά της σειράς που ακολουθεί" in prompt
    assert "names its card alone" not in prompt


def test_a_seat_given_to_another_player_leaves_the_kept_answer_and_the_confirmations_with_the_old_one(table) -> None:
    from pbem.admin import Desk, games

    service, game_id = table
    until_due(service, game_id, BOB)
    answered = turn_of(state_of(service, game_id), BOB)
    play_turn(service, game_id, ahead="pass", tag="bob-ahead")
    games.replace(Desk(service, "orga"), game_id, BOB + 1, "dan@example.org", "Bob moved away")
    assert kept(service) == []
    told = [row for row in outbox(service, recipient=PLAYERS[BOB]) if row.kind == "organiser_action"]
    assert any(f"Received since your last mail, and played: {'; '.join(answered)}." in flat(row.text) for row in told)
    while due(service, game_id) != BOB:
        play_turn(service, game_id)
    assert early_moves(service, BOB) == []
    assert outbox(service, recipient="dan@example.org")[-1].kind == "prompt"  # Dan is asked: Bob's pass went with Bob


def test_a_move_sent_ahead_is_told_in_the_next_mail_and_a_newer_one_replaces_it_there(table) -> None:
    service, game_id = table
    until_due(service, game_id, BOB)
    play_turn(service, game_id)
    # Replies to a mail sent after Bob's answer (his status mail): plainly for his next turn, so folded. (A reply to
    # the prompt he answered is told at once instead: test_early's "another answer to an answered prompt", #28.)
    assert send(service, BOB, "status", "asked").status == "command"
    mails = len(outbox(service, recipient=PLAYERS[BOB]))
    assert send(service, BOB, "pass", "first", kind="status").status == "held"
    assert send(service, BOB, "group 1 tax, else pass", "second", kind="status").status == "held"
    assert len(outbox(service, recipient=PLAYERS[BOB])) == mails  # no mail of its own for either
    assert send(service, BOB, "status", "status").status == "command"
    status = flat(last_mail(service, BOB, "status").text)
    assert status.count("Kept for your next turn") == 2  # the folded acceptance and the status line itself
    assert "Kept for your next turn, hidden from the others: group 1 tax, else pass." in status
    assert "hidden from the others: pass." not in status  # the replaced answer is not told as kept


def test_an_action_sent_ahead_by_its_card_alone_is_taken_from_the_group_dealt_next_month(table) -> None:
    """The action groups are dealt when a month begins, so an action sent during the persons names no group."""
    service, game_id = table
    while not (due(service, game_id) == BOB and state_of(service, game_id).phase == "person"):
        play_turn(service, game_id)
    now = state_of(service, game_id)
    after_bob = RULES.clone(now)
    for _ in turn_of(now, BOB):
        after_bob = RULES.apply(after_bob, BOB, RULES.legal(after_bob, BOB)[0])
    then = at_next_turn(after_bob, BOB)
    assert then.phase == "action" and then.round == now.round + 1
    wanted = next(m for m in RULES.legal(then, BOB)[1:] if hasattr(m, "card"))  # not the policy's choice
    ahead = RULES.format_ahead(wanted)
    assert "group" not in ahead and ahead != RULES.format(wanted)
    play_turn(service, game_id, ahead=ahead, tag="bob-card-ahead")
    assert kept(service) == [(BOB, ahead)]
    while kept(service):
        play_turn(service, game_id)
    (played,) = early_moves(service, BOB)
    assert played.notation == RULES.format(wanted)  # "group N card": the group it was dealt to


def test_a_kept_turn_played_with_another_still_kept_is_told_in_the_next_mail_not_alone(table) -> None:
    """Bob sends his next two turns ahead: the first played leaves him nothing to answer, so no mail goes
    then; the second played tells him both, and what he kept for later is told as it stands."""
    service, game_id = table
    until_due(service, game_id, BOB)
    now = state_of(service, game_id)
    after = RULES.clone(now)
    for _ in turn_of(now, BOB):
        after = RULES.apply(after, BOB, RULES.legal(after, BOB)[0])
    first_turn = at_next_turn(after, BOB)
    first = turn_of(first_turn, BOB)
    second = turn_of(at_next_turn(_after_turn(first_turn, BOB), BOB), BOB)
    play_turn(service, game_id, ahead="\n".join(first + second), tag="bob-two-ahead")
    mails = len(outbox(service, recipient=PLAYERS[BOB]))
    while len(early_moves(service, BOB)) < len(first):
        play_turn(service, game_id)
    assert [move.notation for move in early_moves(service, BOB)] == first
    assert kept(service) == [(BOB, "\n".join(second))]
    assert len(outbox(service, recipient=PLAYERS[BOB])) == mails  # nothing for Bob to answer: nothing sent
    while len(early_moves(service, BOB)) < len(first) + len(second):
        play_turn(service, game_id)
    told = [row for row in outbox(service, recipient=PLAYERS[BOB])[mails:]]
    assert len(told) == 1 and told[0].kind == "confirmation"
    text = flat(told[0].text)
    assert f"Your turn came and the move you sent before it was played: {'; '.join(first)}." in text
    assert f"Your turn came and the move you sent before it was played: {'; '.join(second)}." in text
    # a line kept and then played is told as played only, never also as kept ("Reply cancel to drop it")
    assert "Kept for your next turn" not in text and "cancel" not in text


def test_a_reply_that_draws_from_the_deck_is_confirmed_at_once_with_the_hand_it_drew(tmp_path: Path) -> None:
    """China: the deck's card is seen by its drawer alone, who needs it to plan (and send ahead) the next
    turn; a reply drawing only from the open display is folded into the next mail, as every other reply."""
    china = engine.game("china")
    path = tmp_path / "china"
    path.mkdir()
    service = open_service(make_settings(path), clock=SetClock(START))
    game_id = service.new_game("china", PLAYERS, seed=4)
    rng = random.Random(4)
    at_once = folded = 0
    for _ in range(40):
        state = state_of(service, game_id)
        (seat,) = china.to_act(state)
        work, moves = china.clone(state), []
        while seat in china.to_act(work):
            moves.append(china.greedy(work, seat, rng))
            work = china.apply(work, seat, moves[-1])
        lines = [china.format(move) for move in moves]
        before = len(outbox(service, recipient=PLAYERS[seat]))
        assert send(service, seat, "\n".join(lines), f"china-{at_once}-{folded}").status == "applied"
        if seat in china.to_act(work):
            continue
        mails = outbox(service, recipient=PLAYERS[seat])[before:]
        if "draw deck" in lines:
            [confirmation] = mails
            hand = china.render(state_of(service, game_id), seat).split("Your hand")[1].splitlines()[0]
            assert confirmation.kind == "confirmation" and f"Understood and played: {'; '.join(lines)}." in flat(
                confirmation.text)
            assert "The game as you see it now:" in confirmation.text and hand in confirmation.text
            with Session(service.db) as session:
                assert session.exec(select(Seat.unconfirmed).where(Seat.seat == seat)).one() == ""
            at_once += 1
        else:
            assert mails == []
            folded += 1
        if at_once >= 2 and folded >= 2:
            break
    assert at_once >= 2 and folded >= 2, (at_once, folded)


def test_a_game_begins_with_a_mail_to_each_later_seat_and_a_reply_to_it_is_its_first_turn_sent_ahead(table) -> None:
    service, game_id = table
    first = due(service, game_id)
    starts = {row.recipient: row for row in outbox(service, kind="start")}
    assert set(starts) == {PLAYERS[seat] for seat in (ANN, BOB, CYD) if seat != first}, "the first seat: its prompt"
    after_first = RULES.clone(state_of(service, game_id))
    for line in turn_of(after_first, first):
        after_first = RULES.apply(after_first, first, RULES.legal(after_first, first)[0])
    (second,) = RULES.to_act(after_first)
    mail = starts[PLAYERS[second]]
    assert mail.subject == f"[Dragon #{game_id}] In the Year of the Dragon has begun: you are seat {second + 1}"
    text = flat(mail.text)
    assert f"seat {second + 1}: {PLAYERS[second].split('@')[0]} (you)" in text and f"seat {first + 1}:" in text
    assert "The game as you see it now:" in text and "You may send your next turns now" in text
    assert f"You are next after Player {first + 1}." in text
    assert mail.reply_to.startswith(f"play+{game_id}.{second}."), "a reply to it reaches the game as this seat"

    wanted = turn_of(at_next_turn(after_first, second), second)
    outcome = send(service, second, "\n".join(wanted), "second-ahead", kind="start")
    assert outcome.status == "held" and kept(service) == [(second, "\n".join(wanted))]
    play_turn(service, game_id)
    assert [move.notation for move in early_moves(service, second)] == wanted, "played when its turn came"
    assert due(service, game_id) != second


def test_a_kept_line_with_a_word_no_notation_reads_is_refused_at_once_and_not_kept(table) -> None:
    """It could never be played at the turn; the player learns it now, with the word named (#29)."""
    service, game_id = table
    until_due(service, game_id, BOB)
    play_turn(service, game_id)
    assert due(service, game_id) != BOB
    outcome = send(service, BOB, "pass maybe", "ahead-please", kind=None)
    assert outcome.status == "refused", outcome
    assert kept(service) == []
    refusal = last_mail(service, BOB, "refusal")
    assert "'maybe' is not a word of this game's moves" in flat(refusal.text)
    assert send(service, BOB, "pass", "ahead-plain", kind=None).status == "held"
