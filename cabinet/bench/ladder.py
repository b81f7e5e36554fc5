"""The CPU ladder's figures, for both games' parts of the bench section "versus".

A step of the ladder is a set of seeded matches of one pilot against the level below
it. A person climbs a ladder whose every step is won often but not always: the step's
share of matches won should lie in :data:`STEP_TARGET`, reported with its spread (the
standard error of that share, from the number of matches), so a share near an edge
reads as the coin toss it may be.
"""

from __future__ import annotations

from cabinet.bench import Figure

STEP_TARGET = "65..90"  # percent of matches the stronger side wins
NEWCOMER_TARGET = ">= 60"  # a newcomer beats level 1: level 1 is a rookie


def step_figures(name: str, wins: list[bool], target: str = STEP_TARGET) -> list[Figure]:
    """``name``'s share of ``wins`` in percent, against ``target``, and its spread."""
    share = sum(wins) / len(wins)
    spread = (share * (1 - share) / len(wins)) ** 0.5
    return [
        Figure(name, 100 * share, "%", target),
        Figure(f"{name}: spread of {len(wins)} matches", 100 * spread, "%"),
    ]
