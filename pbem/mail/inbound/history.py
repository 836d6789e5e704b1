"""Keeping only what the player newly wrote in a reply.

A reply to a turn prompt usually carries the whole prompt back, quoted with
``>`` (Gmail, Apple Mail, Thunderbird) or pasted under a header block
(Outlook), before or after the player's own lines, plus a signature. The
engine must see only the new lines, or it would try to read the board as
moves. The steps, in order:

1. normalise line ends and invisible characters, and unwrap an inline
   PGP-signed message (armour lines out, dash-escaping undone);
2. cut before a line ``end``: the player's own explicit stop wins over every
   guess below;
3. drop quoted history: attribution lines and header blocks are found with
   mail-parser-reply's multi-language recognisers and the forms of
   ``quote_headers.toml`` (:mod:`pbem.mail.inbound.quote_headers`), quotes by
   their ``>``.
   When the player wrote above the history (top-posting) only that is kept;
   otherwise (bottom- and inline-posting) the unquoted lines between and
   below the quotes are kept, up to a header block followed by plain text,
   which is pasted history (Outlook);
4. drop the signature: ``-- ``, "Sent from my iPhone", a short closing
   block after a valediction ("Best regards,"), a disclaimer a company's
   server added ("CONFIDENTIALITY: …") with all below it, and a last line
   that is just the sender's name ("Ann", "- Ann Lee");
5. tidy blank lines and surrounding spaces.
"""

from __future__ import annotations

import re

from mailparser_reply.constants import MAIL_LANGUAGES
from mailparser_reply.parser import EmailMessage

from pbem.mail.inbound.quote_headers import ATTRIBUTION_DETAIL, FORMS, HistoryHeaders, sent_from_pattern

# Languages whose attribution lines ("On … wrote:", "Am … schrieb …:", "Le … a
# écrit :") and Outlook header names mail-parser-reply knows; its "david"
# entry is a sample personal profile, not a language.
LANGUAGES = tuple(name for name in MAIL_LANGUAGES if name != "david")

# A longer reply is not a list of moves; the cap keeps the header recognisers
# (a few ms per 3 kB) bounded on hostile input.
MAX_TEXT_CHARS = 100_000

_HISTORY_HEADER = HistoryHeaders(EmailMessage(text="", languages=list(LANGUAGES)).HEADER_REGEX, FORMS)

_SENT_FROM = re.compile(
    r"^(?:"
    + "|".join(
        f"(?:{MAIL_LANGUAGES[name]['sent_from']})" for name in LANGUAGES if MAIL_LANGUAGES[name].get("sent_from")
    )
    + f"|{sent_from_pattern()})",
    re.IGNORECASE,
)
_VALEDICTION = re.compile(
    r"^(?:"
    + "|".join(
        f"(?:{pattern})"
        for name in LANGUAGES
        for pattern in MAIL_LANGUAGES[name].get("signatures", [])
        if not pattern.startswith("/")
    )
    + r"|Cheers|Regards|Greetings|Thanks|Thank you"
    + r"|С уважением|С наилучшими пожеланиями|Спасибо|Всего доброго"
    + r"|Με εκτίμηση|Φιλικά|Ευχαριστώ|Groeten|Saludos|Cordialement|Grazie|Saluti)(?!\w)",
    re.IGNORECASE,
)
_DISCLAIMER = re.compile(
    r"^(?:"
    + "|".join(
        f"(?:{pattern})" for name in LANGUAGES for pattern in MAIL_LANGUAGES[name].get("disclaimers") or []
    )
    + r"|This (?:e-?mail|message|communication)\b.{0,60}\b(?:confidential|privileged|intended (?:solely|only))"
    + r"|The information (?:contained )?in this (?:e-?mail|message)\b)",
    re.IGNORECASE,
)
_PGP_BEGIN = "-----BEGIN PGP SIGNED MESSAGE-----"
_PGP_SIGNATURE = "-----BEGIN PGP SIGNATURE-----"
_FIRST_QUOTED_LINE = re.compile(r"^>", re.MULTILINE)
# Outlook's pasted header block in any language ("Από:/Στάλθηκε:/Προς:",
# "От:/Отправлено:/Кому:"): three or more "Name: value" lines in a row, one
# of them naming an address. Moves never look like that.
_HEADER_BLOCK = re.compile(
    r"^(?=(?:[^\n]*\n){0,3}[^\n]*@)(?:\*{0,2}[^\W\d_][^:\n]{0,24}:\*{0,2}[ \t][^\n]*\n){3,}", re.MULTILINE
)
_SEPARATOR_LINE = re.compile(r"^(?:[_\-=*]\s*){5,}$")
_ATTRIBUTION_VERB = re.compile(
    r"\b(?:wrote|writes|schrieb|schreibt|écrit|escribió|scritto|schreef|skrev|napisał|napsal"
    r"|пишет|написал|έγραψε|írta)(?!\w)",
    re.IGNORECASE,
)
_INVISIBLE = {
    **dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None),
    **{ord("\u00a0"): " ", ord("\t"): " ", ord("\u2028"): "\n", ord("\u2029"): "\n"},
}
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

