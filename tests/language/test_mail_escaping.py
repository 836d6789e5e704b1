"""Every kind of mail, in every language, with hostile text in every value a player, an organiser or a stranger
can choose (names, table labels, tournament names, game titles, moves, reasons, dispute texts, subjects):
the HTML part shows it as text and never as markup, the plain part shows it as written (#28).

The kinds are the ``templates/email/*.html.j2`` that are mails, found in the folder: a new kind fails here until it
has a hostile context below.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest

from pbem.language.catalogs import LANGUAGES
from pbem.language.letters import TEMPLATE_DIR, Letter, Letters
from pbem.language.words import SOURCE_LANGUAGE
from pbem.play.commands import COMMANDS
from pbem.play.mails import TableSeat
from pbem.play.postbox import Accepted
from pbem.play.budgets import DigestLine
from pbem.play.frontdesk import GameLine
from pbem.play.shown import Asked, LinkRow, Listed, RecapLine, RecordRun, Standing
from pbem.play.store import EarlyOutcome
from pbem.tournament.runner import SignedUp
from tests.language.test_mail_languages import standings as standings_of_a_run

PAYLOAD = '"><svg/onload=alert(1)><b>x</b>&amp;&\''
"""Closes an attribute, opens elements, and carries an entity that must stay as written; no spaces, so the plain
part's line wrapping cannot split it."""


def evil(field: str) -> str:
    """A hostile value, named after the field it goes in so a failure says which one leaked."""
    return f"{field}{PAYLOAD}"


ALLOWED_TAGS = {"html", "head", "meta", "title", "body", "p", "strong", "em", "code", "pre", "blockquote", "ul",
                "ol", "li", "table", "tr", "th", "td", "h4", "img", "a", "br"}
"""Every element the mail templates write themselves; anything else came from a value (or a catalog)."""

ALLOWED_ATTRIBUTES = {"lang", "charset", "style", "src", "alt", "href", "title", "value", "border", "cellpadding",
                      "colspan"}

LANGUAGE_CODES = (SOURCE_LANGUAGE, *LANGUAGES)

LETTERS = Letters(COMMANDS)
"""One template set for every render here, as the service keeps one: each language compiles once."""

LINES = [RecapLine(3, 1, evil("bob"), "", evil("move"), "email"),
         RecapLine(4, 3, evil("cy"), evil("bot"), evil("timeout-move"), "timeout"),
         RecapLine(5, 1, evil("bob"), "", evil("said"), "say"),
         RecapLine(6, 2, evil("ann"), "", evil("forced"), "forced"),
         RecapLine(7, 2, evil("ann"), "", evil("admin"), "admin")]
RUNS = [RecordRun(3, 5, 1, evil("bob"), "", tuple(LINES[:3])), RecordRun(6, 6, 2, evil("ann"), evil("bot"), (LINES[3],))]
DECISION = Asked("choose", evil("title"), evil("hint"), (evil("choice-1"), evil("choice-2")))
EARLIER = [Accepted((evil("earlier-move"),), (evil("earlier-kept"),), (evil("earlier-ignored"),)),
           Accepted((evil("early-move"),), (), (), early=True)]
SEATS = [TableSeat(1, evil("seat-1"), "", False), TableSeat(2, evil("seat-2"), evil("seat-bot"), False),
         TableSeat(3, evil("seat-3"), "", True)]
