"""The BLOCKS play screen: the board, the tray of three, score, best and streak.

The scene obeys only its pilot's events (the player, the attract-mode AI or a
replay), turns them into engine calls through the :class:`Cursor`, records
what it obeyed for the replay, and animates the engine's results by frame count,
so a replay shows exactly the same game.
"""

from __future__ import annotations

import dataclasses
import logging

import pygame

from cabinet.games.blocks.cursor import BOARD, TRAY, Cursor, Did, route
from cabinet.games.blocks.danger import fitting_slots, in_danger
from cabinet.games.blocks.engine import BlocksGame
from cabinet.games.blocks.pieces import SIZE
from cabinet.games.pilots import ponder_all
from cabinet.games.sounds import chain_effect, clear_effect
from cabinet.inputs.actions import CABINET, Action, InputEvent
from cabinet.language import current as current_language
from cabinet.language import tr
from cabinet.render import HEIGHT, palette, text
from cabinet.render.layer import Layer
from cabinet.render.popups import Popup, age_popups, draw_popups, settle
from cabinet.render.sprites import block, panel
from cabinet.scenes.blocks.animation import (
    FLASH_FRAMES,
    ClearAnimation,
    after_move,
    empty_grid,
    family_colour,
    reconcile,
)
from cabinet.scenes.blocks.ghost import REST_FRAMES, ghost
from cabinet.scenes.blocks.marks import cross_out, dim, draw_banner, draw_danger, draw_tray_mode
from cabinet.scenes.blocks.ramp_view import RampShow
from cabinet.scenes.kit.base import Scene
from cabinet.scenes.kit.countdown import Countdown
from cabinet.scenes.kit.ending import GameOver, InputCheck, OnEnd

# A human game nobody touches: warned after a minute, ended ten seconds later (as versus).
from cabinet.scenes.kit.idle import IDLE_END_FRAMES, IDLE_WARN_FRAMES
from cabinet.scenes.kit.pause import Pause
from cabinet.scenes.kit.thinking_time import ThinkingTime
from cabinet.scenes.kit.widgets import blink, draw_backdrop
from cabinet.storage.replays import ReplayRecorder

log = logging.getLogger(__name__)

CELL = 54
BOARD_X, BOARD_Y = 264, 54
BOARD_PX = CELL * SIZE
BOARD_RECT = pygame.Rect(BOARD_X, BOARD_Y, BOARD_PX, BOARD_PX)
TRAY_X, TRAY_Y, TRAY_W, TRAY_H, TRAY_GAP = 716, 54, 224, 136, 12
TRAY_CELL = 24
LEFT_X = 24

FINAL_BOARD_FRAMES = 120    # game over: the final board alone, what ended it marked ...
GAME_OVER_FRAMES = FINAL_BOARD_FRAMES + 150   # ... then the GAME OVER banner, before initials
SHAKE_FRAMES = 12


# The sound of each thing a press can do with the cursor (a placement has its own).
CURSOR_SOUNDS = {Did.SELECT: "blocks_pickup", Did.TRAY: "menu_move", Did.BOARD: "blocks_pickup",
                 Did.ROTATE: "blocks_rotate", Did.REFUSED: "blocks_invalid", Did.INVALID: "blocks_invalid"}


