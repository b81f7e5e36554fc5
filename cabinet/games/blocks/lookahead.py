"""One piece further: how well a board takes a random next piece, on average.

The tray search ends on boards judged by static features. Among the best few,
this looks one draw ahead: for every entry of the piece set, the best board it
can make; an entry that fits nowhere costs ``death``. The mean over the set's
entries (each equally likely, as RULES.md draws them) is the board's new cost.
"""

from __future__ import annotations

import functools

import numpy as np

from cabinet.games.thought import Thinking, finish

from .boards import U64, clear_many
from .pieces import PIECE_SETS, orientations

MASKS_PER_SLICE = 512  # placements tried and judged per slice of thinking (of about 1600 in all)


@functools.cache
def placements_tried(piece_set: str, rotation: bool) -> int:
    """How many placements a :class:`Lookahead` tries on each board (its ``masks.size``),
    counted without building one: a pilot estimates its thought's work with it on a frame."""
    return sum(
        len(turned.placements)
        for piece in PIECE_SETS[piece_set]
        for _, turned in (orientations(piece) if rotation else [(0, piece)])
    )


class Lookahead:
    """Expected cost after one more random piece, for a piece set and rotation rule."""

    def __init__(self, piece_set: str, rotation: bool, cost, death: float):
        self.cost = cost
        self.death = death
        masks, groups = [], []
        for group, piece in enumerate(PIECE_SETS[piece_set]):
            turns = orientations(piece) if rotation else [(0, piece)]
            for _, turned in turns:
                masks += [mask for _, _, mask in turned.placements]
                groups += [group] * len(turned.placements)
        self.masks = np.array(masks, dtype=U64)
        self.groups = np.array(groups, dtype=np.int64)
        self.count = len(PIECE_SETS[piece_set])

    def expected_cost(self, boards: np.ndarray, gravity: bool) -> np.ndarray:
        """The expected cost of each of ``boards`` after one more random piece."""
        return finish(self.costing(boards, gravity))

    def costing(self, boards: np.ndarray, gravity: bool) -> Thinking:
        """:meth:`expected_cost` a slice per ``next()``: :data:`MASKS_PER_SLICE` of the
        placements at a time. Each entry's best is a minimum, so the parts change nothing."""
        best = np.full(boards.size * self.count, self.death)
        for start in range(0, self.masks.size, MASKS_PER_SLICE):
            masks, groups = (
                self.masks[start : start + MASKS_PER_SLICE],
                self.groups[start : start + MASKS_PER_SLICE],
            )
            free = (boards[:, None] & masks[None, :]) == 0
            board_index, mask_index = np.nonzero(free)
            after, _lines = clear_many(boards[board_index] | masks[mask_index], gravity)
            np.minimum.at(best, board_index * self.count + groups[mask_index], self.cost(after))
            if start + MASKS_PER_SLICE < self.masks.size:
                yield
        return best.reshape(boards.size, self.count).mean(axis=1)
