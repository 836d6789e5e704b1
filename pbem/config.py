"""Settings of the mail service: environment variables over ``pbem.toml`` over defaults.

Every knob is declared once below with its default and what it is for. The
environment wins (``PBEM_SMTP_PORT=2526``); a ``pbem.toml`` in the working
directory (or the file ``PBEM_CONFIG`` names) may set the same keys, either as
``PBEM_SMTP_PORT = 2526`` or as ``smtp_port = 2526``.
"""

from __future__ import annotations

import os
import ssl
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Mapping


class ConfigError(ValueError):
    """A setting that cannot be used, named with what would be right."""


@dataclass(frozen=True)
class Settings:
    database_url: str = "sqlite:///pbem.db"
    """SQLAlchemy URL; SQLite runs in WAL mode. PostgreSQL: postgresql+psycopg://user@host/db."""
    secret: str = ""
    """Signs reply tokens. Empty: ``pbem init`` stores a random one in the database."""
    domain: str = "pbem.localhost"
    """Domain of the reply addresses (and of our Message-IDs)."""
    reply_local: str = "play"
    """Local part of reply addresses: play+<game>.<seat>.<token>@domain."""
    bounce_local: str = "bounce"
    """Local part of every mail's envelope sender, bounce+<outbox id>.<token>@domain (VERP): bounces come back
    there and name the mail that failed. The listener takes mail for it like any address at ``domain``."""
    from_address: str = "pbem@pbem.localhost"
    """PBEM_FROM: the From of every mail we send."""
    organiser: str = "organiser@pbem.localhost"
    """Who hears about seats handed to bots and disputes."""
    smtp_host: str = "127.0.0.1"
    """The outbound relay."""
    smtp_port: int = 8025
    smtp_starttls: bool = False
    """Upgrade the relay connection with STARTTLS (the relay's certificate is verified)."""
    smtp_cafile: str = ""
    """A CA bundle to verify the relay's certificate with; empty: the system's trusted CAs."""
    smtp_connections: int = 4
    """Connections to the relay used side by side; a recipient's mails always share one."""
    smtp_user: str = ""
    smtp_password: str = ""
    listen: str = "127.0.0.1:2525"
    """host:port of the inbound SMTP listener in ``pbem serve``; empty turns it off."""
    listen_tls_cert: str = ""
    """A PEM certificate (chain) for the listener: with ``listen_tls_key`` it offers STARTTLS to senders."""
    listen_tls_key: str = ""
    listen_max_bytes: int = 10_485_760
    """The largest message the listener takes: announced as ESMTP SIZE, refused with 552 at DATA before anything
    is stored. Keep it above ``max_message_bytes``, so a reply a little too large is stored and answered."""
    listen_require_tls: bool = False
    """Accept mail only over STARTTLS (a listener that faces the internet as an MX should not: many
    senders still deliver in the clear)."""
    imap_host: str = ""
    """Empty turns the IMAP poller off."""
    imap_port: int = 143
    imap_user: str = ""
    imap_password: str = ""
    imap_ssl: bool = False
    imap_every_seconds: int = 60
    deadline_hours: float = 72.0
    """Time to answer a prompt, unless the game sets its own."""
    reminder_hours: float = 24.0
    """A reminder goes out this long before a deadline."""
    timeout_policy: str = "bot"
    """On a missed deadline: ``bot`` plays a greedy move, ``forfeit`` ends the player's game."""
    timeouts_to_bot: int = 3
    """After this many timeouts the seat is handed to a bot and the organiser told."""
    vacation_days: int = 14
    """The longest a ``vacation until`` may push a deadline out."""
    robot_answers_per_day: int = 10
    """Refusals answered per address and day; beyond that we stay silent."""
    max_message_bytes: int = 1_000_000
    """Larger inbound mails are refused politely without reading their body."""
    bounce_threshold: int = 3
    """Bounces (at most one a day) after which a player's address counts as failing: the organiser and the
    player's tables are told, and the player's deadlines are held until they reply or the organiser acts."""
    database_busy_seconds: float = 30.0
    """How long one database statement waits for another writer's lock before giving up (and retrying later)."""
    scan_seconds: float = 30.0
    """How often ``pbem serve`` scans deadlines, reminders and digests."""
    outbox_batch: int = 200
    """Rows the outbox worker takes per round."""
    outbox_lease_seconds: float = 120.0
    """A worker's claim on the rows it is sending; rows of a worker that died are sent again after it."""
    crash_at: str = ""
    """Fault tests only: SIGKILL the process at this step (after_store, after_apply, after_commit, after_send)."""

    @property
    def listen_host_port(self) -> tuple[str, int]:
        return split_host_port(self.listen, "PBEM_LISTEN")

    def listen_tls(self) -> ssl.SSLContext | None:
        """The listener's TLS context, or None when it offers no STARTTLS; a half or broken setting is refused."""
        if not self.listen_tls_cert and not self.listen_tls_key:
            if self.listen_require_tls:
                raise ConfigError("PBEM_LISTEN_REQUIRE_TLS needs PBEM_LISTEN_TLS_CERT and PBEM_LISTEN_TLS_KEY "
                                  "(PEM files) to offer STARTTLS with")
            return None
        if not (self.listen_tls_cert and self.listen_tls_key):
            missing = "PBEM_LISTEN_TLS_KEY" if self.listen_tls_cert else "PBEM_LISTEN_TLS_CERT"
            raise ConfigError(f"STARTTLS on the listener needs both the certificate and its key; set {missing} too")
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            context.load_cert_chain(self.listen_tls_cert, self.listen_tls_key)
        except (OSError, ssl.SSLError) as exc:
            raise ConfigError(f"cannot use PBEM_LISTEN_TLS_CERT={self.listen_tls_cert!r} with "
                              f"PBEM_LISTEN_TLS_KEY={self.listen_tls_key!r}: {exc}; give a PEM certificate and "
                              f"its unencrypted private key") from None
        return context