class BlocksScene(Scene):
    """One game of BLOCKS, driven by ``pilot``; ``demo`` for attract mode.

    It plays by ``ctx.settings.blocks``; a replay brings the rules it was played
    under through a context carrying them (:mod:`cabinet.scenes.flow.playback`)
    and is ``watched``: nothing recorded, no touch. The game ends by calling
    ``on_end`` with a :class:`~cabinet.scenes.kit.ending.GameOver` (default: the
    context's :meth:`~cabinet.context.Context.finish`); ``check`` sees each input
    first (the challenger's Start).
    """

    def __init__(self, ctx, pilot, seed: int, demo: bool = False, on_end: OnEnd | None = None,
                 check: InputCheck | None = None, watched: bool = False):
        super().__init__(ctx)
        self.pilot = pilot
        self.seed = seed
        self.demo = demo
        self.watched = watched
        self.on_end = on_end or ctx.finish
        self.check = check
        self.rules = ctx.settings.blocks
        self.game = BlocksGame.from_settings(self.rules, seed=seed)
        self.cursor = Cursor()
        self.cursor.settle(self.game)
        self.grid = empty_grid()
        self.grid_board = 0         # the engine's board the colour grid was last made to match
        self.animation: ClearAnimation | None = None
        self.popups: list[Popup] = []
        self.shake = 0
        self.drag = None            # (slot, pointer position) while a finger holds a piece
        self.live: list[InputEvent] = []
        self.game_frame = 0
        self.moved_frame = -REST_FRAMES    # the game frame the held piece last moved on
        self.idle = 0
        self.abandoned = False
        self.over_frames = 0
        self.finished = False       # attract mode moves on when a demo game ends
        self.best = _best_score(ctx)
        self.recorder = None if demo or watched else _recorder(self.rules, seed)
        self.countdown = Countdown(ctx.audio.play)
        people = () if demo or watched else (pilot.player,)
        self.pause = Pause(ctx.settings.play, people, ctx.audio.play)
        self.fits = fitting_slots(self.game)   # per slot: does its piece fit anywhere
        self.fits_key = None
        self.warned = False          # the danger sound has played for this danger
        self.layer = Layer()         # backdrop, board, settled cells and tray (_draw_board_layer)
        self.ramp_show = RampShow(self.game, ctx.audio.play)
        self.thinking_time = ThinkingTime()   # a demo pilot's (its bind finds it)
        self.thinker = ctx.thinker            # where they think, when the app has a worker for it
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
        return self.game.game_over or self.abandoned

    # ------------------------------------------------------------------ input
    def enter(self) -> None:
        self.ctx.inputs.set_repeat_profile("blocks")

    @property
    def paused(self) -> bool:
        return self.pause.paused

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

    def interrupted(self) -> GameOver:
        """This game, cut short by a challenger."""
        replay = self.recorder.finish(self.game.score, self.game.to_text()) if self.recorder else None
        return GameOver("blocks", "single", self.challenge_seat, "blocks", self.game.score, replay,
                        self.game_frame / 60)

    def pointer(self, kind: str, pos) -> None:
        """Touch or mouse: press on a tray piece, drag it, release it on the board (a replay is not touched)."""
        if self.demo or self.watched or self.ended:
            return
        if kind == "down":
            slot = _tray_slot_at(pos)
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
    def update(self) -> None:
        self.thinking_time.new_frame()
        if not self.ended:
            self.pause.tick()
        if self.paused:
            self.live = []
            return
        live = self.countdown.admit(self.live)
        self.live = []
        if live is None:
            ponder_all([self.pilot], self.countdown)
            return   # READY / GO: the game waits, the presses are kept
        obeyed = [e for e in self.pilot.events(self.game_frame, live) if e.pressed]
        for event in obeyed:
            if self.ended:
                break
            if self.recorder is not None:
                self.recorder.record(self.game_frame, event)
            self.idle = 0
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
            self.idle += 1
            if self.idle >= IDLE_END_FRAMES and not self.demo:
                self.abandoned = True
        if self.demo and self.pilot.gave_up:
            self.finished = True
        self.game_frame += 1

    def _obey(self, event: InputEvent) -> None:
        game, cursor = self.game, self.cursor
        colour = None
        if cursor.focus == BOARD and game.tray[cursor.slot] is not None:
            colour = family_colour(game.tray[cursor.slot].family)
        outcome = cursor.apply(event.action, game, repeat=event.repeat)
        if outcome.kind in CURSOR_SOUNDS:
            self.ctx.audio.play(CURSOR_SOUNDS[outcome.kind])
        if outcome.kind in (Did.INVALID, Did.REFUSED):
            self.shake = SHAKE_FRAMES
            self.moved_frame = self.game_frame - REST_FRAMES    # A where it does not fit: crossed out now
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
        audio.play("blocks_place")
        self.animation = None
        placed, self.grid = after_move(self.grid, result, colour)
        reconcile(self.grid, self.game)
        self.grid_board = self.game.board
        lines = len(result.rows) + len(result.cols)
        if lines:
            self.animation = ClearAnimation(placed, result, result.streak - 1)
            audio.play(clear_effect(lines))
            # The points rise from the middle of the cleared cells, as they break.
            rows = [r for r, _ in result.cleared]
            cols = [c for _, c in result.cleared]
            where = (BOARD_X + round((min(cols) + max(cols) + 1) * CELL / 2),
                     BOARD_Y + round((min(rows) + max(rows) + 1) * CELL / 2) + 18)
            self._popup(Popup(f"+{result.points}", palette.YELLOW, where, 42, FLASH_FRAMES))
            if result.streak >= 2:
                self._popup(Popup(tr("x{streak} STREAK!", streak=result.streak), palette.CYAN,
                                  (BOARD_X + BOARD_PX // 2, BOARD_Y + BOARD_PX // 2 - 40), 42, FLASH_FRAMES))
        else:
            row, col = result.cells[0]
            where = (BOARD_X + col * CELL + CELL // 2, BOARD_Y + row * CELL)
            self._popup(Popup(f"+{result.points}", palette.WHITE, where, 21))
        if result.wipe_out:
            self._popup(Popup(tr("WIPE OUT!"), palette.MAGENTA,
                              (BOARD_X + BOARD_PX // 2, BOARD_Y + BOARD_PX // 2 + 40), 49, FLASH_FRAMES))
        wait = self.animation.length if self.animation is not None else 0
        for popup in self.ramp_show.after_move(self.game, result, wait, BOARD_RECT.center):
            self._popup(popup)

    def _popup(self, popup) -> None:
        """Show ``popup`` over the board, clear of the others (points, streak and wipe-out come together)."""
        settle(self.popups, popup, BOARD_RECT)

    def _animate(self) -> None:
        if self.animation is not None:
            self.animation.update()
            if self.animation.frame == FLASH_FRAMES:
                self._broke(self.animation)
            if self.animation.done:
                self.animation = None
        self.popups = age_popups(self.popups)
        self.ramp_show.tick()
        if self.shake:
            self.shake -= 1

    def _broke(self, animation) -> None:
        """The cleared cells break: the sounds of what they earned."""
        if animation.streak_before >= 1:
            self.ctx.audio.play("blocks_streak")
            self.ctx.audio.play(chain_effect(animation.streak_before + 1))   # rises with the streak
        if animation.wipe_out:
            self.ctx.audio.play("blocks_wipeout")

    def _finish(self) -> None:
        self.finished = True
        if self.demo:
            return
        replay = None
        if self.recorder is not None:
            replay = self.recorder.finish(self.game.score, self.game.to_text())
        self.on_end(GameOver("blocks", "single", self.pilot.player, "blocks", self.game.score,
                             replay, self.game_frame / 60))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        self._draw_board_layer(surface)
        self._draw_scores(surface)
        if self.animation is not None:
            self._draw_cells(surface)
        self.ramp_show.draw(surface, BOARD_RECT, CELL)
        if self.danger:
            draw_danger(surface, BOARD_RECT, self.game_frame)
        if self.cursor.focus == TRAY and not self.ended:
            dim(surface, BOARD_RECT)
        if not self.ended and self.animation is None:
            self._draw_ghost(surface)    # never over cells still breaking or rows still dropping
        self._draw_tray_mode(surface)
        self._draw_drag(surface)
        draw_popups(surface, self.popups)
        self.countdown.draw(surface, BOARD_RECT)
        self.pause.draw_hold(surface, lambda player: BOARD_RECT)
        if self.paused:
            self.pause.draw(surface, self.ctx.frame)
        elif self.ended:
            self._draw_game_over(surface)
        elif not self.demo and self.idle >= IDLE_WARN_FRAMES:
            seconds = (IDLE_END_FRAMES - self.idle) // 60 + 1
            _banner(surface, tr("STILL THERE? {seconds}", seconds=seconds), palette.ORANGE)

    def _draw_scores(self, surface) -> None:
        score = self.shown_score
        text(surface, "BLOCKS", (LEFT_X, 24), 35, palette.YELLOW)
        text(surface, tr("SCORE"), (LEFT_X, 96), 14, palette.GREY)
        text(surface, f"{score}", (LEFT_X, 118), 35, palette.WHITE)
        text(surface, tr("BEST"), (LEFT_X, 182), 14, palette.GREY)
        text(surface, f"{max(score, self.best)}", (LEFT_X, 204), 28, palette.YELLOW)
        text(surface, tr("STREAK"), (LEFT_X, 262), 14, palette.GREY)
        streak = self.shown_streak
        text(surface, f"x{streak}" if streak else "-", (LEFT_X, 284), 28,
             palette.CYAN if streak else palette.DIM)
        if self.game.ramp:   # the operator's ramp: each level lands more stones at a refresh
            text(surface, tr("LEVEL {level}", level=self.game.ramp_level + 1), (LEFT_X, 326), 21, palette.ORANGE)
        if self.demo:
            if blink(self.game_frame, 40):
                text(surface, tr("DEMO PLAY"), (LEFT_X, 360), 21, palette.MAGENTA)
            return
        hints = [tr("STICK  MOVE"), tr("A  PLACE")]
        if self.game.rotation:
            hints.append(tr("B  ROTATE"))
        hints.append(tr("C  NEXT PIECE"))
        for index, hint in enumerate(hints):
            text(surface, hint, (LEFT_X, 372 + index * 26), 14, palette.GREY)

    def _draw_board_layer(self, surface) -> None:
        """The backdrop, the board's frame, the tray's slots and, between clears, the
        board's settled cells, from a layer redrawn only when one of them changes."""
        hidden = self.ramp_show.hidden()
        cells = None if self.animation is not None else tuple(
            tuple(None if (row, col) in hidden else colour for col, colour in enumerate(line))
            for row, line in enumerate(self.grid))
        slots = self._tray_slots()
        self.layer.show(surface, (current_language(), cells, slots), lambda layer: self._paint_layer(layer, cells, slots))

    def _paint_layer(self, layer, cells, slots) -> None:
        draw_backdrop(layer)
        layer.blit(_board_frame(), (BOARD_X - 10, BOARD_Y - 10))
        if cells is not None:
            self._draw_cells(layer)
        for slot, (edge, piece, crossed) in enumerate(slots):
            _draw_tray_slot(layer, _tray_rect(slot), edge, piece, crossed)

    def _draw_cells(self, surface) -> None:
        animation = self.animation
        if animation is not None:
            clip = surface.get_clip()
            surface.set_clip(BOARD_RECT)     # trails and shards end at the board's edge
            for row, col, colour, style in animation.cells():
                x, y = BOARD_X + col * CELL + 1, BOARD_Y + int(row * CELL) + 1
                if style == "falling":
                    # A row pulled down leaves a fading streak behind it.
                    trail = block(CELL - 2, colour, "ghost")
                    for back in (CELL // 2, CELL // 4):
                        surface.blit(trail, (x, y - back))
                    style = "solid"
                surface.blit(block(CELL - 2, colour, style), (x, y))
            for row, col, colour, scale in animation.shards():
                size = max(2, round(CELL * scale))
                surface.blit(block(size, colour), (BOARD_X + round(col * CELL), BOARD_Y + round(row * CELL)))
            surface.set_clip(clip)
            return
        hidden = self.ramp_show.hidden()     # the ramp's stones still dropping in
        for row, line in enumerate(self.grid):
            for col, colour in enumerate(line):
                if colour is not None and (row, col) not in hidden:
                    surface.blit(block(CELL - 2, colour), (BOARD_X + col * CELL + 1, BOARD_Y + row * CELL + 1))

    def _draw_ghost(self, surface) -> None:
        cursor, game = self.cursor, self.game
        if cursor.focus != BOARD or self.drag or game.tray[cursor.slot] is None:
            return
        fits = game.can_place(cursor.slot, cursor.row, cursor.col)
        passing = self.game_frame - self.moved_frame < REST_FRAMES
        self._draw_piece_on_board(surface, cursor.slot, cursor.row, cursor.col, fits, shake_offset(self.shake), passing)

    def _draw_piece_on_board(self, surface, slot, row, col, fits, dx=0, passing=False) -> None:
        sprite = ghost(CELL - 2, fits, passing)
        for d_row, d_col in self.game.piece_cells(slot):
            surface.blit(sprite, (BOARD_X + (col + d_col) * CELL + 1 + dx, BOARD_Y + (row + d_row) * CELL + 1))

    def _tray_slots(self) -> tuple:
        """Per tray slot, what it shows: (edge colour, piece or None, crossed out)."""
        cursor = self.cursor
        slots = []
        for slot in range(3):
            chosen = slot == cursor.slot and not self.ended
            in_tray = cursor.focus == TRAY
            edge = palette.YELLOW if chosen and (not in_tray or blink(self.game_frame, 12)) else palette.PANEL_EDGE
            piece = self.game.tray[slot]
            if piece is None or (self.drag and self.drag[0] == slot):
                slots.append((edge, None, False))
            else:   # pieces never change: one is known by its identity
                slots.append((edge, piece, self.fits[slot] is False and bool(self.danger or self.ended)))
        return tuple(slots)

    def _draw_tray_mode(self, surface) -> None:
        """The tray's slots are in the layer (:meth:`_draw_board_layer`); this is the pointer
        and the frame round them while the hand is in the tray."""
        cursor = self.cursor
        if cursor.focus == TRAY and not self.ended:
            draw_tray_mode(surface, _tray_rect(0).union(_tray_rect(2)), _tray_rect(cursor.slot), self.game_frame)

    def _draw_drag(self, surface) -> None:
        if not self.drag:
            return
        slot, pos = self.drag
        target = self._drop_target(slot, pos)
        if target is not None:
            self._draw_piece_on_board(surface, slot, *target, self.game.can_place(slot, *target))
        piece = self.game.tray[slot]
        sprite = block(CELL - 2, family_colour(piece.family))
        left, top = _held_top_left(piece, pos)
        for d_row, d_col in piece.cells:
            surface.blit(sprite, (left + d_col * CELL + 1, top + d_row * CELL + 1))

    def _draw_game_over(self, surface) -> None:
        """First the final board alone, the pieces that fit nowhere crossed out; then the banner."""
        if self.over_frames < FINAL_BOARD_FRAMES:
            if not self.abandoned and blink(self.over_frames, 20):
                text(surface, tr("NO ROOM!"), (TRAY_X + TRAY_W // 2, TRAY_Y - 14), 28, palette.RED, "midbottom")
            return
        draw_banner(surface, BOARD_RECT, tr("GAME OVER"), tr("SCORE {score}", score=self.game.score), palette.RED)

    def _drop_target(self, slot, pos):
        """The board (row, col) a piece held at ``pos`` would land on, or None."""
        piece = self.game.tray[slot]
        if piece is None:
            return None
        left, top = _held_top_left(piece, pos)
        col = round((left - BOARD_X) / CELL)
        row = round((top - BOARD_Y) / CELL)
        if 0 <= row <= SIZE - piece.height and 0 <= col <= SIZE - piece.width:
            return row, col
        return None


# ---------------------------------------------------------------------- helpers

def _held_top_left(piece, pos):
    """Top-left pixel of a piece held under a finger: centred, lifted a cell so it shows."""
    x, y = pos
    return x - piece.width * CELL // 2, y - piece.height * CELL // 2 - CELL


def draw_tray_piece(surface, piece, rect: pygame.Rect, cell: int) -> None:
    """A tray piece, in its colour, centred in its slot's ``rect``."""
    sprite = block(cell - 2, family_colour(piece.family))
    left = rect.centerx - piece.width * cell // 2
    top = rect.centery - piece.height * cell // 2
    for d_row, d_col in piece.cells:
        surface.blit(sprite, (left + d_col * cell + 1, top + d_row * cell + 1))


def _draw_tray_slot(surface, rect: pygame.Rect, edge, piece, crossed: bool) -> None:
    surface.blit(panel(rect.width, rect.height, edge), rect)
    if piece is not None:
        draw_tray_piece(surface, piece, rect, TRAY_CELL)
        if crossed:
            cross_out(surface, rect)


def _tray_rect(slot: int) -> pygame.Rect:
    return pygame.Rect(TRAY_X, TRAY_Y + slot * (TRAY_H + TRAY_GAP), TRAY_W, TRAY_H)


def _tray_slot_at(pos):
    for slot in range(3):
        if _tray_rect(slot).collidepoint(pos):
            return slot
    return None


def shake_offset(frames: int) -> int:
    """How far a refused preview is pushed sideways, ``frames`` before its shake ends."""
    return (6 if frames % 4 < 2 else -6) if frames else 0


def _banner(surface, words: str, colour) -> None:
    width = surface.get_width()
    strip = pygame.Rect(0, HEIGHT // 2 - 50, width, 100)
    surface.blit(panel(width + 20, 100, colour, palette.SHADOW), (-10, strip.y))
    text(surface, words, strip.center, 56, colour, "center")


_frame_cache: dict = {}


def _board_frame() -> pygame.Surface:
    """The board's frame and empty grid, drawn once."""
    if "board" not in _frame_cache:
        size = BOARD_PX + 20
        surface = panel(size, size).copy()
        for row in range(SIZE):
            for col in range(SIZE):
                surface.fill(palette.GRID, (10 + col * CELL + 2, 10 + row * CELL + 2, CELL - 4, CELL - 4))
        _frame_cache["board"] = surface
    return _frame_cache["board"]


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
