"""Postfix in front of pbem, configured with the exact lines of docs/deploy.md (4b the pipe, 4c the relay, 4d the
header check in front of the DMARC milters).

Each test runs a private Postfix on 127.0.0.1 (tests/support/postfix.py) whose
outgoing mail goes to a sink, and a ``pbem serve`` that sends through that
same Postfix. Players' replies go to Postfix by SMTP; they are stored,
played and answered. While the database (4b) or ``pbem serve`` (4c) is away,
Postfix keeps the reply in its deferred queue; once it is back, ``postqueue
-f`` delivers it and it is played: nothing is lost.
"""

from __future__ import annotations

import os
import shutil
import signal
import smtplib
import subprocess
import tempfile
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlmodel import Session, create_engine, select

from pbem.ops.db import Inbound, Move
from tests.support.postfix import (
    GUIDE_LINES, POSTMAP, PostfixInstance, Runner, guide_lines, runner, substituted, unavailable,
)
from tests.support.serverproc import listed_moves, reply
from tests.support.sink import Sink, free_port

ANN = "ann@example.org"
DOMAIN = "pbem.example.org"
"""The guide's own domain: Postfix routes it by the transport map, so no DNS is asked."""


@pytest.fixture(scope="module")
def pbem_user() -> Iterator[Runner]:
    reason = unavailable()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the Postfix tests: {reason}")
        pytest.skip(reason)
    where = Path(tempfile.mkdtemp(prefix="pbem-runner-"))
    where.chmod(0o755)
    try:
        yield runner(where)
    finally:
        shutil.rmtree(where, ignore_errors=True)


class Deployment:
    """pbem's state folder (the guide's /var/lib/pbem), owned by the unprivileged user, with its settings."""

    def __init__(self, user: Runner, postfix_port: int, listen: str) -> None:
        self.user = user
        self.state = Path(tempfile.mkdtemp(prefix="pbem-state-"))
        self.state.chmod(0o755)
        self.database = self.state / "db"
        self.database.mkdir()
        self.settings = self.state / "pbem.toml"
        self.settings.write_text(
            f'database_url = "sqlite:///{self.database / "pbem.db"}"\nsecret = "postfix-test"\n'
            f'domain = "{DOMAIN}"\nfrom = "pbem@{DOMAIN}"\norganiser = "organiser@example.org"\n'
            f'smtp_host = "127.0.0.1"\nsmtp_port = {postfix_port}\nlisten = "{listen}"\nscan_seconds = 1\n')
        for path in (self.state, self.database, self.settings):
            os.chown(path, user.uid, user.gid)
        self.server: subprocess.Popen[bytes] | None = None
        self.pbem("init", "--force")  # the league's database, as the guide's `pbem init` makes it; settings kept

    def pbem(self, *args: str) -> str:
        done = subprocess.run(self.user.command(*args), env={**self.user.env, "PBEM_CONFIG": str(self.settings)},
                              capture_output=True, timeout=120, **self.user.popen_options())  # type: ignore[arg-type]
        assert done.returncode == 0, done.stderr.decode()[-3000:]
        return done.stdout.decode()

    def serve(self) -> None:
        """``pbem serve`` as the pbem user: it sends through Postfix (and listens, in 4c)."""
        log = open(self.state / "serve.log", "ab")
        self.server = subprocess.Popen(self.user.command("serve"),
                                       env={**self.user.env, "PBEM_CONFIG": str(self.settings)},
                                       stdout=subprocess.DEVNULL, stderr=log, **self.user.popen_options())  # type: ignore[arg-type]
        log.close()

    def wait_listening(self, port: int) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                smtplib.SMTP("127.0.0.1", port, timeout=2).quit()
                return
            except OSError:
                assert self.server is not None and self.server.poll() is None, self.log()
                time.sleep(0.1)
        raise AssertionError(f"pbem serve did not listen on {port}: {self.log()}")

    def stop(self) -> None:
        if self.server is not None and self.server.poll() is None:
            self.server.send_signal(signal.SIGTERM)
            try:
                self.server.wait(20)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        self.server = None

    def log(self) -> str:
        path = self.state / "serve.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    def stored(self) -> tuple[list[Inbound], list[Move]]:
        """Every stored mail and every move, read once pbem has stopped (root must not create its WAL files)."""
        assert self.server is None
        engine = create_engine(f"sqlite:///{self.database / 'pbem.db'}")
        with Session(engine) as session:
            found = list(session.exec(select(Inbound).order_by(Inbound.id))), list(session.exec(select(Move)))
        engine.dispose()
        return found

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.state, ignore_errors=True)


def prompts(sink: Sink, count: int) -> EmailMessage:
    """Wait for Ann's ``count``-th prompt at the sink (every mail to her left through Postfix) and return it."""
    found = sink.wait_for(lambda messages: [m for m in messages if "Your move" in str(m["Subject"])
                                            and str(m["To"]) == ANN][count - 1:] or None, timeout=90)
    return found[0]


