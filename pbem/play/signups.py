"""A ``join`` from anyone, as the play layer hands it on: the tournament layer decides it.

Anyone may write ``join Spring Cup`` to pbem's own address; :mod:`pbem.play.join_mail`
reads such a mail into a :class:`JoinMail`. The tournaments are not known on
this floor (:mod:`pbem.play.memberships` says why): the
service's :attr:`~pbem.play.service.Service.signups`, plugged in by
:func:`pbem.app.open_service` (:class:`pbem.tournament.signup.SignUpDesk`),
decides it, and is the one place that may mail a stranger: one confirmation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from pbem.ops.db import InboundStatus
from pbem.play.outcome import Outcome

if TYPE_CHECKING:
    from sqlmodel import Session


@dataclass(frozen=True)
class JoinMail:
    """A ``join`` from ``sender``: an ask (``words``, the tournament as written) or its confirmation (``token``)."""

    sender: str
    words: str
    token: str
    language: str
    """The language guessed from the mail ("" when it is not clear: the tournament's then)."""
    time_zone: str
    zone_guessed: bool
    """Whether ``time_zone`` is a guess from the Date header (a registered player's own zone is none)."""
    inbound_id: int = 0


class SignUps(Protocol):
    def join(self, session: Session, mail: JoinMail) -> Outcome:
        """Mail the one confirmation of an ask, or act on a confirmation; anything else is kept unanswered."""


class NoSignUps:
    """The answer of a service with no tournament layer: there is nothing to join."""

    def join(self, session: Session, mail: JoinMail) -> Outcome:
        return Outcome(InboundStatus.STRANGER, f"join from {mail.sender}: no tournament layer: kept, not answered")


