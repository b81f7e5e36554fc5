"""The BLOCKS pieces: every shape in every listed orientation, as bitboard masks.

The board is a 64-bit integer: bit ``row * 8 + col`` is set when that cell is
filled (row 0 is the top row). Each :class:`Piece` carries the mask of every
position where it lies wholly on the board, so a legality test is one AND.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

SIZE = 8
FULL = (1 << (SIZE * SIZE)) - 1
ROW_MASKS = tuple(0xFF << (8 * r) for r in range(SIZE))
COL_MASKS = tuple(sum(1 << (8 * r + c) for r in range(SIZE)) for c in range(SIZE))

# (name, first orientation, number of distinct orientations RULES.md lists).
# The other orientations are made by turning the first one clockwise, so
# entry i of a family turned clockwise is entry i + 1 (mod its count).
_TETROMINOES = (
    ("I4", ["####"], 2),
    ("O", ["##", "##"], 1),
    ("T", ["###", ".#."], 4),
    ("S", [".##", "##."], 2),
    ("Z", ["##.", ".##"], 2),
    ("J", ["#..", "###"], 4),
    ("L", ["..#", "###"], 4),
)
_EXTRAS = (
    ("single", ["#"], 1),
    ("domino", ["##"], 2),
    ("I3", ["###"], 2),
    ("corner3", ["##", "#."], 4),
    ("I5", ["#####"], 2),
    ("rect2x3", ["###", "###"], 2),
    ("square3", ["###", "###", "###"], 1),
    ("corner5", ["###", "#..", "#.."], 4),
)


@dataclass(frozen=True, eq=False)
class Piece:
    """One orientation of one shape."""

    index: int  # position in CATALOGUE
    family: str  # shape name shared by all its orientations
    cells: tuple[tuple[int, int], ...]  # (dr, dc) from the top-left of the box, sorted
    height: int
    width: int
    turned: int = -1  # CATALOGUE index of this piece turned 90 degrees clockwise
    masks: tuple[int | None, ...] = field(
        default=(), repr=False
    )  # by row * 8 + col; None = off the board
    placements: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)  # (row, col, mask)

    @property
    def size(self) -> int:
        return len(self.cells)

    def __reduce__(self):
        # pickled by reference (a worker process has the same catalogue): small, and the
        # AI compares orientations by identity
        return _catalogue_piece, (self.index,)

    def text(self) -> list[str]:
        rows = [["."] * self.width for _ in range(self.height)]
        for dr, dc in self.cells:
            rows[dr][dc] = "#"
        return ["".join(r) for r in rows]


def cells_of(text: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """Filled cells of a grid written as text: '.' is empty, anything else filled."""
    return tuple(
        sorted((r, c) for r, line in enumerate(text) for c, ch in enumerate(line) if ch != ".")
    )


def turn_clockwise(cells) -> tuple[tuple[int, int], ...]:
    """The same cells turned 90 degrees clockwise, moved back to the box's top-left."""
    height = max(r for r, _ in cells) + 1
    return tuple(sorted((c, height - 1 - r) for r, c in cells))


def _build_catalogue() -> tuple[Piece, ...]:
    # (family, cells, index of its clockwise turn)
    raw: list[tuple[str, tuple[tuple[int, int], ...], int]] = []
    for family, first, count in _TETROMINOES + _EXTRAS:
        cells = cells_of(first)
        start = len(raw)
        for k in range(count):
            raw.append((family, cells, start + (k + 1) % count))
            cells = turn_clockwise(cells)
        if cells != cells_of(first):  # the listed count must close the cycle
            raise AssertionError(f"{family}: {count} orientations do not close under rotation")
    pieces = []
    for index, (family, cells, turned) in enumerate(raw):
        height = max(r for r, _ in cells) + 1
        width = max(c for _, c in cells) + 1
        masks: list[int | None] = [None] * (SIZE * SIZE)
        placements = []
        for row in range(SIZE - height + 1):
            for col in range(SIZE - width + 1):
                mask = sum(1 << ((row + dr) * SIZE + col + dc) for dr, dc in cells)
                masks[row * SIZE + col] = mask
                placements.append((row, col, mask))
        pieces.append(
            Piece(index, family, cells, height, width, turned, tuple(masks), tuple(placements))
        )
    return tuple(pieces)


CATALOGUE: tuple[Piece, ...] = _build_catalogue()


def _catalogue_piece(index: int) -> Piece:
    return CATALOGUE[index]


TETROMINO_COUNT = 19
PIECE_SETS: dict[str, tuple[Piece, ...]] = {
    "classic": CATALOGUE,
    "tetromino": CATALOGUE[:TETROMINO_COUNT],
}
_BY_CELLS = {piece.cells: piece for piece in CATALOGUE}


def piece_from_text(text) -> Piece:
    """The catalogue piece a text grid shows; ValueError when it is none of them."""
    if (
        not isinstance(text, (list, tuple))
        or not text
        or not all(isinstance(line, str) for line in text)
    ):
        raise ValueError(f"a piece is a non-empty list of strings, not {text!r}")
    if len({len(line) for line in text}) != 1 or not text[0]:
        raise ValueError(f"piece rows differ in length or are empty: {text!r}")
    cells = cells_of(text)
    piece = _BY_CELLS.get(cells)
    if piece is None or piece.height != len(text) or piece.width != len(text[0]):
        raise ValueError(f"not a BLOCKS piece (or not cut to its box): {list(text)!r}")
    return piece


def orientations(piece: Piece) -> list[tuple[int, Piece]]:
    """(clockwise turns, piece) for every distinct orientation reachable from ``piece``."""
    result = [(0, piece)]
    current = CATALOGUE[piece.turned]
    while current is not piece:
        result.append((len(result), current))
        current = CATALOGUE[current.turned]
    return result
