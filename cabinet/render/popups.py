"""Rising messages over a board (points, streaks, attacks) that never cover each other.

Every popup rises one pixel a frame once its delay has passed, up to the top of
its board, never over the words above it (a score, DANGER). A new one is
slid up or down from where it was earned until, over its whole life, it
crosses no popup still showing: two messages earned together read one above
the other instead of one through the other. Where a board is too busy for
that (a fast player's clears), the oldest popups over it make way for the new.
"""

from __future__ import annotations

import pygame

from cabinet.render.text import text, text_size

POPUP_FRAMES = 50
GAP = 4  # clear pixels kept between two popups
STEP = 6  # how far each try slides a new popup from where it was earned
TRIES = 40  # slides each way before it gives up and stays where it was earned
SAMPLE = 2  # frames between two looks ahead (a popup rises 1 px a frame; GAP covers the rest)


class Popup:
    """A short rising message: points earned, a streak, a wipe-out.

    ``delay`` frames pass before it shows (points of a clear wait for the cells to break).
    """

    def __init__(self, words: str, colour, pos, size: int = 28, delay: int = 0):
        self.words, self.colour, self.pos, self.size = words, colour, pos, size
        self.age = -delay
        self.ceiling = 0  # it rises no higher than this y (the top of its board)


def popup_rect(popup: Popup, age: int | None = None) -> pygame.Rect | None:
    """Where ``popup`` shows at ``age`` (default: now); None while it waits or after it is gone."""
    age = popup.age if age is None else age
    if age < 0 or age >= POPUP_FRAMES:
        return None
    width, height = text_size(popup.words, popup.size)
    x, y = popup.pos
    bottom = max(y - age, popup.ceiling + height)  # rising, but never over what is above its board
    return pygame.Rect(x - width // 2, bottom - height, width, height)


def _free(new: Popup, ahead: list[list[pygame.Rect]]) -> bool:
    """``new`` touches none of the rectangles ``ahead`` holds for each sampled frame to come."""
    for index, others in enumerate(ahead):
        mine = popup_rect(new, new.age + index * SAMPLE)
        if mine is not None and others and mine.inflate(GAP, GAP).collidelist(others) != -1:
            return False
    return True


def settle(popups: list[Popup], new: Popup, bounds: pygame.Rect) -> Popup:
    """Add ``new`` to ``popups`` at the free place nearest where it was earned, inside ``bounds``
    (which it never leaves, even rising). Where nowhere is free, the oldest popup over ``bounds``
    goes (one at a time, until a place is free), so the newest message always reads."""
    new.ceiling = bounds.y
    width, height = text_size(new.words, new.size)
    x = min(max(new.pos[0], bounds.x + width // 2), bounds.right - width // 2)
    y0 = min(max(new.pos[1], bounds.y + height), bounds.bottom)
    while not _place(new, popups, x, y0, height, bounds):
        oldest = max((other for other in popups if _over(other, bounds)), key=lambda other: other.age, default=None)
        if oldest is None:  # nothing of this board left to remove: stay where it was earned
            new.pos = (x, y0)
            break
        popups.remove(oldest)
    popups.append(new)
    return new


def _over(popup: Popup, bounds: pygame.Rect) -> bool:
    """``popup`` shows (or will) over ``bounds``: it was settled on that board."""
    x, y = popup.pos
    return bounds.x <= x <= bounds.right and bounds.y <= y <= bounds.bottom


def _place(new: Popup, popups: list[Popup], x: int, y0: int, height: int, bounds: pygame.Rect) -> bool:
    """Slide ``new`` to the free place nearest ``y0``; False when there is none."""
    # Where the others will be, every few frames of the new one's life: worked out once.
    ahead = [
        [rect for other in popups if (rect := popup_rect(other, other.age + later)) is not None]
        for later in range(0, POPUP_FRAMES - new.age, SAMPLE)
    ]
    slides = [0] + [sign * STEP * n for n in range(1, TRIES + 1) for sign in (-1, 1)]
    for y in (y0 + slide for slide in slides):
        if bounds.y + height <= y <= bounds.bottom:
            new.pos = (x, y)
            if _free(new, ahead):
                return True
    return False


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
