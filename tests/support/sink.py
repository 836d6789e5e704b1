"""An SMTP sink on loopback that keeps what it receives: the relay of the tests.

It speaks real SMTP (aiosmtpd's Controller on a thread), can be told to refuse
every message for a while (a relay that is up but failing), and keeps the
messages in arrival order with a condition to wait on.
"""

from __future__ import annotations

import socket
import threading
import time
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any, Callable

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Sink:
    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.messages: list[EmailMessage] = []
        self.return_paths: list[str] = []
        """Each kept message's envelope sender (MAIL FROM), in the same order."""
        self.raw: list[bytes] = []
        """Each kept message as it came over the wire, in the same order: what a header check must read."""
        self.recipients: list[list[str]] = []
        """Each kept message's envelope recipients (RCPT TO), in the same order."""
        self.mail_options: list[list[str]] = []
        """Each kept message's MAIL FROM options (SIZE=…), in the same order."""
        self.refusing = False
        self.rejecting = False
        """Refuse for good (550), as a relay does for an unknown mailbox."""
        self.unknown: set[str] = set()
        """Recipients refused for good at RCPT (550 5.1.1), as a relay that checks mailboxes up front does."""
        self._changed = threading.Condition()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    def start(self) -> "Sink":
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: list[str]) -> str:
        if address in self.unknown:
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(options)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refusing:
            return "451 4.3.0 try again later"
        if self.rejecting:
            return "550 5.1.1 no such mailbox"
        message = message_from_bytes(envelope.original_content, policy=policy.default)
        with self._changed:
            self.messages.append(message)  # type: ignore[arg-type]
            self.return_paths.append(envelope.mail_from)
            self.raw.append(envelope.original_content)
            self.recipients.append(list(envelope.rcpt_tos))
            self.mail_options.append(list(envelope.mail_options))
            self._changed.notify_all()
        return "250 OK"

    def unique(self) -> dict[str, EmailMessage]:
        """Messages by Message-ID: what a mail store keeps when a copy arrives twice."""
        with self._changed:
            return {str(m["Message-ID"]): m for m in self.messages}

    def wait_for(self, check: Callable[[list[EmailMessage]], Any], timeout: float = 30.0) -> Any:
        """Block until ``check(messages)`` is truthy; return its value, or fail after ``timeout``."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = check(list(self.messages))
                if found:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"sink: condition not met in {timeout}s; {len(self.messages)} messages")
                self._changed.wait(left)


def plain(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None, "every mail has a plain-text part"
    return part.get_content().replace("\r\n", "\n")
