"""A private Postfix for tests: its own config, queue and data directories, one SMTP port on 127.0.0.1.

``docs/deploy.md`` tells an organiser to put Postfix in front of pbem; the
lines it quotes live in ``docs/postfix/`` and are loaded from there, so the
instance the tests run is configured with exactly what the guide says (only
the paths, the pipe's user and the listener's port are the test's own).
Postfix's master runs only as root, so an unprivileged run cannot start one;
pbem itself (``pbem receive`` run by the pipe, ``pbem serve``) then runs as
an unprivileged user, as the guide's ``pbem`` user would.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.sink import free_port

ROOT = Path(__file__).resolve().parents[2]
GUIDE_LINES = ROOT / "docs" / "postfix"
POSTFIX = shutil.which("postfix") or "/usr/sbin/postfix"
POSTQUEUE = shutil.which("postqueue") or "/usr/sbin/postqueue"
POSTMAP = shutil.which("postmap") or "/usr/sbin/postmap"
START_TIMEOUT = 30.0

RUNNER = "nobody"
"""The unprivileged user pbem runs as under a root test run: Postfix's pipe refuses to run a command as root."""

_MAIN = """\
compatibility_level = 3.6
queue_directory = {root}/spool
data_directory = {root}/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.pbem.test
mydomain = pbem.test
mydestination =
mynetworks = 127.0.0.0/8
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
relayhost = [127.0.0.1]:{sink_port}
smtp_dns_support_level = disabled
smtpd_peername_lookup = no
alias_maps =
alias_database =
local_recipient_maps =
biff = no
maillog_file_prefixes = {root}
maillog_file = {root}/postfix.log
{guide}
"""

_MASTER = """\
127.0.0.1:{port} inet n - n - - smtpd
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
{guide}"""


def guide_lines(name: str) -> str:
    """One file of ``docs/postfix/``: lines ``docs/deploy.md`` quotes whole."""
    return (GUIDE_LINES / name).read_text()


def substituted(text: str, replacements: dict[str, str]) -> str:
    """``text`` with each of the guide's paths, user or port replaced by the test's; each must be there."""
    for old, new in replacements.items():
        assert old in text, f"the guide's line no longer holds {old!r}: the test's substitution must follow it"
        text = text.replace(old, new)
    return text


def unavailable() -> str:
    """Why a Postfix cannot run here ("" when it can)."""
    if not os.path.exists(POSTFIX):
        return "Postfix is not installed (.ci/servers installs it: apt-get install postfix)"
    if os.geteuid() != 0:
        return "Postfix's master runs only as root (it says: the master command is reserved for the superuser)"
    return ""


@dataclass(frozen=True)
class Runner:
    """How to run pbem as the unprivileged user: its Python, and the environment that Python needs."""

    user: str
    uid: int
    gid: int
    python: str
    env: dict[str, str]

    def command(self, *args: str) -> list[str]:
        """The command line of ``pbem ARGS`` as this user runs it (this checkout's pbem)."""
        return [self.python, "-m", "pbem", *args]

    def popen_options(self) -> dict[str, object]:
        return {"user": self.uid, "group": self.gid, "extra_groups": [], "cwd": "/"}


def runner(tmp: Path) -> Runner:
    """pbem for :data:`RUNNER`: this Python and this checkout, or copies of them that user may read.

    A Python under a private home (pyenv's under /root, mode 0700) cannot be
    run by another user; its files can, from a tree of hard links in a folder
    that user may enter (no data is copied). A checkout in a private folder is
    copied (its four packages, a few MB). Nothing outside ``tmp`` changes.
    """
    account = pwd.getpwnam(RUNNER)
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", "LANG": "C.UTF-8"}
    python = sys.executable
    if not _runs([python, "-c", "pass"], account, env):
        python = _linked_python(tmp, env)
    code = [python, "-c", "import sys, pbem, sqlmodel, authres; sys.exit(not pbem.__file__.startswith(sys.argv[1]))"]
    if not _runs([*code, env["PYTHONPATH"]], account, env):
        env["PYTHONPATH"] = str(_copied_code(tmp))
    done = subprocess.run([*code, env["PYTHONPATH"]], user=account.pw_uid, group=account.pw_gid, extra_groups=[],
                          env=env, cwd="/", capture_output=True)
    assert done.returncode == 0, f"{RUNNER} cannot run this pbem with {python}: {done.stderr.decode()[-2000:]}"
    return Runner(RUNNER, account.pw_uid, account.pw_gid, python, env)


def _linked_python(tmp: Path, env: dict[str, str]) -> str:
    """This Python's installation as hard links under ``tmp``; ``env`` gets the library path it needs."""
    prefix = Path(sys.base_prefix)
    assert sys.prefix == sys.base_prefix and prefix not in (Path("/"), Path("/usr"), Path("/usr/local")), (
        f"{RUNNER} cannot run {sys.executable}, and its installation ({sys.prefix}) is not one to link whole: "
        f"run the tests with a Python {RUNNER} may run")
    linked = tmp / "python"
    subprocess.run(["cp", "-al", str(prefix), str(linked)], check=True)
    linked.chmod(0o755)
    env["LD_LIBRARY_PATH"] = str(linked / "lib")  # a shared libpython is found by its absolute RUNPATH otherwise
    return str(linked / Path(sys.executable).relative_to(prefix))


