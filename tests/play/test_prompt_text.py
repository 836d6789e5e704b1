"""The plain-text part of a real game's mails reads in an 80-column mail client."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.clock import SetClock
from pbem.play.service import Service
from pbem.app import open_service
from tests.support.loop import START, make_settings, outbox

PLAYERS = ["ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"]


@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_first_prompts_of_every_game_fit_80_columns(tmp_path: Path, game: str) -> None:
    service = open_service(make_settings(tmp_path), clock=SetClock(START))
    service.new_game(game, PLAYERS, seed=5)
    prompts = outbox(service, kind="prompt")
    assert prompts, "a new game prompts the seat to act"
    for row in prompts:
        wide = [line for line in row.text.splitlines() if len(line) > 80]
        assert not wide, f"{game}: lines over 80 columns in the prompt to {row.recipient}: {wide}"
