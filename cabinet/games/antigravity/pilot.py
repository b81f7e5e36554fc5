"""The ANTI-GRAVITY AI at the panel: the pilot of attract-mode demos and of a CPU opponent.

:class:`AIPilot` asks :class:`AntiGravityAI` where to push, then presses the
same switches a player would: the cursor steps left or right a few frames
apart, then up or down pushes. The scene cannot tell it from a person, so a
demo exercises the real controls, animations and sounds. A CPU opponent is the
same pilot paced by its level (:func:`cabinet.games.antigravity.cpu.cpu_pilot`), a
demo the top level's (:func:`cabinet.games.antigravity.demo.demo_pilots`).
"""

from __future__ import annotations

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.pilots import Pilot, Seating
from cabinet.games.thought import Budget, Elsewhere, Thought, begin
from cabinet.inputs.actions import Action, InputEvent


class AIPilot(Pilot):
    """Plays the game of ``player`` in the scene it is bound to.

    ``step_frames``: frames between two presses (cursor steps, the push);
    ``think_frames``: the pause after a turn before the first press of the next
    move, as a player would take. Both are frame counts, so a demo replays exactly.
    The AI thinks during that pause, a slice per frame, so that no single frame
    carries a whole decision (a Pi is several times slower than a desktop); on
    screen within the scene's thinking budget, or in the worker process the scene
    lends (``scene.thinker``, see :func:`cabinet.games.thought.begin`), and a push
    whose thought is late waits for it.

    In versus with attacks, stones the other player sends change what a push is worth
    (a quiet push lands them): until its push is pressed, the pilot thinks again when the
    count on its meter changes, as a person glancing at it would.
    """

    def __init__(
        self, player: int = 1, seed: int = 0, step_frames: int = 6, think_frames: int = 24, ai=None
    ):
        if ai is None:
            ai = AntiGravityAI(seed=seed)
        self.player = player
        self.ai = ai
        self.step_frames = step_frames
        self.think_frames = think_frames
        self.game = None
        self._plan: tuple[int, str] | None = None  # (column, key "up"/"down")
        self.thought: Thought | None = None  # the AI's decision in progress
        self.budget: Budget | None = None  # the scene's thinking time per frame (None: no clock)
        self.elsewhere: Elsewhere | None = None  # the scene's worker process (None: think here)
        self._turn = -1  # the turn the plan or the thought is for
        self._pending = 0  # the stones waiting when the plan or the thought began
        self._pushed = False  # the push is pressed; waiting for the turn to land
        self._next_press = 0
        self._release: list[InputEvent] = []

    def bind(self, scene: Seating) -> None:
        """Find the game this pilot steers (the scene calls this once)."""
        self.game = scene.seat_for(self.player).game
        self.budget = scene.thinking_time
        self.elsewhere = scene.thinker

    def events(self, game_frame: int, live_events: list[InputEvent]) -> list[InputEvent]:
        """This frame's presses and releases; live input is not the AI's business."""
        out = [InputEvent(e.player, e.action, False, game_frame) for e in self._release]
        self._release = []
        game = self.game
        if game is None or game.game_over:
            return out
        if self._turn != game.turns or (self._pending != game.pending and not self._pushed):
            self._new_turn(game, game_frame)
        if self._plan is None:
            if not self.thought.advance(self._next_press - game_frame + 1):
                return out
            column, side = self.thought.decision
            self._plan = (column, "up" if game.push_side("up") == side else "down")
            self._pushed = False
            self.thought = None
        if self._pushed or game_frame < self._next_press:
            return out  # the scene holds the push until the last turn's animation ends
        column, key = self._plan
        if game.cursor != column:
            action = Action.LEFT if column < game.cursor else Action.RIGHT
        else:
            action = Action.UP if key == "up" else Action.DOWN
            self._pushed = True
        press = InputEvent(self.player, action, True, game_frame)
        self._release = [press]
        self._next_press = game_frame + self.step_frames
        return out + [press]

    def ponder(self, frames: int) -> None:
        """Think over the first push while the game waits to start: ``frames`` frames,
        this one included, before its first."""
        game = self.game
        if game is None or game.game_over:
            return
        if self._turn != game.turns:
            self._new_turn(game, 0)  # the game's first frame is game frame 0
        if self._plan is None:
            self.thought.advance(frames + self._next_press + 1)

    def _new_turn(self, game, game_frame: int) -> None:
        """A new turn (the push landed, or the timer forced one): think it over, and
        wait a moment before the first press, as a player would."""
        self._turn = game.turns
        self._pending = game.pending
        self._plan = None
        self._pushed = False
        self.thought = begin(self.ai, (game,), self.ai.work(), self.budget, self.elsewhere)
        self._next_press = game_frame + self.think_frames
