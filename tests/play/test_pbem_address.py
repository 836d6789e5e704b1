"""A player's mail to pbem's own address (#30, item 5): read for the commands that need no seat, anything else
passed to the organiser once, within the budget of mail pbem cannot verify; a stranger's kept unanswered.

Every mail goes through the real pipeline (``pipeline.deliver``) and every answer is read from the outbox.
"""

from __future__ import annotations

from datetime import date, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
from sqlmodel import Session, select

from pbem.clock import SetClock
from pbem.mail.headers import from_header
from pbem.serve import pipeline
from pbem.ops.db import Inbound, Outbox, Player, Seat
from pbem.play import deadlines
from pbem.play.commands import COMMANDS
from pbem.play.service import Service
from pbem.serve.outbox import compose
from tests.support.loop import outbox, reply_to

ANN, BOB, EVE = "ann@example.org", "bob@example.org", "eve@elsewhere.example"
QUESTION = "Hello! When does round 2 start? I am away next week.\nThanks, Ann"


def start(service: Service, players: tuple[str, ...] = (ANN, BOB)) -> int:
    return service.new_game("sticks", list(players), seed=0, options={"sticks": 7})


def to_pbem(service: Service, text: str, *, sender: str = ANN, subject: str = "A question",
            number: int = 0) -> bytes:
    """A new mail (no reply token) from ``sender`` to pbem's own address, as a mail client writes it."""
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = service.settings.from_address
    mail["Subject"] = subject
    mail["Message-ID"] = f"<new-{number}-{abs(hash((sender, text)))}@client.example>"
    mail.set_content(text + "\n")
    return bytes(mail)


def sent(service: Service, text: str, number: int = 0, **options: str) -> str:
    """Deliver it and return the status of what became of it."""
    return pipeline.deliver(service, to_pbem(service, text, number=number, **options)).status


def answers(service: Service, recipient: str = ANN, **where: object) -> list[Outbox]:
    """What pbem mailed ``recipient`` that no game's seat sent."""
    return [row for row in outbox(service, recipient=recipient, **where) if row.seat is None]


def player(service: Service, email: str = ANN) -> Player:
    with Session(service.db) as session:
        return session.exec(select(Player).where(Player.email == email)).one()


def test_help_to_pbems_address_gets_the_help_mail_with_the_players_games(service: Service) -> None:
    game_id = start(service)
    assert sent(service, "help") == "command"
    [mail] = answers(service)
    assert mail.kind == "help" and mail.subject == "[pbem] Help"
    assert mail.reply_to == service.settings.from_address, "a reply to it reaches pbem's own address again"
    text = " ".join(mail.text.split())
    assert f"At this address, {service.settings.from_address}, pbem reads help, status" in text
    assert service.mails.reply_to(game_id, 0) in mail.text, "the game's own address, where its commands work"
    for usage in COMMANDS.usages():
        assert usage in mail.text
    assert "is passed to the organiser" in text and "Refused" not in text


def test_language_el_to_pbems_address_changes_the_players_language(service: Service) -> None:
    start(service)
    assert player(service).language == ""
    assert sent(service, "language el") == "command"
    assert player(service).language == "el"
    [answer] = answers(service)
    assert answer.kind == "command" and "Ελληνικά" in answer.subject and answer.reply_to == service.settings.from_address
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    pipeline.deliver(service, reply_to(prompt, "status"))
    assert "Κατάσταση" in outbox(service, recipient=ANN, kind="status")[-1].subject, "the games write Greek now"


def test_timezone_notify_and_vacation_to_pbems_address_hold_for_every_game(service: Service, clock: SetClock) -> None:
    games = [start(service), start(service, (BOB, ANN))]
    assert sent(service, "tz Europe/Athens", 1) == "command"
    assert sent(service, "notify digest", 2) == "command"
    until = (clock.now() + timedelta(days=5)).date()
    assert sent(service, f"vacation until {until}", 3) == "command"
    ann = player(service)
    assert (ann.time_zone, ann.notify, ann.vacation_until) == ("Europe/Athens", "digest", until)
    with Session(service.db) as session:
        (owing,) = session.exec(select(Seat).where(Seat.game_id == games[0], Seat.seat == 0)).all()
    assert owing.deadline is not None and owing.deadline.date() > until, "her open move waits for her return"
    vacation = answers(service, kind="command")[-1]
    assert "Vacation noted until" in vacation.subject and "each of your games" in " ".join(vacation.text.split())


