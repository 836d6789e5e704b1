"""The IMAP mailbox as a way in: each poll stores every unseen message (:mod:`pbem.mail.imap` marks one seen only
once it is stored), its network waits off the loop; handling follows as the serve loop's own step."""

from __future__ import annotations

import asyncio
import imaplib
import logging

from pbem.play.service import Service
from pbem.serve import StartError, pipeline

log = logging.getLogger(__name__)


class MailboxPoller:
    """Polls ``imap_host`` for ``pbem serve``; :meth:`reach` at the start, :meth:`poll` at every interval."""

    def __init__(self, service: Service) -> None:
        self.service, self.settings = service, service.settings

    async def poll(self) -> None:
        """One IMAP poll that only stores; the network waits run off the loop."""
        from pbem.mail.imap import poll_once

        settings = self.settings

        def store(raw: bytes) -> None:
            pipeline.store(self.service, raw)

        def poll() -> None:
            poll_once(settings.imap_host, settings.imap_port, settings.imap_user, settings.imap_password, store,
                      ssl=settings.imap_ssl)

        await asyncio.get_running_loop().run_in_executor(None, poll)

    async def reach(self) -> None:
        """The first poll, at start: a mailbox that cannot be reached stops the start, saying what to check."""
        from pbem.mail.imap import PollError

        settings = self.settings
        try:
            await self.poll()
        except PollError:
            log.exception("IMAP: some messages could not be stored; they stay unseen for the next poll")
        except (imaplib.IMAP4.error, OSError) as exc:
            raise StartError(f"cannot fetch mail from IMAP {settings.imap_host}:{settings.imap_port} as "
                             f"{settings.imap_user!r}: {exc}; check imap_host, imap_port, imap_user, imap_password "
                             f"and imap_ssl") from None