BASE: dict[str, Any] = {
    "table": evil("table"), "game_title": evil("game"), "game_id": 7, "seat_no": 2, "player": evil("player"),
    "game_page": evil("https://pbem.example.org/games/7.html?"), "earlier": EARLIER, "else_word": evil("else"),
    "ahead_note": evil("ahead"), "next_after": [evil("next-1"), evil("next-2")], "kept": [evil("kept")],
    "invite_ahead": True,
}
OPEN: dict[str, Any] = {
    "board": f"{evil('board')}\n  {evil('board-line')}", "decision": DECISION, "legal": [evil("legal")], "more": 3,
    "deadline": evil("deadline"), "waiting": [evil("waiting")], "picture": True, "at_deadline": "move",
}
ACTIONS: list[tuple[str, dict[str, Any]]] = [
    ("undo", {"to": 2, "moves": LINES[:2], "forced": True, "concerned": [evil("concerned")]}),
    ("undo", {"to": 2, "moves": LINES[:2], "forced": False, "concerned": []}),
    ("move", {"moves": [evil("move")]}),
    ("deadline", {"deadline": evil("deadline"), "extended": evil("extended")}),
    ("replaced", {"newcomer": evil("newcomer")}), ("replaced", {"bot": evil("bot")}),
    ("seated", {}), ("pause", {}), ("resume", {"deadline": evil("deadline")}), ("resume", {"deadline": ""}),
    ("readdressed", {"old": evil("old"), "new": evil("new"), "organiser": evil("organiser")}),
    ("dispute_resolved", {"dispute_id": 4, "text": evil("dispute")}),
    ("dispute_reply", {"dispute_id": 4, "text": evil("dispute"), "answer": f"{evil('answer')}\n{evil('answer-2')}"}),
]


GAMES = [GameLine(evil("table"), evil("address"), evil("due"), False),
         GameLine(evil("table"), evil("address"), "", False), GameLine(evil("table"), evil("address"), "", True)]
"""A player's games as the answers at pbem's own address list them."""
DESK: dict[str, Any] = {"table": "pbem", "player": evil("player"), "earlier": [], "address": evil("address"),
                        "organiser": evil("organiser"), "games": GAMES}
"""What every answer at pbem's own address shows (pbem.play.frontdesk)."""


def hostile_standings() -> dict[str, Any]:
    """A real standings context with hostile tournament, season, game and entrant names."""
    data = standings_of_a_run(player=evil("player"), you=5, limit=3)
    for number, row in enumerate(data["rows"]):
        row["name"] = evil(f"entrant-{number}")
    return {**data, "tournament": evil("tournament"), "season": evil("season"), "game": evil("game")}


def refusal_reasons() -> list[str]:
    """Every reason a refusal words: the pipeline's (``_refusals.j2``) and each command's own."""
    refusals = LETTERS.environment(SOURCE_LANGUAGE).get_template("_refusals.j2").module
    pipeline = refusals.headlines  # type: ignore[attr-defined]
    return [*pipeline, *(why for command in COMMANDS for why in command.refusals)]


def acknowledged_commands() -> list[str]:
    """The command blocks a ``command`` mail is made from: those that word a detail."""
    return sorted(path.stem for path in (TEMPLATE_DIR / "commands").glob("*.j2") if "macro detail(" in path.read_text())


REFUSAL: dict[str, Any] = {
    **BASE, "detail": evil("detail"), "suggestions": [evil("suggestion")],
    "quoted": [evil("quoted-1"), evil("quoted-2")], "address": evil("address"), "limit": 14, "until": evil("until"),
    "legal": [evil("legal")], "more": 2, "decision": DECISION, "expected": evil("expected"),
}
COMMAND: dict[str, Any] = {
    **BASE, "value": evil("value"), "extra": evil("extra"), "replaced": evil("replaced"), "ignored": [evil("ignored")],
    "back": evil("back"), "zone": evil("zone"), "hours": 48, "tournaments": [evil("tournament")],
    "moves": LINES[:1], "voters": [evil("voter")], "asker": evil("asker"), "expires": evil("expires"),
}
ORGANISER: dict[str, Any] = {
    **BASE, "seat": LINES[1], "timeouts": 3, "dispute_id": 4, "text": f"{evil('dispute')}\n{evil('dispute-2')}",
    "until": evil("until"), "held": evil("held"), "usual": evil("usual"), "hours": 48,
}

