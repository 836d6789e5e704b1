"""Settings of the mail service: environment variables over ``pbem.toml`` over defaults.

Every knob is declared once below with its default, what it is for, an
example and what it accepts (its check, :mod:`pbem.ops.checks`); ``pbem init``
writes them all into a commented ``pbem.toml``, so the file and this code
never disagree. The settings file is the one ``--config`` names, else
``PBEM_CONFIG``, else ./pbem.toml; the environment wins over it
(``PBEM_SMTP_PORT=2526`` over ``smtp_port = 2526``). Values are checked as
they are read, then how they stand to each other (:data:`RELATIONS`: a
reminder before the deadline, …): every problem is refused at once, one line
each naming the key, the value and what it accepts, so a new installation is
fixed in one edit and no command starts on settings that would fail later.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import ssl
import textwrap
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Mapping

from pbem.ops.checks import (DNS_NAME, DOMAIN, TOKEN, Check, address, bot, choice, database, display_name, flag,
                             host, host_port, local_part, loopback, matching, number, port, split_host_port, text,
                             web_address, whole, zone)
from tournaments.definition import TIMEOUT_POLICIES
from tournaments.fields import LONGEST_DURATION, MOST


class ConfigError(ValueError):
    """A setting that cannot be used, named with what would be right."""


EXAMPLE_DOMAIN = "pbem.localhost"
"""The built-in domain: fine on loopback, but mail sent with it cannot be answered, so pbem serve refuses it."""

TLS_MODES = ("none", "starttls", "implicit")
"""How the outbound relay connection is secured: in the clear, upgraded with STARTTLS, or TLS from the start."""

LOG_FORMATS = ("text", "json")
"""How ``pbem serve`` writes its log: lines for a person (journald), or one JSON object a line for a log shipper."""

CRASH_STEPS = ("", "after_store", "after_apply", "after_commit", "after_send")
"""Where the fault tests kill ``pbem serve`` (:mod:`pbem.ops.faults`); empty: nowhere."""


def knob(default: Any, about: str, example: Any, check: Check, *, hidden: bool = False) -> Any:
    """A setting: its default, what it is for, an example, and what it accepts (:mod:`pbem.ops.checks`).

    ``pbem init`` writes the first three into pbem.toml; every command reads
    the value through ``check``. A ``hidden`` knob is for tests alone: neither
    the written file nor ``pbem config`` lists it unless it is set.
    """
    return field(default=default, metadata={"about": about, "example": example, "check": check, "hidden": hidden})


LONGEST_HOURS = LONGEST_DURATION.total_seconds() / 3600
"""The longest deadline or reminder, in hours: the tournament files' longest duration."""


_DOMAIN = matching(DOMAIN, "a mail domain, two DNS labels or more, e.g. pbem.example.org")
_SELECTOR = matching(DNS_NAME, "a DNS label (letters, digits, hyphens; dots between labels), e.g. pbem or "
                               "mail2026 (or empty: pbem does not sign)", empty=True)
_AUTHSERV_ID = matching(TOKEN, "an authserv-id: printable ASCII without spaces or ';', e.g. mx.pbem.example.org "
                               "(or empty: no header is trusted)", empty=True)


NAME_BYTES = 45
"""The most UTF-8 bytes of a From name outside ASCII: base64 makes them 60 characters, one RFC 2047 word of 72
(pbem.mail.headers). A name in two encoded words would not read back alike everywhere: RFC 2047 joins them with
no space between, Python's parser (pbem's own, and others built on it) with one."""

