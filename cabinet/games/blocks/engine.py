"""The BLOCKS rules engine (RULES.md, Game 1): pure, seeded, deterministic.

The board is a 64-bit integer (see :mod:`.pieces`); a move is one AND to test
and one OR to place, and full lines are found with a few shifts and ANDs.
*Stones* (BLOCKS versus, and the cabinet's ramp) are filled cells that no piece
put there: a second mask, always inside the board, remembers which cells they are.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from .pieces import (
    CATALOGUE,
    COL_MASKS,
    FULL,
    PIECE_SETS,
    ROW_MASKS,
    SIZE,
    Piece,
    cells_of,
    orientations,
    piece_from_text,
)

SLOTS = 3
WIPE_OUT_BONUS = 1000
RAMP_MAX_STONES = 6  # the ramp lands at most this many stones per tray refresh
STONE = "+"  # a stone in the text form of a board


class IllegalMove(ValueError):
    """A move the rules refuse: the game state is left unchanged."""


@dataclass  # not frozen: a frozen one takes six times as long to make, and a move makes one
class PlaceResult:
    """Everything one placement did, for a screen to animate and a test to check (read it only)."""

    slot: int
    row: int
    col: int
    cells: tuple[tuple[int, int], ...]  # board cells the piece filled
    rows: tuple[int, ...]  # cleared rows (indices before the move)
    cols: tuple[int, ...]  # cleared columns
    cleared: tuple[tuple[int, int], ...]  # distinct cells removed, sorted
    drops: tuple[tuple[int, int], ...]  # (from_row, to_row) of rows with cells moved by gravity
    points: int
    streak: int  # the game's streak after this move
    wipe_out: bool
    refreshed: bool  # the tray was refilled after this move
    game_over: bool
    landed: list[tuple[int, int]] = field(
        default_factory=list
    )  # stones that landed after this move, sorted


class Clear(NamedTuple):
    """The board after the line clear of one placement (no scoring); a tuple, made fast."""

    board: int
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    removed: int  # mask of removed cells
    drops: tuple[tuple[int, int], ...]

    def carry(self, mask: int, gravity: bool) -> int:
        """Where the cells of ``mask`` (part of the board cleared) are after this clear."""
        mask &= ~self.removed
        if gravity and self.rows and mask:
            mask = _drop_rows(mask, self.rows)[0]
        return mask


ROW_STARTS = 0x0101_0101_0101_0101  # bit 0 of every row
_NO_CLEAR = ((), ())


def clear_lines(board: int, gravity: bool) -> Clear:
    """Remove every full row and column at once; with gravity, drop rows above cleared rows."""
    rows, cols = _full_lines(board)
    if not rows and not cols:
        return Clear(board, (), (), 0, ())
    removed = 0
    for r in rows:
        removed |= ROW_MASKS[r]
    for c in cols:
        removed |= COL_MASKS[c]
    board &= ~removed
    drops: tuple[tuple[int, int], ...] = ()
    if gravity and rows:
        board, drops = _drop_rows(board, rows)
    return Clear(board, rows, cols, removed, drops)


def _drop_rows(
    board: int, cleared_rows: tuple[int, ...]
) -> tuple[int, tuple[tuple[int, int], ...]]:
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


def _full_lines(board: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(full rows, full columns), each ascending; a handful of big-integer operations."""
    across = board & board >> 4
    across &= across >> 2
    across &= across >> 1
    across &= ROW_STARTS  # bit 8r set for a full row r
    down = board & board >> 32
    down &= down >> 16
    down &= down >> 8
    down &= 0xFF  # bit c set for a full column c
    if not across and not down:
        return _NO_CLEAR
    return _ROWS_OF[across], _COLS_OF[down]


_COLS_OF = tuple(tuple(i for i in range(SIZE) if bits >> i & 1) for bits in range(256))
_ROWS_OF = {sum(1 << (8 * r) for r in rows): rows for rows in _COLS_OF}


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


def piece_fits(board: int, piece: Piece, rotation: bool) -> bool:
    """``piece`` fits somewhere on ``board``, in any of its turns when ``rotation`` is on."""
    turns = orientations(piece) if rotation else [(0, piece)]
    return any(fits_anywhere(board, turned) for _, turned in turns)


def land_on(board: int, count: int, rng: random.Random) -> int:
    """The landing rule of RULES.md: ``count`` stones, each on a different empty cell chosen
    by ``rng`` (every empty cell takes one when fewer are empty). Returns their mask."""
    empty = mask_cells(FULL & ~board)
    if count <= 0 or not empty:
        return 0
    stones = 0
    for row, col in rng.sample(empty, min(count, len(empty))):
        stones |= 1 << (row * SIZE + col)
    return stones


