"""The client-and-language reply corpus as test cases: each message, its client, language and move.

Shared by this directory's read_mail test and the pipeline test of the mail
loop, so both read the same messages. See the comment at the top of
``replies/manifest.toml``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from tests.mail_inbound.corpus_cases import substitute

REPLIES = Path(__file__).parent / "replies"
MANIFEST = REPLIES / "manifest.toml"

# The pbem prompt every reply quotes (templates/email/prompt.txt.j2 for a
# Dragon action decision), greeting the player by the first word of the
# From display name.
PROMPT = """Hello {name},

It is your turn, seat 1: month 5, action.

In the Year of the Dragon - month 5 (Festival), Dragon Open R1 T1
Events: 1Peace 2Peace 3Drought 4Contagio *5Festival 6Tribute 7Invasion
Your court (seat 1):
  4 VP, track 3, 6 yuan, 1 rice, 0 fireworks, privileges 0 small 0 large
  palace1, 2 floors: farmer (young), (free)
  palace2, 1 floor: warrior (old)

Your legal moves:
  group 1 harvest
  group 2 tax
  group 3 military
  recruit old warrior
  pass

How to reply: press Reply and write your move on the first line (group 2 tax).
Several lines are read in order, so you may send everything you will owe
before anyone else acts. A line "end" stops reading.
Commands: help, status, history, say <text>, vacation until YYYY-MM-DD,
notify each|digest|none, dispute <text>.

Please answer by 2026-12-03 09:00 UTC.

--
Dragon Open R1 T1 · play-by-email · reply "help" for the commands"""


@dataclass(frozen=True)
class Reply:
    """One client's reply and the moves it carries."""

    file: str
    raw: bytes
    client: str
    language: str
    moves: tuple[str, ...]
    signoff: tuple[str, ...]
    note: str


def prompt_lines(first_name: str) -> list[str]:
    """The non-empty lines of the quoted prompt, as the player with ``first_name`` received it."""
    return [line.strip() for line in PROMPT.format(name=first_name).split("\n") if line.strip()]


def replies(values: Mapping[str, str]) -> list[Reply]:
    """Every manifest entry in order, its raw message read and filled in with ``values``."""
    manifest = tomllib.loads(MANIFEST.read_text(encoding="utf-8"))
    return [
        Reply(
            file=entry["file"],
            raw=substitute((REPLIES / entry["file"]).read_bytes(), values),
            client=entry["client"],
            language=entry["language"],
            moves=tuple(entry["moves"]),
            signoff=tuple(entry["signoff"]),
            note=entry["note"],
        )
        for entry in manifest["message"]
    ]
