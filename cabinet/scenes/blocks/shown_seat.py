"""One player's side of a BLOCKS versus match as the screen shows it.

A :class:`ShownSeat` is a :class:`~cabinet.games.blocks.seat.VersusSeat` (the
player's cursor and move timer in the match) that also keeps what the screen
needs: the colour of every cell, the clear animation, stones falling into
place, and the pending stones as far as the screen has shown them arrive.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cabinet.games.blocks.cursor import BOARD, Did
from cabinet.games.blocks.seat import VersusSeat
from cabinet.render import palette
from cabinet.scenes.blocks.animation import (
    ClearAnimation,
    after_move,
    empty_grid,
    family_colour,
    reconcile,
)
from cabinet.scenes.blocks.ghost import REST_FRAMES

STONE_COLOUR = palette.GREY
FALL_FRAMES = 16  # a landing stone's drop onto its cell
FALL_STAGGER = 3  # frames between two stones starting to fall
SHAKE_FRAMES = 12


@dataclass
class FallingStone:
    row: int
    col: int
    delay: int
    age: int = 0

    @property
    def done(self) -> bool:
        return self.age >= self.delay + FALL_FRAMES

    def height(self) -> float:
        """Rows still to fall (0 when in place): it drops in from above the board, speeding up."""
        t = max(0.0, min(1.0, (self.age - self.delay) / FALL_FRAMES))
        return (self.row + 1) * (1 - t * t)


class ShownSeat(VersusSeat):
    """Player ``player``'s side of ``versus``; ``move_frames`` is the move timer's length."""

    def __init__(self, versus, player: int, move_frames: int):
        super().__init__(versus, player, move_frames)
        self.grid = empty_grid()
        self.grid_board: int | None = 0  # the board the grid last agreed with; None: make it agree
        self.animation: ClearAnimation | None = None
        self.falling: list[FallingStone] = []
        self.shown_pending = 0
        self.shake = 0
        self.resting = REST_FRAMES  # frames the held piece has stood where it is

    @property
    def over(self) -> bool:
        """This player's own game is over (they lost the round)."""
        return self.versus.game(self.player).game_over

    def apply(self, event):
        """Obey one press; the cursor's :class:`Outcome` (its ``result`` after a placement)."""
        colour = None
        held = self.game.tray[self.cursor.slot]
        if self.cursor.focus == BOARD and held is not None:
            colour = family_colour(held.family)
        outcome = self.act(event)
        if outcome.kind in (Did.INVALID, Did.REFUSED):
            self.shake = SHAKE_FRAMES
            self.resting = REST_FRAMES  # A where it does not fit: crossed out at once
        elif outcome.kind in (Did.MOVE, Did.SELECT, Did.BOARD, Did.ROTATE):
            self.resting = 0
        if outcome.kind is Did.PLACE:
            self._placed(outcome.result, colour)
        return outcome

    def _placed(self, result, colour) -> None:
        placed, self.grid = after_move(self.grid, result, colour)
        self.animation = ClearAnimation(placed, result) if result.rows or result.cols else None
        self.busy = self.animation is not None

    def drop(self, landed, wait: int = 0) -> None:
        """Stones landed on this board: after ``wait`` frames (an attack still on its way to
        the meter) they fall into place, and the meter lets them go."""
        self.shown_pending = max(0, self.shown_pending - len(landed))
        self.falling += [
            FallingStone(row, col, wait + index * FALL_STAGGER)
            for index, (row, col) in enumerate(landed)
        ]
        for row, col in landed:
            self.grid[row][col] = STONE_COLOUR
        self.grid_board = None  # make the grid agree with the engine once more

    def tick(self, clock: bool) -> Sequence[tuple[int, int]]:
        """One frame. With ``clock``, the move timer runs; the stones that landed when it ran
        out (the caller shows them with :meth:`drop`)."""
        if self.animation is not None:
            self.animation.update()
            if self.animation.done:
                self.animation = None
        self.busy = self.animation is not None
        for stone in self.falling:
            stone.age += 1
        self.falling = [stone for stone in self.falling if not stone.done]
        if self.shake:
            self.shake -= 1
        self.resting = min(REST_FRAMES, self.resting + 1)
        if self.grid_board != self.game.board:
            reconcile(self.grid, self.game)
            self.grid_board = self.game.board
        return self.step() if clock else ()

    def timer_fraction(self) -> float:
        return max(0.0, min(1.0, self.timer / self.move_frames))

    def falling_cells(self) -> set[tuple[int, int]]:
        return {(stone.row, stone.col) for stone in self.falling}