@dataclass(frozen=True)
class Settings:
    database_url: str = knob("sqlite:///pbem.db", "SQLAlchemy URL of the database; SQLite runs in WAL mode.",
                             "postgresql+psycopg://pbem@db.example.org/pbem", database())
    secret: str = knob("", "Signs reply tokens; empty: the random one stored in the database is used. Changing it "
                           "makes every reply address already mailed invalid, so pbem refuses a secret other than "
                           "the one the database was created with.", "k3Vq9sPz...", text())
    domain: str = knob(EXAMPLE_DOMAIN, "Domain of the reply addresses (and of our Message-IDs): mail to it must "
                                       "reach pbem (the listener, an MTA pipe or the IMAP mailbox).",
                       "pbem.example.org", _DOMAIN)
    reply_local: str = knob("play", "Local part of reply addresses: play+<game>.<seat>.<token>@domain.", "play",
                            local_part())
    bounce_local: str = knob("bounce", "Local part of every mail's envelope sender, bounce+<outbox id>.<token>@domain "
                                       "(VERP): bounces come back there and name the mail that failed. The listener "
                                       "takes mail for it like any address at domain.", "bounce", local_part())
    from_address: str = knob(f"pbem@{EXAMPLE_DOMAIN}", "The From of every mail we send (PBEM_FROM).",
                             "pbem@pbem.example.org", address())
    from_name: str = knob("pbem", "The name every mail's From shows beside from: what a player's inbox lists as the "
                                  "sender (empty: the bare address, which spam filters count against a mail).",
                          "Athens Dragon League", display_name(64, NAME_BYTES))
    organiser: str = knob(f"organiser@{EXAMPLE_DOMAIN}", "Who hears about seats handed to bots and disputes.",
                          "you@example.org", address())
    smtp_host: str = knob("127.0.0.1", "The outbound relay.", "smtp.example.org", host())
    smtp_port: int = knob(8025, "The relay's port: usually 587 with starttls, 465 with implicit TLS, 25 in the "
                                "clear.", 587, port())
    smtp_tls: str = knob("none", "How the relay connection is secured: none, starttls (upgrade after connecting) "
                                 "or implicit (TLS from the start, port 465); the relay's certificate is verified.",
                         "starttls", choice(TLS_MODES))
    smtp_starttls: bool = knob(False, "The old name of smtp_tls = \"starttls\" (true means starttls).", True, flag())
    smtp_cafile: str = knob("", "A CA bundle to verify the relay's certificate with; empty: the system's trusted "
                                "CAs.", "/etc/ssl/private-ca.pem", text())
    smtp_connections: int = knob(4, "Connections to the relay used side by side; a recipient's mails always share "
                                    "one.", 2, whole(1, 100, example=4))
    smtp_user: str = knob("", "Login at the relay; empty: no login.", "pbem@example.org", text())
    smtp_password: str = knob("", "Password of smtp_user.", "app-password", text())
    dkim_selector: str = knob("", "pbem signs every mail with DKIM itself (d= the domain of from) under this "
                                  "selector, for a relay that does not sign; empty: pbem does not sign (let the "
                                  "relay or OpenDKIM do it). `pbem init --dkim` sets it, makes the key and prints "
                                  "the DNS record to publish at <selector>._domainkey.<from domain>.", "pbem",
                                  _SELECTOR)
    dkim_key_file: str = knob("", "The PEM RSA private key DKIM signatures are made with (mode 0600), with "
                                  "dkim_selector.", "/etc/pbem/dkim-pbem.pem", text())
    listen: str = knob("127.0.0.1:2525", "host:port of the inbound SMTP listener in pbem serve; empty turns it off.",
                       "0.0.0.0:25", host_port("127.0.0.1:2525", "no listener"))
    listen_tls_cert: str = knob("", "A PEM certificate (chain) for the listener: with listen_tls_key it offers "
                                    "STARTTLS to senders.", "/etc/letsencrypt/live/pbem.example.org/fullchain.pem",
                                    text())
    listen_tls_key: str = knob("", "The listener certificate's unencrypted private key (PEM).",
                               "/etc/letsencrypt/live/pbem.example.org/privkey.pem", text())
    listen_max_bytes: int = knob(10_485_760, "The largest message the listener takes: announced as ESMTP SIZE, "
                                             "refused with 552 at DATA before anything is stored. Keep it above "
                                             "max_message_bytes, so a reply a little too large is stored and "
                                             "answered.", 20_971_520,
                                             whole(1000, example=10_485_760, what="a number of bytes"))
    listen_store_seconds: float = knob(5.0, "How long one message waits for the database to store it before "
                                            "the listener answers 451 (try again later). While it waits for a "
                                            "lock another program holds (a backup, a long admin command), every "
                                            "other message is answered 451 at once, so no sender waits longer "
                                            "and none is lost. Keep it above a few bot_seconds: bots move "
                                            "inside the transaction of the reply before them.", 10,
                                            number(above=True, example=5, unit="seconds"))
    listen_require_tls: bool = knob(False, "Accept mail only over STARTTLS (a listener that faces the internet as "
                                           "an MX should not: many senders still deliver in the clear).", True, flag())
    authserv_id: str = knob("", "The authserv-id our own MX writes in the Authentication-Results header it adds "
                                "(OpenDMARC's AuthservID, rspamd's authserv_id; docs/deploy.md 4d): those headers, "
                                "every one with this id at the top, are trusted, and a reply whose From fails DMARC "
                                "there, whose verdict is about another domain, or whose From names several senders "
                                "is kept as unauthenticated, never played, and the seat's player told. Empty: no such "
                                "header is trusted (the MX checks no DMARC, or mail comes by IMAP from a provider "
                                "whose id you do not know).", "mx.pbem.example.org", _AUTHSERV_ID)
    imap_host: str = knob("", "An IMAP mailbox to fetch inbound mail from; empty turns the IMAP poller off.",
                          "imap.example.org", host("imap.example.org", empty="no IMAP poller"))
    imap_port: int = knob(143, "The IMAP server's port (993 with imap_ssl).", 993, port(993))
    imap_user: str = knob("", "Login at the IMAP server.", "pbem@example.org", text())
    imap_password: str = knob("", "Password of imap_user.", "app-password", text())
    imap_ssl: bool = knob(False, "Connect to the IMAP server over TLS.", True, flag())
    imap_every_seconds: int = knob(60, "Seconds between IMAP polls.", 30,
                                   whole(1, example=60, what="a number of seconds"))
    public_url: str = knob("", "Where publish_dir (or the folder `pbem tournament publish` writes) is served from: "
                               "each prompt then links to its game's page there in its reader's language "
                               "({public_url}/games/ID.LANG.html); "
                               "empty: no link.",
                           "https://pbem.example.org/open", web_address("no link"))
    publish_dir: str = knob("", "A folder pbem serve keeps the public pages in: every game's page "
                                "(games/ID.html, what public_url links to) and each tournament's standings "
                                "(tournaments/ID/index.html), rewritten within publish_seconds of any change to "
                                "them, whichever pbem process made it. Serve it read-only with a web server "
                                "(docs/deploy.md); empty: pages only when the organiser runs a publish.",
                        "/var/www/pbem", text())
    publish_seconds: float = knob(30.0, "How often pbem serve looks for games and tournaments changed since their "
                                        "pages were written (with publish_dir set).", 60,
                                        number(above=True, example=30, unit="seconds"))
    publish_zone: str = knob("UTC", "The time zone the pages pbem serve keeps show times in (IANA name).",
                             "Europe/Athens", zone())
    metrics_listen: str = knob("", "host:port where pbem serve answers Prometheus scrapes at /metrics (mail in and "
                                   "out, the outbox, moves, handling time); empty turns it off. Bind it to "
                                   "loopback or a private network: it needs no login.", "127.0.0.1:9464",
                                   host_port("127.0.0.1:9464", "no metrics"))
    metrics_public: bool = knob(False, "Let metrics_listen be an address beyond loopback (a private network, "
                                       "0.0.0.0): /metrics needs no login, so anyone who reaches it reads the "
                                       "service's figures; pbem serve then says so in its log at every start.",
                                True, flag())
    deadline_hours: float = knob(72.0, "Time to answer a prompt, unless the game sets its own.", 48,
                                 number(above=True, high=LONGEST_HOURS, example=72, unit="hours"))
    reminder_hours: float = knob(24.0, "A reminder goes out this long before a deadline, but never before half "
                                       "the time to answer has passed, nor in the hour of the prompt.", 12,
                                 number(high=LONGEST_HOURS, example=24, unit="hours"))
    confirm_within_hours: float = knob(48.0, "An accepted move is confirmed in the player's next mail from the game; "
                                             "one that has waited this long gets a mail of its own, unless the "
                                             "player is certain to be asked within the next few replies (then up "
                                             "to twice this long); players who chose `notify each` get every "
                                             "confirmation at once.", 6,
                                             number(above=True, high=LONGEST_HOURS, example=48, unit="hours"))
    confirm_days: int = knob(7, "Days a confirmation asked by mail (`leave`, a sign-up's `join`) may be used; it is used once, and "
                                "a newer ask replaces it.", 3,
                             whole(1, LONGEST_DURATION.days, example=7, what="a number of days"))
    undo_vote_hours: float = knob(24.0, "How long the other players have to answer a player's `undo` (undo by "
                                        "consent); a vote not in by then counts as no and the undo is refused.", 12,
                                  number(above=True, high=LONGEST_HOURS, example=24, unit="hours"))
    timeout_policy: str = knob("bot", "On a missed deadline: bot plays a move for the player (timeout_bot's), "
                                      "forfeit ends the player's game.", "forfeit", choice(TIMEOUT_POLICIES))
    bot_seconds: float = knob(0.9, "The longest a search bot thinks over one decision (it stops its playouts "
                                   "there, so a reply that a bot seat follows is not held up); 0: only its "
                                   "playouts bound it.", 0.5, number(high=3600, example=0.9, unit="seconds"))
    timeout_bot: str = knob("greedy", "The bot that moves for a player who missed a deadline and keeps a seat "
                                      "handed to a bot, in games of no tournament: greedy, random, search or "
                                      "search:N (N playouts a decision; plain search plays 100).", "search", bot())
    timeouts_to_bot: int = knob(3, "After this many timeouts the seat is handed to a bot and the organiser told.", 2,
                                whole(1, MOST, example=3))
    vacation_days: int = knob(14, "The longest a `vacation until` may push a deadline out.", 21,
                              whole(0, LONGEST_DURATION.days, example=14, what="a number of days"))
    robot_answers_per_day: int = knob(10, "Answers (refusals, \"too large\") to a player's own mail, per address and "
                                          "day; beyond that we stay silent. Own mail carries a valid reply token "
                                          "and comes from the seat's player; what other mail causes has the two "
                                          "caps below, so it cannot use this one up.", 20, whole(0, example=10))
    seat_notices_per_day: int = knob(2, "Notices to a seat's player that mail for their seat came from another "
                                        "address, per seat and day: anyone who saw the seat's reply address can "
                                        "send such mail. More is kept unanswered; the organiser hears of all of it "
                                        "in a daily digest.", 1, whole(0, example=2))
    unverified_per_day: int = knob(4, "Answers to mail pbem cannot tie to its player (those notices, refusals of "
                                      "mail without a valid reply token, anything from another seat's address), per "
                                      "player address and day: anyone can put a player's address in a From. More "
                                      "is kept unanswered and goes in the organiser's daily digest.", 6,
                                      whole(0, example=4))
    signups_per_day: int = knob(50, "Confirmations of a sign-up by mail (`join`, from any address) sent a day in "
                                    "all, and as many of following a game (`follow`, from an address no player "
                                    "has); each address gets at most one a day whatever this says. A `join` or "
                                    "`follow` beyond is kept unanswered.", 20, whole(0, example=50))
    commands_per_day: int = knob(30, "Commands (help, status, say, ...) a player may mail a day; more are kept but "
                                     "neither answered nor passed on (a say to a table of four mails three).", 60,
                                     whole(0, example=30))
    max_message_bytes: int = knob(1_000_000, "Larger inbound mails are refused politely without reading their "
                                             "body.", 2_000_000,
                                             whole(1000, example=1_000_000, what="a number of bytes"))
    bounce_threshold: int = knob(3, "Bounces (at most one a day) after which a player's address counts as failing: "
                                    "the organiser and the player's tables are told, and the player's deadlines "
                                    "are held until they reply or the organiser acts.", 5, whole(1, example=3))
    bounce_verp_days: int = knob(60, "Days a mail's return path (its VERP address, see bounce_local) counts a bounce: "
                                     "a bounce to the return path of an older mail counts against nobody, so an "
                                     "address that leaked long ago cannot be used to put its player on hold. A "
                                     "bounce anywhere but at a return path never counts.", 30,
                                     whole(1, example=60, what="a number of days"))
    database_busy_seconds: float = knob(30.0, "How long one database statement waits for another writer's lock "
                                              "before giving up (and retrying later).", 10,
                                              number(above=True, example=30, unit="seconds"))
    scan_seconds: float = knob(30.0, "How often pbem serve scans deadlines, reminders and digests.", 60,
                               number(above=True, example=30, unit="seconds"))
    states_cached: int = knob(2048, "Game states pbem serve keeps in memory, the most recently used ones; an "
                                    "older game is replayed from its move log when its next reply comes. Bounds "
                                    "serve's memory whatever the number of open games: about 30 KB a state "
                                    "(docs/scale.md).", 10000, whole(1, example=2048, what="a number of game states"))
    outbox_batch: int = knob(200, "Rows the outbox worker takes per round.", 500,
                             whole(1, example=200, what="a number of rows"))
    outbox_lease_seconds: float = knob(120.0, "A worker's claim on the rows it is sending; rows of a worker that "
                                              "died are sent again after it.", 300,
                                              number(above=True, example=120, unit="seconds"))
    log_format: str = knob("text", "How pbem serve writes its log on standard error (journald keeps it): text, one "
                                   "line an event for a person to read, or json, one JSON object a line (time, "
                                   "level, logger, message and the event's fields: inbound_id, status, game, seat, "
                                   "outbox_id, recipient, error) for a log shipper.", "json", choice(LOG_FORMATS))
    alert_after_minutes: float = knob(30.0, "pbem status exits 1 (something needs the organiser) when a mail has "
                                            "waited this long: an outgoing one not yet accepted by the relay, or "
                                            "an incoming one not yet handled; also when the last scan is older.",
                                      60, number(above=True, example=30, unit="minutes"))
    crash_at: str = knob("", "Fault tests only: SIGKILL the process at this step (after_store, after_apply, "
                             "after_commit, after_send).", "after_commit", choice(CRASH_STEPS), hidden=True)

    @property
    def relay_tls(self) -> str:
        """The relay's TLS mode in force: ``smtp_tls``, or starttls from the old ``smtp_starttls``."""
        return "starttls" if self.smtp_starttls and self.smtp_tls == "none" else self.smtp_tls

    @property
    def listen_host_port(self) -> tuple[str, int]:
        return split_host_port(self.listen)

    @property
    def metrics_host_port(self) -> tuple[str, int]:
        return split_host_port(self.metrics_listen)

    def listen_tls(self) -> ssl.SSLContext | None:
        """The listener's TLS context, or None when it offers no STARTTLS; a half or broken setting is refused."""
        half = _listener_tls(self, _as_set(self))
        if half:
            raise ConfigError(half)
        if not self.listen_tls_cert:
            return None
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            context.load_cert_chain(self.listen_tls_cert, self.listen_tls_key)
        except (OSError, ssl.SSLError) as exc:
            raise ConfigError(f"cannot use PBEM_LISTEN_TLS_CERT={self.listen_tls_cert!r} with "
                              f"PBEM_LISTEN_TLS_KEY={self.listen_tls_key!r}: {exc}; give a PEM certificate and "
                              f"its unencrypted private key") from None
        return context


