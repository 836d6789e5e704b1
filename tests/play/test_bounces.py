"""Bounces: VERP return paths, real MTAs' formats read, the score per player, the hold on deadlines, the CLI."""

from __future__ import annotations

from collections.abc import Callable

import asyncio
import logging
import smtplib
import time
from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

from pbem.play import deadlines
from pbem.serve import pipeline
from pbem.cli.main import app
from pbem.clock import SetClock
from pbem.ops.db import Inbound, Outbox, Player, Seat
from pbem.serve.outbox import OutboxWorker
from pbem.serve.server import Server
from pbem.play.service import Service
from pbem.mail.tokens import bounce_address, read_bounce_address
from tests.support import sticks
from tests.support.loop import START, make_settings, outbox, reply_to, rows

ANN, BOB = "ann@example.org", "bob@example.org"
FIXTURES = Path(__file__).parents[1] / "mail" / "bounces"
FORMATS = ["postfix", "exim", "exim_plain", "qmail", "sendmail", "exchange", "exchange_online", "gmail",
           "postmaster_plain"]
"""Real MTAs' bounces for ann@example.org (RFC 3464 DSNs and the non-DSN formats), in tests/mail/bounces/."""


FIRST_MAILS = 2
"""A new table's mails: Ann's first prompt, and Bob's mail that the game has begun."""


