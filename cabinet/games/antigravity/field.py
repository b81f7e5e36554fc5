"""The ANTI-GRAVITY field as a flat list of ints: pushing, matching, relocation, scoring.

These functions are the rules' inner loop, shared by the game and by the AI's search,
so they work on plain data: ``cells`` is a row-major list of ``width * height`` ints,
0 for an empty cell, 1..5 for the colours ``R G B Y P`` and :data:`STONE` for a
versus stone (a block without a colour: never part of a run). The index of (row, col)
is ``row * width + col``.

Matching only looks at the cells that changed since the field was last free of runs:
a run made only of unchanged cells would have been cleared already. Pass
``changed=None`` to scan everything (a field read from text may hold runs).
"""

from __future__ import annotations

from functools import cache

from cabinet.games.antigravity.results import BlockMove, ChainStep

COLOURS = "RGBYP"
STONE = len(COLOURS) + 1
LETTERS = "." + COLOURS + "+"  # a cell's value as its letter in text form

# The four line directions as (row step, column step): horizontal, vertical, both diagonals.
AXES = ((0, 1), (1, 0), (1, 1), (1, -1))

_BONUS10 = (10, 12, 14, 17, 20, 25)


def bonus10(chain: int) -> int:
    """Ten times the chain bonus: 10, 12, 14, 17, 20, 25, then (chain - 3) * 10."""
    if chain < 1:
        raise ValueError(f"chain must be 1 or more, not {chain}")
    return _BONUS10[chain - 1] if chain <= 6 else (chain - 3) * 10


class Geometry:
    """Sizes and neighbour tables of a ``width`` x ``2 * half`` field (shared, read-only)."""

    def __init__(self, width: int, half: int):
        self.width = width
        self.half = half
        self.height = 2 * half
        self.size = width * self.height
        # forward[a][i] / backward[a][i]: the neighbour of cell i along axis a, or -1.
        self.forward = []
        self.backward = []
        for dr, dc in AXES:
            self.forward.append([self._index(i, dr, dc) for i in range(self.size)])
            self.backward.append([self._index(i, -dr, -dc) for i in range(self.size)])

    def _index(self, i: int, dr: int, dc: int) -> int:
        row, col = divmod(i, self.width)
        row, col = row + dr, col + dc
        if 0 <= row < self.height and 0 <= col < self.width:
            return row * self.width + col
        return -1


@cache
def geometry(width: int, half: int) -> Geometry:
    return Geometry(width, half)


def insert(cells: list[int], geo: Geometry, from_bottom: bool, column: int, colour: int) -> int:
    """Push ``colour`` into ``column`` at one edge, shifting that edge's anchored run.

    Returns the index of the empty cell the run moved into (the run's far end now), or
    -1 for a jam: the column had no empty cell and nothing changed.
    """
    width, size = geo.width, geo.size
    if from_bottom:
        edge = size - width + column
        i = edge
        while i >= 0 and cells[i]:
            i -= width
        if i < 0:
            return -1
        cells[i:edge:width] = cells[i + width : edge + width : width]
    else:
        edge = column
        i = edge
        while i < size and cells[i]:
            i += width
        if i >= size:
            return -1
        cells[edge + width : i + width : width] = cells[edge:i:width]
    cells[edge] = colour
    return i


def find_runs(cells: list[int], geo: Geometry, changed) -> dict[tuple[int, int], int]:
    """Every run (3 or more in a line) through a cell of ``changed`` (None: through any cell).

    Returns {(axis, first cell): length}; the first cell is the run's end reached by
    walking backward along the axis.
    """
    runs = {}
    forward, backward = geo.forward, geo.backward
    for i in range(geo.size) if changed is None else changed:
        colour = cells[i]
        if not colour or colour == STONE:
            continue
        for axis in range(4):
            back = backward[axis]
            start, j, length = i, back[i], 1
            while j >= 0 and cells[j] == colour:
                start, j, length = j, back[j], length + 1
            fwd = forward[axis]
            j = fwd[i]
            while j >= 0 and cells[j] == colour:
                j, length = fwd[j], length + 1
            if length >= 3:
                runs[(axis, start)] = length
    return runs


def settle(cells: list[int], geo: Geometry, column: int, changed: list[int], moves) -> int:
    """Move the column's suspended blocks toward the lighter side (RULES: relocation).

    Appends the new index of every moved block to ``changed`` and, when ``moves`` is a
    list, a :class:`BlockMove` for it. Returns how many blocks passed the S line.
    """
    width, height, half, size = geo.width, geo.height, geo.half, geo.size
    i, upper = column, 0
    while i < size and cells[i]:
        i, upper = i + width, upper + 1
    if upper == height:
        return 0  # a full column: everything is anchored
    j, lower = size - width + column, 0
    while cells[j]:
        j, lower = j - width, lower + 1
    # Rows `upper` and `height - 1 - lower` are the first gaps; suspended blocks lie between.
    suspended = [
        (row, cells[row * width + column])
        for row in range(upper + 1, height - 1 - lower)
        if cells[row * width + column]
    ]
    if not suspended:
        return 0
    below = sum(1 for row, _ in suspended if row >= half)
    above = len(suspended) - below
    if lower != upper:
        up_group, down_group = ((), suspended) if lower < upper else (suspended, ())
    elif below != above:
        up_group, down_group = ((), suspended) if below < above else (suspended, ())
    else:  # no lighter side: each block falls back toward its own edge
        up_group = [block for block in suspended if block[0] < half]
        down_group = [block for block in suspended if block[0] >= half]

    for row, _ in suspended:
        cells[row * width + column] = 0
    targets = [(upper + k, block) for k, block in enumerate(up_group)]
    bottom_row = height - 1 - lower
    targets += [(bottom_row - k, block) for k, block in enumerate(reversed(down_group))]
    passed = 0
    for to_row, (from_row, colour) in targets:
        index = to_row * width + column
        cells[index] = colour
        if to_row == from_row:
            continue
        changed.append(index)
        crossed = (from_row >= half) != (to_row >= half)
        passed += crossed
        if moves is not None:
            moves.append(BlockMove(column, from_row, to_row, LETTERS[colour], crossed))
    return passed


