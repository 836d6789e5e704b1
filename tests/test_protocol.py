"""The registry and the error types every game relies on."""

import pytest

import engine
from engine import notation


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(KeyError) as info:
        engine.game("chess")
    assert "dragon" in str(info.value) and "china" in str(info.value)


def test_move_error_message_lists_suggestions() -> None:
    err = engine.MoveError("not understood", line="grp 2", expected="an action", suggestions=["group 2 tax"])
    assert "grp 2" in str(err) and "group 2 tax" in str(err) and "an action" in str(err)
    assert isinstance(err, ValueError)


def test_reply_lines_stop_at_end_and_fold_spaces() -> None:
    assert notation.reply_lines("  Group  2   TAX!\n\nend\nignored") == ["group 2 tax"]


def test_closest_prefers_the_nearest_spelling() -> None:
    assert notation.closest("group 2 taks", ["pass", "group 2 tax", "group 1 build"], 1) == ["group 2 tax"]
