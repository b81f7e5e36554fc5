"""Shapes drawn on ANTI-GRAVITY blocks, so that no player has to tell them apart by colour alone.

Each block colour has its own shape (as Panel de Pon gives its panels a heart, a star or a
diamond). The shapes differ in outline, not only in size (a ring, a point up, a point down,
five points, a rhombus), so that they read at a glance at the size of a field's cell. A
versus stone, which has no colour, carries an X.
"""

from __future__ import annotations

import math

import pygame


def _star(cx: float, cy: float, outer: float) -> list[tuple[float, float]]:
    inner = outer * 0.45
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw(surface: pygame.Surface, shape: str, rect: pygame.Rect, colour) -> None:
    """Draw ``shape`` filled with ``colour``, centred in ``rect``."""
    cx, cy = rect.center
    r = min(rect.width, rect.height) / 2
    if shape == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r, max(2, round(r * 0.42)))  # a ring
    elif shape == "triangle":
        pygame.draw.polygon(
            surface, colour, [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
        )
    elif shape == "diamond":
        pygame.draw.polygon(
            surface, colour, [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)]
        )
    elif shape == "star":
        pygame.draw.polygon(surface, colour, _star(cx, cy + r * 0.08, r * 1.05))
    elif shape == "heart":
        lobe = r * 0.52
        pygame.draw.circle(surface, colour, (cx - lobe * 0.9, cy - r * 0.3), lobe)
        pygame.draw.circle(surface, colour, (cx + lobe * 0.9, cy - r * 0.3), lobe)
        pygame.draw.polygon(
            surface,
            colour,
            [(cx - r * 0.98, cy - r * 0.18), (cx + r * 0.98, cy - r * 0.18), (cx, cy + r)],
        )
    elif shape == "cross":  # a stone's X: straight bars corner to corner, unlike any colour's shape
        bar = max(2, round(r * 0.42))
        pygame.draw.line(surface, colour, (cx - r, cy - r), (cx + r, cy + r), bar)
        pygame.draw.line(surface, colour, (cx - r, cy + r), (cx + r, cy - r), bar)
    else:
        raise ValueError(f"no block symbol named {shape!r}")
