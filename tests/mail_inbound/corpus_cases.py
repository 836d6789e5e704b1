"""The adversarial corpus as test cases: manifest entries with placeholders filled in.

Shared by this directory's read_mail test and the pipeline-level test of the
mail core, so both read the same messages the same way. See the comment at
the top of ``corpus/manifest.toml`` for the placeholders.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

CORPUS = Path(__file__).parent / "corpus"
MANIFEST = CORPUS / "manifest.toml"
PLACEHOLDERS = (
    *(f"player{seat}" for seat in range(4)),
    *(f"reply{seat}" for seat in range(4)),
    "stranger",
    "bad_reply0",
    "old_prompt0",
)
_PLACEHOLDER = re.compile(rb"\{([a-z_]+[0-9]?)\}")
HUGE_BYTES = 5 * 1024 * 1024


@dataclass(frozen=True)
class Case:
    """One corpus message and what must become of it."""

    file: str
    raw: bytes
    kind: str
    status: str
    note: str
    text: str | None = None
    contains: tuple[str, ...] = field(default=())
    excludes: tuple[str, ...] = field(default=())


def substitute(raw: bytes, values: Mapping[str, str]) -> bytes:
    """``raw`` with every ``{placeholder}`` replaced; an unknown or missing one is an error."""

    def fill(match: re.Match[bytes]) -> bytes:
        name = match.group(1).decode("ascii")
        if name not in PLACEHOLDERS:
            return match.group(0)
        if name not in values:
            raise KeyError(f"corpus placeholder {{{name}}} has no value; give all of {', '.join(PLACEHOLDERS)}")
        return values[name].encode("utf-8")

    return _PLACEHOLDER.sub(fill, raw)


def huge_message() -> bytes:
    """A valid-looking reply carrying a 5 MB attachment (too big to commit)."""
    chunk = b"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0\n"
    attachment = chunk * (HUGE_BYTES // len(chunk) + 1)
    return (
        b"Return-Path: <{player0}>\nFrom: Ann Lee <{player0}>\nTo: {reply0}\n"
        b"Subject: Re: [Dragon Open R1 T1] Your move: month 5, actions\n"
        b"Date: Mon, 30 Nov 2026 10:20:00 +0100\nMessage-ID: <huge-5mb-0001@mail.example.com>\nMIME-Version: 1.0\n"
        b'Content-Type: multipart/mixed; boundary="huge_b"\n\n--huge_b\nContent-Type: text/plain; charset=utf-8\n\n'
        b"group 2 tax\n\n--huge_b\nContent-Type: application/octet-stream; name=\"holiday.mov\"\n"
        b"Content-Disposition: attachment; filename=\"holiday.mov\"\nContent-Transfer-Encoding: base64\n\n"
        + attachment
        + b"\n--huge_b--\n"
    )


def cases(values: Mapping[str, str]) -> list[Case]:
    """Every manifest entry in order, its raw message read (or generated) and filled in with ``values``."""
    manifest = tomllib.loads(MANIFEST.read_text(encoding="utf-8"))
    found: list[Case] = []
    for entry in manifest["message"]:
        raw = huge_message() if entry.get("generated") else (CORPUS / entry["file"]).read_bytes()
        found.append(
            Case(
                file=entry["file"],
                raw=substitute(raw, values),
                kind=entry["kind"],
                status=entry["status"],
                note=entry["note"],
                text=entry.get("text"),
                contains=tuple(entry.get("contains", ())),
                excludes=tuple(entry.get("excludes", ())),
            )
        )
    return found
