"""China (Web of Power): ``engine.game("china")``; the adapter is in ``engine.china.game``."""

from engine.china.game import GAME, China

__all__ = ["GAME", "China"]
