"""What became of one inbound message: the value the reply pipeline and the commands' handlers return.

It has a module of its own so that :mod:`pbem.play.commands` (whose handlers
return it) and :mod:`pbem.mail.pipeline` (which dispatches to them) need not
import each other.
"""

from __future__ import annotations

from dataclasses import dataclass

STATUSES = ("stored", "applied", "held", "command", "refused", "wrong_sender", "unauthenticated", "stranger", "ignored",
            "duplicate", "oversize", "rate_limited", "forwarded", "failed")
"""Every status a stored inbound message can have: ``stored`` until handled, ``failed`` when set aside.

``stranger``: no valid reply token, from an address no player has; kept and
counted, never answered (no backscatter). ``wrong_sender``: a valid token
from another address; kept, and the seat's own player is told.
``unauthenticated``: our MX found that the From's domain does not vouch for
it (DMARC failed, :mod:`pbem.mail.inbound.authresults`); kept, never
answered, and the seat's own player is told as for a wrong sender.
``forwarded``: a registered player's mail to pbem's own address that was no
command, forwarded to the organiser (:mod:`pbem.play.frontdesk`).
"""

UNCHANGED = frozenset({"refused", "wrong_sender", "unauthenticated", "stranger", "ignored", "bounce", "oversize",
                       "rate_limited", "forwarded"})
"""Outcomes that change nothing of a game's state or turns: committed without bumping its version, so a
flood of them never pushes real replies into conflict retries."""


@dataclass(frozen=True)
class Outcome:
    """What became of one inbound message; ``status`` is the contract's vocabulary."""

    status: str
    reason: str = ""
    inbound_id: int | None = None
    game_id: int | None = None
    moves: int = 0
    seat: int | None = None
    """The seat the message was found to be for (0-based, as the engine counts), for the log."""
