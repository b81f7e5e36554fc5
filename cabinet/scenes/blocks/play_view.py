"""How the BLOCKS play screen looks: the board, the tray of three, score, best and streak.

:func:`draw` paints a :class:`~cabinet.scenes.blocks.play.BlocksScene` from its
state and changes nothing in it; the layout (where the board and the tray sit,
a cell's size) lives here, and the scene reads it for its popups and its touch.
"""

from __future__ import annotations

import pygame

from cabinet.games.blocks.cursor import BOARD, TRAY
from cabinet.games.blocks.pieces import SIZE, Piece
from cabinet.language import current as current_language
from cabinet.language import tr
from cabinet.render import HEIGHT, palette
from cabinet.render.sprites import block, panel
from cabinet.render.text import text
from cabinet.scenes.blocks.animation import family_colour
from cabinet.scenes.blocks.ghost import REST_FRAMES, ghost
from cabinet.scenes.blocks.marks import cross_out, dim, draw_banner, draw_danger, draw_tray_mode
from cabinet.scenes.kit.callout import draw_shown
from cabinet.scenes.kit.idle import IDLE_END_FRAMES, IDLE_WARN_FRAMES
from cabinet.scenes.kit.widgets import blink, draw_backdrop

CELL = 54
BOARD_X, BOARD_Y = 264, 54
BOARD_PX = CELL * SIZE
BOARD_RECT = pygame.Rect(BOARD_X, BOARD_Y, BOARD_PX, BOARD_PX)
TRAY_X, TRAY_Y, TRAY_W, TRAY_H, TRAY_GAP = 716, 54, 224, 136, 12
TRAY_CELL = 24
LEFT_X = 24

FINAL_BOARD_FRAMES = 120  # the final board alone (what ended it marked), before the banner


def draw(surface, scene) -> None:
    """The whole screen of ``scene``."""
    _draw_board_layer(surface, scene)
    _draw_scores(surface, scene)
    if scene.animation is not None:
        _draw_cells(surface, scene)
    scene.ramp_show.draw(surface, BOARD_RECT, CELL)
    if scene.danger:
        draw_danger(surface, BOARD_RECT, scene.game_frame)
    if scene.cursor.focus == TRAY and not scene.ended:
        dim(surface, BOARD_RECT)
    if not scene.ended and scene.animation is None:
        _draw_ghost(surface, scene)  # never over cells still breaking or rows still dropping
    _draw_tray_pointer(surface, scene)
    _draw_drag(surface, scene)
    draw_shown(surface, scene.callouts, BOARD_RECT, lambda: _taken(scene))
    scene.countdown.draw(surface, BOARD_RECT)
    scene.pause.draw_hold(surface, lambda player: BOARD_RECT)
    if scene.paused:
        scene.pause.draw(surface, scene.ctx.frame)
    elif scene.ended:
        _draw_game_over(surface, scene)
    elif scene.idle.idle.get(scene.pilot.player, 0) >= IDLE_WARN_FRAMES:
        seconds = (IDLE_END_FRAMES - scene.idle.idle[scene.pilot.player]) // 60 + 1
        _banner(surface, tr("STILL THERE? {seconds}", seconds=seconds), palette.ORANGE)


def _draw_scores(surface, scene) -> None:
    score = scene.shown_score
    text(surface, "BLOCKS", (LEFT_X, 24), 35, palette.YELLOW)
    text(surface, tr("SCORE"), (LEFT_X, 96), 14, palette.GREY)
    text(surface, f"{score}", (LEFT_X, 118), 35, palette.WHITE)
    text(surface, tr("BEST"), (LEFT_X, 182), 14, palette.GREY)
    text(surface, f"{max(score, scene.best)}", (LEFT_X, 204), 28, palette.YELLOW)
    text(surface, tr("STREAK"), (LEFT_X, 262), 14, palette.GREY)
    streak = scene.shown_streak
    text(
        surface,
        f"x{streak}" if streak else "-",
        (LEFT_X, 284),
        28,
        palette.CYAN if streak else palette.DIM,
    )
    game = scene.game
    if game.ramp:  # the operator's ramp: each level lands more stones at a refresh
        level = tr("LEVEL {level}", level=game.ramp_level + 1)
        text(surface, level, (LEFT_X, 326), 21, palette.ORANGE)
    if scene.demo:
        if blink(scene.game_frame, 40):
            text(surface, tr("DEMO PLAY"), (LEFT_X, 360), 21, palette.MAGENTA)
        return
    hints = [tr("STICK  MOVE"), tr("A  PLACE")]
    if game.rotation:
        hints.append(tr("B  ROTATE"))
    hints.append(tr("C  NEXT PIECE"))
    for index, hint in enumerate(hints):
        text(surface, hint, (LEFT_X, 372 + index * 26), 14, palette.GREY)


