"""The BLOCKS preview of a move: clear over any colour, for a player who glances.

Where the piece fits, its ghost is a green outline with a faint green fill (it
only ever lies over empty cells). Where it does not, each cell is darkened,
crossed in red and ringed in white, a colour no piece has, so the preview reads
even over a red piece. A piece only passing over filled cells on its way (the
hand has not stopped there yet) is a plain white outline: no red flashes along a
path, only where the hand rests.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from cabinet.render import palette
from cabinet.render.sprites import block

# A piece that does not fit is crossed out once the hand has rested on its spot this long:
# passing over filled cells on the way shows no red (a held stick repeats every 4 frames).
REST_FRAMES = 14


def ghost(size: int, fits: bool, passing: bool = False) -> pygame.Surface:
    """The preview sprite of one cell of a piece; ``passing``: the hand is still moving."""
    if fits:
        return block(size, palette.GHOST_OK, "ghost")
    return _passing(size) if passing else _blocked(size)


@lru_cache(maxsize=8)
def _passing(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 60))
    pygame.draw.rect(surface, palette.WHITE, surface.get_rect(), max(2, size // 12))
    return surface


@lru_cache(maxsize=8)
def _blocked(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 150))  # dims whatever lies under it
    edge = max(2, size // 12)
    pygame.draw.rect(surface, palette.GHOST_BAD, surface.get_rect(), edge)
    pygame.draw.rect(surface, palette.WHITE, surface.get_rect().inflate(-2 * edge, -2 * edge), 2)
    inset = size // 4
    width = max(3, size // 9)
    pygame.draw.line(
        surface, palette.GHOST_BAD, (inset, inset), (size - inset, size - inset), width
    )
    pygame.draw.line(
        surface, palette.GHOST_BAD, (size - inset, inset), (inset, size - inset), width
    )
    return surface
