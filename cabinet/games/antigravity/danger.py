"""How close an ANTI-GRAVITY game stands to its end, 0..1, for the music to follow."""

from __future__ import annotations

from cabinet.games.antigravity.animation import grid_from_text
from cabinet.games.antigravity.stacks import anchored_runs

CALM_SHARE = 1 / 3      # stacks up to a third of the way to the line: calm
ANNOUNCED = 0.9         # a coming row of the horizon counts this much of a row already in force


def music_danger(game) -> float:
    """From the tallest anchored stack's reach toward the S line, or the band in force.

    A stack a third of the way or less is calm (0); one block from the line is high
    (0.75 for the default six rows a side); at the line, one push from crossing, 1. An
    announced horizon row weighs nearly as much as the row it will be. Game over is 1.
    """
    if game.game_over:
        return 1.0
    grid = grid_from_text(game.to_text())
    tallest = max(max(anchored_runs(grid, column, game.height)) for column in range(game.width))
    room = game.height // 2 - game.horizon
    level = _reach(tallest, room)
    if game.horizon_due is not None and room > 1:
        level = max(level, ANNOUNCED * _reach(tallest, room - 1))
    return level


def _reach(tallest: int, room: int) -> float:
    """0 at :data:`CALM_SHARE` of the ``room`` or less, rising evenly to 1 at the line."""
    return min(1.0, max(0.0, (tallest / room - CALM_SHARE) / (1 - CALM_SHARE)))
