"""``pbem play --picture DIR``: the local game's board picture written after the set-up and after each move."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

import engine
from engine import bots
from pbem.cli.main import app
from pbem.language.words import words

PNG = b"\x89PNG\r\n\x1a\n"


def test_play_writes_the_board_picture_after_the_set_up_and_after_each_move(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "pictures"  # made with its parent
    result = CliRunner().invoke(app, ["play", "china", "--players", "3", "--seed", "2", "--bot", "greedy",
                                      "--language", "el", "--picture", str(folder)])
    assert result.exit_code == 0, result.output
    moves = [line for line in result.output.splitlines() if re.match(r" *\d+  \S", line)]  # "  12  seat 1 …"
    written = sorted(folder.iterdir())
    assert [path.name for path in written] == [f"{n:04d}.png" for n in range(len(moves) + 1)]
    assert f"{len(moves) + 1} pictures in {folder}: 0000.png (the set-up) to {len(moves):04d}.png" in result.output
    assert all(path.read_bytes().startswith(PNG) for path in written)
    rules = engine.game("china")
    greek = words(rules, "el")
    final = bots.play(rules, 3, 2, [bots.get("greedy")] * 3).state
    assert written[-1].read_bytes() == rules.picture(final, None, greek), "the end of the game, as a spectator sees it"
    assert written[0].read_bytes() == rules.picture(rules.new(3, 2), None, greek)
    # a move the spectator cannot see (a card into a hand) leaves the picture as it was; the board's moves change it
    assert len({path.read_bytes() for path in written}) > len(written) // 4


def test_play_refuses_a_picture_folder_that_is_a_file_and_writes_nothing(tmp_path: Path) -> None:
    taken = tmp_path / "board.png"
    taken.write_bytes(b"mine")
    result = CliRunner().invoke(app, ["play", "china", "--players", "3", "--picture", str(taken)])
    assert result.exit_code == 1 and result.output.strip() == f"error: --picture {taken} is a file; give a folder"
    assert taken.read_bytes() == b"mine"
