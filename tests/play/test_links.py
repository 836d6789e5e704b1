"""Every legal move a link, and a number a reply: whole games played by clicking, through the real pipeline.

Each prompt's HTML part has a ``mailto:`` link (RFC 6068) for every legal move
of its decision. The test parses every link, builds the mail a client composes
from it (To and Subject from the link, its body with a phone's footer, no
``In-Reply-To``; re-wrapped at 72 columns, or sent ``format=flowed``) and reads
it as the service does: each must read as exactly the move it showed. One link
of each prompt is then sent through :func:`pbem.serve.pipeline.deliver` and
must be played as that move. Replies of only a number play the move of that
number; a number to a decision no longer open, or past the last move, is
refused and plays nothing.
"""

from __future__ import annotations

import random
import textwrap
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from sqlmodel import Session, select

from pbem.language.words import translations
from pbem.mail.inbound import read_mail
from pbem.ops.db import Game, Move, Outbox
from pbem.play.service import Service
from pbem.serve import pipeline
from pbem.simulation import swarm
from pbem.simulation.swarm import Link
from tests.language.test_games_in_languages import start
from tests.support.loop import outbox, reply_to

LANGUAGES = {"dragon": "ru", "china": "hu", "prodigals": "el"}
FOOTER = "-- \nSent from my phone"
WORDED = {"ru": ["вариант {}", "номер {}, пожалуйста"], "hu": ["A {}. lehetőséget választom", "{}-es lehetőség"],
          "el": ["νούμερο {}", "τον αριθμό {} παρακαλώ"]}
"""The list's numbers as players write them in words ("option 3"), in each test's language."""
CLIPPED = 100_000
"""Gmail shows a mail's HTML only up to about 102 kB, then "[Message clipped]": every mail stays below."""


def links(row: Outbox) -> list[Link]:
    """The prompt's mailto: links, each as RFC 6068 writes it: percent-encoded, CRLF line breaks, no fragment."""
    found = swarm.links(row.html)
    for link in found:
        split = urlsplit(link.href)
        assert split.scheme == "mailto" and not split.fragment, link.href
        assert all(ord(char) < 128 and char not in " <>\"" for char in link.href), link.href  # percent-encoded
        fields = dict(pair.split("=", 1) for pair in split.query.split("&"))
        assert set(fields) == {"subject", "body"}, link.href
        assert "\n" not in unquote(fields["body"]).replace("\r\n", ""), "a link's line breaks are CRLF"
    return found


def composed(link: Link, how: str, sender: str) -> bytes:
    """The mail a client writes from ``link``: a footer appended, no In-Reply-To, the body as ``how`` sends it."""
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = sender, link.address, link.subject
    mail["Message-ID"] = f"<link-{abs(hash((link, how)))}@phone.example>"
    text = f"{link.body}\n\n{FOOTER}\n"
    if how == "wrapped":  # a client that wraps every line at 72 columns
        text = "\n".join(textwrap.fill(line, 72) if line.strip() else line for line in text.split("\n"))
        mail.set_content(text)
    elif how == "flowed":  # RFC 3676: long lines broken after a space, the space kept at the break
        lines = []
        for line in text.split("\n"):
            while len(line) > 72 and line != "-- ":
                cut = line.rfind(" ", 0, 72) + 1 or 72
                lines.append(line[:cut])
                line = line[cut:]
            lines.append(line)
        mail.set_content("\n".join(lines))
        mail.set_param("format", "flowed")
    else:
        mail.set_content(text)
    return bytes(mail)


def latest_prompts(service: Service, answered: set[int]) -> list[Outbox]:
    latest = {prompt.recipient: prompt for prompt in outbox(service, kind="prompt")}
    return [prompt for prompt in latest.values() if prompt.id not in answered]


def moves_of(service: Service) -> list[Move]:
    with Session(service.db) as session:
        return list(session.exec(select(Move).where(Move.reverted == False).order_by(Move.seq)))


def over(service: Service) -> bool:
    with Session(service.db) as session:
        return session.exec(select(Game)).one().status == "over"


