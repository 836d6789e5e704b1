"""Every kind of mail pbem sends, each caused through its real path, for any game and any readers' languages.

One tournament (a round of one game) with a seat that misses its deadline, mail from a stranger to a seat,
commands, an undo asked and refused by another player, a refusal, a question and a ``leave`` at pbem's own address, played to the end; then a game of no
tournament whose player's mail bounces, the organiser's actions at its table, a dispute, an oversized mail, a
league player's confirmed ``leave`` and a league round that cannot start. The mail world's DKIM test
(``tests/tournament/test_mail_world.py``) sends it once in four languages mixed; the spam-score test
(``tests/mail/test_spam_score.py``) once per game and language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from itertools import cycle, islice
from typing import Any, Sequence

from sqlmodel import Session, select

from pbem.clock import SetClock
from pbem.admin import Desk, disputes, games
from pbem.language.words import SOURCE_LANGUAGE
from pbem.ops.db import Outbox, Player, Seat
from pbem.ops.tournament_tables import TournamentTable
from pbem.play import deadlines
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.tournament import runner, signup
from tests.play.test_bounces import fixture, mailed_again, return_path
from tests.support.loop import outbox, reply_to
from tests.tournament.conftest import ORGANISER, Players, definition, emails, mails, tournament_with
from tests.tournament.test_reply_to import new_mail

NAME = "Κύπελλο Őszi Кубок"
MIXED = ("el", "ru", "hu", "en", "el")
"""The readers of the mail world: a Greek, a Russian, a Hungarian, an English and another Greek player."""
QUICK = "\n[timeouts]\nmax_timeouts = 1\n"
"""A tournament's timeouts when games end quickly: a seat's first missed deadline hands it to a bot for good."""
WATCHER = "watcher@elsewhere.example"
"""An address no player has that follows a table by mail."""
FRIEND = "friend@example.org"
"""The player of the game of no tournament whose mail bounces."""


def busy_tournament(service: Service, clock: SetClock, game: str = "dragon", languages: Sequence[str] = MIXED,
                    standalone: str = "china", quick: bool = False) -> int:
    """Every kind of mail a tournament causes, queued: five players reading ``languages`` at tables of
    ``game``, a seat that misses its deadline, a mail from a stranger to a seat and a leave asked at pbem's own
    address; then a game of ``standalone`` in no tournament, whose id it returns (its first player,
    :data:`FRIEND`, reads the first of ``languages`` when there is only one).

    ``quick``: the games end by every seat missing a deadline once (a bot then keeps the seat), not by the
    players answering every prompt: a Prodigals game asks hundreds of decisions, a minute of replies."""
    text = (definition(1, QUICK if quick else "", game).replace('name = "Test Open"', f'name = "{NAME}"')
            .replace("seed = 7", f'seed = 7\nobservers = "anyone"')
            .replace("table_sizes = [3, 4, 5]", "table_sizes = [3, 4]").replace("preferred = 4", "preferred = 3"))
    tournament_id = runner.create(service, text, ORGANISER)
    for email, language in zip(emails(5), islice(cycle(languages), 5)):
        runner.register(service, tournament_id, email, "", ORGANISER, language)
    runner.start_round(service, tournament_id, ORGANISER)
    first, second = emails(2)
    at = service.settings.from_address
    mailed = [new_mail(email, at, "notify each", number) for number, email in enumerate(emails(5)[2:])]
    mailed += [new_mail(second, at, "notify digest", 10), new_mail(second, at, "calendar on", 14),
               new_mail(second, at, "help", 11),
               new_mail(first, at, "είναι υπάρχει έπαθλο;", 12), new_mail(first, at, "leave", 13)]
    for raw in mailed:
        pipeline.deliver(service, raw)
    seated = mails(service, "prompt")
    follow_by_mail(service, seated[0].game_id or 0)
    pipeline.deliver(service, reply_to(seated[0], "status"))
    pipeline.deliver(service, reply_to(seated[0], "history"))
    pipeline.deliver(service, reply_to(seated[0], "say Καλή τύχη σε όλους! Удачи!"))
    pipeline.deliver(service, reply_to(seated[0], "zzz not a move"))
    pipeline.deliver(service, reply_to(seated[0], "take 1", sender="stranger@elsewhere.example"))
    undo_refused(service, seated[0])
    Players(service).answer_all(rounds=3)
    clock.advance(timedelta(hours=37))
    deadlines.scan(service)  # reminders (12 h before the 48 h deadline), the digest, the organiser's digest
    clock.advance(timedelta(hours=12))
    deadlines.scan(service)  # timeouts
    to_the_end(service, clock, quick)  # game over, standings
    if len(set(languages)) == 1:  # the friend reads the world's one language too
        with Session(service.db) as session:
            session.add(Player(email=FRIEND, name="", language=languages[0]))
            session.commit()
    return service.new_game(standalone, [FRIEND, *emails(2)], seed=3, label="Ένα παιχνίδι")


def undo_refused(service: Service, prompt: Outbox) -> None:
    """The prompted player plays the first move listed, asks to take it back (``undo``), and another player says
    no: the vote mails and the refusal go to the table. The first step of a turn (a China card played, before
    its draw) shows nothing hidden, so every game asks the table; a turn that drew is refused at once, which the
    undo's own tests show."""
    pipeline.deliver(service, reply_to(prompt, "1"))
    pipeline.deliver(service, reply_to(outbox(service, recipient=prompt.recipient, game_id=prompt.game_id)[-1], "undo"))
    votes = outbox(service, kind="undo", game_id=prompt.game_id)
    if votes:
        pipeline.deliver(service, reply_to(votes[0], "no"))


