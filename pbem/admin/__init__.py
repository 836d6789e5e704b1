"""The organiser's actions, one module per area, each action declared once and listed in :data:`ACTIONS`.

- :mod:`~pbem.admin.base`: what an action is (:class:`~pbem.admin.base.Action`,
  :func:`~pbem.admin.base.action`) and the :class:`~pbem.admin.base.Desk` it runs at;
- :mod:`~pbem.admin.games`: show, log, replay, undo, move, deadline, replace, resend, pause, resume;
- :mod:`~pbem.admin.disputes`: disputes and the audit log;
- :mod:`~pbem.admin.mail`: inbound and outgoing mail, and trying again;
- :mod:`~pbem.admin.players`: a player, and lifting a bounce hold.

The command line (:mod:`pbem.cli.admin`) is made from :data:`ACTIONS`.
"""

from __future__ import annotations

from pbem.admin import disputes, games, mail, players
from pbem.admin.base import ACTIONS, Action, AdminError, Desk

__all__ = ["ACTIONS", "Action", "AdminError", "Desk", "disputes", "games", "mail", "players"]
