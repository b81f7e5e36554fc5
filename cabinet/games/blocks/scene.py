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

from cabinet.audio.effects import clear_effect
from cabinet.inputs.actions import CABINET, InputEvent
from cabinet.render import HEIGHT, palette, text
from cabinet.render.sprites import block, panel
from cabinet.scenes.base import Scene
from cabinet.scenes.challenger import challenge
from cabinet.scenes.common import blink, draw_backdrop
from cabinet.scenes.countdown import Countdown

from .animation import ClearAnimation, after_move, empty_grid, family_colour, reconcile
from .cursor import BOARD, TRAY, Cursor, route
from .engine import BlocksGame
from .pieces import SIZE

log = logging.getLogger(__name__)

CELL = 54
BOARD_X, BOARD_Y = 264, 54
BOARD_PX = CELL * SIZE
BOARD_RECT = pygame.Rect(BOARD_X, BOARD_Y, BOARD_PX, BOARD_PX)
TRAY_X, TRAY_Y, TRAY_W, TRAY_H, TRAY_GAP = 716, 54, 224, 136, 12
TRAY_CELL = 24
LEFT_X = 24

GAME_OVER_FRAMES = 150      # the GAME OVER banner, before initials or the next attract part
POPUP_FRAMES = 50
SHAKE_FRAMES = 12
IDLE_WARN_FRAMES = 60 * 60  # a human game nobody touches: warn after a minute ...
IDLE_END_FRAMES = 70 * 60   # ... and end it ten seconds later, so the cabinet is free again


class Popup:
    """A short rising message: points earned, a streak, a wipe-out."""

    def __init__(self, words: str, colour, pos, size: int = 28):
        self.words, self.colour, self.pos, self.size = words, colour, pos, size
        self.age = 0


