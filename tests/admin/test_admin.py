"""The organiser's toolkit on a running game: undo, move, deadline, replace, resend, pause, disputes, audit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session, func, select

from pbem.play import deadlines
from pbem.serve import pipeline
from pbem.simulation import swarm
from pbem.admin import AdminError, Desk, disputes, games
from pbem.ops.db import Audit, Dispute, Game, Move, Outbox, Player, Seat
from tests.tournament.conftest import Players, emails, mails


@pytest.fixture
def game(service) -> int:
    """A three-player Dragon game after its three opening moves (seats 2, 3, 1), seat 3 to act."""
    game_id = service.new_game("dragon", emails(3), seed=3)
    Players(service).answer_all(rounds=3)
    return game_id


@pytest.fixture
def admin(service) -> Desk:
    return Desk(service, "tester")


def snapshot(service, game_id: int) -> tuple:
    """Everything an action could change: moves, seats, the game row, mails queued, audit rows."""
    with Session(service.db) as session:
        moves = [(m.seq, m.notation, m.reverted) for m in session.exec(select(Move).where(Move.game_id == game_id))]
        seats = [(s.player_id, s.bot, s.awaiting, s.deadline) for s in session.exec(select(Seat).where(
            Seat.game_id == game_id).order_by(Seat.seat))]
        row = session.get(Game, game_id)
        counts = [session.exec(select(func.count()).select_from(table)).one() for table in (Outbox, Audit)]
        return moves, seats, (row.status, row.version), counts


def open_seats(service, game_id: int) -> list[int]:
    with Session(service.db) as session:
        return [s.seat + 1 for s in session.exec(select(Seat).where(Seat.game_id == game_id, Seat.awaiting == True))]  # noqa: E712


def test_undo_marks_later_moves_reverted_reprompts_and_tells_the_table(service, admin, game) -> None:
    reverted = games.undo(admin, game, 2, "seat 1 misread the board")
    assert reverted == [3]
    log = games.log(admin, game)
    assert [(line.seq, line.reverted) for line in log] == [(1, False), (2, False), (3, True)]
    assert open_seats(service, game) == [1]
    notices = mails(service, "organiser_action")
    assert len(notices) == 3 and "The organiser took back moves" in notices[0].subject
    assert "seat 1 misread the board" in notices[0].text
    assert mails(service, "prompt")[-1].recipient == "player01@example.org"
    audit = disputes.audit_log(admin, game)[-1]
    assert (audit.actor, audit.action) == ("tester", "undo") and "misread" in audit.detail


def test_undoing_a_move_another_player_answered_needs_force_and_changes_nothing_without(
        service, admin, game) -> None:
    before = snapshot(service, game)
    with pytest.raises(AdminError, match="already answered .* --force"):
        games.undo(admin, game, 0, "restart")
    assert snapshot(service, game) == before
    games.undo(admin, game, 0, "restart", force=True)
    assert all(line.reverted for line in games.log(admin, game))
    text = mails(service, "organiser_action")[-1].text
    assert "answered moves that are now taken back" in text
    assert open_seats(service, game) == [2]


def test_bad_undo_requests_are_refused_with_the_reason(service, admin, game) -> None:
    before = snapshot(service, game)
    with pytest.raises(AdminError, match="nothing to undo"):
        games.undo(admin, game, 3, "why")
    with pytest.raises(AdminError, match="--reason is required"):
        games.undo(admin, game, 2, " ")
    with pytest.raises(AdminError, match="there is no game 99"):
        games.undo(admin, 99, 2, "why")
    assert snapshot(service, game) == before


def test_organiser_move_is_logged_as_admin_and_an_illegal_one_changes_nothing(service, admin, game) -> None:
    before = snapshot(service, game)
    with pytest.raises(AdminError, match="seat 1 owes no decision now; waiting for seat 3"):
        games.move(admin, game, 1, "anything", "test")
    with pytest.raises(AdminError, match="legal now"):
        games.move(admin, game, 3, "fly to the moon", "test")
    with pytest.raises(AdminError, match="seats 1-3"):
        games.move(admin, game, 4, "x", "test")
    with Session(service.db) as session:
        table = service.store.load(session, game)
        first = table.rules.format(table.rules.legal(table.state, 2)[0])
    with pytest.raises(AdminError, match="go past the seat's turn"):  # kept moves are a player's, not the organiser's
        games.move(admin, game, 3, f"{first}\n{first}", "test")
    assert snapshot(service, game) == before
    with Session(service.db) as session:
        table = service.store.load(session, game)
        legal = table.rules.format(table.rules.legal(table.state, 2)[0])
    assert games.move(admin, game, 3, legal, "player phoned it in") == [legal]
    assert games.log(admin, game)[3].source == "admin"
    assert "made a move for you" in mails(service, "organiser_action")[-1].subject


def test_deadline_extension_moves_the_open_deadline_and_bad_durations_are_refused(service, admin, game) -> None:
    with Session(service.db) as session:
        before = session.exec(select(Seat).where(Seat.game_id == game, Seat.seat == 2)).one().deadline
    assert games.extend_deadline(admin, game, "48h", "travelling") == [3]
    with Session(service.db) as session:
        after = session.exec(select(Seat).where(Seat.game_id == game, Seat.seat == 2)).one().deadline
    assert after - before == timedelta(hours=48)
    assert "(extended by 2 days)" in " ".join(mails(service, "organiser_action")[-1].text.split())
    state = snapshot(service, game)
    for bad, match in (("48x", "not a duration"), ("0h", "positive")):
        with pytest.raises(AdminError, match=match):
            games.extend_deadline(admin, game, bad, "travelling")
    with pytest.raises(AdminError, match="no open deadline for seat 1"):
        games.extend_deadline(admin, game, "1d", "x", seat_no=1)
    assert snapshot(service, game) == state


def test_replace_by_a_bot_plays_on_and_by_a_person_prompts_them(service, admin, game) -> None:
    assert games.replace(admin, game, 3, "newcomer@example.org", "seat 3 left") == "newcomer"
    assert mails(service, "prompt")[-1].recipient == "newcomer@example.org"
    assert "You were replaced" in mails(service, "organiser_action")[-2].subject
    with pytest.raises(AdminError, match="already plays seat 3"):
        games.replace(admin, game, 1, "newcomer@example.org", "x")
    with pytest.raises(AdminError, match="email address, or bot"):
        games.replace(admin, game, 1, "nobody", "x")
    games.replace(admin, game, 3, "bot", "newcomer vanished")
    assert 3 not in open_seats(service, game)
    assert games.log(admin, game)[-1].source == "bot"


@pytest.mark.parametrize(("given", "said"), [("new@example.org\r\nBcc: all@example.org", "control characters"),
                                             ("josé@example.es", "outside ASCII"),
                                             ('"a b"@example.org', "quoted part")])
def test_replace_refuses_an_address_pbem_cannot_mail_and_changes_nothing(service, admin, game, given, said) -> None:
    before = snapshot(service, game)
    with pytest.raises(AdminError, match=f"--player .*{said}"):
        games.replace(admin, game, 3, given, "seat 3 left")
    assert snapshot(service, game) == before


def test_replace_by_the_search_bot_at_a_strength(service, admin, game) -> None:
    with pytest.raises(AdminError, match="bot:search:N .*only the search bot takes a strength"):
        games.replace(admin, game, 3, "bot:greedy:9", "x")
    with pytest.raises(AdminError, match="unknown bot 'clever'"):
        games.replace(admin, game, 3, "bot:clever", "x")
    games.replace(admin, game, 3, "bot:search:4", "seat 3 left")
    with Session(service.db) as session:
        assert session.exec(select(Seat).where(Seat.game_id == game, Seat.seat == 2)).one().bot == "search:4"
    assert 3 not in open_seats(service, game)
    assert games.log(admin, game)[-1].source == "bot"


@pytest.mark.parametrize(("language", "said"), [("en", "is played by a search bot."), ("el", "ένα bot (αναζήτησης)"),
                                                  ("ru", "занимает поисковый бот")])
def test_the_replaced_player_reads_the_bots_kind_in_their_language(service, admin, game, language, said) -> None:
    with Session(service.db) as session:
        (leaving,) = session.exec(select(Player).join(Seat, Seat.player_id == Player.id).where(
            Seat.game_id == game, Seat.seat == 2)).all()
        leaving.language = language
        session.add(leaving)
        session.commit()
        email = leaving.email
    games.replace(admin, game, 3, "bot:search:4", "seat 3 left")
    told = [row for row in mails(service, "organiser_action") if row.recipient == email][-1]
    assert said in " ".join(told.text.split())
    if language != "en":
        assert "search bot" not in told.text and "bot search" not in told.text


def test_resend_queues_the_open_prompt_again_only_for_a_seat_that_owes_one(service, admin, game) -> None:
    prompts = len(mails(service, "prompt"))
    games.resend(admin, game, 3)
    assert len(mails(service, "prompt")) == prompts + 1
    with pytest.raises(AdminError, match="no open prompt"):
        games.resend(admin, game, 1)


def test_pause_stops_the_clock_and_resume_gives_a_full_deadline(service, admin, game, clock) -> None:
    games.pause(admin, game, "investigating a dispute")
    with pytest.raises(AdminError, match="only an active game"):
        games.pause(admin, game, "again")
    clock.advance(timedelta(days=10))
    assert deadlines.scan(service).timeouts == 0
    prompt = mails(service, "prompt")[-1]
    refused = pipeline.deliver(service, swarm.reply(prompt.recipient, prompt.reply_to, prompt.subject,
                                                    prompt.message_id, swarm.legal_moves(prompt.text)[0]).raw)
    assert (refused.status, refused.reason, refused.moves) == ("refused", "the organiser paused the game", 0)
    assert "paused this game" in " ".join(mails(service, "refusal")[-1].text.split())  # the line wraps at 78
    games.resume(admin, game, "settled")
    with Session(service.db) as session:
        seat = session.exec(select(Seat).where(Seat.game_id == game, Seat.seat == 2)).one()
    assert seat.deadline == clock.now() + timedelta(hours=72)
    assert [a.action for a in disputes.audit_log(admin, game)][-2:] == ["pause", "resume"]


def test_a_players_dispute_is_listed_shown_and_resolved_with_a_reply(service, admin, game, clock) -> None:
    clock.advance(timedelta(minutes=5))
    prompt = mails(service, "prompt")[-1]
    pipeline.deliver(service, swarm.reply(prompt.recipient, prompt.reply_to, prompt.subject, prompt.message_id,
                                          "dispute seat 1 played out of turn").raw)
    [(dispute, label, email)] = disputes.disputes(admin, "open")
    assert (email, dispute.text) == (prompt.recipient, "seat 1 played out of turn")
    games.undo(admin, game, 2, f"dispute {dispute.id}")
    _, _, _, trail = disputes.dispute(admin, dispute.id)
    assert [row.action for row in trail] == ["dispute", "undo"]
    disputes.resolve(admin, dispute.id, "move 3 taken back")
    with pytest.raises(AdminError, match="resolved already"):
        disputes.resolve(admin, dispute.id, "again")
    with pytest.raises(AdminError, match="no dispute 42"):
        disputes.resolve(admin, 42, "x")
    with Session(service.db) as session:
        assert session.get(Dispute, dispute.id).status == "resolved"
    assert "Your dispute was resolved" in mails(service, "organiser_action")[-1].subject


@pytest.mark.parametrize("language", ["el", "hu", "ru"])
def test_undo_and_a_move_for_a_player_quote_the_moves_in_the_readers_words(service, admin, game,
                                                                            language: str) -> None:
    """The moves an undo takes back, and the move the organiser made for a player, as their prompts write them."""
    import engine
    from pbem.language.words import words
    with Session(service.db) as session:
        for player in session.exec(select(Player)):
            player.language = language
            session.add(player)
        session.commit()
        third = session.exec(select(Move).where(Move.game_id == game, Move.seq == 3)).one()
    said = words(engine.game("dragon"), language)
    games.undo(admin, game, 2, "seat 1 misread the board")
    for notice in mails(service, "organiser_action"):
        text = " ".join(notice.text.split())
        assert said.move(third.notation) in text and said.move(third.notation) != third.notation
        assert f"3. {said.move(third.notation)}" not in text  # the line names the seat before the move
        assert "seat 1 (" not in text, text  # the seat label too is in the reader's words
    with Session(service.db) as session:
        state = service.store.load(session, game).state
        seat = min(engine.game("dragon").to_act(state))
        legal = engine.game("dragon").format(engine.game("dragon").legal(state, seat)[0])
    games.move(admin, game, seat + 1, legal, "played for a player away")
    told = " ".join(mails(service, "organiser_action")[-1].text.split())
    assert said.move(legal) in told and (said.move(legal) == legal or legal not in told), told