def _copied_code(tmp: Path) -> Path:
    """This checkout's packages, copied under ``tmp`` for a user who may not read the checkout."""
    code = tmp / "code"
    for package in ("engine", "tournaments", "pbem", "templates"):
        shutil.copytree(ROOT / package, code / package, ignore=shutil.ignore_patterns("__pycache__"))
    for path in [code, *code.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return code


def _runs(command: list[str], account: pwd.struct_passwd, env: dict[str, str]) -> bool:
    try:
        return subprocess.run(command, user=account.pw_uid, group=account.pw_gid, extra_groups=[], env=env, cwd="/",
                              capture_output=True).returncode == 0
    except PermissionError:  # the interpreter itself is out of the user's reach
        return False


class PostfixInstance:
    """A running private Postfix: ``start()``, ``flush()``, ``queue()``, ``stop()``."""

    def __init__(self, *, sink_port: int) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="pbem-postfix-"))
        self.root.chmod(0o755)
        self.config = self.root / "etc"
        self.config.mkdir()
        self.port = free_port()
        self.sink_port = sink_port
        (self.root / "spool").mkdir(mode=0o755)
        (self.root / "data").mkdir(mode=0o700)
        owner = pwd.getpwnam("postfix")
        os.chown(self.root / "data", owner.pw_uid, owner.pw_gid)

    def configure(self, main_lines: str, master_lines: str = "") -> None:
        """main.cf and master.cf: what a private instance needs, then the guide's own lines."""
        (self.config / "main.cf").write_text(_MAIN.format(root=self.root, sink_port=self.sink_port,
                                                          guide=main_lines))
        (self.config / "master.cf").write_text(_MASTER.format(port=self.port, guide=master_lines))

    def postmap(self, name: str, text: str) -> Path:
        """Write a lookup table into the config directory and build it (``postmap``), as the guide says."""
        table = self.config / name
        table.write_text(text)
        self._run(POSTMAP, "-c", str(self.config), str(table))
        return table

    def start(self) -> "PostfixInstance":
        self._run(POSTFIX, "-c", str(self.config), "start")
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                    if conn.recv(64).startswith(b"220"):
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"Postfix did not answer on 127.0.0.1:{self.port}; log:\n{self.log()}")

    def flush(self) -> None:
        """``postqueue -f``: try every deferred mail now, as an organiser does once pbem is back."""
        self._run(POSTQUEUE, "-c", str(self.config), "-f")

    def queue(self) -> list[dict[str, object]]:
        """The mails Postfix holds (``postqueue -j``): each with its queue name and recipients' delay reasons."""
        done = self._run(POSTQUEUE, "-c", str(self.config), "-j")
        return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]

    def wait_queue(self, wanted: int, timeout: float = 60) -> list[dict[str, object]]:
        """Wait until Postfix holds ``wanted`` mails in its deferred queue (tried, and kept for later)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            held = [mail for mail in self.queue() if mail.get("queue_name") == "deferred"]
            if len(held) == wanted:
                return held
            time.sleep(0.2)
        raise AssertionError(f"Postfix's deferred queue: {self.queue()} (wanted {wanted}); log:\n{self.log()}")

    def wait_log(self, text: str, count: int, timeout: float = 60) -> None:
        """Wait until Postfix's log says ``text`` ``count`` times (a delivery it made, say)."""
        deadline = time.monotonic() + timeout
        while self.log(whole=True).count(text) < count:
            assert time.monotonic() < deadline, f"Postfix's log says {text!r} fewer than {count} times:\n{self.log()}"
            time.sleep(0.2)

    def log(self, whole: bool = False) -> str:
        path = self.root / "postfix.log"
        if not path.exists():
            return "(no log)"
        text = path.read_text(errors="replace")
        return text if whole else text[-6000:]

    def stop(self) -> None:
        master = _master_pid(self.root / "spool" / "pid" / "master.pid")
        subprocess.run([POSTFIX, "-c", str(self.config), "stop"], capture_output=True)
        deadline = time.monotonic() + 20
        while master is not None and _running(master) and time.monotonic() < deadline:
            time.sleep(0.1)
        shutil.rmtree(self.root, ignore_errors=True)

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}\n{self.log()}")
        return done


def _master_pid(path: Path) -> int | None:
    """The master's pid as Postfix wrote it (padded with spaces); None if it never started. The file stays after
    a stop, so the stop waits for the process, not for the file."""
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        return None


def _running(pid: int) -> bool:
    """Whether the process lives (a zombie no init reaps, as in a container, has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status
