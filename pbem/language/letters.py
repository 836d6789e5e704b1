"""Rendering the mails players read from ``templates/email/``.

Each mail is a pair ``NAME.txt.j2`` (the plain part, complete on its own) and
``NAME.html.j2`` (the alternative). The text template sets ``subject`` at its
top level, so the wording of a subject lives with the wording of its mail and
no player-facing text is written in Python.

Each mail is rendered in its reader's language (en, el, hu, ru): the
templates mark their words with ``{% trans %}`` (``jinja2.ext.i18n``) and the
catalogs ``pbem/language/locale/LANG/LC_MESSAGES/messages.po`` translate them. There is
no global locale: each language has its own environment, made on first use
with that language's catalog installed, so two threads rendering for two
readers never see each other's language. A word a catalog lacks stays English.

The two parts render in two environments. The HTML part's escapes every value in
every template it reaches, the shared macro files (``_macros.txt.j2``,
``_refusals.j2``, ``commands/NAME.j2``, …) included: Jinja decides whether a
template escapes when it compiles it, and marks a macro's output safe when an
escaping template calls it, so a macro compiled without escaping would pass a
player's name into the HTML as markup. The plain part's escapes nothing, so a
name with ``&`` or ``<`` reads as written. Both compile the same files: the
words have one source.

The catalogs are compiled ``.mo`` files shipped with the package and kept in
step with the source by ``python -m pbem.language.catalogs`` (a test fails when one is
stale), so a fresh checkout or ``pip install -e .`` needs no Babel step.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

import jinja2

import templates
from engine.text import separator
from pbem.language.catalogs import LOCALE_DIR
from pbem.language.words import SOURCE_LANGUAGE, translations

TEMPLATE_DIR = Path(templates.__file__).parent / "email"


@dataclass(frozen=True)
class Letter:
    subject: str
    text: str
    html: str


class Letters:
    """The template set, loaded once per language and part and reused for every mail.

    ``commands`` is the registry of the commands players mail (:data:`pbem.play.commands.COMMANDS`): the
    help mail, footers and refusals list them. It is handed in by the service that owns it, because the
    commands render their answers with these letters: the languages sit below the commands, not beside them.
    """

    def __init__(self, commands: Any, directory: Path = TEMPLATE_DIR, locale_dir: Path = LOCALE_DIR) -> None:
        self._commands, self._directory, self._locale_dir = commands, directory, locale_dir
        self._environments: dict[tuple[str, bool], jinja2.Environment] = {}
        self._lock = threading.Lock()

    def render(self, name: str, language: str = SOURCE_LANGUAGE, **context: Any) -> Letter:
        """Both parts and the subject of mail ``name`` in ``language``; a missing variable is an error, not a blank."""
        module = self.environment(language).get_template(f"{name}.txt.j2").make_module(context)
        subject = " ".join(str(module.subject).split())
        text = _tidy(str(module))
        html = self.environment(language, html=True).get_template(f"{name}.html.j2").render(context, subject=subject)
        return Letter(subject=subject, text=text, html=html)

    def snippet(self, name: str, language: str = SOURCE_LANGUAGE, **context: Any) -> str:
        """A one-line piece of text (``NAME.txt.j2``) kept as data, e.g. a digest line."""
        return " ".join(self.environment(language).get_template(f"{name}.txt.j2").render(context).split())

    def environment(self, language: str, html: bool = False) -> jinja2.Environment:
        """The templates with ``language``'s catalog installed, made once per language and part: ``html``, the
        one that escapes every value in every template (the HTML part); else the one that escapes none (the
        plain part, snippets)."""
        key = (language, html)
        env = self._environments.get(key)
        if env is None:
            with self._lock:
                env = self._environments.get(key) or self._make(language, html)
                self._environments[key] = env
        return env

    def _make(self, language: str, html: bool) -> jinja2.Environment:
        # Escaping is one choice for the whole environment, never by file name: a macro escapes only if the
        # template it lives in was compiled escaping, and the shared macro files are not named .html.
        env = translated(
            language, (self._directory,), self._locale_dir,
            autoescape=html,
            keep_trailing_newline=True,
            trim_blocks=False,
            auto_reload=False,  # the templates ship with the package; checking their mtimes cost a stat per mail
        )
        env.globals["commands"] = self._commands  # the help mail, footers and refusals list the player commands
        return env


class Compiled(jinja2.BytecodeCache):
    """Templates compiled once per process, for every environment made with the same options: each service (and
    each language of each) makes its own environments, and compiling the template set anew cost every one of
    them seconds. Jinja's bucket keeps the source's checksum and recompiles a template whose file changed. The
    options decide what a template compiles to (``autoescape``), so each set of options has its own cache."""

    def __init__(self) -> None:
        self._kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        kept = self._kept.get(bucket.key)
        if kept is not None:
            bucket.bytecode_from_string(kept)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._kept[bucket.key] = bucket.bytecode_to_string()


_COMPILED: dict[tuple[tuple[str, str], ...], Compiled] = {}


def translated(language: str, directories: Sequence[Path], locale_dir: Path = LOCALE_DIR,
               **options: Any) -> jinja2.Environment:
    """Templates from ``directories`` (the first that has a name wins) with ``language``'s ``messages``
    catalog installed: the one way pbem makes a Jinja environment that speaks a reader's language."""
    compiled = _COMPILED.setdefault(tuple(sorted((name, repr(value)) for name, value in options.items())), Compiled())
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(list(directories)), undefined=jinja2.StrictUndefined,
                             extensions=["jinja2.ext.i18n"], bytecode_cache=compiled, **options)
    catalog = translations(language, "messages", locale_dir)
    env.install_gettext_translations(catalog, newstyle=True)
    env.filters["translated"] = catalog.gettext  # a text marked in Python (a command's usage): plain, so it escapes
    env.globals["language"] = language  # what a template passes on, e.g. to the date filter or <html lang>
    env.globals["separator"] = separator(language)  # what joins moves on one line ("· " in Greek, not ";")
    env.filters["mailto"] = mailto
    env.filters["reply_subject"] = reply_subject
    return env


def reply_subject(subject: str) -> str:
    """The subject a link's mail is written with: "Re: " and the mail's tag alone ("Re: [Dragon #1]"), where its
    subject starts with one. Every link carries its subject again, percent-encoded: a decision's title in Greek
    cost a Dragon start's 144 links 26 kB, and its refusal's 33 kB, past the 102 kB at which Gmail clips a mail's
    HTML. The tag names the game, and the link's address the decision."""
    tag, bracket, _ = subject.partition("] ")
    return "Re: " + (tag + "]" if bracket and tag.startswith("[") else subject)


def mailto(address: str, subject: str, body: str, note: str = "") -> str:
    """A ``mailto:`` link (RFC 6068) that writes a mail to ``address`` with ``subject`` and ``body``, and ``note``
    under a signature line ("-- "), where a reply's reader never looks for moves.

    Each value is UTF-8, percent-encoded, with CRLF line breaks; the address keeps the characters an addr-spec
    may hold in a link ("+", "@", "." and "-") and has any other encoded.
    """
    text = body + (f"\n\n-- \n{note}" if note else "")
    crlf = "\r\n".join(text.splitlines())
    return (f"mailto:{quote(address, safe='@+')}?subject={quote(subject, safe='')}"
            f"&body={quote(crlf, safe='')}")


def _tidy(text: str) -> str:
    """No runs of blank lines and no trailing spaces, whatever the conditionals left."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    tidy: list[str] = []
    for line in lines:
        if line or (tidy and tidy[-1]):
            tidy.append(line)
    return "\n".join(tidy) + "\n"