@pytest.fixture
def game(tmp_path: Path, clock: SetClock, sink) -> Service:
    """Ann and Bob at a Sticks table, Ann to move, every first mail sent through the relay (the sink)."""
    service = Service(make_settings(tmp_path, smtp_port=sink.port, bounce_threshold=3), clock=clock,
                      rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    send(service)
    return service


def send(service: Service) -> None:
    asyncio.run(_flush(service))


async def _flush(service: Service) -> None:
    worker = OutboxWorker(service, retry_first_seconds=0)
    try:
        await worker.flush()
    finally:
        await worker.close()


def return_path(service: Service, recipient: str = ANN) -> str:
    """The VERP return path of the newest mail to ``recipient``."""
    row = outbox(service, recipient=recipient)[-1]
    return bounce_address("bounce", service.settings.domain, service.secret, row.id)  # type: ignore[arg-type]


def fixture(name: str, recipient: str, tag: str = "") -> bytes:
    """A stored bounce sent to ``recipient``; ``tag`` makes its Message-ID new (the same bounce another day)."""
    raw = (FIXTURES / f"{name}.eml").read_bytes().replace(b"RETURN_PATH", recipient.encode())
    for header in (b"Message-ID: <", b"Message-Id: <"):
        raw = raw.replace(header, header + tag.encode(), 1)
    return raw


def player(service: Service, email: str = ANN) -> Player:
    with Session(service.db) as session:
        return session.exec(select(Player).where(Player.email == email)).one()


def ann_seat(service: Service) -> Seat:
    with Session(service.db) as session:
        return session.exec(select(Seat).where(Seat.seat == 0)).one()


AGAIN = "notice"
"""The kind of the mails :func:`mailed_again` writes."""


def mailed_again(service: Service, recipient: str = ANN) -> None:
    """One more mail to ``recipient``, with its own return path: each day's bounce is of that day's mail."""
    with Session(service.db) as session:
        letter = service.letters.render("bounce_organiser", table="pbem", bouncing="x", email="x", score=1, detail="",
                                        games=[])
        service.mails.queue(session, AGAIN, recipient, letter, reply_to=service.settings.from_address)
        session.commit()


def told(service: Service) -> list[Outbox]:
    """The mails after the first ones, but those :func:`mailed_again` wrote."""
    return [row for row in outbox(service)[FIRST_MAILS:] if not (row.kind == AGAIN and row.recipient == ANN)]


def bounce_on(service: Service, clock: SetClock, day: int, name: str = "postfix") -> pipeline.Outcome:
    """Deliver the ``name`` bounce for a new mail to Ann on day ``day``."""
    clock.advance(START + timedelta(days=day, hours=1) - clock.now())
    mailed_again(service)
    raw = fixture(name, return_path(service), tag=f"day{day}.")
    return pipeline.deliver(service, raw, [return_path(service)], envelope_sender="")


def test_every_mail_leaves_with_its_own_verp_return_path_that_names_it(game: Service, sink) -> None:
    rows = outbox(game)
    assert len(sink.return_paths) == len(rows) == FIRST_MAILS
    named = sorted(read_bounce_address(path, "bounce", game.settings.domain, game.secret) for path in sink.return_paths)
    assert named == sorted(row.id for row in rows)
    local, _, domain = sink.return_paths[0].partition("@")
    forged = f"{local[:-4]}aaaa@{domain}"  # the same row, a guessed token
    assert read_bounce_address(forged, "bounce", game.settings.domain, game.secret) is None


@pytest.mark.parametrize("name", FORMATS)
def test_a_bounce_to_the_return_path_counts_against_the_player_whose_mail_failed(game: Service, name: str) -> None:
    outcome = pipeline.deliver(game, fixture(name, return_path(game)), [return_path(game)], envelope_sender="")
    assert outcome.status == "bounce" and ANN in outcome.reason
    assert (player(game).bounce_score, player(game, BOB).bounce_score) == (1, 0)
    assert len(outbox(game)) == FIRST_MAILS, "a bounce is never answered"


def forged_addresses(service: Service) -> dict[str, str]:
    """Where a stranger can send a report: nowhere a mail server of ours passed a mail through."""
    row = outbox(service, recipient=ANN)[-1]
    domain = service.settings.domain
    return {"pbem@": service.settings.from_address, "wrong token": f"bounce+{row.id}.aaaaaaaaaaaaaaaa@{domain}",
            "any local part": f"postmaster+{row.id}@{domain}", "bare bounce@": f"bounce@{domain}"}


@pytest.mark.parametrize("sender", ["", "mailer-daemon@mx.example.org"], ids=["<>", "a sender"])
@pytest.mark.parametrize("name", FORMATS)
def test_a_report_anywhere_but_a_live_return_path_counts_against_nobody_and_mails_nobody(
        game: Service, clock: SetClock, name: str, sender: str) -> None:
    """A stranger's forged DSN names Ann on three days in a row, at every address but her mail's return path."""
    for day in range(3):  # as many days as it takes to reach bounce_threshold
        clock.advance(timedelta(days=1))
        for where, address in forged_addresses(game).items():
            raw = fixture(name, address, tag=f"{day}.{where}.")
            outcome = pipeline.deliver(game, raw, [address], envelope_sender=sender)
            if outcome.status == "stranger":  # a postmaster's plain text with a sender passes every filter
                assert (name, sender) == ("postmaster_plain", "mailer-daemon@mx.example.org"), where
                continue
            assert outcome.status == "ignored", (where, outcome)
            assert outcome.reason.startswith("counted against nobody: delivery report not at a VERP address of ours"), \
                (where, outcome.reason)
    ann, bob = player(game), player(game, BOB)
    assert (ann.bounce_score, ann.bounce_hold, bob.bounce_score) == (0, False, 0)
    assert len(outbox(game)) == FIRST_MAILS, "nothing is mailed to anyone"


def test_a_bounce_counts_against_the_recipient_its_return_path_names_never_one_its_body_names(game: Service) -> None:
    """The report says Bob's address failed: at the return path of Ann's mail it counts against Ann, elsewhere
    against nobody (Bob's own return path never saw it)."""
    naming_bob = fixture("postfix", return_path(game)).replace(ANN.encode(), BOB.encode())
    outcome = pipeline.deliver(game, naming_bob, [return_path(game)], envelope_sender="")
    assert outcome.status == "bounce" and outcome.reason.endswith(f"counted against {ANN}")
    lost = fixture("postfix", "pbem@pbem.localhost", tag="lost.").replace(ANN.encode(), BOB.encode())
    assert pipeline.deliver(game, lost, ["pbem@pbem.localhost"], envelope_sender="").status == "ignored"
    assert (player(game).bounce_score, player(game, BOB).bounce_score) == (1, 0)


def test_a_return_path_older_than_bounce_verp_days_counts_against_nobody(game: Service, clock: SetClock) -> None:
    old_path = return_path(game)  # Ann's first mail, sent at START
    assert game.settings.bounce_verp_days == 60
    clock.advance(timedelta(days=59, hours=23))
    assert pipeline.deliver(game, fixture("exim", old_path, tag="young."), [old_path], envelope_sender="").status \
        == "bounce"
    clock.advance(timedelta(days=1, hours=1))  # 61 days after the mail: its return path has expired
    outcome = pipeline.deliver(game, fixture("gmail", old_path, tag="old."), [old_path], envelope_sender="")
    assert outcome.status == "ignored"
    assert outcome.reason.startswith("counted against nobody: the return path of mail") and \
        "bounce_verp_days = 60" in outcome.reason
    assert player(game).bounce_score == 1 and player(game).bounced_on == (START + timedelta(days=59, hours=23)).date()
    assert len(outbox(game)) == FIRST_MAILS


@pytest.mark.parametrize("name", ["delay_warning", "vacation"])
def test_a_delay_warning_or_an_autoreply_to_the_return_path_is_not_a_bounce(game: Service, name: str) -> None:
    outcome = pipeline.deliver(game, fixture(name, return_path(game)), [return_path(game)], envelope_sender="")
    assert outcome.status == "ignored"
    assert player(game).bounce_score == 0 and len(outbox(game)) == FIRST_MAILS


def test_a_mail_servers_report_in_an_unread_format_counts_only_when_it_came_to_the_return_path(game: Service) -> None:
    report = (b"From: MAILER-DAEMON@tiny.example\nTo: RECIPIENT\nSubject: Nachricht nicht zustellbar\n"
              b"Message-ID: <TAG@tiny.example>\n\nIhre Nachricht konnte nicht zugestellt werden.\n")
    lost = report.replace(b"RECIPIENT", b"pbem@pbem.localhost").replace(b"TAG", b"lost")
    assert pipeline.deliver(game, lost, ["pbem@pbem.localhost"], envelope_sender="").status == "ignored"
    verp = return_path(game)
    found = report.replace(b"RECIPIENT", verp.encode()).replace(b"TAG", b"verp")
    outcome = pipeline.deliver(game, found, [verp], envelope_sender="")
    assert outcome.status == "bounce" and "format not read" in outcome.reason
    assert player(game).bounce_score == 1


def test_a_bounce_for_a_mail_to_no_player_counts_for_nobody_and_mails_nobody(game: Service) -> None:
    with Session(game.db) as session:  # a mail of ours to an address no player has (Eve left the club)
        letter = game.letters.render("bounce_organiser", table="pbem", bouncing="x", email="x", score=1, detail="",
                                     games=[])
        game.mails.queue(session, "organiser", "eve@elsewhere.example", letter, reply_to="pbem@pbem.localhost")
        session.commit()
    verp = return_path(game, "eve@elsewhere.example")
    raw = fixture("qmail", verp).replace(b"ann@example.org", b"eve@elsewhere.example")
    outcome = pipeline.deliver(game, raw, [verp], envelope_sender="")
    assert outcome.status == "ignored" and outcome.reason.startswith("counted against nobody: mail 3 went to eve")
    assert player(game).bounce_score == 0 and len(outbox(game)) == FIRST_MAILS + 1


def test_bounces_count_once_a_day_and_at_three_the_table_is_told_and_deadlines_held(game: Service,
                                                                                   clock: SetClock) -> None:
    assert bounce_on(game, clock, 0).status == "bounce"
    assert bounce_on(game, clock, 0, "exim").status == "bounce"  # the same day: in the audit log, not the score
    assert player(game).bounce_score == 1
    bounce_on(game, clock, 1, "gmail")
    assert not player(game).bounce_hold and told(game) == []
    bounce_on(game, clock, 2, "qmail")
    ann = player(game)
    assert ann.bounce_score == 3 and ann.bounce_hold
    mails = {row.recipient: row for row in told(game)}
    assert set(mails) == {game.settings.organiser, BOB}, "the organiser and the table, never the bouncing address"
    assert "pbem player release ann@example.org" in mails[game.settings.organiser].text
    assert "Mail to Player 1 is not getting through" in mails[BOB].subject  # never "ann": Bob has no address of hers

    clock.advance(timedelta(days=30))  # far past Ann's deadline: held, so no reminder and no timeout
    assert deadlines.scan(game).timeouts == 0
    assert ann_seat(game).timeouts == 0 and len(told(game)) == 2


def test_a_bounce_replayed_to_the_same_return_path_counts_once(game: Service, clock: SetClock) -> None:
    path = return_path(game)
    for day, name in enumerate(["postfix", "exim", "gmail"]):  # a genuine bounce, then the same path replayed
        clock.advance(START + timedelta(days=day, hours=1) - clock.now())
        outcome = pipeline.deliver(game, fixture(name, path, tag=f"replay{day}."), [path], envelope_sender="")
        assert outcome.status == ("bounce" if day == 0 else "ignored")
    assert outcome.reason.startswith("counted against nobody: mail 2 (to ann@example.org) already counted a bounce")
    ann = player(game)
    assert (ann.bounce_score, ann.bounce_hold) == (1, False) and len(outbox(game)) == FIRST_MAILS


def test_a_reply_from_the_player_resets_the_score_and_gives_back_a_full_answer_time(game: Service,
                                                                                   clock: SetClock) -> None:
    for day in range(3):
        bounce_on(game, clock, day)
    assert player(game).bounce_hold
    clock.advance(START + timedelta(days=10) - clock.now())
    prompt = outbox(game, recipient=ANN)[0]
    outcome = pipeline.deliver(game, reply_to(prompt, "status"))
    assert outcome.status == "command"
    ann = player(game)
    assert (ann.bounce_score, ann.bounce_hold) == (0, False)
    assert ann_seat(game).deadline == START + timedelta(days=10, hours=72)
    clock.advance(timedelta(days=3, hours=1))
    assert deadlines.scan(game).timeouts == 1  # the hold is gone: the deadline runs again


def test_a_relay_refusing_a_players_mail_for_good_counts_as_a_bounce(tmp_path: Path, clock: SetClock, sink) -> None:
    service = Service(make_settings(tmp_path, smtp_port=sink.port), clock=clock, rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    sink.rejecting = True
    send(service)
    assert {row.recipient: row.status for row in outbox(service)} == {ANN: "failed", BOB: "failed"}
    assert player(service).bounce_score == 1 and "relay refused" in player(service).bounce_detail


def test_a_relay_refusing_a_player_at_rcpt_counts_and_the_mail_after_it_still_goes(tmp_path: Path, clock: SetClock,
                                                                                     sink) -> None:
    service = Service(make_settings(tmp_path, smtp_port=sink.port, smtp_connections=1), clock=clock,
                      rules=sticks.rules)
    service.new_game("sticks", [ANN, BOB], seed=0)
    service.new_game("sticks", [BOB, ANN], seed=0)
    sink.unknown = {ANN}
    send(service)
    assert {row.recipient: row.status for row in outbox(service)} == {ANN: "failed", BOB: "sent"}
    assert player(service).bounce_score == 1 and "User unknown" in player(service).bounce_detail


def handled(service: Service, seconds: float = 30) -> None:
    """Wait until every stored message is handled (on the server's database thread)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with Session(service.db) as session:
            if not session.exec(select(Inbound.id).where(Inbound.status == "stored")).first():
                return
        time.sleep(0.02)
    raise AssertionError("a stored message was not handled in time")


def test_bounces_over_smtp_with_a_null_reverse_path_and_the_player_shown_to_the_organiser(game: Service,
                                                                                        clock: SetClock,
                                                                                        tmp_path: Path) -> None:
    listener = Service(make_settings(tmp_path, smtp_port=1, listen="127.0.0.1:0", scan_seconds=3600), clock=clock,
                       rules=sticks.rules)

    def talk(port: int) -> list[tuple[int, bytes]]:
        answers = []
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
            for day, name in enumerate(["postfix", "exchange", "postmaster_plain"]):
                clock.advance(timedelta(days=1))
                mailed_again(listener)
                raw = fixture(name, return_path(listener)).replace(b"\n", b"\r\n")
                client.sendmail("<>", [return_path(listener)], raw)
                answers.append(client.noop())
                handled(listener)  # before the clock moves on: the listener no longer handles before its next answer
        return answers

    on_a_listener(listener, talk)
    ann = player(listener)
    assert ann.bounce_score == 3 and ann.bounce_hold
    env = {"PBEM_DATABASE_URL": listener.settings.database_url, "PBEM_SECRET": "test-secret"}
    shown = CliRunner().invoke(app, ["player", "show", ANN], env=env)
    assert shown.exit_code == 0, shown.output
    assert "mail bouncing (score 3), deadlines held" in shown.output and "Sticks #1" in shown.output
    missing = CliRunner().invoke(app, ["player", "release", ANN], env=env)
    assert missing.exit_code == 1 and "--reason is required" in missing.output
    released = CliRunner().invoke(app, ["player", "release", ANN, "--reason", "mailbox fixed"], env=env)
    assert released.exit_code == 0 and "deadlines run again in games 1" in released.output
    assert "mail fine" in CliRunner().invoke(app, ["player", "show", ANN], env=env).output
    again = CliRunner().invoke(app, ["player", "release", ANN, "--reason", "twice"], env=env)
    assert again.exit_code == 1 and "nothing to release" in again.output
    stranger = CliRunner().invoke(app, ["player", "show", "eve@elsewhere.example"], env=env)
    assert stranger.exit_code == 1 and "no player has the address" in stranger.output
    bounced = CliRunner().invoke(app, ["inbound", "list", "--status", "bounce"], env=env)
    assert bounced.exit_code == 0, bounced.output
    rows = [line for line in bounced.output.splitlines() if line.startswith("│") and "│ bounce" in line]
    assert len(rows) == 3 and "all stored mail by status: bounce 3" in bounced.output, bounced.output


def test_every_status_an_outcome_can_have_is_one_the_organiser_can_list() -> None:
    """The chain's statuses, the stored ones and the CLI filter are one list: a status outside it fails where it
    is made, and every status of it is accepted by ``pbem inbound list --status``."""
    from pbem.admin.mail import inbound
    from pbem.ops.db import InboundStatus
    from pbem.play.outcome import UNCHANGED

    assert UNCHANGED <= set(InboundStatus)
    assert pipeline.Outcome("bounce").status is InboundStatus.BOUNCE
    with pytest.raises(ValueError):
        pipeline.Outcome("bounced")
    help_text = CliRunner().invoke(app, ["inbound", "list", "--help"]).output
    assert all(status in " ".join(help_text.split()) for status in InboundStatus), help_text
    assert inbound.__name__ == "inbound"


def on_a_listener(service: Service, talk: Callable[[int], object]) -> None:
    """Start a real listener of ``service``, run ``talk(port)`` against it, and stop once what came is handled."""

    async def run() -> None:
        server = Server(service)
        await server.start()
        try:
            await asyncio.get_running_loop().run_in_executor(None, talk, server.port)
            while not server._inbound.empty():
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.1)
        finally:
            await server.stop()

    asyncio.run(run())


def over_smtp(service: Service, mails: list[tuple[str, str, bytes]]) -> None:
    """Send ``mails`` (envelope sender, recipient, message) to a real listener of ``service``; wait until handled."""

    def talk(port: int) -> None:
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
            for sender, recipient, raw in mails:
                client.sendmail(sender, [recipient], raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))

    on_a_listener(service, talk)


def test_a_mail_servers_report_at_a_seats_reply_address_is_not_answered_not_told_and_not_counted(
        game: Service, clock: SetClock, tmp_path: Path) -> None:
    """Servers that answer the Reply-To: a postmaster's plain notice with a sender no filter knows, and a DSN."""
    listener = Service(make_settings(tmp_path, smtp_port=1, listen="127.0.0.1:0", scan_seconds=3600,
                                     bounce_threshold=3), clock=clock, rules=sticks.rules)
    reply_address = outbox(game, recipient=ANN)[0].reply_to
    assert reply_address.startswith("play+1.0.")
    mails = []
    for day in range(3):
        mails.append(("postmaster@mail.example.org", reply_address,
                      fixture("postmaster_plain", reply_address, tag=f"plain{day}.")))
        mails.append(("", reply_address, fixture("postfix", reply_address, tag=f"dsn{day}.")))
    over_smtp(listener, mails)
    stored = rows(listener, Inbound)
    assert [row.status for row in stored] == ["ignored"] * 6
    assert all(row.reason.startswith("counted against nobody: delivery report not at a VERP address of ours")
               for row in stored), [row.reason for row in stored]
    assert "at the reply address of game 1, seat 1" in stored[0].reason
    assert player(listener).bounce_score == 0 and not player(listener).bounce_hold
    assert len(outbox(listener)) == FIRST_MAILS, "no answer to the server, no notice to the seat's player"


def test_flufl_bounce_says_nothing_at_info_while_a_bounce_is_read(game: Service,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    assert pipeline.deliver(game, fixture("sendmail", return_path(game)), [return_path(game)],
                            envelope_sender="").status == "bounce"
    assert [record.getMessage() for record in caplog.records if record.name.startswith("flufl")] == []


def test_a_message_a_bounce_detector_trips_on_is_still_handled(game: Service) -> None:
    raw = b"Auto-Submitted: \r\nFrom: \r\nMessage-ID: <odd@x>\r\n\r\n"  # flufl.bounce's Yale detector raises on it
    assert pipeline.deliver(game, raw, ["pbem@pbem.localhost"]).status == "ignored"