NAMES = {"from_address": "from"}
"""Settings whose name in pbem.toml (and after ``PBEM_``) is not the field's: ``from = …``, ``PBEM_FROM``."""

MASKED = frozenset({"secret", "smtp_password", "imap_password"})
"""Shown as stars by ``pbem config``."""

URLS = frozenset({"database_url"})
"""Shown by ``pbem config`` with any password in them as stars (``postgresql://pbem:***@db/pbem``)."""


def shown_value(key: str, value: Any) -> str:
    """A setting as ``pbem config`` prints it: never a password, so its output can be pasted into a question."""
    if key in MASKED:
        return "********" if value else '""'
    if key in URLS and value:
        return toml_value(_without_password(value))
    return toml_value(value)


def _without_password(url: str) -> str:
    """``url`` with its password, in the userinfo or as a ``password=`` query parameter, as stars.

    Read on the text, not by a URL parser: a password holding ``@`` or ``/`` is cut differently by each
    parser, so everything up to the last ``@`` after the user's ``:`` goes: too much masked, never too little.
    """
    url = re.sub(r"^([A-Za-z][\w+.-]*://[^:@/]*:).*@", r"\1***@", url)
    return re.sub(r"([?&][^=&]*password[^=&]*=)[^&]*", r"\1***", url, flags=re.IGNORECASE)