def follow_by_mail(service: Service, game_id: int) -> None:
    """An address no player has follows the table (observer mails: the confirmation, then one after each move)."""
    at = service.settings.from_address
    pipeline.deliver(service, new_mail(WATCHER, at, f"follow {game_id} move", 15))
    confirm = re.search(rf"follow {game_id} confirm \w+", mails(service, "observer")[-1].text)
    assert confirm, mails(service, "observer")[-1].text
    pipeline.deliver(service, new_mail(WATCHER, at, confirm.group(0), 16))


def rarer_kinds(service: Service, clock: SetClock, standalone: int, game: str = "dragon", quick: bool = False,
                league: bool = True) -> None:
    """The mails a quiet tournament never causes, each through its real path: an oversized mail from a player,
    a player of the standalone game whose mail bounces on three days, the organiser's actions at that table
    (``pbem admin``), a dispute answered after its player left the table, and with ``league`` a league (of
    ``game``) player's confirmed ``leave`` and the league's round that then cannot start (``quick``: as for
    :func:`busy_tournament`)."""
    first = emails(1)[0]
    pipeline.deliver(service, new_mail(first, service.settings.from_address, "x" * service.settings.max_message_bytes,
                                       20))
    for day in range(service.settings.bounce_threshold):  # the organiser and friend's table hear
        clock.advance(timedelta(days=1))
        mailed_again(service, FRIEND)  # each day's bounce is of that day's mail: a return path counts once
        address = return_path(service, FRIEND)
        pipeline.deliver(service, fixture("postfix", address, tag=f"day{day}."), [address], envelope_sender="")
    desk = Desk(service, ORGANISER)
    games.pause(desk, standalone, "η διαιτησία εξετάζει")  # every seat is told, in its thread
    games.resume(desk, standalone, "έγινε")
    seated = outbox(service, recipient=FRIEND, game_id=standalone)[-1]  # a mail in the seat's thread
    pipeline.deliver(service, reply_to(seated, "dispute Ο κανόνας; Правило?"))
    [(dispute, _, _)] = disputes.disputes(desk)
    games.replace(desk, standalone, (seated.seat or 0) + 1, emails(5)[4], "left the table")
    disputes.reply(desk, dispute.id or 0, "Ναι, έτσι είναι.")  # to a player no longer seated: out of the thread
    if league:
        league_round_that_cannot_start(service, clock, game, quick)
    sign_ups(service, game)


