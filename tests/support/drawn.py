"""Spying on what a screen writes: each string with the rectangle it lands in."""

from __future__ import annotations

import sys

import pygame


def spy_text(monkeypatch, *modules) -> list[tuple[str, pygame.Rect]]:
    """Every string the ``modules`` draw with their ``text`` from now on, with where it lands."""
    drawn = []
    real = modules[0].text

    def spy(surface, words, pos, size, colour, align="topleft", shadow=True, max_width=None):
        rect = real(surface, words, pos, size, colour, align, shadow, max_width)
        drawn.append((words, rect))
        return rect

    for module in modules:
        monkeypatch.setattr(module, "text", spy)
    return drawn


def overlapping(drawn) -> list[tuple[str, str]]:
    """The pairs of strings in ``drawn`` whose rectangles meet (each item: the string first, its
    rectangle last, as :func:`spy_text` and :func:`spy_sizes` record them)."""
    return [
        (a, b)
        for index, (a, *_, rect_a) in enumerate(drawn)
        for b, *_, rect_b in drawn[index + 1 :]
        if rect_a.colliderect(rect_b)
    ]


def spy_sizes(monkeypatch, *modules):
    """Every ``(words, size, rect)`` the ``modules`` draw with their ``text`` from now on (with no
    modules: every cabinet module drawing with the text layer's own ``text``), and the spy itself."""
    seen = []
    real = sys.modules["cabinet.render.text"].text
    fit_size = sys.modules["cabinet.render.text"].fit_size

    def spy(surface, words, pos, size, colour, align="topleft", shadow=True, max_width=None):
        if max_width is not None:  # the size it is drawn at
            size = fit_size(words, size, max_width)
        rect = real(surface, words, pos, size, colour, align, shadow)
        seen.append((words, size, rect))
        return rect

    targets = modules or [
        module
        for module in list(sys.modules.values())
        if getattr(module, "__name__", "").startswith("cabinet.")
        and getattr(module, "text", None) is real
    ]
    for module in targets:
        monkeypatch.setattr(module, "text", spy)
    return seen, spy
