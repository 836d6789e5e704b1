"""A refusal's subject says why (issue 32): "not understood" only for a line that does not read as a move; a
move that reads but the rules refuse now is "not legal now"."""

from __future__ import annotations

from sqlmodel import Session

from pbem.app import open_service
from pbem.clock import SetClock
from pbem.serve import pipeline
from tests.support.loop import START, make_settings, outbox, reply_to

PLAYERS = ["ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"]
PAIR = "start farmer palace1, scholar palace2"


def test_an_understood_move_that_is_not_legal_now_is_not_called_not_understood(tmp_path) -> None:
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    game_id = service.new_game("dragon", PLAYERS, seed=5)

    def acting() -> int:
        with Session(service.db) as session:
            (seat,) = service.store.load(session, game_id).due()
            return seat

    first = acting()
    assert pipeline.deliver(service, reply_to(outbox(service, recipient=PLAYERS[first], kind="prompt")[-1],
                                              PAIR)).status == "applied"
    second = acting()
    prompt = outbox(service, recipient=PLAYERS[second], kind="prompt")[-1]
    assert pipeline.deliver(service, reply_to(prompt, PAIR)).status == "refused"  # the pair an earlier player took
    taken = outbox(service, recipient=PLAYERS[second], kind="refusal")[-1]
    assert taken.subject.endswith("Not played: the move is not legal now"), taken.subject
    assert "earlier player took that pair" in " ".join(taken.text.split())
    assert pipeline.deliver(service, reply_to(prompt, "start farmr palace1, scholar palace2")).status == "refused"
    mistyped = outbox(service, recipient=PLAYERS[second], kind="refusal")[-1]
    assert mistyped.subject.endswith("Not played: the move was not understood"), mistyped.subject
