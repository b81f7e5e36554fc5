"""The newcomer: a bench pilot that plays as a person new to the cabinet does, in both games.

A newcomer looks one move ahead and takes the move that looks best now (no plan, no
slips, no misjudging: greedy), and makes about one move every two seconds: a long
look at the field before the first press, then unhurried presses. The CPU ladder's
first step is measured against it: level 1 is a rookie only if a newcomer beats it.
"""

from __future__ import annotations

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.pilot import AIPilot
from cabinet.games.blocks.ai import BlocksAI, Style
from cabinet.games.blocks.pilot import BlocksDemoPilot

# About two seconds a move at 60 frames a second: the look, then a press every STEP_FRAMES
# (a move takes two or three presses on average).
THINK_FRAMES = 96
STEP_FRAMES = 10

# One piece at a time, judged plainly, ignoring what attacks and pending stones mean.
GREEDY_BLOCKS = Style(
    depth=1,
    width=8,
    refine_top=0,
    line_bonus=0.5,
    noise=0.0,
    slip_percent=0,
    follow_plan=False,
    tactics=None,
)


def antigravity_newcomer(player: int, seed: int = 0) -> AIPilot:
    """A newcomer at ANTI-GRAVITY's panel ``player``: this push only, the best it sees."""
    ai = AntiGravityAI(seed=seed, lookahead=1, slip_percent=0)
    return AIPilot(player, seed=seed, step_frames=STEP_FRAMES, think_frames=THINK_FRAMES, ai=ai)


def blocks_newcomer(player: int, seed: int = 0) -> BlocksDemoPilot:
    """A newcomer at BLOCKS' panel ``player``: one piece at a time, the best place it sees."""
    ai = BlocksAI(seed=seed, level="newcomer", style=GREEDY_BLOCKS)
    return BlocksDemoPilot(
        player=player,
        ai=ai,
        think_frames=THINK_FRAMES,
        move_frames=STEP_FRAMES,
        aim_frames=STEP_FRAMES,
    )
