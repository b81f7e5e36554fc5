"""ANTI-GRAVITY in attract mode: CPU levels' AI on every field, at a pace a watcher follows."""

from __future__ import annotations

from cabinet.games.antigravity.ai import AntiGravityAI
from cabinet.games.antigravity.cpu import CPU_LEVELS, cpu_pilot
from cabinet.games.antigravity.pilot import AIPilot
from cabinet.games.names import Mode

DEMO_PACE = dict(step_frames=5, think_frames=14)  # brisk, yet a watcher follows the cursor
DEMO_LEVEL = 5  # attract shows the top CPU level's AI: it builds the longest chains


def demo_pilots(seed: int, mode: str = Mode.SINGLE) -> list[AIPilot]:
    """The pilots of an attract-mode demo: the top CPU level's AI on every field, at a pace
    a watcher can follow."""
    lookahead = CPU_LEVELS[DEMO_LEVEL].lookahead
    players = (1, 2) if mode == Mode.VERSUS else (1,)
    return [
        AIPilot(
            player,
            seed=seed + player - 1,
            ai=AntiGravityAI(seed=seed + player - 1, lookahead=lookahead),
            **DEMO_PACE,
        )
        for player in players
    ]


def demo_versus_pilots(levels: dict[int, int], seed: int) -> list[AIPilot]:
    """The pilots of attract's versus demo: CPU ``levels`` ({player: level}) at the demo's pace.

    A level's own pace is a person's, a push every two seconds or so (the CPU ladder needs
    it): too slow for chains and attacks to show within a demo's slot.
    """
    return [cpu_pilot(player, levels[player], seed + player, pace=DEMO_PACE) for player in (1, 2)]
