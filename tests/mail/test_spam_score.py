"""Every kind of mail pbem sends passes a spam filter with room to spare (#44, item 6), and its headers keep
the limits the filters and the RFCs hold them to.

The mails are the real ones, for each of the three games in each of the four languages:

- the scenario of :mod:`tests.support.every_mail` (a tournament round, commands, a refusal, a stranger, a
  question, reminders, timeouts, bounces, the organiser's actions, a dispute, an oversized mail, a league
  round that cannot start): every template that is a mail, through its real path, its players all reading
  the one language (the organiser reads English);
- a whole game of the fewest players answered prompt by prompt
  (:func:`tests.language.test_games_in_languages.play_to_the_end`), with a reminder, a ``status`` and a wrong
  move now and then: the prompts, reminders and game-over mails of a real game, whose recaps are short, unlike
  those of the scenario's games that bots finish.

Each is composed as the outbox composes it (:func:`pbem.serve.outbox.compose`, the From with the service's
name) and, to be scored, DKIM-signed as pbem signs when the relay does not: a mail reaches a filter signed,
by pbem or by its relay (docs/deploy.md, 5), and a few rules count only unsigned mail.

SpamAssassin scores them with its local rules only (``spamassassin -L``: no DNS list, Razor, Pyzor, Bayes
nor DKIM key lookup), in one process (``spamassassin.pl``) that scores while the next mails are made. Every
mail must stay under :data:`LIMIT`, well under the 5.0 at which SpamAssassin calls a mail spam. Scoring
thousands of mails would take minutes, so of each kind, language and game it scores the mails a filter
weighs most apart: the shortest HTML beside the board's picture (what ``HTML_IMAGE_ONLY_*`` counts), the
longest, and the one with the most Latin letters among its words (what ``MIXED_ES`` counts in Greek and
Russian). The header tests read every mail.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta
from email import message_from_bytes, policy
from email.parser import BytesHeaderParser
from itertools import count
from pathlib import Path
from random import Random
from typing import IO, Iterator

import pytest
from sqlmodel import Session, select

import engine
from pbem.app import open_service
from pbem.clock import SetClock
from pbem.mail import signing
from pbem.mail.headers import from_header
from pbem.ops.db import Outbox, Seat
from pbem.play import deadlines
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.serve.outbox import AUTO_RESPONSE_SUPPRESS, SHOWN_PICTURE, compose
from tests.language.test_games_in_languages import listed, play_to_the_end, start
from tests.serve.test_compose_property import encoded_words_too_long
from tests.support.every_mail import Rendered, busy_tournament, rarer_kinds, recording
from tests.support.loop import START, make_settings, reply_to

GAMES = ("dragon", "china", "prodigals")
LANGUAGES = ("en", "el", "hu", "ru")
LIMIT = 2.0
"""The most points a mail may score: SpamAssassin calls a mail spam at 5.0, and a careful sender keeps well
below, since other filters, and receivers' own rules, add points of their own."""
IMAGE_ONLY = 3200
"""SpamAssassin's ``HTML_IMAGE_ONLY_*`` rules (up to 2.8 points) count an HTML part of at most this many
characters, markup included, beside an image: "images with little text", the mark of image spam."""
SCORER = Path(__file__).with_name("spamassassin.pl")
SETTINGS = make_settings(Path("unused"))
"""The worlds' From (every world's settings are these, on its own database)."""
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Sent:
    """One mail pbem sent, as it left: which game's world, the template and language it was rendered from."""

    game: str
    language: str
    template: str
    row: Outbox
    raw: bytes

    def html_length(self) -> int:
        """What the image-only rules measure: the HTML part's characters, markup included."""
        return len(self.row.html)

    def latin_share(self) -> float:
        """The share of Latin letters among the letters of its words, both parts."""
        letters = "".join(_WORD.findall(f"{self.row.text} {_TAG.sub(' ', self.row.html)}"))
        return sum(letter.isascii() for letter in letters) / max(1, len(letters))

    def name(self) -> str:
        return f"{self.template} ({self.game}, {self.language}, outbox row {self.row.id})"


@dataclass(frozen=True)
class Score:
    """SpamAssassin's points for one mail, and the rules that gave them."""

    mail: Sent
    points: float
    rules: dict[str, float]

    def said(self) -> str:
        hit = ", ".join(f"{rule} {points:g}" for rule, points in sorted(self.rules.items(), key=lambda r: -r[1]))
        return f"{self.mail.name()}: {self.points:g} points ({hit})"


