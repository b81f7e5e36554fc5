"""The BLOCKS play screen: the board, the tray of three, score, best and streak.

The scene obeys only its pilot's events (the player, the attract-mode AI or a
replay), turns them into engine calls through the :class:`Cursor`, records
what it obeyed for the replay, and animates the engine's results by frame count,
so a replay shows exactly the same game. :mod:`.play_view` draws it.
"""

from __future__ import annotations

import dataclasses
import logging
import weakref
from typing import TYPE_CHECKING

from cabinet.games.blocks.cursor import BOARD, Cursor, Did, route
from cabinet.games.blocks.danger import fitting_slots, in_danger, music_danger
from cabinet.games.blocks.engine import BlocksGame
from cabinet.games.blocks.pieces import Piece
from cabinet.games.pilots import Pilot
from cabinet.games.sounds import chain_effect, clear_effect
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.language import tr
from cabinet.render import palette
from cabinet.render.layer import Layer
from cabinet.scenes.blocks import play_view as view
from cabinet.scenes.blocks.animation import (
    FLASH_FRAMES,
    ClearAnimation,
    after_move,
    empty_grid,
    family_colour,
    reconcile,
)
from cabinet.scenes.blocks.ghost import REST_FRAMES
from cabinet.scenes.blocks.play_view import BOARD_RECT, BOARD_X, BOARD_Y, CELL, FINAL_BOARD_FRAMES
from cabinet.scenes.blocks.ramp_view import RampShow
from cabinet.scenes.kit.callout import Callout, Callouts
from cabinet.scenes.kit.ending import GameOver, InputCheck, OnEnd
from cabinet.scenes.kit.game_screen import GameScreen
from cabinet.scenes.kit.idle import IdleWatch
from cabinet.scenes.kit.pause import Pause
from cabinet.storage.replays import ReplayRecorder

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from cabinet.scenes.kit.scene_context import SceneContext

log = logging.getLogger(__name__)

GAME_OVER_FRAMES = FINAL_BOARD_FRAMES + 150  # the final board, then GAME OVER, before initials
SHAKE_FRAMES = 12


# The sound of each thing a press can do with the cursor (a placement has its own).
CURSOR_SOUNDS = {
    Did.SELECT: "blocks_pickup",
    Did.TRAY: "menu_move",
    Did.BOARD: "blocks_pickup",
    Did.ROTATE: "blocks_rotate",
    Did.REFUSED: "blocks_invalid",
    Did.INVALID: "blocks_invalid",
}


