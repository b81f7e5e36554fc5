"""The BLOCKS AI: plans a whole tray at once, then plays the plan one placement at a time.

How it plays is a :class:`Style`. ``BlocksAI(level="strong")`` searches the
order and placements of every piece left in the tray together (see :mod:`.search`)
and judges the boards by how well they will take the pieces still to come (see
:mod:`.evaluate`), one random piece further. ``level="casual"`` plays like a
person for attract mode: it looks two pieces ahead instead of the whole tray, its
judgement is blurred by seeded noise, and it reconsiders after every placement.
The CPU levels of versus (:mod:`.cpu`) are styles between the two, with slips.
In versus, :meth:`BlocksAI.choose` also weighs attacks and stones (:mod:`.tactics`).
Whatever the style, it never makes an illegal move.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

# numpy loads its random module on first use: 50 ms here, ten times that on a Pi, inside the first
# frame a noisy CPU thinks on. Loaded with the AI instead (only seeded generators are made from it).
import numpy as np
import numpy.random

from cabinet.games.thought import Thinking, finish

from .engine import BlocksGame, clear_lines
from .evaluate import Evaluator
from .lookahead import MASKS_PER_SLICE, Lookahead, placements_tried
from .pieces import CATALOGUE, SIZE, Piece
from .search import JUDGE_COST, SLICE, Step, planning, turns_tried
from .tactics import Sight, Values, VersusGains


@dataclass(frozen=True)
class Move:
    """Turn the slot's piece ``turns`` times clockwise, then place it at (row, col)."""

    slot: int
    row: int
    col: int
    turns: int = 0


@dataclass(frozen=True)
class Style:
    """How the AI searches and how well it judges."""

    depth: int = 3  # tray pieces searched together (3: the whole tray)
    width: int = 300  # boards kept per search level; wider is stronger and slower
    refine_top: int = 8  # best tray endings judged one random piece further (0: none)
    line_bonus: float = 0.5  # per line cleared, to prefer scoring among equal boards
    noise: float = 0.0  # spread of seeded misjudgement, in cost units
    slip_percent: int = 0  # chance, per plan, of taking a merely good one (2nd-4th best)
    follow_plan: bool = True  # False: reconsider after every placement
    tactics: Values | None = (
        Values()
    )  # in versus, what attacks and stones are worth (None: ignored)


@dataclass(frozen=True)
class Position:
    """What the AI reads of a :class:`BlocksGame`: a small snapshot that pickles cheaply
    (the game itself carries its piece bag and random generators), for a thought that
    runs in another process. :meth:`BlocksAI.thinking` takes either."""

    board: int
    tray: tuple[Piece | None, ...]
    gravity: bool
    rotation: bool
    piece_set: str
    streak: int
    game_over: bool

    @classmethod
    def of(cls, game: BlocksGame) -> Position:
        return cls(
            game.board,
            tuple(game.tray),
            game.gravity,
            game.rotation,
            game.piece_set,
            game.streak,
            game.game_over,
        )


STYLES = {
    "strong": Style(),
    "casual": Style(depth=2, width=20, refine_top=0, line_bonus=0.0, noise=1.5, follow_plan=False),
}
LEVELS = tuple(STYLES)
LOOKAHEAD_DEATH = 400.0  # cost of a next piece that would fit nowhere
SLIP_RANKS = (1, 2, 3)  # a slip takes the 2nd, 3rd or 4th best plan


