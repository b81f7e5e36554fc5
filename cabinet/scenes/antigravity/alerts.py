"""What an ANTI-GRAVITY field shows besides its blocks: points rising where they were
earned, a stack about to cross the S line, the last seconds before a forced push,
and after a game over the column that ended it."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from cabinet import FPS
from cabinet.games.antigravity.seat import BREAK_FRAMES
from cabinet.games.antigravity.stacks import anchored_runs, crossed_columns
from cabinet.language import tr
from cabinet.render import glyphs, palette
from cabinet.render.text import fit_size, text, text_size
from cabinet.render.wrap import wrapped
from cabinet.scenes.antigravity.field_view import STONE, block_sprite
from cabinet.scenes.kit.callout import draw_callout
from cabinet.scenes.kit.widgets import READABLE

FORCED_WARN_FRAMES = 2 * FPS  # the forced push is counted down over its last two seconds
DIGIT_GAP = 4  # between the forced push's block and its countdown
TONES = {
    "chain": palette.YELLOW,
    "through": palette.MAGENTA,
    "warn": palette.RED,
    "attack": palette.ORANGE,
    "cancel": palette.GREEN,
}


def throb(frame: int, period: int = 24) -> float:
    """0..1..0 once every ``period`` frames."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * frame / period)


@lru_cache(maxsize=16)
def _tint(width: int, height: int, colour, alpha: int) -> pygame.Surface:
    sheet = pygame.Surface((width, height), pygame.SRCALPHA)
    sheet.fill((*colour, alpha))
    return sheet


def column_rect(view, column: int) -> pygame.Rect:
    return pygame.Rect(view.x + column * view.cell, view.y, view.cell, view.height * view.cell)


def draw_popups(surface: pygame.Surface, view, popups) -> None:
    """The field's popup (one at a time), on the kit's callout plate so it reads over any
    block: points rise from where they were earned, a chain's count (or an attack) stands big
    over the field with its points under it. Each stays inside the field, never over a
    dispenser or the panels beside it."""
    inside = view.rect.inflate(-4, -4)
    for popup in popups:
        words = tr(popup.words, **popup.fields)
        colour = TONES.get(popup.tone, palette.WHITE)
        y = view.y + round(popup.row * view.cell) - popup.age
        if popup.big:
            detail = tr(popup.detail, **popup.fields) if popup.detail else ""
            draw_callout(surface, words, colour, 49, inside, (inside.centerx, y), detail, 28)
        else:
            draw_callout(
                surface, words, colour, 28, inside, (view.x + round(popup.column * view.cell), y)
            )


