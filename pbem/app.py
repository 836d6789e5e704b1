"""Wiring: a service with every layer above it plugged in, as the command line and the server run it.

:class:`pbem.play.service.Service` knows games and mail, not tournaments: the
tournament layer sits above it and learns that a game ended through the game
store's ``on_game_over`` hook, registered here; the play layer asks it which
tournament a game or a player is in (List-Id, ``leave``) through
``service.memberships``, plugged in here too, and hands it a ``join`` mailed by anyone
(``service.signups``). Every entry point (the CLI,
``pbem serve``, the demo, the benchmarks) opens its service through
:func:`open_service`, so no game ever ends unrecorded.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import engine
from pbem.clock import Clock
from pbem.ops.config import Settings
from pbem.play.service import Service
from pbem.tournament import membership, runner, signup


def open_service(settings: Settings, *, clock: Clock | None = None,
                 rules: Callable[[str], engine.Game] = engine.game) -> Service:
    """The service on ``settings`` with the tournament layer's game-over hook registered."""
    service = Service(settings, clock=clock, rules=rules)
    service.store.on_game_over.append(partial(runner.game_over, service))
    service.memberships = membership.Tournaments(service)
    service.mails.lists.lookup = service.memberships.list_id
    service.signups = signup.SignUpDesk(service)
    return service
