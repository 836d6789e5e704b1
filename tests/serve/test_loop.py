"""The loop in one process: prompts, replies, refusals, commands, forced moves, game over."""

from __future__ import annotations

from pathlib import Path

from datetime import timedelta

import pytest
from sqlmodel import Session, select

from pbem.serve import pipeline
from pbem.clock import SetClock
from pbem.ops.db import DigestItem, Dispute, Game, Inbound, Move, Player, Seat
from pbem.play.service import GameSetupError, Service
from tests.support.loop import outbox, reply_to

ANN, BOB, EVE = "ann@example.org", "bob@example.org", "eve@example.org"


def start(service: Service, sticks: int = 7, seed: int = 0, players: tuple[str, ...] = (ANN, BOB)) -> int:
    return service.new_game("sticks", list(players), seed=seed, options={"sticks": sticks})


def latest(service: Service, recipient: str, kind: str = "prompt"):
    return outbox(service, recipient=recipient, kind=kind)[-1]


def moves(service: Service, game_id: int) -> list[tuple[int, str, str]]:
    with Session(service.db) as session:
        rows = session.exec(select(Move).where(Move.game_id == game_id).order_by(Move.seq))
        return [(m.seat, m.notation, m.source) for m in rows]


def test_new_game_prompts_the_seat_to_act_with_board_moves_and_reply_address(service: Service) -> None:
    game_id = start(service)
    rows = outbox(service)
    assert [(r.kind, r.recipient) for r in rows] == [("start", BOB), ("prompt", ANN)]
    prompt = rows[1]
    assert prompt.subject == f"[Sticks #{game_id}] Your move: 7 sticks left"
    assert "Sticks left: ||||||| (7)" in prompt.text and "1. take 1\n  2. take 2" in prompt.text
    assert prompt.reply_to.startswith(f"play+{game_id}.0.") and prompt.html.count("href=\"mailto:play+") == 2


def test_a_reply_is_applied_the_next_seat_prompted_with_a_recap_and_the_reply_confirmed_in_the_next_mail(
        service: Service) -> None:
    game_id = start(service)
    outcome = pipeline.deliver(service, reply_to(latest(service, ANN), "Take 2"))
    assert (outcome.status, outcome.moves, outcome.game_id) == ("applied", 1, game_id)
    assert moves(service, game_id) == [(0, "take 2", "email")]
    assert outbox(service, recipient=ANN, kind="confirmation") == []  # it waits for Ann's next mail
    prompt = latest(service, BOB)
    assert "Since the game began:\n  seat 1 (Player 1): take 2" in prompt.text
    pipeline.deliver(service, reply_to(prompt, "take 1"))
    assert "Received since your last mail, and played: take 2." in latest(service, ANN).text


def test_mails_to_one_player_form_one_thread(service: Service) -> None:
    start(service)
    first = latest(service, ANN)
    pipeline.deliver(service, reply_to(first, "take 2"))
    pipeline.deliver(service, reply_to(latest(service, BOB), "take 1"))
    second = latest(service, ANN)
    assert second.message_id != first.message_id
    assert second.in_reply_to == first.message_id
    assert second.references.split()[0] == first.message_id


def test_the_same_message_twice_applies_once(service: Service) -> None:
    game_id = start(service)
    raw = reply_to(latest(service, ANN), "take 1")
    assert pipeline.deliver(service, raw).status == "applied"
    assert pipeline.deliver(service, raw).status == "duplicate"
    assert len(moves(service, game_id)) == 1


def test_an_unparsable_reply_is_refused_quoting_it_with_the_legal_moves(service: Service) -> None:
    game_id = start(service)
    outcome = pipeline.deliver(service, reply_to(latest(service, ANN), "grab three sticks"))
    assert outcome.status == "refused" and moves(service, game_id) == []
    refusal = latest(service, ANN, "refusal")
    assert "> grab three sticks" in refusal.text and "the move was not understood" in refusal.text
    assert "Your legal moves now:\n  1. take 1\n  2. take 2" in refusal.text


def test_an_illegal_reply_changes_nothing(service: Service) -> None:
    game_id = start(service, sticks=7)
    outcome = pipeline.deliver(service, reply_to(latest(service, ANN), "take 5"))
    assert outcome.status == "refused" and moves(service, game_id) == []
    assert "not legal now" in latest(service, ANN, "refusal").text


