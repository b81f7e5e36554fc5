"""A push, replayed on screen: the column shifting, clears flashing, blocks sliding.

The engine resolves a whole turn at once and reports it as a :class:`Turn`.
:class:`TurnAnimation` turns that report into a short film, counted in frames
only (never in seconds) so that a replay shows exactly the same thing. It
never recomputes a rule: every grid it shows comes from the grid before the
push plus the moves and removals the turn lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.games.antigravity.results import BlockMove, ChainStep, Turn
from cabinet.games.sounds import chain_effect

Cell = tuple[int, int]
Grid = dict[Cell, str]  # occupied cells only: (row, column) -> colour letter

SHIFT_FRAMES = 6  # the pushed column moves one cell
FLASH_FRAMES = 20  # the cells of a chain step blink before they go
FLASH_PERIOD = 4  # frames per blink half-period
SLIDE_FRAMES = 12  # suspended blocks slide to their new rows
FLIGHT_FRAMES = 24  # ... but a relocation that throws blocks across the S line takes 0.4 s
TRAIL = (0.07, 0.14, 0.21)  # how far back in the flight (as a share of it) the trail's ghosts lag
JAM_FRAMES = 30  # a full column shakes before game over
LAND_FRAMES = 16  # versus: pending stones fall from the S line to their cells


@dataclass(frozen=True)
class Mover:
    """A block drawn between rows: ``row`` may be fractional."""

    column: int
    row: float
    colour: str
    passed: bool = False
    trail: tuple[
        float, ...
    ] = ()  # rows the block was at a moment ago, newest first (a flight's trail)


@dataclass(frozen=True)
class FieldPicture:
    """What the field shows on one frame of an animation."""

    cells: Grid  # blocks at rest
    movers: tuple[Mover, ...] = ()  # blocks in motion (not in ``cells``)
    flashing: frozenset = frozenset()  # cells of a clearing step
    flash_on: bool = False  # the blink phase of ``flashing``
    jam_column: int | None = None  # a full column that ended the game


@dataclass
class Phase:
    """One stretch of the film: ``moves`` play over ``length`` frames on top of ``base``."""

    kind: str  # "shift", "flash", "slide", "land", "jam"
    start: int
    length: int
    base: Grid  # blocks at rest during the phase
    moves: tuple[BlockMove, ...] = ()
    step: ChainStep | None = None
    cues: tuple[str, ...] = ()  # sound names to play as the phase starts
    points: int = 0  # points the phase adds to the displayed score
    cleared: int = 0  # blocks the phase adds to the displayed total


def grid_from_text(rows: list[str]) -> Grid:
    """The occupied cells of an engine's ``to_text()``."""
    return {(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line) if ch != "."}


def _apply_moves(grid: Grid, moves) -> Grid:
    """Move blocks all at once, so a block may land where another just left."""
    after = dict(grid)
    for move in moves:
        after.pop((move.from_row, move.column), None)
    for move in moves:
        after[(move.to_row, move.column)] = move.colour
    return after


def _without(grid: Grid, cells) -> Grid:
    gone = set(cells)
    return {cell: colour for cell, colour in grid.items() if cell not in gone}


def ease(t: float) -> float:
    """Slow in, slow out: blocks accelerate then settle."""
    return t * t * (3 - 2 * t)