def draw_breaking(surface: pygame.Surface, view, breaking) -> None:
    """Popped stones breaking: each splits into its four quarters, which fly apart, fall and
    shrink (as a cleared BLOCKS cell does), so a stone is seen to break, not just to vanish."""
    cell = view.cell
    half = cell // 2
    for piece in breaking:
        if piece.age < 0:
            continue
        t = piece.age / BREAK_FRAMES
        size = max(2, round(half * (1 - 0.6 * t)))
        row, column = piece.cell
        for quarter, (d_row, d_col) in enumerate(((-1, -1), (-1, 1), (1, -1), (1, 1))):
            y = row + 0.5 + (0.25 + 0.8 * t) * d_row + 1.5 * t * t
            x = column + 0.5 + (0.25 + 1.2 * t) * d_col
            where = (view.x + round(x * cell) - size // 2, view.y + round(y * cell) - size // 2)
            surface.blit(_shard(cell, quarter, size), where)


@lru_cache(maxsize=256)
def _shard(cell: int, quarter: int, size: int) -> pygame.Surface:
    """One quarter of a stone's own sprite (its grey and its X), at ``size`` pixels."""
    half = cell // 2
    stone = block_sprite(cell, STONE)
    piece = stone.subsurface(((quarter % 2) * half, (quarter // 2) * half, half, half))
    return pygame.transform.scale(piece, (size, size))


def draw_danger(
    surface: pygame.Surface, view, columns, frame: int, cells=(), depth: int = 0
) -> None:
    """A stack at the S line (or the band ``depth`` rows a side): its column's caps on the
    field's frame throb red, and its empty cells outside the band glow, edged red. Nothing
    is drawn over a block of ``cells``: the player must still read its colour exactly, and
    the band stays dark."""
    glow = throb(frame)
    cell = view.cell
    shade = _tint(cell, cell, palette.RED, 30 + round(70 * glow))
    edge = 1 + round(glow)
    band = range(view.half - depth, view.half + depth)
    for column in columns:
        for row in range(view.height):
            if (row, column) in cells or row in band:
                continue
            x, y = view.cell_pos(row, column)
            surface.blit(shade, (x, y))
            surface.fill(palette.RED, (x, y, edge, cell))
            surface.fill(palette.RED, (x + cell - edge, y, edge, cell))
        x = view.x + column * cell
        cap = view.rect.y - view.outer.y
        colour = palette.RED if glow > 0.5 else palette.ORANGE
        surface.fill(colour, (x, view.outer.y, cell, cap))
        surface.fill(colour, (x, view.rect.bottom, cell, cap))


def draw_horizon(surface: pygame.Surface, view, seat, picture) -> None:
    """The widening horizon over a field: the band's edges glowing, and a coming row as a
    darkening of its empty cells (a block keeps its colour), a throbbing frame and the
    turns left beside it. The band itself lies in the static picture, under the blocks."""
    depth, due = seat.horizon
    frame = seat.frame
    cell = view.cell
    if depth:
        band = view.band_rect(depth)
        glow = throb(frame, 90)
        colour = (255, 60 + round(80 * glow), 30 + round(40 * glow))
        for y in (band.y, band.bottom - 1):
            pygame.draw.line(surface, colour, (view.outer.x, y), (view.outer.right - 1, y), 2)
    if due is None:
        return
    # The fewer turns left, the faster the coming row throbs.
    pulse = throb(frame, 12 + 12 * min(due, 3))
    rows = (view.half - depth - 1, view.half + depth)
    shade = _tint(cell, cell, palette.SHADOW, 70 + round(90 * pulse))
    for row in rows:
        for column in range(view.width):
            if (row, column) not in picture.cells:
                surface.blit(shade, view.cell_pos(row, column))
        box = pygame.Rect(view.x, view.y + row * cell, view.width * cell, cell)
        pygame.draw.rect(surface, palette.ORANGE if pulse < 0.5 else palette.RED, box, 2)
        for x, anchor in ((view.outer.x - 6, "midright"), (view.outer.right + 6, "midleft")):
            text(surface, str(due), (x, box.centery), 21, palette.ORANGE, anchor)


def forced_seconds(game) -> int | None:
    """The seconds left before the forced push, in its last two seconds; else None."""
    left = game.frames_left
    if not 0 < left <= FORCED_WARN_FRAMES:
        return None
    return math.ceil(left / FPS)


def draw_forced_countdown(surface: pygame.Surface, view, game, frame: int) -> pygame.Rect | None:
    """The last two seconds of a turn: the seconds left, big and red, in the dispenser strip
    of the side the block will come from, right beside that block. It covers nothing of the
    field: the column it is about to push into is what the player must read now (issue 41.4).
    The rectangle drawn, or None outside those two seconds."""
    seconds = forced_seconds(game)
    if seconds is None:
        return None
    digits = str(seconds)
    strip = view.dispenser_rect(game.forced_side)
    block = pygame.Rect(view.x + game.cursor * view.cell, strip.y, view.cell, strip.height)
    before, after = block.x - strip.x, strip.right - block.right
    size = _largest(digits, strip.height, max(before, after) - DIGIT_GAP)
    # The digit swells at the start of each second, like a heartbeat.
    into = (FPS - game.frames_left % FPS) % FPS
    if into >= 10:
        size = max(glyphs.HEIGHT, size - glyphs.HEIGHT)
    if after >= before:
        return text(
            surface, digits, (block.right + DIGIT_GAP, strip.centery), size, palette.RED, "midleft"
        )
    return text(
        surface, digits, (block.x - DIGIT_GAP, strip.centery), size, palette.RED, "midright"
    )


def _largest(string: str, height: int, width: int) -> int:
    """The largest text size at which ``string`` fits ``width`` x ``height``."""
    size = glyphs.HEIGHT
    while True:
        bigger = size + glyphs.HEIGHT
        w, h = text_size(string, bigger)
        if w > width or h > height:
            return size
        size = bigger


def draw_cause(surface: pygame.Surface, view, seat, frame: int) -> None:
    """After a game over, the column that ended it blinks red, named over the field."""
    game = seat.game
    turn = seat.last_turn
    if turn is not None and turn.jam:
        columns, words = frozenset({turn.column}), tr("JAMMED!")
    else:
        columns = crossed_columns(seat.picture().cells, game.width, game.height, seat.horizon[0])
        words = (
            tr("INTO THE HORIZON!") if turn is not None and turn.by_band else tr("OVER THE LINE!")
        )
    if not columns:
        return
    lit = (frame // 12) % 2 == 0
    for column in columns:
        rect = column_rect(view, column)
        surface.blit(_tint(rect.width, rect.height, palette.RED, 90 if lit else 40), rect)
        pygame.draw.rect(surface, palette.WHITE if lit else palette.RED, rect.inflate(4, 4), 4)
    # Within the field's frame (a drawn round shows both fields' causes side by side): at
    # READABLE or more, on two lines where one does not fit.
    room = view.outer.width - 12
    size = fit_size(words, 28, room)
    lines = [words] if size >= READABLE else wrapped(words, READABLE, room)
    size = max(size, READABLE)
    line_height = text_size(words, size)[1] + 4  # two lines never touch
    # On a dark plate: the S line and the lit column run right through where the words go.
    width = max(text_size(line, size)[0] for line in lines)
    plate = pygame.Rect(0, 0, width, line_height * len(lines)).inflate(12, 8)
    plate.center = (view.rect.centerx, view.y + view.half * view.cell)
    if turn is not None and turn.by_band:
        # The stack that ended it stands in the band: the words go to the other half.
        quarter = view.height * view.cell // 4
        upper, lower = anchored_runs(seat.picture().cells, min(columns), game.height)
        plate.centery = view.y + (quarter if lower > upper else 3 * quarter)
    surface.blit(_tint(plate.width, plate.height, palette.SHADOW, 220), plate)
    for index, line in enumerate(lines):
        text(
            surface,
            line,
            (plate.centerx, plate.y + 4 + index * line_height),
            size,
            palette.WHITE,
            "midtop",
        )
