"""Tournaments in the mail service (their tables are :mod:`pbem.ops.tournament_tables`).

- :mod:`~pbem.tournament.runner`: registrations, rounds, results, ratings,
  round completion, standings mails, leagues (:func:`~pbem.tournament.runner.game_over` is the game
  store's game-over hook, registered by :func:`pbem.app.open_service`; :func:`~pbem.tournament.runner.scan`
  is run by the scheduler);
- :mod:`~pbem.tournament.pages`: what the organiser and the public see (rounds, list, the static page).
"""
