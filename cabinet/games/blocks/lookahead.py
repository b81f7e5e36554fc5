"""One piece further: how well a board takes a random next piece, on average.

The tray search ends on boards judged by static features. Among the best few,
this looks one draw ahead: for every entry of the piece set, the best board it
can make; an entry that fits nowhere costs ``death``. The mean over the set's
entries (each equally likely, as RULES.md draws them) is the board's new cost.
"""

from __future__ import annotations

import numpy as np

from .boards import U64, clear_many
from .pieces import PIECE_SETS, orientations


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
        free = (boards[:, None] & self.masks[None, :]) == 0
        board_index, mask_index = np.nonzero(free)
        after, _lines = clear_many(boards[board_index] | self.masks[mask_index], gravity)
        costs = self.cost(after)
        best = np.full(boards.size * self.count, self.death)
        np.minimum.at(best, board_index * self.count + self.groups[mask_index], costs)
        return best.reshape(boards.size, self.count).mean(axis=1)
