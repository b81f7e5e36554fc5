"""One ANTI-GRAVITY field on screen: the grid, the S line, both dispensers and the cursor.

A :class:`FieldView` is laid out once for a field size and a cell size; its
static parts (frame, the two half-fields, grid, S line, dispenser rails) are
drawn once into a cached surface, and each frame only blits blocks on top.
Versus makes two of them.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from cabinet.games.antigravity.animation import FieldPicture
from cabinet.render import palette, sprites

UPPER_TINT = (16, 24, 58)  # the upper half-field, anchored to the top edge
LOWER_TINT = (30, 16, 52)  # the lower half-field, anchored to the bottom edge
S_LINE = (255, 80, 200)
S_LINE_GLOW = (120, 30, 100)
CURSOR_BAND = (255, 255, 255, 34)
RAIL = (60, 66, 120)
JAM = (255, 40, 40, 120)
BAND = (6, 2, 12)  # the widening horizon's band: near black ...
BAND_HAZE = (70, 12, 40)  # ... hazed toward its edges, where it glows

NEXT_SCALE = (
    0.85  # the next block's fraction of a cell: its shape still reads from 2 m (issue 41.5)
)
RAIL_GAP = 6  # pixels between the field and the current block
BORDER = 4


STONE = "+"  # a versus stone's letter in the engine's text


def block_colour(letter: str):
    if letter == STONE:
        return palette.STONE
    return palette.BLOCK_LETTERS.get(letter, palette.GREY)


def block_sprite(
    size: int, letter: str, style: str = "solid", symbols: bool = True
) -> pygame.Surface:
    """The cached sprite of a block of colour ``letter``, with its shape when ``symbols``.
    A stone (``+``) always shows its X: grey alone would not tell it from every colour."""
    if letter == STONE:
        symbol = palette.STONE_SYMBOL
    else:
        symbol = palette.BLOCK_SYMBOLS.get(letter, "") if symbols else ""
    return sprites.block(size, block_colour(letter), style, symbol)


@lru_cache(maxsize=64)
def _faded(cell: int, colour, alpha: int) -> pygame.Surface:
    """A see-through, slightly shrunk copy of a block: one ghost of a flight's trail."""
    inset = cell // 8
    ghost = pygame.Surface((cell, cell), pygame.SRCALPHA)
    ghost.fill((*colour, alpha), (inset, inset, cell - 2 * inset, cell - 2 * inset))
    return ghost


# A dispenser as drawn: its (current, next) colour letters, None for one a contest list has used up.
Dispenser = tuple[str | None, str | None]


def dispensers(game) -> tuple[Dispenser, Dispenser]:
    """``game``'s top and bottom dispensers, each as (current, next) colour letters: what
    :meth:`FieldView.draw` shows beside the cursor."""
    return (game.current("top"), game.next("top")), (game.current("bottom"), game.next("bottom"))


def dispenser_depth(cell: int) -> int:
    """Pixels a dispenser (current and next block) takes above or below the field."""
    return RAIL_GAP + cell + 4 + round(cell * NEXT_SCALE) + 4


