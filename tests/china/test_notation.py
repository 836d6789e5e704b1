"""A whole turn in one reply line, and the errors a player gets back."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from engine.china import flow
from engine.china.moves import Draw, Exchange, Place, Play


def _display(state, *colours: str) -> None:
    """Put these colours face up (swapping with the deck, so cards stay conserved)."""
    for slot, name in enumerate(colours):
        state.deck.append(state.display[slot])
        colour = flow.COLOUR_INDEX[name]
        state.deck.remove(colour)
        state.display[slot] = colour


@pytest.fixture
def turn(scenario):
    sc = scenario().pagoda("wei-1", 0).hand(1, "R R G").to_move(1)
    _display(sc.state, "yellow", "purple", "green", "green")
    return sc.state


def test_a_whole_turn_in_one_line(china, turn) -> None:
    moves = china.parse("play red red; wei: pagoda 2, emissary; draw up2, deck", turn, 1)
    assert moves == [Play(("red", "red")), Place("wei", "pagoda", "wei-2"), Place("wei", "emissary"),
                     Draw("purple"), Draw("deck")]


def test_province_may_follow_play_and_case_and_punctuation_do_not_matter(china, turn) -> None:
    moves = china.parse("PLAY Red, Red for Wei; Pagoda 2 + Emissary!\n", turn, 1)
    assert moves[:3] == [Play(("red", "red")), Place("wei", "pagoda", "wei-2"), Place("wei", "emissary")]


def test_a_reply_may_spread_the_turn_over_lines(china, turn) -> None:
    moves = china.parse("play green\nhan: pagoda 1\ndraw display:purple\nend\nquoted text", turn, 1)
    assert moves == [Play(("green",)), Place("han", "pagoda", "han-1"), Draw("purple")]


def test_lines_after_the_completed_turn_that_are_no_moves_are_ignored_and_reported(china, turn) -> None:
    reading = china.read("play green; han: pagoda 1; draw deck\nThanks,\nAlex", turn, 1)
    assert reading.moves == [Play(("green",)), Place("han", "pagoda", "han-1"), Draw("deck")]
    assert reading.ignored == ("Thanks,", "Alex")
    # A move after the completed turn is the seat's answer for its next turn, kept unread until then.
    reading = china.read("play green; han: pagoda 1; draw deck\nWei: pagoda 2, else pass", turn, 1)
    assert reading.ahead == ("Wei: pagoda 2, else pass",) and reading.ignored == ()
    with pytest.raises(MoveError) as info:
        china.read("play green; han: pagoda 1\nThanks,\ndraw deck", turn, 1)  # the draw is still owed
    assert info.value.line == "Thanks,"  # quoted as written


def test_display_places_stay_put_while_drawing(china, turn) -> None:
    with pytest.raises(MoveError, match="already complete"):
        china.parse("play green; han: pagoda 1; draw up1, up2", turn, 1)
    moves = china.parse("play red red; wei: pagoda 2, pagoda 3; draw up1, up2", turn, 1)
    assert moves[-2:] == [Draw("yellow"), Draw("purple")]
    with pytest.raises(MoveError, match="up1 is empty"):
        china.parse("play red red; wei: pagoda 2, pagoda 3; draw up1, up1", turn, 1)


def test_exchange_names_the_card_and_the_source(china, turn) -> None:
    assert china.parse("exchange green for up1", turn, 1) == [Exchange("green", "yellow")]
    assert china.parse("swap g for deck", turn, 1) == [Exchange("green", "deck")]


def test_province_names_and_aliases(china, scenario) -> None:
    state = scenario().hand(0, "Y Y O").state
    assert china.parse("play yellow; Qin: pagoda 1", state, 0)[1] == Place("chin", "pagoda", "chin-1")
    assert china.parse("play yellow; Ch'in: pagoda 1", state, 0)[1] == Place("chin", "pagoda", "chin-1")


def test_unknown_words_say_what_was_expected_and_suggest_turns(china, turn) -> None:
    with pytest.raises(MoveError) as info:
        china.parse("play blue; wei: pagoda 2", turn, 1)
    err = info.value
    assert "blue" in err.reason and "purple" in err.reason and err.line == "play blue; wei: pagoda 2"
    assert err.suggestions and all(s.startswith(("play", "exchange")) for s in err.suggestions)
    with pytest.raises(MoveError) as info:
        china.parse("ply red red; wei: pagoda 2, emissary", turn, 1)
    assert "play red red; wei: pagoda 2, emissary" in info.value.suggestions


def test_an_illegal_turn_is_refused_with_the_reason_and_nothing_changes(china, scenario) -> None:
    state = scenario().hand(1, "R R G").to_move(1).state
    before = china.clone(state)
    with pytest.raises(MoveError, match="emissaries"):
        china.parse("play red; wei: emissary", state, 1)
    with pytest.raises(MoveError, match="only 1 piece"):
        china.parse("play red red; wei: pagoda 1, pagoda 2", state, 1)
    assert state == before


def test_ambiguous_abbreviations(china, turn) -> None:
    with pytest.raises(AmbiguousMove) as info:
        china.parse("play red; c: pagoda 1", turn, 1)
    assert set(info.value.suggestions) == {"chin", "chu"}
    assert info.value.line == "play red; c: pagoda 1"
    with pytest.raises(AmbiguousMove) as info:
        china.parse("play red; pagoda 2", turn, 1)
    assert set(info.value.suggestions) == {"wei: pagoda 2", "shu: pagoda 2"}
    assert china.parse("play red; pagoda 1", turn, 1)[1] == Place("shu", "pagoda", "shu-1"), "wei-1 is taken"


def test_a_reply_without_moves_is_an_error(china, turn) -> None:
    with pytest.raises(MoveError, match="no move"):
        china.parse("\n  \n", turn, 1)


def test_emissary_takes_no_site(china, turn) -> None:
    with pytest.raises(MoveError, match="court"):
        china.parse("play red red; wei: emissary 3, pagoda 2", turn, 1)
