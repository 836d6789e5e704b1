"""Options, board data checks, decisions, the picture and the greedy bot."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

import engine
from engine import bots
from engine.china import data
from engine.china.moves import Place, Play
from engine.drawing import font
from pbem.language.words import words


def test_protocol_facts(china) -> None:
    assert (china.name, china.title, china.min_players, china.max_players, china.lowest_wins) == (
        "china", "China", 3, 5, False)
    assert china.options() == {"side": "auto", "fortresses": False, "start_player": 1}
    assert isinstance(china, engine.Game)


@pytest.mark.parametrize("players, side", [(3, "side-3"), (4, "side-5"), (5, "side-5")])
def test_default_side_follows_the_player_count(china, players, side) -> None:
    assert china.new(players, 1).side.id == side


@pytest.mark.parametrize("players, options, message", [
    (3, {"side": "side-5"}, "not allowed with 3 players"),
    (5, {"side": "side-3"}, "not allowed with 5 players"),
    (4, {"side": "moon"}, "not allowed"),
    (4, {"fortresses": "yes"}, "true or false"),
    (4, {"speed": 2}, "unknown option.*speed.*for China"),
    (6, {}, "3-5 players"),
])
def test_bad_options_are_refused_clearly(china, players, options, message) -> None:
    with pytest.raises(ValueError, match=message):
        china.new(players, 1, options)


def test_setup_matches_the_rules(china) -> None:
    for players, deck in ((3, 34), (4, 36), (5, 38)):
        state = china.new(players, 9)
        assert len(state.deck) == deck and all(sum(h) == 3 for h in state.hands)
        assert None not in state.display and len(state.display) == 4


def _broken(tmp_path: Path, change) -> Path:
    raw = json.loads(data.DATA_FILE.read_text(encoding="utf-8"))
    change(raw)
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


@pytest.mark.parametrize("change, message", [
    (lambda d: d["sides"][0]["roads"].append(["chin-1", "nowhere-1"]), "does not exist"),
    (lambda d: d["sides"][0]["roads"].append(["chin-1", "lu-1"]), "share no alliance"),
    (lambda d: d["sides"][0]["alliances"].pop(), "numbered 1 to 15"),
    (lambda d: d["sides"][0]["alliances"][0].update(provinces=["chin", "qi"]), "share a colour"),
    (lambda d: d["sides"][0].update(total_sites=99), "total_sites"),
    (lambda d: d["sides"][0]["sites"].append({"id": "chin-1", "province": "chin"}), "appears twice"),
    (lambda d: d["sides"][0]["sites"].append({"id": "xia-1", "province": "xia"}), "unknown province"),
    (lambda d: d["components"].update(cards_total=58), "cards_total"),
    (lambda d: d["sides"][1]["layout"]["sites"].pop("chu-8"), "layout lacks"),
])
def test_board_file_errors_name_the_broken_entry(tmp_path, change, message) -> None:
    with pytest.raises(data.BoardDataError, match=message):
        data.load(_broken(tmp_path, change))


def _shift(outline: list[list[int]], dx: int) -> list[list[int]]:
    return [[x + dx, y] for x, y in outline]


def _crossing_road(raw) -> list[str]:
    """Two sites of one province whose road would cross an existing road there."""
    from engine.china.geometry import _segment_distance

    side = raw["sides"][0]
    points = {s: tuple(p) for s, p in side["layout"]["sites"].items()}
    chu = [s["id"] for s in side["sites"] if s["province"] == "chu"]
    for a, b in [(a, b) for i, a in enumerate(chu) for b in chu[i + 1:]]:
        for c, d in side["roads"]:
            if not {a, b} & {c, d} and _segment_distance((points[a], points[b]), (points[c], points[d])) == 0:
                return [a, b]
    raise AssertionError("no crossing found")


@pytest.mark.parametrize("change, message", [
    (lambda d: d["sides"][0]["layout"]["sites"].update({"chin-1": [5, 5]}),
     "site chin-1 must lie 18 units inside chin, it is 5 units from its outline"),
    (lambda d: d["sides"][0]["layout"]["sites"].update({"chin-1": [500, 700]}), "site chin-1 must lie .* outside it"),
    (lambda d: d["sides"][0]["layout"]["sites"].update({"chin-3": [284, 115]}), "sites chin-1 and chin-3 overlap"),
    (lambda d: d["sides"][0]["roads"].append(_crossing_road(d)), "roads chu-.* cross"),
    (lambda d: d["sides"][0]["layout"]["alliances"][0].update(point=[345, 152]),
     "alliance 1's number must sit on a corner of both chin and zhao"),
    (lambda d: d["sides"][1]["layout"]["provinces"]["lu"].update(outline=_shift(
        d["sides"][1]["layout"]["provinces"]["lu"]["outline"], 60)), "side-5: lu and wei share alliance 13 but their outlines do not touch"),
])
def test_a_layout_that_would_not_draw_a_readable_board_is_refused_naming_what_is_wrong(tmp_path, change,
                                                                                       message) -> None:
    """Spec 4.1's drawing checks, run on loading: a corrected board file is checked before it is used."""
    with pytest.raises(data.BoardDataError, match=message):
        data.load(_broken(tmp_path, change))


