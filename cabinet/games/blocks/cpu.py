"""The BLOCKS CPU opponent: its five levels and the pilot that plays one.

A level sets how far the AI looks (``lookahead``, in pieces: 1 places one piece
at a time, 2 plans two together, 3 the whole tray, 4 the whole tray and one random
piece beyond it), how many frames pass between its presses and before it starts a
move, and how often it slips to a merely good plan. The lower levels also misjudge
boards a little and ignore what their attacks and the pending stones mean. The
pilot presses the same switches as a person at that panel
(:class:`~cabinet.games.blocks.pilot.BlocksDemoPilot`), so a level's speed is a
real frame count on screen and in replays.
"""

from __future__ import annotations

from cabinet.games.cpu import CpuLevel, cpu_level

from .ai import BlocksAI, Style
from .pilot import BlocksDemoPilot
from .tactics import Values

# Level 1 stands for a beginner, at a beginner's pace: two seconds looking at the tray and
# the board before the cursor moves (a first-time player reads every piece; 40 frames was a
# regular's glance, and ended its games in a minute where a beginner's credit lasts longer).
# Level 3 thinks a little longer and level 4 slips less than they did: level 4 beat level 3
# in only 62.5 % of the bench's ladder matches; now 75 %, every step 65-90 %.
CPU_LEVELS: dict[int, CpuLevel] = {
    1: CpuLevel(1, lookahead=1, input_frames=16, think_frames=120, slip_percent=30),
    2: CpuLevel(2, lookahead=2, input_frames=12, think_frames=30, slip_percent=20),
    3: CpuLevel(3, lookahead=3, input_frames=10, think_frames=29, slip_percent=12),
    4: CpuLevel(4, lookahead=3, input_frames=6, think_frames=14, slip_percent=2),
    5: CpuLevel(5, lookahead=4, input_frames=3, think_frames=6, slip_percent=0),
}

# How each level searches and judges, besides its lookahead and slips.
_WIDTH = {1: 8, 2: 24, 3: 80, 4: 200, 5: 300}
_NOISE = {1: 2.0, 2: 1.2, 3: 0.8, 4: 0.0, 5: 0.0}
_TACTICS_FROM = 3  # levels from here on weigh attacks and pending stones


def cpu_style(level: int) -> Style:
    """The :class:`Style` of CPU ``level`` (1-5); ValueError for another level."""
    entry = cpu_level(CPU_LEVELS, level)
    return Style(
        depth=min(entry.lookahead, 3),
        width=_WIDTH[level],
        refine_top=8 if entry.lookahead > 3 else 0,
        line_bonus=0.5,
        noise=_NOISE[level],
        slip_percent=entry.slip_percent,
        tactics=Values() if level >= _TACTICS_FROM else None,
    )


def cpu_pilot(player: int, level: int, seed: int = 0) -> BlocksDemoPilot:
    """A pilot that plays ``player``'s board at CPU ``level`` (1-5); ValueError for another level."""
    entry = cpu_level(CPU_LEVELS, level)
    ai = BlocksAI(seed=seed, level=f"cpu {level}", style=cpu_style(level))
    return BlocksDemoPilot(
        player=player,
        ai=ai,
        think_frames=entry.think_frames,
        move_frames=entry.input_frames,
        aim_frames=entry.input_frames,
    )
