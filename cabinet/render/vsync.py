"""Whether the screen's flips wait for the monitor's refresh (vsync), judged by measuring them.

Asking SDL for vsync proves nothing: a driver may accept the request and
ignore it (the dummy driver, some KMS setups, a compositor). So the display
flips a few frames back to back and times them: with vsync honoured the flips
come at the monitor's refresh interval, evenly; without it they come as fast
as the copy allows, or unevenly.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

FLIPS = 24  # back-to-back flips measured (0.4 s at 60 Hz)
SHORTEST, LONGEST = 1 / 250, 1 / 23  # refresh intervals a real monitor may have (250 Hz .. 23 Hz)
EVEN = 0.15  # with vsync, most intervals lie within 15 % of the median ...
EVEN_SHARE = 0.75  # ... at least this share of them


@dataclass(frozen=True)
class Reading:
    """What the flips said: honoured or not, the median interval (s), and its rate (Hz)."""

    honoured: bool
    interval: float

    @property
    def hz(self) -> float:
        return 1 / self.interval if self.interval > 0 else float("inf")

    def describe(self) -> str:
        how = "honoured" if self.honoured else "not honoured"
        return f"{how}: flips every {1000 * self.interval:.2f} ms ({self.hz:.1f} Hz) back to back"


def judge(intervals: list[float]) -> Reading:
    """The reading for measured intervals between flips (seconds)."""
    if not intervals:
        return Reading(False, 0.0)
    median = statistics.median(intervals)
    even = sum(abs(i - median) <= EVEN * median for i in intervals) / len(intervals)
    return Reading(SHORTEST <= median <= LONGEST and even >= EVEN_SHARE, median)


def measure(flip: Callable[[], None], flips: int = FLIPS, clock=time.perf_counter) -> Reading:
    """Call ``flip`` ``flips + 1`` times back to back and judge the intervals between them."""
    flip()  # the first one lines up with the refresh; not counted
    stamps = [clock()]
    for _ in range(flips):
        flip()
        stamps.append(clock())
    return judge([b - a for a, b in zip(stamps, stamps[1:])])
