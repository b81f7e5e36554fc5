"""Which tray pieces still fit: the BLOCKS danger warning and the game-over marks."""

from __future__ import annotations

from .engine import piece_fits


def fitting_slots(game) -> tuple[bool | None, ...]:
    """Per tray slot: True if its piece fits somewhere (any turn, with rotation on), None if used."""
    return tuple(None if piece is None else piece_fits(game.board, piece, game.rotation) for piece in game.tray)


def in_danger(fits: tuple[bool | None, ...]) -> bool:
    """At most one tray piece still fits, and some piece left does not: one wrong move ends it."""
    left = [fit for fit in fits if fit is not None]
    return sum(left) <= 1 and not all(left)