def _draw_board_layer(surface, scene) -> None:
    """The backdrop, the board's frame, the tray's slots and, between clears, the
    board's settled cells, from a layer redrawn only when one of them changes."""
    hidden = scene.ramp_show.hidden()
    cells = (
        None
        if scene.animation is not None
        else tuple(
            tuple(None if (row, col) in hidden else colour for col, colour in enumerate(line))
            for row, line in enumerate(scene.grid)
        )
    )
    slots = _tray_slots(scene)
    scene.layer.show(
        surface,
        (current_language(), cells, slots),
        lambda layer: _paint_layer(layer, scene, cells, slots),
    )


def _paint_layer(layer, scene, cells, slots) -> None:
    draw_backdrop(layer)
    layer.blit(_board_frame(), (BOARD_X - 10, BOARD_Y - 10))
    if cells is not None:
        _draw_cells(layer, scene)
    for slot, (edge, piece, crossed) in enumerate(slots):
        _draw_tray_slot(layer, tray_rect(slot), edge, piece, crossed)


def _draw_cells(surface, scene) -> None:
    animation = scene.animation
    if animation is not None:
        clip = surface.get_clip()
        surface.set_clip(BOARD_RECT)  # trails and shards end at the board's edge
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
            where = (BOARD_X + round(col * CELL), BOARD_Y + round(row * CELL))
            surface.blit(block(size, colour), where)
        surface.set_clip(clip)
        return
    hidden = scene.ramp_show.hidden()  # the ramp's stones still dropping in
    for row, line in enumerate(scene.grid):
        for col, colour in enumerate(line):
            if colour is not None and (row, col) not in hidden:
                where = (BOARD_X + col * CELL + 1, BOARD_Y + row * CELL + 1)
                surface.blit(block(CELL - 2, colour), where)


def taken_cells(grid, cursor, game) -> set[tuple[int, int]]:
    """The board cells a callout should leave in view: the blocks and the piece's preview."""
    cells = {
        (row, col)
        for row, line in enumerate(grid)
        for col, colour in enumerate(line)
        if colour is not None
    }
    if cursor.focus == BOARD and game.tray[cursor.slot] is not None:
        cells |= {
            (cursor.row + d_row, cursor.col + d_col)
            for d_row, d_col in game.piece_cells(cursor.slot)
        }
    return cells


def _taken(scene) -> list[pygame.Rect]:
    cells = taken_cells(scene.grid, scene.cursor, scene.game)
    return [
        pygame.Rect(BOARD_X + col * CELL, BOARD_Y + row * CELL, CELL, CELL) for row, col in cells
    ]


def _draw_ghost(surface, scene) -> None:
    cursor, game = scene.cursor, scene.game
    if cursor.focus != BOARD or scene.drag or game.tray[cursor.slot] is None:
        return
    fits = game.can_place(cursor.slot, cursor.row, cursor.col)
    passing = scene.game_frame - scene.moved_frame < REST_FRAMES
    _draw_piece_on_board(
        surface,
        scene,
        cursor.slot,
        cursor.row,
        cursor.col,
        fits,
        shake_offset(scene.shake),
        passing,
    )


