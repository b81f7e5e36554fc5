"""Stones on their way, in both games' versus: an attack flying to the other board's meter,
or cancelling at home.

A :class:`Flight` moves a bundle of stones along an arc from where the lines (or a chain)
cleared to a pending meter, in frames. When it arrives, the meter it aims at shows the
change (more stones waiting, or fewer, with a burst where the attack met them), so a
player sees every attack coming before it can land. :func:`draw_flights` draws them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cabinet.render import palette
from cabinet.render.text import text

FLIGHT_FRAMES = 34  # across the screen
CANCEL_FRAMES = 20  # to the mover's own meter, close by
BURST_FRAMES = 18  # the flash where an attack meets the stones it cancels
ARC = 120  # how high the arc rises above the straight line, in pixels


@dataclass
class Flight:
    """``count`` stones from ``start`` to ``end`` (pixels); ``arrive`` runs when they get there."""

    start: tuple[float, float]
    end: tuple[float, float]
    count: int
    frames: int
    arrive: Callable[[], None]
    cancel: bool = False  # meets the mover's own pending stones (drawn as a clash)
    age: int = 0

    @property
    def done(self) -> bool:
        return self.age >= self.frames

    def position(self, age: int | None = None) -> tuple[float, float]:
        """Where the bundle is (at ``age`` frames, default now): an arc over the straight line."""
        age = self.age if age is None else age
        t = max(0.0, min(1.0, age / self.frames))
        t = t * t * (3 - 2 * t)
        (x0, y0), (x1, y1) = self.start, self.end
        lift = ARC if not self.cancel else ARC // 3
        x = x0 + (x1 - x0) * t
        y = y0 + (y1 - y0) * t - lift * 4 * t * (1 - t)
        return x, y


@dataclass
class Burst:
    """Stones cancelled at a meter: a flash that grows and fades."""

    pos: tuple[float, float]
    count: int
    age: int = 0

    @property
    def done(self) -> bool:
        return self.age >= BURST_FRAMES


class Flights:
    """Every bundle in the air and every burst; :meth:`update` once a frame."""

    def __init__(self):
        self.flights: list[Flight] = []
        self.bursts: list[Burst] = []

    def launch(self, flight: Flight) -> None:
        self.flights.append(flight)

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.bursts)

    def frames_to(self, x: float) -> int:
        """Frames until every bundle flying to the meter at ``x`` has arrived (0: none)."""
        return max(
            (flight.frames - flight.age for flight in self.flights if flight.end[0] == x), default=0
        )

    def update(self) -> None:
        for flight in self.flights:
            flight.age += 1
        for burst in self.bursts:
            burst.age += 1
        arrived = [flight for flight in self.flights if flight.done]
        self.flights = [flight for flight in self.flights if not flight.done]
        self.bursts = [burst for burst in self.bursts if not burst.done]
        for flight in arrived:
            if flight.cancel:
                self.bursts.append(Burst(flight.end, flight.count))
            flight.arrive()


def draw_flights(
    surface: pygame.Surface, flights: Flights, stone: Callable[[int], pygame.Surface]
) -> None:
    """Each bundle in the air as a few stones trailing along its arc, ringed orange (an attack)
    or green (a cancel) with its count over it, and each burst; ``stone(size)`` is a stone's
    sprite in the game's own look."""
    for flight in flights.flights:
        x, y = flight.position()
        size = 16 if flight.cancel else 24
        sprite = stone(size)
        for index in range(min(flight.count, 5)):
            # The bundle trails behind its head along the way it came.
            back = flight.position(flight.age - 2 * index)
            surface.blit(sprite, (int(back[0]) - size // 2, int(back[1]) - size // 2))
        glow = palette.GREEN if flight.cancel else palette.ORANGE
        pygame.draw.circle(surface, glow, (int(x), int(y)), size, 2)
        text(surface, str(flight.count), (int(x), int(y) - size - 2), 21, glow, "midbottom")
    for burst in flights.bursts:
        t = burst.age / BURST_FRAMES
        radius = int(10 + 40 * t)
        colour = palette.WHITE if burst.age < BURST_FRAMES // 2 else palette.GREEN
        pygame.draw.circle(
            surface,
            colour,
            (int(burst.pos[0]), int(burst.pos[1])),
            radius,
            max(1, int(6 * (1 - t))),
        )