_FIELDS = {f.name: f for f in fields(Settings)}
_BY_NAME = {**{name: name for name in _FIELDS}, **{public: key for key, public in NAMES.items()}}


def public_name(key: str) -> str:
    """The name an organiser writes in pbem.toml."""
    return NAMES.get(key, key)


def env_name(key: str) -> str:
    return "PBEM_" + public_name(key).upper()


def hidden(key: str) -> bool:
    """A knob for tests alone (``crash_at``): not written by ``pbem init``, not listed by ``pbem config`` unless set."""
    return bool(_FIELDS[key].metadata["hidden"])


def check_of(key: str) -> Check:
    check: Check = _FIELDS[key].metadata["check"]
    return check


@dataclass(frozen=True)
class Loaded:
    """The settings in force and where each came from, for ``pbem config`` and for refusals that say what to set."""

    settings: Settings
    sources: dict[str, str]
    """Per field: ``default``, the settings file's path, or the environment variable that set it."""
    file: Path
    """The settings file looked for (``--config``, else ``PBEM_CONFIG``, else ./pbem.toml)."""
    file_found: bool


def settings_file(environ: Mapping[str, str], explicit: Path | None = None) -> Path:
    """Where the settings file is looked for: ``--config``, then ``PBEM_CONFIG``, then ./pbem.toml."""
    return explicit or Path(environ.get("PBEM_CONFIG") or "pbem.toml")


