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
BORDER_COLS = U64(0x8181_8181_8181_8181)  # columns 0 and 7
ROW7 = U64(0xFF << 56)
BORDER_ROWS = U64(0xFF | 0xFF << 56)  # rows 0 and 7


def _origins(height: int, width: int) -> int:
    """Cells where a box of this size may have its top-left corner."""
    return sum(
        1 << (r * SIZE + c) for r in range(SIZE - height + 1) for c in range(SIZE - width + 1)
    )


class _Fit:
    """Finds where one piece fits: the AND of the empty cells shifted by each of its cells."""

    def __init__(self, piece: Piece):
        self.origins = U64(_origins(piece.height, piece.width))
        self.shifts = [U64(dr * SIZE + dc) for dr, dc in piece.cells]

    def positions(self, empty: np.ndarray) -> np.ndarray:
        """Per board, the mask of top-left cells where the piece fits in the ``empty`` cells."""
        fits = empty >> self.shifts[0] & self.origins
        for shift in self.shifts[1:]:
            fits &= empty >> shift
        return fits


@dataclass(frozen=True)
class Weights:
    """How much each feature costs; a lower total is a better board."""

    missing: float = 12.0  # per piece-set entry that fits nowhere
    scarce: float = 3.0  # per entry that fits in only one or two places
    edges: float = 1.0  # per boundary between an empty and a filled cell (walls count as filled)
    lonely: float = 4.0  # per empty cell with no empty neighbour
    filled: float = 1.0  # per filled cell


class Evaluator:
    """Scores boards for one piece set; with rotation, a shape fits if any turn of it does."""

    def __init__(
        self, piece_set: str = "classic", rotation: bool = False, weights: Weights | None = None
    ):
        self.weights = weights or Weights()
        groups: dict[str, list[Piece]] = {}
        for piece in PIECE_SETS[piece_set]:
            # with rotation, an entry is judged by its family: it may be turned to any orientation
            groups.setdefault(piece.family if rotation else str(piece.index), []).append(piece)
        self._groups = [[_Fit(piece) for piece in members] for members in groups.values()]
        self._entries = np.array([len(members) for members in groups.values()], dtype=np.int16)
        self._one_per_group = not rotation

    def places(self, boards: np.ndarray) -> np.ndarray:
        """(groups, boards) array: in how many places each entry (or family) fits."""
        empty = ~boards & FULL
        rows = []
        for fits in self._groups:
            count = popcount(fits[0].positions(empty)).astype(np.int16)
            for fit in fits[1:]:
                count += popcount(fit.positions(empty))
            rows.append(count)
        return np.stack(rows)

    def _entries_where(self, condition: np.ndarray) -> np.ndarray:
        """Per board, how many piece-set entries meet a (groups, boards) condition."""
        if self._one_per_group:
            return np.count_nonzero(condition, axis=0)
        return (condition * self._entries[:, None]).sum(axis=0)

    def cost(self, boards: np.ndarray) -> np.ndarray:
        """Cost of each board (float array); lower is better."""
        w = self.weights
        places = self.places(boards)
        total = w.missing * self._entries_where(places == 0) + w.scarce * self._entries_where(
            places <= 2
        )
        empty = ~boards & FULL
        # boundaries between empty and filled cells, the walls counting as filled
        edges = (
            popcount((boards ^ (boards >> U64(1))) & NOT_COL7).astype(np.int16)
            + popcount((boards ^ (boards >> U64(8))) & ~ROW7)
            + popcount(empty & BORDER_COLS)
            + popcount(empty & BORDER_ROWS)
        )
        neighbours = (
            ((empty >> U64(1)) & NOT_COL7)
            | ((empty << U64(1)) & NOT_COL0)
            | (empty >> U64(8))
            | (empty << U64(8))
        )
        lonely = popcount(empty & ~neighbours)
        filled = popcount(boards)
        return total + w.edges * edges + w.lonely * lonely + w.filled * filled
