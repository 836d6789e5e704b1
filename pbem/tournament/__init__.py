"""Tournaments in the mail service: their tables in the database and the runner that plays them.

Importing this package registers the tournament tables in the mail loop's
metadata, so ``pbem init`` (``db.create_schema``) creates them too;
``pbem.service`` imports it for that and for :func:`game_over`.
"""

from __future__ import annotations

from pbem.tournament import tables
from pbem.tournament.runner import game_over

__all__ = ["game_over", "tables"]
