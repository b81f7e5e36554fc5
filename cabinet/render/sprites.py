"""Cached sprites: bevelled blocks and framed panels, drawn once per size and colour."""

from __future__ import annotations

from functools import lru_cache

import pygame

from cabinet.render import palette, symbols


def _shade(colour, factor: float):
    return tuple(max(0, min(255, int(c * factor))) for c in colour)


@lru_cache(maxsize=512)
def block(size: int, colour, style: str = "solid", symbol: str = "") -> pygame.Surface:
    """A square block of ``size`` pixels.

    ``style``: "solid" (bevelled, lit from the top left), "ghost" (an outline with
    a tinted fill, for previews) or "flash" (bright, for clears). ``symbol`` names a
    shape of :mod:`cabinet.render.symbols` drawn dark on its face ("" for none).
    """
    colour = tuple(colour)
    if style == "ghost":
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        surface.fill((*colour, 70))
        pygame.draw.rect(surface, (*colour, 255), surface.get_rect(), max(2, size // 12))
        _mark(surface, symbol, (*_ink(colour), 255))
        return surface
    surface = pygame.Surface((size, size))
    if style == "flash":
        colour = palette.FLASH
    edge = max(2, size // 8)
    surface.fill(_shade(colour, 0.55))
    # Light top-left bevel, dark bottom-right bevel, a face in the middle.
    pygame.draw.polygon(
        surface,
        _shade(colour, 1.35),
        [(0, 0), (size, 0), (size - edge, edge), (edge, edge), (edge, size - edge), (0, size)],
    )
    surface.fill(colour, (edge, edge, size - 2 * edge, size - 2 * edge))
    shine = max(1, size // 6)
    surface.fill(_shade(colour, 1.2), (edge, edge, size - 2 * edge, shine))
    _mark(surface, symbol, _ink(colour))
    return surface.convert() if pygame.display.get_surface() else surface


def _ink(colour):
    """The colour a shape is drawn in on a face of ``colour``: dark on a light face, light on a
    dark one, so that it reads by lightness, whatever colours one sees."""
    r, g, b = colour[:3]
    light = 0.3 * r + 0.59 * g + 0.11 * b > 110
    return _shade(colour, 0.4) if light else tuple(min(255, 150 + c // 2) for c in colour[:3])


def _mark(surface: pygame.Surface, symbol: str, colour) -> None:
    """The block's shape, drawn on its face in ``colour``."""
    if symbol and surface.get_width() >= 10:
        size = surface.get_width()
        box = pygame.Rect(0, 0, size * 0.56, size * 0.56)
        box.center = (size // 2, size // 2 + 1)
        symbols.draw(surface, symbol, box, colour)


@lru_cache(maxsize=128)
def panel(width: int, height: int, edge=palette.PANEL_EDGE, fill=palette.PANEL) -> pygame.Surface:
    """A framed rectangle with rounded corners, for boards, score boxes and menus."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (*fill, 235), rect, border_radius=10)
    pygame.draw.rect(surface, tuple(edge), rect, 3, border_radius=10)
    return surface.convert_alpha() if pygame.display.get_surface() else surface


@lru_cache(maxsize=8)
def veil(width: int, height: int, rgba) -> pygame.Surface:
    """A see-through sheet of one colour (``rgba``) laid over a picture to dim it; made once."""
    sheet = pygame.Surface((width, height), pygame.SRCALPHA)
    sheet.fill(rgba)
    return sheet


@lru_cache(maxsize=8)
def backdrop(width: int, height: int) -> pygame.Surface:
    """The stage behind every screen: a dark vertical gradient with faint scan lines."""
    surface = pygame.Surface((width, height))
    top, bottom = palette.BACKGROUND_GLOW, palette.BACKGROUND
    for y in range(height):
        t = y / max(1, height - 1)
        surface.fill(tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)), (0, y, width, 1))
    for y in range(0, height, 4):
        surface.fill(_shade(palette.BACKGROUND, 0.7), (0, y, width, 1))
    return surface.convert() if pygame.display.get_surface() else surface