class BlocksAI:
    """Chooses moves for a :class:`BlocksGame`; deterministic for a given seed.

    It pickles as its level, style, plan and random numbers: what a thought changes.
    """

    def __init__(self, seed: int = 0, level: str = "strong", style: Style | None = None):
        if style is None and level not in STYLES:
            raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}")
        self.level = level
        self.style = style or STYLES[level]
        self._rng = random.Random(seed)
        self._plan: list[tuple[tuple, Step]] = []  # (situation before, step), in order
        self._pending_seen = 0  # versus: the pending stones at the last choice

    def choose(self, game: BlocksGame | Position, sight: Sight | None = None) -> Move:
        """The next move for ``game``; ValueError when the game is over.

        ``sight``: in versus, what the player's panel shows besides the board and tray
        (pending stones, the opponent); the AI then values attacks and stones too.
        """
        return finish(self.thinking(game, sight))

    def thinking(self, game: BlocksGame | Position, sight: Sight | None = None) -> Thinking:
        """:meth:`choose` one slice of search per ``next()`` (see :mod:`cabinet.games.thought`);
        returns the :class:`Move`. A move that follows the plan takes no slice at all.

        The AI itself (its plan, its random numbers) changes only when the move is
        returned, so a thought dropped halfway (the board changed under it) leaves no trace.
        """
        if game.game_over:
            raise ValueError("the game is over: there is no move to choose")
        pending = 0 if sight is None else sight.pending
        plan = [] if pending > self._pending_seen else list(self._plan)  # attacked: think again
        rng = random.Random(0)
        rng.setstate(self._rng.getstate())
        step = _planned(plan, game)
        if step is None:
            steps = yield from self._search(game, sight, rng)
            step, plan = steps[0], _remembered(game, steps)[1:]
        self._plan, self._rng, self._pending_seen = plan, rng, pending
        turns = _turns_between(game.tray[step.slot], step.piece)
        return Move(step.slot, step.row, step.col, turns)

    def work(self, game: BlocksGame) -> int:
        """About how many slices :meth:`thinking` takes for a new plan on ``game``'s tray:
        every level of the search tries its parents' pieces at every position (about
        half of them fit), merges and judges what fits (a slice each at least), and
        keeps ``width`` boards; the best whole plans are then judged a few slices each."""
        style = self.style
        sizes = sorted(
            (_positions(piece, game.rotation) for piece in game.tray if piece is not None),
            reverse=True,
        )
        parents, slices, levels = 1, 0, min(style.depth, len(sizes))
        for level in range(levels):
            tried = parents * sum(sizes[: len(sizes) - level])
            slices += 3 + (tried + tried // 2 * JUDGE_COST) // SLICE
            parents = min(style.width, tried // 2)
        refined = style.refine_top if levels == len(sizes) else 0
        if not refined:
            return slices
        return slices + refined * (
            1 + placements_tried(game.piece_set, game.rotation) // MASKS_PER_SLICE
        )

    # ------------------------------------------------------------------ planning
    def _search(self, game: BlocksGame | Position, sight: Sight | None, rng: random.Random):
        style = self.style
        evaluator = _evaluator_for(game.piece_set, game.rotation)
        cost = _noisy(evaluator, style.noise, rng) if style.noise else evaluator.cost
        refine = None
        if style.refine_top:
            lookahead = _lookahead_for(game.piece_set, game.rotation)
            refine = lambda boards: lookahead.costing(boards, game.gravity)  # noqa: E731
        gains = None
        if sight is not None and style.tactics is not None:
            gains = VersusGains(sight, game.streak, style.tactics)
        steps = yield from planning(
            game.board,
            game.tray,
            cost,
            game.gravity,
            game.rotation,
            style.width,
            line_bonus=style.line_bonus,
            depth=style.depth,
            refine=refine,
            refine_top=style.refine_top,
            gains=gains,
            rank=self._slip(rng),
        )
        if not steps:  # cannot happen while the game is not over; guards the invariant
            raise RuntimeError("no legal move although the game is not over")
        return steps if style.follow_plan else steps[:1]

    def _slip(self, rng: random.Random) -> int:
        """0 for the best plan; on a slip, the rank of the merely good one taken."""
        if self.style.slip_percent and rng.randrange(100) < self.style.slip_percent:
            return rng.choice(SLIP_RANKS)
        return 0


# Both depend only on the rules, and are shared by every AI (and kept by a worker process
# between thoughts): building them takes a Pi a good part of a frame.
@functools.cache
def _evaluator_for(piece_set: str, rotation: bool) -> Evaluator:
    return Evaluator(piece_set, rotation)


@functools.cache
def _lookahead_for(piece_set: str, rotation: bool) -> Lookahead:
    return Lookahead(piece_set, rotation, _evaluator_for(piece_set, rotation).cost, LOOKAHEAD_DEATH)


def _noisy(evaluator: Evaluator, spread: float, rng: random.Random):
    """A blurred judgement: the plain cost plus noise seeded from ``rng``."""
    noise = np.random.default_rng(rng.getrandbits(32))

    def cost(boards):
        return evaluator.cost(boards) + noise.normal(0.0, spread, boards.shape)

    return cost


def _remembered(game: BlocksGame | Position, steps: list[Step]) -> list[tuple[tuple, Step]]:
    """The plan of ``steps``: each with the state it expects, so later moves can follow it.
    (Stones that land change the board, so a plan is not followed past them.)"""
    plan = []
    board = game.board
    tray: list[Piece | None] = list(game.tray)
    for step in steps:
        plan.append((_situation(board, tray, game), step))
        mask = step.piece.masks[step.row * SIZE + step.col]
        assert mask is not None  # a search's step is on the board
        placed = board | mask
        board = clear_lines(placed, game.gravity).board
        tray[step.slot] = None
    return plan


def _planned(plan: list[tuple[tuple, Step]], game: BlocksGame | Position) -> Step | None:
    """The plan's next step when the game is exactly where the plan expects it (taken off
    ``plan`` with the steps before it)."""
    now = _situation(game.board, game.tray, game)
    while plan:
        expected, step = plan.pop(0)
        if expected == now:
            return step
    return None


def _positions(piece, rotation: bool) -> int:
    """Where the search tries a tray piece: every position of every turn it tries."""
    return sum(len(turned.placements) for turned in turns_tried(piece, rotation))


def _situation(board: int, tray, game: BlocksGame | Position) -> tuple:
    """What a planned step depends on. With rotation on, a piece may be turned any way
    meanwhile (the move's turns make up for it); with it off, the orientation must match."""
    pieces = tuple(
        None if piece is None else piece.family if game.rotation else piece.index for piece in tray
    )
    return board, pieces, game.rotation, game.gravity, game.piece_set


def _turns_between(current, target) -> int:
    """Clockwise turns that take ``current`` to the orientation ``target``."""
    turns, piece = 0, current
    while piece is not target:
        piece = CATALOGUE[piece.turned]
        turns += 1
    return turns
