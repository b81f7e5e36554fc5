"""What the BLOCKS screen draws over its board and tray to say something at a glance:
the danger pulse, the tray mode, the pieces that no longer fit, the game-over banner."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from cabinet.language import tr
from cabinet.render import palette
from cabinet.render.glyphs import POINT_RIGHT, TRIANGLE_DOWN, TRIANGLE_UP
from cabinet.render.text import text

DANGER_SIZE = 28  # above the score labels' size: the warning must read from 2 m at a glance


def pulse(frame: int, period: int = 30) -> float:
    """0..1..0 once every ``period`` frames: for things that throb."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * frame / period)


def draw_danger(surface: pygame.Surface, board: pygame.Rect, frame: int) -> None:
    """A red frame round the board that throbs, and the word under it."""
    glow = pulse(frame)
    colour = tuple(int(a + (b - a) * glow) for a, b in zip((120, 20, 30), palette.RED))
    pygame.draw.rect(surface, colour, board.inflate(16, 16), 5 + round(3 * glow), border_radius=10)
    word = f" {tr('DANGER')} "
    label = text(
        surface, word, (board.centerx, board.y - 14), DANGER_SIZE, palette.WHITE, "midbottom"
    )
    if glow > 0.5:
        surface.fill(palette.RED, label.inflate(6, 4))
        text(surface, word, label.topleft, DANGER_SIZE, palette.WHITE)


@lru_cache(maxsize=4)
def _veil(width: int, height: int, alpha: int) -> pygame.Surface:
    sheet = pygame.Surface((width, height), pygame.SRCALPHA)
    sheet.fill((0, 0, 12, alpha))
    return sheet


def dim(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 120) -> None:
    """Darken ``rect``: what is not in play right now steps back."""
    surface.blit(_veil(rect.width, rect.height, alpha), rect)


def draw_tray_mode(
    surface: pygame.Surface, tray: pygame.Rect, chosen: pygame.Rect, frame: int
) -> None:
    """The hand is in the tray: a bright frame round it, a pointer at the piece, the keys above."""
    pygame.draw.rect(surface, palette.CYAN, tray.inflate(12, 12), 4, border_radius=12)
    nudge = round(4 * pulse(frame, 24))
    text(surface, POINT_RIGHT, (chosen.x - 4 + nudge, chosen.centery), 28, palette.CYAN, "midright")
    text(surface, tr("PICK A PIECE"), (tray.centerx, tray.y - 30), 21, palette.CYAN, "midbottom")
    keys = tr("{arrows} CHOOSE   A TAKE", arrows=TRIANGLE_UP + TRIANGLE_DOWN)
    text(
        surface,
        keys,
        (tray.centerx, tray.y - 10),
        14,
        palette.CYAN,
        "midbottom",
        max_width=tray.width + 40,
    )


def cross_out(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A tray piece that fits nowhere: dimmed, crossed in red."""
    dim(surface, rect.inflate(-6, -6), 90)
    inset = rect.inflate(-rect.height // 3, -rect.height // 3)
    pygame.draw.line(surface, palette.RED, inset.topleft, inset.bottomright, 6)
    pygame.draw.line(surface, palette.RED, inset.topright, inset.bottomleft, 6)


def draw_banner(
    surface: pygame.Surface, board: pygame.Rect, words: str, detail: str, colour
) -> None:
    """The game-over banner: a short band over the board's middle that lets the board show through."""
    band = pygame.Rect(board.x - 30, board.centery - 52, board.width + 60, 104)
    surface.blit(_veil(band.width, band.height, 150), band)
    pygame.draw.rect(surface, colour, band, 3, border_radius=10)
    text(surface, words, (band.centerx, band.y + 12), 56, colour, "midtop")
    text(surface, detail, (band.centerx, band.bottom - 10), 21, palette.WHITE, "midbottom")