def _draw_piece_on_board(surface, scene, slot, row, col, fits, dx=0, passing=False) -> None:
    sprite = ghost(CELL - 2, fits, passing)
    for d_row, d_col in scene.game.piece_cells(slot):
        x, y = BOARD_X + (col + d_col) * CELL + 1 + dx, BOARD_Y + (row + d_row) * CELL + 1
        surface.blit(sprite, (x, y))


def _tray_slots(scene) -> tuple:
    """Per tray slot, what it shows: (edge colour, piece or None, crossed out)."""
    cursor = scene.cursor
    slots = []
    for slot in range(3):
        chosen = slot == cursor.slot and not scene.ended
        in_tray = cursor.focus == TRAY
        lit = chosen and (not in_tray or blink(scene.game_frame, 12))
        edge = palette.YELLOW if lit else palette.PANEL_EDGE
        piece = scene.game.tray[slot]
        if piece is None or (scene.drag and scene.drag[0] == slot):
            slots.append((edge, None, False))
        else:  # pieces never change: one is known by its identity
            crossed = scene.fits[slot] is False and bool(scene.danger or scene.ended)
            slots.append((edge, piece, crossed))
    return tuple(slots)


def _draw_tray_pointer(surface, scene) -> None:
    """The tray's slots are in the layer (:func:`_draw_board_layer`); this is the pointer
    and the frame round them while the hand is in the tray."""
    cursor = scene.cursor
    if cursor.focus == TRAY and not scene.ended:
        whole = tray_rect(0).union(tray_rect(2))
        draw_tray_mode(surface, whole, tray_rect(cursor.slot), scene.game_frame)


def _draw_drag(surface, scene) -> None:
    if not scene.drag:
        return
    slot, pos = scene.drag
    piece = scene.game.tray[slot]
    target = None if piece is None else drop_target(piece, pos)
    if target is not None:
        row, col = target
        _draw_piece_on_board(surface, scene, slot, row, col, scene.game.can_place(slot, row, col))
    sprite = block(CELL - 2, family_colour(piece.family))
    left, top = _held_top_left(piece, pos)
    for d_row, d_col in piece.cells:
        surface.blit(sprite, (left + d_col * CELL + 1, top + d_row * CELL + 1))


def _draw_game_over(surface, scene) -> None:
    """First the final board alone, the pieces that fit nowhere crossed out; then the banner."""
    if scene.over_frames < FINAL_BOARD_FRAMES:
        if not scene.abandoned and blink(scene.over_frames, 20):
            where = (TRAY_X + TRAY_W // 2, TRAY_Y - 14)
            text(surface, tr("NO ROOM!"), where, 28, palette.RED, "midbottom")
        return
    score = tr("SCORE {score}", score=scene.game.score)
    draw_banner(surface, BOARD_RECT, tr("GAME OVER"), score, palette.RED)


# ---------------------------------------------------------------------- layout


def drop_target(piece: Piece, pos: tuple[int, int]) -> tuple[int, int] | None:
    """The board (row, col) ``piece`` held at ``pos`` would land on, or None."""
    left, top = _held_top_left(piece, pos)
    col = round((left - BOARD_X) / CELL)
    row = round((top - BOARD_Y) / CELL)
    if 0 <= row <= SIZE - piece.height and 0 <= col <= SIZE - piece.width:
        return row, col
    return None


def _held_top_left(piece, pos):
    """Top-left pixel of a piece held under a finger: centred, lifted a cell so it shows."""
    x, y = pos
    return x - piece.width * CELL // 2, y - piece.height * CELL // 2 - CELL


def tray_rect(slot: int) -> pygame.Rect:
    return pygame.Rect(TRAY_X, TRAY_Y + slot * (TRAY_H + TRAY_GAP), TRAY_W, TRAY_H)


def tray_slot_at(pos):
    """The tray slot under ``pos``, or None."""
    for slot in range(3):
        if tray_rect(slot).collidepoint(pos):
            return slot
    return None


# ---------------------------------------------------------------------- pieces and marks


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
                cell = (10 + col * CELL + 2, 10 + row * CELL + 2, CELL - 4, CELL - 4)
                surface.fill(palette.GRID, cell)
        _frame_cache["board"] = surface
    return _frame_cache["board"]