class TurnAnimation:
    """The frames of one turn, from the grid before the push to the grid after it.

    ``before`` is the engine's grid before the push; ``height`` the field's rows.
    Call :meth:`advance` once per frame; it returns the sound cues that start
    on that frame. :meth:`picture` says what to draw.
    """

    def __init__(self, before: Grid, turn: Turn, height: int):
        self.turn = turn
        self.frame = 0
        self._phases: list[Phase] = []
        self._build(dict(before), turn, height)
        self.length = sum(p.length for p in self._phases)
        self.final = self._final

    # ------------------------------------------------------------------ building
    def _add(self, phase: Phase) -> None:
        phase.start = sum(p.length for p in self._phases)
        self._phases.append(phase)

    def _build(self, grid: Grid, turn: Turn, height: int) -> None:
        push_cue = "ag_push_top" if turn.side == "top" else "ag_push_bottom"
        cues = (push_cue, "ag_forced") if turn.forced else (push_cue,)
        if turn.jam:
            self._add(Phase("jam", 0, JAM_FRAMES, grid, cues=cues))
            self._final = grid
            return
        edge_row = 0 if turn.side == "top" else height - 1
        outside_row = -1 if turn.side == "top" else height
        entering = BlockMove(turn.column, outside_row, edge_row, turn.colour)
        moves = tuple(turn.shifted) + (entering,)
        base = _without(grid, [(m.from_row, m.column) for m in turn.shifted])
        self._add(Phase("shift", 0, SHIFT_FRAMES, base, moves=moves, cues=cues))
        grid = _apply_moves(base, moves)
        for step in turn.steps:
            chain_cue = chain_effect(step.chain)
            self._add(
                Phase(
                    "flash",
                    0,
                    FLASH_FRAMES,
                    grid,
                    step=step,
                    cues=(chain_cue,),
                    points=step.points,
                    cleared=len(step.removed),
                )
            )
            grid = _without(
                grid, step.removed + step.popped
            )  # stones beside the runs break with them
            if step.moves:
                base = _without(grid, [(m.from_row, m.column) for m in step.moves])
                length = FLIGHT_FRAMES if step.passed else SLIDE_FRAMES
                self._add(
                    Phase(
                        "slide",
                        0,
                        length,
                        base,
                        moves=tuple(step.moves),
                        step=step,
                        cues=("ag_pass",) if step.passed else (),
                        points=step.through_points,
                    )
                )
                grid = _apply_moves(base, step.moves)
        if turn.landed_cells:
            line = height / 2 - 0.5
            falls = tuple(BlockMove(column, line, row, "+") for row, column in turn.landed_cells)
            self._add(Phase("land", 0, LAND_FRAMES, grid, moves=falls, cues=("versus_stones",)))
            grid = _apply_moves(grid, falls)
        self._final = grid

    # ------------------------------------------------------------------ playing
    @property
    def done(self) -> bool:
        return self.frame >= self.length

    def _phase_at(self, frame: int) -> Phase | None:
        for phase in self._phases:
            if phase.start <= frame < phase.start + phase.length:
                return phase
        return None

    def advance(self) -> Phase | None:
        """Step one frame; return the phase that starts on it (for its sounds and messages)."""
        phase = self._phase_at(self.frame)
        self.frame += 1
        if phase is not None and phase.start == self.frame - 1:
            return phase
        return None

    def shown_points(self) -> int:
        """Points of the turn already shown: a phase adds its points as it starts."""
        return sum(p.points for p in self._phases if p.start <= self.frame)

    def shown_cleared(self) -> int:
        """Blocks removed so far, counted as each flash starts."""
        return sum(p.cleared for p in self._phases if p.start <= self.frame)

    def picture(self) -> FieldPicture:
        phase = self._phase_at(self.frame)
        if phase is None:
            return FieldPicture(self._final)
        t = (self.frame - phase.start + 1) / phase.length
        if phase.kind == "jam":
            return FieldPicture(
                phase.base,
                jam_column=self.turn.column,
                flash_on=(self.frame // FLASH_PERIOD) % 2 == 0,
            )
        if phase.kind == "flash":
            assert phase.step is not None  # a flash phase always shows its step
            on = ((self.frame - phase.start) // FLASH_PERIOD) % 2 == 0
            return FieldPicture(
                phase.base, flashing=frozenset(phase.step.removed + phase.step.popped), flash_on=on
            )
        k = ease(t)
        movers = tuple(
            Mover(
                m.column,
                m.from_row + (m.to_row - m.from_row) * k,
                m.colour,
                m.passed,
                _trail(m, t) if m.passed else (),
            )
            for m in phase.moves
        )
        return FieldPicture(phase.base, movers)

    def phase_now(self) -> Phase | None:
        """The phase on screen this frame (None once the film is over)."""
        return self._phase_at(self.frame)


def _trail(move: BlockMove, t: float) -> tuple[float, ...]:
    """Where a block crossing the line was a moment ago: its trail, newest first."""
    return tuple(
        move.from_row + (move.to_row - move.from_row) * ease(max(0.0, t - lag))
        for lag in TRAIL
        if t - lag > 0
    )
