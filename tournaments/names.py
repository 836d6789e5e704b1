"""What a name may be: a player's, a tournament's, a season's.

Names are written into every mail's subject and body, the standings and the
published pages, so one rule holds wherever a name enters (a tournament file,
a roster, the command line): no control characters (a CR or LF in a subject
would start a new header line; a NUL is cut short by many mail programs) and
no more than :data:`NAME_LONGEST` characters, so a subject stays a line a mail
program shows whole and no relay refuses for length.
"""

from __future__ import annotations

import unicodedata

NAME_LONGEST = 100
"""Characters a name may have: a long full name fits, a pasted paragraph does not."""

_LINE_BREAKING = frozenset({"Cc", "Zl", "Zp"})
"""Control characters (CR, LF, NUL, TAB, DEL …) and the Unicode line and paragraph separators."""


def control_characters(text: str) -> list[str]:
    """The control characters in ``text`` as U+XXXX, each once, in order of first appearance."""
    found: list[str] = []
    for char in text:
        if unicodedata.category(char) in _LINE_BREAKING:
            code = f"U+{ord(char):04X}"
            if code not in found:
                found.append(code)
    return found


def shown(text: str, longest: int = 40) -> str:
    """``text`` as a refusal quotes it: escaped (repr), so it stays on one line, and cut when long."""
    return repr(text if len(text) <= longest else text[:longest] + "…")


def brief(value: object, longest: int = 40) -> str:
    """Any value a file gave, as a refusal quotes it: its repr (a text's cut as :func:`shown` cuts it)."""
    if isinstance(value, str):
        return shown(value, longest)
    try:
        written = repr(value)
    except RecursionError:  # lists nested nearly as deep as the parser reads
        return "a deeply nested value"
    return written if len(written) <= longest else written[:longest] + "…"


def name_problem(text: str, what: str = "name") -> str | None:
    """What is wrong with a (stripped) name, saying what would be right; None when it may be used."""
    controls = control_characters(text)
    if controls:
        return (f"{what} {shown(text)} has control characters ({', '.join(controls)}); "
                f"write it on one line without them")
    if len(text) > NAME_LONGEST:
        return f"{what} {shown(text)} has {len(text)} characters; give at most {NAME_LONGEST}"
    return None
