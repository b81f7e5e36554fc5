"""ANTI-GRAVITY: blocks pushed in from both edges toward the Schwarzschild line.

``AntiGravityGame`` is the single-player engine; ``AntiGravityVersus`` and ``ContestGame``
are the other modes; the AI lives in :mod:`cabinet.games.antigravity.ai`.
"""

from cabinet.games.antigravity.engine import AntiGravityGame, IllegalMove
from cabinet.games.antigravity.field import bonus10
from cabinet.games.antigravity.modes import AntiGravityVersus, ContestGame, Progress
from cabinet.games.antigravity.results import BlockMove, ChainStep, Turn

__all__ = [
           "AntiGravityGame",
           "AntiGravityVersus",
           "BlockMove",
           "ChainStep",
           "ContestGame",
           "IllegalMove",
           "Progress",
           "Turn",
           "bonus10",
]