class BlocksGame:
    """One game of BLOCKS: an 8x8 board, a tray of three slots, a score.

    Everything a player can do is :meth:`rotate` and :meth:`place`; trays are
    drawn from a ``random.Random`` seeded with ``seed`` and owned by the game.
    Stones' cells come from a second generator (seeded with ``stone_seed``, by
    default derived from ``seed``), so landing stones never changes the trays.

    The ramp (RULES.md, "Game length on a cabinet"; off by default): every
    ``ramp_placements`` placements the level rises by one, and each tray refresh
    lands ``min(level, 6)`` stones.
    """

    def __init__(
        self,
        seed: int = 0,
        rotation: bool = False,
        piece_set: str = "classic",
        gravity: bool = True,
        ramp: bool = False,
        ramp_placements: int = 40,
        stone_seed: int | str | None = None,
    ):
        if piece_set not in PIECE_SETS:
            raise ValueError(f"unknown piece set {piece_set!r}; known: {', '.join(PIECE_SETS)}")
        if (
            isinstance(ramp_placements, bool)
            or not isinstance(ramp_placements, int)
            or ramp_placements < 1
        ):
            raise ValueError(
                f"ramp_placements must be a whole number of at least 1, not {ramp_placements!r}"
            )
        self.seed = seed
        self.rotation = bool(rotation)
        self.gravity = bool(gravity)
        self.piece_set = piece_set
        self.ramp = bool(ramp)
        self.ramp_placements = ramp_placements
        self._pieces = PIECE_SETS[piece_set]
        self._rng = random.Random(seed)
        self._stone_rng = random.Random(f"stones {seed}" if stone_seed is None else stone_seed)
        self._board = 0
        self._stones = 0
        self._tray: list[Piece | None] = [None] * SLOTS
        self.score = 0
        self.streak = 0
        self.placements = 0
        self._draw_tray()
        self.game_over = self._nothing_fits()

    # ----------------------------------------------------------------- making games
    @classmethod
    def from_settings(cls, settings, seed: int = 0) -> BlocksGame:
        """A new game from a ``BlocksSettings`` (piece_set, rotation, gravity, ramp)."""
        return cls(
            seed=seed,
            rotation=settings.rotation,
            piece_set=settings.piece_set,
            gravity=settings.gravity,
            ramp=settings.ramp,
            ramp_placements=settings.ramp_placements,
        )

    @classmethod
    def from_text(
        cls,
        rows,
        tray=None,
        seed: int = 0,
        rotation: bool = False,
        gravity: bool = True,
        piece_set: str = "classic",
        score: int = 0,
        streak: int = 0,
        **options,
    ) -> BlocksGame:
        """A game in a given position: ``rows`` as in :meth:`to_text` (``+`` marks a stone),
        ``tray`` three piece texts or None (used). A piece may be any entry of the classic
        set; later trays are drawn from ``piece_set``. A tray with every slot used is
        refilled from ``seed``. ``score`` and ``streak`` continue a game in progress;
        ``options`` are the constructor's other keywords (ramp, ramp_placements, stone_seed).
        """
        board, stones = _board_from_text(rows)
        if tray is None:
            tray = [None] * SLOTS
        if not isinstance(tray, (list, tuple)) or len(tray) != SLOTS:
            raise ValueError(f"the tray has exactly {SLOTS} slots (a piece text or None each)")
        pieces = [None if text is None else piece_from_text(text) for text in tray]
        game = cls(seed=seed, rotation=rotation, piece_set=piece_set, gravity=gravity, **options)
        game._board = board
        game._stones = stones
        game.score = int(score)
        game.streak = int(streak)
        if any(pieces):
            game._tray = pieces
        game.game_over = game._nothing_fits()
        return game

    def copy(self) -> BlocksGame:
        """An independent copy, random generator included (for searches and previews)."""
        twin = object.__new__(BlocksGame)
        twin.__dict__.update(self.__dict__)
        twin._tray = list(self._tray)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._stone_rng = random.Random()
        twin._stone_rng.setstate(self._stone_rng.getstate())
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

    @property
    def stones(self) -> int:
        """The stones on the board, as a mask like :attr:`board` (a subset of it)."""
        return self._stones

    @property
    def ramp_level(self) -> int:
        """How many ramp steps the game has taken: 0 before the first (and with the ramp off)."""
        return self.placements // self.ramp_placements if self.ramp else 0

    def cell(self, row: int, col: int) -> bool:
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            raise ValueError(f"cell ({row}, {col}) is off the {SIZE}x{SIZE} board")
        return bool(self._board >> (row * SIZE + col) & 1)

    def to_text(self) -> list[str]:
        """The board, one string per row: ``#`` a piece's cell, ``+`` a stone, ``.`` empty."""

        def mark(bit: int) -> str:
            if not self._board >> bit & 1:
                return "."
            return STONE if self._stones >> bit & 1 else "#"

        return ["".join(mark(r * SIZE + c) for c in range(SIZE)) for r in range(SIZE)]

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

    def place(self, slot: int, row: int, col: int, stones: int = 0) -> PlaceResult:
        """Place the slot's piece with its box's top-left at (row, col), then clear and score.

        ``stones`` (BLOCKS versus): how many stones are waiting to land on this board;
        when the placement clears no line they land before the tray refresh, and
        ``result.landed`` says where. A clearing placement holds them back.
        """
        return PlaceResult(*self._place(slot, row, col, stones))

    def _place(self, slot: int, row: int, col: int, stones: int) -> tuple:
        """:meth:`place` without the result object: its fields, in order (the versus
        engine makes its own result from them; one object per move keeps it fast)."""
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
            points += 10 * clear.removed.bit_count() * lines * (self.streak + 1)
            self.streak += 1
        else:
            self.streak = 0
        wipe_out = lines > 0 and clear.board == 0
        if wipe_out:
            points += WIPE_OUT_BONUS
        self._board = clear.board
        if self._stones:
            self._stones = clear.carry(self._stones, self.gravity)
        self.score += points
        self.placements += 1
        landed = self._land(stones) if stones and not lines else 0
        self._tray[slot] = None
        refreshed = not any(self._tray)
        if refreshed:
            self._draw_tray()
            if self.ramp_level:
                landed |= self._land(min(self.ramp_level, RAMP_MAX_STONES))
        self.game_over = self._nothing_fits()
        # Cells worked out afresh (under a microsecond): a cache of them filled for hours with the
        # 1,597 placements of the pieces and the unions of lines cleared, a slow rise in memory.
        return (
            slot,
            row,
            col,
            mask_cells(mask),
            clear.rows,
            clear.cols,
            mask_cells(clear.removed),
            clear.drops,
            points,
            self.streak,
            wipe_out,
            refreshed,
            self.game_over,
            self._landing_order(landed),
        )

    def land_stones(self, count: int) -> list[tuple[int, int]]:
        """Land ``count`` stones now (a versus move timer ran out), then check game over.

        Landing clears nothing: a line the stones complete waits for the next placement.
        """
        self._check_playing()
        landed = self._land(count)
        self.game_over = self._nothing_fits()
        return self._landing_order(landed)

    # ----------------------------------------------------------------- inner workings
    def _land(self, count: int) -> int:
        """Put up to ``count`` stones on empty cells (the one landing rule); their mask."""
        landed = land_on(self._board, count, self._stone_rng)
        self._board |= landed
        self._stones |= landed
        return landed

    def _landing_order(self, landed: int) -> list[tuple[int, int]]:
        return list(mask_cells(landed)) if landed else []

    def _draw_tray(self) -> None:
        pieces = self._pieces
        self._tray = [pieces[self._rng.randrange(len(pieces))] for _ in range(SLOTS)]

    def _nothing_fits(self) -> bool:
        for piece in self._tray:
            if piece is not None and piece_fits(self._board, piece, self.rotation):
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
        return f"BlocksGame(seed={self.seed}, score={self.score}, placements={self.placements}, game_over={self.game_over})"


def _check_slot(slot) -> None:
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < SLOTS:
        raise ValueError(f"slot must be 0, 1 or 2, not {slot!r}")


def _mask_at(piece: Piece, row, col) -> int | None:
    if (
        isinstance(row, bool)
        or isinstance(col, bool)
        or not isinstance(row, int)
        or not isinstance(col, int)
    ):
        raise ValueError(f"row and col must be integers, not {row!r}, {col!r}")
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return None
    return piece.masks[row * SIZE + col]


def _board_from_text(rows) -> tuple[int, int]:
    """(board, stones) masks of a board's text; ``+`` is a stone, any other mark a piece's cell."""
    if (
        not isinstance(rows, (list, tuple))
        or len(rows) != SIZE
        or not all(isinstance(line, str) and len(line) == SIZE for line in rows)
    ):
        raise ValueError(f"a BLOCKS board is {SIZE} strings of {SIZE} characters, one per row")
    board = stones = 0
    for r, c in cells_of(rows):
        board |= 1 << (r * SIZE + c)
        if rows[r][c] == STONE:
            stones |= 1 << (r * SIZE + c)
    return board & FULL, stones
