"""The AI's thinking time per frame: the clock the pure pilots may not keep themselves.

A game scene with AI pilots keeps one :class:`ThinkingTime`, calls
:meth:`ThinkingTime.new_frame` at the start of each update, and lends it to its
pilots (``scene.thinking_time``, read by their ``bind``). Every thought of that
frame, both panels' together, then runs its slices within :data:`THINKING_MS` of
the wall clock: the frame never waits for the AI; a late thought makes its pilot
wait instead (see :mod:`cabinet.games.thought`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

# Thinking per frame, in ms of the wall clock. A Pi 4 draws a busy game frame in about
# 5-8 ms of its 16.7; this leaves the rest of the frame to everything else.
THINKING_MS = 5.0


class ThinkingTime:
    """The thinking time of one frame (a :class:`cabinet.games.thought.Budget`).

    ``ms`` of ``clock`` (seconds, :func:`time.perf_counter` by default) per frame.
    A slice starts only if it is likely to end within the frame's time, judged by
    the last slice; the first slice of a frame always runs, so a thought on a
    machine slower than its slices still ends.
    """

    def __init__(self, ms: float = THINKING_MS, clock: Callable[[], float] = time.perf_counter):
        self.limit = ms / 1000
        self.clock = clock
        self.used = 0.0  # seconds spent thinking this frame
        self.slices = 0  # slices run this frame
        self.last_slice = 0.0  # seconds the last slice took

    def new_frame(self) -> None:
        """A new frame begins: its full time is available again."""
        self.used = 0.0
        self.slices = 0

    def spend(self, step: Callable[[], object]) -> bool:
        """Run ``step`` if this frame's time allows it, and count its time; False if not run."""
        if self.slices and self.used + self.last_slice > self.limit:
            return False
        start = self.clock()
        try:
            step()
        finally:
            self.last_slice = self.clock() - start
            self.used += self.last_slice
            self.slices += 1
        return True
