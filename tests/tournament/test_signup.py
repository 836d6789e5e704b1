"""Sign-up by mail (#47, item 1): a ``join`` from any address gets one confirmation, and only that address's
reply to it registers the player, with the language and time zone guessed from the mail; the organiser approves
or refuses when the file asks; strangers can make pbem mail a third party once a day at most.

Every mail goes through the real pipeline (``pipeline.deliver``) and every answer is read from the outbox.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.db import Audit, Inbound, Outbox, Player
from pbem.ops.tournament_tables import Entry, SignUp
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.tournament import runner, signup
from tests.support.loop import outbox, reply_to
from tests.tournament.conftest import ORGANISER, definition, emails, make_settings

ZOE, YAN, EVE = "zoe@example.org", "yan@example.net", "eve@elsewhere.example"
OPEN = '\n[signup]\nopen = true\napprove = false\n'
OUR_MX = "mx.pbem.test"
FAIL = f"{OUR_MX}; spf=fail smtp.mailfrom=example.org; dmarc=fail (p=reject dis=none) header.from=example.org"


def tournament(service: Service, signup_section: str = OPEN, players: int = 3, name: str = "Test Open") -> int:
    text = definition(2, signup_section).replace('name = "Test Open"', f'name = "{name}"')
    tournament_id = runner.create(service, text, ORGANISER)
    for email in emails(players):
        runner.register(service, tournament_id, email, "", ORGANISER)
    return tournament_id


def join_mail(service: Service, text: str, *, sender: str = ZOE, subject: str = "Hello", number: int = 0,
              date: str = "Sun, 01 Mar 2026 10:00:00 +0200", extra: dict[str, str] | None = None) -> bytes:
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = service.settings.from_address
    mail["Subject"] = subject
    mail["Date"] = date
    mail["Message-ID"] = f"<join-{number}-{abs(hash((sender, text, subject)))}@client.example>"
    mail.set_content(text + "\n")  # before the extra headers: it drops every Content-* header
    for header, value in (extra or {}).items():
        mail[header] = value
    return bytes(mail)


def deliver(service: Service, raw: bytes) -> str:
    return pipeline.deliver(service, raw).status


def mails_to(service: Service, address: str) -> list[Outbox]:
    return outbox(service, recipient=address)


def token_of(row: Outbox) -> str:
    found = re.search(r"join confirm ([0-9a-f]{10})", row.text)
    assert found, row.text
    return found.group(1)


def entered(service: Service, tournament_id: int, address: str) -> Entry | None:
    with Session(service.db) as session:
        return session.exec(select(Entry).join(Player, Player.id == Entry.player_id)
                            .where(Entry.tournament_id == tournament_id, Player.email == address)).first()


def player(service: Service, address: str) -> Player:
    with Session(service.db) as session:
        return session.exec(select(Player).where(Player.email == address)).one()


def test_a_stranger_joins_confirms_by_a_plain_reply_and_plays_from_the_next_round_with_guesses(
        service: Service) -> None:
    tournament_id = tournament(service)
    assert deliver(service, join_mail(service, "Συμμετοχή στο Test Open")) == "command"
    [confirmation] = mails_to(service, ZOE)
    assert confirmation.kind == "signup" and confirmation.reply_to == service.settings.from_address
    assert "join confirm" in confirmation.subject and "Test Open" in confirmation.subject
    assert "Ελληνικά" in confirmation.text and "Europe/Athens" in confirmation.text, "stated back, in Greek"
    assert entered(service, tournament_id, ZOE) is None, "nothing happens before the confirmation"
    assert deliver(service, reply_to(confirmation, "")) == "command", "a plain reply carries the line in its subject"
    entry = entered(service, tournament_id, ZOE)
    assert entry is not None and entry.joined == 1 and entry.dropped is None
    zoe = player(service, ZOE)
    assert (zoe.language, zoe.time_zone) == ("el", "Europe/Athens")
    [welcome] = outbox(service, recipient=ZOE, kind="welcome")
    text = " ".join(welcome.text.split())
    assert "Ελληνικά" in text and "Europe/Athens" in text and "timezone Περιοχή/Πόλη" in text, "in Greek"
    assert len(mails_to(service, ZOE)) == 2, "the confirmation and the welcome: nothing else"


@pytest.mark.parametrize(("words", "language", "date", "zone"), [
    ("join test open", "en", "Sun, 01 Mar 2026 10:00:00 +0000", "Europe/London"),
    ("jelentkezem a Test Open versenyre", "hu", "Sun, 01 Mar 2026 10:00:00 +0100", "Europe/Budapest"),
    ("Записаться на Test Open", "ru", "Sun, 01 Mar 2026 10:00:00 +0500", "Asia/Yekaterinburg"),
    ("join #1", "en", "Sun, 01 Mar 2026 10:00:00 -0500", "Etc/GMT+5"),
])
def test_the_language_comes_from_the_words_and_the_zone_from_the_date_offset(
        service: Service, words: str, language: str, date: str, zone: str) -> None:
    tournament_id = tournament(service)
    assert deliver(service, join_mail(service, words, date=date)) == "command"
    assert deliver(service, reply_to(mails_to(service, ZOE)[0], "")) == "command"
    assert entered(service, tournament_id, ZOE) is not None
    assert (player(service, ZOE).language, player(service, ZOE).time_zone) == (language, zone)


def test_content_language_names_the_language_of_an_english_word(service: Service) -> None:
    tournament(service)
    deliver(service, join_mail(service, "join Test Open", extra={"Content-Language": "hu-HU"}))
    assert "Magyar" in mails_to(service, ZOE)[0].text


def test_the_line_in_the_body_confirms_too_but_only_once_and_only_from_the_address_it_went_to(
        service: Service) -> None:
    tournament_id = tournament(service)
    deliver(service, join_mail(service, "join Test Open"))
    token = token_of(mails_to(service, ZOE)[0])
    before = len(outbox(service))
    assert deliver(service, join_mail(service, f"join confirm {token}", sender=EVE, number=1)) == "ignored"
    assert entered(service, tournament_id, EVE) is None and entered(service, tournament_id, ZOE) is None
    assert len(outbox(service)) == before, "the other address gets nothing"
    assert deliver(service, join_mail(service, f"join confirm {token}", number=2)) == "command"
    assert entered(service, tournament_id, ZOE) is not None
    after = len(outbox(service))
    assert deliver(service, join_mail(service, f"join confirm {token}", number=3)) == "ignored"
    assert len(outbox(service)) == after, "a used token is kept unanswered"


def test_a_second_join_the_same_day_gets_no_second_mail_and_the_next_day_replaces_the_first(
        service: Service, clock: SetClock) -> None:
    tournament_id = tournament(service)
    statuses = [deliver(service, join_mail(service, "join Test Open", number=n)) for n in range(5)]
    assert statuses == ["command"] + ["rate_limited"] * 4
    [first] = mails_to(service, ZOE)
    clock.advance(timedelta(days=1))
    assert deliver(service, join_mail(service, "join Test Open", number=9)) == "command"
    assert len(mails_to(service, ZOE)) == 2
    assert deliver(service, reply_to(first, "")) == "ignored", "the older ask was replaced"
    assert deliver(service, reply_to(mails_to(service, ZOE)[1], "")) == "command"
    assert entered(service, tournament_id, ZOE) is not None


def test_the_confirmations_of_a_day_have_a_cap_in_all(tmp_path: Path, clock: SetClock) -> None:
    service = open_service(replace(make_settings(tmp_path), signups_per_day=3), clock=clock)
    tournament(service)
    statuses = [deliver(service, join_mail(service, "join Test Open", sender=f"s{n}@example.com", number=n))
                for n in range(5)]
    assert statuses == ["command"] * 3 + ["rate_limited"] * 2
    assert len(outbox(service, kind="signup")) == 3


def test_a_forged_or_robot_join_gets_nothing(tmp_path: Path, clock: SetClock) -> None:
    service = open_service(replace(make_settings(tmp_path), authserv_id=OUR_MX), clock=clock)
    tournament(service)
    before = len(outbox(service))
    cases = [({"Authentication-Results": FAIL}, "unauthenticated"), ({"Auto-Submitted": "auto-replied"}, "ignored"),
             ({"Precedence": "bulk"}, "ignored"), ({"List-Id": "<games.lists.example>"}, "ignored")]
    for number, (headers, status) in enumerate(cases):
        assert deliver(service, join_mail(service, "join Test Open", number=number, extra=headers)) == status
    assert len(outbox(service)) == before
    with Session(service.db) as session:
        assert session.exec(select(SignUp)).all() == []


@pytest.mark.parametrize("words", ["join Nowhere Cup", "join Cup", "join"])
def test_a_join_naming_no_tournament_or_two_is_kept_unanswered(service: Service, words: str) -> None:
    tournament(service, name="Spring Cup")
    tournament(service, name="Autumn Cup", players=0)
    before = len(outbox(service))
    assert deliver(service, join_mail(service, words)) == "ignored"
    assert len(outbox(service)) == before
    reason = service_reason(service)
    assert "no tournament" in reason or "several tournaments" in reason


def test_a_misspelt_name_that_fits_one_tournament_names_it(service: Service) -> None:
    tournament(service, name="Spring Cup")
    tournament(service, name="Autumn Cup", players=0)
    assert deliver(service, join_mail(service, "join Sprnig Cup")) == "command"
    assert "Spring Cup" in mails_to(service, ZOE)[0].subject


def service_reason(service: Service) -> str:
    with Session(service.db) as session:
        return session.exec(select(Inbound.reason).order_by(Inbound.id.desc())).first() or ""  # type: ignore[union-attr]


@pytest.mark.parametrize(("section", "why"), [
    ("", "signup.open is false"),
    ("\n[signup]\nopen = true\ncloses = 2026-02-28\n", "sign-up closed after 2026-02-28"),
    ("\n[signup]\nopen = true\ncap = 3\n", "full: 3 players"),
])
def test_a_closed_past_or_full_tournament_answers_a_join_with_nothing(service: Service, section: str,
                                                                       why: str) -> None:
    tournament(service, section)
    before = len(outbox(service))
    assert deliver(service, join_mail(service, "join Test Open")) == "ignored"
    assert len(outbox(service)) == before and why in service_reason(service)


def test_the_closing_date_is_its_last_day_and_the_cap_counts_confirmed_sign_ups_awaiting_approval(
        service: Service, clock: SetClock) -> None:
    tournament_id = tournament(service, "\n[signup]\nopen = true\ncap = 4\ncloses = 2026-03-02\n")
    deliver(service, join_mail(service, "join Test Open"))
    deliver(service, join_mail(service, "join Test Open", sender=YAN, number=1))
    assert deliver(service, reply_to(mails_to(service, ZOE)[0], "")) == "command"
    assert signup.listed(service, tournament_id, signup.PENDING)[0].address == ZOE
    [yan_asked] = mails_to(service, YAN)
    assert deliver(service, reply_to(yan_asked, "")) == "command", "confirmed, but the cap is reached"
    [told] = [row for row in mails_to(service, YAN) if row is not yan_asked][-1:]
    assert "filled up" in " ".join(told.text.split()) and told.reply_to == service.settings.organiser
    clock.advance(timedelta(days=2))
    assert deliver(service, join_mail(service, "join Test Open", sender="new@example.com", number=2)) == "ignored"
    assert "closed after 2026-03-02" in service_reason(service)


def test_the_organiser_approves_or_refuses_each_confirmed_sign_up_and_the_player_hears(service: Service) -> None:
    tournament_id = tournament(service, "\n[signup]\nopen = true\n")
    for number, address in enumerate((ZOE, YAN)):
        deliver(service, join_mail(service, "join Test Open", sender=address, number=number))
        deliver(service, reply_to(mails_to(service, address)[0], ""))
    assert [w.address for w in signup.listed(service, tournament_id, signup.PENDING)] == [ZOE, YAN]
    pending = mails_to(service, ZOE)[-1]
    assert "the organiser decides" in pending.subject and entered(service, tournament_id, ZOE) is None
    assert signup.approve(service, tournament_id, ZOE.upper(), "", ORGANISER) == "Test Open"
    assert entered(service, tournament_id, ZOE) is not None
    welcome = mails_to(service, ZOE)[-1]
    assert welcome.kind == "welcome" and "The organiser approved your sign-up." in " ".join(welcome.text.split())
    signup.refuse(service, tournament_id, YAN, "full of friends", ORGANISER)
    assert entered(service, tournament_id, YAN) is None
    refused = mails_to(service, YAN)[-1]
    assert refused.kind == "signup" and "did not accept" in " ".join(refused.text.split())
    with Session(service.db) as session:
        actions = [(a.action, a.detail) for a in session.exec(select(Audit).where(Audit.actor == ORGANISER))]
    assert ("signup approve", f"tournament {tournament_id}: {ZOE}") in actions
    assert ("signup refuse", f"tournament {tournament_id}: {YAN}; full of friends") in actions
    with pytest.raises(Exception, match="no sign-up from yan@example.net awaits approval"):
        signup.approve(service, tournament_id, YAN, "", ORGANISER)


@pytest.mark.parametrize(("language", "usage"), [("en", "join <tournament>"), ("el", "join <τουρνουά>"),
                                                 ("ru", "join <турнир>"), ("hu", "join <verseny>")])
def test_the_help_mail_names_join_in_every_language(service: Service, language: str, usage: str) -> None:
    tournament(service)
    with Session(service.db) as session:
        ann = session.exec(select(Player).where(Player.email == emails(1)[0])).one()
        ann.language = language
        session.add(ann)
        session.commit()
    assert deliver(service, join_mail(service, "help", sender=emails(1)[0])) == "command"
    [help_mail] = outbox(service, recipient=emails(1)[0], kind="help")
    assert usage in help_mail.text


def test_join_in_a_games_own_mail_asks_the_same_confirmation_at_the_players_address(service: Service) -> None:
    tournament(service, name="First")
    second = tournament(service, name="Second", players=0)
    runner.start_round(service, 1, ORGANISER)
    seated = next(row for row in outbox(service, recipient=emails(1)[0]) if row.seat is not None)
    assert deliver(service, reply_to(seated, "join Second")) == "command"
    [asked] = outbox(service, recipient=emails(1)[0], kind="signup")
    assert "Second" in asked.subject and asked.reply_to == service.settings.from_address
    assert deliver(service, reply_to(asked, "")) == "command"
    assert entered(service, second, emails(1)[0]) is not None
    welcome = outbox(service, recipient=emails(1)[0], kind="welcome")[-1]
    assert "Your mails are written in English and deadlines shown in UTC" in " ".join(welcome.text.split())


def test_a_confirmation_past_its_days_registers_nobody(service: Service, clock: SetClock) -> None:
    tournament_id = tournament(service)
    deliver(service, join_mail(service, "join Test Open"))
    clock.advance(timedelta(days=service.settings.confirm_days, minutes=1))
    assert deliver(service, reply_to(mails_to(service, ZOE)[0], "")) == "ignored"
    assert entered(service, tournament_id, ZOE) is None and "expired" in service_reason(service)
    assert len(mails_to(service, ZOE)) == 1
