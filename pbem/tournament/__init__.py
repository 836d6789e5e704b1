"""Tournaments in the mail service.

- :mod:`~pbem.tournament.models`: the database tables (same metadata as the
  mail loop's, so ``pbem init`` creates them; importing this package registers them);
- :mod:`~pbem.tournament.runner`: registrations, rounds, results, ratings,
  round completion, standings mails, leagues (:func:`~pbem.tournament.runner.game_over` is the game
  store's game-over hook, registered by :func:`pbem.app.open_service`; :func:`~pbem.tournament.runner.scan`
  is run by the scheduler);
- :mod:`~pbem.tournament.pages`: what the organiser and the public see (rounds, list, the static page);
- :mod:`~pbem.tournament.timeouts`: a tournament's deadline rules for ``pbem.play.deadlines``.
"""

from __future__ import annotations

from pbem.tournament import models

__all__ = ["models"]
