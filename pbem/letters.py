"""Rendering the mails players read from ``templates/email/``.

Each mail is a pair ``NAME.txt.j2`` (the plain part, complete on its own) and
``NAME.html.j2`` (the alternative). The text template sets ``subject`` at its
top level, so the wording of a subject lives with the wording of its mail and
no player-facing text is written in Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

import templates
from pbem.commands import COMMANDS

TEMPLATE_DIR = Path(templates.__file__).parent / "email"


@dataclass(frozen=True)
class Letter:
    subject: str
    text: str
    html: str


class Letters:
    """The template set, loaded once and reused for every mail."""

    def __init__(self, directory: Path = TEMPLATE_DIR) -> None:
        self._env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(directory),
            autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2",), default_for_string=False),
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
            trim_blocks=False,
            auto_reload=False,  # the templates ship with the package; checking their mtimes cost a stat per mail
        )
        self._env.globals["commands"] = COMMANDS  # the help mail, footers and refusals list the player commands

    def render(self, name: str, **context: Any) -> Letter:
        """Both parts and the subject of mail ``name``; a missing variable is an error, not a blank."""
        module = self._env.get_template(f"{name}.txt.j2").make_module(context)
        subject = " ".join(str(module.subject).split())
        text = _tidy(str(module))
        html = self._env.get_template(f"{name}.html.j2").render(context, subject=subject)
        return Letter(subject=subject, text=text, html=html)

    def snippet(self, name: str, **context: Any) -> str:
        """A one-line piece of text (``NAME.txt.j2``) kept as data, e.g. a digest line."""
        return " ".join(self._env.get_template(f"{name}.txt.j2").render(context).split())


def _tidy(text: str) -> str:
    """No runs of blank lines and no trailing spaces, whatever the conditionals left."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    tidy: list[str] = []
    for line in lines:
        if line or (tidy and tidy[-1]):
            tidy.append(line)
    return "\n".join(tidy) + "\n"
