"""The music's danger level in a two-player match: the player in more trouble sets it.

Each game says how close one player stands to the end (0 calm, 1 over) in its own
``danger`` module; pending stones, about to land, add to it.
"""

from __future__ import annotations

from collections.abc import Iterable

PENDING_WEIGHT = 0.3  # a full load of pending stones adds this much to a player's danger


def versus_danger(
    levels: Iterable[float], pending: Iterable[int] = (), full_load: int = 8
) -> float:
    """The higher of the players' levels, each raised by its pending stones (``full_load`` or more: the
    whole :data:`PENDING_WEIGHT`), in 0..1."""
    pending = list(pending)
    raised = [
        level
        + (PENDING_WEIGHT * min(1.0, pending[index] / full_load) if index < len(pending) else 0.0)
        for index, level in enumerate(levels)
    ]
    return min(1.0, max(raised, default=0.0))
