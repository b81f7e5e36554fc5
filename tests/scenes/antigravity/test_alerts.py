"""ANTI-GRAVITY's danger cue: it shows, and never changes a block's colour."""

import pygame

from cabinet.games.antigravity.animation import grid_from_text
from cabinet.scenes.antigravity import alerts
from cabinet.scenes.antigravity.field_view import FieldView

ROWS = ["......"] * 7 + ["Y.....", "Y.....", "G.....", "Y.....", "Y....."]


def pixels(surface, rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def test_a_block_in_danger_keeps_its_exact_pixels_while_its_column_throbs(tmp_path):
    view = FieldView((300, 90), 6, 12, 30)
    cells = {cell: letter for cell, letter in grid_from_text(ROWS).items() if letter}
    normal = pygame.Surface((960, 540))
    view.draw_static(normal)
    view.draw_settled(normal, cells)
    for frame in range(0, 24, 3):                        # every phase of the throb
        shown = normal.copy()
        alerts.draw_danger(shown, view, {0}, frame, cells)
        for row, column in cells:
            block = pygame.Rect(*view.cell_pos(row, column), view.cell, view.cell)
            assert pixels(shown, block) == pixels(normal, block), f"block {row},{column} at frame {frame}"
        empty = pygame.Rect(*view.cell_pos(0, 0), view.cell, view.cell)
        assert pixels(shown, empty) != pixels(normal, empty), "the column's empty cells glow"
        cap = pygame.Rect(view.x, view.outer.y, view.cell, view.rect.y - view.outer.y)
        assert pixels(shown, cap) != pixels(normal, cap), "the frame throbs at the column's ends"
    pygame.image.save(shown.subsurface(view.bounds), str(tmp_path / "danger.png"))