SIGN_UP = "Sign-up Cup"
"""The tournament open to sign-ups by mail, approved by the organiser, that :func:`sign_ups` fills."""


def sign_ups(service: Service, game: str) -> None:
    """Strangers sign up by mail: each gets the confirmation and, confirmed, the note that the organiser decides;
    one is approved (the welcome, saying what was guessed), one refused, and two confirm after the tournament
    filled (told so). They write in the four languages, so each gets its mails in one."""
    text = definition(2, "\n[signup]\nopen = true\ncap = 4\n", game).replace('name = "Test Open"',
                                                                           f'name = "{SIGN_UP}"')
    tournament_id = runner.create(service, text, ORGANISER)
    for email in emails(2):
        runner.register(service, tournament_id, email, "", ORGANISER)
    strangers = ("nea@example.gr", "novy@example.ru", "uj@example.hu", "new@example.com")
    words = ("Συμμετοχή στο Sign-up Cup", "Записаться на Sign-up Cup", "Jelentkezem: Sign-up Cup", "join Sign-up Cup")
    for number, (address, said) in enumerate(zip(strangers, words)):
        pipeline.deliver(service, new_mail(address, service.settings.from_address, said, 30 + number))
    for address in strangers:
        [asked] = outbox(service, recipient=address, kind="signup")
        pipeline.deliver(service, reply_to(asked, ""))
    signup.approve(service, tournament_id, strangers[0], "", ORGANISER)
    signup.refuse(service, tournament_id, strangers[1], "", ORGANISER)


def league_round_that_cannot_start(service: Service, clock: SetClock, game: str, quick: bool) -> None:
    """A league player's confirmed ``leave`` (the organiser hears), and the next round, too small to start."""
    first = emails(1)[0]
    league = '[league]\nseason = "S"\nnext_round = "dates"\ndates = [2020-01-01, 2020-01-02]\n'
    tournament_id = tournament_with(service, 4, rounds=2, extra=league + (QUICK if quick else ""), game=game)
    runner.start_round(service, tournament_id, ORGANISER)
    at = service.settings.from_address
    pipeline.deliver(service, new_mail(first, at, "leave", 21))
    [asked] = [row for row in mails(service, "command") if row.recipient == first][-1:]
    confirm = re.search(r"leave confirm \w+", asked.text)
    assert confirm, asked.text
    pipeline.deliver(service, new_mail(first, at, confirm.group(0), 22))  # the organiser hears that first left
    runner.drop(service, tournament_id, emails(2)[1], "ill", ORGANISER)
    to_the_end(service, clock, quick)  # round 1 ends; round 2, due, has too few players: the organiser hears


def to_the_end(service: Service, clock: SetClock, quick: bool) -> None:
    """Play every tournament's open games to their end: the players answer every prompt, or (``quick``) each
    deadline passes until bots hold every seat (:data:`QUICK`)."""
    if not quick:
        Players(service).answer_all()
        return
    tables = select(TournamentTable.game_id)
    for _ in range(20):
        with Session(service.db) as session:
            awaiting = select(Seat).where(Seat.awaiting == True, Seat.game_id.in_(tables))  # type: ignore[attr-defined]  # noqa: E712
            if not session.exec(awaiting).first():
                return
        clock.advance(timedelta(hours=49))
        deadlines.scan(service)
    raise AssertionError("bots did not finish the games")


@dataclass(frozen=True)
class Rendered:
    """What a mail was rendered from: its template and the language it was rendered in."""

    template: str
    language: str


def recording(service: Service) -> dict[tuple[str, str], Rendered]:
    """Which template each mail was rendered from, and in which language, keyed by its subject and text: the
    outbox keeps only the kind, and several templates share one (the organiser's mails, a table's mails about
    an admin's action)."""
    made: dict[tuple[str, str], Rendered] = {}
    render = service.letters.render

    def recorded(name: str, language: str = SOURCE_LANGUAGE, **context: Any) -> Any:
        letter = render(name, language, **context)
        made[(letter.subject, letter.text)] = Rendered(name, language)
        return letter
    service.letters.render = recorded  # type: ignore[method-assign]
    return made
