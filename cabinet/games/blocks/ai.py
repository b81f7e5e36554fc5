"""The BLOCKS AI: plans a whole tray at once, then plays the plan one placement at a time.

``BlocksAI(level="strong")`` searches the order and placements of every piece
left in the tray together (see :mod:`.search`) and judges the boards by how well
they will take the pieces still to come (see :mod:`.evaluate`).
``level="casual"`` plays like a person for attract mode: it looks two pieces
ahead instead of the whole tray, its judgement is blurred by seeded noise, and
it reconsiders after every placement; it never makes an illegal move either.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .engine import BlocksGame, clear_lines
from .evaluate import Evaluator
from .lookahead import Lookahead
from .pieces import CATALOGUE, SIZE
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
    LOOKAHEAD_TOP = 8           # best tray endings judged one random piece further
    LOOKAHEAD_DEATH = 400.0     # cost of a next piece that would fit nowhere
    CASUAL_DEPTH = 2            # the casual player thinks two pieces ahead, not the whole tray
    CASUAL_WIDTH = 20
    CASUAL_NOISE = 1.5          # spread of the casual player's misjudgement, in cost units

    def __init__(self, seed: int = 0, level: str = "strong"):
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}")
        self.level = level
        self._rng = random.Random(seed)
        self._evaluators: dict[tuple[str, bool], Evaluator] = {}
        self._lookaheads: dict[tuple[str, bool], Lookahead] = {}
        self._plan: list[tuple[tuple, Step]] = []   # (situation before, step), in order

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
            lookahead = self._lookahead(game, evaluator)
            steps = plan(game.board, game.tray, evaluator.cost, game.gravity, game.rotation,
                         self.STRONG_WIDTH, line_bonus=0.5,
                         refine=lambda boards: lookahead.expected_cost(boards, game.gravity),
                         refine_top=self.LOOKAHEAD_TOP)
        else:
            steps = plan(game.board, game.tray, self._casual_cost(evaluator), game.gravity,
                         game.rotation, self.CASUAL_WIDTH, depth=self.CASUAL_DEPTH)[:1]
        if not steps:   # cannot happen while the game is not over; guards the invariant
            raise RuntimeError("no legal move although the game is not over")
        return steps

    def _casual_cost(self, evaluator: Evaluator):
        """The casual player's judgement: the plain cost, blurred by seeded noise."""
        rng = np.random.default_rng(self._rng.getrandbits(32))

        def cost(boards):
            return evaluator.cost(boards) + rng.normal(0.0, self.CASUAL_NOISE, boards.shape)
        return cost

    def _lookahead(self, game: BlocksGame, evaluator: Evaluator) -> Lookahead:
        key = (game.piece_set, game.rotation)
        if key not in self._lookaheads:
            self._lookaheads[key] = Lookahead(game.piece_set, game.rotation, evaluator.cost,
                                              self.LOOKAHEAD_DEATH)
        return self._lookaheads[key]

    def _evaluator(self, game: BlocksGame) -> Evaluator:
        key = (game.piece_set, game.rotation)
        if key not in self._evaluators:
            self._evaluators[key] = Evaluator(game.piece_set, game.rotation)
        return self._evaluators[key]

    # ------------------------------------------------------------------ following the plan
    def _remember(self, game: BlocksGame, steps: list[Step]) -> None:
        """Record the state each step expects, so later calls can follow the plan."""
        self._plan = []
        board, tray = game.board, list(game.tray)
        for step in steps:
            self._plan.append((_situation(board, tray, game), step))
            placed = board | step.piece.masks[step.row * SIZE + step.col]
            board = clear_lines(placed, game.gravity).board
            tray[step.slot] = None

    def _planned(self, game: BlocksGame) -> Step | None:
        """The plan's next step when the game is exactly where the plan expects it."""
        now = _situation(game.board, game.tray, game)
        while self._plan:
            expected, step = self._plan.pop(0)
            if expected == now:
                return step
        return None


def _situation(board: int, tray, game: BlocksGame) -> tuple:
    """What a planned step depends on. With rotation on, a piece may be turned any way
    meanwhile (the move's turns make up for it); with it off, the orientation must match."""
    pieces = tuple(None if piece is None else piece.family if game.rotation else piece.index
                   for piece in tray)
    return board, pieces, game.rotation, game.gravity, game.piece_set


def _turns_between(current, target) -> int:
    """Clockwise turns that take ``current`` to the orientation ``target``."""
    turns, piece = 0, current
    while piece is not target:
        piece = CATALOGUE[piece.turned]
        turns += 1
    return turns
