"""The Prodigals Club (Vladimír Suchý, CGE 2015): ``engine.game("prodigals")``.

The rules are in ``/work/shared/rules/prodigals-club.md``; every component and
card effect is data in ``components.json``, executed by one interpreter.
"""

from engine.prodigals.game import GAME, Prodigals

__all__ = ["GAME", "Prodigals"]
