"""Rising messages over a board (points, streaks, attacks) that never cover each other.

Every popup rises one pixel a frame once its delay has passed, up to the top of
its board, never over the words above it (a score, DANGER). A new one is
slid up or down from where it was earned until, over its whole life, it
crosses no popup still showing: two messages earned together read one above
the other instead of one through the other.
"""

from __future__ import annotations

import pygame

from cabinet.render import text
from cabinet.render.text import text_size

POPUP_FRAMES = 50
GAP = 4           # clear pixels kept between two popups
STEP = 6          # how far each try slides a new popup from where it was earned
TRIES = 40        # slides each way before it settles on the least crowded place


class Popup:
    """A short rising message: points earned, a streak, a wipe-out.

    ``delay`` frames pass before it shows (points of a clear wait for the cells to break).
    """

    def __init__(self, words: str, colour, pos, size: int = 28, delay: int = 0):
        self.words, self.colour, self.pos, self.size = words, colour, pos, size
        self.age = -delay
        self.ceiling = 0     # it rises no higher than this y (the top of its board)


def popup_rect(popup: Popup, age: int | None = None) -> pygame.Rect | None:
    """Where ``popup`` shows at ``age`` (default: now); None while it waits or after it is gone."""
    age = popup.age if age is None else age
    if age < 0 or age >= POPUP_FRAMES:
        return None
    width, height = text_size(popup.words, popup.size)
    x, y = popup.pos
    bottom = max(y - age, popup.ceiling + height)    # rising, but never over what is above its board
    return pygame.Rect(x - width // 2, bottom - height, width, height)


def _clashes(new: Popup, others: list[Popup]) -> int:
    """Frames in which ``new`` would touch one of ``others``."""
    clashes = 0
    for later in range(-new.age, POPUP_FRAMES):
        mine = popup_rect(new, new.age + later)
        if mine is None:
            continue
        mine = mine.inflate(GAP, GAP)
        clashes += sum(1 for other in others
                       if (theirs := popup_rect(other, other.age + later)) is not None and mine.colliderect(theirs))
    return clashes


def settle(popups: list[Popup], new: Popup, bounds: pygame.Rect) -> Popup:
    """Add ``new`` to ``popups`` at the free place nearest where it was earned, inside ``bounds``
    (which it never leaves, even rising)."""
    new.ceiling = bounds.y
    width, height = text_size(new.words, new.size)
    x = min(max(new.pos[0], bounds.x + width // 2), bounds.right - width // 2)
    y0 = min(max(new.pos[1], bounds.y + height), bounds.bottom)
    best, fewest = (x, y0), None
    for slide in [0] + [sign * STEP * n for n in range(1, TRIES + 1) for sign in (-1, 1)]:
        y = y0 + slide
        if not bounds.y + height <= y <= bounds.bottom:
            continue
        new.pos = (x, y)
        clashes = _clashes(new, popups)
        if fewest is None or clashes < fewest:
            best, fewest = (x, y), clashes
        if not clashes:
            break
    new.pos = best
    popups.append(new)
    return new


def age_popups(popups: list[Popup]) -> list[Popup]:
    """One frame on: the popups still showing."""
    for popup in popups:
        popup.age += 1
    return [popup for popup in popups if popup.age < POPUP_FRAMES]


def draw_popups(surface: pygame.Surface, popups: list[Popup]) -> None:
    for popup in popups:
        rect = popup_rect(popup)
        if rect is not None:
            text(surface, popup.words, rect.midbottom, popup.size, popup.colour, "midbottom")
