"""Drawing the BLOCKS versus screen on the 960x540 logical surface.

Each half belongs to one player, mirrored: the tray and the move-timer ring on
the outside, the board in the middle of the half, and the pending meter on the
inside, by the centre line, where the other player's attacks arrive. The
match score sits at the top of the centre line.
"""

from __future__ import annotations

import math
from functools import lru_cache, partial

import pygame

from cabinet.games.blocks.cursor import BOARD, TRAY
from cabinet.games.blocks.pieces import SIZE
from cabinet.language import current as current_language
from cabinet.language import tr
from cabinet.render import HEIGHT, WIDTH, palette
from cabinet.render.glyphs import POINT_LEFT, POINT_RIGHT
from cabinet.render.sprites import backdrop, block, panel
from cabinet.render.text import text
from cabinet.scenes.blocks.ghost import REST_FRAMES, ghost
from cabinet.scenes.blocks.marks import dim, pulse
from cabinet.scenes.blocks.play_view import draw_tray_piece, shake_offset, taken_cells
from cabinet.scenes.blocks.shown_seat import STONE_COLOUR
from cabinet.scenes.kit.callout import draw_shown
from cabinet.scenes.kit.flights import draw_flights
from cabinet.scenes.kit.idle import draw_still_there
from cabinet.scenes.kit.match_view import PLAYER_COLOURS, round_pips, round_result
from cabinet.scenes.kit.ring_timer import RingTimer
from cabinet.scenes.kit.widgets import blink, side_name

CELL = 38
BOARD_PX = CELL * SIZE  # 304
BOARD_Y = 116
TRAY_W = 96
TRAY_GAP = 8
TRAY_CELL = 16
METER_W = 24
METER_CELL = 19  # one pending stone on the meter; 16 fill it
RING = RingTimer(30, 8)
CENTRE = WIDTH // 2
SCORE_INSET = 8  # the scores' inner edge from their board's: room for the centre's ROUND word


def _mirror(x: int, width: int, player: int) -> int:
    """A left-half x for player 1; the same place mirrored into the right half for player 2."""
    return x if player == 1 else WIDTH - x - width


def board_x(player: int) -> int:
    return _mirror(126, BOARD_PX, player)


def board_rect(player: int) -> pygame.Rect:
    return pygame.Rect(board_x(player), BOARD_Y, BOARD_PX, BOARD_PX)


def tray_rect(player: int, slot: int) -> pygame.Rect:
    return pygame.Rect(
        _mirror(10, TRAY_W, player), BOARD_Y + slot * (TRAY_W + TRAY_GAP), TRAY_W, TRAY_W
    )


def meter_rect(player: int) -> pygame.Rect:
    return pygame.Rect(_mirror(448, METER_W, player), BOARD_Y, METER_W, BOARD_PX)


def ring_centre(player: int) -> tuple[int, int]:
    return _mirror(28, 60, player) + 30, 60


def cells_centre(player: int, cells) -> tuple[float, float]:
    """The pixel centre of some board cells (where an attack starts)."""
    rows = [row for row, _ in cells]
    cols = [col for _, col in cells]
    x = board_x(player) + (sum(cols) / len(cols) + 0.5) * CELL
    y = BOARD_Y + (sum(rows) / len(rows) + 0.5) * CELL
    return x, y


def board_centre(player: int, dy: int = 0) -> tuple[int, int]:
    rect = board_rect(player)
    return rect.centerx, rect.centery + dy


def meter_top(player: int, pending: int) -> tuple[int, int]:
    """Where the next pending stone goes on ``player``'s meter."""
    rect = meter_rect(player)
    shown = min(pending, SIZE * 2)
    return rect.centerx, rect.bottom - shown * METER_CELL - METER_CELL // 2


# ---------------------------------------------------------------------- the picture


