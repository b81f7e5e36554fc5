"""The ANTI-GRAVITY CPU opponent: its five levels and the pilot that plays one.

A CPU level sets how far the AI looks (``lookahead``, in pushes: 1 is this push
only, 2 adds the next push, whose blocks are on show, 3 also tries a third push
of every colour and so builds chains), how many frames pass between its inputs
and before it starts a move, and how often it slips to a merely good push.
The pilot presses the same switches as a person at the other
panel (see :class:`~cabinet.games.antigravity.pilot.AIPilot`), so a level's speed
is a real frame count on screen and in replays.
"""

from __future__ import annotations

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.pilot import AIPilot
from cabinet.games.cpu import CpuLevel, cpu_level

CPU_LEVELS: dict[int, CpuLevel] = {
    1: CpuLevel(1, lookahead=1, input_frames=18, think_frames=60, slip_percent=35),
    2: CpuLevel(2, lookahead=2, input_frames=13, think_frames=42, slip_percent=20),
    3: CpuLevel(3, lookahead=2, input_frames=10, think_frames=28, slip_percent=10),
    4: CpuLevel(4, lookahead=3, input_frames=7, think_frames=18, slip_percent=4),
    5: CpuLevel(5, lookahead=3, input_frames=5, think_frames=10, slip_percent=0),
}


def cpu_pilot(player: int, level: int, seed: int = 0) -> AIPilot:
    """A pilot that plays ``player``'s field at CPU ``level`` (1-5); ValueError for another level."""
    entry = cpu_level(CPU_LEVELS, level)
    ai = AntiGravityAI(seed=seed, lookahead=entry.lookahead, slip_percent=entry.slip_percent)
    return AIPilot(player, seed=seed, step_frames=entry.input_frames,
                   think_frames=entry.think_frames, ai=ai)
