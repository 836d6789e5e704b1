"""What became of one inbound message: the value the reply pipeline and the commands' handlers return.

It has a module of its own so that :mod:`pbem.play.commands` (whose handlers
return it) and :mod:`pbem.serve.pipeline` (which dispatches to them) need not
import each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.ops.db import InboundStatus

UNCHANGED = frozenset({InboundStatus.REFUSED, InboundStatus.WRONG_SENDER, InboundStatus.UNAUTHENTICATED,
                       InboundStatus.STRANGER, InboundStatus.IGNORED, InboundStatus.BOUNCE, InboundStatus.OVERSIZE,
                       InboundStatus.RATE_LIMITED, InboundStatus.FORWARDED})
"""Outcomes that change nothing of a game's state or turns: committed without bumping its version, so a
flood of them never pushes real replies into conflict retries."""


@dataclass(frozen=True)
class Outcome:
    """What became of one inbound message; ``status`` is the contract's vocabulary."""

    status: InboundStatus
    reason: str = ""
    inbound_id: int | None = None
    game_id: int | None = None
    moves: int = 0
    seat: int | None = None
    """The seat the message was found to be for (0-based, as the engine counts), for the log."""

    def __post_init__(self) -> None:
        # A status outside the one list fails where it is made, not later in a filter that cannot find it.
        object.__setattr__(self, "status", InboundStatus(self.status))
