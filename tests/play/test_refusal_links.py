"""A refusal's suggestions are one-click replies: each "Did you mean" candidate and each closest legal move a link.

A reply read as several moves ("exchange the yellow card" in China) is refused with the candidates under "Did
you mean:"; one read as a move that is not legal now ("exchange red for deck" with no red card) with the
closest legal moves. In the refusal's HTML part each of them is a ``mailto:`` link made as the prompt's are
(:func:`tests.play.test_links.links`): to the address naming the seat's open decision (the refusal's own
Reply-To), subject "Re: " and the refusal's tag, the move alone as its body (no note under a signature line, which
would cost each link its length again). Its mail, as a client composes it (no ``In-Reply-To``), goes through
:func:`pbem.serve.pipeline.deliver` and must play that move and no other, in each of the four languages. Then the
attacks: the link's mail from a stranger, its body with a second line added, the same link followed twice, and a
link of a refusal whose decision has moved on.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from sqlmodel import Session

import engine
from pbem.language.words import translations, words
from pbem.ops.db import Outbox
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.simulation import swarm
from pbem.simulation.swarm import Link
from tests.language.test_games_in_languages import start
from tests.pages.test_accessible import AXE, CHECK
from tests.pages.test_browser import chromium
from tests.pages.test_browser import pytestmark as needs_chromium
from tests.play.test_links import FOOTER, composed, links, moves_of
from tests.support.loop import outbox, reply_to

LANGUAGES = ("en", "el", "hu", "ru")
CARD = {"en": "card", "el": "κάρτα", "hu": "kártyát", "ru": "карту"}
"""The word a player adds after the card they name: no word of China's notation, so the line is read by meaning
(as in tests/play/test_did_you_mean.py)."""

HEADING = {"unsure": "Did you mean:", "illegal": "Closest legal moves:", "turn": "Closest legal moves:"}
"""Each refusal's heading: "unsure" (the candidates, legal moves of this decision, numbered), "illegal" (the
closest legal moves, numbered) and "turn" (the closest legal turns of several decisions: no number names one)."""
HOW = ("plain", "wrapped", "flowed")
STRANGER = "stranger@example.net"


def refused(tmp_path: Path, language: str, why: str) -> tuple[Service, Outbox, Outbox, list[str]]:
    """A China game whose first seat answered its prompt with a reply refused as ``why``: the service, the
    prompt, the refusal and the seat's legal moves (notation, in the prompt's order)."""
    tmp_path.mkdir(exist_ok=True)
    service = start(tmp_path, "china", language, seed=4)
    prompt = outbox(service, kind="prompt")[0]
    with Session(service.db) as session:
        game = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
    rules, seat = game.rules, prompt.seat
    assert seat is not None
    legal = [rules.format(move) for move in rules.legal(game.state, seat)]
    said = words(rules, language)
    held = {notation.split()[1] for notation in legal if notation.startswith("exchange ")}
    missing = next(colour for colour in ("yellow", "orange", "green", "red", "purple") if colour not in held)
    if why == "unsure":
        card = next(notation.split()[1] for notation in legal if notation.startswith("exchange "))
        text = f"{said.move(f'exchange {card}')} {CARD[language]}"
    else:
        text = said.move(f"exchange {missing} for deck" if why == "illegal" else f"play {missing}")
    outcome = pipeline.deliver(service, reply_to(prompt, text))
    assert outcome.status == "refused" and moves_of(service) == [], outcome
    refusal = outbox(service, recipient=prompt.recipient, kind="refusal")[-1]
    assert translations(language).gettext(HEADING[why]) in refusal.text, refusal.text
    return service, prompt, refusal, legal


def offered(refusal: Outbox, language: str, why: str) -> list[tuple[int, str]]:
    """The suggestions the refusal's plain-text part lists under its heading: (number, 0 for none; the words)."""
    section = refusal.text.split(translations(language).gettext(HEADING[why]) + "\n")[1].split("\n\n")[0]
    return [(int(number or 0), move) for number, move in re.findall(r"^  (?:(\d+)\. )?(.+)$", section, re.MULTILINE)]


def suggested(refusal: Outbox, language: str, why: str) -> list[Link]:
    """The links of the refusal's suggestions (its HTML before "Your legal moves now:"), each checked to be made
    as the prompt's: to the refusal's Reply-To, "Re: " and its subject's tag, the move alone."""
    before = refusal.html.split(translations(language).gettext("Your legal moves now:"))[0]
    assert translations(language).gettext(HEADING[why]) in html.unescape(before)
    found = links(Outbox(html=before))
    for link in found:
        assert link.address == refusal.reply_to and link.subject == "Re: " + refusal.subject.split("] ")[0] + "]", link
        assert link.body == link.shown, link.body
    return found


def check_links(refusal: Outbox, prompt: Outbox, legal: list[str], language: str, why: str) -> list[Link]:
    """One link per suggestion the plain part numbers, each showing that move; the links of the moves legal now
    too. The refusal's links name the decision as the prompt's do: no one has moved since, so the same address."""
    found = suggested(refusal, language, why)
    listed = offered(refusal, language, why)
    assert len(listed) > 1 and [(link.number, link.shown) for link in found] == listed, "one link per suggestion"
    assert all(link.number > 0 for link in found) == (why != "turn"), found
    said = words(engine.game("china"), language)
    assert all(said.move(legal[link.number - 1]) == link.shown for link in found if link.number)
    assert refusal.reply_to == prompt.reply_to, "the address naming the decision, as the prompt's links"
    every = links(refusal)
    assert sorted({link.number for link in every if link.number}) == list(range(1, len(legal) + 1)), "every move"
    return found