class BlocksScene(GameScreen):
    """One game of BLOCKS, driven by ``pilot``; ``demo`` for attract mode.

    It plays by ``ctx.settings.blocks``; a replay brings the rules it was played
    under through a context carrying them (:mod:`cabinet.scenes.flow.playback`)
    and is ``watched``: nothing recorded, no touch. The game ends by calling
    ``on_end`` (required) with a :class:`~cabinet.scenes.kit.ending.GameOver`;
    ``check`` sees each input first (the challenger's Start).
    """

    def __init__(
        self,
        ctx: SceneContext,
        pilot: Pilot,
        seed: int,
        demo: bool = False,
        *,
        on_end: OnEnd,
        check: InputCheck | None = None,
        watched: bool = False,
    ):
        super().__init__(ctx, [pilot], demo=demo, watched=watched, on_end=on_end, check=check)
        self.pilot = pilot
        self.seed = seed
        self.rules = ctx.settings.blocks
        self.game = BlocksGame.from_settings(self.rules, seed=seed)
        self.cursor = Cursor()
        self.cursor.settle(self.game)
        self.grid = empty_grid()
        self.grid_board = 0  # the engine's board the colour grid was last made to match
        self.animation: ClearAnimation | None = None
        self.callouts = Callouts()  # one at a time over the board
        self.shake = 0
        # (slot, pointer position) while a finger holds a piece
        self.drag: tuple[int, tuple[int, int]] | None = None
        self.moved_frame = -REST_FRAMES  # the game frame the held piece last moved on
        # A game nobody touches: warned after a minute, ended ten seconds later (as versus).
        self.idle = IdleWatch([] if demo else [pilot.player])
        self.abandoned = False
        self.over_frames = 0
        self.best = _best_score(ctx)
        self.recorder = None if demo or watched else _recorder(self.rules, seed)
        people = () if demo or watched else (pilot.player,)
        self.pause = Pause(ctx.settings.play, people, ctx.audio.play)
        self.fits = fitting_slots(self.game)  # per slot: does its piece fit anywhere
        # (board, tray, rotation) that ``fits`` was worked out for
        self.fits_key: tuple[int, tuple[Piece | None, ...], bool] | None = None
        self.warned = False  # the danger sound has played for this danger
        self.layer = Layer()  # backdrop, board, settled cells and tray (_draw_board_layer)
        self.ramp_show = RampShow(self.game, ctx.audio.play)
        pilot.bind(self)

    @property
    def name(self) -> str:
        return "blocks demo" if self.demo else "blocks"

    @property
    def busy(self) -> bool:
        """True while a clear is being animated (the demo waits for it)."""
        return self.animation is not None

    @property
    def ended(self) -> bool:
        """The game is over (no room, or nobody played on): its end shows while game frames run on."""
        return self.game.game_over or self.abandoned

    versus = None  # the game is played alone (what a BlocksSeat plays in)

    def seat_for(self, player: int):
        """The one player's seat is the screen itself (a :class:`~cabinet.games.blocks.pilot.BlocksSeat`),
        through a weak proxy: the pilot holding it keeps the screen alive no longer than it lives."""
        return weakref.proxy(self)

    # ------------------------------------------------------------------ input
    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("blocks")

    def handle(self, event: InputEvent) -> None:
        if event.player != CABINET and not (self.check is not None and self.check(self, event)):
            if self.ended or not self.pause.press(event):
                self.live.append(event)
        elif event.action is Action.PAUSE and event.pressed and not self.demo and not self.ended:
            self.pause.toggle()

    @property
    def challenge_seat(self) -> int | None:
        """The player's panel while a challenger may still come (see :mod:`cabinet.scenes.flow.challenger`)."""
        return None if self.demo or self.ended else self.pilot.player

    def result(self) -> tuple[int, int, list[str]]:
        return self.pilot.player, self.game.score, self.game.to_text()

    def interrupted(self) -> GameOver:
        """This game, cut short by a challenger."""
        return self._game_over()

    def _game_over(self) -> GameOver:
        """This game as it stands, its replay (if one is recorded) finished."""
        replay = (
            self.recorder.finish(self.game.score, self.game.to_text()) if self.recorder else None
        )
        return GameOver(
            "blocks",
            "single",
            self.pilot.player,
            "blocks",
            self.game.score,
            replay,
            self.game_frame / 60,
        )

    def pointer(self, kind: str, pos: tuple[int, int]) -> None:
        """Touch or mouse: press on a tray piece, drag it, release it on the board (a replay is not touched)."""
        if self.demo or self.watched or self.ended:
            return
        if kind == "down":
            slot = view.tray_slot_at(pos)
            if slot is not None and self.game.tray[slot] is not None:
                self.drag = (slot, pos)
                self.ctx.audio.play("blocks_pickup")
        elif kind == "move" and self.drag:
            self.drag = (self.drag[0], pos)
        elif kind == "up" and self.drag:
            slot = self.drag[0]
            self.drag = None
            target = self._drop_target(slot, pos)
            if target is None:
                return  # released off the board: the piece snaps back to the tray
            # The drop becomes the presses that would make the same move.
            actions = route(self.cursor, self.game, slot, *target)
            player = self.pilot.player  # the drop is this game's player's presses
            self.live.extend(InputEvent(player, action, True, self.ctx.frame) for action in actions)

    # ------------------------------------------------------------------ update
    def music(self) -> tuple[str, float]:
        return "blocks", music_danger(self.game)

    def play_frame(self, live: list[InputEvent]) -> None:
        """A game frame; once the game is over they run on, showing its end, until :meth:`_finish`."""
        obeyed = [e for e in self.pilot.events(self.game_frame, live) if e.pressed]
        for event in obeyed:
            if self.ended:
                break
            if self.recorder is not None:
                self.recorder.record(self.game_frame, event)
            self.idle.moved(self.pilot.player)
            self._obey(event)
        self._animate()
        if self.grid_board != self.game.board:
            # The engine is the truth: a game set up from text, or anything unforeseen.
            reconcile(self.grid, self.game)
            self.grid_board = self.game.board
        self._check_danger()
        if self.ended:
            self.over_frames += 1
            if self.over_frames == 1:
                self.ctx.audio.play("game_over")
            if self.over_frames >= GAME_OVER_FRAMES and not self.finished:
                self._finish()
        else:
            self.abandoned = self.idle.tick() is not None
        if self.demo and self.pilot.gave_up:
            self.finished = True
        self.game_frame += 1

    def _obey(self, event: InputEvent) -> None:
        game, cursor = self.game, self.cursor
        colour = None
        held = game.tray[cursor.slot]
        if cursor.focus == BOARD and held is not None:
            colour = family_colour(held.family)
        outcome = cursor.apply(event.action, game, repeat=event.repeat)
        if outcome.kind in CURSOR_SOUNDS:
            self.ctx.audio.play(CURSOR_SOUNDS[outcome.kind])
        if outcome.kind in (Did.INVALID, Did.REFUSED):
            self.shake = SHAKE_FRAMES
            self.moved_frame = (
                self.game_frame - REST_FRAMES
            )  # A where it does not fit: crossed out now
        elif outcome.kind in (Did.MOVE, Did.SELECT, Did.BOARD, Did.ROTATE):
            self.moved_frame = self.game_frame
        if outcome.kind is Did.PLACE:
            self._placed(outcome.result, colour)

    def _check_danger(self) -> None:
        """Work out which tray pieces fit when the board or tray changed; sound the warning once."""
        key = (self.game.board, tuple(self.game.tray), self.game.rotation)
        if key == self.fits_key:
            return
        self.fits_key = key
        self.fits = fitting_slots(self.game)
        danger = in_danger(self.fits) and not self.game.game_over
        if danger and not self.warned:
            self.ctx.audio.play("danger")
        self.warned = danger

    @property
    def danger(self) -> bool:
        return not self.ended and in_danger(self.fits)

    @property
    def shown_score(self) -> int:
        """The score as the screen tells it: a clear's points count once its cells break."""
        if self.animation is not None and not self.animation.broken:
            return self.game.score - self.animation.points
        return self.game.score

    @property
    def shown_streak(self) -> int:
        if self.animation is not None and not self.animation.broken:
            return self.animation.streak_before
        return self.game.streak

    def _placed(self, result, colour) -> None:
        audio = self.ctx.audio
        self.animation = None
        placed, self.grid = after_move(self.grid, result, colour)
        reconcile(self.grid, self.game)
        self.grid_board = self.game.board
        lines = len(result.rows) + len(result.cols)
        audio.play(clear_effect(lines) if lines else "blocks_place")  # a clear's burst is its thunk
        if lines:
            self.animation = ClearAnimation(placed, result, result.streak - 1)
            # What the clear earned, from the middle of its cells, as they break: the
            # biggest news on top, the rest under it.
            rows = [r for r, _ in result.cleared]
            cols = [c for _, c in result.cleared]
            where = (
                BOARD_X + round((min(cols) + max(cols) + 1) * CELL / 2),
                BOARD_Y + round((min(rows) + max(rows) + 1) * CELL / 2),
            )
            news = [
                (tr("WIPE OUT!"), palette.MAGENTA) if result.wipe_out else None,
                (f"+{result.points}", palette.YELLOW),
                (tr("x{streak} STREAK!", streak=result.streak), palette.CYAN)
                if result.streak >= 2
                else None,
            ]
            (words, colour), *rest = [item for item in news if item is not None]
            detail = "  ".join(words for words, _ in rest)
            self.callouts.say(Callout(words, colour, where, 42, detail), FLASH_FRAMES)
        else:
            row, col = result.cells[0]
            where = (BOARD_X + col * CELL + CELL // 2, BOARD_Y + row * CELL)
            self.callouts.say(Callout(f"+{result.points}", palette.WHITE, where, 21))
        wait = self.animation.length if self.animation is not None else 0
        for callout in self.ramp_show.after_move(self.game, result, wait, BOARD_RECT.center):
            self.callouts.say(callout, wait)

    def _animate(self) -> None:
        if self.animation is not None:
            self.animation.update()
            if self.animation.frame == FLASH_FRAMES:
                self._broke(self.animation)
            if self.animation.done:
                self.animation = None
        self.callouts.tick()
        self.ramp_show.tick()
        if self.shake:
            self.shake -= 1

    def _broke(self, animation) -> None:
        """The cleared cells break: the sounds of what they earned. A wipe-out's fanfare stands
        for the streak's too: both with the step would take the mix past full scale."""
        audio = self.ctx.audio
        if animation.wipe_out:
            audio.play("blocks_wipeout")
        elif animation.streak_before >= 1:
            audio.play("blocks_streak")
        if animation.streak_before >= 1:
            audio.play(chain_effect(animation.streak_before + 1))  # rises with the streak

    def _finish(self) -> None:
        self.finished = True
        if not self.demo:
            self.on_end(self._game_over())

    def _drop_target(self, slot, pos):
        """The board (row, col) the piece of ``slot`` held at ``pos`` would land on, or None."""
        piece = self.game.tray[slot]
        return None if piece is None else view.drop_target(piece, pos)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        view.draw(surface, self)


# ---------------------------------------------------------------------- helpers


def _best_score(ctx) -> int:
    """The top of the BLOCKS table, shown as BEST."""
    try:
        entries = ctx.store.scores.top("blocks")
    except Exception:
        log.exception("could not read the BLOCKS table")
        return 0
    return entries[0].score if entries else 0


def _recorder(rules, seed: int):
    return ReplayRecorder("blocks", "single", dataclasses.asdict(rules), seed)