def test_a_reply_from_another_address_with_a_valid_token_is_kept_and_told_to_the_seat_player(
        service: Service) -> None:
    game_id = start(service)
    before = len(outbox(service))
    outcome = pipeline.deliver(service, reply_to(latest(service, ANN), "take 1", sender=EVE))
    assert outcome.status == "wrong_sender" and moves(service, game_id) == []
    answers = outbox(service)[before:]
    assert [answer.recipient for answer in answers] == [ANN], "the stranger gets nothing; the seat's player is told"
    assert EVE in answers[0].text and "Nothing in it was played" in answers[0].text


def test_a_reply_with_a_bad_token_is_refused(service: Service) -> None:
    start(service)
    prompt = latest(service, ANN)
    prompt.reply_to = prompt.reply_to.replace("+1.0.", "+1.1.")
    assert pipeline.deliver(service, reply_to(prompt, "take 1")).status == "refused"
    assert "could not tell which game" in latest(service, ANN, "refusal").text


def without_thread_headers(raw: bytes) -> bytes:
    """The reply as a client that drops In-Reply-To and References sends it."""
    from email import message_from_bytes, policy

    mail = message_from_bytes(raw, policy=policy.default)
    del mail["In-Reply-To"]
    del mail["References"]
    return mail.as_bytes()


@pytest.mark.parametrize("stripped", [False, True], ids=["with headers", "headers dropped by the client"])
def test_a_reply_to_an_answered_prompt_is_refused_as_stale(service: Service, stripped: bool) -> None:
    """Without In-Reply-To and References, the reply address still names the prompt it answers."""
    sent = without_thread_headers if stripped else (lambda raw: raw)
    start(service, sticks=9)
    old = latest(service, ANN)
    pipeline.deliver(service, reply_to(old, "take 1"))
    pipeline.deliver(service, reply_to(latest(service, BOB), "take 1"))
    outcome = pipeline.deliver(service, sent(reply_to(old, "take 2")))
    assert outcome.status == "refused"
    assert "answers an earlier turn" in latest(service, ANN, "refusal").text
    assert pipeline.deliver(service, sent(reply_to(latest(service, ANN), "take 2"))).status == "applied"


def test_automatic_mail_is_stored_and_never_answered(service: Service) -> None:
    start(service)
    before = len(outbox(service))
    raw = reply_to(latest(service, ANN), "I am away", extra={"Auto-Submitted": "auto-replied"})
    assert pipeline.deliver(service, raw).status == "ignored"
    assert len(outbox(service)) == before
    with Session(service.db) as session:
        assert session.exec(select(Inbound)).one().status == "ignored"


def test_refusals_stop_at_the_daily_limit(service: Service) -> None:
    start(service)
    prompt = latest(service, ANN)
    limit = service.settings.robot_answers_per_day
    statuses = [pipeline.deliver(service, reply_to(prompt, f"nonsense {i}")).status for i in range(limit + 2)]
    assert statuses == ["refused"] * limit + ["rate_limited"] * 2
    assert len(outbox(service, kind="refusal")) == limit


def test_the_only_legal_move_is_played_at_once_and_told(service: Service) -> None:
    game_id = start(service, sticks=3)
    pipeline.deliver(service, reply_to(latest(service, ANN), "take 2"))
    # Bob has one stick left to take: forced, and the game ends.
    assert moves(service, game_id) == [(0, "take 2", "email"), (1, "take 1", "forced")]
    over = latest(service, BOB, "game_over")
    assert "take 1  (the only legal move)" in over.text
    assert "1. seat 2 (Player 2): 4 points" in over.text and "sticks 1, last stick 3" in over.text
    with Session(service.db) as session:
        assert session.get(Game, game_id).status == "over"


def test_bots_play_their_seats_at_once(service: Service) -> None:
    game_id = service.new_game("sticks", [ANN], bots_count=2, seed=0, options={"sticks": 9})
    pipeline.deliver(service, reply_to(latest(service, ANN), "take 1"))
    assert [source for _, _, source in moves(service, game_id)] == ["email", "bot", "bot"]
    assert "seat 2 (greedy, a greedy bot): take 2" in latest(service, ANN).text


def test_several_lines_apply_only_what_the_seat_owes(service: Service) -> None:
    game_id = start(service)
    outcome = pipeline.deliver(service, reply_to(latest(service, ANN), "take 1\ntake 1"))
    assert outcome.status == "refused" and moves(service, game_id) == []