def resolve(
    cells: list[int],
    geo: Geometry,
    changed,
    base: int,
    total_cleared: int,
    record: bool,
    settle_all: bool = False,
):
    """Run chain steps until no run is left.

    Returns (points, total_cleared after, chain steps made, steps, attack): ``steps`` is
    a tuple of :class:`ChainStep` when ``record`` is true, else None (the AI's fast path);
    ``attack`` is the versus attack before any handicap, the sum over the steps ``k`` of
    ``(cleared_count_k - 2) * k``. Each step pops the stones orthogonally next to its runs.
    ``settle_all`` settles every column after the first removal, not only the
    columns that lost blocks (for fields read from text, which may hold hanging blocks).
    """
    width = geo.width
    forward = geo.forward
    # The orthogonal neighbours of a cell: along the horizontal and vertical axes.
    beside = (forward[0], geo.backward[0], forward[1], geo.backward[1])
    points = 0
    attack = 0
    steps: list[ChainStep] = []
    chain = 0
    while True:
        runs = find_runs(cells, geo, changed)
        if not runs:
            break
        chain += 1
        b10 = bonus10(chain)
        removed = set()
        run_cells = []
        count = 0
        for (axis, start), length in runs.items():
            count += length
            fwd, i, line = forward[axis], start, []
            for _ in range(length):
                line.append(i)
                i = fwd[i]
            removed.update(line)
            if record:
                run_cells.append(tuple(divmod(k, width) for k in line))
        step_points = count * base * b10 * (100 + total_cleared) // 1000
        attack += (count - 2) * chain
        total_cleared += len(removed)
        # Only blocks of runs pop stones: the set is found before anything is removed.
        popped = {
            j for i in removed for near in beside if (j := near[i]) >= 0 and cells[j] == STONE
        }
        for i in removed:
            cells[i] = 0
        for i in popped:
            cells[i] = 0
        columns = range(width) if settle_all else {i % width for i in removed | popped}
        settle_all = False
        changed = []
        moves: list[BlockMove] | None = [] if record else None
        passed = 0
        for column in sorted(columns):
            passed += settle(cells, geo, column, changed, moves)
        through = passed * (base * b10 // 10)
        points += step_points + through
        if moves is not None:  # recording
            steps.append(
                ChainStep(
                    chain=chain,
                    runs=tuple(run_cells),
                    removed=tuple(sorted(divmod(i, width) for i in removed)),
                    popped=tuple(sorted(divmod(i, width) for i in popped)),
                    cleared_count=count,
                    points=step_points,
                    moves=tuple(moves),
                    passed=tuple(m for m in moves if m.passed),
                    through_points=through,
                )
            )
    return points, total_cleared, chain, (tuple(steps) if record else None), attack


def land(cells: list[int], geo: Geometry, count: int) -> list[int]:
    """Land up to ``count`` stones, at most one a column (RULES.md "Versus attacks": landing).

    Only columns with an empty cell take one; when there are more of those than stones,
    the columns holding the fewest blocks (stones included) take them, ties to the left.
    Each stone rests in the first empty cell past the column's shorter anchored run (the
    lower one on a tie), so nothing else moves. Returns the cell indices, left to right.
    """
    width, height = geo.width, geo.height
    open_columns = [column for column in range(width) if not all(cells[column::width])]
    if count < len(open_columns):
        by_blocks = sorted(
            open_columns, key=lambda column: (sum(1 for c in cells[column::width] if c), column)
        )
        open_columns = sorted(by_blocks[: max(0, count)])
    landed = []
    for column in open_columns:
        upper = 0
        while cells[upper * width + column]:
            upper += 1
        lower = 0
        while cells[(height - 1 - lower) * width + column]:
            lower += 1
        index = (height - 1 - lower) * width + column if lower <= upper else upper * width + column
        cells[index] = STONE
        landed.append(index)
    return landed


def over_line(cells: list[int], geo: Geometry, depth: int = 0) -> bool:
    """True when some column's anchored run from either edge holds more than ``half - depth``
    blocks (``depth``: the widening horizon's band, rows a side; 0 is the S line itself)."""
    width, limit = geo.width, geo.half - depth
    lower, upper = (geo.height - 1 - limit) * width, limit * width
    for column in range(width):
        # The lower run is longer than the limit exactly when its row and all below are filled.
        if cells[lower + column] and all(cells[lower + column :: width]):
            return True
        if cells[upper + column] and all(cells[column : upper + width : width]):
            return True
    return False