_ALIASES = {"from": "from_address"}


def split_host_port(text: str, name: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ConfigError(f"{name}={text!r} is not host:port; e.g. 127.0.0.1:2525")
    return host, int(port)


def load_settings(environ: Mapping[str, str] | None = None, path: Path | None = None) -> Settings:
    """The settings from ``environ`` (default: the process environment) over the toml file."""
    env = os.environ if environ is None else environ
    file = path or Path(env.get("PBEM_CONFIG", "pbem.toml"))
    raw: dict[str, Any] = {}
    if file.is_file():
        with file.open("rb") as handle:
            raw.update({_key(name, file): value for name, value in tomllib.load(handle).items()})
    for name, value in env.items():
        if name.startswith("PBEM_") and name != "PBEM_CONFIG":
            key = _key(name, "the environment")
            if key is not None:
                raw[key] = value
    raw.pop(None, None)
    return Settings(**{name: _typed(name, value) for name, value in raw.items()})


_FIELDS = {f.name: f for f in fields(Settings)}


def _key(name: str, where: object) -> str | None:
    key = name.lower().removeprefix("pbem_")
    key = _ALIASES.get(key, key)
    if key in _FIELDS:
        return key
    if isinstance(where, Path):
        raise ConfigError(f"{where}: unknown setting {name!r}; known: {', '.join(sorted(_FIELDS))}")
    return None


def _typed(name: str, value: Any) -> Any:
    kind = _FIELDS[name].type
    try:
        if kind == "bool" and isinstance(value, str):
            if value.strip().lower() not in {"1", "0", "true", "false", "yes", "no", "on", "off"}:
                raise ValueError(value)
            return value.strip().lower() in {"1", "true", "yes", "on"}
        if kind == "int":
            return int(value)
        if kind == "float":
            return float(value)
        if kind == "bool":
            return bool(value)
        return str(value)
    except ValueError:
        raise ConfigError(f"setting {name} = {value!r} is not a valid {kind}") from None
