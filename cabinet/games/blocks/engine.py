"""The BLOCKS rules engine (RULES.md, Game 1): pure, seeded, deterministic.

The board is a 64-bit integer (see :mod:`.pieces`); a move is one AND to test
and one OR to place, and full lines are found with sixteen precomputed masks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .pieces import (CATALOGUE, COL_MASKS, FULL, PIECE_SETS, ROW_MASKS, SIZE,
                     Piece, cells_of, orientations, piece_from_text)

SLOTS = 3
WIPE_OUT_BONUS = 1000


class IllegalMove(ValueError):
    """A move the rules refuse: the game state is left unchanged."""


@dataclass(frozen=True)
class PlaceResult:
    """Everything one placement did, for a screen to animate and a test to check."""

    slot: int
    row: int
    col: int
    cells: tuple[tuple[int, int], ...]    # board cells the piece filled
    rows: tuple[int, ...]                 # cleared rows (indices before the move)
    cols: tuple[int, ...]                 # cleared columns
    cleared: tuple[tuple[int, int], ...]  # distinct cells removed, sorted
    drops: tuple[tuple[int, int], ...]    # (from_row, to_row) of rows with cells moved by gravity
    points: int
    streak: int                           # the game's streak after this move
    wipe_out: bool
    refreshed: bool                       # the tray was refilled after this move
    game_over: bool


@dataclass(frozen=True)
class Clear:
    """The board after the line clear of one placement (no scoring)."""

    board: int
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    removed: int                          # mask of removed cells
    drops: tuple[tuple[int, int], ...]


def clear_lines(board: int, gravity: bool) -> Clear:
    """Remove every full row and column at once; with gravity, drop rows above cleared rows."""
    rows = tuple(r for r in range(SIZE) if board & ROW_MASKS[r] == ROW_MASKS[r])
    cols = tuple(c for c in range(SIZE) if board & COL_MASKS[c] == COL_MASKS[c])
    if not rows and not cols:
        return Clear(board, (), (), 0, ())
    removed = 0
    for r in rows:
        removed |= ROW_MASKS[r]
    for c in cols:
        removed |= COL_MASKS[c]
    board &= ~removed
    drops = ()
    if gravity and rows:
        board, drops = _drop_rows(board, rows)
    return Clear(board, rows, cols, removed, drops)


def _drop_rows(board: int, cleared_rows: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Like a Tetris line clear: each kept row falls by the number of cleared rows below it."""
    result = 0
    drops = []
    target = SIZE - 1
    for row in range(SIZE - 1, -1, -1):
        if row in cleared_rows:
            continue
        line = (board >> (8 * row)) & 0xFF
        if line:
            result |= line << (8 * target)
            if target != row:
                drops.append((row, target))
        target -= 1
    return result, tuple(drops)


def mask_cells(mask: int) -> tuple[tuple[int, int], ...]:
    """Sorted (row, col) of the set bits of a board mask."""
    cells = []
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        cells.append(divmod(bit, SIZE))
        mask ^= low
    return tuple(cells)


def fits_anywhere(board: int, piece: Piece) -> bool:
    """Whether ``piece`` (this orientation only) has any legal position on ``board``."""
    for _, _, mask in piece.placements:
        if not board & mask:
            return True
    return False