class FieldView:
    """Draws a ``width`` x ``height`` field with its top-left corner at ``origin``."""

    def __init__(
        self, origin: tuple[int, int], width: int, height: int, cell: int, symbols: bool = True
    ):
        self.x, self.y = origin
        self.symbols = symbols  # a shape on each block (display.block_symbols)
        self.width, self.height, self.cell = width, height, cell
        self.half = height // 2
        self.rect = pygame.Rect(self.x, self.y, width * cell, height * cell)
        self.next_size = round(cell * NEXT_SCALE)
        self.outer = self.rect.inflate(2 * BORDER, 2 * BORDER)
        depth = dispenser_depth(cell)
        self.bounds = pygame.Rect(
            self.outer.x, self.rect.y - depth, self.outer.width, self.rect.height + 2 * depth
        )
        self._back = self._draw_static()
        self._band = pygame.Surface((cell, height * cell), pygame.SRCALPHA)
        self._band.fill(CURSOR_BAND)
        self._under: pygame.Surface | None = None  # the picture the field lies on (lies_on)
        self._bands: dict[int, pygame.Surface] = {}  # per column: the band laid over it, opaque
        self._jam = pygame.Surface((cell, height * cell), pygame.SRCALPHA)
        self._jam.fill(JAM)

    # ------------------------------------------------------------------ static
    def _draw_static(self) -> pygame.Surface:
        """Frame, tinted halves, grid dots, the S line and the dispenser rails, once."""
        surface = pygame.Surface(self.bounds.size, pygame.SRCALPHA)
        ox, oy = -self.bounds.x, -self.bounds.y
        field = self.rect.move(ox, oy)
        outer = self.outer.move(ox, oy)
        pygame.draw.rect(surface, palette.PANEL_EDGE, outer, border_radius=6)
        half_px = self.half * self.cell
        surface.fill(UPPER_TINT, (field.x, field.y, field.width, half_px))
        surface.fill(LOWER_TINT, (field.x, field.y + half_px, field.width, field.height - half_px))
        for col in range(1, self.width):
            x = field.x + col * self.cell
            pygame.draw.line(surface, palette.GRID_LINE, (x, field.y), (x, field.bottom - 1))
        for row in range(1, self.height):
            y = field.y + row * self.cell
            pygame.draw.line(surface, palette.GRID, (field.x, y), (field.right - 1, y))
        line_y = field.y + half_px
        pygame.draw.line(
            surface, S_LINE_GLOW, (outer.x, line_y - 3), (outer.right - 1, line_y - 3), 2
        )
        pygame.draw.line(
            surface, S_LINE_GLOW, (outer.x, line_y + 2), (outer.right - 1, line_y + 2), 2
        )
        pygame.draw.line(surface, S_LINE, (outer.x, line_y - 1), (outer.right - 1, line_y - 1), 3)
        for rail_y in (field.y - RAIL_GAP // 2 - 1, field.bottom + RAIL_GAP // 2):
            pygame.draw.line(surface, RAIL, (field.x, rail_y), (field.right - 1, rail_y), 2)
        return surface

    def draw_static(self, surface: pygame.Surface, depth: int = 0) -> None:
        """Draw the unchanging parts (into a layout's cached background), with the widening
        horizon's band ``depth`` rows deep on each side of the S line."""
        surface.blit(self._back, self.bounds)
        if depth:
            self._draw_band(surface, depth)

    def dispenser_rect(self, side: str) -> pygame.Rect:
        """The strip above (``side`` "top") or below ("bottom") the field, as wide as it,
        where that side's dispenser shows its current and next block at the cursor."""
        if side == "top":
            return pygame.Rect(self.x, self.bounds.y, self.rect.width, self.rect.y - self.bounds.y)
        return pygame.Rect(
            self.x, self.rect.bottom, self.rect.width, self.bounds.bottom - self.rect.bottom
        )

    def band_rect(self, depth: int) -> pygame.Rect:
        """The band ``depth`` rows a side, across the field."""
        top = self.y + (self.half - depth) * self.cell
        return pygame.Rect(self.x, top, self.width * self.cell, 2 * depth * self.cell)

    def _draw_band(self, surface: pygame.Surface, depth: int) -> None:
        """The band: black at the S line, hazing to a dull glow at its edges; the S line still
        runs through it (blocks still pass it), dimmed."""
        band = self.band_rect(depth)
        rows = 2 * depth * self.cell
        for y in range(rows):
            # 0 at the S line, 1 at the band's edges.
            edge = abs(y + 0.5 - rows / 2) / (rows / 2)
            mix = edge**3
            colour = tuple(round(a + (b - a) * mix) for a, b in zip(BAND, BAND_HAZE))
            pygame.draw.line(surface, colour, (band.x, band.y + y), (band.right - 1, band.y + y))
        for col in range(1, self.width):
            x = band.x + col * self.cell
            pygame.draw.line(surface, palette.GRID, (x, band.y), (x, band.bottom - 1))
        line_y = band.centery
        pygame.draw.line(
            surface, S_LINE_GLOW, (band.x, line_y - 1), (band.right - 1, line_y - 1), 3
        )

    def lies_on(self, picture: pygame.Surface) -> None:
        """The field's static parts are drawn into ``picture``, which each frame starts
        from: the see-through cursor band is then blended over it once per column and
        shown opaque, a copy instead of a blend of a whole column every frame."""
        self._under = picture
        self._bands.clear()

    def _band_at(self, column: int) -> pygame.Surface:
        if self._under is None:
            return self._band
        band = self._bands.get(column)
        if band is None:
            band = self._under.subsurface(
                (self.x + column * self.cell, self.y, *self._band.get_size())
            ).copy()
            band.blit(self._band, (0, 0))
            self._bands[column] = band
        return band

    # ------------------------------------------------------------------ per frame
    def cell_pos(self, row: float, col: int) -> tuple[int, int]:
        return self.x + col * self.cell, round(self.y + row * self.cell)

    def settled(self, picture: FieldPicture) -> dict:
        """The blocks at rest that do not flash: what :meth:`draw_settled` puts in a layer."""
        return {
            cell: letter for cell, letter in picture.cells.items() if cell not in picture.flashing
        }

    def draw_settled(self, surface: pygame.Surface, cells: dict) -> None:
        for (row, col), letter in cells.items():
            surface.blit(self._block(self.cell, letter), self.cell_pos(row, col))

    def draw(
        self,
        surface: pygame.Surface,
        picture: FieldPicture,
        cursor: int,
        top: Dispenser,
        bottom: Dispenser,
        frame: int = 0,
        show_cursor: bool = True,
        settled: dict | None = None,
    ) -> None:
        """Draw the field as ``picture`` shows it, and the dispensers at ``cursor``.

        ``top`` and ``bottom`` are (current, next) colour letters; ``frame``
        drives the glow of blocks crossing the S line. ``settled``: the blocks
        at rest (:meth:`settled`) already on ``surface``, drawn there under the
        cursor band, so only the band's column of them is drawn again, over it.
        The static parts are not drawn here: see :meth:`draw_static`.
        """
        cell = self.cell
        if show_cursor:
            surface.blit(self._band_at(cursor), (self.x + cursor * cell, self.y))
        flash_style = "flash" if picture.flash_on else "solid"
        for (row, col), letter in picture.cells.items():
            if (
                settled is not None
                and (row, col) in settled
                and not (show_cursor and col == cursor)
            ):
                continue
            style = flash_style if (row, col) in picture.flashing else "solid"
            surface.blit(self._block(cell, letter, style), self.cell_pos(row, col))
        if picture.movers:
            clip = surface.get_clip()
            surface.set_clip(self.rect.union(self.bounds))
            for mover in picture.movers:
                for age, trail_row in enumerate(mover.trail):
                    surface.blit(
                        _faded(cell, block_colour(mover.colour), 150 - 45 * age),
                        self.cell_pos(trail_row, mover.column),
                    )
                pos = self.cell_pos(mover.row, mover.column)
                surface.blit(self._block(cell, mover.colour), pos)
                if mover.passed:
                    self._glow(surface, pos, frame)
            surface.set_clip(clip)
        if picture.jam_column is not None and picture.flash_on:
            surface.blit(self._jam, (self.x + picture.jam_column * cell, self.y))
        if show_cursor:
            self._draw_dispensers(surface, cursor, top, bottom)

    def _block(self, size: int, letter: str, style: str = "solid") -> pygame.Surface:
        return block_sprite(size, letter, style, self.symbols)

    def _glow(self, surface: pygame.Surface, pos, frame: int) -> None:
        """A bright frame round a block passing the S line."""
        pulse = 0.5 + 0.5 * math.sin(frame * 0.6)
        colour = (255, 200 + int(55 * pulse), 255)
        pygame.draw.rect(surface, colour, (*pos, self.cell, self.cell), 3)

    def _draw_dispensers(self, surface, cursor: int, top: Dispenser, bottom: Dispenser) -> None:
        cell, small = self.cell, self.next_size
        x = self.x + cursor * cell
        small_x = x + (cell - small) // 2
        current_top = self.y - RAIL_GAP - cell
        current_bottom = self.rect.bottom + RAIL_GAP
        if top[0]:
            surface.blit(self._block(cell, top[0]), (x, current_top))
        if top[1]:
            surface.blit(self._block(small, top[1]), (small_x, current_top - 4 - small))
        if bottom[0]:
            surface.blit(self._block(cell, bottom[0]), (x, current_bottom))
        if bottom[1]:
            surface.blit(self._block(small, bottom[1]), (small_x, current_bottom + cell + 4))