class BlocksScene(Scene):
    """One game of BLOCKS, driven by ``pilot``; ``demo`` for attract mode and replays.

    It plays by ``ctx.settings.blocks``; a replay brings the rules it was played
    under through a context carrying them (:mod:`cabinet.scenes.playback`).
    """

    def __init__(self, ctx, pilot, seed: int, demo: bool = False):
        super().__init__(ctx)
        self.pilot = pilot
        self.seed = seed
        self.demo = demo
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
        self.idle = 0
        self.abandoned = False
        self.over_frames = 0
        self.finished = False       # attract mode moves on when a demo game ends
        self.best = _best_score(ctx)
        self.recorder = None if demo else _recorder(self.rules, seed)
        self.countdown = Countdown(ctx.audio.play)
        if hasattr(pilot, "bind"):
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

    def handle(self, event: InputEvent) -> None:
        if event.player != CABINET and not challenge(self, event):
            self.live.append(event)

    @property
    def challenge_seat(self) -> int | None:
        """The player's panel while a challenger may still come (see :mod:`cabinet.scenes.challenger`)."""
        return None if self.demo or self.ended else getattr(self.pilot, "player", 1)

    def interrupted(self):
        """This game, cut short by a challenger."""
        from cabinet.scenes.challenger import Interruption
        replay = self.recorder.finish(self.game.score, self.game.to_text()) if self.recorder else None
        return Interruption("blocks", "single", self.challenge_seat, "blocks", self.game.score, replay,
                            self.game_frame / 60)

    def pointer(self, kind: str, pos) -> None:
        """Touch or mouse: press on a tray piece, drag it, release it on the board."""
        if self.demo or self.ended:
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
            player = getattr(self.pilot, "player", 1)  # the drop is this game's player's presses
            self.live.extend(InputEvent(player, action, True, self.ctx.frame) for action in actions)

    # ------------------------------------------------------------------ update
    def update(self) -> None:
        live = self.countdown.admit(self.live)
        self.live = []
        if live is None:
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
        if self.demo and getattr(self.pilot, "gave_up", False):
            self.finished = True
        self.game_frame += 1

    def _obey(self, event: InputEvent) -> None:
        game, cursor = self.game, self.cursor
        colour = None
        if cursor.focus == BOARD and game.tray[cursor.slot] is not None:
            colour = family_colour(game.tray[cursor.slot].family)
        outcome = cursor.apply(event.action, game, repeat=event.repeat)
        sound = {"select": "blocks_pickup", "tray": "menu_move", "board": "blocks_pickup",
                 "rotate": "blocks_rotate", "refused": "blocks_invalid", "invalid": "blocks_invalid"}
        if outcome.kind in sound:
            self.ctx.audio.play(sound[outcome.kind])
        if outcome.kind in ("invalid", "refused"):
            self.shake = SHAKE_FRAMES
        if outcome.kind == "place":
            self._placed(outcome.result, colour)

    def _placed(self, result, colour) -> None:
        audio = self.ctx.audio
        audio.play("blocks_place")
        self.animation = None
        placed, self.grid = after_move(self.grid, result, colour)
        reconcile(self.grid, self.game)
        self.grid_board = self.game.board
        lines = len(result.rows) + len(result.cols)
        row, col = result.cells[0]
        where = (BOARD_X + col * CELL + CELL // 2, BOARD_Y + row * CELL)
        if lines:
            self.animation = ClearAnimation(placed, result)
            audio.play(clear_effect(lines))
            self.popups.append(Popup(f"+{result.points}", palette.YELLOW, where, 35))
            if result.streak >= 2:
                audio.play("blocks_streak")
                self.popups.append(Popup(f"STREAK x{result.streak}", palette.CYAN,
                                         (BOARD_X + BOARD_PX // 2, BOARD_Y + BOARD_PX // 2 - 40), 35))
        else:
            self.popups.append(Popup(f"+{result.points}", palette.WHITE, where, 21))
        if result.wipe_out:
            audio.play("blocks_wipeout")
            self.popups.append(Popup("WIPE OUT!", palette.MAGENTA,
                                     (BOARD_X + BOARD_PX // 2, BOARD_Y + BOARD_PX // 2 + 20), 49))

    def _animate(self) -> None:
        if self.animation is not None:
            self.animation.update()
            if self.animation.done:
                self.animation = None
        for popup in self.popups:
            popup.age += 1
        self.popups = [p for p in self.popups if p.age < POPUP_FRAMES]
        if self.shake:
            self.shake -= 1

    def _finish(self) -> None:
        self.finished = True
        if self.demo:
            return
        from cabinet.scenes.flow import finish_game
        replay = None
        if self.recorder is not None:
            replay = self.recorder.finish(self.game.score, self.game.to_text())
        finish_game(self.ctx, "blocks", "single", "blocks", self.game.score, replay,
                    player=getattr(self.pilot, "player", 1), seconds=self.game_frame / 60)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        draw_backdrop(surface)
        self._draw_scores(surface)
        surface.blit(_board_frame(), (BOARD_X - 10, BOARD_Y - 10))
        self._draw_cells(surface)
        if not self.ended:
            self._draw_ghost(surface)
        self._draw_tray(surface)
        self._draw_drag(surface)
        for popup in self.popups:
            x, y = popup.pos
            # Rising, but never past the top of the screen (a piece placed on row 0).
            bottom = max(y - popup.age, popup.size + 4)
            text(surface, popup.words, (x, bottom), popup.size, popup.colour, "midbottom")
        self.countdown.draw(surface, BOARD_RECT)
        if self.ended:
            self._draw_game_over(surface)
        elif not self.demo and self.idle >= IDLE_WARN_FRAMES:
            seconds = (IDLE_END_FRAMES - self.idle) // 60 + 1
            _banner(surface, f"STILL THERE? {seconds}", palette.ORANGE)

    def _draw_scores(self, surface) -> None:
        score = self.game.score
        text(surface, "BLOCKS", (LEFT_X, 24), 35, palette.YELLOW)
        text(surface, "SCORE", (LEFT_X, 96), 14, palette.GREY)
        text(surface, f"{score}", (LEFT_X, 118), 35, palette.WHITE)
        text(surface, "BEST", (LEFT_X, 182), 14, palette.GREY)
        text(surface, f"{max(score, self.best)}", (LEFT_X, 204), 28, palette.YELLOW)
        text(surface, "STREAK", (LEFT_X, 262), 14, palette.GREY)
        streak = self.game.streak
        text(surface, f"x{streak}" if streak else "-", (LEFT_X, 284), 28,
             palette.CYAN if streak else palette.DIM)
        if self.game.ramp:   # the operator's ramp: each level lands more stones at a refresh
            text(surface, f"LEVEL {self.game.ramp_level}", (LEFT_X, 326), 21, palette.ORANGE)
        if self.demo:
            if blink(self.game_frame, 40):
                text(surface, "DEMO PLAY", (LEFT_X, 360), 21, palette.MAGENTA)
            return
        hints = ["STICK  MOVE", "A  PLACE"]
        if self.game.rotation:
            hints.append("B  ROTATE")
        hints.append("C  NEXT PIECE")
        for index, hint in enumerate(hints):
            text(surface, hint, (LEFT_X, 372 + index * 26), 14, palette.GREY)

    def _draw_cells(self, surface) -> None:
        if self.animation is not None:
            for row, col, colour, style in self.animation.cells():
                surface.blit(block(CELL - 2, colour, style), (BOARD_X + col * CELL + 1, BOARD_Y + int(row * CELL) + 1))
            return
        for row, line in enumerate(self.grid):
            for col, colour in enumerate(line):
                if colour is not None:
                    surface.blit(block(CELL - 2, colour), (BOARD_X + col * CELL + 1, BOARD_Y + row * CELL + 1))

    def _draw_ghost(self, surface) -> None:
        cursor, game = self.cursor, self.game
        if cursor.focus != BOARD or self.drag or game.tray[cursor.slot] is None:
            return
        fits = game.can_place(cursor.slot, cursor.row, cursor.col)
        self._draw_piece_on_board(surface, cursor.slot, cursor.row, cursor.col, fits, _shake_offset(self.shake))

    def _draw_piece_on_board(self, surface, slot, row, col, fits, dx=0) -> None:
        colour = palette.GHOST_OK if fits else palette.GHOST_BAD
        sprite = block(CELL - 2, colour, "ghost")
        for d_row, d_col in self.game.piece_cells(slot):
            surface.blit(sprite, (BOARD_X + (col + d_col) * CELL + 1 + dx, BOARD_Y + (row + d_row) * CELL + 1))

    def _draw_tray(self, surface) -> None:
        cursor = self.cursor
        for slot in range(3):
            rect = _tray_rect(slot)
            chosen = slot == cursor.slot and not self.ended
            in_tray = cursor.focus == TRAY
            edge = palette.YELLOW if chosen and (not in_tray or blink(self.game_frame, 12)) else palette.PANEL_EDGE
            surface.blit(panel(rect.width, rect.height, edge), rect)
            piece = self.game.tray[slot]
            if piece is None or (self.drag and self.drag[0] == slot):
                continue
            draw_tray_piece(surface, piece, rect, TRAY_CELL)
        if cursor.focus == TRAY and not self.ended:
            text(surface, "A: TAKE IT", (TRAY_X + TRAY_W // 2, _tray_rect(2).bottom + 6), 14, palette.YELLOW, "midtop")

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
        _banner(surface, "GAME OVER", palette.RED)

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


def _tray_rect(slot: int) -> pygame.Rect:
    return pygame.Rect(TRAY_X, TRAY_Y + slot * (TRAY_H + TRAY_GAP), TRAY_W, TRAY_H)


def _tray_slot_at(pos):
    for slot in range(3):
        if _tray_rect(slot).collidepoint(pos):
            return slot
    return None


def _shake_offset(frames: int) -> int:
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
    from cabinet.storage.replays import ReplayRecorder
    return ReplayRecorder("blocks", "single", dataclasses.asdict(rules), seed)