Said = Callable[[str], str]
"""A setting as the organiser wrote it, for a refusal: ``reminder_hours = 80 in pbem.toml``,
``PBEM_SCAN_SECONDS='0' in the environment``, ``deadline_hours = 72.0 (the default)``."""


def load(environ: Mapping[str, str] | None = None, path: Path | None = None) -> Loaded:
    """The settings from ``environ`` (default: the process environment) over the settings file over defaults.

    ``path`` is a file the organiser named (``--config``): unlike the file
    looked up by default, it must exist. Every value is checked here, each by
    its knob's check and then against the others, so a bad one stops the
    command before it touches anything.
    """
    env = os.environ if environ is None else environ
    if path is not None and not path.is_file():
        raise ConfigError(f"--config {path}: no such file; `pbem init --path {path}` writes one")
    file = settings_file(env, path)
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    written: dict[str, str] = {}
    problems: list[str] = []
    refused: set[str] = set()

    def take(key: str, value: Any, said: str, source: str) -> None:
        try:
            values[key] = typed_value(key, value, said)
            sources[key], written[key] = source, said
        except ConfigError as exc:
            problems.append(str(exc))
            refused.add(key)

    if file.is_file():
        for name, value in _read_file(file).items():
            key = _BY_NAME.get(name.lower().removeprefix("pbem_"))
            if key is None:
                problems.append(f"{file}: unknown setting {name!r}; {_did_you_mean(name)}")
                continue
            take(key, value, f"{public_name(key)} = {_shown(value)} in {file}", str(file))
    for name, value in env.items():
        key = _BY_NAME.get(name.lower().removeprefix("pbem_")) if name.startswith("PBEM_") else None
        if key is not None:
            take(key, value, f"{name}={value!r} in the environment", name)
    settings = Settings(**values)
    problems += related_problems(settings, lambda key: written.get(key) or f"{_as_set(settings)(key)} (the default)",
                                 refused)
    if problems:  # every one at once, so a new installation is fixed in one go
        raise ConfigError(listed(problems))
    return Loaded(settings, {key: sources.get(key, "default") for key in _FIELDS}, file, file.is_file())


