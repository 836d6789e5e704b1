"""Finding where quoted history starts, in every language ``quote_headers.toml`` lists.

mail-parser-reply knows attribution lines and Outlook header blocks in a
dozen languages but not Greek, Hungarian or Russian, nor Yahoo's ``--- On …
wrote:``, the ``-----Original Message-----`` separator outside English or a
Samsung phone's ``-------- Original message --------``. Those forms are data
in ``quote_headers.toml`` so a native speaker can add one without touching
code; :class:`HistoryHeaders` finds the first of them or of the library's.

Attributions are matched line by line, never across a blank line and at most
across one wrapped line, so a match can never start on a line the player
wrote above the history.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

DATA_FILE = Path(__file__).with_name("quote_headers.toml")

# In a template, "…" stands for any text.
_ANY = "…"
# Real attributions name a date, a time or an address; a player's line
# ending in "wrote:" does not.
ATTRIBUTION_DETAIL = re.compile(r"@|\b\d{1,2}[:.]\d{2}\b|\b\d{4}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b")
# The most words the second half of a wrapped attribution has when it also
# reads as a whole one ("<ann@example.org> wrote:", "10:00) ezt írta:"); an
# attribution on one line names a date, a time and a name.
_SECOND_HALF_WORDS = 3
# Longer lines are not attributions; the bound keeps the templates' wildcards
# from backtracking through a hostile 100 kB line.
_MAX_ATTRIBUTION_CHARS = 300
_QUOTED = re.compile(r"^\s*>")


@dataclass(frozen=True)
class LanguageForms:
    """One language's quote-header forms, as written in ``quote_headers.toml``."""

    language: str
    attributions: tuple[str, ...]
    from_names: tuple[str, ...]
    header_names: tuple[str, ...]
    separators: tuple[str, ...]
    sent_from: tuple[str, ...]


@dataclass(frozen=True)
class Span:
    """Where a history header stands in a text: ``text[start:end]``."""

    start: int
    end: int


def load_forms(path: Path = DATA_FILE) -> tuple[LanguageForms, ...]:
    """Every language table of ``path``; a missing or mistyped key is an error naming the table and key."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    forms: list[LanguageForms] = []
    for language, table in data.items():
        values: dict[str, tuple[str, ...]] = {}
        for key in ("attributions", "from_names", "header_names", "separators", "sent_from"):
            entry = table.get(key, [])
            if not isinstance(entry, list) or not all(isinstance(item, str) and item.strip() for item in entry):
                raise ValueError(f"{path.name}: [{language}] {key} must be a list of non-empty strings, got {entry!r}")
            values[key] = tuple(item.strip() for item in entry)
        forms.append(LanguageForms(language=language, **values))
    return tuple(forms)


def template_pattern(template: str) -> str:
    """The regex of a template: "…" is any text, a space any spacing (or none before punctuation: "a écrit :")."""
    pieces: list[str] = []
    for index, part in enumerate(template.split(_ANY)):
        if index:
            pieces.append(".+?")
        for word in re.split(r"(\s+)", part):
            if word.isspace():
                pieces.append(r"\s+")
            elif word:
                pieces.append(re.escape(word))
    return re.sub(r"\\s\+(?=\\?[:,;!?)])", r"\\s*", "".join(pieces))


def _alternation(templates: list[str]) -> str:
    return "|".join(f"(?:{template_pattern(item)})" for item in sorted(set(templates), key=len, reverse=True))


class HistoryHeaders:
    """Finds the first history header in a text: the library's or one from ``quote_headers.toml``."""

    def __init__(self, library: re.Pattern[str], forms: tuple[LanguageForms, ...]) -> None:
        self._library = library
        attributions = [item for form in forms for item in form.attributions]
        self._attribution = re.compile(rf"(?:{_alternation(attributions)})", re.IGNORECASE)
        # Every attribution ends in one of these (the ":" of "wrote:"): a cheap test that
        # spares most lines the templates; a template ending in "…" ends in anything.
        endings = {item[-1] for item in attributions}
        self._endings = ("",) if _ANY in endings else tuple(endings)
        names = _alternation([item for form in forms for item in (*form.from_names, *form.header_names)])
        from_names = _alternation([item for form in forms for item in form.from_names])
        field = r"[ \t]*\**[ \t]*(?:{names})[ \t]*\**[ \t]*:[ \t]*\**(?:[ \t][^\n]*)?"
        self._block = re.compile(
            rf"^{field.format(names=from_names)}\n(?:{field.format(names=names)}(?:\n|\Z)){{1,}}",
            re.IGNORECASE | re.MULTILINE,
        )
        separators = _alternation([item for form in forms for item in form.separators])
        self._separator = re.compile(
            rf"^[ \t]*[-_=*]{{2,}}[ \t]*(?:{separators})[ \t]*[-_=*]{{2,}}[ \t]*$", re.IGNORECASE | re.MULTILINE
        )

    def search(self, text: str) -> Span | None:
        """The first history header in ``text``, or None."""
        found = [
            match
            for match in (self._library.search(text), self._block.search(text), self._separator.search(text))
            if match is not None
        ]
        spans = [Span(match.start(), match.end()) for match in found]
        attribution = self._first_attribution(text)
        if attribution is not None:
            spans.append(attribution)
        return min(spans, key=lambda span: span.start, default=None)

    def _first_attribution(self, text: str) -> Span | None:
        """The first line, or wrapped pair of lines, that is a whole attribution.

        A line that is an attribution on its own ("30.11.2026 10:00, Ann
        пишет:") is not joined to the player's line above it; a second half
        that also reads as one ("<ann@example.org> wrote:") is joined only when
        it is that short and the line above names a date, time or address.
        """
        lines = text.split("\n")
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line) + 1)
        for index, line in enumerate(lines):
            if not line.strip() or _QUOTED.match(line):
                continue
            if self._is_attribution(line):
                return Span(starts[index], starts[index] + len(line))
            following = lines[index + 1] if index + 1 < len(lines) else ""
            if not following.strip() or _QUOTED.match(following):
                continue
            second_half = not self._is_attribution(following) or (
                len(following.split()) <= _SECOND_HALF_WORDS and ATTRIBUTION_DETAIL.search(line) is not None
            )
            if second_half and self._is_attribution(f"{line.strip()} {following.strip()}"):
                return Span(starts[index], starts[index + 1] + len(following))
        return None

    def _is_attribution(self, line: str) -> bool:
        line = line.strip()
        if len(line) > _MAX_ATTRIBUTION_CHARS or not line.endswith(self._endings):
            return False
        return self._attribution.fullmatch(line) is not None and ATTRIBUTION_DETAIL.search(line) is not None


FORMS = load_forms()


def sent_from_pattern(forms: tuple[LanguageForms, ...] = FORMS) -> str:
    """One alternation of every language's footer starts ("Sent from my", "Von meinem … gesendet")."""
    return _alternation([item for form in forms for item in form.sent_from])
