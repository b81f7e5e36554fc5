"""The BLOCKS AI: plans a whole tray at once, then plays the plan one placement at a time.

``BlocksAI(level="strong")`` searches the order and placements of every piece
left in the tray together (see :mod:`.search`) and judges the boards by how well
they will take the pieces still to come (see :mod:`.evaluate`).
``level="casual"`` plays like a person for attract mode: one piece at a time,
a plain judgement and a little seeded hesitation, but never an illegal move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .engine import BlocksGame
from .evaluate import Evaluator, Weights
from .pieces import CATALOGUE
from .search import Step, plan

LEVELS = ("strong", "casual")


@dataclass(frozen=True)
class Move:
    """Turn the slot's piece ``turns`` times clockwise, then place it at (row, col)."""

    slot: int
    row: int
    col: int
    turns: int = 0


class BlocksAI:
    """Chooses moves for a :class:`BlocksGame`; deterministic for a given seed."""

    # beam width per search level; wider is stronger and slower
    STRONG_WIDTH = 300
    CASUAL_WEIGHTS = Weights(missing=8.0, scarce=1.0, edges=1.0, lonely=2.0, filled=0.5)
    CASUAL_NOISE = 3.0          # spread of the casual player's misjudgement, in cost units

    def __init__(self, seed: int = 0, level: str = "strong"):
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}")
        self.level = level
        self._rng = random.Random(seed)
        self._evaluators: dict[tuple[str, bool], Evaluator] = {}
        self._plan: list[tuple[int, tuple, Step]] = []   # (board before, tray before, step)

    def choose(self, game: BlocksGame) -> Move:
        """The next move for ``game``; ValueError when the game is over."""
        if game.game_over:
            raise ValueError("the game is over: there is no move to choose")
        step = self._planned(game)
        if step is None:
            steps = self._search(game)
            self._remember(game, steps)
            step = steps[0]
        turns = _turns_between(game.tray[step.slot], step.piece)
        return Move(step.slot, step.row, step.col, turns)

    # ------------------------------------------------------------------ planning
    def _search(self, game: BlocksGame) -> list[Step]:
        evaluator = self._evaluator(game)
        if self.level == "strong":
            steps = plan(game.board, game.tray, evaluator.cost, game.gravity, game.rotation,
                         self.STRONG_WIDTH, line_bonus=0.5)
        else:
            steps = plan(game.board, game.tray, self._casual_cost(evaluator), game.gravity,
                         game.rotation, width=1_000_000)[:1]
        if not steps:   # cannot happen while the game is not over; guards the invariant
            raise RuntimeError("no legal move although the game is not over")
        return steps

    def _casual_cost(self, evaluator: Evaluator):
        """The casual player's judgement: the plain cost, blurred by seeded noise."""
        rng = np.random.default_rng(self._rng.getrandbits(32))

        def cost(boards):
            return evaluator.cost(boards) + rng.normal(0.0, self.CASUAL_NOISE, boards.shape)
        return cost

    def _evaluator(self, game: BlocksGame) -> Evaluator:
        key = (game.piece_set, game.rotation)
        if key not in self._evaluators:
            weights = None if self.level == "strong" else self.CASUAL_WEIGHTS
            self._evaluators[key] = Evaluator(game.piece_set, game.rotation, weights)
        return self._evaluators[key]

    # ------------------------------------------------------------------ following the plan
    def _remember(self, game: BlocksGame, steps: list[Step]) -> None:
        """Record the state each step expects, so later calls can follow the plan."""
        self._plan = []
        board, tray = game.board, [_family(p) for p in game.tray]
        sim = game.copy()
        for step in steps:
            self._plan.append((board, tuple(tray), step))
            sim._tray[step.slot] = step.piece
            sim.place(step.slot, step.row, step.col)
            tray[step.slot] = None
            board = sim.board
            if sim.game_over or not any(tray):
                break

    def _planned(self, game: BlocksGame) -> Step | None:
        """The plan's next step when the game is exactly where the plan expects it."""
        while self._plan:
            board, tray, step = self._plan[0]
            self._plan.pop(0)
            if board == game.board and tray == tuple(_family(p) for p in game.tray):
                return step
        return None


def _family(piece):
    return None if piece is None else piece.family


def _turns_between(current, target) -> int:
    """Clockwise turns that take ``current`` to the orientation ``target``."""
    turns, piece = 0, current
    while piece is not target:
        piece = CATALOGUE[piece.turned]
        turns += 1
    return turns
