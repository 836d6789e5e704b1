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
# When the second half of a wrapped attribution also reads as a whole one
# ("<ann@example.org> wrote:", "10:00) ezt írta:"), the first half is told
# from a player's line above a one-line attribution by how it opens ("On …",
# "Le …") or else by being as long as a client's wrapped line, with a second
# half that is short or does not say when; a whole attribution says when.
_SECOND_HALF_WORDS = 3
_WRAPPED_CHARS = 40
_WHEN = re.compile(r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b")
# Longer lines are not attributions; the bound keeps the templates' wildcards
# from backtracking through a hostile 100 kB line.
_MAX_ATTRIBUTION_CHARS = 300
_QUOTED = re.compile(r"^\s*>")
# mail-parser-reply's headers are looked for in the lines that fit this many
# characters from where one may start (see HistoryHeaders._library_first),
# and a header block's end on the lines that follow, each no longer.
_LIBRARY_WINDOW_CHARS = 300


def _window_end(text: str, start: int, chars: int, *, each_line: bool = False) -> int:
    """The end of the whole lines of ``text`` from ``start`` that fit ``chars`` together (``start`` if the first
    does not); with ``each_line``, the end of the run of lines none of which alone is longer than ``chars``.

    A window ends where a line ends, so a pattern's ``$`` matches only there;
    a ``start`` at a newline begins with the line after it.
    """
    end, search_from = start, start + 1 if text.startswith("\n", start) else start
    while True:
        newline = text.find("\n", search_from)
        line_end = len(text) if newline < 0 else newline
        if line_end - (search_from if each_line else start) > chars:
            return end
        end = line_end
        if newline < 0:
            return end
        search_from = newline + 1


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
        openings = _alternation([item.split(_ANY)[0].strip() for item in attributions if item.split(_ANY)[0].strip()])
        self._opening = re.compile(rf"(?:{openings})\s", re.IGNORECASE)
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
        """The first history header in ``text``, or None.

        Each recogniser looks only above the first header found so far (the
        line-by-line attribution scan, which stops at the first, goes first),
        so a text of many headers, read header by header, stays cheap.
        """
        best = self._first_attribution(text)
        for pattern in (self._block, self._separator):
            match = pattern.search(text, 0, best.start) if best else pattern.search(text)
            if match is None and best is not None:
                match = pattern.match(text, best.start)
            if match is not None:
                whole = pattern.match(text, match.start()) or match  # the end as the whole text has it
                best = Span(whole.start(), whole.end())
        return self._library_first(text, best.start if best else None) or best  # the library's wins a tie

    def _library_first(self, text: str, stop: int | None) -> Span | None:
        """The library's first header that ends by ``stop`` or starts there, tried line by line.

        Its patterns nest lazy wildcards (``On\\s(?:.+?\\s?.+?)\\s?wrote:``)
        that backtrack through a long line for minutes: 16 s for 8 kB of
        "On On On …", in one call of the regex engine, which holds the GIL
        and so stops every thread of the process, the SMTP listener's too
        (#28). So a match is tried only where it can start, at a line's start
        (or at the newline before it), and only on the short lines that
        follow (:data:`_LIBRARY_WINDOW_CHARS`): an attribution or a header
        block is never longer. The work is then bounded a line, whatever a
        sender writes; the result is what one search of the whole text found.
        """
        pattern, limit = self._library, len(text) if stop is None else stop
        start = 0
        while start < limit:
            for at in (start - 1, start) if start else (start,):
                match = pattern.match(text, at, min(_window_end(text, at, _LIBRARY_WINDOW_CHARS), limit))
                if match is not None:
                    return self._library_whole(text, match.start())
            newline = text.find("\n", start)
            if newline < 0:
                break
            start = newline + 1
        if stop is not None and pattern.match(text, stop, _window_end(text, stop, _LIBRARY_WINDOW_CHARS)):
            return self._library_whole(text, stop)
        return None

    def _library_whole(self, text: str, start: int) -> Span:
        """The library's header found at ``start``, with its end as the run of short lines from there has it.

        A header block goes on for as many header lines as there are, so its
        end is read on every short line that follows (the wildcards that
        backtrack never reach past a line or two).
        """
        match = self._library.match(text, start, _window_end(text, start, _LIBRARY_WINDOW_CHARS, each_line=True)) or \
            self._library.match(text, start, _window_end(text, start, _LIBRARY_WINDOW_CHARS))
        assert match is not None, "found in its window, so found in the run that holds it"
        return Span(match.start(), match.end())

    def _first_attribution(self, text: str) -> Span | None:
        """The first line, or wrapped pair of lines, that is a whole attribution.

        A line that is an attribution on its own ("30.11.2026 10:00, Ann
        пишет:") is not joined to the player's line above it; a second half
        that also reads as one ("<ann@example.org> wrote:") is joined only to
        a line that reads as a first half (:meth:`_is_first_half`).
        """
        start = 0
        while start < len(text):
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            line = text[start:end]
            if line.strip() and not _QUOTED.match(line):
                if self._is_attribution(line):
                    return Span(start, end)
                following_end = text.find("\n", end + 1) if end < len(text) else -1
                following = text[end + 1 : len(text) if following_end < 0 else following_end] if end < len(text) else ""
                if (
                    following.strip()
                    and not _QUOTED.match(following)
                    and (not self._is_attribution(following) or self._is_first_half(line.strip(), following.strip()))
                    and self._is_attribution(f"{line.strip()} {following.strip()}")
                ):
                    return Span(start, end + 1 + len(following))
            start = end + 1
        return None

    def _is_first_half(self, line: str, following: str) -> bool:
        """Whether ``line`` opens an attribution wrapped before ``following``, itself readable as a whole one."""
        if ATTRIBUTION_DETAIL.search(line) is None:
            return False
        if self._opening.match(line):
            return True
        return len(line) >= _WRAPPED_CHARS and (
            len(following.split()) <= _SECOND_HALF_WORDS or _WHEN.search(following) is None
        )

    def _is_attribution(self, line: str) -> bool:
        line = line.strip()
        if len(line) > _MAX_ATTRIBUTION_CHARS or not line.endswith(self._endings):
            return False
        return self._attribution.fullmatch(line) is not None and ATTRIBUTION_DETAIL.search(line) is not None


FORMS = load_forms()


def sent_from_pattern(forms: tuple[LanguageForms, ...] = FORMS) -> str:
    """One alternation of every language's footer starts ("Sent from my", "Von meinem … gesendet")."""
    return _alternation([item for form in forms for item in form.sent_from])
