"""What a CPU opponent's level means, for both games.

A level is a small set of numbers a game's CPU reads: how far its AI looks
ahead, how many frames it waits between two inputs, and how often it settles
for a merely good move instead of the best one. Level 1 is the weakest and 5
the strongest. Each game keeps its own table (``CPU_LEVELS`` in its
``cpu`` module) so the numbers can be tuned per game, and both tables are
read through :func:`cpu_level`.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class CpuLevel:
    """The numbers behind one CPU level.

    ``lookahead``: how far the AI searches (the game says in what unit).
    ``input_frames``: frames between two inputs (a cursor step, a press).
    ``think_frames``: frames before the first input of a new move.
    ``slip_percent``: chance, in percent, of taking a merely good move.
    """

    level: int
    lookahead: int
    input_frames: int
    think_frames: int
    slip_percent: int


def cpu_level(table: dict[int, CpuLevel], level: int) -> CpuLevel:
    """The entry for ``level`` in a game's table; ValueError for a level outside 1-5."""
    if level not in table:
        raise ValueError(f"CPU level {level!r} is not one of {sorted(table)}")
    return table[level]
