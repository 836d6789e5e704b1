"""Every legal move a prompt lists fits its line in every language.

A prompt lists the legal moves two columns in, one a line, so a player can
copy one back; a move cannot be wrapped without breaking that. Longer words
in a language (Greek's rulebook words are long) must still leave each move
within 78 columns: the list (``pbem.play.shown.listed_moves``) then leaves out
what the state implies, and the shorter line must still read as the move.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import engine
from pbem.language.words import words
from pbem.play.shown import listed_moves

LISTED_WIDTH = 76
"""78 columns less the two the prompt indents a legal move by."""


def states(name: str, seeds: int = 3) -> Iterator[tuple[engine.Game, object, int]]:
    """(game, state, seat to act) along mixed greedy and random games, fewest and most players."""
    game = engine.game(name)
    for seed in range(seeds):
        for players in (game.min_players, game.max_players):
            state, rng = game.new(players, seed=seed), random.Random(seed)
            while game.result(state) is None:
                seat = min(game.to_act(state))
                yield game, state, seat
                legal = game.legal(state, seat)
                move = game.greedy(state, seat, rng) if rng.random() < 0.7 else rng.choice(legal)
                state = game.apply(state, seat, move)


@pytest.mark.parametrize("name", ["dragon", "china", "prodigals"])
def test_every_listed_legal_move_fits_78_columns_in_every_language(name: str) -> None:
    readers = [words(engine.game(name), language) for language in ("en", "el", "hu", "ru")]
    too_long: set[str] = set()
    misread: list[str] = []
    for game, state, seat in states(name):
        legal = game.legal(state, seat)
        for reader in readers:
            listed = [shown.text for shown in listed_moves(game, state, seat, reader)]
            too_long.update(shown for shown in listed if len(shown) > LISTED_WIDTH)
            misread += [f"{reader.language}: {shown}" for shown, move in zip(listed, legal)
                        if shown != reader.move(game.format(move))
                        and game.parse(shown, state, seat, reader) != [move]]
    assert sorted(too_long, key=len)[-5:] == []
    assert misread == []
