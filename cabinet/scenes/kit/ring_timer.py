"""The ring timer: a ball runs once round a ring while a turn's time runs out.

Both versus screens and the ANTI-GRAVITY play screen show it. The ring is drawn
once dark and once lit and cached, so a frame costs a few blits and a small
polygon.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from cabinet.render import palette
from cabinet.render.text import text

RING_STEPS = 120  # the ring's sweep is drawn in this many cached steps
RING_TRACK = (36, 40, 84)
BALL = (90, 170, 255)  # the original's blue ball
RING_KEY = (255, 0, 255)  # the colour key of the ring's surface: no ring is drawn in it
WARN_SECONDS = 3


def ring_colour(seconds_left: int):
    return palette.RED if seconds_left <= WARN_SECONDS else palette.CYAN


@lru_cache(maxsize=16)
def _ring(radius: int, thickness: int, colour) -> pygame.Surface:
    """The ring's track, lit all round in ``colour``, or dark when ``colour`` is None."""
    size = 2 * radius + 4
    # Every pixel is either the ring's or not: a colour key shows it for a fraction of
    # the cost of a see-through surface's blend.
    surface = pygame.Surface((size, size))
    surface.fill(RING_KEY)
    surface.set_colorkey(RING_KEY)
    centre = (size / 2, size / 2)
    pygame.draw.circle(surface, RING_TRACK, centre, radius)
    pygame.draw.circle(surface, RING_KEY, centre, radius - thickness)
    if colour is not None:
        pygame.draw.polygon(surface, colour, _segment(radius, thickness, 0, RING_STEPS))
    return surface.convert() if pygame.display.get_surface() else surface


def _segment(radius: int, thickness: int, first: int, last: int) -> list:
    """The corners of the ring's part from step ``first`` round to step ``last`` (0 at the top,
    clockwise), on the ring's own surface."""
    outer, inner = _edges(radius, thickness)
    return outer[first : last + 1] + inner[first : last + 1][::-1]


@lru_cache(maxsize=8)
def _edges(radius: int, thickness: int) -> tuple[list, list]:
    """The ring's outer and inner edge at every step, on the ring's own surface."""
    centre = (radius + 2, radius + 2)
    angles = [2 * math.pi * i / RING_STEPS for i in range(RING_STEPS + 1)]
    return [_polar(centre, radius, a) for a in angles], [
        _polar(centre, radius - thickness, a) for a in angles
    ]


def _draw_ring(
    surface: pygame.Surface, radius: int, thickness: int, step: int, colour, centre: tuple[int, int]
) -> None:
    """The ring with ``step``/RING_STEPS of it still to run, lit in ``colour``, about ``centre``.

    The time still to run is the lit ring's quarters that are wholly lit, and a polygon for the
    quarter the ball is in: one picture per step would keep hundreds, some still new hours on."""
    dark, lit = _ring(radius, thickness, None), _ring(radius, thickness, colour)
    rect = dark.get_rect(center=centre)
    first = RING_STEPS - step  # the step the ball is at; lit from there round to the top
    quarter = RING_STEPS // 4
    half = rect.width // 2
    for index, (x, y) in enumerate(
        ((half, 0), (half, half), (0, half), (0, 0))
    ):  # clockwise from the top
        picture = lit if index * quarter >= first else dark
        surface.blit(picture, (rect.x + x, rect.y + y), (x, y, half, half))
    if first % quarter:
        corners = _segment(radius, thickness, first, (first // quarter + 1) * quarter)
        pygame.draw.polygon(surface, colour, [(rect.x + x, rect.y + y) for x, y in corners])


def _polar(centre, radius: float, angle: float) -> tuple[float, float]:
    """Angle 0 at the top, growing clockwise, like a clock hand."""
    return centre[0] + radius * math.sin(angle), centre[1] - radius * math.cos(angle)


class RingTimer:
    """The original's turn clock: a ball runs once round the ring, then the block is pushed."""

    def __init__(self, radius: int, thickness: int | None = None):
        self.radius = radius
        self.thickness = thickness or max(6, radius // 6)

    def draw(
        self,
        surface: pygame.Surface,
        centre: tuple[int, int],
        fraction: float,
        seconds_left: int,
        digits_size: int,
    ) -> None:
        step = max(0, min(RING_STEPS, math.ceil(fraction * RING_STEPS)))
        colour = ring_colour(seconds_left)
        _draw_ring(surface, self.radius, self.thickness, step, colour, centre)
        angle = 2 * math.pi * (1 - fraction)
        ball = _polar(centre, self.radius - self.thickness / 2, angle)
        ball_radius = max(4, self.thickness // 2 + 3)
        pygame.draw.circle(surface, palette.WHITE, ball, ball_radius + 1)
        pygame.draw.circle(surface, BALL, ball, ball_radius)
        text(surface, str(seconds_left), centre, digits_size, colour, "center")