@pytest.mark.parametrize("why", ["unsure", "illegal", "turn"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_suggestion_is_a_link_whose_mail_plays_exactly_its_move(tmp_path: Path, language: str,
                                                                     why: str) -> None:
    service, prompt, refusal, legal = refused(tmp_path / "0", language, why)
    count = len(check_links(refusal, prompt, legal, language, why))
    for index in range(count):  # each link in a game of its own, refused the same way (the same seed)
        if index:
            service, prompt, refusal, legal = refused(tmp_path / str(index), language, why)
        link = check_links(refusal, prompt, legal, language, why)[index]
        outcome = pipeline.deliver(service, composed(link, HOW[index % len(HOW)], prompt.recipient))
        assert outcome.status == "applied", (link, outcome)
        played = [(move.seat, move.notation) for move in moves_of(service)]
        if link.number:
            assert played == [(prompt.seat, legal[link.number - 1])], link
        else:  # the whole turn it shows, and only it: its parts, in order, as the player's words say them
            said = words(engine.game("china"), language)
            assert [seat for seat, _ in played] == [prompt.seat] * len(played), played
            assert said.move("; ".join(notation for _, notation in played)) == link.shown, (played, link)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_link_from_a_stranger_edited_or_followed_twice_plays_its_move_once_or_nothing(
        tmp_path: Path, language: str) -> None:
    service, prompt, refusal, legal = refused(tmp_path, language, "unsure")
    first, second = check_links(refusal, prompt, legal, language, "unsure")[:2]

    before = len(outbox(service))
    outcome = pipeline.deliver(service, composed(first, "plain", STRANGER))
    assert outcome.status == "wrong_sender" and moves_of(service) == [], outcome
    told = [(row.kind, row.recipient) for row in outbox(service)[before:]]
    assert told == [("sender_notice", prompt.recipient)], "no answer to a stranger: the seat's player is told"

    head, _, signature = first.body.partition("\n\n")
    edited = replace(first, body=f"{head}\n{second.shown}\n\n{signature}")  # a second move added under the link's
    outcome = pipeline.deliver(service, composed(edited, "plain", prompt.recipient))
    assert outcome.status == "applied", outcome
    assert [move.notation for move in moves_of(service)] == [legal[first.number - 1]], "the link's move alone"
    with Session(service.db) as session:
        game = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
    assert prompt.seat is not None
    assert game.early[prompt.seat].text == second.shown, "the added line is kept for the seat's next turn, not played"

    outcome = pipeline.deliver(service, swarm.clicked(prompt.recipient, first, footer=FOOTER).raw)  # again: a new mail
    assert outcome.status == "refused", outcome
    assert [move.notation for move in moves_of(service)] == [legal[first.number - 1]], "no second move"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_link_of_a_refusal_whose_decision_moved_on_is_refused(tmp_path: Path, language: str) -> None:
    service, prompt, refusal, legal = refused(tmp_path, language, "unsure")
    found = check_links(refusal, prompt, legal, language, "unsure")
    answered = found[0].number
    assert pipeline.deliver(service, reply_to(refusal, str(answered))).status == "applied"  # the number, by reply
    # the other seats play until the seat is asked again: its refusal's decision is long gone
    for _ in range(40):
        latest = outbox(service, kind="prompt")[-1]
        if latest.recipient == prompt.recipient:
            break
        assert pipeline.deliver(service, reply_to(latest, "1")).status == "applied"
    else:
        pytest.fail("the seat is never asked again")
    asked_again = latest
    assert asked_again.reply_to != refusal.reply_to
    played = len(moves_of(service))
    for link in found:
        outcome = pipeline.deliver(service, composed(link, "plain", prompt.recipient))
        assert outcome.status == "refused", (link, outcome)
        assert len(moves_of(service)) == played, link
    stale = outbox(service, recipient=prompt.recipient, kind="refusal")[-1]
    assert stale.id != refusal.id and links(stale), "the answer links the decision open now instead"
    assert {link.address for link in links(stale)} == {asked_again.reply_to}


@needs_chromium
@pytest.mark.skipif(not AXE.is_file(), reason="axe-core is not installed (bash .ci/axe-core installs it)")
@pytest.mark.parametrize("kind", ["unsure", "illegal", "turn", "prompt"])
def test_a_refusal_with_links_passes_axe_as_the_prompt_does(tmp_path: Path, kind: str) -> None:
    """The HTML part, as Chromium shows it, has no serious or critical accessibility violation (axe-core, as the
    published pages are checked in tests/pages/test_accessible.py): both refusals with links, and the prompt."""
    _service, prompt, refusal, _legal = refused(tmp_path, "el", "unsure" if kind == "prompt" else kind)
    page = tmp_path / "mail.html"
    shown = prompt if kind == "prompt" else refusal
    page.write_text(shown.html.replace("</body>", CHECK.format(axe=AXE.as_uri()) + "</body>"), encoding="utf-8")
    opened = chromium("--virtual-time-budget=20000", "--dump-dom", page.as_uri())
    written = re.search(r"data-axe=\"([^\"]*)\"", opened.stdout)
    assert written, opened.stderr[-2000:]
    report = json.loads(html.unescape(written.group(1)))
    assert report["passes"] > 5 and report["grave"] == [], (kind, report)
