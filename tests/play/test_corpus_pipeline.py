"""Every message of the inbound corpus through the real pipeline: the manifest's outcome, nothing else.

The manifest assumes seat 0 of game 1 owes a decision that each message's
moves answer legally. Dragon cannot be in all those decisions at once, so the
game here is Scribe: the smallest protocol game in which seat 0 always owes a
decision and every written line is a legal move. Everything else (tokens,
senders, stale prompts, commands, rate limits, automatic mail) is the real
pipeline on a real database.
"""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select

import engine
from engine.text import ENGLISH, Words
from engine import notation
from pbem.serve import pipeline
from pbem.clock import SetClock
from pbem.ops.db import Inbound
from pbem.play.service import Service
from pbem.mail.tokens import reply_address
from pbem.app import open_service
from tests.support.loop import make_settings, outbox, reply_to
from tests.mail_inbound.corpus_cases import MANIFEST, Case, cases

SECRET, LOCAL, DOMAIN, OWN = "corpus-secret", "dragon", "pbem.example", "dragon@pbem.example"
PLAYERS = ("ann@example.org", "bob@example.org", "cho@example.org", "dee@example.org")
CORPUS_NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Line:
    text: str


class Scribe:
    """Seat 0 writes lines for ever; any non-empty line is a move."""

    name = title = "scribe"
    min_players, max_players, lowest_wins = 2, 5, False
    AHEAD_NOTE = None  # a line is written the same before its turn
    SHOWS_ONE_SEAT = False  # nothing is hidden

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> list[str]:
        return []

    def options(self) -> dict[str, Any]:
        return {}

    def check_options(self, options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
        if options:
            raise engine.OptionError(f"scribe has no options, not {', '.join(sorted(options))}")
        return {}

    def read(self, text: str, state: list[str], seat: int, words: Words = ENGLISH) -> engine.Reading:
        return engine.Reading(self.parse(text, state, seat))

    def to_act(self, state: list[str]) -> set[int]:
        return {0}

    def private(self, notation: str) -> bool:
        return False  # nothing is hidden

    def legal(self, state: list[str], seat: int) -> list[Line]:
        return [Line("pass"), Line("group 2 tax")] if seat == 0 else []

    def apply(self, state: list[str], seat: int, move: Line) -> list[str]:
        if seat != 0:
            raise engine.IllegalMove("only seat 1 writes")
        return [*state, move.text]

    def clone(self, state: list[str]) -> list[str]:
        return list(state)

    def parse(self, text: str, state: list[str], seat: int, words: Words = ENGLISH) -> list[Line]:
        lines = notation.reply_lines(text)
        if not lines:
            raise engine.MoveError("no line to write", expected="any line")
        return [Line(line) for line in lines]

    def format(self, move: Line) -> str:
        return move.text

    def private(self, notation: str) -> bool:
        return False  # every line is written for the whole table

    def format_ahead(self, move: Line) -> str:
        return self.format(move)

    def listed(self, move: Line, state: Any, seat: int, fits: Callable[[str], bool]) -> str:
        return self.format(move)

    def view(self, state: list[str], seat: int | None) -> dict[str, Any]:
        return {"lines": state}

    def render(self, state: list[str], seat: int | None, words: Words = ENGLISH) -> str:
        return f"{len(state)} lines written"

    def decision(self, state: list[str], seat: int) -> engine.Decision | None:
        return engine.Decision("line", "a line", "any line") if seat == 0 else None

    def result(self, state: list[str]) -> engine.Result | None:
        return None

    def picture(self, state: list[str], seat: int | None, words: Words = ENGLISH) -> bytes | None:
        return None

    def picture_audience(self, state: list[str], seat: int | None) -> None:
        return None  # no picture at all: one for everyone

    def determinise(self, state: list[str], seat: int | None, rng: Any) -> list[str]:
        return self.clone(state)  # nothing is hidden

    def ahead(self, text: str, words: Words = ENGLISH) -> engine.Reading:
        return engine.Reading([], tuple(text.splitlines()), ())  # only seat 1 ever writes

    def greedy(self, state: list[str], seat: int, rng: Any) -> Line:
        return Line("pass")


SCRIBE = Scribe()


def new_service(path: Path) -> Service:
    settings = make_settings(path, secret=SECRET, reply_local=LOCAL, domain=DOMAIN, from_address=OWN)
    return open_service(settings, clock=SetClock(CORPUS_NOW), rules=lambda name: SCRIBE)


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Case]]:
    """One database with game 1 where seat 0 was prompted twice; the corpus filled in for it."""
    base = tmp_path_factory.mktemp("corpus")
    service = new_service(base)
    service.new_game("scribe", list(PLAYERS), seed=1)
    old = outbox(service, kind="prompt")[0]
    assert pipeline.deliver(service, reply_to(old, "warm up")).status == "applied"
    service.db.dispose()
    values = {
        **{f"player{seat}": address for seat, address in enumerate(PLAYERS)},
        **{f"reply{seat}": reply_address(LOCAL, DOMAIN, SECRET, 1, seat) for seat in range(4)},
        "stranger": "mallory@evil.example",
        "bad_reply0": reply_address(LOCAL, DOMAIN, SECRET, 1, 0).replace("@", "x@"),
        "old_prompt0": old.message_id.strip("<>"),
    }
    return base / "pbem.db", cases(values)


FILES = [entry["file"] for entry in tomllib.loads(MANIFEST.read_text(encoding="utf-8"))["message"]]


@pytest.mark.parametrize("file", FILES)
def test_corpus_message_gets_the_manifest_outcome(prepared: tuple[Path, list[Case]], tmp_path: Path,
                                                  file: str) -> None:
    database, corpus = prepared
    shutil.copy(database, tmp_path / "pbem.db")
    service = new_service(tmp_path)
    by_file = {case.file: case for case in corpus}
    if file == "duplicate_second.eml":
        pipeline.deliver(service, by_file["duplicate_first.eml"].raw)
    case = by_file[file]
    before = len(outbox(service))
    outcome = pipeline.deliver(service, case.raw)
    assert outcome.status == case.status, f"{file}: {outcome.reason} ({case.note})"
    answers = outbox(service)[before:]
    if case.status in ("ignored", "duplicate"):
        assert answers == [], f"{file}: automatic mail and duplicates get no answer"
    if case.status in ("refused", "oversize", "applied", "command", "wrong_sender"):
        assert answers, f"{file}: a {case.status} message gets an answer"
    if case.status == "stranger":
        assert answers == [], f"{file}: a stranger is never answered"
    mailed = {answer.recipient for answer in answers}
    assert mailed <= {*PLAYERS, service.settings.organiser}, f"{file}: only players and the organiser are mailed"
    with Session(service.db) as session:
        stored = session.exec(select(Inbound).where(Inbound.status != "applied")).all()
        assert all(row.raw for row in stored), "every message is stored raw"
