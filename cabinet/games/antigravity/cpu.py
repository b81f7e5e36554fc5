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

# A versus match is a race to the same target on the same blocks, so pace decides it
# almost alone: a level 8 % quicker than another beat it in 16 of 16 matches. So each
# level is only a few percent quicker than the one below, and looks further or slips
# less; the bench's CPU ladder ("versus") puts every step at 65-90 %. Level 1 is a
# rookie, slower than a newcomer's move every two seconds, who beats it.
CPU_LEVELS: dict[int, CpuLevel] = {
    1: CpuLevel(1, lookahead=1, input_frames=16, think_frames=110, slip_percent=35),
    2: CpuLevel(2, lookahead=2, input_frames=16, think_frames=107, slip_percent=30),
    3: CpuLevel(3, lookahead=2, input_frames=15, think_frames=102, slip_percent=25),
    4: CpuLevel(4, lookahead=3, input_frames=15, think_frames=99, slip_percent=15),
    5: CpuLevel(5, lookahead=3, input_frames=14, think_frames=97, slip_percent=0),
}


def cpu_pilot(player: int, level: int, seed: int = 0, pace: dict | None = None) -> AIPilot:
    """A pilot that plays ``player``'s field at CPU ``level`` (1-5); ValueError for another level.

    ``pace``: ``step_frames`` and ``think_frames`` to press at instead of the level's own
    (attract's versus demo is quicker than a person, to show attacks within its slot).
    """
    entry = cpu_level(CPU_LEVELS, level)
    ai = AntiGravityAI(seed=seed, lookahead=entry.lookahead, slip_percent=entry.slip_percent)
    pace = pace or dict(step_frames=entry.input_frames, think_frames=entry.think_frames)
    return AIPilot(player, seed=seed, ai=ai, **pace)
