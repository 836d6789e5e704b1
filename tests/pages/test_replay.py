"""A game's page replays it: every position listed with its move in words and links between them (read without
the script), each board as a spectator saw it and nothing more, and a players index beside the standings."""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from sqlmodel import Session

from pbem.language.words import named, words
from pbem.play.store import replayed
from pbem.tournament import pages, replay
from tests.engine.hidden import HOOKS
from tests.pages.site import Site, china_tournament, finished_games


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Site, dict[str, int]]:
    built = china_tournament(tmp_path_factory.mktemp("replay"))
    return built, finished_games(built)


def page(site: Site, game_id: int) -> str:
    return (site.out / "games" / f"{game_id}.html").read_text(encoding="utf-8")


def boards(text: str) -> list[str]:
    """Every position's whole board, as the page's script joins them from its data."""
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', text, re.S)
    assert found, "the page carries no replay data"
    data = json.loads(found.group(1))
    return ["\n".join(data["lines"][k] for k in board) for board in data["boards"]]


def test_every_position_is_listed_with_its_move_in_words_and_links_to_the_others(
        site: tuple[Site, dict[str, int]]) -> None:
    built, games = site
    for game, game_id in games.items():
        text = page(built, game_id)
        with Session(built.service.db) as session:
            game_row = built.service.store.load(session, game_id)
        seqs = [0, *(move.seq for move in game_row.log)]
        anchors = re.findall(r'<li id="(move-\d+)"><h3>([^<]*)</h3>', text)
        assert [anchor for anchor, _ in anchors] == [f"move-{seq}" for seq in seqs], game
        moves = len(seqs) - 1
        assert anchors[0][1] == "The set-up, before the first move" and anchors[-1][1] == f"Move {moves} of {moves}"
        for number, seq in enumerate(seqs):
            item = text.split(f'<li id="move-{seq}">')[1].split("</li>")[0]
            links = re.findall(r'<a href="#(move-\d+)">(\w+)</a>', item.split('<p class="steps">')[1].split("</p>")[0])
            expected = ([("move-0", "First"), (f"move-{seqs[number - 1]}", "Back")] if number else []) + (
                [(f"move-{seqs[number + 1]}", "Forward"), (f"move-{seqs[-1]}", "Last")] if number < moves else [])
            assert links == expected, (game, number)
            whole = number % replay.BOARD_EVERY == 0 or number == moves
            assert ("<pre" in item) == whole, (game, number)  # the whole board every tenth move and at the last
            if whole:
                assert html.unescape(item.split('<pre tabindex="0">')[1].split("</pre>")[0]) == boards(text)[number]
            else:
                assert f'<a href="#move-{seqs[number // replay.BOARD_EVERY * replay.BOARD_EVERY]}">' in item
        for line in game_row.log:  # each move's number in the list of moves jumps to its position
            assert f'<td class="n"><a href="#move-{line.seq}">{line.seq}</a></td>' in text


@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_every_position_is_the_board_a_spectator_saw_whatever_the_seats_held_hidden(
        site: tuple[Site, dict[str, int]], game: str) -> None:
    """Each position replayed, every hidden thing in it changed (hands, decks, standing orders): the page's
    board for it is the spectator's board of the changed state, so no board can carry what a seat hid."""
    built, games = site
    text = page(built, games[game])
    with Session(built.service.db) as session:
        loaded = built.service.store.load(session, games[game])
        said = named(words(loaded.rules, "en"), pages.seat_names(session, loaded, "en"))
    shown = boards(text)
    rng = random.Random(7)
    states = replayed(loaded.rules, len(loaded.seats), loaded.row.seed, loaded.row.options,
                      ((move.seat, move.notation) for move in loaded.log))
    for number, state in enumerate(states):
        hidden = loaded.rules.clone(state)
        HOOKS[game].perturb(hidden, None, rng)
        assert shown[number] == loaded.rules.render(hidden, None, said), (game, number)
    assert len(shown) == len(loaded.log) + 1
    assert "Your hand" not in text and "hand:" not in text.lower()  # China's and Prodigals' own hand lines


def test_a_private_move_is_shown_as_such_and_changes_no_position(site: tuple[Site, dict[str, int]]) -> None:
    built, games = site
    text = page(built, games["prodigals"])
    with Session(built.service.db) as session:
        loaded = built.service.store.load(session, games["prodigals"])
    said = words(loaded.rules, "en")
    private = [number for number, move in enumerate(loaded.log, start=1) if loaded.rules.private(move.notation)]
    assert private, "the bots set no standing order: pick another seed"
    shown = boards(text)
    for number in private:
        move = loaded.log[number - 1]
        item = text.split(f'<li id="move-{move.seq}">')[1].split("</li>")[0]
        assert re.search(r'<p class="said">seat \d \([^)]*\): <code>set a standing order</code></p>', item), item
        assert html.escape(said.move(move.notation)) not in text  # the order itself is nowhere on the page
        assert shown[number] == shown[number - 1]  # a spectator saw nothing change


def test_the_players_index_links_every_player_with_place_points_and_games(site: tuple[Site, dict[str, int]]) -> None:
    built, _ = site
    index = (built.out / pages.PLAYERS_INDEX).read_text(encoding="utf-8")
    rows = re.findall(r'<tr><th scope="row" class="who"><a href="(players/\d+\.html)">([^<]+)</a></th>'
                      r'<td class="n" data-label="Rank">([^<]+)</td><td class="n" data-label="Points">([^<]+)</td>'
                      r'<td class="n" data-label="Games">(\d+)</td></tr>', index)
    assert sorted(row[0] for row in rows) == [f"players/{n}.html" for n in range(1, 8)]
    assert [row[1] for row in rows] == sorted(row[1] for row in rows)  # by name
    standings = (built.out / "index.html").read_text(encoding="utf-8")
    for href, name, place, points, played in rows:
        assert (built.out / href).is_file() and f"<h1>{name}</h1>" in (built.out / href).read_text(encoding="utf-8")
        assert re.search(rf'<td class="n">{re.escape(place)}</td><th scope="row" class="who"><a href="{href}">'
                         rf'{name}</a></th><td class="n" data-label="Points">{points}</td>'
                         rf'<td class="n" data-label="Games">{played}</td>', standings)
    assert '<li><a href="players.html">Players</a></li>' in standings
    assert '<li><a href="../players.html">Players</a></li>' in (built.out / "players" / "1.html").read_text("utf-8")
    assert '<li><a href="../players.html">Players</a></li>' in page(built, built.finished)