def test_status_to_pbems_address_answers_for_the_one_seat_or_lists_every_game(service: Service) -> None:
    game_id = start(service)
    assert sent(service, "status", 1) == "command"
    [status] = outbox(service, recipient=ANN, kind="status")
    assert status.seat == 0 and status.reply_to.startswith(f"play+{game_id}.0."), "in the seat's own thread"
    second = start(service, (BOB, ANN))
    assert sent(service, "status", 2) == "command"
    [listed] = answers(service, kind="frontdesk")
    assert listed.subject == "[pbem] Your games"
    assert f"Sticks #{game_id}: your move, due" in listed.text and f"Sticks #{second}: nothing owed now" in listed.text
    assert service.mails.reply_to(game_id, 0) in listed.text and service.mails.reply_to(second, 1) in listed.text


def test_a_command_about_one_seat_is_answered_with_where_it_works(service: Service) -> None:
    game_id = start(service)
    assert sent(service, "say good luck all") == "refused"
    [answer] = answers(service)
    assert answer.kind == "frontdesk" and answer.subject == "[pbem] \"say\" works in a game's own mail"
    assert service.mails.reply_to(game_id, 0) in answer.text
    assert outbox(service, recipient=BOB, kind="say") == [], "nothing was said at any table"


def test_a_question_is_forwarded_to_the_organiser_once_and_the_player_told_once(service: Service) -> None:
    start(service)
    assert sent(service, QUESTION, subject="Round 2?") == "forwarded"
    organiser = service.settings.organiser
    [question] = outbox(service, recipient=organiser)
    assert question.kind == "question" and question.reply_to == ANN, "the organiser's reply reaches Ann"
    assert "Round 2?" in question.subject and "ann" in question.subject
    assert f"ann <{ANN}> wrote to pbem's own address" in question.text
    assert "> Hello! When does round 2 start? I am away next week." in question.text
    assert "Subject: Round 2?" in question.text
    [told] = answers(service)
    assert told.kind == "frontdesk" and told.subject == "[pbem] Your mail was passed to the organiser"
    assert told.reply_to == service.settings.from_address
    assert f"passed to the organiser ({organiser}), who will read it and answer you" in " ".join(told.text.split())


def test_the_same_question_twenty_times_reaches_the_organiser_once(service: Service) -> None:
    start(service)
    statuses = [sent(service, QUESTION, number) for number in range(20)]
    assert statuses == ["forwarded"] + ["rate_limited"] * 19
    assert len(outbox(service, recipient=service.settings.organiser)) == 1
    assert len(answers(service)) == 1


def test_twenty_different_mails_a_day_are_capped_per_address_and_kept(service: Service, clock: SetClock) -> None:
    start(service)
    statuses = [sent(service, f"question number {number}", number) for number in range(20)]
    cap = service.settings.unverified_per_day
    assert statuses == ["forwarded"] * cap + ["rate_limited"] * (20 - cap)
    assert len(outbox(service, recipient=service.settings.organiser)) == cap
    assert len(answers(service)) == cap
    with Session(service.db) as session:
        kept = session.exec(select(Inbound).where(Inbound.status == "rate_limited")).all()
    assert len(kept) == 20 - cap, "kept, for the organiser to see"
    clock.advance(timedelta(days=1))
    deadlines.scan(service)
    digest = outbox(service, recipient=service.settings.organiser, kind="organiser")[-1]
    assert f"{ANN} (ann): 20 mails without a valid reply token of theirs, {cap} answered" in " ".join(digest.text.split())


def test_a_strangers_mail_to_pbems_address_is_kept_and_nothing_sent(service: Service) -> None:
    start(service)
    before = len(outbox(service))
    for number, text in enumerate(("help", "language el", QUESTION)):
        assert sent(service, text, number, sender=EVE) == "stranger"
    assert len(outbox(service)) == before, "no backscatter, nothing to the organiser"


