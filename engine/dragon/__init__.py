"""In the Year of the Dragon: ``engine.game("dragon")``; the adapter is in ``engine.dragon.game``."""

from engine.dragon.game import GAME, Dragon

__all__ = ["GAME", "Dragon"]
