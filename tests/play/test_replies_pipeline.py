"""A sample of the client-and-language replies through the real pipeline: each applies exactly its moves.

As in test_corpus_pipeline, the game is Scribe, in which seat 0 always owes a
decision and every line is a move: so a line of the quoted prompt or of a
header block that survived extraction would be played too, and show up here.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from sqlmodel import Session, select

from engine import notation
from pbem.serve import pipeline
from pbem.ops.db import Move
from tests.support.loop import outbox, reply_to
from tests.play.test_corpus_pipeline import PLAYERS, new_service
from tests.mail_inbound.replies_cases import MANIFEST, Reply, replies
from tests.mail_inbound.test_corpus import VALUES

# A third of the client x language table, on diagonals: each client in about
# three languages and each language with about four clients, at a third of the cost.
DIAGONALS = 3


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Reply]]:
    """One database with game 1 where seat 0 owes a line; the replies filled in for it."""
    base = tmp_path_factory.mktemp("replies")
    service = new_service(base)
    service.new_game("scribe", list(PLAYERS), seed=1)
    assert pipeline.deliver(service, reply_to(outbox(service, kind="prompt")[0], "warm up")).status == "applied"
    service.db.dispose()
    return base / "pbem.db", {case.file: case for case in replies(VALUES)}


def _sample() -> list[str]:
    """The first message of every (client, language) pair on the diagonals, and of each pair of a client they miss."""
    entries = tomllib.loads(MANIFEST.read_text(encoding="utf-8"))["message"]
    clients = sorted({entry["client"] for entry in entries})
    languages = sorted({entry["language"] for entry in entries})
    first: dict[tuple[str, str], str] = {}
    for entry in entries:
        first.setdefault((entry["client"], entry["language"]), entry["file"])
    chosen = {
        pair: file for pair, file in first.items() if (clients.index(pair[0]) + languages.index(pair[1])) % DIAGONALS == 0
    }
    missed = set(clients) - {client for client, _language in chosen}
    chosen.update({pair: file for pair, file in first.items() if pair[0] in missed})
    return sorted(chosen.values())


SAMPLE = _sample()


def test_the_sample_has_every_client_and_every_language() -> None:
    cases = {case.file: case for case in replies(VALUES)}
    sampled = [cases[file] for file in SAMPLE]
    assert {case.client for case in sampled} == {case.client for case in cases.values()}
    assert {case.language for case in sampled} == {case.language for case in cases.values()}


@pytest.mark.parametrize("file", SAMPLE)
def test_a_reply_from_any_client_applies_its_moves_and_nothing_else(
    prepared: tuple[Path, dict[str, Reply]], tmp_path: Path, file: str
) -> None:
    database, by_file = prepared
    shutil.copy(database, tmp_path / "pbem.db")
    service = new_service(tmp_path)
    case = by_file[file]

    outcome = pipeline.deliver(service, case.raw)

    assert outcome.status == "applied", f"{file}: {outcome.reason} ({case.note})"
    with Session(service.db) as session:
        played = session.exec(select(Move).where(Move.source == "email").order_by(Move.seq)).all()
    moves = [move.notation for move in played][1:]  # the first is the warm-up
    assert moves[: len(case.moves)] == list(case.moves), case.note
    signoff = {notation.normalise(line) for line in case.signoff}
    assert all(move in signoff for move in moves[len(case.moves) :]), f"{case.note}: played {moves}"
