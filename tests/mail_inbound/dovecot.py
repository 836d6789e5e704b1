"""A private Dovecot IMAP server for tests: own config, own port, own maildir.

The IMAP poller is only trustworthy if it is tested against a real IMAP
server; Dovecot from Debian's ``dovecot-imapd`` package is what a small
installation would run. Each instance listens on 127.0.0.1 on a free port,
allows plaintext login on loopback, keeps one passwd-file user, stores mail
in a temporary maildir, logs to a file there, and is stopped by the fixture
that started it.
"""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"
START_TIMEOUT = 20.0

_CONFIG = """\
base_dir = {root}/run
state_dir = {root}/state
instance_name = pbem-test-{port}
protocols = imap
listen = 127.0.0.1
{ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
log_path = {root}/dovecot.log
info_log_path = {root}/dovecot.log
default_login_user = {login_user}
default_internal_user = {internal_user}
default_internal_group = {internal_group}
first_valid_uid = {uid}
last_valid_uid = {uid}
mail_location = maildir:{root}/mail/%u
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/mail/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {tls_port}
  }}
}}
service anvil {{
  chroot =
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
"""


@dataclass(frozen=True)
class Dovecot:
    """Where a running test instance listens and who may log in."""

    host: str
    port: int
    user: str
    password: str
    log: Path
    tls_port: int = 0
    certificate: Path | None = None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _identities() -> tuple[str, str, str, int, int]:
    """(login user, internal user, internal group, mail uid, mail gid).

    Under root Dovecot's own users from the Debian package; otherwise the
    current user for everything, which Dovecot accepts for a rootless instance.
    """
    if os.geteuid() != 0:
        me = pwd.getpwuid(os.geteuid())
        return me.pw_name, me.pw_name, grp.getgrgid(me.pw_gid).gr_name, me.pw_uid, me.pw_gid
    mail_owner = pwd.getpwnam("nobody")
    return "dovenull", "dovecot", "dovecot", mail_owner.pw_uid, mail_owner.pw_gid


def _wait_for_greeting(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"dovecot exited with {process.returncode}; log:\n{_read(log)}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0) as conn:
                if conn.recv(64).startswith(b"* OK"):
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"dovecot did not answer on 127.0.0.1:{port} within {START_TIMEOUT}s; log:\n{_read(log)}")


def _read(log: Path) -> str:
    return log.read_text(errors="replace") if log.exists() else "(no log written)"


class DovecotInstance:
    """Start with :meth:`start`, stop with :meth:`stop`; the pytest fixture does both."""

    def __init__(self, user: str = "pbem", password: str = "secret-imap-password", *, tls: bool = False) -> None:
        if not os.path.exists(DOVECOT):
            raise RuntimeError(
                "Dovecot is not installed; the IMAP tests need Debian's dovecot-imapd "
                "(apt-get install dovecot-imapd, as .ci/run does)"
            )
        self.user = user
        self.password = password
        self.root = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
        self.port = free_port()
        self.tls_port = free_port() if tls else 0
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Dovecot:
        login_user, internal_user, internal_group, uid, gid = _identities()
        self.root.chmod(0o755)
        for name in ("run", "state", "mail"):
            (self.root / name).mkdir()
        os.chown(self.root / "mail", uid, gid)
        (self.root / "passwd").write_text(f"{self.user}:{{PLAIN}}{self.password}\n")
        certificate = self._make_certificate() if self.tls_port else None
        config = self.root / "dovecot.conf"
        config.write_text(
            _CONFIG.format(
                ssl=f"ssl = yes\nssl_cert = <{certificate}\nssl_key = <{self.root / 'key.pem'}" if certificate else "ssl = no",
                tls_port=self.tls_port,
                root=self.root,
                port=self.port,
                login_user=login_user,
                internal_user=internal_user,
                internal_group=internal_group,
                uid=uid,
                gid=gid,
            )
        )
        log = self.root / "dovecot.log"
        with open(self.root / "stderr.log", "wb") as stderr:
            self.process = subprocess.Popen([DOVECOT, "-F", "-c", str(config)], stdout=subprocess.DEVNULL, stderr=stderr)
        _wait_for_greeting(self.port, self.process, log)
        return Dovecot("127.0.0.1", self.port, self.user, self.password, log, self.tls_port, certificate)

    def _make_certificate(self) -> Path:
        """A self-signed certificate for 127.0.0.1, which the TLS test trusts explicitly."""
        certificate = self.root / "cert.pem"
        subprocess.run(
            [
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", str(self.root / "key.pem"), "-out", str(certificate), "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ],
            check=True,
            capture_output=True,
        )
        return certificate

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)
