"""What a push did, in enough detail for a screen to animate it without knowing the rules."""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]  # (row, column)


@dataclass(frozen=True)
class BlockMove:
    """One block sliding along its column during a push or a relocation."""

    column: int
    from_row: float  # half a row when stones land from the horizon (animation)
    to_row: int
    colour: str
    passed: bool = False  # crossed the Schwarzschild line (earns the through bonus)


@dataclass(frozen=True)
class ChainStep:
    """One round of matching and the relocation that follows it."""

    chain: int  # 1 for the first step after a push
    runs: tuple[tuple[Cell, ...], ...]  # each run's cells, in line order
    removed: tuple[Cell, ...]  # distinct coloured cells removed, sorted
    popped: tuple[Cell, ...]  # versus stones next to the runs, removed with them, sorted
    cleared_count: int  # sum of run lengths (shared blocks count twice)
    points: int  # points for the clear itself
    moves: tuple[BlockMove, ...]  # every block the relocation moved
    passed: tuple[BlockMove, ...]  # the moves that crossed the line
    through_points: int  # points for the blocks that crossed


@dataclass(frozen=True)
class Turn:
    """Everything one push caused, from the block entering to the game-over check."""

    side: str  # "top" or "bottom"
    column: int
    colour: str  # the block pushed in
    discarded: str  # the other dispenser's block, thrown away
    forced: bool  # pushed by the turn timer
    shifted: tuple[BlockMove, ...]  # blocks the push moved one cell toward the line
    steps: tuple[ChainStep, ...]
    points: int  # all points of the turn (clears + through bonuses)
    game_over: bool
    jam: bool = False  # the column was full: the game ended at once
    out_of_blocks: bool = False  # contest: the list's last pair was used, the game ended
    widened: bool = False  # the announced horizon row took effect at this turn's end
    announced: bool = False  # a new horizon row was announced at this turn's end
    by_band: bool = False  # the game ended on the band: a stack reached into it, not past the line
    attack: int = 0  # versus: stones this turn made, after the handicap
    cancelled: int = 0  # versus: how many of them cancelled the mover's own pending stones
    landed: tuple[int, ...] = ()  # versus: columns where pending stones landed, left to right
    landed_cells: tuple[Cell, ...] = ()  # versus: the cells they landed in, in the same order