class BlocksGame:
    """One game of BLOCKS: an 8x8 board, a tray of three slots, a score.

    Everything a player can do is :meth:`rotate` and :meth:`place`; trays are
    drawn from a ``random.Random`` seeded with ``seed`` and owned by the game.
    """

    def __init__(self, seed: int = 0, rotation: bool = False, piece_set: str = "classic",
                 gravity: bool = True):
        if piece_set not in PIECE_SETS:
            raise ValueError(f"unknown piece set {piece_set!r}; known: {', '.join(PIECE_SETS)}")
        self.seed = seed
        self.rotation = bool(rotation)
        self.gravity = bool(gravity)
        self.piece_set = piece_set
        self._pieces = PIECE_SETS[piece_set]
        self._rng = random.Random(seed)
        self._board = 0
        self._tray: list[Piece | None] = [None] * SLOTS
        self.score = 0
        self.streak = 0
        self.placements = 0
        self._draw_tray()
        self.game_over = self._nothing_fits()

    # ----------------------------------------------------------------- making games
    @classmethod
    def from_settings(cls, settings, seed: int = 0) -> "BlocksGame":
        """A new game from a ``BlocksSettings`` (piece_set, rotation, gravity)."""
        return cls(seed=seed, rotation=settings.rotation, piece_set=settings.piece_set,
                   gravity=settings.gravity)

    @classmethod
    def from_text(cls, rows, tray=None, seed: int = 0, rotation: bool = False,
                  gravity: bool = True, piece_set: str = "classic", score: int = 0,
                  streak: int = 0) -> "BlocksGame":
        """A game in a given position: ``rows`` as in :meth:`to_text`, ``tray`` three
        piece texts or None (used). A piece may be any entry of the classic set; later
        trays are drawn from ``piece_set``. A tray with every slot used is refilled from
        ``seed``. ``score`` and ``streak`` continue a game in progress.
        """
        board = _board_from_text(rows)
        if tray is None:
            tray = [None] * SLOTS
        if not isinstance(tray, (list, tuple)) or len(tray) != SLOTS:
            raise ValueError(f"the tray has exactly {SLOTS} slots (a piece text or None each)")
        pieces = [None if text is None else piece_from_text(text) for text in tray]
        game = cls(seed=seed, rotation=rotation, piece_set=piece_set, gravity=gravity)
        game._board = board
        game.score = int(score)
        game.streak = int(streak)
        if any(pieces):
            game._tray = pieces
        game.game_over = game._nothing_fits()
        return game

    def copy(self) -> "BlocksGame":
        """An independent copy, random generator included (for searches and previews)."""
        twin = object.__new__(BlocksGame)
        twin.__dict__.update(self.__dict__)
        twin._tray = list(self._tray)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        return twin

    # ----------------------------------------------------------------- reading the state
    @property
    def board(self) -> int:
        """The board as a 64-bit mask: bit ``row * 8 + col`` set when the cell is filled."""
        return self._board

    @property
    def tray(self) -> tuple[Piece | None, ...]:
        """The three slots' pieces in their current orientation; None for a used slot."""
        return tuple(self._tray)

    def cell(self, row: int, col: int) -> bool:
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            raise ValueError(f"cell ({row}, {col}) is off the {SIZE}x{SIZE} board")
        return bool(self._board >> (row * SIZE + col) & 1)

    def to_text(self) -> list[str]:
        return ["".join("#" if self._board >> (r * SIZE + c) & 1 else "." for c in range(SIZE))
                for r in range(SIZE)]

    def tray_text(self) -> list[list[str] | None]:
        return [None if piece is None else piece.text() for piece in self._tray]

    def piece_cells(self, slot: int) -> list[tuple[int, int]]:
        return list(self._piece(slot).cells)

    def piece_size(self, slot: int) -> tuple[int, int]:
        piece = self._piece(slot)
        return piece.height, piece.width

    def can_place(self, slot: int, row: int, col: int) -> bool:
        """Whether :meth:`place` would accept this move (False for a used slot)."""
        _check_slot(slot)
        piece = self._tray[slot]
        if piece is None or self.game_over:
            return False
        mask = _mask_at(piece, row, col)
        return mask is not None and not self._board & mask

    def legal_positions(self, slot: int) -> list[tuple[int, int]]:
        """Every (row, col) where the slot's piece, as it is turned now, may be placed."""
        piece = self._piece(slot)
        return [(row, col) for row, col, mask in piece.placements if not self._board & mask]

    # ----------------------------------------------------------------- actions
    def rotate(self, slot: int) -> None:
        """Turn the slot's piece 90 degrees clockwise; refused (ValueError) when rotation is off."""
        self._check_playing()
        if not self.rotation:
            raise IllegalMove("rotation is off on this cabinet")
        piece = self._piece(slot)
        self._tray[slot] = CATALOGUE[piece.turned]

    def place(self, slot: int, row: int, col: int) -> PlaceResult:
        """Place the slot's piece with its box's top-left at (row, col), then clear and score."""
        self._check_playing()
        _check_slot(slot)
        piece = self._tray[slot]
        if piece is None:
            raise IllegalMove(f"slot {slot} is empty: its piece is already placed")
        mask = _mask_at(piece, row, col)
        if mask is None:
            raise IllegalMove(f"{piece.family} at ({row}, {col}) would stick out of the board")
        if self._board & mask:
            raise IllegalMove(f"{piece.family} at ({row}, {col}) overlaps filled cells")

        clear = clear_lines(self._board | mask, self.gravity)
        points = piece.size
        lines = len(clear.rows) + len(clear.cols)
        if lines:
            points += 10 * bin(clear.removed).count("1") * lines * (self.streak + 1)
            self.streak += 1
        else:
            self.streak = 0
        wipe_out = lines > 0 and clear.board == 0
        if wipe_out:
            points += WIPE_OUT_BONUS
        self._board = clear.board
        self.score += points
        self.placements += 1
        self._tray[slot] = None
        refreshed = not any(self._tray)
        if refreshed:
            self._draw_tray()
        self.game_over = self._nothing_fits()
        return PlaceResult(slot, row, col, mask_cells(mask), clear.rows, clear.cols,
                           mask_cells(clear.removed), clear.drops, points, self.streak,
                           wipe_out, refreshed, self.game_over)

    # ----------------------------------------------------------------- inner workings
    def _draw_tray(self) -> None:
        pieces = self._pieces
        self._tray = [pieces[self._rng.randrange(len(pieces))] for _ in range(SLOTS)]

    def _nothing_fits(self) -> bool:
        for piece in self._tray:
            if piece is None:
                continue
            turns = orientations(piece) if self.rotation else [(0, piece)]
            if any(fits_anywhere(self._board, turned) for _, turned in turns):
                return False
        return True

    def _piece(self, slot: int) -> Piece:
        _check_slot(slot)
        piece = self._tray[slot]
        if piece is None:
            raise ValueError(f"slot {slot} is empty")
        return piece

    def _check_playing(self) -> None:
        if self.game_over:
            raise ValueError("the game is over: no more moves")

    def __repr__(self) -> str:
        return (f"BlocksGame(seed={self.seed}, score={self.score}, placements={self.placements}, "
                f"game_over={self.game_over})")


def _check_slot(slot) -> None:
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < SLOTS:
        raise ValueError(f"slot must be 0, 1 or 2, not {slot!r}")


def _mask_at(piece: Piece, row, col) -> int | None:
    if isinstance(row, bool) or isinstance(col, bool) or not isinstance(row, int) or not isinstance(col, int):
        raise ValueError(f"row and col must be integers, not {row!r}, {col!r}")
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return None
    return piece.masks[row * SIZE + col]


def _board_from_text(rows) -> int:
    if (not isinstance(rows, (list, tuple)) or len(rows) != SIZE
            or not all(isinstance(line, str) and len(line) == SIZE for line in rows)):
        raise ValueError(f"a BLOCKS board is {SIZE} strings of {SIZE} characters, one per row")
    board = 0
    for r, c in cells_of(rows):
        board |= 1 << (r * SIZE + c)
    return board & FULL
