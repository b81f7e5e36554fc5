"""How well a board will take the pieces still to come, for many boards at once.

A board is good when every shape of the piece set still fits, in many places,
and its empty space is open rather than cut into holes and ragged edges. The
features are computed with whole-array bit operations (see :mod:`.boards`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .boards import FULL, U64, popcount
from .pieces import PIECE_SETS, SIZE, Piece

NOT_COL0 = U64(0xFEFE_FEFE_FEFE_FEFE)
NOT_COL7 = U64(0x7F7F_7F7F_7F7F_7F7F)
COL0 = U64(0x0101_0101_0101_0101)
COL7 = U64(0x8080_8080_8080_8080)
ROW0 = U64(0xFF)
ROW7 = U64(0xFF << 56)


def _origins(height: int, width: int) -> int:
    """Cells where a box of this size may have its top-left corner."""
    return sum(1 << (r * SIZE + c) for r in range(SIZE - height + 1) for c in range(SIZE - width + 1))


def fit_positions(empty: np.ndarray, piece: Piece) -> np.ndarray:
    """Per board, the mask of top-left cells where ``piece`` fits in the ``empty`` cells."""
    fits = empty & U64(_origins(piece.height, piece.width))
    for dr, dc in piece.cells:
        offset = dr * SIZE + dc
        if offset:
            fits &= empty >> U64(offset)
    return fits


@dataclass(frozen=True)
class Weights:
    """How much each feature costs; a lower total is a better board."""

    missing: float = 12.0        # per piece-set entry that fits nowhere
    scarce: float = 3.0          # per entry that fits in only one or two places
    edges: float = 1.0           # per boundary between an empty and a filled cell (walls count as filled)
    lonely: float = 4.0          # per empty cell with no empty neighbour
    filled: float = 1.0          # per filled cell
    thin: float = 0.0            # per entry, 1 / (1 + places it fits): few places is fragile
    room: float = 0.0            # reward per entry, log(1 + places it fits)


class Evaluator:
    """Scores boards for one piece set; with rotation, a shape fits if any turn of it does."""

    def __init__(self, piece_set: str = "classic", rotation: bool = False,
                 weights: Weights | None = None):
        self.weights = weights or Weights()
        pieces = PIECE_SETS[piece_set]
        if rotation:
            # each entry is judged by its whole family: a player may turn it to any orientation
            families: dict[str, list[Piece]] = {}
            for piece in pieces:
                families.setdefault(piece.family, []).append(piece)
            self._groups = [(len(members), members) for members in families.values()]
        else:
            self._groups = [(1, [piece]) for piece in pieces]

    def cost(self, boards: np.ndarray) -> np.ndarray:
        """Cost of each board (float array); lower is better."""
        w = self.weights
        empty = ~boards & FULL
        missing = np.zeros(boards.shape, dtype=np.float64)
        scarce = np.zeros(boards.shape, dtype=np.float64)
        thin = np.zeros(boards.shape, dtype=np.float64)
        room = np.zeros(boards.shape, dtype=np.float64)
        for count, members in self._groups:
            fits = fit_positions(empty, members[0])
            places = popcount(fits)
            for piece in members[1:]:
                places += popcount(fit_positions(empty, piece))
            missing += count * (places == 0)
            scarce += count * (places <= 2)
            if w.thin:
                thin += count / (1.0 + places)
            if w.room:
                room += count * np.log1p(places)
        # boundaries between empty and filled cells, the walls counting as filled
        horizontal = popcount((boards ^ (boards >> U64(1))) & NOT_COL7) + popcount(empty & (COL0 | COL7))
        vertical = popcount((boards ^ (boards >> U64(8))) & ~ROW7) + popcount(empty & (ROW0 | ROW7))
        neighbours = (((empty >> U64(1)) & NOT_COL7) | ((empty << U64(1)) & NOT_COL0)
                      | (empty >> U64(8)) | (empty << U64(8)))
        lonely = popcount(empty & ~neighbours)
        filled = 64 - popcount(empty)
        return (w.missing * missing + w.scarce * scarce + w.edges * (horizontal + vertical)
                + w.lonely * lonely + w.filled * filled + w.thin * thin - w.room * room)