def test_a_forged_from_of_a_player_is_bounded_by_the_cap_and_leaves_the_players_own_answers(
        service: Service) -> None:
    game_id = start(service)
    cap = service.settings.unverified_per_day
    statuses = [sent(service, text, number) for number, text in enumerate(
        [f"vacation until {date(2026, 3, 10)}", "language ru", *[f"forged {n}" for n in range(30)]])]
    assert statuses == ["command", "command", "forwarded", "forwarded"] + ["rate_limited"] * (32 - cap)
    assert len(answers(service)) == cap and len(outbox(service, kind="question")) == cap - 2
    assert player(service).language == "ru", "a forged setting is taken, but confirmed to Ann's own address"
    assert [row.recipient for row in answers(service, kind="command")] == [ANN, ANN]
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, "take 5")).status == "refused", "her own mail is answered"
    refusal = outbox(service, recipient=ANN, kind="refusal")[-1]
    assert refusal.reply_to.startswith(f"play+{game_id}.0.")


def test_a_mail_to_a_seat_and_to_pbem_is_the_seats(service: Service) -> None:
    game_id = start(service)
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    raw = reply_to(prompt, "take 1", extra={"Cc": service.settings.from_address})
    outcome = pipeline.deliver(service, raw)
    assert outcome.status == "applied" and outcome.game_id == game_id


def test_a_refusal_without_a_seat_is_answered_at_pbems_address_where_help_works(service: Service) -> None:
    start(service)
    prompt = outbox(service, recipient=ANN, kind="prompt")[-1]
    prompt.reply_to = "play@pbem.localhost"  # a new mail to an address that names no seat
    assert pipeline.deliver(service, reply_to(prompt, "take 1")).status == "refused"
    refusal = outbox(service, recipient=ANN, kind="refusal")[-1]
    assert refusal.reply_to == service.settings.from_address
    assert pipeline.deliver(service, reply_to(refusal, "help")).status == "command", "no loop: help is answered"
    assert outbox(service, recipient=ANN, kind="help")


@pytest.mark.parametrize("text", ["", "> only a quote"])
def test_an_empty_mail_to_pbems_address_is_kept_and_not_answered(service: Service, text: str) -> None:
    start(service)
    assert sent(service, text, subject="") == "ignored"
    assert answers(service) == [] and outbox(service, recipient=service.settings.organiser) == []


def test_a_mail_servers_report_from_a_players_address_to_pbems_address_is_no_question(service: Service) -> None:
    """A server that answers the From with a plain notice no header filter knows: kept, not passed on."""
    from tests.play.test_bounces import fixture

    start(service)
    raw = fixture("postmaster_plain", service.settings.from_address).replace(
        b"From: postmaster@mail.example.org", f"From: {BOB}".encode())
    outcome = pipeline.deliver(service, raw)
    assert outcome.status == "ignored" and outcome.reason.startswith("counted against nobody")
    assert outbox(service, kind="question") == [] and answers(service, BOB) == []


def test_a_players_subject_is_repeated_on_one_short_line(service: Service) -> None:
    start(service)
    assert sent(service, "a question", subject="Round\t2?  " + "x" * 300) == "forwarded"
    [question] = outbox(service, kind="question")
    assert "Round 2? xxx" in question.subject and question.subject.endswith("…") and len(question.subject) < 160


@pytest.mark.parametrize("subject", ["Вопрос о туре 2 — ποιος γύρος;", "Kérdés a 2. fordulóról"])
def test_a_subject_written_as_raw_utf8_comes_back_as_written(service: Service, subject: str) -> None:
    """Many clients write a non-ASCII subject as raw UTF-8, not as RFC 2047 words: the organiser's copy and the
    player's answer quote it as written, and the subject pbem sends reads back the same from its header."""
    start(service)
    raw = to_pbem(service, "Hello!").replace(b"Subject: A question", b"Subject: " + subject.encode())
    assert subject.encode() in raw and pipeline.deliver(service, raw).status == "forwarded"
    [question] = outbox(service, kind="question")
    [told] = answers(service, kind="frontdesk")
    assert question.subject.endswith(f": {subject}") and f"Subject: {subject}" in question.text
    assert subject in " ".join(told.text.split())
    sent_back = message_from_bytes(compose(question, from_header("pbem", service.settings.from_address)),
                                   policy=policy.default)
    assert sent_back["Subject"] == question.subject


def test_an_empty_reply_to_a_mail_of_ours_is_kept_but_a_subject_of_ones_own_is_passed_on(service: Service) -> None:
    start(service)
    assert sent(service, "", 1, subject="Re: [Test Open] Welcome: you are registered") == "ignored"
    assert sent(service, "", 2, subject="When does round 2 start?") == "forwarded"
    assert len(outbox(service, kind="question")) == 1
