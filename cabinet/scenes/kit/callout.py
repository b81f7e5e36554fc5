"""Callouts: the few words over a board or field that say what just happened (points, a
streak, an attack, a cancel, stones landing), shared by both games' screens.

A board shows one callout at a time (:class:`Callouts`): a new one waits until the one
showing has been read, then takes its place, so "+245", "STREAK x3" and "ATTACK 3" never
pile up on one board. :func:`draw_callout` puts it on a dark plate edged in its colour, so
it reads over any block, grey stones and green blocks included, and at half resolution;
the plate goes where it covers the fewest of the blocks the player must see, nearest to
where the callout was earned, and never leaves the board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from cabinet.render import palette
from cabinet.render.text import fit_size, text, text_size
from cabinet.scenes.kit.widgets import READABLE

CALLOUT_FRAMES = 60  # how long a callout shows when nothing comes after it
READ_FRAMES = 30  # it shows at least this long before a newer one takes its place
WAITING = 2  # callouts that may wait their turn; an older one gives way to a newer
PAD_X, PAD_Y = 8, 4  # the plate round the words
STEP = 6  # pixels between two places tried for a plate
PLATE_ALPHA = 225  # nearly opaque: the blocks under it must not show through the letters
DETAIL_SIZE = 21  # the second line, read from 2 m
LINE_GAP = 2  # between the words and the detail: the words shrunk to a narrow field would touch it


@dataclass
class Callout:
    """``words`` (in ``colour``, at ``size``) and an optional ``detail`` line under them, in
    white, earned at pixel ``near``; shown after ``wait`` frames, for ``age`` frames so far."""

    words: str
    colour: tuple
    near: tuple[float, float]  # fractional where it is the middle of some cells
    size: int = 28
    detail: str = ""
    wait: int = 0
    age: int = 0
    rect: pygame.Rect | None = None  # where its plate went, once drawn (it then stays there)


class Callouts:
    """One board's callouts: at most one showing; :meth:`tick` once a frame."""

    def __init__(self):
        self.shown: Callout | None = None
        self.waiting: list[Callout] = []

    def say(self, callout: Callout, delay: int = 0) -> None:
        """Show ``callout`` once ``delay`` frames have passed and the one showing has been read."""
        callout.wait = delay
        self.waiting.append(callout)
        del self.waiting[:-WAITING]

    def tick(self) -> None:
        shown = self.shown
        if shown is not None:
            shown.age += 1
            if shown.age >= CALLOUT_FRAMES:
                self.shown = shown = None
        for callout in self.waiting:
            callout.wait = max(0, callout.wait - 1)
        ready = next((callout for callout in self.waiting if callout.wait == 0), None)
        if ready is not None and (shown is None or shown.age >= READ_FRAMES):
            self.waiting.remove(ready)
            self.shown = ready

    def clear(self) -> None:
        self.shown = None
        self.waiting = []


@lru_cache(maxsize=32)
def _plate(width: int, height: int, colour) -> pygame.Surface:
    plate = pygame.Surface((width, height), pygame.SRCALPHA)
    plate.fill((*palette.SHADOW, PLATE_ALPHA))
    pygame.draw.rect(plate, colour, plate.get_rect(), 2, border_radius=4)
    return plate


def plate_rect(
    words: str, size: int, detail: str, detail_size: int, bounds: pygame.Rect, near, avoid=()
) -> tuple[pygame.Rect, int, int]:
    """(the plate's rectangle, the words' size, the detail's size): the words fitted to
    ``bounds``, the plate inside it where it covers the fewest ``avoid`` rectangles, the
    nearest such place to ``near``."""
    room = bounds.width - 2 * PAD_X
    size = fit_size(words, size, room)
    if size < READABLE <= fit_size(words, READABLE, bounds.width - 4):
        size = READABLE  # a narrow field: a thinner plate, rather than words too small for 2 m
    width, height = text_size(words, size)
    if detail:
        detail_size = fit_size(detail, detail_size, room)
        detail_width, detail_height = text_size(detail, detail_size)
        width, height = max(width, detail_width), height + LINE_GAP + detail_height
    plate = pygame.Rect(
        0, 0, min(bounds.width, width + 2 * PAD_X), min(bounds.height, height + 2 * PAD_Y)
    )
    plate.center = near
    plate.clamp_ip(bounds)
    if avoid:
        start = plate.y
        tries = [
            start + sign * STEP * n for n in range(bounds.height // STEP + 1) for sign in (1, -1)
        ]
        places = [y for y in tries if bounds.y <= y <= bounds.bottom - plate.height]

        def covered(y: int) -> int:
            return len(plate.move(0, y - plate.y).collidelistall(avoid))

        plate.y = min(places, key=lambda y: (covered(y), abs(y - start)), default=start)
    return plate, size, detail_size


def draw_callout(
    surface: pygame.Surface,
    words: str,
    colour,
    size: int,
    bounds: pygame.Rect,
    near,
    detail: str = "",
    detail_size: int = DETAIL_SIZE,
    avoid=(),
) -> pygame.Rect:
    """Draw a callout on its plate (see :func:`plate_rect`); returns the plate's rectangle."""
    plate, size, detail_size = plate_rect(words, size, detail, detail_size, bounds, near, avoid)
    return draw_on_plate(surface, plate, words, colour, size, detail, detail_size)


def draw_on_plate(
    surface: pygame.Surface,
    plate: pygame.Rect,
    words: str,
    colour,
    size: int,
    detail: str = "",
    detail_size: int = DETAIL_SIZE,
) -> pygame.Rect:
    """The plate at ``plate`` and the words on it (the detail line under them)."""
    surface.blit(_plate(plate.width, plate.height, tuple(colour)), plate)
    top = text(surface, words, (plate.centerx, plate.y + PAD_Y), size, colour, "midtop")
    if detail:
        text(
            surface,
            detail,
            (top.centerx, top.bottom + LINE_GAP),
            detail_size,
            palette.WHITE,
            "midtop",
        )
    return plate


def draw_shown(
    surface: pygame.Surface,
    callouts: Callouts,
    bounds: pygame.Rect,
    avoid: Callable[[], Sequence[pygame.Rect]] = tuple,
) -> None:
    """The callout ``callouts`` shows, over ``bounds``: placed at its first drawing, clear of
    what ``avoid()`` gives (the rectangles of the blocks of that moment), and kept there, so
    it never jumps while read."""
    callout = callouts.shown
    if callout is None:
        return
    if callout.rect is None:
        callout.rect, callout.size, _ = plate_rect(
            callout.words, callout.size, callout.detail, DETAIL_SIZE, bounds, callout.near, avoid()
        )
    detail_size = (
        fit_size(callout.detail, DETAIL_SIZE, bounds.width - 2 * PAD_X)
        if callout.detail
        else DETAIL_SIZE
    )
    draw_on_plate(
        surface,
        callout.rect,
        callout.words,
        callout.colour,
        callout.size,
        callout.detail,
        detail_size,
    )
