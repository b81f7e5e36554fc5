"""Which tray pieces still fit: the BLOCKS danger warning and the game-over marks."""

from __future__ import annotations

from .engine import piece_fits


def fitting_slots(game) -> tuple[bool | None, ...]:
    """Per tray slot: True if its piece fits somewhere (any turn, with rotation on), None if used."""
    return tuple(
        None if piece is None else piece_fits(game.board, piece, game.rotation)
        for piece in game.tray
    )


def in_danger(fits: tuple[bool | None, ...]) -> bool:
    """At most one tray piece still fits, and some piece left does not: one wrong move ends it."""
    left = [fit for fit in fits if fit is not None]
    return sum(left) <= 1 and not all(left)


def music_danger(game) -> float:
    """How close the game stands to its end, 0..1, for the music to follow.

    1 when no tray piece fits (the game is over); 0.9 when one wrong move ends it
    (:func:`in_danger`, the fast tier); 0.7 when some piece has no place left;
    else by how full the board is, from a quarter full (0) to three quarters (0.8).
    """
    fits = [fit for fit in fitting_slots(game) if fit is not None]
    if game.game_over or (fits and not any(fits)):
        return 1.0
    by_fits = 0.9 if in_danger(tuple(fits)) else 0.7 if not all(fits) else 0.0
    filled = game.board.bit_count() / 64  # stones included: they fill cells too
    return max(by_fits, 0.8 * min(1.0, max(0.0, (filled - 0.25) / 0.5)))