def answer(postfix: PostfixInstance, prompt: EmailMessage) -> None:
    """Ann replies with one of the prompt's legal moves, to Postfix by SMTP, as her provider would deliver it."""
    raw = reply(prompt, listed_moves(prompt)[0], ANN)
    with smtplib.SMTP("127.0.0.1", postfix.port, timeout=30) as client:
        client.sendmail(ANN, [str(prompt["Reply-To"])], raw)


@pytest.fixture
def postfix(sink: Sink) -> Iterator[PostfixInstance]:
    instance = PostfixInstance(sink_port=sink.port)
    yield instance
    instance.stop()


def test_4b_postfix_pipes_replies_to_pbem_receive_and_keeps_them_while_the_database_is_away(
        pbem_user: Runner, postfix: PostfixInstance, sink: Sink) -> None:
    pbem = Deployment(pbem_user, postfix.port, listen="")
    try:
        etc = f"{postfix.config}/"
        postfix.configure(
            substituted(guide_lines("main.cf"), {"/etc/postfix/": etc}),
            substituted(guide_lines("master.cf"), {
                "user=pbem": f"user={pbem_user.user}",
                "/var/lib/pbem/pbem.toml": str(pbem.settings),
                "directory=/var/lib/pbem": f"directory={pbem.state}",
                "/opt/pbem/venv/bin/pbem": " ".join(
                    [*(f"{name}={value}" for name, value in pbem_user.env.items()), *pbem_user.command()]),
            }))
        postfix.postmap("transport", guide_lines("transport.pipe"))
        postfix.start()
        pbem.pbem("game", "new", "dragon", "--player", ANN, "--bots", "3", "--seed", "2")
        pbem.serve()
        first = prompts(sink, 1)
        assert sink.return_paths[0].startswith(f"bounce+") and sink.return_paths[0].endswith(f"@{DOMAIN}")

        answer(postfix, first)  # Postfix -> pipe -> pbem receive: stored, played; the answer leaves by Postfix
        second = prompts(sink, 2)

        pbem.stop()
        pbem.database.rename(pbem.state / "db.away")  # the database is gone: pbem receive exits 75
        answer(postfix, second)
        held = postfix.wait_queue(1)
        assert "temporary failure" in str(held[0]["recipients"]) or "deferred" in postfix.log(), postfix.log()
        (pbem.state / "db.away").rename(pbem.database)
        pbem.serve()
        postfix.flush()
        prompts(sink, 3)

        bounce = (Path(__file__).parent / "bounces" / "postfix.eml").read_bytes().replace(
            b"RETURN_PATH", sink.return_paths[0].encode())
        with smtplib.SMTP("127.0.0.1", postfix.port, timeout=30) as client:  # a DSN: MAIL FROM:<>
            client.sendmail("", [sink.return_paths[0]], bounce.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
        postfix.wait_log("status=sent (delivered via pbem service", 3)
        pbem.stop()
        stored, moves = pbem.stored()
        assert [row.status for row in stored] == ["applied", "applied", "bounce"], [
            (row.status, row.reason) for row in stored]
        assert stored[2].envelope_from == "", "the pipe hands pbem the null sender of a bounce as it is"
        assert sum(move.source == "email" for move in moves) == 2
        assert postfix.queue() == [], "nothing stays in Postfix's queue"
    finally:
        pbem.remove()


def test_4c_postfix_relays_replies_to_pbem_serves_listener_and_keeps_them_while_it_is_down(
        pbem_user: Runner, postfix: PostfixInstance, sink: Sink) -> None:
    listen = free_port()
    pbem = Deployment(pbem_user, postfix.port, listen=f"127.0.0.1:{listen}")
    try:
        postfix.configure(substituted(guide_lines("main.cf.listener"), {"/etc/postfix/": f"{postfix.config}/"}))
        postfix.postmap("transport", substituted(guide_lines("transport.listener"), {":2525": f":{listen}"}))
        postfix.start()
        pbem.pbem("game", "new", "dragon", "--player", ANN, "--bots", "3", "--seed", "2")
        pbem.serve()
        pbem.wait_listening(listen)
        first = prompts(sink, 1)

        answer(postfix, first)  # Postfix -> smtp:[127.0.0.1]:listen -> stored, played; the answer leaves by Postfix
        second = prompts(sink, 2)

        pbem.stop()  # pbem serve is down: Postfix cannot connect, keeps the reply
        answer(postfix, second)
        postfix.wait_queue(1)
        pbem.serve()
        pbem.wait_listening(listen)
        postfix.flush()
        prompts(sink, 3)
        pbem.stop()
        stored, moves = pbem.stored()
        assert [row.status for row in stored] == ["applied", "applied"], [(row.status, row.reason) for row in stored]
        assert sum(move.source == "email" for move in moves) == 2
        assert postfix.queue() == []
        assert f"relay=127.0.0.1[127.0.0.1]:{listen}" in postfix.log()
    finally:
        pbem.remove()


# ---------------------------------------------------------------- 4d: no header a sender wrote speaks for our MX

OUR_ID = "mx.pbem.example.org"
"""The guide's authserv-id (its opendmarc.conf and pbem's ``authserv_id``)."""

FORGED_RESULTS = {
    "plain": f"Authentication-Results: {OUR_ID}; dkim=pass header.d=example.org",
    "comment before the id": f"Authentication-Results: (forged) {OUR_ID}; dkim=pass header.d=example.org",
    "comment after the id": f"Authentication-Results: {OUR_ID} (forged); dkim=pass header.d=example.org",
    "a version number": f"Authentication-Results: {OUR_ID} 1; dkim=pass header.d=example.org",
    "folded": f"Authentication-Results:\n\t{OUR_ID};\n\tdkim=pass header.d=example.org",
    "lower case": f"authentication-results: {OUR_ID.upper()}; dmarc=pass header.from=example.org",
    "upper case": f"AUTHENTICATION-RESULTS: {OUR_ID}; dmarc=pass header.from=example.org",
    "no space after the colon": f"Authentication-Results:{OUR_ID};dkim=pass header.d=example.org",
    "a space before the colon": f"Authentication-Results : {OUR_ID}; dkim=pass header.d=example.org",
    "a tab before the semicolon": f"Authentication-Results: {OUR_ID}\t; dkim=pass header.d=example.org",
    "another server's id": "Authentication-Results: mx.google.com; dkim=pass header.d=example.org",
    "no result": f"Authentication-Results: {OUR_ID}; none",
}


def postmap_query(key: str, table: Path) -> str:
    """``postmap -q KEY regexp:TABLE``, as Postfix's cleanup would look a header up: the action, or ""."""
    with tempfile.TemporaryDirectory() as config:
        (Path(config) / "main.cf").write_text("")  # postmap reads a main.cf; the guide's table needs nothing of it
        done = subprocess.run([POSTMAP, "-c", config, "-q", key, f"regexp:{table}"], capture_output=True,
                              text=True, timeout=30)
    assert done.returncode in (0, 1), done.stderr  # 1: not found
    return done.stdout.strip()


@pytest.fixture(scope="module")
def postmap() -> None:
    if not os.path.exists(POSTMAP):
        if os.environ.get("CI"):
            pytest.fail("CI must run the Postfix tests: postmap is not installed")
        pytest.skip("postmap is not installed (.ci/servers installs it: apt-get install postfix)")


@pytest.mark.parametrize("header", FORGED_RESULTS.values(), ids=FORGED_RESULTS.keys())
def test_4d_the_guides_header_check_removes_every_authentication_results_a_mail_comes_with(
        postmap: None, header: str) -> None:
    table = GUIDE_LINES / "header_checks"
    assert guide_lines("main.cf.dmarc").count(f"header_checks = regexp:/etc/postfix/{table.name}") == 1
    assert postmap_query(header, table) == "IGNORE"


@pytest.mark.parametrize("header", ["Subject: Authentication-Results: mx.pbem.example.org; dkim=pass",
                                    "X-Authentication-Results: mx.pbem.example.org; dkim=pass",
                                    "From: Ann <ann@example.org>"])
def test_4d_the_guides_header_check_keeps_every_other_header(postmap: None, header: str) -> None:
    assert postmap_query(header, GUIDE_LINES / "header_checks") == ""


def test_4d_postfix_with_the_guides_lines_hands_on_no_authentication_results_a_sender_wrote(
        pbem_user: Runner, postfix: PostfixInstance, sink: Sink) -> None:
    """A private Postfix with the guide's main.cf lines and header check relays one mail that carries every
    forged form; the milters are not running (``milter_default_action = accept``), so what arrives is what
    the milters would see and add theirs to: none of the forged headers."""
    etc = f"{postfix.config}/"
    postfix.configure(substituted(guide_lines("main.cf.dmarc"), {"/etc/postfix/": etc}))
    (postfix.config / "header_checks").write_text(guide_lines("header_checks"))
    postfix.start()
    forged = "".join(header.replace("\n", "\r\n") + "\r\n" for header in FORGED_RESULTS.values())
    raw = (f"{forged}From: Ann <{ANN}>\r\nTo: bob@example.org\r\nSubject: forged results\r\n"
           "Message-ID: <forged-results@client.example>\r\n\r\ntake 1\r\n")
    with smtplib.SMTP("127.0.0.1", postfix.port, timeout=30) as client:
        client.sendmail(ANN, ["bob@example.org"], raw.encode())
    sink.wait_for(lambda messages: messages, timeout=90)
    arrived = sink.raw[0].decode()
    headers = arrived.split("\r\n\r\n", 1)[0].lower()
    assert "authentication-results" not in headers, arrived
    assert "subject: forged results" in headers and "take 1" in arrived
