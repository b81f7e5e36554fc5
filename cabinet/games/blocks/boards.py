"""Vectorised BLOCKS rules: many boards at once as numpy uint64 arrays.

The AI applies thousands of candidate placements per decision; doing the line
clear with whole-array bit tricks instead of a Python loop per board is what
keeps a decision within a few milliseconds. :func:`clear_many` must agree with
:func:`cabinet.games.blocks.engine.clear_lines` exactly (a test checks it).
"""

from __future__ import annotations

import numpy as np

U64 = np.uint64
FULL = U64(0xFFFF_FFFF_FFFF_FFFF)
ROW_STARTS = U64(0x0101_0101_0101_0101)  # bit 0 of every row
LOW_BYTE = U64(0xFF)

if hasattr(np, "bitwise_count"):

    def popcount(values: np.ndarray) -> np.ndarray:
        """Set bits of each uint64 (as uint8)."""
        return np.bitwise_count(values)
else:  # numpy < 2.0
    _BYTE_COUNTS = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)

    def popcount(values: np.ndarray) -> np.ndarray:
        """Set bits of each uint64 (as uint8)."""
        as_bytes = np.ascontiguousarray(values, dtype=U64).view(np.uint8).reshape(-1, 8)
        return _BYTE_COUNTS[as_bytes].sum(axis=1, dtype=np.uint8)


def full_rows(boards: np.ndarray) -> np.ndarray:
    """Bit 8r set for every full row r (the AND of a row's 8 bits lands on its bit 0)."""
    x = boards & (boards >> U64(4))
    x &= x >> U64(2)
    x &= x >> U64(1)
    return x & ROW_STARTS


def full_cols(boards: np.ndarray) -> np.ndarray:
    """Bit c (0-7) set for every full column c."""
    x = boards & (boards >> U64(32))
    x &= x >> U64(16)
    x &= x >> U64(8)
    return x & LOW_BYTE


def clear_many(boards: np.ndarray, gravity: bool) -> tuple[np.ndarray, np.ndarray]:
    """Apply the line clear to every board; returns (boards after, lines cleared per board)."""
    rows = full_rows(boards)
    cols = full_cols(boards)
    removed = rows * LOW_BYTE | cols * ROW_STARTS
    after = boards & ~removed
    lines = popcount(rows) + popcount(cols)
    if gravity:
        dropping = np.nonzero(rows)[0]
        if dropping.size:
            after[dropping] = _drop_rows(after[dropping], rows[dropping])
    return after, lines


def _drop_rows(boards: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Remove the (already emptied) cleared rows and let the rows above fall in."""
    result = np.zeros_like(boards)
    target = np.full(boards.shape, 7, dtype=U64)  # next free row from the bottom, per board
    for row in range(7, -1, -1):
        shift = U64(8 * row)
        kept = ((rows >> shift) & U64(1)) == 0
        line = (boards >> shift) & LOW_BYTE
        result |= np.where(kept, line << (target * U64(8)), U64(0))
        target -= kept.astype(U64)
    return result