def check_every_link(service: Service, prompt: Outbox, stats: dict[str, int]) -> list[Link]:
    """Every link of the prompt reads, as its composed mail, as exactly the move it shows; its links."""
    found = links(prompt)
    with Session(service.db) as session:
        game = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
    rules, seat = game.rules, prompt.seat
    assert seat is not None
    legal = rules.legal(game.state, seat)
    said = game.words(seat)
    assert sorted(link.number for link in found) == list(range(1, len(legal) + 1)), "every legal move, once"
    assert {link.address for link in found} == {prompt.reply_to}
    assert {link.subject for link in found} == {"Re: " + prompt.subject.split("] ")[0] + "]"}  # the game's tag
    for index, link in enumerate(found):
        head = link.body
        assert "\n" not in head, link.body  # the move alone: nothing else to send
        for how in ("plain", "wrapped", "flowed"):
            text = read_mail(composed(link, how, prompt.recipient)).text
            if head == str(link.number):  # a move too long for a line: the link writes its number
                assert text == head
                continue
            read = rules.read(text, rules.clone(game.state), seat, said)
            assert read.moves == [legal[link.number - 1]] and not read.ahead, (how, link)
        assert said.move(rules.format(legal[link.number - 1])) == link.shown or \
            rules.read(link.shown, rules.clone(game.state), seat, said).moves == [legal[link.number - 1]]
    stats["decisions"] += 1
    stats["all linked"] += len(found) == len(legal)
    stats["most links"] = max(stats["most links"], len(found))
    assert len(prompt.html.encode()) < CLIPPED, "Gmail would clip this prompt, hiding its last links"
    return found


@pytest.mark.parametrize("language", ["en", "el", "hu", "ru"])
def test_the_prompt_with_the_most_links_and_its_refusal_are_never_clipped(tmp_path: Path, language: str) -> None:
    """A Dragon start links 144 moves, each link the move written in the player's language and percent-encoded
    (six bytes a Greek or Cyrillic letter): the prompt, and a refusal listing them again with the line quoted,
    stay under the size at which Gmail clips a mail's HTML, which would hide the last moves and the footer."""
    service = start(tmp_path, "dragon", language, seed=4)
    prompt = outbox(service, kind="prompt")[0]
    assert len(links(prompt)) == 144
    assert pipeline.deliver(service, reply_to(prompt, "start " + "x" * 5_000)).status == "refused"
    refusal = outbox(service, kind="refusal", recipient=prompt.recipient)[-1]
    for mail in (prompt, refusal):
        assert len(mail.html.encode()) < CLIPPED, (mail.kind, len(mail.html.encode()))


def played_since(service: Service, before: int) -> list[Move]:
    return [move for move in moves_of(service) if move.seq > before]


@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_every_link_of_a_whole_game_plays_exactly_its_move(tmp_path: Path, game: str) -> None:
    service = start(tmp_path, game, LANGUAGES[game], seed=3)
    rng = random.Random(5)
    stats = {"decisions": 0, "all linked": 0, "most links": 0}
    answered: set[int] = set()
    while not over(service):
        waiting = latest_prompts(service, answered)
        assert waiting, "the game is not over, yet no prompt waits for an answer"
        for prompt in waiting:
            answered.add(prompt.id)  # type: ignore[arg-type]
            found = check_every_link(service, prompt, stats)
            with Session(service.db) as session:
                loaded = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
            chosen = rng.choice(found)
            shown = loaded.rules.format(loaded.rules.legal(loaded.state, prompt.seat)[chosen.number - 1])  # type: ignore[arg-type]
            before = max((move.seq for move in moves_of(service)), default=0)
            how = rng.choice(["plain", "wrapped", "flowed"])
            outcome = pipeline.deliver(service, composed(chosen, how, prompt.recipient))
            assert outcome.status == "applied", (chosen, outcome)
            mine = [move for move in played_since(service, before) if move.seat == prompt.seat]
            assert mine and mine[0].notation == shown and mine[0].source == "email", (chosen, mine)
        assert stats["decisions"] < 2000, "the game does not end"
    print(f"\n{game}: {stats['all linked']}/{stats['decisions']} decisions with every legal move a link; "
          f"at most {stats['most links']} links in one prompt")
    assert stats["all linked"] == stats["decisions"] > 0