def check(settings: Settings) -> None:
    """Refuse settings made in code as a file's would be: ``pbem serve`` starts no loop on ones that fail."""
    said = _as_set(settings)
    problems, refused = [], set()
    for key in _FIELDS:
        value = getattr(settings, key)
        try:
            check_of(key).read(value)
        except ValueError as exc:
            problems.append(f"{said(key)} is not accepted: {check_of(key).refusal(exc)}")
            refused.add(key)
    problems += related_problems(settings, said, refused)
    if problems:
        raise ConfigError(listed(problems))


def listed(problems: list[str]) -> str:
    """The problems as the command line prints them after ``error:``: one line, or a count and a line each."""
    return problems[0] if len(problems) == 1 else \
        f"{len(problems)} settings are not accepted:\n" + "\n".join(f"  {p}" for p in problems)


def _as_set(settings: Settings) -> Said:
    return lambda key: f"{public_name(key)} = {toml_value(getattr(settings, key))}"


def _shown(value: Any) -> str:
    """A value from the file as the organiser wrote it (a text quoted, a number bare)."""
    return toml_value(value) if isinstance(value, bool) else repr(value)


# ------------------------------------------------------------------ how settings stand to each other

Relation = Callable[[Settings, Said], "str | None"]
RELATIONS: list[tuple[tuple[str, ...], Relation]] = []
"""Checks of several settings together, after each was read: (the keys it reads, what is wrong or None).
A relation is skipped when one of its keys was refused on its own: that line already says what to fix."""


