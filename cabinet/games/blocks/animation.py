"""BLOCKS animation: the colour of every board cell, the line-clear flash, rows dropping.

The engine knows only filled or empty; the scene keeps a colour per cell so a
placed piece keeps its colour, and moves the colours exactly as the engine's
:class:`PlaceResult` says cells moved. Everything is counted in frames.
"""

from __future__ import annotations

import zlib

from cabinet.render import palette

from .pieces import SIZE

FLASH_FRAMES = 24
DROP_FRAMES = 18
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
    """The cleared cells flash, then the rows above the cleared rows slide down."""

    def __init__(self, placed: Grid, result):
        self.placed = placed
        self.cleared = set(result.cleared)
        self.drops = dict(result.drops)
        self.frame = 0
        self.length = FLASH_FRAMES + (DROP_FRAMES if self.drops else 0)

    @property
    def done(self) -> bool:
        return self.frame >= self.length

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
                    yield y, col, colour, "solid"
