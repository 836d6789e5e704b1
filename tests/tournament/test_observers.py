"""Observers by mail (#47 item 4): ``follow GAME`` and ``unfollow GAME`` for whom the tournament allows, a
spectator's view a day or after each move, double opt-in for addresses no player has, one confirmation an
address a day, and nothing at all for a stranger where only players may follow."""

from __future__ import annotations

import re
from dataclasses import replace
from email import message_from_bytes
from datetime import timedelta
from itertools import count

import pytest
from sqlmodel import Session, select

import engine
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.ops.db import Follower, Move, Outbox
from pbem.play import deadlines, observers
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.serve.outbox import SHOWN_PICTURE, compose
from pbem.tournament import runner
from tests.tournament.conftest import ORGANISER, Players, definition, emails, make_settings, mails
from tests.tournament.test_reply_to import new_mail
from tests.language.test_games_in_languages import listed
from tests.support.loop import reply_to

FAN = "fan@example.net"
NUMBERS = count(100)


def tournament(service: Service, observers: str) -> int:
    """A round of a Dragon tournament of four whose file says who may follow its games; the game's id."""
    text = definition(rounds=1).replace("seed = 7", f'seed = 7\nobservers = "{observers}"')
    tournament_id = runner.create(service, text, ORGANISER)
    for email in emails(4):
        runner.register(service, tournament_id, email, "", ORGANISER)
    runner.start_round(service, tournament_id, ORGANISER)
    (game_id,) = {row.game_id for row in mails(service, "prompt")}
    return game_id


def to_desk(service: Service, sender: str, text: str) -> str:
    return pipeline.deliver(service, new_mail(sender, service.settings.from_address, text, next(NUMBERS))).status


def observed(service: Service, email: str = FAN) -> list[Outbox]:
    with Session(service.db) as session:
        return list(session.exec(select(Outbox).where(Outbox.recipient == email).order_by(Outbox.id)))


def test_a_stranger_follows_after_confirming_sees_no_private_move_and_unfollow_stops_it(service, clock) -> None:
    game_id = tournament(service, "anyone")
    assert to_desk(service, FAN, f"follow {game_id}") == "command"
    (confirm,) = observed(service)
    assert confirm.kind == "observer" and "Confirm that you want to follow" in confirm.subject
    assert confirm.reply_to == service.settings.from_address
    assert confirm.unsubscribe == f"<mailto:{service.settings.from_address}?subject=unfollow%20{game_id}>"
    token = re.search(rf"follow {game_id} confirm (\w+)", confirm.text)
    assert token, confirm.text
    assert 'reply "unfollow' in " ".join(confirm.text.split())
    with Session(service.db) as session:
        assert session.exec(select(Follower)).one().token_hash != token[1], "only the token's hash is kept"
    assert to_desk(service, FAN, f"follow {game_id} confirm 0000000000") == "stranger"
    assert to_desk(service, "other@example.net", f"follow {game_id} confirm {token[1]}") == "stranger"
    assert len(observed(service)) == 1 and observed(service, "other@example.net") == []
    assert to_desk(service, FAN, f"follow {game_id} confirm {token[1]}") == "command"
    following = observed(service)[-1]
    assert "You follow this game" in following.subject and "a mail a day" in " ".join(following.text.split())
    # a standing order (a private move) is played, then moves; a day passes: the day's digest
    prompt = mails(service, "prompt")[-1]
    ordered = reply_to(prompt, f"release order: craftsman\n{listed(prompt, 'en')[0]}")
    assert pipeline.deliver(service, ordered).status == "applied"
    Players(service, seed=2).answer_all(rounds=2)
    clock.advance(timedelta(days=1, minutes=1))
    deadlines.scan(service)
    digests = [row for row in observed(service) if "What happened" in row.subject]
    assert len(digests) == 1
    digest = digests[0]
    with Session(service.db) as session:
        moves = list(session.exec(select(Move).where(Move.game_id == game_id)))
    private = [move.notation for move in moves if engine.game("dragon").private(move.notation)]
    assert private, "a standing order was set"
    flat = " ".join(digest.text.split())
    assert "release order" not in flat and "set a standing order" in flat
    assert digest.picture and "Moves:" in digest.text and digest.unsubscribe.endswith(f"unfollow%20{game_id}>")
    assert 'To stop, reply "unfollow' in flat
    assert to_desk(service, FAN, f"unfollow {game_id}") == "command"
    assert "You no longer follow" in observed(service)[-1].subject
    before = len(observed(service))
    Players(service, seed=3).answer_all(rounds=2)
    clock.advance(timedelta(days=2))
    deadlines.scan(service)
    assert len(observed(service)) == before, "unfollow stops the mails"
    assert {row.kind for row in observed(service)} == {"observer"}, "an observer is never prompted"