def draw(surface, scene) -> None:
    sides = tuple((_settled(seat), _tray_slots(scene, seat)) for seat in scene.seats)
    scene.layer.show(
        surface, (current_language(), sides), lambda layer: _paint_layer(layer, scene.seats, sides)
    )
    ending = bool(scene.end_frames)
    if scene.demo and not ending:
        text(
            surface,
            tr("DEMO PLAY"),
            (CENTRE, BOARD_Y + BOARD_PX + 18),
            21,
            palette.MAGENTA,
            "midtop",
        )
    for seat in scene.seats:
        _draw_side(surface, scene, seat, ending)
    _draw_centre(surface, scene)
    draw_flights(surface, scene.flights, lambda size: block(size, STONE_COLOUR))
    for seat in scene.seats:
        draw_shown(
            surface,
            scene.callouts[seat.player],
            board_rect(seat.player),
            partial(_taken, seat),
        )
    for seat in scene.seats:
        scene.countdown.draw(surface, board_rect(seat.player))
        seconds = scene.idle.seconds_left(seat.player)
        if seconds is not None and not ending:
            draw_still_there(surface, board_rect(seat.player), seconds)
    scene.pause.draw_hold(surface, board_rect)
    if ending:
        _draw_result(surface, scene)


@lru_cache(maxsize=1)
def _static(language_code: str) -> pygame.Surface:
    """Backdrop, frames, empty grids, tray slots and meter wells: drawn once per language (its labels)."""
    surface = pygame.Surface((WIDTH, HEIGHT))
    surface.blit(backdrop(WIDTH, HEIGHT), (0, 0))
    # Down to the boards' foot only: the words below (DEMO PLAY, the result) sit across it.
    pygame.draw.line(
        surface, palette.PANEL_EDGE, (CENTRE, 100), (CENTRE, BOARD_Y + BOARD_PX + 10), 2
    )
    for player in (1, 2):
        rect = board_rect(player)
        frame = panel(BOARD_PX + 20, BOARD_PX + 20, PLAYER_COLOURS[player])
        surface.blit(frame, (rect.x - 10, rect.y - 10))
        for row in range(SIZE):
            for col in range(SIZE):
                surface.fill(
                    palette.GRID,
                    (rect.x + col * CELL + 2, rect.y + row * CELL + 2, CELL - 4, CELL - 4),
                )
        well = meter_rect(player)
        pygame.draw.rect(surface, palette.SHADOW, well, border_radius=4)
        pygame.draw.rect(surface, palette.PANEL_EDGE, well.inflate(4, 4), 2, border_radius=5)
        text(surface, tr("MOVE"), (ring_centre(player)[0], 94), 14, palette.GREY, "midtop")
    return surface.convert() if pygame.display.get_surface() else surface


def _paint_layer(layer, seats, sides) -> None:
    """What changes a few times a minute: the static picture, the settled cells and the trays."""
    layer.blit(_static(current_language()), (0, 0))
    for seat, (settled, slots) in zip(seats, sides):
        rect = board_rect(seat.player)
        for row, col, colour in settled or ():
            layer.blit(_cell(colour), (rect.x + col * CELL + 1, rect.y + row * CELL + 1))
        for slot, (lit, piece) in enumerate(slots):
            rect = tray_rect(seat.player, slot)
            layer.blit(
                panel(rect.width, rect.height, palette.YELLOW if lit else palette.PANEL_EDGE), rect
            )
            if piece is not None:
                draw_tray_piece(layer, piece, rect, TRAY_CELL)


def _draw_side(surface, scene, seat, ending: bool) -> None:
    player = seat.player
    rect = board_rect(player)
    colour = PLAYER_COLOURS[player]
    # The name on the outer side, the score on the inner one, mirrored for player 2.
    outer, inner = (rect.x, rect.right) if player == 1 else (rect.right, rect.x)
    outer_align, inner_align = ("topleft", "topright") if player == 1 else ("topright", "topleft")
    name = side_name(scene.match, player)
    text(surface, name, (outer, 8), 28, colour, outer_align, max_width=170)
    pips = 24 * scene.match.rounds_to_win // 2
    round_pips(surface, (outer + pips if player == 1 else outer - pips, 56), scene.match, player)
    game = seat.game
    # Set in from the board's edge, so the centre's ROUND word (PUSINGAN in Malay) stands clear of both.
    score_x = inner - SCORE_INSET if player == 1 else inner + SCORE_INSET
    text(surface, str(game.score), (score_x, 4), 42, palette.WHITE, inner_align, max_width=130)
    streak = game.streak
    text(
        surface,
        tr("STREAK x{streak}", streak=streak) if streak else tr("STREAK -"),
        (inner, 56),
        21,
        palette.CYAN if streak else palette.DIM,
        inner_align,
    )
    seconds = math.ceil(seat.timer / 60)
    if not ending and not seat.over:
        RING.draw(surface, ring_centre(player), seat.timer_fraction(), seconds, 28)
    _draw_cells(surface, seat, rect)
    if not ending and not seat.over and seat.animation is None:
        _draw_ghost(surface, seat, rect)  # never over cells still breaking or rows still dropping
    _draw_tray(surface, scene, seat)
    _draw_meter(surface, scene, seat)