class Scorer:
    """SpamAssassin in one process (:data:`SCORER`), fed the paths of signed mails while the next are made."""

    def __init__(self, folder: Path) -> None:
        (folder / "state").mkdir(parents=True)
        (folder / "state" / "user_prefs").touch()
        self.folder, self.results = folder, folder / "results.tsv"
        self.waiting: dict[str, Sent] = {}
        self.errors = folder / "errors.txt"
        with self.errors.open("w") as errors:  # a file, not a pipe: warnings enough to fill one would stall it
            self.process = subprocess.Popen(["perl", str(SCORER), str(folder / "state"), str(self.results)],
                                            stdin=subprocess.PIPE, text=True, stderr=errors)
        key = folder / "dkim.pem"
        signing.make_key(key)
        self.signer = signing.Signer(b"pbem", signing.from_domain(SETTINGS).encode("ascii"), key.read_bytes())

    def score(self, mails: list[Sent]) -> None:
        """Sign each mail as the outbox worker does and hand it to SpamAssassin."""
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        lines = []
        for mail in mails:
            path = self.folder / f"{len(self.waiting):05d}.eml"
            path.write_bytes(self.signer.sign(mail.raw))
            self.waiting[str(path)] = mail
            lines.append(f"{path}\n")
        try:
            stdin.writelines(lines)
            stdin.flush()
        except BrokenPipeError:  # it stopped: Mail::SpamAssassin missing, or a rule file it cannot read
            raise AssertionError(f"SpamAssassin stopped: {self.errors.read_text()}") from None

    def scores(self) -> list[Score]:
        """Every mail's score, once SpamAssassin has read them all."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=600) == 0, self.errors.read_text()
        scored = []
        for line in self.results.read_text().splitlines():
            path, points, hits = line.split("\t")
            rules = {rule: float(value) for rule, _, value in (hit.partition("=") for hit in hits.split(",") if hit)}
            scored.append(Score(self.waiting[path], float(points), rules))
        assert len(scored) == len(self.waiting), self.errors.read_text()
        return scored


@dataclass
class Worlds:
    """Every mail of every game and language, and SpamAssassin scoring some of them (None: not installed)."""

    mails: list[Sent]
    scorer: Scorer | None


def composed(service: Service, rendered: dict[tuple[str, str], Rendered] | None, game: str,
             language: str) -> list[Sent]:
    """Every mail of the service's outbox, composed as the outbox composes it; its template and language as
    recorded (``rendered``), else its kind's and the world's language (a game's own mails)."""
    sender = from_header(service.settings.from_name, service.settings.from_address)
    with Session(service.db) as session:
        rows = list(session.exec(select(Outbox).order_by(Outbox.id)))  # type: ignore[arg-type]
    made = [rendered[(row.subject, row.text)] if rendered is not None else Rendered(row.kind, language)
            for row in rows]
    return [Sent(game, made_as.language, made_as.template, row, compose(row, sender))
            for row, made_as in zip(rows, made)]


def every_kind(folder: Path, game: str, language: str) -> list[Sent]:
    """The mails of :mod:`tests.support.every_mail`, every player reading ``language``; the league round that
    only the organiser hears of comes once a game, in the English world."""
    folder.mkdir()
    clock = SetClock(START)
    service = open_service(make_settings(folder, robot_answers_per_day=100000), clock=clock)
    rendered = recording(service)
    standalone = busy_tournament(service, clock, game, (language,), standalone=game, quick=True)
    rarer_kinds(service, clock, standalone, game, quick=True, league=language == "en")
    return composed(service, rendered, game, language)


def whole_game(folder: Path, game: str, language: str) -> list[Sent]:
    """The mails of a whole game of the fewest players the game takes (the smallest board: the shortest mails
    beside the board's picture), answered prompt by prompt: now and then the deadline nears first (a reminder),
    the player asks ``status``, or sends a move that is no move (a refusal)."""
    folder.mkdir()
    service = start(folder, game, language, seed=3, players=engine.game(game).min_players)
    clock = service.clock
    assert isinstance(clock, SetClock)
    asked = count()

    def now_and_then(prompt: Outbox) -> None:
        turn = next(asked)
        if turn % 5 == 2:
            reminded(service, clock)
        if turn % 9 == 4:
            pipeline.deliver(service, reply_to(prompt, "status"))
        if turn % 11 == 7:
            pipeline.deliver(service, reply_to(prompt, listed(prompt, language)[0].split(" ")[0] + " 77 zzz"))

    play_to_the_end(service, game, language, Random(7), before=now_and_then)
    return composed(service, None, game, language)


def reminded(service: Service, clock: SetClock) -> None:
    """When one seat alone is awaited: the clock runs to just after its reminder is due, and the scan sends it.
    (With several awaited, one could pass its deadline meanwhile, and its answer would be refused.)"""
    with Session(service.db) as session:
        awaiting = list(session.exec(select(Seat).where(Seat.awaiting == True)))  # noqa: E712
    if len(awaiting) != 1 or awaiting[0].deadline is None:
        return
    due = awaiting[0].deadline.replace(tzinfo=clock.now().tzinfo) - timedelta(hours=service.settings.reminder_hours)
    if due > clock.now():
        clock.advance(due - clock.now() + timedelta(minutes=1))
    deadlines.scan(service)


def weighed(mails: list[Sent]) -> list[Sent]:
    """Of each template, language and game, the mails a filter weighs most apart (the module's docstring)."""
    groups: dict[tuple[str, str, str], list[Sent]] = defaultdict(list)
    for mail in mails:
        groups[(mail.game, mail.language, mail.template)].append(mail)
    picked: list[Sent] = []
    for group in groups.values():
        pictured = [mail for mail in group if mail.row.picture] or group
        chosen = (min(pictured, key=Sent.html_length), max(group, key=Sent.html_length),
                  max(group, key=Sent.latin_share))
        picked += list({id(mail): mail for mail in chosen}.values())
    return picked


@pytest.fixture(scope="module")
def worlds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Worlds]:
    """Every game's mails in every language; SpamAssassin, where it is installed, scoring them meanwhile."""
    folder = tmp_path_factory.mktemp("spam")
    scorer = Scorer(folder / "scored") if shutil.which("spamassassin") else None
    mails: list[Sent] = []
    try:
        for game in GAMES:
            for language in LANGUAGES:
                made = (every_kind(folder / f"{game}-{language}", game, language)
                        + whole_game(folder / f"{game}-{language}-game", game, language))
                if scorer is not None:
                    scorer.score(weighed(made))
                mails += made
        yield Worlds(mails, scorer)
    finally:
        if scorer is not None and scorer.process.poll() is None:
            scorer.process.kill()


