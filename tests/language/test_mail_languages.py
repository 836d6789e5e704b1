"""Every mail a player reads, rendered in Greek, Hungarian and Russian from realistic contexts: no English
sentence of the catalog left, every plain-text line within 78 columns, the subject translated too."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pbem.language.letters import Letter, Letters
from pbem.play.commands import COMMANDS
from pbem.play.postbox import Accepted
from pbem.play.shown import Asked, RecapLine, RecordRun, Standing
from tests.language.test_languages import SCRIPTS, TRANSLATED, english_fragments
from tests.tournaments.standins import MINIMAL, load
from tournaments import compute, rate_all, standings_context
from tournaments.simulate import simulate

BASE = {"table": "Dragon #7", "game_title": "Dragon", "game_id": 7, "seat_no": 2, "player": "Ann",
        "game_page": "https://pbem.example.org/open/games/7.html", "earlier": [], "else_word": "else", "ahead_note": "",
        "next_after": None, "kept": [], "invite_ahead": False}
EARLIER = {"earlier": [Accepted(("r 1",), ("r 2, else r 3",), ("Cheers!",)), Accepted(("r 2",), ("r 4",), early=True)]}
LINES = [RecapLine(3, 1, "Bob", "", "r 2", "email"), RecapLine(4, 3, "Cy", "greedy", "d 1", "timeout"),
         RecapLine(5, 1, "Bob", "", "Hi!", "say"), RecapLine(6, 2, "Ann", "", "x 3", "forced")]
RUNS = [RecordRun(3, 3, 1, "Bob", "", (LINES[0],)), RecordRun(4, 4, 3, "Cy", "greedy", (LINES[1],)),
        RecordRun(6, 7, 2, "Ann", "", (LINES[3], RecapLine(7, 2, "Ann", "", "x 4", "email")))]
DECISION = Asked("choose", "Ω 1", "r N", ("α 1", "β 2"))
OPEN = {"board": "[ 1 2 3 ]", "decision": DECISION, "legal": ["r 1", "r 2"], "more": 3,
        "deadline": "12:00 Europe/Athens", "waiting": [], "picture": False, "at_deadline": "move"}


def standings(**extra: Any) -> dict[str, Any]:
    sim = simulate(load(MINIMAL), 14, 2, seed=1)
    data = standings_context(compute(load(MINIMAL), sim.entrants, sim.rounds, sim.results, rate_all(sim.results)))
    data["rows"][1]["dropped"] = True
    return {**data, "season": "2026", **extra}


def undo() -> dict[str, Any]:
    return {"to": 2, "moves": LINES[:2], "forced": True, "concerned": ["Bob"]}


ACTIONS: list[tuple[str, dict[str, Any]]] = [
    ("undo", undo()), ("undo", {**undo(), "forced": False}), ("move", {"moves": ["r 1"]}),
    ("deadline", {"deadline": "12:00 Europe/Athens", "extended": "48h"}), ("replaced", {"newcomer": "Dan"}), ("replaced", {"bot": "Ω"}),
    ("seated", {}), ("pause", {}), ("resume", {"deadline": "12:00 Europe/Athens"}), ("resume", {"deadline": ""}),
    ("readdressed", {"old": "ann@example.org", "new": "ann@example.net", "organiser": "org@example.org"}),
    ("dispute_resolved", {"dispute_id": 4, "text": "r 2?"}),
    ("dispute_reply", {"dispute_id": 4, "text": "r 2?", "answer": "OK.\nBob."}),
]

MAILS: list[tuple[str, dict[str, Any]]] = [
    ("status", {**BASE, **OPEN, "recap": LINES}),
    ("status", {**BASE, **OPEN, "decision": None, "waiting": ["Bob", "Cy"], "recap": []}),
    ("status", {**BASE, **OPEN, "decision": None, "recap": LINES[:1]}),
    ("status", {**BASE, **OPEN, **EARLIER, "decision": None, "waiting": ["Bob"], "kept": ["r 2, else r 3"],
                "next_after": ["Bob", "Cy"], "recap": []}),
    ("reminder", {**BASE, **OPEN, "at_deadline": "seat", "recap": LINES, "next_after": ["Bob"]}),
    ("reminder", {**BASE, **OPEN, "at_deadline": "forfeit", "recap": [], "next_after": None}),
    ("status", {**BASE, **OPEN, "recap": [], "at_deadline": "forfeit"}),
    ("game_over", {**BASE, "recap": LINES[:2], "history": RUNS, "own_rank": 2, "board": "[ 1 2 3 ]",
                   "picture": False, "game_name": "dragon", "lowest_wins": False, "standings": [
                       Standing(1, 2, "Bob", "", 5.0, {}, False, True), Standing(2, 1, "Ann", "", 5.0, {}, False, True)]}),
    ("history", {**BASE, "lines": LINES}), ("history", {**BASE, "lines": []}),
    *[("observer", {**BASE, "game_id": 7, "desk": "pbem@example.org", "game_page": "", "event": event,
                    "every": "move", "token": "0a1b2c3d4e", "days": 7, "why": why, "lines": LINES[:2],
                    "board": "[ 1 2 3 ]", "picture": False, "over": False})
      for event, why in (("confirm", ""), ("following", ""), ("stopped", ""), ("digest", ""),
                         ("refused", "not_allowed"), ("refused", "bad"))],
    ("say", {**BASE, "speaker": "Bob", "said": "Hi!\nBob"}),
    ("notice", {**BASE, "recap": LINES}),
    ("notice", {**BASE, **EARLIER, "recap": LINES, "next_after": []}),
    ("notice", {**BASE, "recap": LINES, "next_after": ["Bob"]}),
    ("digest", {"player": "Ann", "table": "pbem", "games": [{"table": "Dragon #7", "lines": ["Bob: r 2"]}]}),
    ("digest", {"player": "Ann", "table": "pbem", "games": [{"table": "Dragon #7", "lines": ["Bob: r 2"]}] * 2}),
    ("timeout", {**BASE, "played": ["r 1"], "handed_to_bot": False, "forfeited": False, "timeouts": 1, "limit": 2}),
    ("timeout", {**BASE, "played": ["r 1"], "handed_to_bot": True, "forfeited": False, "timeouts": 2, "limit": 2}),
    ("timeout", {**BASE, "played": [], "handed_to_bot": True, "forfeited": True, "timeouts": 1, "limit": 2}),
    ("standings", standings(player="Ann", you=5, limit=3)),
    ("standings", standings(player="Ann")),
    ("bye", {"tournament": "Open", "player": "Ann", "round": 2, "tables": 3, "worth": "6"}),
    ("bye", {"tournament": "Open", "player": "Ann", "round": 2, "tables": 1, "worth": ""}),
    ("oversize", {"table": "pbem.example.org", "original_subject": "Re: [Dragon #7]", "size_kb": 900,
                  "limit_kb": 512}),
    *[("organiser_action", {**BASE, "event": event, "reason": "Bob asked.", "action": action})
      for event, action in ACTIONS],
    *[("undo", {**BASE, "event": event, "asker": "Bob", "own": own, "moves": LINES[:1], "expires": "12:00 UTC",
                "refused_by": ["Cy"], "missing": ["Cy"], "yes_word": "yes", "no_word": "no",
                "reply_address": "play+7.1.abc@pbem.example.org"})
      for event in ("vote", "done", "refused", "expired", "lapsed") for own in (True, False)],
    *[("command", {**BASE, "command": "undo", "value": value, "extra": "", "replaced": "", "moves": LINES[:1],
                   "voters": ["Bob", "Cy"], "asker": "Bob", "expires": "12:00 UTC"}) for value in ("asked", "voted")],
]


def read(letter: Letter) -> str:
    """The mail's words as a reader meets them: subject, text and the HTML without its tags, spaces folded."""
    html = re.sub(r"<[^>]+>", " ", letter.html).replace("&#34;", '"').replace("&quot;", '"').replace("&lt;", "<")
    return " ".join(f"{letter.subject} {letter.text} {html.replace('&gt;', '>')}".split())


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("name", "context"), MAILS, ids=[f"{name}-{n}" for n, (name, _) in enumerate(MAILS)])
def test_every_player_mail_is_in_its_readers_language_and_fits_78_columns(
        name: str, context: dict[str, Any], language: str) -> None:
    english = Letters(COMMANDS).render(name, **context)
    letter = Letters(COMMANDS).render(name, language, **context)
    assert SCRIPTS[language].search(letter.subject) and letter.subject != english.subject
    assert SCRIPTS[language].search(letter.text) and SCRIPTS[language].search(letter.html)
    words = read(letter)
    assert [fragment for fragment in english_fragments() if fragment in words] == []
    assert [line for line in letter.text.splitlines() if len(line) > 78] == []
    assert f'lang="{language}"' in letter.html


def test_the_english_fragments_would_be_found_in_an_english_mail() -> None:
    """The check above can fail: each English mail shows some of the catalog's English sentences."""
    letters, fragments = Letters(COMMANDS), english_fragments()
    for name, context in MAILS:
        written = read(letters.render(name, **context))
        assert any(fragment in written for fragment in fragments), name


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_digest_line_kept_as_data_is_written_in_the_players_language(language: str) -> None:
    line = Letters(COMMANDS).snippet("recap_line", language, line=LINES[1])
    assert SCRIPTS[language].search(line) and "Cy" in line and "d 1" in line
    seat = Letters(COMMANDS).snippet("seat", language, line=LINES[0])  # whose turn it is, in a refusal's detail
    assert SCRIPTS[language].search(seat) and "Bob" in seat and "seat" not in seat