def _settled(seat) -> tuple | None:
    """The board's cells at rest, as (row, col, colour), to draw into the layer; None
    while a clear is animated (then every cell is drawn each frame)."""
    if seat.animation is not None:
        return None
    hidden = seat.falling_cells()
    return tuple(
        (row, col, colour)
        for row, line in enumerate(seat.grid)
        for col, colour in enumerate(line)
        if colour is not None and (row, col) not in hidden
    )


def _taken(seat) -> list[pygame.Rect]:
    rect = board_rect(seat.player)
    cells = taken_cells(seat.grid, seat.cursor, seat.game)
    return [pygame.Rect(rect.x + col * CELL, rect.y + row * CELL, CELL, CELL) for row, col in cells]


def _draw_cells(surface, seat, rect: pygame.Rect) -> None:
    """Cells being cleared and stones dropping in (cells at rest are in the layer)."""
    if seat.animation is not None:
        for row, col, colour, style in seat.animation.cells():
            surface.blit(
                block(CELL - 2, colour, style),
                (rect.x + col * CELL + 1, rect.y + int(row * CELL) + 1),
            )
    surface.set_clip(rect)  # stones drop in from the board's top edge, not over the header
    for stone in seat.falling:
        y = rect.y + (stone.row - stone.height()) * CELL + 1
        if stone.age >= stone.delay:
            surface.blit(_cell(STONE_COLOUR), (rect.x + stone.col * CELL + 1, int(y)))
    surface.set_clip(None)


def _cell(colour) -> pygame.Surface:
    """A placed piece's cell, or a stone: grey, with a rough face so it never passes for a piece."""
    if tuple(colour) == tuple(STONE_COLOUR):
        return _stone()
    return block(CELL - 2, colour)


@lru_cache(maxsize=1)
def _stone() -> pygame.Surface:
    surface = block(CELL - 2, STONE_COLOUR).copy()
    dark = (90, 92, 110)
    for x, y in ((9, 10), (22, 8), (14, 20), (25, 24), (8, 27)):
        pygame.draw.circle(surface, dark, (x, y), 2)
    return surface


def _draw_ghost(surface, seat, rect: pygame.Rect) -> None:
    cursor, game = seat.cursor, seat.game
    if cursor.focus != BOARD or game.tray[cursor.slot] is None:
        return
    fits = game.can_place(cursor.slot, cursor.row, cursor.col)
    # The one-player game's preview: it reads over any colour, and passing shows no red.
    sprite = ghost(CELL - 2, fits, passing=seat.resting < REST_FRAMES)
    dx = shake_offset(seat.shake)
    for d_row, d_col in game.piece_cells(cursor.slot):
        surface.blit(
            sprite,
            (
                rect.x + (cursor.col + d_col) * CELL + 1 + dx,
                rect.y + (cursor.row + d_row) * CELL + 1,
            ),
        )


def _tray_slots(scene, seat) -> tuple:
    """Per tray slot of ``seat``: (lit, piece or None); pieces never change, so one is
    known by its identity."""
    cursor, game = seat.cursor, seat.game
    slots = []
    for slot in range(3):
        chosen = slot == cursor.slot and not seat.over
        slots.append(
            (chosen and (cursor.focus != TRAY or blink(scene.ctx.frame, 12)), game.tray[slot])
        )
    return tuple(slots)


