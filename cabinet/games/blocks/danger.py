"""Which tray pieces still fit: the BLOCKS danger warning and the game-over marks."""

from __future__ import annotations

from .engine import fits_anywhere
from .pieces import orientations


def fitting_slots(game) -> tuple[bool | None, ...]:
    """Per tray slot: True if its piece fits somewhere (any turn, with rotation on), None if used."""
    found = []
    for piece in game.tray:
        if piece is None:
            found.append(None)
            continue
        turns = orientations(piece) if game.rotation else [(0, piece)]
        found.append(any(fits_anywhere(game.board, turned) for _, turned in turns))
    return tuple(found)


def in_danger(fits: tuple[bool | None, ...]) -> bool:
    """At most one tray piece still fits, and some piece left does not: one wrong move ends it."""
    left = [fit for fit in fits if fit is not None]
    return sum(left) <= 1 and not all(left)
