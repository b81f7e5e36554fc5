"""The BLOCKS AI at a panel: the attract-mode demo and the CPU opponent of versus.

:class:`BlocksDemoPilot` asks :class:`BlocksAI` for a move, turns it into the
presses a player would make (:func:`~cabinet.games.blocks.cursor.route`), and
presses them a few frames apart, so a watcher can follow the piece across the
board and a CPU opponent is exactly as fast as its level's frame counts. It
sees what a person at its panel sees: its own board and tray, and in versus its
pending meter and the other board (:func:`~cabinet.games.blocks.tactics.sight_of`);
never a tray to come. It thinks during the pause before each move, a share per
frame (:class:`~cabinet.games.thought.Thought`), so no frame carries a whole search;
on screen within the scene's thinking budget, or in the worker process the scene lends
(``scene.thinker``, see :func:`cabinet.games.thought.begin`), and a move whose thought
is late waits for it.
"""

from __future__ import annotations

from typing import Protocol, cast

from cabinet.games.pilots import Pilot, Seat, Seating
from cabinet.games.thought import Budget, Elsewhere, Thought, begin
from cabinet.inputs.actions import Action, InputEvent

from .ai import BlocksAI, Position
from .cursor import Cursor, route
from .tactics import sight_of
from .versus import BlocksVersus

# A brisk player's pace: quick enough that a 30 s demo shows clears, slow enough to follow.
MOVE_FRAMES = 5  # between two cursor presses
THINK_FRAMES = 16  # before the first press of a move
AIM_FRAMES = 10  # holding still over the target before A


class BlocksSeat(Seat, Protocol):
    """A BLOCKS :class:`~cabinet.games.pilots.Seat`: also the ``cursor`` the pilot presses
    through, and ``versus``, the :class:`BlocksVersus` it plays in (None: a game alone)."""

    cursor: Cursor
    versus: BlocksVersus | None


class BlocksDemoPilot(Pilot):
    """Drives one player's BLOCKS through that player's controls.

    ``bind(scene)`` finds what it steers: ``scene.seat_for(player)``, a :class:`BlocksSeat`.
    ``ai`` defaults to :class:`BlocksAI` at ``level``; the frame counts default to
    the attract demo's relaxed pace.
    """

    def __init__(
        self,
        seed: int = 0,
        level: str = "casual",
        player: int = 1,
        ai: BlocksAI | None = None,
        think_frames: int | None = None,
        move_frames: int | None = None,
        aim_frames: int | None = None,
    ):
        self.ai = ai or BlocksAI(seed=seed, level=level)
        self.player = player
        self.think_frames = THINK_FRAMES if think_frames is None else think_frames
        self.move_frames = MOVE_FRAMES if move_frames is None else move_frames
        self.aim_frames = AIM_FRAMES if aim_frames is None else aim_frames
        self._seat: BlocksSeat | None = None
        self.plan: list[Action] = []
        self.planned_on = None  # the board the plan was made for
        self.wait = self.think_frames
        self.thought: Thought | None = None  # the next move, being decided
        self.thought_on: tuple | None = None  # the board, tray and pending stones it started from
        self.budget: Budget | None = None  # the scene's thinking time per frame (None: no clock)
        self.elsewhere: Elsewhere | None = None  # the scene's worker process (None: think here)
        self.gave_up = False  # no route to any move: the scene ends the demo

    @property
    def seat(self) -> BlocksSeat:
        """The seat :meth:`bind` found (a pilot presses nothing before it is bound)."""
        if self._seat is None:
            raise RuntimeError("a BLOCKS pilot presses nothing before bind()")
        return self._seat

    def bind(self, scene: Seating) -> None:
        # A BLOCKS screen (or simulation) seats its pilots in BlocksSeats.
        self._seat = cast(BlocksSeat, scene.seat_for(self.player))
        self.budget = scene.thinking_time
        self.elsewhere = scene.thinker

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        game = self.seat.game
        if game.game_over:
            return []
        if self.plan and game.board != self.planned_on:
            self.plan = []  # stones landed under the plan: look again
        if not self.plan:
            # Think through the pause before the move (and any animation meanwhile), a share
            # a frame; the thought must be done on the frame of the move's first press,
            # which is never a frame of animation.
            busy = self.seat.busy
            deciding = not busy and self.wait == 0
            thought = self._think(game, 1 if deciding else self.wait + 1 + busy)
            if not deciding:
                if not busy:
                    self.wait -= 1
                return []
            if not thought.done:
                return []  # the thought is late (a slow machine): the move waits for it
            move, self.thought = thought.decision, None
            self.plan = self._presses(game, move)
            self.planned_on = game.board
            if not self.plan:
                self.gave_up = True
                return []
        if self.seat.busy:
            return []
        if self.wait > 0:
            self.wait -= 1
            return []
        action = self.plan.pop(0)
        if not self.plan:
            self.wait = self.think_frames
        elif len(self.plan) == 1:
            self.wait = self.aim_frames
        else:
            self.wait = self.move_frames
        return [InputEvent(self.player, action, True, game_frame)]

    def ponder(self, frames: int) -> None:
        """Think over the first move while the game waits to start: ``frames`` frames,
        this one included, before its first."""
        game = self.seat.game
        if not game.game_over and not self.plan:
            self._think(game, frames + self.wait + 1)

    def _think(self, game, frames_left: int) -> Thought:
        """This frame's share of deciding the next move (see :class:`Thought`), on what the
        panel showed when the thought began. It is begun again when the player's own side
        changed: stones landed, or an attack came in (as a player would, the CPU thinks
        again when its meter rises). The other board may change meanwhile."""
        versus = self.seat.versus
        situation = (
            game.board,
            tuple(game.tray),
            None if versus is None else versus.pending(self.player),
        )
        if self.thought is None or self.thought_on != situation:
            sight = None if versus is None else sight_of(versus, self.player)
            self.thought = begin(
                self.ai, (Position.of(game), sight), self.ai.work(game), self.budget, self.elsewhere
            )
            self.thought_on = situation
        self.thought.advance(frames_left)
        return self.thought

    def _presses(self, game, move) -> list[Action]:
        """The presses of ``move``; those of any legal move the cursor can reach if not."""
        presses = route(self.seat.cursor, game, move.slot, move.row, move.col, move.turns)
        for slot in range(3):
            if presses or game.tray[slot] is None:
                continue
            for row, col in game.legal_positions(slot):
                presses = route(self.seat.cursor, game, slot, row, col)
                if presses:
                    break
        return presses
