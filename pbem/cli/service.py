"""``pbem init``, ``pbem serve`` and ``pbem receive``: running the mail service.

``receive`` is for an MTA pipe (e.g. Postfix ``mailbox_command`` or an alias
``|pbem receive``): it exits 0 once the message is stored, whatever becomes of
it afterwards, and 75 (EX_TEMPFAIL) when it could not be stored, so the MTA
keeps the message and tries again later.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import typer

from pbem import pipeline
from pbem.config import ConfigError, Settings, load_settings
from pbem.service import Service

EX_TEMPFAIL = 75


def settings_or_exit() -> Settings:
    try:
        return load_settings()
    except ConfigError as exc:
        raise typer.BadParameter(str(exc)) from None


def init() -> None:
    """Create the database schema (idempotent) and the reply-token secret if none is configured."""
    settings = settings_or_exit()
    service = Service(settings)
    typer.echo(f"database ready: {settings.database_url}")
    typer.echo("reply tokens signed with " + ("PBEM_SECRET" if settings.secret else "the secret stored by init"))
    service.db.dispose()


def serve() -> None:
    """Run the inbound SMTP listener (PBEM_LISTEN), the outbox worker, deadlines and IMAP polls."""
    from pbem.server import serve_forever

    settings = settings_or_exit()
    try:
        settings.listen_tls()  # a broken TLS setting stops here, before anything starts
    except ConfigError as exc:
        raise typer.BadParameter(str(exc)) from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    for noisy in ("mail.log", "apscheduler"):
        logging.getLogger(noisy).setLevel(logging.WARNING)

    def ready(server) -> None:  # type: ignore[no-untyped-def]
        where = f"listening on {settings.listen_host_port[0]}:{server.port}" if settings.listen else "no listener"
        if settings.listen and settings.listen_tls_cert:
            where += " (STARTTLS" + (", required)" if settings.listen_require_tls else " offered)")
        typer.echo(f"pbem serve: {where}; relay {settings.smtp_host}:{settings.smtp_port}", err=True)

    try:
        asyncio.run(serve_forever(Service(settings), ready))
    except KeyboardInterrupt:
        pass


def receive(
    recipient: list[str] = typer.Option([], "--recipient", "-r", help="Envelope recipient(s), as the MTA knows them."),
    sender: str | None = typer.Option(None, "--sender", "-f",
                                      help="The envelope sender (MAIL FROM) as the MTA knows it; \"\" or \"<>\" "
                                           "for a bounce (Postfix: ${sender})."),
) -> None:
    """Read one raw message on standard input and handle it (exit 75 when it could not be stored)."""
    raw = sys.stdin.buffer.read()
    try:
        service = Service(settings_or_exit())
        inbound_id = pipeline.store(service, raw, recipient, sender)
    except Exception as exc:  # the MTA keeps the message and retries: nothing may be lost here
        typer.echo(f"pbem receive: could not store the message ({exc}); the MTA will retry", err=True)
        raise typer.Exit(EX_TEMPFAIL) from None
    if inbound_id is None:
        typer.echo("duplicate: this Message-ID was received before")
        return
    try:
        outcome = pipeline.handle(service, inbound_id)
    except Exception as exc:  # stored: pbem serve finishes it on its next scan
        typer.echo(f"stored as {inbound_id}; handling deferred to pbem serve ({exc})", err=True)
        return
    typer.echo(f"{outcome.status}{': ' + outcome.reason if outcome.reason else ''}")
