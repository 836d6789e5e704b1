"""The running service: ``pbem serve``'s loop (``server``: the SMTP listener, the outbox worker and the
scheduler in one asyncio loop), where its database work runs off the listener's thread (``steps``), the
pipeline that stores every message raw first and hands it to the reply chain (``pipeline``), the outbox
worker (``outbox``), the checks before pbem mails anyone (``preflight``) and the health ``pbem status``
reads (``health``). It wires the floors below it; nothing below imports it."""


class StartError(RuntimeError):
    """The service cannot start: its listener cannot bind, its IMAP mailbox cannot be reached, or a folder or
    port it is set to use cannot be had. Raised before any deadline was scanned or any mail sent."""


class StoreBusy(RuntimeError):
    """A message not stored now because another already waits for the database, which another program holds
    locked: the listener answers it 451 at once (the sender retries later), rather than queue it behind the
    store that waits (:mod:`pbem.serve.steps`)."""
