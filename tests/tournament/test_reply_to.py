"""Every mail pbem sends has a Reply-To that a reply can reach (#30, item 5), chosen per mail kind.

A seat's mails carry the seat's reply address; a player's mail that belongs to no seat (the welcome, a bye,
the standings, the digest, a refusal without a seat, the answers at pbem's own address) carries pbem's own
address, which reads "help" and passes anything else to the organiser; the organiser's mails carry the player
they are about, else the organiser.
"""

from __future__ import annotations

import ast
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.serve import pipeline
from pbem.ops.db import Outbox, Player
from pbem.play import deadlines
from pbem.tournament import runner
from tests.support.loop import reply_to
from tests.tournament.conftest import ORGANISER, Players, definition, emails, mails

SEAT, DESK, ORGANISER_ADDRESS, PLAYER = "a seat's reply address", "pbem's own address", "the organiser", "the player"

REPLY_TO = {
    **dict.fromkeys(("welcome", "bye", "standings", "digest", "bounce", "frontdesk"), {DESK}),
    **dict.fromkeys(("round_start", "start", "prompt", "confirmation", "notice", "reminder", "timeout", "game_over",
                     "history", "say", "sender_notice", "organiser_action", "undo"), {SEAT}),
    # in a seat's thread, or at pbem's own address when the mail they answer named no seat of the player's
    **dict.fromkeys(("help", "status", "command", "refusal", "oversize"), {SEAT, DESK}),
    "admin": {ORGANISER_ADDRESS},  # the organiser's answer to a dispute of a player no longer seated
    "organiser": {ORGANISER_ADDRESS, PLAYER},  # the player a mail is about (a dispute, a seat handed to a bot)
    "question": {PLAYER},  # a player's mail to pbem's own address, forwarded
    # a sign-up's confirmation, and its note that the organiser decides, at pbem's own address (a reply to the
    # confirmation confirms); a refusal, or a sign-up the tournament filled up before, for the organiser to answer
    "signup": {DESK, ORGANISER_ADDRESS},
}
"""Where a reply to each kind of mail may go."""


def kind_of_address(service, row: Outbox) -> str:  # type: ignore[no-untyped-def]
    settings = service.settings
    if row.reply_to.startswith(f"{settings.reply_local}+"):
        return SEAT
    if row.reply_to == settings.from_address:
        return DESK
    if row.reply_to == settings.organiser:
        return ORGANISER_ADDRESS
    with Session(service.db) as session:
        if session.exec(select(Player).where(Player.email == row.reply_to)).first() is not None:
            return PLAYER
    return f"unknown: {row.reply_to!r}"


def new_mail(sender: str, to: str, text: str, number: int) -> bytes:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = sender, to, "hello"
    mail["Message-ID"] = f"<n{number}@client.example>"
    mail.set_content(text)
    return bytes(mail)


def test_the_welcome_has_pbems_address_as_reply_to_and_help_sent_back_to_it_is_answered(service) -> None:
    tournament_id = runner.create(service, definition(rounds=2), ORGANISER)
    runner.register(service, tournament_id, "ann@example.org", "Ann", ORGANISER, "en", "Europe/Athens")
    [welcome] = mails(service, "welcome")
    assert welcome.reply_to == service.settings.from_address == "pbem@pbem.localhost"
    assert '"help", "status", "language", "timezone" and "vacation" work here' in " ".join(welcome.text.split())
    outcome = pipeline.deliver(service, reply_to(welcome, "help"))
    assert outcome.status == "command"
    [help_mail] = mails(service, "help")
    assert help_mail.recipient == "ann@example.org" and help_mail.reply_to == service.settings.from_address
    assert "Hello Ann," in help_mail.text and "You sit at no table now" in " ".join(help_mail.text.split())
    assert mails(service, "refusal") == [], "no 'we could not tell which game this is for'"
    question = pipeline.deliver(service, reply_to(welcome, "Can my brother join too?"))
    assert question.status == "forwarded"
    [forwarded] = mails(service, "question")
    assert forwarded.recipient == service.settings.organiser and forwarded.reply_to == "ann@example.org"


def test_every_mail_kind_queued_in_a_tournament_has_its_deliberate_reply_to(service, clock) -> None:
    tournament_id = runner.create(service, definition(1).replace("table_sizes = [3, 4, 5]", "table_sizes = [3, 4]")
                                  .replace("preferred = 4", "preferred = 3"), ORGANISER)
    for email in emails(5):
        runner.register(service, tournament_id, email, "", ORGANISER)
    runner.start_round(service, tournament_id, ORGANISER)  # round_start, prompts, a bye
    first, second = emails(2)
    at = service.settings.from_address
    mailed = [new_mail(email, at, "notify each", number) for number, email in enumerate(emails(5)[2:])]
    mailed += [new_mail(second, at, "notify digest", 10), new_mail(second, at, "help", 11),
               new_mail(first, at, "is there a prize?", 12), new_mail(first, at, "say hi", 13),
               new_mail(first, "play@pbem.localhost", "take 1", 14)]
    for raw in mailed:
        pipeline.deliver(service, raw)
    seated = [row for row in mails(service, "prompt")]
    pipeline.deliver(service, reply_to(seated[0], "dispute the dice are loaded"))
    pipeline.deliver(service, reply_to(seated[0], "status"))
    Players(service).answer_all(rounds=3)  # confirmations, notices
    clock.advance(timedelta(days=1, hours=1))
    deadlines.scan(service)  # reminders, the digest, the organiser's digest
    Players(service).answer_all()  # to the end: game over, standings
    with Session(service.db) as session:
        rows = list(session.exec(select(Outbox).order_by(Outbox.id)))
    assert rows and all(row.reply_to.strip() for row in rows), [row.kind for row in rows if not row.reply_to]
    seen = {row.kind for row in rows}
    assert {"welcome", "bye", "round_start", "prompt", "standings", "digest", "frontdesk", "question", "refusal",
            "organiser", "game_over", "help", "status", "command", "notice"} <= seen, seen
    wrong = {(row.kind, kind_of_address(service, row)) for row in rows
             if kind_of_address(service, row) not in REPLY_TO.get(row.kind, ())}
    assert wrong == set()
    dispute = next(row for row in rows if row.kind == "organiser" and "Dispute" in row.text)
    assert dispute.reply_to == seated[0].recipient, "the organiser's reply to a dispute reaches the player"


def test_queue_refuses_a_mail_without_a_reply_to(service) -> None:
    letter = service.letters.render("oversize", table="pbem", original_subject="x", size_kb=1, limit_kb=1)
    with Session(service.db) as session, pytest.raises(ValueError, match="every mail needs a Reply-To"):
        service.mails.queue(session, "oversize", "ann@example.org", letter, reply_to=" ")


def test_every_call_that_queues_a_mail_names_its_reply_to() -> None:
    """The one gate every mail passes: each caller says where a reply goes (send_to_seat and to_organiser do)."""
    root = Path(__file__).resolve().parents[2] / "pbem"
    missing = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "queue"
                    and not any(keyword.arg == "reply_to" for keyword in node.keywords)):
                missing.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    assert missing == []
