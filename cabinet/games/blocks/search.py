"""Beam search over the order and placements of all the tray's remaining pieces.

Level k of the search holds boards with k more pieces placed. Each level is
expanded with every remaining piece (every orientation, with rotation on) at
every free position, all boards at once with numpy; equal boards reached by
different orders are merged, and only the ``width`` best survive to the next
level. The plan is the path to the best board on which every piece is placed;
when no such board exists, the best board that places the most pieces.
"""

from __future__ import annotations

from dataclasses import dataclass

# np.unique loads numpy.ma on its first call: 30 ms here, ten times that on a Pi, inside the first
# frame the AI thinks on. Loaded with the search instead.
import numpy as np
import numpy.ma

from cabinet.games.thought import Thinking

from .boards import U64, clear_many
from .pieces import Piece, orientations

SLICE = 4096  # boards tried (a bit AND each) per slice of thinking: about 0.15 ms here, 5 under the arm64 stand-in
JUDGE_COST = 8  # judging a board costs about as much as trying this many


@dataclass(frozen=True)
class Step:
    """One placement of a plan: the slot's piece, turned to ``piece``, at (row, col)."""

    slot: int
    piece: Piece  # the orientation placed
    row: int
    col: int


def turns_tried(piece: Piece, rotation: bool) -> list[Piece]:
    """The orientations of a tray piece the search tries: all of them with rotation on."""
    return [turned for _, turned in orientations(piece)] if rotation else [piece]


class _Options:
    """Every (orientation, position) of one slot's piece, as parallel arrays."""

    def __init__(self, piece: Piece, rotation: bool):
        turns = turns_tried(piece, rotation)
        self.masks = np.array([m for p in turns for _, _, m in p.placements], dtype=U64)
        self.moves = [(p, r, c) for p in turns for r, c, _ in p.placements]


