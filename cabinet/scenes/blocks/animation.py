"""BLOCKS animation: the colour of every board cell, the line-clear flash, rows dropping.

The engine knows only filled or empty; the scene keeps a colour per cell so a
placed piece keeps its colour, and moves the colours exactly as the engine's
:class:`PlaceResult` says cells moved. Everything is counted in frames.
"""

from __future__ import annotations

import zlib

from cabinet.games.blocks.pieces import SIZE
from cabinet.render import palette

FLASH_FRAMES = 24
DROP_FRAMES = 18
BREAK_FRAMES = DROP_FRAMES  # the cleared cells' shards fly while the rows drop
FLASH_PERIOD = 4

Grid = list[list[tuple | None]]


def family_colour(family: str):
    """A steady colour per piece shape (the same on every run)."""
    colours = palette.PIECE_COLOURS
    return colours[zlib.crc32(family.encode()) % len(colours)]


def empty_grid() -> Grid:
    return [[None] * SIZE for _ in range(SIZE)]


def after_move(grid: Grid, result, colour) -> tuple[Grid, Grid]:
    """The grid with the piece placed (before clearing) and the grid after the move."""
    placed = [row[:] for row in grid]
    for row, col in result.cells:
        placed[row][col] = colour
    remaining = [row[:] for row in placed]
    for row, col in result.cleared:
        remaining[row][col] = None
    moved = dict(result.drops)
    final = empty_grid()
    for row in range(SIZE):
        target = moved.get(row, row)
        for col in range(SIZE):
            if remaining[row][col] is not None:
                final[target][col] = remaining[row][col]
    return placed, final


def reconcile(grid: Grid, game) -> Grid:
    """The grid made to agree with the engine cell by cell (the engine is the truth)."""
    for row in range(SIZE):
        for col in range(SIZE):
            filled = game.cell(row, col)
            if filled and grid[row][col] is None:
                grid[row][col] = palette.GREY
            elif not filled:
                grid[row][col] = None
    return grid


class ClearAnimation:
    """The cleared cells flash, then break into shards while the rows above are pulled down.

    ``points`` and ``streak`` are what the move earned: the screen shows them
    only once the cells break (:attr:`broken`), when the player sees why.
    """

    def __init__(self, placed: Grid, result, streak_before: int = 0):
        self.placed = placed
        self.points = result.points - len(result.cells)  # the clear's own; the cells count at once
        self.streak_before = streak_before
        self.wipe_out = result.wipe_out
        self.cleared = set(result.cleared)
        self.drops = dict(result.drops)
        self.frame = 0
        self.length = FLASH_FRAMES + max(BREAK_FRAMES, DROP_FRAMES if self.drops else 0)

    @property
    def done(self) -> bool:
        return self.frame >= self.length

    @property
    def broken(self) -> bool:
        """The flash is over: the cells have broken and the points are earned on screen."""
        return self.frame >= FLASH_FRAMES

    def update(self) -> None:
        self.frame += 1

    def cells(self):
        """(row as a float, col, colour, style) of every cell to draw this frame."""
        if self.frame < FLASH_FRAMES:
            lit = (self.frame // FLASH_PERIOD) % 2 == 0
            for row in range(SIZE):
                for col in range(SIZE):
                    colour = self.placed[row][col]
                    if colour is None:
                        continue
                    style = "flash" if (row, col) in self.cleared and lit else "solid"
                    yield row, col, colour, style
            return
        t = min(1.0, (self.frame - FLASH_FRAMES) / DROP_FRAMES)
        fall = t * t  # accelerate like a falling row
        for row in range(SIZE):
            target = self.drops.get(row, row)
            y = row + (target - row) * fall
            for col in range(SIZE):
                colour = self.placed[row][col]
                if colour is not None and (row, col) not in self.cleared:
                    yield y, col, colour, "falling" if y != row and t < 1 else "solid"

    def dropping_rows(self) -> tuple[float, float] | None:
        """The board rows (top, bottom) that are still falling, or None."""
        if not self.drops or self.frame >= FLASH_FRAMES + DROP_FRAMES:
            return None
        return 0.0, float(max(self.drops.values()) + 1)

    def shards(self):
        """(row, col, colour, scale) of the broken pieces, in cells; empty outside the break.

        Each cleared cell splits into four quarters that fly apart, fall and shrink.
        """
        age = self.frame - FLASH_FRAMES
        if not 0 <= age < BREAK_FRAMES:
            return
        t = age / BREAK_FRAMES
        scale = 0.5 * (1 - t)
        for row, col in self.cleared:
            colour = self.placed[row][col] or palette.GREY
            for d_row, d_col in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                spread = 1.4 * t
                y = row + 0.25 + 0.25 * d_row + d_row * spread * 0.6 + 2.2 * t * t
                x = col + 0.25 + 0.25 * d_col + d_col * spread
                yield y, x, colour, scale
