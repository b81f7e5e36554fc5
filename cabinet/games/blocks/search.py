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

import numpy as np

from .boards import U64, clear_many
from .pieces import Piece, orientations


@dataclass(frozen=True)
class Step:
    """One placement of a plan: ``turns`` clockwise turns of the slot's piece first."""

    slot: int
    piece: Piece        # the orientation placed
    turns: int
    row: int
    col: int


class _Options:
    """Every (orientation, position) of one slot's piece, as parallel arrays."""

    def __init__(self, piece: Piece, rotation: bool):
        turns = orientations(piece) if rotation else [(0, piece)]
        self.masks = np.array([m for _, p in turns for _, _, m in p.placements], dtype=U64)
        self.moves = [(t, p, r, c) for t, p in turns for r, c, _ in p.placements]
        self.cells = piece.size


def plan(board: int, tray, cost, gravity: bool, rotation: bool, width: int,
         line_bonus: float = 0.0) -> list[Step]:
    """The best sequence of placements for the pieces left in ``tray`` (slots None = used).

    ``cost(boards) -> costs`` judges boards (lower is better); ``line_bonus`` is
    subtracted per line cleared along the way, to prefer scoring among equals.
    Returns [] only when no remaining piece fits at all.
    """
    slots = [s for s, piece in enumerate(tray) if piece is not None]
    options = {s: _Options(tray[s], rotation) for s in slots}
    # one level = parallel arrays; parents/slot/option point back up for the path
    boards = np.array([board], dtype=U64)
    used = np.zeros(1, dtype=np.int64)
    gain = np.zeros(1)
    levels = []
    for _ in slots:
        child_boards, child_used, child_gain, parents, child_slot, child_option = [], [], [], [], [], []
        for s in slots:
            bit = 1 << s
            # a piece equal to one in a lower slot is only tried in the lowest unused such slot
            open_ = (used & bit) == 0
            for twin in slots:
                if twin < s and tray[twin] is tray[s]:
                    open_ &= (used & (1 << twin)) != 0
            parent_index = np.nonzero(open_)[0]
            if not parent_index.size:
                continue
            opts = options[s]
            free = (boards[parent_index, None] & opts.masks[None, :]) == 0
            pi, oi = np.nonzero(free)
            if not pi.size:
                continue
            placed = boards[parent_index[pi]] | opts.masks[oi]
            after, lines = clear_many(placed, gravity)
            child_boards.append(after)
            child_used.append(used[parent_index[pi]] | bit)
            child_gain.append(gain[parent_index[pi]] + lines)
            parents.append(parent_index[pi])
            child_slot.append(np.full(pi.size, s))
            child_option.append(oi)
        if not child_boards:
            break
        boards = np.concatenate(child_boards)
        used = np.concatenate(child_used)
        gain = np.concatenate(child_gain)
        parent = np.concatenate(parents)
        slot = np.concatenate(child_slot)
        option = np.concatenate(child_option)
        keep = _unique(boards, used)
        costs = cost(boards[keep]) - line_bonus * gain[keep]
        if keep.size > width:
            best = np.argpartition(costs, width)[:width]
            keep, costs = keep[best], costs[best]
        boards, used, gain = boards[keep], used[keep], gain[keep]
        levels.append((parent[keep], slot[keep], option[keep], costs))
    if not levels:
        return []
    parent, slot, option, costs = levels[-1]
    index = int(np.argmin(costs))
    steps = []
    for parent, slot, option, _ in reversed(levels):
        s = int(slot[index])
        turns, piece, row, col = options[s].moves[int(option[index])]
        steps.append(Step(s, piece, turns, row, col))
        index = int(parent[index])
    steps.reverse()
    return steps


def _unique(boards: np.ndarray, used: np.ndarray) -> np.ndarray:
    """Indices of the first of each distinct (used slots, board) pair."""
    keep = []
    for value in np.unique(used):
        members = np.nonzero(used == value)[0]
        _, first = np.unique(boards[members], return_index=True)
        keep.append(members[first])
    return np.concatenate(keep)
