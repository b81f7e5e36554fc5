"""The names of the sound effects a game's moments call for: a line clear, a chain step.

They live with the games, not with the synthesizer, so the frame-counted
animations below the screens can name their cue without loading numpy or
the audio device; :mod:`cabinet.audio.effects` makes one recipe per name.
"""

from __future__ import annotations

CLEAR_SIZES = range(1, 5)  # blocks_clear_1 .. blocks_clear_4 (4 = four or more lines)
CHAIN_STEPS = range(1, 9)  # ag_chain_1 .. ag_chain_8 (8 = eight or more)


def clear_effect(lines: int) -> str:
    """The effect for clearing ``lines`` lines at once: ``blocks_clear_4`` for four or more."""
    return f"blocks_clear_{min(max(lines, CLEAR_SIZES[0]), CLEAR_SIZES[-1])}"


def chain_effect(step: int) -> str:
    """The effect for chain step ``step`` (1 = the first clear): ``ag_chain_8`` from eight on."""
    return f"ag_chain_{min(max(step, CHAIN_STEPS[0]), CHAIN_STEPS[-1])}"