def test_help_status_history_commands_answer_the_player(service: Service) -> None:
    start(service)
    prompt = latest(service, ANN)
    for command in ("help", "status", "history"):
        assert pipeline.deliver(service, reply_to(prompt, command)).status == "command"
    assert "vacation until YYYY-MM-DD" in latest(service, ANN, "help").text
    assert "You owe a decision, seat 1" in latest(service, ANN, "status").text
    assert "(no moves yet)" in latest(service, ANN, "history").text


def test_say_reaches_the_table_and_the_next_recap(service: Service) -> None:
    start(service)
    pipeline.deliver(service, reply_to(latest(service, ANN), "say good luck\nto you all"))
    assert "good luck\n  to you all" in latest(service, BOB, "say").text
    pipeline.deliver(service, reply_to(latest(service, ANN), "take 1"))
    assert "seat 1 (Player 1): good luck" in latest(service, BOB).text


def test_notify_each_sends_a_notice_and_digest_stores_lines(service: Service) -> None:
    game_id = start(service, players=(ANN, BOB, EVE))
    assert pipeline.deliver(service, reply_to(latest(service, ANN), "notify each")).status == "command"
    assert latest(service, ANN, "command").subject.endswith('Notices set to "each"')
    pipeline.deliver(service, reply_to(latest(service, ANN), "take 1"))
    pipeline.deliver(service, reply_to(latest(service, BOB), "notify digest"))
    pipeline.deliver(service, reply_to(latest(service, BOB), "take 1"))
    assert "seat 2 (Player 2): take 1" in latest(service, ANN, "notice").text
    pipeline.deliver(service, reply_to(latest(service, EVE), "take 2"))
    with Session(service.db) as session:
        lines = [item.line for item in session.exec(select(DigestItem).where(DigestItem.game_id == game_id))]
    assert lines == ["seat 3 (Player 3): take 2"]


def test_an_unknown_notify_setting_is_refused_and_changes_nothing(service: Service) -> None:
    start(service)
    outcome = pipeline.deliver(service, reply_to(latest(service, ANN), "notify sometimes"))
    assert outcome.status == "refused"
    refusal = latest(service, ANN, "refusal")
    assert "notify each" in refusal.text and "notify sometimes" in refusal.text
    with Session(service.db) as session:
        assert session.exec(select(Player).where(Player.email == ANN)).one().notify == "none"


def test_timezone_shows_every_later_deadline_in_the_players_zone_and_a_bad_one_is_refused(service: Service) -> None:
    start(service)
    prompt = latest(service, ANN)
    assert "Please answer by 2026-03-04 09:00 UTC." in prompt.text  # START + 72 h, in UTC until told otherwise
    assert pipeline.deliver(service, reply_to(prompt, "timezone europe/athens")).status == "command"
    ack = latest(service, ANN, "command")
    assert ack.subject.endswith("Times now shown in Europe/Athens")
    assert "your open move is due 2026-03-04 11:00 Europe/Athens" in " ".join(ack.text.split())
    assert pipeline.deliver(service, reply_to(prompt, "status")).status == "command"
    assert "Please answer by 2026-03-04 11:00 Europe/Athens." in latest(service, ANN, "status").text

    assert pipeline.deliver(service, reply_to(prompt, "timezone Europe/Athen")).status == "refused"
    refusal = latest(service, ANN, "refusal")
    assert "time zone was not understood" in refusal.text and "Europe/Athens" in refusal.text
    with Session(service.db) as session:
        assert session.exec(select(Player).where(Player.email == ANN)).one().time_zone == "Europe/Athens"
    pipeline.deliver(service, reply_to(prompt, "take 1"))
    pipeline.deliver(service, reply_to(latest(service, BOB), "take 1"))
    assert "Please answer by 2026-03-04 11:00 Europe/Athens." in latest(service, ANN).text  # the next prompt too
    assert "UTC." in latest(service, BOB).text  # others keep theirs


def test_vacation_moves_the_deadline_and_too_long_is_refused(service: Service, clock: SetClock) -> None:
    game_id = start(service)
    prompt = latest(service, ANN)
    until = (clock.now() + timedelta(days=5)).date()
    assert pipeline.deliver(service, reply_to(prompt, f"vacation until {until}")).status == "command"
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.seat == 0)).one()
        assert seat.deadline.date() > until
    too_far = (clock.now() + timedelta(days=60)).date()
    assert pipeline.deliver(service, reply_to(prompt, f"vacation until {too_far}")).status == "refused"
    assert "at most 14 days" in latest(service, ANN, "refusal").text


