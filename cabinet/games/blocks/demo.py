"""The attract-mode pilot for BLOCKS: the AI plays through the player's own controls.

It asks :class:`BlocksAI` for a move, turns it into the presses a player would
make (:func:`~cabinet.games.blocks.cursor.route`), and presses them a few frames
apart so a watcher can follow the piece across the board.
"""

from __future__ import annotations

from cabinet.inputs.actions import Action, InputEvent

from .ai import BlocksAI
from .cursor import route

# A brisk player's pace: quick enough that a 30 s demo shows clears, slow enough to follow.
MOVE_FRAMES = 5        # between two cursor presses
THINK_FRAMES = 16      # before the first press of a move
AIM_FRAMES = 10        # holding still over the target before A


class BlocksDemoPilot:
    """Drives a :class:`BlocksScene` with the casual AI, as player 1."""

    def __init__(self, seed: int = 0, level: str = "casual"):
        self.ai = BlocksAI(seed=seed, level=level)
        self.scene = None
        self.plan: list[Action] = []
        self.wait = THINK_FRAMES
        self.gave_up = False   # no route to the AI's move: the scene ends the demo

    def bind(self, scene) -> None:
        self.scene = scene

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        game = self.scene.game
        if game.game_over or self.scene.busy:
            return []
        if self.wait > 0:
            self.wait -= 1
            return []
        if not self.plan:
            move = self.ai.choose(game)
            self.plan = route(self.scene.cursor, game, move.slot, move.row, move.col, move.turns)
            if not self.plan:
                self.gave_up = True
                return []
        action = self.plan.pop(0)
        if not self.plan:
            self.wait = THINK_FRAMES
        elif len(self.plan) == 1:
            self.wait = AIM_FRAMES
        else:
            self.wait = MOVE_FRAMES
        return [InputEvent(1, action, True, game_frame)]