CONTEXTS: dict[str, list[dict[str, Any]]] = {
    "bounce_organiser": [
        {"table": "pbem", "bouncing": evil("bouncing"), "email": evil("email"), "score": 3, "detail": evil("detail"),
         "games": [{"id": 1, "table": evil("table")}]},
        {"table": "pbem", "bouncing": evil("bouncing"), "email": evil("email"), "score": 3, "detail": evil("detail"),
         "games": []},
    ],
    "bounce_table": [{"table": evil("table"), "player": evil("player"), "bouncing": evil("bouncing"), "held": held}
                     for held in (True, False)],
    "bye": [{"tournament": evil("tournament"), "player": evil("player"), "round": 2, "tables": 3, "worth": worth}
            for worth in (evil("worth"), "")],
    "command": [{**COMMAND, "command": command} for command in acknowledged_commands()]
    + [{**COMMAND, "command": "notify", "value": choice} for choice in ("each", "digest")]
    + [{**COMMAND, "command": "calendar", "value": "on"}]
    + [{**COMMAND, "command": "timezone", "extra": ""}]
    + [{**COMMAND, **DESK, "command": "vacation", "value": evil("value"), "extra": "", "hours": 0}]
    + [{**COMMAND, "command": "leave", "value": value, "tournaments": [evil("tournament"), evil("tournament-2")],
        "days": 7}
       for value in ("asked", "done")]
    + [{**COMMAND, "command": "undo", "value": value} for value in ("asked", "voted")],
    "confirmation": [
        {**BASE, "understood": [evil("understood")], "waiting": [evil("waiting")], "early": early,
         "ignored": [evil("ignored")], "board": evil("board"), "drew": evil("drew")}
        for early in (True, False)
    ],
    "digest": [{"player": evil("player"), "table": evil("table"),
                "games": [{"table": evil("table"), "lines": [evil("line-1"), evil("line-2")]}]}],
    "frontdesk": [{**DESK, "event": "games"}, {**DESK, "event": "games", "games": []},
                  {**DESK, "event": "needs_seat", "command": evil("command")},
                  {**DESK, "event": "forwarded", "original_subject": evil("subject")}],
    "game_over": [
        {**BASE, "recap": LINES, "history": RUNS, "own_rank": 1, "board": evil("board"), "picture": True,
         "game_name": "dragon", "lowest_wins": False,
         "standings": [Standing(1, 2, evil("winner"), "", 5.0, {evil("label"): evil("points")}, False),
                       Standing(2, 1, evil("loser"), evil("bot"), 3.0, {}, True, True)]},
    ],
    "help": [{**BASE, "hint": hint, "vacation_days": 14, "notify": "none", "calendar": "on",
              "time_zone": evil("zone"),
              "language_name": evil("language")} for hint in (evil("hint"), "")]
    + [{**DESK, "hint": "", "game_title": "", "seat_no": 0, "vacation_days": 14, "notify": "none",
        "calendar": "off", "time_zone": evil("zone"), "language_name": evil("language"), "games": games} for games in (GAMES, [])],
    "history": [{**BASE, "lines": LINES}, {**BASE, "lines": []}],
    "notice": [{**BASE, "recap": LINES}, {**BASE, "recap": LINES, "next_after": []}],
    "observer": [{"table": evil("table"), "game_id": 7, "game_title": evil("game"), "desk": evil("desk"),
                  "game_page": evil("page"), "event": event, "every": every, "token": evil("token"), "days": 7,
                  "why": why, "lines": LINES, "board": evil("board"), "picture": True, "over": over}
                 for event, every, why, over in (("confirm", "day", "", False), ("following", "move", "", False),
                                                 ("stopped", "day", "", False), ("digest", "day", "", False),
                                                 ("digest", "move", "", True), ("refused", "day", "bad", False),
                                                 ("refused", "day", "not_allowed", False),
                                                 ("refused", "day", "not_following", False),
                                                 ("refused", "day", "not_confirmed", False))],
    "organiser": [{**ORGANISER, "event": event} for event in ("seat_to_bot", "vacation_hold", "dispute")],
    "organiser_action": [{**BASE, "event": event, "reason": evil("reason"), "action": action}
                         for event, action in ACTIONS],
    "organiser_digest": [{"table": "pbem", "per_seat": 2, "per_address": 4, "lines": [
        DigestLine(evil("day"), evil("address"), evil("name"), 3, evil("table"), 2, 5, 2),
        DigestLine(evil("day"), evil("address"), "", 0, "", 1, 9, 4)]}],
    "organiser_left": [{"tournament": evil("tournament"), "tournament_id": 3, "player": evil("player"),
                        "email": evil("email"), "after": 1, "rounds_started": 1, "policy": evil("policy"),
                        "seats": seats} for seats in ([(4, 2, evil("label"))], [])],
    "organiser_tournament": [{"tournament": evil("tournament"), "tournament_id": 3, "round": 2,
                              "reason": evil("reason")},
                             {"tournament": evil("tournament"), "tournament_id": 3, "round": 2, "event": "kept_out",
                              "minimum": 80, "kept_out": [{"name": evil("name"), "email": evil("email"),
                                                           "reliability": "50%", "games": 2}]}],
    "oversize": [{"table": evil("table"), "original_subject": evil("subject"), "size_kb": 900, "limit_kb": 512}],
    "prompt": [
        {**BASE, **OPEN, "understood": [evil("understood")], "ignored": [evil("ignored")], "recap": LINES,
         "first_mail": first, "forced": [evil("forced")],
         "early_refused": EarlyOutcome(f"{evil('early')}\n{evil('early-2')}", (), evil("reason"),
                                       ((evil("alternative"), evil("why")),))}
        for first in (True, False)
    ],
    "question": [{"table": "pbem", "writer": writer, "email": evil("email"), "original_subject": evil("subject"),
                  "text": f"{evil('text')}\n{evil('text-2')}", "games": games, "received": evil("received"),
                  "inbound_id": 9, "per_address": 4} for writer, games in ((evil("writer"), GAMES), ("", []))],
    "refusal": [{**REFUSAL, "why": why} for why in refusal_reasons()]
    + [{**REFUSAL, "why": "not_your_turn", "player": "", "detail": ""}]
    + [{**REFUSAL, "why": why, "suggestions": [Listed(4, evil("suggestion")), evil("turn")],
        "legal": [Listed(4, evil("legal"))], "links": [LinkRow(evil("label"), ((evil("linked"), Listed(4, evil("legal"))),))],
        "reply_address": evil("address")} for why in ("unsure", "illegal")],  # each suggestion and move a link
    "reminder": [{**BASE, **OPEN, "at_deadline": happens, "recap": recap, "next_after": after}
                 for happens, recap, after in (("forfeit", LINES, [evil("next")]), ("move", [], None))],
    "round_start": [{**BASE, "tournament": evil("tournament"), "round": 2, "seats": SEATS, "hours": 48,
                     "board": board, "next_after": after}
                    for board, after in ((evil("board"), [evil("next")]), (evil("board"), None), ("", None))],
    "say": [{**BASE, "speaker": evil("speaker"), "said": f"{evil('said')}\n{evil('said-2')}"}],
    "sender_notice": [{**BASE, "sender": sender, "own_address": evil("own"), "limit": 2, "why": why}
                      for sender, why in ((evil("sender"), "wrong_sender"), ("", "wrong_sender"),
                                          (evil("sender"), "unauthenticated"))],
    "standings": [hostile_standings()],
    "start": [{**BASE, "seats": SEATS, "hours": 48, "board": evil("board"), "next_after": after}
              for after in ([evil("next")], None)],
    "status": [{**BASE, **OPEN, "recap": LINES, "at_deadline": "seat"},
               {**BASE, **OPEN, "decision": None, "recap": []}],
    "timeout": [{**BASE, "played": played, "handed_to_bot": handed, "forfeited": forfeited, "timeouts": 2,
                 "limit": 3} for played, handed, forfeited in (([evil("played")], False, False), ([], True, False),
                                                                ([evil("played")], True, True))],
    "signup": [{"event": event, "tournament": evil("tournament"), "address": evil("address"),
                "game_title": evil("game"), "rounds": 3, "organiser": evil("organiser"),
                "language_name": evil("language"), "time_zone": evil("zone"), "guessed": True,
                "token": evil("token"), "days": 7, "code": code}
               for event, code in (("confirm", ""), ("pending", ""), ("refused", ""), ("shut", "closed"),
                                   ("shut", "past"), ("shut", "full"), ("shut", "started"))],
    "undo": [{**BASE, "event": event, "asker": evil("asker"), "own": own, "moves": LINES[:2], "expires": evil("expires"),
              "refused_by": [evil("refused-by")], "missing": [evil("missing")], "yes_word": evil("yes"),
              "no_word": evil("no"), "reply_address": evil("address")}
             for event in ("vote", "done", "refused", "expired", "lapsed") for own in (True, False)],
    "welcome": [{"tournament": evil("tournament"), "player": evil("player"), "game_title": evil("game"),
                 "rounds": 3, "joined": 1, "started": 1, "hours": 48, "organiser": evil("organiser"),
                 "time_zone": evil("zone"), "signed_up": signed_up}
                for signed_up in (None, SignedUp(evil("language"), True, True), SignedUp(evil("language"), False,
                                                                                          False))],
}