def relation(*keys: str) -> Callable[[Relation], Relation]:
    def declare(function: Relation) -> Relation:
        RELATIONS.append((keys, function))
        return function
    return declare


def related_problems(settings: Settings, said: Said, refused: set[str]) -> list[str]:
    found = [function(settings, said) for keys, function in RELATIONS if not refused.intersection(keys)]
    return [problem for problem in found if problem]


@relation("reminder_hours", "deadline_hours")
def _reminder_before_deadline(s: Settings, said: Said) -> str | None:
    if s.reminder_hours < s.deadline_hours:
        return None
    return (f"{said('reminder_hours')} is not accepted: give fewer hours than deadline_hours "
            f"({said('deadline_hours')}): the reminder goes out that long before the deadline, after the prompt")


@relation("reply_local", "bounce_local")
def _replies_and_bounces_apart(s: Settings, said: Said) -> str | None:
    if s.reply_local.lower() != s.bounce_local.lower():
        return None
    return (f"{said('bounce_local')} is not accepted: give another local part than reply_local "
            f"({said('reply_local')}): a bounce and a reply must come to different addresses")


@relation("listen_max_bytes", "max_message_bytes")
def _listener_takes_a_refusable_mail(s: Settings, said: Said) -> str | None:
    if s.listen_max_bytes > s.max_message_bytes:
        return None
    return (f"{said('listen_max_bytes')} is not accepted: give more bytes than max_message_bytes "
            f"({said('max_message_bytes')}), so a reply a little too large is stored and answered, not refused "
            f"at SMTP")


@relation("metrics_listen", "metrics_public")
def _metrics_on_loopback(s: Settings, said: Said) -> str | None:
    if not s.metrics_listen or s.metrics_public or loopback(s.metrics_host_port[0]):
        return None
    return (f"{said('metrics_listen')} is not accepted: /metrics needs no login; bind it to loopback "
            f"(127.0.0.1:PORT), or set metrics_public = true (PBEM_METRICS_PUBLIC) to serve it beyond")


@relation("dkim_selector", "dkim_key_file")
def _dkim_both_or_neither(s: Settings, said: Said) -> str | None:
    if bool(s.dkim_selector) == bool(s.dkim_key_file):
        return None
    given, missing = ("dkim_selector", "dkim_key_file") if s.dkim_selector else ("dkim_key_file", "dkim_selector")
    return (f"{said(given)} is not accepted alone: DKIM signing needs {missing} too (`pbem init --force --dkim` "
            f"writes both), or neither to let the relay sign")


@relation("smtp_starttls", "smtp_tls")
def _one_tls_mode(s: Settings, said: Said) -> str | None:
    if not s.smtp_starttls or s.smtp_tls in ("none", "starttls"):
        return None
    return (f"{said('smtp_starttls')} contradicts smtp_tls ({said('smtp_tls')}); drop smtp_starttls, smtp_tls "
            f"says it")


