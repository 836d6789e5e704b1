"""``pbem init``, ``pbem config``, ``pbem serve`` and ``pbem receive``: setting up and running the mail service.

Every command reads its settings through :func:`loaded_or_exit`: the file
``pbem --config FILE`` names, else ``PBEM_CONFIG``, else ./pbem.toml, under
the ``PBEM_*`` environment. Commands that queue mail take their service from
:func:`mailing_service`, which refuses settings whose mail could not be
answered (see :mod:`pbem.serve.preflight`).

``receive`` is for an MTA pipe (e.g. Postfix ``mailbox_command`` or an alias
``|pbem receive``): it exits 0 once the message is stored, whatever becomes of
it afterwards, and 75 (EX_TEMPFAIL) when it could not be stored, so the MTA
keeps the message and tries again later.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

import typer
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from pbem.addresses import AddressError, mailbox
from pbem.mail import signing
from pbem.serve import pipeline
from pbem.ops import logs
from pbem.serve import preflight
from pbem.cli.organiser import refuse
from pbem.ops.config import ConfigError, Loaded, Settings, env_name, hidden, load, public_name, \
    typed_value, settings_file, settings_text, shown_value
from pbem.play.service import Service
from pbem.app import open_service

try:  # typer 0.2x runs commands in its own copy of click, whose context stack this is
    from typer._click.globals import get_current_context
except ImportError:  # older typer: click itself
    from click import get_current_context

EX_TEMPFAIL = 75

WRITTEN = ("database_url", "secret", "domain", "from_address", "organiser", "smtp_host", "smtp_port", "smtp_tls",
           "listen")
"""The settings ``pbem init`` writes as active lines; the others are written commented out, at their default."""


def config_option() -> Path | None:
    """The file ``pbem --config FILE`` named, if any."""
    context = get_current_context(silent=True)
    return context.find_root().params.get("config") if context is not None else None


def loaded_or_exit() -> Loaded:
    try:
        return load(path=config_option())
    except ConfigError as exc:
        refuse(str(exc))


def settings_or_exit() -> Settings:
    return loaded_or_exit().settings


def mailing_service(loaded: Loaded | None = None) -> Service:
    """The service for a command that queues mail to players; settings whose mail could not be answered are refused."""
    loaded = loaded or loaded_or_exit()
    try:
        return preflight.mailing_service(loaded)
    except ConfigError as exc:
        refuse(str(exc))
    except UNOPENED as exc:
        refuse(database_problem(loaded.settings.database_url, exc))


def reading_service() -> Service:
    """The service for a command that only reads (or changes nothing a player is mailed about)."""
    loaded = loaded_or_exit()
    try:
        return preflight.existing_service(loaded)
    except ConfigError as exc:
        refuse(str(exc))
    except UNOPENED as exc:
        refuse(database_problem(loaded.settings.database_url, exc))


def existing_or_exit() -> Loaded:
    """The settings of a league whose database exists (:func:`pbem.serve.preflight.check_database`), else exit 1."""
    loaded = loaded_or_exit()
    try:
        preflight.check_database(loaded)
    except ConfigError as exc:
        refuse(str(exc))
    return loaded


UNOPENED = (SQLAlchemyError, ImportError)
"""What opening a database raises when it cannot be: a URL SQLAlchemy cannot read, a server that does not
answer, a file that cannot be made, a driver that is not installed."""


def database_problem(url: str, exc: BaseException, doing: str = "open") -> str:
    """One line for a database that could not be opened: where, why (the driver's own words), what to check."""
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        shown = repr(url)
    reason = getattr(exc, "orig", None) or exc
    first = str(reason).strip().splitlines()[0] if str(reason).strip() else type(reason).__name__
    if url.startswith("sqlite:///") and "unable to open database file" in first:
        folder = Path(url.removeprefix("sqlite:///")).parent
        if not folder.is_dir():
            first = f"its folder {folder} does not exist"
    return (f"cannot {doing} the database {shown}: {first}; check database_url ({env_name('database_url')}), "
            f"e.g. sqlite:///pbem.db or postgresql://user@host/pbem")


def init(
    path: Path = typer.Option(None, "--path", help="Where to write the settings (default: --config, else "
                                                   "$PBEM_CONFIG, else ./pbem.toml)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing settings file (its values are kept)."),
    domain: str = typer.Option("", "--domain", help="Your mail domain: reply addresses and From use it."),
    organiser: str = typer.Option("", "--organiser", help="Your address: disputes and seats handed to bots."),
    dkim: bool = typer.Option(False, "--dkim", help="pbem signs its mail with DKIM (for a relay that does not): "
                                                    "make a 2048-bit key next to the settings, set dkim_selector "
                                                    "and dkim_key_file, and print the DNS record to publish."),
    dkim_selector: str = typer.Option("pbem", "--dkim-selector", help="The DKIM selector, with --dkim."),
) -> None:
    """Write a commented pbem.toml with a fresh secret, and create the database schema."""
    target = path or settings_file(os.environ, config_option())
    if target.exists() and not force:
        refuse(f"{target} exists; edit it, or give --force to write it again (its settings are kept)")
    if not target.parent.is_dir():
        refuse(f"cannot write {target}: its folder {target.parent} does not exist; create it first, or give "
               f"--path in a folder that does")
    if domain:
        try:
            mailbox(f"pbem@{domain}")
        except AddressError:
            refuse(f"--domain {domain!r} is not a mail domain; give the domain players write to, e.g. "
                   f"--domain pbem.example.org")
    if organiser:
        try:
            organiser = typed_value("organiser", organiser, f"--organiser {organiser!r}")
        except ConfigError as exc:
            refuse(str(exc))
    loaded = _target_settings(target)
    settings = loaded.settings
    if loaded.sources["database_url"] == "default":  # next to the file, so any working directory finds it
        database = target.parent.resolve() / target.with_suffix(".db").name  # pbem.toml: pbem.db; other.toml: other.db
        settings = replace(settings, database_url=f"sqlite:///{database}")
    if domain:
        settings = replace(settings, domain=domain, from_address=f"pbem@{domain}")
    if organiser:
        settings = replace(settings, organiser=organiser)
    record = ""
    if dkim:
        settings, record = _dkim_key(settings, target, dkim_selector)
    try:
        service = open_service(settings)
        preflight.check_secret(service.db, replace(loaded, settings=settings))
    except ConfigError as exc:
        refuse(str(exc))
    except UNOPENED as exc:
        refuse(database_problem(settings.database_url, exc, "create"))
    settings = replace(settings, secret=service.secret)  # the database's: generated once, by its first opening
    service.db.dispose()
    kept = {key for key, source in loaded.sources.items() if source == str(target)}
    written = (*WRITTEN, *kept, *(("dkim_selector", "dkim_key_file") if dkim else ()))
    text = settings_text({key: getattr(settings, key) for key in written})
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # it holds the secret
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    typer.echo(f"wrote {target}; database ready: {settings.database_url}")
    if record:
        typer.echo(f"pbem signs its mail with DKIM (key {settings.dkim_key_file}); publish this TXT record in the "
                   f"DNS of {signing.from_domain(settings)} before mail goes out, or receivers fail every "
                   f"signature:\n{record}")
    looked_up = settings_file(os.environ, config_option())
    named = "" if target.resolve() == looked_up.resolve() else f"--config {target} "
    typer.echo(f"next: set domain, from, organiser and the relay (smtp_*) in {target}, check them with "
               f"`pbem {named}config`, then `pbem {named}serve`")


def _target_settings(target: Path) -> Loaded:
    """The settings ``pbem init`` starts from: the target file's own (kept under --force) over the environment.

    Never another file's: ``--path other.toml`` beside a league's pbem.toml makes a league of its own, with its
    own secret and database, not a second file onto the first one's.
    """
    try:
        if target.is_file():
            return load(path=target)
        return load({**os.environ, "PBEM_CONFIG": str(target)})
    except ConfigError as exc:
        refuse(str(exc))


def _dkim_key(settings: Settings, target: Path, selector: str) -> tuple[Settings, str]:
    """The settings signing with a key beside ``target`` (made now, or kept if there), and its DNS record."""
    try:
        chosen = typed_value("dkim_selector", selector, f"--dkim-selector {selector!r}")
    except ConfigError as exc:
        refuse(str(exc))
    key_file = (target.parent / f"dkim-{chosen}.pem").resolve()
    settings = replace(settings, dkim_selector=chosen, dkim_key_file=str(key_file))
    try:
        public = signing.make_key(key_file)
    except ConfigError as exc:
        refuse(str(exc))
    except OSError as exc:
        refuse(f"cannot write the DKIM key {key_file}: {exc.strerror}")
    return settings, signing.dns_record(settings, public)


def config() -> None:
    """Show every setting in force, where it came from (default, the settings file, or a PBEM_* variable)."""
    loaded = loaded_or_exit()
    found = "" if loaded.file_found else " (not found: defaults and environment only)"
    typer.echo(f"settings file: {loaded.file}{found}")
    listed = [key for key, source in loaded.sources.items() if not hidden(key) or source != "default"]
    width = max(len(public_name(key)) for key in listed)
    for key in listed:
        source, value = loaded.sources[key], getattr(loaded.settings, key)
        shown = shown_value(key, value)
        where = source if source in ("default", str(loaded.file)) else f"{source} (environment)"
        test_only = " (for fault tests only)" if hidden(key) else ""
        typer.echo(f"{public_name(key):<{width}} = {shown}  # {where}{test_only}")
    typer.echo(f"each one can be set as `name = value` in {loaded.file} or as PBEM_NAME (e.g. "
               f"{env_name('domain')}) in the environment")
    try:  # fine for reading commands, so no error here; but say so before the organiser tries to serve
        preflight.check_mail_settings(loaded)
    except ConfigError as exc:
        typer.echo(f"note: `pbem serve` and every command that mails players refuse this: {exc}")
    try:  # the settings are shown either way; a league they do not lead to is the one line every command says
        preflight.check_database(loaded)
    except ConfigError as exc:
        refuse(str(exc))


def serve() -> None:
    """Run the inbound SMTP listener (listen), the outbox worker, deadlines and IMAP polls; the log goes to stderr."""
    from pbem.serve.server import StartError, serve_forever

    loaded = loaded_or_exit()
    settings = loaded.settings
    logs.configure(settings.log_format)  # the one place the log is set up: from here on, every line is in its format
    try:
        try:
            settings.listen_tls()  # a broken TLS setting stops here, before anything starts
            signing.signer(settings)  # so does a DKIM key that cannot be read
            service = preflight.mailing_service(loaded)
        except ConfigError as exc:
            _not_started(str(exc))
        except UNOPENED as exc:
            _not_started(database_problem(settings.database_url, exc))
        with preflight.serving(settings.database_url):
            asyncio.run(serve_forever(service))
    except (preflight.AlreadyServing, StartError) as exc:
        _not_started(str(exc))
    except KeyboardInterrupt:
        pass
    except typer.Exit:
        raise
    except Exception:  # a crash: its traceback in the log's format too, where the organiser reads the rest
        logging.getLogger("pbem.serve").exception("pbem serve stopped by an error (the systemd unit restarts it)")
        raise typer.Exit(1) from None
    finally:
        logs.unconfigure()


def _not_started(why: str) -> NoReturn:
    """A refused start, logged like every other event (a JSON line under log_format = "json"), then exit 1."""
    logging.getLogger("pbem.serve").error("pbem serve: %s", why, extra=logs.fields(error=why))
    raise typer.Exit(1)


def receive(
    recipient: list[str] = typer.Option([], "--recipient", "-r", help="Envelope recipient(s), as the MTA knows them."),
    sender: str | None = typer.Option(None, "--sender", "-f",
                                      help="The envelope sender (MAIL FROM) as the MTA knows it; \"\" or \"<>\" "
                                           "for a bounce (Postfix: ${sender})."),
) -> None:
    """Read one raw message on standard input and handle it (exit 75 when it could not be stored)."""
    raw = sys.stdin.buffer.read()
    try:
        service = preflight.mailing_service(load(path=config_option()))
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