KINDS = sorted(path.name.removesuffix(".html.j2") for path in TEMPLATE_DIR.glob("*.html.j2")
               if not path.name.startswith("_"))
"""Every kind of mail: an HTML part whose name does not start with ``_`` (the layout and the shared pieces do)."""


class Parsed(HTMLParser):
    """The elements, attributes and text a mail client would see in an HTML part."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str]] = []
        self.data: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += [(tag, name) for name, _value in attrs]

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        self.data.append(data)

    @property
    def text(self) -> str:
        return " ".join("".join(self.data).split())


def markup_from_values(html: str) -> list[str]:
    """The elements and attributes of ``html`` the templates do not write: each one came from a value."""
    parsed = Parsed(html)
    return ([f"<{tag}>" for tag in parsed.tags if tag not in ALLOWED_TAGS]
            + [f"<{tag} {name}=>" for tag, name in parsed.attributes if name not in ALLOWED_ATTRIBUTES])


def shown_as_written(words: str, whole_only: bool = True) -> list[str]:
    """What is wrong with how ``words`` (a part as its reader sees it) shows the hostile values: some are shown,
    none is escaped (once more), and with ``whole_only`` each start of one is followed by the whole of it (the
    plain part's standings table cuts a long name to its column)."""
    problems = []
    starts, whole = words.count(PAYLOAD[:6]), words.count(PAYLOAD)
    if whole == 0:
        problems.append("no hostile value shown")
    if whole_only and starts != whole:
        problems.append(f"{starts - whole} hostile values changed")
    problems += [f"escaped: {entity}" for entity in ("&lt;", "&gt;", "&#34;", "&#39;", "&quot;", "&amp;amp;")
                 if entity in words]
    return problems


def render(kind: str, language: str, context: dict[str, Any]) -> Letter:
    if kind not in CONTEXTS:
        pytest.fail(f"mail kind {kind!r} (templates/email/{kind}.html.j2) has no hostile context in {__name__}")
    return LETTERS.render(kind, language, **context)


CASES = [(kind, number) for kind in KINDS for number in range(len(CONTEXTS.get(kind, [{}])))]


def test_every_kind_of_mail_found_in_the_folder_has_hostile_contexts() -> None:
    assert len(KINDS) >= 25 and "prompt" in KINDS and "_layout" not in KINDS
    assert sorted(CONTEXTS) == KINDS


@pytest.mark.parametrize("language", LANGUAGE_CODES)
@pytest.mark.parametrize(("kind", "number"), CASES, ids=[f"{kind}-{number}" for kind, number in CASES])
def test_hostile_values_are_text_in_the_html_part_and_as_written_in_the_plain_part(
        kind: str, number: int, language: str) -> None:
    letter = render(kind, language, CONTEXTS.get(kind, [{}])[number])
    assert markup_from_values(letter.html) == []
    assert shown_as_written(Parsed(letter.html).text) == []
    assert shown_as_written(" ".join(letter.text.split()), whole_only=kind != "standings") == []
    if PAYLOAD[:6] in letter.subject:
        assert shown_as_written(letter.subject) == []


def test_the_check_finds_markup_that_came_from_a_value() -> None:
    """The checks above can fail: a value put in unescaped is found, and so is one escaped twice."""
    assert markup_from_values(f"<p>Hello {evil('player')},</p>") == ["<svg>", "<b>", "<svg onload=>"]
    assert markup_from_values(f'<img src="cid:board" alt="{evil("alt")}">') != []
    assert shown_as_written(Parsed("<p>a&amp;lt;b</p>").text) == ["no hostile value shown", "escaped: &lt;"]
    assert shown_as_written(PAYLOAD[:9]) == ["no hostile value shown", "1 hostile values changed"]