def test_a_province_outside_four_to_eight_sites_is_refused(tmp_path) -> None:
    def shrink(raw) -> None:
        side = raw["sides"][0]
        side["sites"] = [s for s in side["sites"] if s["id"] not in ("qi-3", "qi-4")]
        side["roads"] = [r for r in side["roads"] if not {"qi-3", "qi-4"} & set(r)]
        side["sites_per_province"]["qi"] = 2
        side["total_sites"] -= 2
    with pytest.raises(data.BoardDataError, match="4 to 8"):
        data.load(_broken(tmp_path, shrink))


def test_decisions_name_the_turn_and_the_step(china, scenario) -> None:
    state = scenario().hand(0, "R R G").state
    assert str(china.decision(state, 0).title) == "turn 1: play or exchange"
    assert china.decision(state, 1) is None
    china.apply(state, 0, Play(("red",)))
    assert china.decision(state, 0).kind == "place" and str(china.decision(state, 0).title) == "turn 1: place"
    china.apply(state, 0, Place("wei", "pagoda", "wei-1"))
    assert str(china.decision(state, 0).title) == "turn 1: draw"


def test_picture_is_a_png_of_the_board_size(china) -> None:
    state = bots.play(china, 5, 4, options={"fortresses": True}).state
    data = china.picture(state, 0)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size[0] == state.side.layout["size"][0]


def test_picture_keeps_every_drawn_colour_exact_and_is_the_same_for_the_same_state(china) -> None:
    """The side's fixed layer and palette are cached: that must not change what a state looks like."""
    from engine.china.picture import CARD_TINTS, INKS, SEAT_COLOURS, WATER, draw

    state = bots.play(china, 5, 4, options={"fortresses": True}).state
    image = Image.open(io.BytesIO(china.picture(state, 0))).convert("RGB")
    colours = {colour for _count, colour in image.getcolors(1 << 16)}
    owners = {owner for owner in state.owner if owner >= 0}
    tints = {CARD_TINTS[colour] for colour in ("yellow", "orange", "green", "red", "purple")}
    assert {SEAT_COLOURS[seat] for seat in owners} | tints | {WATER, *INKS} <= colours
    x, y = state.side.layout["sites"][state.side.sites[state.owner.index(min(owners))]]
    assert image.getpixel((x + 5, y + 8)) == SEAT_COLOURS[min(owners)]  # a pagoda's disc, beside its number
    other_side = bots.play(china, 3, 4).state
    assert other_side.side.id != state.side.id
    assert draw(other_side) == draw(other_side) and draw(state) == china.picture(state, 0)


GREEDY_GAMES = 40


def test_greedy_beats_random_players(china) -> None:
    """Measured over 200 games: mean rank 1.0 against three random bots; the bound leaves room."""
    ranks = []
    for seed in range(GREEDY_GAMES):
        seat = seed % 4
        chosen = [bots.random] * 4
        chosen[seat] = bots.greedy
        state = bots.play(china, 4, seed, chosen).state
        ranks.append(china.result(state).ranks[seat])
    assert sum(ranks) / len(ranks) <= 1.3


def test_greedy_bots_finish_games_among_themselves(china) -> None:
    for players in (3, 5):
        state = bots.play(china, players, 2, [bots.greedy] * players, options={"fortresses": True}).state
        assert china.result(state) is not None
        assert max(china.result(state).scores) > 0


def test_greedy_move_is_always_legal(china) -> None:
    rng = random.Random(1)
    state = china.new(4, 12, {"fortresses": True})
    while china.to_act(state):
        (seat,) = china.to_act(state)
        move = china.greedy(state, seat, rng)
        assert move in china.legal(state, seat)
        china.apply(state, seat, move)


def test_the_picture_labels_the_board_in_the_readers_language_and_the_font_has_their_letters() -> None:
    china = engine.game("china")
    state = china.new(5, seed=1)
    english, greek = (china.picture(state, 0, words(china, language)) for language in ("en", "el"))
    assert english is not None and greek is not None and english != greek
    assert Image.open(io.BytesIO(greek)).size == Image.open(io.BytesIO(english)).size
    # A letter the font lacks is drawn as the same empty box as any other: Greek and Cyrillic letters differ.
    drawn = []
    for letter in ("Ω", "Ж", "ő"):
        canvas = Image.new("L", (40, 40), 255)
        ImageDraw.Draw(canvas).text((5, 5), letter, font=font(24), fill=0)
        drawn.append(canvas)
    assert ImageChops.difference(drawn[0], drawn[1]).getbbox() is not None
