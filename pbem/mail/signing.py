"""DKIM signatures on the way out, for an organiser whose relay does not sign (dkimpy).

Since 2024 the large mailbox providers refuse or spam-folder mail whose From
domain is not authenticated. A relay that signs for the domain (most hosted
ones, OpenDKIM beside Postfix) is the better place; where there is none,
pbem signs each mail itself with ``dkim_key_file`` under ``dkim_selector``,
``d=`` the domain of ``from``. The signature is made in one place, on the
exact bytes the outbox worker hands the relay (:func:`pbem.serve.outbox.compose`
writes them whole, CRLF line ends, headers folded as they go out), so nothing
changes them after it. ``pbem init --dkim`` makes the key and prints the DNS
record to publish (:func:`dns_record`); ``pbem status`` says when the key
cannot be read or does not match what is published (:func:`problems`).
"""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import dkim
from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from pbem.ops.config import ConfigError, Settings, env_name

SIGNED_HEADERS = (b"From", b"From", b"To", b"Subject", b"Date", b"Message-ID", b"Reply-To", b"In-Reply-To",
                  b"References", b"MIME-Version", b"Content-Type", b"List-Id", b"List-Unsubscribe",
                  b"Auto-Submitted", b"X-Auto-Response-Suppress")
"""What the signature covers. From is named twice: a second From added on the way would break it (RFC 6376
8.15); a header named but absent is signed as absent, so it cannot be added either."""

KEY_BITS = 2048
"""RSA key size: what receivers expect today (1024 is accepted but weak, 4096 does not fit one DNS string well)."""

DnsFunc = Callable[..., bytes | None]
"""dkimpy's resolver: a DNS name (bytes) to its TXT record, or None; tests serve a fixed record."""


@dataclass(frozen=True)
class Signer:
    """Signs a composed message with the organiser's key: ``d=`` the From domain, ``s=`` the selector."""

    selector: bytes
    domain: bytes
    key: bytes

    def sign(self, message: bytes) -> bytes:
        """``message`` with its DKIM-Signature header put first (relaxed/relaxed: a relay re-folding a header or
        re-wrapping trailing spaces does not break it)."""
        signature = dkim.sign(message, self.selector, self.domain, self.key, canonicalize=(b"relaxed", b"relaxed"),
                              include_headers=list(SIGNED_HEADERS), linesep=b"\r\n")
        return signature + message


def from_domain(settings: Settings) -> str:
    return settings.from_address.rpartition("@")[2].lower()


def signer(settings: Settings) -> Signer | None:
    """The signer the settings ask for, or None when pbem does not sign (no ``dkim_selector``)."""
    if not settings.dkim_selector:
        return None
    key = read_key(settings)
    return Signer(settings.dkim_selector.encode("ascii"), from_domain(settings).encode("ascii"), key)


def read_key(settings: Settings) -> bytes:
    """The PEM private key of ``dkim_key_file``; a file that cannot be read or holds no RSA key is refused."""
    path = Path(settings.dkim_key_file)
    try:
        pem = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"dkim_key_file = {str(path)!r} ({env_name('dkim_key_file')}) cannot be read: "
                          f"{exc.strerror}; `pbem init --force --dkim` makes one, or clear dkim_selector to "
                          f"let the relay sign") from None
    public_key(pem, path)
    return pem


def public_key(pem: bytes, path: Path) -> rsa.RSAPublicKey:
    """The public half of a PEM RSA private key; anything else is refused naming the file."""
    try:
        key = serialization.load_pem_private_key(pem, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm) as exc:
        raise ConfigError(f"dkim_key_file {str(path)!r} holds no unencrypted PEM private key ({exc}); "
                          f"`pbem init --force --dkim` makes one") from None
    if not isinstance(key, rsa.RSAPrivateKey) or key.key_size < 1024:
        raise ConfigError(f"dkim_key_file {str(path)!r} is not an RSA key of 1024 bits or more; DKIM needs one "
                          f"(`pbem init --force --dkim` makes a {KEY_BITS}-bit key)")
    return key.public_key()


def record_value(public: rsa.RSAPublicKey) -> str:
    """The TXT record's text: ``v=DKIM1; k=rsa; p=<the public key, base64 DER>``."""
    der = public.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return f"v=DKIM1; k=rsa; p={base64.b64encode(der).decode('ascii')}"


def record_name(settings: Settings) -> str:
    return f"{settings.dkim_selector}._domainkey.{from_domain(settings)}"


def dns_record(settings: Settings, public: rsa.RSAPublicKey) -> str:
    """The zone-file line to publish: the text cut into strings of at most 255 characters, as DNS requires."""
    text = record_value(public)
    strings = " ".join(f'"{text[i:i + 255]}"' for i in range(0, len(text), 255))
    return f"{record_name(settings)}. IN TXT ( {strings} )"


def make_key(path: Path) -> rsa.RSAPublicKey:
    """Write a new RSA key to ``path`` (mode 0600: it signs as the domain) and return its public half; an
    existing key there is kept and read, since its record may already be published."""
    if path.exists():
        return public_key(path.read_bytes(), path)
    key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(pem)
    return key.public_key()


def problems(settings: Settings, dnsfunc: DnsFunc | None = None) -> list[str]:
    """What is wrong with signing as configured, one line each ([] when pbem does not sign, or all is well).

    The key file must be readable and hold an RSA key; with ``dnsfunc`` the published record is looked up
    too and must carry this key's public half (a record for another key fails every signature).
    """
    if not settings.dkim_selector:
        return []
    try:
        pem = read_key(settings)
    except ConfigError as exc:
        return [f"DKIM: {exc}"]
    if dnsfunc is None:
        return []
    expected = record_value(public_key(pem, Path(settings.dkim_key_file)))
    name = record_name(settings)
    try:
        published = dnsfunc(name.encode("ascii") + b".")
    except Exception as exc:  # noqa: BLE001 - whatever the resolver raises, the check says it could not look
        return [f"DKIM: cannot look up {name} TXT ({type(exc).__name__}: {exc}); receivers cannot either"]
    if not published:
        return [f"DKIM: {name} has no TXT record; publish the one `pbem init --dkim` printed, or receivers fail "
                f"every signature"]
    if _key_part(published.decode("ascii", "replace")) != _key_part(expected):
        return [f"DKIM: the key published at {name} is not the one in {settings.dkim_key_file}; publish "
                f"\"{expected[:40]}…\" (`pbem init --dkim` prints it whole), or every signature fails"]
    return []


def _key_part(record: str) -> str:
    """The ``p=`` value of a DKIM record, spaces removed (DNS strings may be split anywhere)."""
    for tag in record.split(";"):
        name, _, value = tag.strip().partition("=")
        if name.strip() == "p":
            return "".join(value.split())
    return ""