# The longest "Sent from my …" line and valediction line that are still
# signatures rather than sentences the player wrote.
_SENT_FROM_WORDS = 14
_VALEDICTION_WIDTH = 30

# The longest closing block after a valediction that is still a signature
# rather than more of the player's text.
_CLOSING_LINES = 4
_CLOSING_WIDTH = 60


def new_text(body: str, sender_name: str = "") -> str:
    """The lines the player newly wrote in ``body``, history and signature removed.

    ``sender_name`` is the From display name; a last line holding only that
    name (or its first word) is a signature.
    """
    lines = _without_pgp_armour(_normalise(body[:MAX_TEXT_CHARS]).split("\n"))
    lines = _before_end(lines)
    lines = _without_history("\n".join(lines))
    lines = _without_signature(lines)
    lines = _without_signed_name(lines, sender_name)
    return _tidy(lines)


def _normalise(text: str) -> str:
    """Plain ``\\n`` lines without invisible characters or surrounding spaces.

    Spaces go because clients indent history (Yahoo) or pad attribution
    lines, and the recognisers expect them at the start and end of a line.
    """
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE))
    return "\n".join(line.strip() for line in text.split("\n"))


def _without_pgp_armour(lines: list[str]) -> list[str]:
    """The signed text of an inline PGP signature (RFC 4880 section 7), else ``lines`` unchanged."""
    try:
        begin = lines.index(_PGP_BEGIN)
    except ValueError:
        return lines
    body_start = begin + 1
    while body_start < len(lines) and lines[body_start]:  # armour headers ("Hash: SHA256") up to a blank line
        body_start += 1
    end = lines.index(_PGP_SIGNATURE, body_start) if _PGP_SIGNATURE in lines[body_start:] else len(lines)
    signed = [line[2:] if line.startswith("- ") else line for line in lines[body_start + 1 : end]]
    return lines[:begin] + signed


def _is_quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def _before_end(lines: list[str]) -> list[str]:
    for index, line in enumerate(lines):
        if line.strip().lower() == "end":
            return lines[:index]
    return lines


def _next_line_is_quoted(text: str) -> bool:
    for line in text.split("\n"):
        if line.strip():
            return _is_quoted(line)
    return False


def _without_history(text: str) -> list[str]:
    """The new lines: those above the history when there are any, else those between and below quotes.

    A top-posted reply ends where the history starts: unquoted lines after
    the quote are then footers a server appended or quoted lines a client
    wrapped, not the player's words. Only when nothing new stands above the
    history (bottom- and inline-posting) are the lines around the quotes read.
    """
    above = _above_history(text)
    if any(line.strip() for line in above):
        return above
    kept: list[str] = []
    while True:
        match = _HISTORY_HEADER.search(text)
        if match is None:
            kept.extend(_unquoted(text.split("\n")))
            return kept
        kept.extend(_unquoted(text[: match.start].split("\n")))
        rest = _after_adjoining_headers(text[match.end :])
        if not _next_line_is_quoted(rest):
            return _drop_trailing_separators(kept)
        text = "\n".join(_unquoted(rest.split("\n")))


