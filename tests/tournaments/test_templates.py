"""The standings templates render from standings_context: the mail through pbem's renderer, the page with jinja2."""

from __future__ import annotations

import math
import re

import pytest

from pbem.language.letters import Letters
from pbem.play.commands import COMMANDS
from pbem.tournament.pages import web_pages
from tournaments import Definition, RoundResult, StandingRow, Standings, compute, rate_all, standings_context
from tournaments.simulate import simulate


def context(definition: Definition) -> dict:
    sim = simulate(definition, 14, 2, seed=1)
    return standings_context(compute(definition, sim.entrants, sim.rounds, sim.results, rate_all(sim.results)))


def test_standings_mail_lists_the_leaders_and_the_readers_own_line(dragon_open: Definition) -> None:
    data = context(dragon_open)
    last = data["rows"][-1]
    letter = Letters(COMMANDS).render("standings", player="Ann", you=last["player"], limit=3, **data)
    assert letter.subject == "[Test] Standings after round 2"
    lines = letter.text.splitlines()
    assert lines[4].split()[:3] == ["Rank", "Player", "Points"]
    assert lines[5].startswith("1 ") and f"*{last['place']}" in letter.text
    assert all(len(line) <= 80 for line in lines)
    assert last["name"] in letter.html and data["rows"][0]["name"] in letter.html
    assert data["rows"][4]["name"] not in letter.text


def test_standings_mail_without_a_limit_lists_everyone(dragon_open: Definition) -> None:
    data = context(dragon_open)
    letter = Letters(COMMANDS).render("standings", player="Ann", **data)
    assert all(row["name"] in letter.text for row in data["rows"])


def test_static_page_is_complete_html_with_every_row(dragon_open: Definition) -> None:
    data = context(dragon_open)
    env = web_pages("en")
    rounds = [{"number": 1, "tables": [{"number": 1, "players": ["<Ann>", "Bob"], "page": "games/3.html"}],
               "byes": ["Cy"]}]
    data["rows"][2]["bot_finished"] = 1
    page = env.get_template("standings.html.j2").render(data, rounds=rounds, made="2026-03-01 09:00 UTC")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count("<tr") == 2 * (len(data["rows"]) + 1), "the standings, then the round-by-round table"
    assert "Round by round:" in page and len(re.findall(r'<th scope="col" class="n">R\d+</th>', page)) == data["after_round"]
    assert "&lt;Ann&gt;" in page and "Bye: Cy" in page
    assert "<script" not in page and page.count("(1 by bot)") == 1
    assert '<a href="games/3.html">' in page and "Page made 2026-03-01 09:00 UTC." in page


@pytest.mark.parametrize("language", ["en", "el"])
def test_the_page_of_a_greek_tournament_is_greek(dragon_open: Definition, language: str) -> None:
    data = context(dragon_open)
    data["rows"][1]["dropped"] = True
    rounds = [{"number": 1, "tables": [{"number": 1, "players": ["Ann", "Bob"], "page": "games/3.html"}],
               "byes": ["Cy"]}]
    page = web_pages(language).get_template("standings.html.j2").render(data, rounds=rounds, made="1")
    index = web_pages(language).get_template("divisions.html.j2").render(
        tournament="Open", season="2026", pages=[data, data], divisions=["division-1.html", "division-2.html"],
        made="1")
    greek = ["κατάταξη μετά τον γύρο 2", "Θέση", "Παίκτης", "Πόντοι", "Παρτίδες", "Πόντοι παρτίδων", "(αποχώρησε)",
             "Τραπέζια", "Γύρος 1", "Τραπέζι 1: Ann, Bob", "Ρεπό: Cy", "Κριτήρια ισοβαθμίας με τη σειρά"]
    english = ["standings after round 2", "Rank", ">Player<", "Points", "Games", "Game points", "(dropped)",
               "Seating", "Round 1", "Table 1: Ann, Bob", "Bye: Cy", "Tie-breaks in order"]
    shown = greek if language == "el" else english
    assert [word for word in shown if word not in page] == []
    assert f'<html lang="{language}">' in page and f'<html lang="{language}">' in index
    if language == "el":
        assert [word for word in english if word in page] == []
        assert "ανά κατηγορία" in index and "14 παίκτες, πρώτος:" in index
    else:
        assert "by division" in index and "14 players, leader" in index


def test_context_formats_numbers_for_reading() -> None:
    rows = (StandingRow(1, True, 7, "Ann", 4.5, 2, 0, (3.0, 2.3333333, math.inf), 12.345, 2, False,
                        rounds=(RoundResult(1, "played", 2, 4, 4.5), RoundResult(2, "bye"))),
            StandingRow(1, True, 8, "Bob", 4.5, 0, 1, (0.0, 0.0, math.inf), None, 0, True))
    data = standings_context(Standings("Cup", "dragon", 2, ("wins", "average_rank", "game_points"), rows), "S1")
    assert data["rows"][0] == {
        "place": "=1", "rank": 1, "player": 7, "name": "Ann", "points": "4.5", "games": 2, "byes": 0,
        "tie_breaks": ["3", "2.33", "–"], "rating": "12.3", "rated_games": 2, "dropped": False,
        "bot_finished": 0, "rounds": [{"round": 1, "kind": "played", "rank": 2, "size": 4, "points": "4.5"},
                                      {"round": 2, "kind": "bye", "rank": 0, "size": 0, "points": "0"}],
    }
    assert data["rows"][1]["rating"] == "–" and data["rows"][1]["dropped"]
    assert data["labels"] == ["Wins", "Avg. rank", "Game points"] and data["short_labels"] == ["Wins", "AvgRk", "GP"]
    assert data["season"] == "S1" and data["after_round"] == 2
