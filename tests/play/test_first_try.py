"""What an organiser's first try found in the mails (issue 17, items 8-16): each pinned on real games."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlmodel import Session, select

import engine
from pbem.serve import pipeline
from pbem.admin import AdminError, Desk, disputes, games
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.db import Audit, Game, Player, Seat
from pbem.play.service import Service
from pbem.simulation.swarm import legal_moves
from tests.support.loop import START, make_settings, outbox, reply_to

ANN, BOB, CAT, DAN = "ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"
PLAYERS = [ANN, BOB, CAT, DAN]


@pytest.fixture
def real(tmp_path) -> Service:
    """A service with the real games."""
    return open_service(make_settings(tmp_path), clock=SetClock(START))


def latest(service: Service, recipient: str, kind: str = "prompt"):
    return outbox(service, recipient=recipient, kind=kind)[-1]


def legal_now(service: Service, game_id: int, seat: int) -> set[str]:
    with Session(service.db) as session:
        game = service.store.load(session, game_id)
        return {game.rules.format(move) for move in game.rules.legal(game.state, seat)}


def acting(service: Service, game_id: int) -> int:
    with Session(service.db) as session:
        game = service.store.load(session, game_id)
        (seat,) = game.due()
        return seat


# ----------------------------------------------------------------- item 8: the Dragon start prompt


def test_dragon_start_prompt_shows_the_choice_and_only_examples_legal_now(real: Service) -> None:
    game_id = real.new_game("dragon", PLAYERS, seed=5)
    first = acting(real, game_id)
    prompt = latest(real, PLAYERS[first])
    assert "What you choose:" in prompt.text and "two different persons from: craftsman" in prompt.text
    listed = legal_moves(prompt.text)
    assert 0 < len(listed) <= 6, "a few examples, not 24 moves of one shape"
    assert set(listed) <= legal_now(real, game_id, first)
    assert len({move.split(",")[0] for move in listed}) > 1, "the examples vary the first person"
    # The seat takes the pair the old example showed; the next seat's example and list must not offer it again.
    pipeline.deliver(real, reply_to(prompt, "start farmer palace1, scholar palace2"))
    second = acting(real, game_id)
    text = latest(real, PLAYERS[second]).text
    assert "not a pair already taken: farmer + scholar" in text
    legal = legal_now(real, game_id, second)
    assert set(legal_moves(text)) <= legal
    (hint,) = [line for line in text.split("How to reply")[1:2]]
    example = hint.split("(")[1].split(")")[0].replace("\n", " ")
    assert example in legal, f"the example {example!r} is legal now"
    assert "start farmer palace1, scholar palace2" not in [*legal_moves(text), example]


# ----------------------------------------------------------------- item 9: a mistyped move's refusal


def test_a_mistyped_move_lists_the_closest_moves_once_in_short_lines(real: Service) -> None:
    game_id = real.new_game("dragon", PLAYERS, seed=5)
    prompt = latest(real, PLAYERS[acting(real, game_id)])
    pipeline.deliver(real, reply_to(prompt, "start frmrx palace1, scholar palace2"))  # no slip of one word: "farmr"
    refusal = outbox(real, kind="refusal")[-1].text  # is read as the farmer now (#43)
    assert refusal.count("Closest legal moves") == 1
    assert "'frmrx' is not a person type" in refusal
    assert "Expected now:" in refusal.split("Closest legal moves")[0]
    wide = [line for line in refusal.splitlines() if len(line) > 80]
    assert not wide, wide


# ----------------------------------------------------------------- item 10: a reply out of turn


def test_a_second_reply_while_another_seat_decides_says_whose_turn_it_is(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 9})
    old = latest(service, ANN)
    pipeline.deliver(service, reply_to(old, "notify each"))  # Ann hears of every acceptance at once
    pipeline.deliver(service, reply_to(old, "take 1"))
    outcome = pipeline.deliver(service, reply_to(old, "take 2"))  # a move: kept for her next turn, and she is told
    assert outcome.status == "held"
    kept = " ".join(latest(service, ANN, "command").text.split())
    assert "It is not your turn yet: the table is waiting for Player 2" in kept and 'Reply "cancel" to drop it' in kept
    outcome = pipeline.deliver(service, reply_to(old, "what now?"))  # no move: refused, saying whose turn it is
    assert outcome.status == "refused"
    text = " ".join(latest(service, ANN, "refusal").text.split())
    assert "It is the turn of seat 2 (Player 2)" in text and "Your next prompt will come" in text
    assert "newest prompt" not in text and "earlier turn" not in text


# ----------------------------------------------------------------- item 11: recaps and the game-over mail


def test_the_replier_is_not_told_his_own_move_twice(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0, options={"sticks": 9})
    pipeline.deliver(service, reply_to(latest(service, ANN), "take 1"))
    pipeline.deliver(service, reply_to(latest(service, BOB), "take 1"))
    # Ann's second prompt: Bob's move in the recap, not Ann's own (confirmed when she sent it).
    text = latest(service, ANN).text
    assert "seat 2 (Player 2): take 1" in text and "seat 1 (Player 1): take 1" not in text


def test_the_first_prompt_does_not_speak_of_a_last_mail(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)
    pipeline.deliver(service, reply_to(latest(service, ANN), "take 1"))
    first = latest(service, BOB).text
    assert "Since the game began:" in first and "Since your last mail" not in first
    pipeline.deliver(service, reply_to(latest(service, BOB), "take 1"))
    pipeline.deliver(service, reply_to(latest(service, ANN), "take 1"))
    assert "Since your last mail:" in latest(service, BOB).text


def test_dragon_game_over_says_it_once_and_drops_the_release_order() -> None:
    rules = engine.game("dragon")
    state = rules.new(3, 2, {})
    while rules.to_act(state):
        seat = min(rules.to_act(state))
        state = rules.apply(state, seat, rules.legal(state, seat)[0])
    board = rules.render(state, 0)
    assert "release order" not in board and board.count("The game is over.") == 1


def test_game_over_mail_says_the_game_is_over_once(real: Service) -> None:
    from tests.tournament.conftest import Players

    game_id = real.new_game("dragon", PLAYERS[:3], seed=3)
    Players(real).answer_all()
    over = outbox(real, kind="game_over", game_id=game_id)
    assert over
    for row in over:
        assert row.text.count("The game is over.") == 1, row.text
        assert "you will be asked" not in row.text


# ----------------------------------------------------------------- item 12: the turn order line


def test_dragon_board_shows_the_order_seats_are_really_asked_in() -> None:
    rules = engine.game("dragon")
    state = rules.new(4, 7, {})
    order = [state.actor]
    while len(order) < 4:
        state = rules.apply(state, state.actor, rules.legal(state, state.actor)[0])
        order.append(state.actor)
    fresh = rules.new(4, 7, {})
    line = next(line for line in rules.render(fresh, None).splitlines() if "order" in line.lower())
    assert line.startswith("Choosing order")
    shown = [int(cell.strip().split()[1].rstrip("*,")) - 1 for cell in line.split(":", 1)[1].split(",")]
    assert shown == order and f"seat {order[0] + 1}*" in line


# ----------------------------------------------------------------- item 13: results that explain themselves


def test_prodigals_result_says_the_worst_competition_counts_and_lowest_wins(real: Service) -> None:
    from tests.tournament.conftest import Players

    game_id = real.new_game("prodigals", PLAYERS[:3], seed=4)
    Players(real).answer_all()
    (over, *_) = outbox(real, kind="game_over", game_id=game_id)
    flat = " ".join(over.text.split())
    assert "score is their worst competition" in flat and "the lowest score wins" in flat
    assert "final (the worst of the three)" in over.text


def test_china_board_line_does_not_show_the_reconstruction_note_to_players(real: Service) -> None:
    real.new_game("china", PLAYERS[:3], seed=5)
    for row in outbox(real, kind="prompt"):
        assert "reconstruction" not in row.text.lower()


# ----------------------------------------------------------------- item 15: disputes


def test_dispute_mail_says_how_to_answer_and_the_organiser_can_reply(service: Service) -> None:
    game_id = service.new_game("sticks", [ANN, BOB], seed=0)
    pipeline.deliver(service, reply_to(latest(service, ANN), "dispute Bob's clock looks wrong"))
    note = outbox(service, kind="organiser")[-1].text
    assert "pbem dispute show 1" in note and 'pbem dispute reply 1 "' in note and "pbem dispute resolve 1" in note
    admin = Desk(service, "tester")
    with pytest.raises(AdminError):
        disputes.reply(admin, 1, "  ")
    disputes.reply(admin, 1, "I am looking at it.\nBack tomorrow.")
    answer = latest(service, ANN, "organiser_action")
    assert "The organiser answered your dispute" in answer.text and "  I am looking at it." in answer.text
    assert answer.reply_to, "in the seat's thread, so the player can answer it"
    assert 'write "dispute" and your text in a reply' in " ".join(answer.text.split())
    with Session(service.db) as session:
        audit = session.exec(select(Audit).where(Audit.action == "dispute reply")).one()
    assert audit.game_id == game_id and "I am looking at it." in audit.detail and audit.actor == "tester"
    with pytest.raises(AdminError, match="there is no dispute 9"):
        disputes.reply(admin, 9, "hello")


def test_a_dispute_answer_to_a_player_no_longer_seated_says_a_reply_reaches_the_organiser(service: Service) -> None:
    """No seat's address reads that player's "dispute" any more: the mail must not ask for one."""
    game_id = service.new_game("sticks", [ANN, BOB], seed=0)
    pipeline.deliver(service, reply_to(latest(service, ANN), "dispute Bob's clock looks wrong"))
    admin = Desk(service, "tester")
    games.replace(admin, game_id, 1, CAT, "left the table")
    disputes.reply(admin, 1, "I am looking at it.")
    answer = latest(service, ANN, "admin")
    text = " ".join(answer.text.split())
    assert "To answer, reply to this mail: your reply reaches the organiser." in text
    assert 'write "dispute"' not in text
    assert answer.reply_to == service.settings.organiser


# ----------------------------------------------------------------- item 16: vacation


def test_vacation_is_explained_in_the_players_zone_and_the_organiser_told(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)
    pipeline.deliver(service, reply_to(latest(service, ANN), "timezone Europe/Athens"))
    until = (START + timedelta(days=10)).date()
    pipeline.deliver(service, reply_to(latest(service, ANN), f"vacation until {until}"))
    confirmation = " ".join(latest(service, ANN, "command").text.split())
    back = date.fromordinal(until.toordinal() + 1)
    assert f"until the end of {until} in your time zone (Europe/Athens)" in confirmation
    assert f"back at {back} 00:00 Europe/Athens" in confirmation
    assert "72 hours" in confirmation
    told = outbox(service, kind="organiser")[-1]
    assert "A vacation holds a table" in told.subject and f"until {until}" in told.text
    assert "pbem game replace 1 --seat 1" in told.text
    with Session(service.db) as session:
        player = session.exec(select(Player).where(Player.email == ANN)).one()
        seat = session.exec(select(Seat).where(Seat.seat == 0)).one()
    # Back at local midnight (22:00 UTC the day before in Athens' winter), then 72 hours.
    assert player.vacation_until == until
    assert seat.deadline.replace(tzinfo=None) == (
        service.shown.back_from_vacation(player) + timedelta(hours=72)).replace(tzinfo=None)


def test_a_vacation_already_over_is_refused_and_moves_nothing(service: Service) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)
    with Session(service.db) as session:
        before = session.exec(select(Seat).where(Seat.seat == 0)).one().deadline
    yesterday = START.date() - timedelta(days=1)
    assert pipeline.deliver(service, reply_to(latest(service, ANN), f"vacation until {yesterday}")).status == "refused"
    refusal = latest(service, ANN, "refusal")
    assert refusal.subject.endswith("Not played: that vacation date is already past"), refusal.subject
    assert f"{yesterday} is already over in your time zone" in " ".join(refusal.text.split())
    assert f"{START.date()} (today) or later" in " ".join(refusal.text.split())
    assert outbox(service, kind="command", recipient=ANN) == [] and outbox(service, kind="organiser") == []
    with Session(service.db) as session:
        assert session.exec(select(Player).where(Player.email == ANN)).one().vacation_until is None
        assert session.exec(select(Seat).where(Seat.seat == 0)).one().deadline == before


@pytest.mark.parametrize(("language", "headline"), [("el", "η ημερομηνία των διακοπών έχει ήδη περάσει"),
                                                    ("hu", "a szabadság dátuma már elmúlt"),
                                                    ("ru", "дата отпуска уже прошла")])
def test_a_vacation_already_over_is_refused_in_the_players_language(service: Service, language: str,
                                                                    headline: str) -> None:
    service.new_game("sticks", [ANN, BOB], seed=0)
    pipeline.deliver(service, reply_to(latest(service, ANN), f"language {language}"))
    yesterday = START.date() - timedelta(days=1)
    pipeline.deliver(service, reply_to(latest(service, ANN), f"vacation until {yesterday}"))
    refusal = latest(service, ANN, "refusal")
    assert headline in refusal.subject, refusal.subject
    assert f"{START.date()}" in refusal.text and "already over" not in refusal.text


def test_the_day_already_over_is_the_players_own_day(service: Service) -> None:
    """At 09:00 UTC it is still the day before in Honolulu (UTC-10): a day over in UTC is not over there."""
    service.new_game("sticks", [ANN, BOB], seed=0)
    pipeline.deliver(service, reply_to(latest(service, ANN), "timezone Pacific/Honolulu"))
    yesterday = START.date() - timedelta(days=1)
    assert pipeline.deliver(service, reply_to(latest(service, ANN), f"vacation until {yesterday}")).status \
        != "refused"
    assert "Vacation noted" in latest(service, ANN, "command").subject
    two_days_ago = yesterday - timedelta(days=1)
    assert pipeline.deliver(service, reply_to(latest(service, ANN), f"vacation until {two_days_ago}")).status \
        == "refused"
    assert f"{yesterday} (today) or later" in " ".join(latest(service, ANN, "refusal").text.split())


def test_the_organiser_is_not_told_a_deadline_is_now_what_it_was(service: Service) -> None:
    """A vacation that moves the open deadline by less than the minute the mail shows holds no table worth a
    mail: "now 00:00 instead of 00:00" tells the organiser nothing."""
    game_id = service.new_game("sticks", [ANN, BOB], seed=0)
    with Session(service.db) as session:
        game = session.get(Game, game_id)
        game.deadline_hours = 72 + 30 / 3600  # the held deadline half a minute past the minute it shows
        player = session.exec(select(Player).where(Player.email == ANN)).one()
        player.vacation_until = START.date()
        held = service.shown.back_from_vacation(player) + timedelta(hours=game.deadline_hours)
        player.vacation_until = None
        seat = session.exec(select(Seat).where(Seat.seat == 0)).one()
        seat.deadline = held - timedelta(seconds=10)  # as an organiser's extension could leave it
        session.add_all([game, player, seat])
        session.commit()
    pipeline.deliver(service, reply_to(latest(service, ANN), f"vacation until {START.date()}"))
    assert "Vacation noted" in latest(service, ANN, "command").subject
    assert outbox(service, kind="organiser") == []
