"""Answer budgets per cause (#28): forged mail in a player's name cannot silence the answers to their own mail.

Mail anyone could have sent (a From set to the player's address without a
reply token, a seat's reply address used from elsewhere) gets at most
``seat_notices_per_day`` answers a seat and ``unverified_per_day``
an address a day; the player's own mail (valid token, from the seat's player)
keeps ``robot_answers_per_day`` of its own. The organiser hears of the rest in
one digest a day.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.serve import pipeline
from pbem.ops.db import Move
from pbem.play import deadlines
from pbem.play.service import Service
from tests.support import sticks
from tests.support.loop import make_settings, outbox, reply_to

ANN, BOB, EVE = "ann@example.org", "bob@example.org", "eve@elsewhere.example"
FORGERIES = 12
"""More than robot_answers_per_day (10): the number that silenced a player before budgets were split."""


@pytest.fixture
def service(tmp_path: Path, clock: SetClock) -> Service:
    return open_service(make_settings(tmp_path, max_message_bytes=20_000), clock=clock, rules=sticks.rules)


def start(service: Service, players: tuple[str, ...] = (ANN, BOB)) -> int:
    return service.new_game("sticks", list(players), seed=0, options={"sticks": 7})


def latest(service: Service, recipient: str, kind: str = "prompt"):  # type: ignore[no-untyped-def]
    return outbox(service, recipient=recipient, kind=kind)[-1]


def forged_without_token(service: Service, sender: str, number: int, text: str = "take 1") -> bytes:
    """A mail From ``sender`` to pbem's own address: no reply token, as anyone can write it."""
    prompt = latest(service, sender)
    prompt.reply_to = service.settings.from_address
    return reply_to(prompt, text, message_id=f"<forged-{sender}-{number}@forger.example>")


def test_a_flood_of_forged_mail_in_a_players_name_leaves_the_answer_to_their_own_wrong_move(service: Service) -> None:
    game_id = start(service)
    # To pbem's own address, each a different text: each is forwarded to the organiser and acknowledged (#30)
    # until the address's answers for mail pbem cannot verify are spent.
    statuses = [pipeline.deliver(service, forged_without_token(service, ANN, number, f"take {number}")).status
                for number in range(FORGERIES)]
    cap = service.settings.unverified_per_day
    assert statuses == ["forwarded"] * cap + ["rate_limited"] * (FORGERIES - cap)
    assert len(outbox(service, kind="question")) == len(outbox(service, kind="frontdesk")) == cap

    outcome = pipeline.deliver(service, reply_to(latest(service, ANN), "take 5"))  # Ann's own illegal move
    assert outcome.status == "refused"
    refusal = latest(service, ANN, "refusal")
    assert "not legal now" in refusal.text and refusal.reply_to.startswith(f"play+{game_id}.0.")
    assert len(outbox(service, kind="refusal")) == 1


def test_a_seats_reply_address_used_from_elsewhere_tells_its_player_a_few_times_and_not_their_own_answers_away(
        service: Service) -> None:
    start(service)
    prompt = latest(service, ANN)
    outcomes = [pipeline.deliver(service, reply_to(prompt, f"take {1 + number % 2}", sender=EVE,
                                                   message_id=f"<seat-{number}@forger.example>"))
                for number in range(FORGERIES)]
    per_seat = service.settings.seat_notices_per_day
    assert {outcome.status for outcome in outcomes} == {"wrong_sender"}
    assert [outcome.reason.endswith("the seat's player was told") for outcome in outcomes] == \
        [True] * per_seat + [False] * (FORGERIES - per_seat)
    notices = outbox(service, kind="sender_notice")
    assert [notice.recipient for notice in notices] == [ANN] * per_seat
    assert "at most 2 such mails a day for this seat" in " ".join(notices[0].text.split())

    assert pipeline.deliver(service, reply_to(prompt, "take three")).status == "refused"  # Ann's own mistake
    assert "the move was not understood" in latest(service, ANN, "refusal").text
    assert pipeline.deliver(service, reply_to(prompt, "take 2")).status == "applied"


def test_the_address_cap_holds_across_every_seat_of_the_player(service: Service) -> None:
    games = [start(service) for _ in range(3)]
    prompts = [outbox(service, recipient=ANN, kind="prompt", game_id=game_id)[-1] for game_id in games]
    for number in range(3):
        for prompt in prompts:
            pipeline.deliver(service, reply_to(prompt, "take 1", sender=EVE,
                                               message_id=f"<g{prompt.game_id}-{number}@forger.example>"))
    assert len(outbox(service, kind="sender_notice")) == service.settings.unverified_per_day
    with Session(service.db) as session:
        assert session.exec(select(Move)).all() == []


def test_the_players_own_oversized_reply_is_answered_after_forged_oversized_ones_ran_out(service: Service) -> None:
    start(service)
    padding = "x" * 30_000
    for number in range(FORGERIES):
        pipeline.deliver(service, forged_without_token(service, ANN, number, text=padding))
    assert len(outbox(service, kind="oversize")) == service.settings.unverified_per_day
    own = reply_to(latest(service, ANN), padding)
    assert pipeline.deliver(service, own).status == "oversize"
    assert len(outbox(service, kind="oversize")) == service.settings.unverified_per_day + 1


def test_the_organiser_gets_one_digest_a_day_for_every_seat_and_silenced_address_not_a_mail_each(
        service: Service, clock: SetClock) -> None:
    first = start(service)
    second = start(service, players=(BOB, ANN))
    ann_prompt, bob_prompt = latest(service, ANN), latest(service, BOB)
    assert (ann_prompt.game_id, bob_prompt.game_id) == (first, second)
    for number in range(5):
        for prompt in (ann_prompt, bob_prompt):
            pipeline.deliver(service, reply_to(prompt, "take 1", sender=f"forger{number}@elsewhere.example",
                                               message_id=f"<d{prompt.game_id}-{number}@forger.example>"))
    for number in range(FORGERIES):
        pipeline.deliver(service, forged_without_token(service, BOB, 100 + number))
    organiser = service.settings.organiser
    # Bob's forged mails to pbem's own address are one text: forwarded once (#30), the rest kept and counted.
    [question] = outbox(service, recipient=organiser)
    assert question.kind == "question" and question.reply_to == BOB
    deadlines.scan(service)
    assert outbox(service, recipient=organiser) == [question], "the day is told once it is over"

    clock.advance(timedelta(days=1))
    deadlines.scan(service)
    [digest] = outbox(service, recipient=organiser, kind="organiser")
    text = " ".join(digest.text.split())
    assert digest.subject == "[pbem] Mail pbem could not verify: 2 seat(s), 1 address(es) silenced"
    assert f"game {first} (Sticks #{first}), seat 1 (ann <{ANN}>): 5 mails, 2 notices to the player" in text
    assert f"game {second} (Sticks #{second}), seat 1 (bob <{BOB}>): 5 mails, 2 notices to the player" in text
    assert f"{BOB} (bob): {FORGERIES} mails without a valid reply token of theirs, 1 answered" in text
    assert ANN + " (ann): " not in text, "Ann's address kept answers left: no news"
    assert "pbem inbound list --status wrong_sender" in digest.text and "<li>" in digest.html

    deadlines.scan(service)
    clock.advance(timedelta(days=1))
    deadlines.scan(service)
    assert len(outbox(service, recipient=organiser, kind="organiser")) == 1, \
        "each day is told once; a quiet day, not at all"
