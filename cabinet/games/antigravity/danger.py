"""How close an ANTI-GRAVITY game stands to its end, 0..1, for the music to follow."""

from __future__ import annotations

CALM_SHARE = 1 / 3  # stacks up to a third of the way to the line: calm
ANNOUNCED = 0.9  # a coming row of the horizon counts this much of a row already in force


def music_danger(game) -> float:
    """From the tallest anchored stack's reach toward the S line, or the band in force.

    A stack a third of the way or less is calm (0); one block from the line is high
    (0.75 for the default six rows a side); at the line, one push from crossing, 1. An
    announced horizon row weighs nearly as much as the row it will be. Game over is 1.
    """
    if game.game_over:
        return 1.0
    tallest = max(_runs(game.to_text()))
    room = game.height // 2 - game.horizon
    level = _reach(tallest, room)
    if game.horizon_due is not None and room > 1:
        level = max(level, ANNOUNCED * _reach(tallest, room - 1))
    return level


def _runs(rows: list[str]):
    """Every column's two anchored runs: the unbroken blocks from the top edge down, and from the
    bottom edge up (read straight from the text: this runs every frame)."""
    height = len(rows)
    for column in range(len(rows[0])):
        for edge in (rows, rows[::-1]):
            run = 0
            while run < height and edge[run][column] != ".":
                run += 1
            yield run


def _reach(tallest: int, room: int) -> float:
    """0 at :data:`CALM_SHARE` of the ``room`` or less, rising evenly to 1 at the line."""
    return min(1.0, max(0.0, (tallest / room - CALM_SHARE) / (1 - CALM_SHARE)))
