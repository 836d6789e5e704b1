"""The message catalogs: which words go in which catalog, and keeping the catalogs in step with the source.

There is one catalog (a gettext domain) for what pbem itself writes (the
templates, the commands, the engines' shared words: ``messages``) and one per
game (``dragon``, ``china``, ``prodigals``) for that game's texts, terms and
move words, so a native speaker reviews one game's words in one file.

``python -m pbem.language.catalogs`` is the whole translator's loop, with Babel's own
extractor, updater and compiler: it extracts every marked text into
``pbem/language/locale/DOMAIN.pot``, merges it into each
``pbem/language/locale/LANG/LC_MESSAGES/DOMAIN.po`` (new entries empty, vanished ones
dropped, no fuzzy guesses) and compiles the ``.mo`` files that ship in the
wheel, so a fresh ``pip install -e .`` needs no Babel step.
``python -m pbem.language.catalogs --check`` changes nothing and says what is stale.
"""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("el", "hu", "ru")
"""The languages pbem translates into; English is the source."""

KEYWORDS = {**DEFAULT_KEYWORDS, "T": None, "TN": (1, 2), "TC": ((1, "c"), 2)}
"""The marking functions: gettext's own, plus ``engine.text``'s T (a text), TN (with a count), TC (in a context)."""

JINJA = {"extensions": "jinja2.ext.i18n"}


@dataclass(frozen=True)
class Domain:
    """One catalog and the source files (patterns under the project root) whose marked texts it holds."""

    name: str
    python: tuple[str, ...]
    templates: tuple[str, ...] = ()

    def extract(self, root: Path = ROOT) -> Catalog:
        """The domain's template catalog, as ``pybabel extract`` makes it."""
        method_map = [(pattern, "python") for pattern in self.python] + [
            (pattern, "jinja2") for pattern in self.templates]
        options = {pattern: JINJA for pattern in self.templates}
        template = Catalog(project="pbem", version="0.1.0", msgid_bugs_address="the organiser",
                           copyright_holder="pbem", charset="utf-8")
        for filename, lineno, message, comments, context in extract_from_dir(
                str(root), method_map, options, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
        return template

    def po(self, language: str, locale_dir: Path = LOCALE_DIR) -> Path:
        return locale_dir / language / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, language: str, locale_dir: Path = LOCALE_DIR) -> Path:
        return locale_dir / language / "LC_MESSAGES" / f"{self.name}.mo"


DOMAINS = (
    Domain("messages", python=("pbem/**.py", "engine/*.py"), templates=("templates/email/**.j2",)),
    Domain("dragon", python=("engine/dragon/**.py",)),
    Domain("china", python=("engine/china/**.py",)),
    Domain("prodigals", python=("engine/prodigals/**.py",)),
)


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=language)


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, no_location=True, ignore_obsolete=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)  # fuzzy entries left out, as pybabel compile does
    return out.getvalue()


def updated(domain: Domain, language: str, template: Catalog, locale_dir: Path = LOCALE_DIR) -> Catalog:
    """The language's catalog with the template's entries: kept translations, new ones empty, old ones gone."""
    path = domain.po(language, locale_dir)
    catalog = read(path, language) if path.is_file() else Catalog(locale=language, project="pbem", version="0.1.0")
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    return catalog


def stale(locale_dir: Path = LOCALE_DIR, root: Path = ROOT) -> list[str]:
    """The catalog files that differ from what ``python -m pbem.language.catalogs`` would write (none: all in step)."""
    found = []
    for domain in DOMAINS:
        template = domain.extract(root)
        for language in LANGUAGES:
            po, mo = domain.po(language, locale_dir), domain.mo(language, locale_dir)
            current = read(po, language) if po.is_file() else None
            if current is None or keys(current) != keys(template):
                found.append(f"{po.relative_to(locale_dir)}: its entries are not the source's marked texts")
            if current is None or not mo.is_file() or mo.read_bytes() != mo_bytes(current):
                found.append(f"{mo.relative_to(locale_dir)}: not compiled from its .po")
    return found


def keys(catalog: Catalog) -> set[tuple[object, str | None]]:
    """Each entry's message id and context: what makes two entries the same."""
    return {(message.id, message.context) for message in catalog if message.id}


def write_all(locale_dir: Path = LOCALE_DIR, root: Path = ROOT) -> list[Path]:
    """Extract, update and compile every catalog; the files written."""
    written = []
    for domain in DOMAINS:
        template = domain.extract(root)
        pot = locale_dir / f"{domain.name}.pot"
        if _changed(pot, template):
            pot.write_bytes(po_bytes(template))
            written.append(pot)
        for language in LANGUAGES:
            catalog = updated(domain, language, template, locale_dir)
            po, mo = domain.po(language, locale_dir), domain.mo(language, locale_dir)
            po.parent.mkdir(parents=True, exist_ok=True)
            po.write_bytes(po_bytes(catalog))
            mo.write_bytes(mo_bytes(read(po, language)))
            written += [po, mo]
    return written


def _changed(pot: Path, template: Catalog) -> bool:
    """Whether the template differs from the ``.pot`` written before, its creation date aside (no churn)."""
    if not pot.is_file():
        return True
    now, template.creation_date = template.creation_date, read(pot).creation_date
    if po_bytes(template) == pot.read_bytes():
        return False
    template.creation_date = now
    return True


def main(argv: list[str]) -> int:
    if argv[:1] == ["--check"]:
        problems = stale()
        for problem in problems:
            print(problem)
        if problems:
            print("run: python -m pbem.language.catalogs (then translate the new, empty entries)")
        return 1 if problems else 0
    for path in write_all():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