def test_dispute_is_stored_and_told_to_the_organiser(service: Service) -> None:
    game_id = start(service)
    assert pipeline.deliver(service, reply_to(latest(service, ANN), "dispute Bob peeked")).status == "command"
    with Session(service.db) as session:
        assert session.exec(select(Dispute)).one().game_id == game_id
    assert "Bob peeked" in latest(service, service.settings.organiser, "organiser").text


def test_game_setup_errors_say_what_would_work(service: Service) -> None:
    with pytest.raises(GameSetupError, match="2-5 seats"):
        service.new_game("sticks", [ANN])
    with pytest.raises(GameSetupError, match="known options: sticks"):
        service.new_game("sticks", [ANN, BOB], options={"colour": "red"})
    with pytest.raises(GameSetupError, match="distinct email"):
        service.new_game("sticks", [ANN, ANN])
    with pytest.raises(GameSetupError, match="unknown game"):
        service.new_game("chess", [ANN, BOB])


def test_a_player_whose_seat_a_bot_finished_still_gets_the_game_over_mail(service: Service) -> None:
    from pbem.admin import Desk, games

    game_id = start(service)
    games.replace(Desk(service, "tester"), game_id, 2, "bot", "bob left")
    for _ in range(10):
        if outbox(service, recipient=ANN, kind="game_over"):
            break
        pipeline.deliver(service, reply_to(latest(service, ANN), "take 1"))
    assert outbox(service, recipient=ANN, kind="game_over")
    assert outbox(service, recipient=BOB, kind="game_over")


def test_forged_and_stray_mail_never_mails_anyone_but_players(service: Service) -> None:
    """The backscatter attack: forged mails from many addresses, bad tokens, unknown games, seats' tokens."""
    game_id = start(service)
    prompt = latest(service, ANN)
    genuine = prompt.reply_to
    before = len(outbox(service))
    forged = []
    for number in range(40):
        stranger = f"victim{number}@elsewhere.example"
        for kind, address in (("bad", genuine.replace("+1.0.", "+1.1.")), ("unknown", "play+999.0.aaaa@pbem.localhost"),
                              ("seat", genuine)):
            prompt.reply_to = address
            forged.append(reply_to(prompt, "take 1", sender=stranger, message_id=f"<{kind}{number}@forger.example>"))
    statuses = [pipeline.deliver(service, mail).status for mail in forged]
    assert set(statuses) == {"stranger", "wrong_sender"} and moves(service, game_id) == []
    mailed = {answer.recipient for answer in outbox(service)[before:]}
    assert mailed == {ANN}, "only the seat's own player hears of it"
    with Session(service.db) as session:
        kept = session.exec(select(Inbound).where(Inbound.status.in_(("stranger", "wrong_sender")))).all()  # type: ignore[attr-defined]
    assert len(kept) == len(forged), "every forged mail is kept for the organiser to see"


def test_a_player_who_writes_a_new_mail_is_told_to_use_reply(service: Service) -> None:
    start(service)
    prompt = latest(service, ANN)
    prompt.reply_to = "play@pbem.localhost"
    assert pipeline.deliver(service, reply_to(prompt, "take 1")).status == "refused"
    assert "Please use Reply" in latest(service, ANN, "refusal").text



def test_a_flood_of_commands_is_kept_but_stops_being_answered(tmp_path: Path) -> None:
    from tests.support import sticks
    from tests.support.loop import make_settings

    service = Service(make_settings(tmp_path, commands_per_day=5), rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    prompt = latest(service, ANN)
    before = len(outbox(service))
    outcomes = [pipeline.deliver(service, reply_to(prompt, f"say hello {n}", message_id=f"<say{n}@client.example>"))
                .status for n in range(12)]
    assert outcomes == ["command"] * 5 + ["rate_limited"] * 7
    assert len(outbox(service)) - before == 5 * 2, "each say mails Bob and confirms to Ann, five times only"


def test_refused_and_ignored_mail_does_not_bump_the_game_version(service: Service) -> None:
    game_id = start(service)
    with Session(service.db) as session:
        version = session.get(Game, game_id).version  # type: ignore[union-attr]
    prompt = latest(service, ANN)
    for n in range(5):
        assert pipeline.deliver(service, reply_to(prompt, "take 5", message_id=f"<bad{n}@client.example>")
                                ).status == "refused"
    with Session(service.db) as session:
        assert session.get(Game, game_id).version == version  # type: ignore[union-attr]
    assert pipeline.deliver(service, reply_to(prompt, "take 1", message_id="<good@client.example>")).status == "applied"
