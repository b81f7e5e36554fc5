"""How close each column's stacks stand to the S line, read from a grid on screen.

The screen warns before a stack crosses the line and marks, after a game over,
the column that crossed it. Both read the grid the seat shows (the engine's
grid once a turn's animation is over), never the engine's internals. ``depth`` is
the widening horizon's band in force, rows a side: a stack may hold ``half - depth``
blocks, where the band begins.
"""

from __future__ import annotations

Grid = dict[tuple[int, int], str]


def anchored_runs(grid: Grid, column: int, height: int) -> tuple[int, int]:
    """(upper, lower): the unbroken blocks from the top edge down and from the bottom edge up."""
    upper = 0
    while upper < height and (upper, column) in grid:
        upper += 1
    lower = 0
    while lower < height and (height - 1 - lower, column) in grid:
        lower += 1
    return upper, lower


def danger_columns(grid: Grid, width: int, height: int, depth: int = 0) -> frozenset[int]:
    """Columns where a stack stands one block from the S line (or the band), or touches it:
    two pushes (or one) from that side and it crosses."""
    limit = height // 2 - depth
    return frozenset(
        column
        for column in range(width)
        if limit - 1 <= max(anchored_runs(grid, column, height)) <= limit
    )


def crossed_columns(grid: Grid, width: int, height: int, depth: int = 0) -> frozenset[int]:
    """Columns where a stack stands beyond the S line (or into the band): what ends a game."""
    limit = height // 2 - depth
    return frozenset(
        column for column in range(width) if max(anchored_runs(grid, column, height)) > limit
    )
