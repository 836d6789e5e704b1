"""What a setting accepts, declared beside it: ``knob(..., check=whole(1))`` in :mod:`pbem.ops.config`.

A check reads a value as the organiser wrote it (TOML's own type, or the
text of a ``PBEM_*`` variable) into the setting's value, or refuses it; the
words of ``accepts`` finish the one line that refuses it, so the line names
the key, the value and what would do. Reading a value already read gives it
back unchanged, so the same checks judge a :class:`Settings` made in code
(``pbem serve`` checks the one it runs on). The choices a tournament file
shares with the settings (the timeout policy, a bot's name, the longest
duration) are the tournament package's own, so the two never disagree.
"""

from __future__ import annotations

import ipaddress
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from pbem.addresses import AddressError, mailbox
from tournaments.fields import bot_problem


@dataclass(frozen=True)
class Check:
    """``read``: the value as written → the setting's value, ValueError if refused; ``accepts``: what would do.

    An empty ``accepts`` means the ValueError's own words say it (an address's
    or a bot name's reason is more precise than any summary).
    """

    read: Callable[[Any], Any]
    accepts: str

    def refusal(self, exc: ValueError) -> str:
        return f"give {self.accepts}" if self.accepts else str(exc)


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _number(value: Any) -> float:
    """A finite number from TOML's int or float or an environment text; a flag is no number."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(value)
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(value)
    return number


def whole(low: int, high: int | None = None, *, example: int, what: str = "a whole number") -> Check:
    """A whole number from ``low`` (to ``high``); 2.0 is 2, 2.5 is refused."""
    def read(value: Any) -> int:
        number = _number(value)
        if number != int(number) or number < low or (high is not None and number > high):
            raise ValueError(value)
        return int(number)
    span = f"from {low} to {high}" if high is not None else f"{low} or more"
    return Check(read, f"{what} {span}, e.g. {example}")


def port(example: int = 587) -> Check:
    return Check(whole(1, 65535, example=example).read, f"a port number 1-65535, e.g. {example}")


def number(low: float = 0, *, above: bool = False, high: float | None = None, example: float,
           unit: str = "") -> Check:
    """A finite number at least ``low`` (above it, with ``above``), at most ``high``."""
    def read(value: Any) -> float:
        got = _number(value)
        if got < low or (above and got == low) or (high is not None and got > high):
            raise ValueError(value)
        return got
    bound = f"above {low:g}" if above else f"{low:g} or more"
    if high is not None:
        bound += f" and at most {high:g}"
    return Check(read, f"a number{' of ' + unit if unit else ''} {bound}, e.g. {example:g}")


def flag() -> Check:
    def read(value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise ValueError(value)
    return Check(read, "true or false")


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(value)
    return value


def text() -> Check:
    """Any text in quotes (a password, a path read where it is used)."""
    return Check(_text, "a text in quotes")


def display_name(longest: int, longest_bytes: int) -> Check:
    """A name shown beside an address (a From's): one line of printable text, at most ``longest`` characters,
    and a name outside ASCII at most ``longest_bytes`` of UTF-8 (one RFC 2047 word, pbem.mail.headers), or
    empty for none."""
    def read(value: Any) -> str:
        written = " ".join(_text(value).split())
        if not _text(value).isprintable() or len(written) > longest:  # a line break would start a header
            raise ValueError(value)
        if not written.isascii() and len(written.encode("utf-8")) > longest_bytes:
            raise ValueError(value)
        return written
    return Check(read, f"a name of at most {longest} printable characters, e.g. \"Athens Dragon League\"; in "
                       f"another script at most {longest_bytes} bytes of UTF-8 (about {longest_bytes // 2} Greek or "
                       f"Cyrillic letters) (or empty: the bare address)")


def choice(options: Sequence[str]) -> Check:
    """One of ``options``, in any case."""
    def read(value: Any) -> str:
        chosen = _text(value).strip().lower()
        if chosen not in options:
            raise ValueError(value)
        return chosen
    shown = ", ".join(option or '""' for option in options)
    return Check(read, f"one of {shown}")


def matching(pattern: re.Pattern[str], accepts: str, *, empty: bool = False) -> Check:
    """A text the whole of which ``pattern`` matches (or empty, with ``empty``)."""
    def read(value: Any) -> str:
        got = _text(value).strip()
        if not (empty and not got) and not pattern.fullmatch(got):
            raise ValueError(value)
        return got
    return Check(read, accepts)


_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
DNS_NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*")
"""Host and domain names, and a DKIM selector: DNS labels with dots between them (RFC 6376 3.1 for selectors)."""
DOMAIN = re.compile(rf"(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})+")
"""A mail domain: two labels at least (``pbem.example.org``; ``localhost`` receives no mail from outside)."""
LOCAL_PART = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,30}[A-Za-z0-9])?")
"""The fixed part before ``+`` of reply and bounce addresses: no ``+`` of its own, which parts the token."""
HOST = re.compile(rf"{DNS_NAME.pattern}|\[?[0-9A-Fa-f:.]+\]?")
"""A host to connect to: a name or an IP address."""
TOKEN = re.compile(r"[!-:<-~]+")
"""An authserv-id: printable ASCII without spaces or ``;`` (RFC 8601's value)."""


def local_part() -> Check:
    return matching(LOCAL_PART, "a local part of letters, digits, '.', '-' or '_' (no '+': it parts the token), "
                                "e.g. play")


def host(example: str = "smtp.example.org", *, empty: str = "") -> Check:
    """A host name or address; empty too when ``empty`` says what empty means."""
    accepts = f"a host name or IP address, e.g. {example}"
    return matching(HOST, accepts + (f" (or empty: {empty})" if empty else " (not empty)"), empty=bool(empty))


def host_port(example: str, empty: str) -> Check:
    """``host:port``, or empty (``empty`` says what that turns off)."""
    def read(value: Any) -> str:
        got = _text(value).strip()
        if got:
            split_host_port(got)
        return got
    return Check(read, f"host:port, e.g. {example} (or empty: {empty})")


def loopback(host: str) -> bool:
    """Whether ``host`` (as a host:port names it) is reached from this machine alone: localhost, 127.0.0.0/8, ::1."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False  # a host name: it may resolve anywhere


def split_host_port(text: str) -> tuple[str, int]:
    """``host:port`` → (host, port); ValueError when it is not that."""
    host_part, sep, port_part = text.rpartition(":")
    if not sep or not host_part or not port_part.isdigit() or int(port_part) > 65535:
        raise ValueError(text)
    return host_part, int(port_part)


def address() -> Check:
    """A mail address as a player's is checked: it goes into the headers of every mail."""
    def read(value: Any) -> str:
        try:
            return mailbox(_text(value))
        except AddressError as exc:
            raise ValueError(str(exc)) from None
    return Check(read, "")


def bot() -> Check:
    """A bot's name, checked as a tournament file's ``timeouts.bot`` is."""
    def read(value: Any) -> str:
        wrong = bot_problem(value)
        if wrong:
            raise ValueError(wrong)
        return str(value)
    return Check(read, "")


def zone_known(name: str) -> bool:
    """Whether ``name`` is an IANA time zone this machine (or the tzdata package) knows."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return bool(name)


def zone() -> Check:
    def read(value: Any) -> str:
        got = _text(value).strip()
        if not zone_known(got):
            raise ValueError(value)
        return got
    return Check(read, "an IANA time zone, e.g. UTC or Europe/Athens")


def web_address(empty: str) -> Check:
    def read(value: Any) -> str:
        got = _text(value).strip()
        if got and not re.fullmatch(r"https?://[^\s/]+\S*", got):
            raise ValueError(value)
        return got
    return Check(read, f"an http:// or https:// address, e.g. https://pbem.example.org/open (or empty: {empty})")


DATABASES = ("sqlite", "postgresql")
"""The databases pbem runs on: SQLite (the default), PostgreSQL for several workers."""


def database() -> Check:
    """A URL of a database pbem runs on, naming the file or the database: checked before any driver is loaded,
    so no command gets as far as a driver's traceback."""
    def read(value: Any) -> str:
        got = _text(value).strip()
        try:
            url = make_url(got)
        except ArgumentError:
            raise ValueError(value) from None
        if url.get_backend_name() not in DATABASES or (url.get_backend_name() == "sqlite" and not url.database):
            raise ValueError(value)
        return got
    return Check(read, "an SQLite or PostgreSQL URL, e.g. sqlite:///pbem.db (a file in the working folder), "
                       "sqlite:////var/lib/pbem/pbem.db or postgresql://pbem@localhost/pbem")