def _draw_tray(surface, scene, seat) -> None:
    """The tray's slots are in the scene's layer (see :func:`draw`); this is tray mode."""
    if seat.cursor.focus == TRAY and not seat.over:
        _draw_tray_mode(surface, scene, seat)


def _draw_tray_mode(surface, scene, seat) -> None:
    """The hand is in the tray: the board steps back, the tray is framed, a pointer shows the piece."""
    player = seat.player
    dim(surface, board_rect(player))
    tray = tray_rect(player, 0).union(tray_rect(player, 2))
    pygame.draw.rect(surface, palette.CYAN, tray.inflate(8, 8), 4, border_radius=10)
    chosen = tray_rect(player, seat.cursor.slot)
    nudge = round(3 * pulse(scene.ctx.frame, 24))
    if player == 1:  # the tray on the left: the pointer at its right, pointing in
        text(
            surface,
            POINT_LEFT,
            (chosen.right + 4 - nudge, chosen.centery),
            21,
            palette.CYAN,
            "midleft",
        )
    else:
        text(
            surface,
            POINT_RIGHT,
            (chosen.x - 4 + nudge, chosen.centery),
            21,
            palette.CYAN,
            "midright",
        )


def _draw_meter(surface, scene, seat) -> None:
    """Pending stones, stacked from the bottom; red and blinking when they are due to land."""
    rect = meter_rect(seat.player)
    pending = seat.shown_pending
    shown = min(pending, SIZE * 2)
    sprite = block(METER_CELL - 2, STONE_COLOUR)
    left = rect.x + (METER_W - METER_CELL + 2) // 2
    for index in range(shown):
        surface.blit(sprite, (left, rect.bottom - (index + 1) * METER_CELL + 1))
    if pending:
        danger = seat.timer <= 3 * 60 and blink(scene.ctx.frame, 8)
        colour = palette.RED if danger else palette.ORANGE
        pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=6)
        text(surface, str(pending), (rect.centerx, rect.y - 8), 28, colour, "midbottom")


def _draw_centre(surface, scene) -> None:
    rounds = scene.match
    text(
        surface,
        tr("ROUND") if not scene.match_over else tr("MATCH"),
        (CENTRE, 6),
        14,
        palette.GREY,
        "midtop",
    )
    if not scene.match_over:
        shown = (
            rounds.round - 1 if scene.end_frames else rounds.round
        )  # a result shows the round just played
        text(surface, str(min(shown, 99)), (CENTRE, 24), 28, palette.WHITE, "midtop")


def _draw_result(surface, scene) -> None:
    """WIN / LOSE (or DRAW) on each board, and under a LOSE what decided it (NO ROOM!: the scores
    above do not decide a round); a slim banner for a round, a big one for the match."""
    winner = scene.round_winner()
    for seat in scene.seats:
        rect = board_rect(seat.player)
        won = seat.player == winner
        if winner is None:  # both boards filled on one frame
            words, colour = tr("DRAW"), palette.YELLOW
        else:
            words, colour = (tr("WIN"), palette.YELLOW) if won else (tr("LOSE"), palette.GREY)
        reason = (
            tr("NO ROOM!") if seat.over and not won else ""
        )  # not after a forfeit: room was left
        band = pygame.Rect(rect.x, rect.centery - 40, rect.width, 116 if reason else 80)
        surface.blit(_band(band.width, band.height), band)
        text(surface, words, (band.centerx, band.y + 40), 56, colour, "center")
        if reason:
            text(
                surface,
                reason,
                (band.centerx, band.y + 76),
                28,
                palette.ORANGE,
                "midtop",
                max_width=band.width - 16,
            )
    # Above attract mode's bottom strip, which a demo or a replay shows.
    round_result(surface, scene.match, winner, (CENTRE, BOARD_Y + BOARD_PX + 42))


@lru_cache(maxsize=4)
def _band(width: int, height: int) -> pygame.Surface:
    band = pygame.Surface((width, height), pygame.SRCALPHA)
    band.fill((0, 0, 12, 170))
    return band