def test_one_confirmation_an_address_a_day_whatever_it_asks(service, clock) -> None:
    game_id = tournament(service, "anyone")
    statuses = [to_desk(service, FAN, f"follow {game_id}") for _ in range(5)]
    statuses += [to_desk(service, FAN, f"follow {game_id} move")]
    assert statuses[0] == "command" and set(statuses[1:]) <= {"rate_limited"}
    assert len(observed(service)) == 1
    clock.advance(timedelta(days=1, minutes=1))
    assert to_desk(service, FAN, f"follow {game_id}") == "command"
    assert len(observed(service)) == 2, "a day later: one more"


@pytest.mark.parametrize("observers", ["players", "none"])
def test_a_stranger_gets_nothing_where_only_players_or_no_one_may_follow(service, observers: str) -> None:
    game_id = tournament(service, observers)
    for text in (f"follow {game_id}", f"unfollow {game_id}", "follow 999", "follow me"):
        assert to_desk(service, FAN, text) == "stranger"
    assert observed(service) == []


def test_a_player_of_the_tournament_follows_each_move_at_once_and_an_outsider_player_is_told_no(service) -> None:
    game_id = tournament(service, "players")
    watcher = emails(4)[0]
    assert to_desk(service, watcher, f"Follow {game_id} move") == "command"
    following = [row for row in observed(service, watcher) if row.kind == "observer"]
    assert "You follow this game" in following[-1].subject and "after each move" in " ".join(following[-1].text.split())
    Players(service).answer_all(rounds=1)
    digests = [row for row in observed(service, watcher) if row.kind == "observer" and "What happened" in row.subject]
    assert digests, "a mail after each move"
    assert to_desk(service, watcher, "follow twelve") == "refused"
    refused = observed(service, watcher)[-1]
    assert refused.kind == "observer" and "nothing was changed" in refused.subject


def test_observers_setting_is_checked_in_the_file() -> None:
    from tournaments.definition import load
    from tournaments.errors import DefinitionError

    with pytest.raises(DefinitionError, match="observers: 'all' is not one of 'none', 'players', 'anyone'"):
        load(definition().replace("seed = 7", 'seed = 7\nobservers = "all"'))
    assert load(definition()).observers == "none"


def test_a_short_digest_goes_without_the_picture_a_long_one_with_it(service: Service, clock: SetClock) -> None:
    """A digest of a move or two is too short an HTML part to show an image in (SpamAssassin's image-only rules):
    its HTML shows the text board, and the picture is attached; a longer one shows the picture inline."""
    game_id = tournament(service, "anyone")
    to_desk(service, FAN, f"follow {game_id} move")
    to_desk(service, FAN, re.search(rf"follow {game_id} confirm \w+", observed(service)[-1].text).group(0))
    Players(service, seed=2).answer_all(rounds=1)
    digests = [row for row in observed(service) if "What happened" in row.subject]
    assert digests, "a mail after each move"
    for row in digests:
        assert row.picture, "every digest carries the picture"
        shown = SHOWN_PICTURE in row.html
        assert shown == (len(row.html) > observers.WORDS_BESIDE_A_PICTURE), len(row.html)
        raw = message_from_bytes(compose(row, "pbem <pbem@pbem.localhost>"))
        [image] = [part for part in raw.walk() if part.get_content_type() == "image/png"]
        assert image.get_content_disposition() == ("inline" if shown else "attachment")
        assert raw.get_content_type() == ("multipart/alternative" if shown else "multipart/mixed")
    assert any(SHOWN_PICTURE not in row.html for row in digests), "the first, of one move, is short"


def test_strangers_confirmations_are_bounded_a_day_in_all(tmp_path, clock: SetClock) -> None:
    """Many addresses, one confirmation each, would let a stranger make pbem mail any number of third parties:
    the day's confirmations to addresses no player has stop at ``signups_per_day``."""
    service = open_service(replace(make_settings(tmp_path), signups_per_day=2), clock=clock)
    game_id = tournament(service, "anyone")
    answered = [to_desk(service, f"fan{n}@example.net", f"follow {game_id}") for n in range(4)]
    assert [len(observed(service, f"fan{n}@example.net")) for n in range(4)] == [1, 1, 0, 0], answered
    clock.advance(timedelta(days=1, minutes=1))
    to_desk(service, "fan3@example.net", f"follow {game_id}")
    assert len(observed(service, "fan3@example.net")) == 1, "a new day, a new budget"
