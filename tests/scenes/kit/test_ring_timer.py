"""The ring timer (cabinet/scenes/kit/ring_timer.py): the time still to run is lit from the ball
round to the top, and a turn's every step draws from the same two pictures."""

import math

import pygame
import pytest

from cabinet.render import palette
from cabinet.scenes.kit import ring_timer
from cabinet.scenes.kit.ring_timer import RING_STEPS, RingTimer

CENTRE = (80, 80)


@pytest.fixture(scope="module", autouse=True)
def screen():
    pygame.init()
    pygame.display.set_mode((1, 1))


def lit_angles(fraction: float, radius: int = 66) -> list[float]:
    """The clock angle (0 at the top, clockwise) of every lit pixel of the ring at ``fraction``."""
    surface = pygame.Surface((160, 160))
    ring_timer._draw_ring(
        surface, radius, 11, math.ceil(fraction * RING_STEPS), palette.CYAN, CENTRE
    )
    angles = []
    for x in range(160):
        for y in range(160):
            if tuple(surface.get_at((x, y)))[:3] == palette.CYAN:
                angles.append(math.atan2(x + 0.5 - CENTRE[0], CENTRE[1] - y - 0.5) % (2 * math.pi))
    return angles


@pytest.mark.parametrize("fraction", [1.0, 0.9, 0.75, 0.6, 0.5, 0.3, 0.25, 0.1, 0.02])
def test_the_time_still_to_run_is_lit_from_the_ball_round_to_the_top(fraction):
    whole = len(lit_angles(1.0))
    angles = lit_angles(fraction)
    share = math.ceil(fraction * RING_STEPS) / RING_STEPS
    assert len(angles) == pytest.approx(
        share * whole, rel=0.03, abs=20
    )  # 20: the cut's edge pixels
    start = 2 * math.pi * (1 - share)
    assert all(a >= start - 0.05 or a < 0.05 for a in angles), "nothing is lit before the ball"


def test_no_time_left_lights_nothing():
    assert lit_angles(0.0) == []


def test_a_whole_turn_adds_no_picture_per_step():
    """A turn runs through the ring's 120 steps in whatever order the players' speed makes; each
    step drawn as its own picture kept new ones coming for hours (issue 22's soak)."""
    ring_timer._ring.cache_clear()
    surface = pygame.Surface((300, 300))
    for frame in range(600, -1, -1):
        RingTimer(66).draw(surface, (150, 150), frame / 600, frame // 60, 28)
    assert ring_timer._ring.cache_info().currsize == 3  # dark, and lit in each of the two colours
