"""A screen-sized picture kept between frames and redrawn only when what it shows changes.

A game screen's backdrop, frames and settled pieces change a few times a minute but
were drawn with dozens of blits every frame; kept in a layer they cost one blit.
"""

from __future__ import annotations

import pygame


class Layer:
    """``show(surface, key, paint)``: blit the layer, first repainting it with
    ``paint(layer)`` when ``key`` (a value equal whenever the picture is) changed."""

    def __init__(self):
        self._surface: pygame.Surface | None = None
        self._key = None

    def show(self, surface: pygame.Surface, key, paint) -> None:
        if self._surface is None or self._surface.get_size() != surface.get_size():
            self._surface = pygame.Surface(surface.get_size()).convert(surface)
        elif self._key == key:
            surface.blit(self._surface, (0, 0))
            return
        paint(self._surface)
        self._key = key
        surface.blit(self._surface, (0, 0))