def planning(
    board: int,
    tray,
    cost,
    gravity: bool,
    rotation: bool,
    width: int,
    line_bonus: float = 0.0,
    depth: int = 3,
    refine=None,
    refine_top: int = 0,
    gains=None,
    rank: int = 0,
) -> Thinking:
    """The best sequence of placements for the pieces left in ``tray`` (slots None = used).

    ``cost(boards) -> costs`` judges boards (lower is better); ``line_bonus`` is
    subtracted per line cleared along the way, to prefer scoring among equals.
    ``depth`` limits how many pieces are looked at together (1: one at a time).
    ``refine(boards)``, when given, re-judges the ``refine_top`` best boards that
    place every piece (a slower, sharper judgement): a generator of slices that
    returns their costs.
    ``gains`` replaces ``line_bonus`` with a judgement that follows the path (versus:
    attacks, streaks, stones): see :class:`Gains`. ``rank`` > 0 takes the path that
    ends on the rank-th best board instead of the best (a CPU's slip).
    Returns [] only when no remaining piece fits at all.

    It thinks in slices (see :mod:`cabinet.games.thought`): each ``next()`` tries or
    judges about ``SLICE`` boards, and the generator returns the plan. ``cost`` and
    ``refine`` judge each board on its own, so judging in parts changes nothing.
    """
    slots = [s for s, piece in enumerate(tray) if piece is not None]
    options = {s: _Options(tray[s], rotation) for s in slots}
    yield  # the pieces' placements: a slice's worth on a Pi
    if gains is None:
        gains = Gains(line_bonus)
    # one level = parallel arrays; parents/slot/option point back up for the path
    boards = np.array([board], dtype=U64)
    used = np.zeros(1, dtype=np.int64)
    gain = np.zeros(1)
    carry = gains.start()
    levels = []
    tried = 0  # boards tried since the last slice ended
    for _ in slots[:depth]:
        child_boards, child_used, child_gain, child_carry = [], [], [], []
        parents, child_slot, child_option = [], [], []
        for s in slots:
            bit = 1 << s
            # a piece equal to one in a lower slot is only tried in the lowest unused such slot
            open_ = (used & bit) == 0
            for twin in slots:
                if twin < s and tray[twin] is tray[s]:
                    open_ &= (used & (1 << twin)) != 0
            opts = options[s]
            batch = max(1, SLICE // len(opts.masks))
            for parent_index in _parts(np.nonzero(open_)[0], batch):
                free = (boards[parent_index, None] & opts.masks[None, :]) == 0
                pi, oi = np.nonzero(free)
                tried += free.size
                if tried >= SLICE:
                    tried = 0
                    yield
                if not pi.size:
                    continue
                placed = boards[parent_index[pi]] | opts.masks[oi]
                after, lines = clear_many(placed, gravity)
                step_gain, step_carry = gains.step(lines, after, carry[parent_index[pi]])
                child_boards.append(after)
                child_used.append(used[parent_index[pi]] | bit)
                child_gain.append(gain[parent_index[pi]] + step_gain)
                child_carry.append(step_carry)
                parents.append(parent_index[pi])
                child_slot.append(np.full(pi.size, s))
                child_option.append(oi)
        if not child_boards:
            break
        boards = np.concatenate(child_boards)
        used = np.concatenate(child_used)
        gain = np.concatenate(child_gain)
        carry = np.concatenate(child_carry)
        parent = np.concatenate(parents)
        slot = np.concatenate(child_slot)
        option = np.concatenate(child_option)
        yield
        keep = _unique(boards, used, carry)
        yield
        judged = []
        for part in _parts(keep, SLICE // JUDGE_COST):
            judged.append(cost(boards[part]))
            yield
        costs = np.concatenate(judged) - gain[keep]
        if keep.size > width:
            best = _smallest(costs, width)
            keep, costs = keep[best], costs[best]
        boards, used, gain, carry = boards[keep], used[keep], gain[keep], carry[keep]
        levels.append((parent[keep], slot[keep], option[keep], costs))
    if not levels:
        return []
    parent, slot, option, costs = levels[-1]
    index = int(np.argmin(costs))
    if refine is not None and len(levels) == len(slots) and costs.size > 1:
        top = np.argsort(costs, kind="stable")[:refine_top]
        refined = []
        for one in _parts(top, 1):  # one board's next piece: a few slices' worth
            refined.append((yield from refine(boards[one])))
            yield
        sharper = np.concatenate(refined) - gain[top]
        index = int(top[np.argmin(sharper)])
    if rank > 0 and costs.size > 1:
        index = int(np.argsort(costs, kind="stable")[min(rank, costs.size - 1)])
    steps = []
    for parent, slot, option, _ in reversed(levels):
        s = int(slot[index])
        piece, row, col = options[s].moves[int(option[index])]
        steps.append(Step(s, piece, row, col))
        index = int(parent[index])
    steps.reverse()
    return steps


def _parts(indices: np.ndarray, size: int) -> list[np.ndarray]:
    """``indices`` cut into consecutive parts of at most ``size``."""
    return [indices[start : start + size] for start in range(0, len(indices), size)]


class Gains:
    """What a path earns besides its final board: ``line_bonus`` per line cleared.

    A subclass may follow a state along each path (``carry``, one row of numbers per
    path, e.g. a streak) by overriding :meth:`start` and :meth:`step`.
    """

    def __init__(self, line_bonus: float = 0.0):
        self.line_bonus = line_bonus

    def start(self) -> np.ndarray:
        """The carried state before the first placement: one row for the one start board."""
        return np.zeros((1, 0), dtype=np.int64)

    def step(self, lines: np.ndarray, after: np.ndarray, carry: np.ndarray):
        """(gain of each placement, carried state after it), for many paths at once."""
        return self.line_bonus * lines, carry


_MIX = np.array(
    [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63],
    dtype=U64,
)  # odd constants that spread small numbers


def _smallest(costs: np.ndarray, count: int) -> np.ndarray:
    """Indices of the ``count`` lowest costs, ordered by cost and then by index: what a stable
    sort would give, without sorting them all. Ties are broken by index, never by numpy's
    partition or sort algorithm, which differ between versions and processors."""
    kth = np.partition(costs, count - 1)[count - 1]
    below = np.flatnonzero(costs < kth)
    tied = np.flatnonzero(costs == kth)[: count - below.size]
    below = below[np.argsort(costs[below], kind="stable")]
    return np.concatenate((below, tied))


def _unique(boards: np.ndarray, used: np.ndarray, carry: np.ndarray) -> np.ndarray:
    """Indices of the first of each distinct (used slots, board, carried state)."""
    if carry.shape[1]:
        # paths that reach one board with a different state (a streak, stones) stay apart
        mix = _MIX[: carry.shape[1]]
        boards = boards ^ (carry.astype(U64) * mix).sum(axis=1, dtype=U64)
    keep = []
    for value in np.unique(used):
        members = np.nonzero(used == value)[0]
        _, first = np.unique(boards[members], return_index=True)
        keep.append(members[first])
    return np.concatenate(keep)