@relation("listen_tls_cert", "listen_tls_key", "listen_require_tls")
def _listener_tls(s: Settings, said: Said) -> str | None:
    if not s.listen_tls_cert and not s.listen_tls_key:
        if s.listen_require_tls:
            return (f"{said('listen_require_tls')} needs listen_tls_cert and listen_tls_key (PEM files: "
                    f"PBEM_LISTEN_TLS_CERT and PBEM_LISTEN_TLS_KEY) to offer STARTTLS with")
        return None
    if s.listen_tls_cert and s.listen_tls_key:
        return None
    given, missing = ("listen_tls_cert", "listen_tls_key") if s.listen_tls_cert else \
        ("listen_tls_key", "listen_tls_cert")
    return (f"{said(given)} is not accepted alone: STARTTLS on the listener needs both the certificate and its "
            f"key; set {missing} ({env_name(missing)}) too")


@relation("imap_host", "imap_user")
def _imap_login(s: Settings, said: Said) -> str | None:
    if not s.imap_host or s.imap_user:
        return None
    return f"{said('imap_host')} needs imap_user (and imap_password) too: the IMAP poller logs in"


def _read_file(file: Path) -> dict[str, Any]:
    try:
        with file.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        twice = _written_twice(file)
        if twice:
            raise ConfigError(f"{file}: {twice}; keep one of them") from None
        raise ConfigError(f"{file} is not valid TOML ({exc}); write one setting a line, e.g. domain = "
                          f'"pbem.example.org"') from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise ConfigError(f"{file} nests arrays or tables too deeply to read; every setting is one plain value, "
                          f'e.g. domain = "pbem.example.org"') from None
    except OSError as exc:
        raise ConfigError(f"cannot read the settings file {file}: {exc.strerror}") from None


def _did_you_mean(name: str) -> str:
    """The known setting ``name`` was probably meant to be, else where the list of them is."""
    close = difflib.get_close_matches(name.lower().removeprefix("pbem_"), sorted(_BY_NAME), n=1, cutoff=0.6)
    if close:
        return f"did you mean {public_name(_BY_NAME[close[0]])!r}?"
    return "`pbem config` lists every setting"


def _written_twice(file: Path) -> str:
    """The first setting ``file`` writes on two lines, named with both (TOML only says where it stopped); "" if none."""
    seen: dict[str, int] = {}
    for at, line in enumerate(file.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        found = re.match(r"\s*([A-Za-z0-9_-]+)\s*=", line)
        if found is None:
            continue
        name = found[1]
        if name in seen:
            return f"{found[1]} is set twice, on line {seen[name]} and on line {at}"
        seen[name] = at
    return ""


def load_settings(environ: Mapping[str, str] | None = None, path: Path | None = None) -> Settings:
    """The settings in force (see :func:`load`)."""
    return load(environ, path).settings


def typed_value(key: str, value: Any, written: str) -> Any:
    """``value`` read by the key's check; a value that is not accepted is refused naming what would be."""
    spec = check_of(key)
    try:
        return spec.read(value)
    except ValueError as exc:
        raise ConfigError(f"{written} is not accepted: {spec.refusal(exc)}") from None


_FILE_HEAD = """\
# pbem settings, written by `pbem init`. Every pbem command reads this file: the one --config names,
# else the one PBEM_CONFIG names, else ./pbem.toml. A PBEM_<NAME> environment variable overrides the
# setting <name> here (PBEM_DOMAIN over domain). `pbem config` shows what is in force and where it came from.
# Lines starting with # are the defaults; remove the # to change one.
"""


def settings_text(chosen: Mapping[str, Any]) -> str:
    """A commented pbem.toml: every setting with what it is, its default and an example; ``chosen`` set.

    The knobs for tests alone are left out: an organiser has no use for them."""
    blocks = [_FILE_HEAD]
    for key, spec in _FIELDS.items():
        if hidden(key):
            continue
        about = textwrap.wrap(spec.metadata["about"], 100, initial_indent="# ", subsequent_indent="# ")
        name = public_name(key)
        example = f"# default: {toml_value(spec.default)}; example: {name} = {toml_value(spec.metadata['example'])}"
        line = f"{name} = {toml_value(chosen[key])}" if key in chosen else f"# {name} = {toml_value(spec.default)}"
        blocks.append("\n".join([*about, example, line]) + "\n")
    return "\n".join(blocks)


def toml_value(value: Any) -> str:
    """``value`` as TOML writes it: what pbem.toml holds and `pbem config` shows."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)  # a JSON string is a TOML basic string