@pytest.fixture(scope="module")
def scores(worlds: Worlds) -> list[Score]:
    if worlds.scorer is None:
        pytest.skip("SpamAssassin is not installed (Debian: apt-get install spamassassin; .ci/servers does)")
    return worlds.scorer.scores()


def test_every_kind_of_mail_in_every_language_scores_under_the_limit(scores: list[Score]) -> None:
    over = [score.said() for score in sorted(scores, key=lambda score: -score.points) if score.points >= LIMIT]
    assert over == [], f"{len(over)} mails score {LIMIT} points or more:\n" + "\n".join(over)


def test_every_template_was_scored_in_every_language_of_every_game(scores: list[Score],
                                                                    worlds: Worlds) -> None:
    """The limit above holds for each kind of mail a player reads in each language, and the organiser's."""
    made = {(mail.game, mail.language, mail.template) for mail in worlds.mails}
    scored = {(score.mail.game, score.mail.language, score.mail.template) for score in scores}
    assert scored == made
    players = {template for _, language, template in made if language != "en"}
    for game in GAMES:
        for language in LANGUAGES:
            assert {template for g, lang, template in made if (g, lang) == (game, language)} >= players
    assert len(players) > 20, players


def test_every_mail_with_the_boards_picture_says_more_than_the_picture(worlds: Worlds) -> None:
    """Every mail, not only those scored: beside the board's picture, the HTML part says enough in words (the
    board written out, the recap, the moves, what the deadline does, the whole game at its end) that the
    image-only rules never count it."""
    pictured = [mail for mail in worlds.mails if mail.row.picture and SHOWN_PICTURE in mail.row.html]  # an
    # attached one (a follower's short digest) is no image in the HTML
    short = sorted((mail.html_length(), mail.name()) for mail in pictured if mail.html_length() <= IMAGE_ONLY)
    assert pictured and short == []


def test_every_encoded_word_in_every_header_is_75_characters_at_most(worlds: Worlds) -> None:
    """RFC 2047 (2.): every subject of every kind in every language, and the From and List-Id names."""
    long = [(mail.name(), words) for mail in worlds.mails if (words := encoded_words_too_long(mail.raw))]
    assert long == []
    assert any(b"=?utf-8?" in mail.raw.split(b"\r\n\r\n", 1)[0] for mail in worlds.mails)


def test_every_mail_names_the_service_and_asks_for_no_automatic_reply(worlds: Worlds) -> None:
    for mail in worlds.mails:
        message = BytesHeaderParser(policy=policy.default).parsebytes(mail.raw)
        [sender] = message["From"].addresses
        assert (sender.display_name, sender.addr_spec) == (SETTINGS.from_name, SETTINGS.from_address), mail.name()
        assert message["X-Auto-Response-Suppress"] == AUTO_RESPONSE_SUPPRESS, mail.name()


def test_every_picture_is_in_a_related_part_whose_root_is_the_html(worlds: Worlds) -> None:
    pictured = [mail for mail in worlds.mails if mail.row.picture and SHOWN_PICTURE in mail.row.html]  # an
    # attached one (a follower's short digest) is no image in the HTML
    assert {mail.template for mail in pictured} >= {"prompt", "reminder", "status", "game_over"}
    for mail in pictured:
        message = message_from_bytes(mail.raw)  # compat32: the structure is all this reads, eight times as fast
        [related] = [part for part in message.walk() if part.get_content_type() == "multipart/related"]
        assert related.get_param("type") == "text/html", mail.name()
        assert [part.get_content_type() for part in related.get_payload()] == ["text/html", "image/png"]