@pytest.mark.parametrize("game", ["dragon", "china", "prodigals"])
def test_a_number_plays_that_move_and_a_stale_or_missing_number_is_refused(tmp_path: Path, game: str) -> None:
    language = LANGUAGES[game]
    service = start(tmp_path, game, language, seed=4)
    rng = random.Random(9)
    answered: set[int] = set()
    refused_stale = refused_range = 0
    forms = ["{}", "{}.", "#{}", "({})", *WORDED[language]]
    while not over(service):
        waiting = latest_prompts(service, answered)
        assert waiting, "the game is not over, yet no prompt waits for an answer"
        for prompt in waiting:
            answered.add(prompt.id)  # type: ignore[arg-type]
            with Session(service.db) as session:
                loaded = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
            legal = loaded.rules.legal(loaded.state, prompt.seat)  # type: ignore[arg-type]
            before = max((move.seq for move in moves_of(service)), default=0)
            if refused_range < 2:  # past the last move: refused, saying the range, in the player's language
                outcome = pipeline.deliver(service, reply_to(prompt, str(len(legal) + 1)))
                assert outcome.status == "refused" and played_since(service, before) == []
                refusal = outbox(service, recipient=prompt.recipient, kind="refusal")[-1]
                expected = translations(language).gettext(
                    "there is no move %(number)s: this decision's moves are numbered 1 to %(count)s") % {
                        "number": len(legal) + 1, "count": len(legal)}
                assert expected in " ".join(refusal.text.split()), refusal.text
                refused_range += 1
            number = rng.randrange(1, len(legal) + 1)
            shown = loaded.rules.format(legal[number - 1])
            outcome = pipeline.deliver(service, reply_to(prompt, rng.choice(forms).format(number)))
            assert outcome.status == "applied", outcome
            mine = [move for move in played_since(service, before) if move.seat == prompt.seat]
            assert mine and mine[0].notation == shown, (number, shown, mine)
            if refused_stale < 3:  # the same prompt answered again with a number: its decision is gone
                after = max(move.seq for move in moves_of(service))
                again = pipeline.deliver(service, reply_to(prompt, "1", message_id=f"<again-{prompt.id}@x>"))
                assert again.status == "refused", again
                assert played_since(service, after) == []
                refused_stale += 1
    assert refused_stale == 3 and refused_range == 2


def test_a_china_turn_clicked_step_by_step_gets_each_next_prompt_at_once_in_its_thread(tmp_path: Path) -> None:
    """A player who only clicks plays a turn of several decisions (cards, placements, draw) in one sitting: each
    click's transaction queues the prompt for the turn's next step, in the seat's thread, with links to click
    there and then; nothing else comes between, no confirmation folded to come later."""
    service = start(tmp_path, "china", LANGUAGES["china"], seed=3)
    rng = random.Random(2)
    steps_clicked = turns_of_several = 0
    answered: set[int] = set()
    while turns_of_several < 6 and not over(service):
        [prompt] = latest_prompts(service, answered)  # China: one seat decides at a time
        seat, steps = prompt.seat, 0
        while True:
            answered.add(prompt.id)  # type: ignore[arg-type]
            with Session(service.db) as session:
                loaded = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
            chosen = rng.choice(links(prompt))
            shown = loaded.rules.format(loaded.rules.legal(loaded.state, seat)[chosen.number - 1])  # type: ignore[arg-type]
            before, last = max((move.seq for move in moves_of(service)), default=0), outbox(service)[-1].id
            outcome = pipeline.deliver(service, swarm.clicked(prompt.recipient, chosen, footer=FOOTER).raw)
            assert outcome.status == "applied", (chosen, outcome)
            assert [move.notation for move in played_since(service, before)] == [shown]
            steps += 1
            new = [row for row in outbox(service) if row.id > last and row.recipient == prompt.recipient]  # type: ignore[operator]
            with Session(service.db) as session:
                loaded = service.store.load(session, prompt.game_id)  # type: ignore[arg-type]
            if seat not in loaded.rules.to_act(loaded.state):
                break
            # the turn goes on: its next step's prompt was queued by the click's own transaction, and only it
            assert [row.kind for row in new] == ["prompt"], [row.kind for row in new]
            following = new[0]
            assert following.in_reply_to == prompt.message_id and following.seq == before + 1
            assert following.reply_to != prompt.reply_to, "its links name the decision it asks, not the last one"
            prompt = following
        steps_clicked += steps
        turns_of_several += steps > 1
    assert turns_of_several == 6 and steps_clicked > 12