def _above_history(text: str) -> list[str]:
    """The lines above the first history header or quoted line, attribution and separators dropped."""
    header = _HISTORY_HEADER.search(text)
    quote = _FIRST_QUOTED_LINE.search(text)
    block = _HEADER_BLOCK.search(text)
    starts = [match.start() for match in (quote, block) if match is not None]
    if header is not None:
        starts.append(header.start)
    if not starts:
        return text.split("\n")
    first = min(starts)
    lines = text[:first].split("\n")
    if quote is not None and first == quote.start():
        _drop_attribution(lines)  # one the recognisers did not know, else the header would come first
    return _drop_trailing_separators(lines)


def _after_adjoining_headers(rest: str) -> str:
    """``rest`` past headers that directly follow the first one.

    ProtonMail puts "------- Original Message -------" right above "On … wrote:";
    the quote that follows both decides whether this is quoted history.
    """
    while True:
        stripped = rest.lstrip("\n")
        match = _HISTORY_HEADER.search(stripped)
        if match is None or match.start != 0 or match.end == 0:
            return rest
        rest = stripped[match.end :]


def _unquoted(lines: list[str]) -> list[str]:
    """``lines`` without ``>`` lines and without the attribution line that introduces them."""
    kept: list[str] = []
    for line in lines:
        if _is_quoted(line):
            _drop_attribution(kept)
            continue
        kept.append(line)
    return kept


def _drop_attribution(kept: list[str]) -> None:
    """Remove from the end of ``kept`` an attribution in a language the recognisers lack.

    Gmail in Greek or Russian writes "… <address> έγραψε:" or "…, 10:00, Имя <address>:"
    (sometimes wrapped onto two lines) and mutt "Ann wrote:" before the quote;
    it ends with a colon and names an address, a time, a year or the verb.
    """
    while kept and not kept[-1].strip():
        kept.pop()
    if not kept or not kept[-1].rstrip().endswith(":"):
        return
    last = kept[-1]
    if ATTRIBUTION_DETAIL.search(last):
        kept.pop()
    elif len(kept) >= 2 and kept[-2].strip() and ATTRIBUTION_DETAIL.search(kept[-2]):
        del kept[-2:]  # wrapped: "… <address>" then "έγραψε:"
    elif _ATTRIBUTION_VERB.search(last):
        kept.pop()


def _drop_trailing_separators(lines: list[str]) -> list[str]:
    while lines and (not lines[-1].strip() or _SEPARATOR_LINE.match(lines[-1].strip())):
        lines.pop()
    return lines


def _without_signature(lines: list[str]) -> list[str]:
    first = next((index for index, line in enumerate(lines) if line.strip()), 0)
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped in ("--", "__") or _is_sent_from(stripped):
            return lines[:index]
        closing = _is_valediction(stripped) and _is_closing(lines[index + 1 :])
        if index > first and (closing or _DISCLAIMER.match(stripped)):
            return lines[:index]
    return lines


def _is_sent_from(line: str) -> bool:
    """"Sent from my iPhone", not "Sent from my desk, it is easier than the phone."."""
    return "," not in line and len(line.split()) <= _SENT_FROM_WORDS and _SENT_FROM.match(line) is not None


def _is_valediction(line: str) -> bool:
    """"Best regards," or "Thanks, Ann", not "Thanks for the offer, the timing could work"."""
    return len(line) <= _VALEDICTION_WIDTH and _VALEDICTION.match(line) is not None


def _without_signed_name(lines: list[str], sender_name: str) -> list[str]:
    words = sender_name.split()
    if not words:
        return lines
    names = {sender_name.lower(), words[0].lower()}
    last = len(lines) - 1
    while last >= 0 and not lines[last].strip():
        last -= 1
    if last > 0 and lines[last].strip().lstrip("-\u2013\u2014~ ").rstrip(".!").strip().lower() in names:
        return lines[:last]
    return lines


def _is_closing(after: list[str]) -> bool:
    """Whether the lines after a valediction are short enough to be a name and contact lines."""
    rest = [line.strip() for line in after if line.strip()]
    return len(rest) <= _CLOSING_LINES and all(len(line) <= _CLOSING_WIDTH for line in rest)


def _tidy(lines: list[str]) -> str:
    out: list[str] = []
    for line in lines:
        stripped = line.strip()
        if stripped or (out and out[-1]):
            out.append(stripped)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)
