"""What the BLOCKS AI weighs in versus: attacks it can send, stones it can cancel or take.

A CPU at a versus panel sees what a person there sees (:class:`Sight`): its own
pending meter and streak, the opponent's board and meter, its own handicap. The
tray search follows each path's streak and pending stones with :class:`VersusGains`,
so a plan that clears lines together, keeps a streak or cancels an attack wins over
one that only keeps the board tidy, and stones that would land cost what they do.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .search import Gains
from .versus import LINES, LINES_MANY, STREAK_CAP, WIPE_OUT_ATTACK

_ATTACK_BY_LINES = np.array(list(LINES) + [LINES_MANY] * 12, dtype=np.int64)  # index: lines (0-16)


@dataclass(frozen=True)
class Sight:
    """A versus panel's view, besides the player's own board and tray."""

    pending: int = 0  # stones on this player's meter
    opponent_board: int = 0  # the other board, as a mask
    opponent_pending: int = 0  # stones on the other player's meter
    attack_percent: int = 100  # this player's handicap
    land_max: int = 8


def sight_of(match, player: int) -> Sight:
    """What ``player`` sees of a :class:`~cabinet.games.blocks.versus.BlocksVersus` match."""
    other = 3 - player
    return Sight(
        match.pending(player),
        match.game(other).board,
        match.pending(other),
        match.attack_percent[player - 1],
        match.land_max,
    )


@dataclass(frozen=True)
class Values:
    """Cost units (those of :class:`~cabinet.games.blocks.evaluate.Evaluator`) of versus events.

    Each pending stone ends a plan in one of three ways: landed during it (``stone``),
    still pending (``deferred``: it will land later unless cancelled) or cancelled (free).
    """

    line: float = 0.5  # per line cleared, as in the one-player search
    stone: float = 6.0  # a stone that lands during the plan (random cells hurt)
    deferred: float = 4.0  # a stone still pending when the plan ends
    send: float = 2.0  # a stone sent to an opponent with room to spare ...
    send_danger: float = 6.0  # ... plus this much more on a full, threatened opponent


class VersusGains(Gains):
    """Per path: streak and pending stones carried; attacks, cancels and landings valued."""

    def __init__(self, sight: Sight, streak: int, values: Values = Values()):
        super().__init__(values.line)
        self.sight = sight
        self.streak = streak
        self.values = values
        danger = min(1.0, (sight.opponent_board.bit_count() + sight.opponent_pending) / 64)
        self.send_value = values.send + values.send_danger * danger

    def start(self) -> np.ndarray:
        return np.array([[self.streak, self.sight.pending]], dtype=np.int64)

    def step(self, lines: np.ndarray, after: np.ndarray, carry: np.ndarray):
        v, sight = self.values, self.sight
        lines = lines.astype(np.int64)
        streak, pending = carry[:, 0], carry[:, 1]
        clearing = lines > 0
        attack = (
            _ATTACK_BY_LINES[lines]
            + np.minimum(streak, STREAK_CAP)
            + WIPE_OUT_ATTACK * (after == 0)
        )
        attack = np.where(clearing, attack * sight.attack_percent // 100, 0)
        cancelled = np.minimum(attack, pending)
        landed = np.where(clearing, 0, np.minimum(pending, sight.land_max))
        left = pending - cancelled - landed
        # relative to every pending stone staying pending (a cost the same for every path)
        gain = (
            v.line * lines
            + self.send_value * (attack - cancelled)
            + v.deferred * cancelled
            - (v.stone - v.deferred) * landed
        )
        carry = np.stack([np.where(clearing, streak + 1, 0), left], axis=1)
        return gain, carry
