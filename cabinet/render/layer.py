"""A screen-sized picture kept between frames and redrawn only when what it shows changes.

A game screen's backdrop, frames and settled pieces change a few times a minute but
were drawn with dozens of blits every frame; kept in a layer they cost one blit.

Every game screen keeps one or two such pictures (2 MB each at 960x540). Made new for
each screen and freed with it, they stayed in glibc's heap until the next trim, so the
cabinet's resident size jumped by megabytes at some screen changes; a picture handed
back when its screen is freed and reused by the next (:func:`screen_picture`) is
neither allocated nor freed again.
"""

from __future__ import annotations

import weakref

import pygame

SPARES = 3  # pictures kept for reuse: a screen, the next one, and a pair's second picture
_spares: list[pygame.Surface] = []


def screen_picture(owner, size: tuple[int, int], like: pygame.Surface | None) -> pygame.Surface:
    """A picture of ``size`` in ``like``'s pixel format for ``owner`` to keep: a spare
    reused when one fits, handed back when ``owner`` is freed (so the owner must not share
    it with anything that outlives it). Its pixels are whatever its last owner left: paint
    it whole. With no ``like`` (no screen yet) it is a plain new picture, not reused."""
    if like is None:
        return pygame.Surface(size)
    kind = (tuple(size), like.get_bitsize(), like.get_masks())
    for index, spare in enumerate(_spares):
        if (spare.get_size(), spare.get_bitsize(), spare.get_masks()) == kind:
            picture = _spares.pop(index)
            break
    else:
        picture = pygame.Surface(size, 0, like)
    weakref.finalize(owner, _give_back, picture).atexit = False
    return picture


def _give_back(picture: pygame.Surface) -> None:
    if len(_spares) < SPARES:
        _spares.append(picture)


class Layer:
    """``show(surface, key, paint)``: blit the layer, first repainting it with
    ``paint(layer)`` when ``key`` (a value equal whenever the picture is) changed."""

    def __init__(self):
        self._surface: pygame.Surface | None = None
        self._key = None

    def show(self, surface: pygame.Surface, key, paint) -> None:
        if self._surface is None or self._surface.get_size() != surface.get_size():
            self._surface = screen_picture(self, surface.get_size(), surface)
        elif self._key == key:
            surface.blit(self._surface, (0, 0))
            return
        paint(self._surface)
        self._key = key
        surface.blit(self._surface, (0, 0))
