"""The ring timer: a ball runs once round a ring while a turn's time runs out.

Both versus screens and the ANTI-GRAVITY play screen show it. The ring is drawn
once per step of its sweep and cached, so a frame costs one blit and a circle.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from cabinet.render import palette, text

RING_STEPS = 120          # the ring's sweep is drawn in this many cached steps
RING_TRACK = (36, 40, 84)
BALL = (90, 170, 255)     # the original's blue ball
RING_KEY = (255, 0, 255)  # the colour key of the ring's surface: no ring is drawn in it
WARN_SECONDS = 3


def ring_colour(seconds_left: int):
    return palette.RED if seconds_left <= WARN_SECONDS else palette.CYAN


@lru_cache(maxsize=2 * RING_STEPS + 8)
def _ring(radius: int, thickness: int, step: int, colour) -> pygame.Surface:
    """The ring with ``step``/RING_STEPS of it still to run, lit in ``colour``."""
    size = 2 * radius + 4
    # Every pixel is either the ring's or not: a colour key shows it for a fraction of
    # the cost of a see-through surface's blend.
    surface = pygame.Surface((size, size))
    surface.fill(RING_KEY)
    surface.set_colorkey(RING_KEY)
    centre = (size / 2, size / 2)
    pygame.draw.circle(surface, RING_TRACK, centre, radius)
    pygame.draw.circle(surface, RING_KEY, centre, radius - thickness)
    if step:
        # The remaining time: an annulus segment from the ball's place back round to the top.
        start = 2 * math.pi * (1 - step / RING_STEPS)
        points = max(2, step)
        outer = [_polar(centre, radius, start + (2 * math.pi - start) * i / points) for i in range(points + 1)]
        inner = [_polar(centre, radius - thickness, a) for a in
                 (start + (2 * math.pi - start) * i / points for i in range(points, -1, -1))]
        pygame.draw.polygon(surface, colour, outer + inner)
    return surface.convert() if pygame.display.get_surface() else surface


def _polar(centre, radius: float, angle: float) -> tuple[float, float]:
    """Angle 0 at the top, growing clockwise, like a clock hand."""
    return centre[0] + radius * math.sin(angle), centre[1] - radius * math.cos(angle)


class RingTimer:
    """The original's turn clock: a ball runs once round the ring, then the block is pushed."""

    def __init__(self, radius: int, thickness: int | None = None):
        self.radius = radius
        self.thickness = thickness or max(6, radius // 6)

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], fraction: float,
             seconds_left: int, digits_size: int) -> None:
        step = max(0, min(RING_STEPS, math.ceil(fraction * RING_STEPS)))
        colour = ring_colour(seconds_left)
        ring = _ring(self.radius, self.thickness, step, colour)
        surface.blit(ring, ring.get_rect(center=centre))
        angle = 2 * math.pi * (1 - fraction)
        ball = _polar(centre, self.radius - self.thickness / 2, angle)
        ball_radius = max(4, self.thickness // 2 + 3)
        pygame.draw.circle(surface, palette.WHITE, ball, ball_radius + 1)
        pygame.draw.circle(surface, BALL, ball, ball_radius)
        text(surface, str(seconds_left), centre, digits_size, colour, "center")
